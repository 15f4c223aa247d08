"""Named random streams derived from a game's seed.

Every outcome is a function of (seed, stream name, stream version) only: SHA-256 in
counter mode with rejection sampling, so no Python upgrade or platform can change a draw.
Golden tests pin the outputs of each version.

Versions: 1 draws a sample of k by shuffling the whole sequence and taking its first k;
2 (recorded in the header as `"rng": 2`) runs only the first k steps of a Fisher-Yates
shuffle, so it takes k words instead of len - 1. Records without the field are version 1.
"""

from __future__ import annotations

import hashlib
import itertools
import struct
from functools import lru_cache
from operator import methodcaller
from typing import Any, Iterator, Sequence, TypeVar

T = TypeVar("T")

_DOMAIN = b"planets-log/rng/1\x00"
VERSIONS = (1, 2)
NEWEST = 2
DEFAULT = 2
"""The version new seeded records are written with (the golden fixtures pin 1, and keep their bytes)."""
_TWO64 = 1 << 64
_BLOCK_WORDS = struct.Struct(">4Q")
"""A SHA-256 block read as four big-endian 64-bit words; each draw takes one word (rejection may take more)."""
_COUNTER = struct.Struct(">Q")
_DIGEST = methodcaller("digest")


def _words(key: bytes) -> Iterator[int]:
    """The stream's 64-bit words: SHA-256(key + counter) blocks, each read as four big-endian words.

    Built from C iterators only (no Python frame per word or per block): a seeded game's
    validation draws every chance outcome again, and a deal takes dozens of words.
    """
    blocks = map(hashlib.sha256, map(key.__add__, map(_COUNTER.pack, itertools.count())))
    return itertools.chain.from_iterable(map(_BLOCK_WORDS.unpack, map(_DIGEST, blocks)))


@lru_cache(maxsize=256)
def _seeded(seed: int) -> Any:
    """A SHA-256 already fed the domain and the seed: a game's streams differ only by name."""
    return hashlib.sha256(_DOMAIN + str(int(seed)).encode() + b"\x00")


class Stream:
    """A deterministic stream of random choices, named within a seed."""

    __slots__ = ("_words", "version")

    def __init__(self, seed: int, name: str, version: int = 1):
        if version not in VERSIONS:
            raise ValueError(f"unknown random-stream version {version}")
        hasher = _seeded(seed).copy()  # SHA-256(domain + seed + NUL + name), the seed's part hashed once
        hasher.update(name.encode())
        key = hasher.digest()
        self._words = _words(key)
        self.version = version

    def below(self, n: int) -> int:
        """A uniform integer in [0, n)."""
        if n <= 0:
            raise ValueError(f"below() needs a positive bound, got {n}")
        limit = _TWO64 - (_TWO64 % n)
        while True:
            word = next(self._words)
            if word < limit:
                return word % n

    def choice(self, items: Sequence[T]) -> T:
        """One item, uniformly."""
        return items[self.below(len(items))]

    def shuffled(self, items: Sequence[T]) -> list[T]:
        """A Fisher-Yates shuffled copy."""
        out = list(items)
        n = len(out)
        for i, j in zip(range(n - 1, 0, -1), self._draws(range(n, 1, -1))):  # below(i + 1) for each i
            out[i], out[j] = out[j], out[i]
        return out

    def sample(self, items: Sequence[T], k: int) -> list[T]:
        """k distinct positions of items, in draw order."""
        if self.version == 1:
            return self.shuffled(items)[:k] if k < len(items) else self.shuffled(items)
        out, n = list(items), len(items)
        # the first k steps of a Fisher-Yates shuffle: k words, not n - 1 (below(n - i) for each i)
        for i, j in enumerate(self._draws(range(n, n - min(k, n), -1))):
            j += i
            out[i], out[j] = out[j], out[i]
        return out[:k]

    def _draws(self, bounds: range) -> list[int]:
        """One `below(b)` for each bound in turn: the words drawn at once, checked against their limits in C.

        A word at or over its limit (odds under 2**-50 for a bound of a few thousand) is drawn again, as
        `below` does: then the draws are made one by one, from the words already taken and on.
        """
        if not bounds:
            return []
        words = list(itertools.islice(self._words, len(bounds)))
        if bounds[0] <= _SMALL and all(map(int.__lt__, words, map(_LIMITS.__getitem__, bounds))):
            return list(map(int.__mod__, words, bounds))
        self._words = itertools.chain(words, self._words)
        return [self.below(b) for b in bounds]


_SMALL = 4096
_LIMITS = tuple(_TWO64 - (_TWO64 % b) if b else 0 for b in range(_SMALL + 1))
"""below(b)'s rejection limit for each bound up to _SMALL: the largest multiple of b that fits in 64 bits."""


def rng(seed: int, name: str, version: int = 1) -> Stream:
    """The stream called `name` of the game seeded with `seed`."""
    return Stream(seed, name, version)


def chance_stream(seed: int, index: int, version: int = 1) -> Stream:
    """The stream a seeded game's index-th chance outcome is drawn from."""
    return Stream(seed, f"chance/{index}", version)
