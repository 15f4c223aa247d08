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


def _words(key: bytes) -> Iterator[int]:
    """The stream's 64-bit words: SHA-256(key + counter) blocks, each read as four big-endian words."""
    for counter in itertools.count():
        yield from _BLOCK_WORDS.unpack(hashlib.sha256(key + counter.to_bytes(8, "big")).digest())


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
        out, words = list(items), self._words
        for i in range(len(out) - 1, 0, -1):
            limit = _TWO64 - (_TWO64 % (i + 1))  # below(i + 1), inlined: a deal makes dozens of draws
            word = next(words)
            while word >= limit:
                word = next(words)
            j = word % (i + 1)
            out[i], out[j] = out[j], out[i]
        return out

    def sample(self, items: Sequence[T], k: int) -> list[T]:
        """k distinct positions of items, in draw order."""
        if self.version == 1:
            return self.shuffled(items)[:k] if k < len(items) else self.shuffled(items)
        n, words = len(items), self._words
        if k == 1 and n:  # one draw (a card off a pile): the first step alone, without copying the pile
            return [items[self.below(n)]]
        out = list(items)
        for i in range(min(k, n)):  # the first k steps of a Fisher-Yates shuffle: k words, not n - 1
            limit = _TWO64 - (_TWO64 % (n - i))  # below(n - i), inlined
            word = next(words)
            while word >= limit:
                word = next(words)
            j = i + word % (n - i)
            out[i], out[j] = out[j], out[i]
        return out[:k]


def rng(seed: int, name: str, version: int = 1) -> Stream:
    """The stream called `name` of the game seeded with `seed`."""
    return Stream(seed, name, version)


def chance_stream(seed: int, index: int, version: int = 1) -> Stream:
    """The stream a seeded game's index-th chance outcome is drawn from."""
    return Stream(seed, f"chance/{index}", version)
