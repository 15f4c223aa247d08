"""Named random streams derived from a game's seed.

Every outcome is a function of (seed, stream name) only: SHA-256 in counter mode with
rejection sampling, so no Python upgrade or platform can change a draw. A golden test
pins the outputs.
"""

from __future__ import annotations

import hashlib
from typing import Sequence, TypeVar

T = TypeVar("T")

_DOMAIN = b"planets-log/rng/1\x00"
_TWO64 = 1 << 64


class Stream:
    """A deterministic stream of random choices, named within a seed."""

    __slots__ = ("_key", "_counter", "_buf")

    def __init__(self, seed: int, name: str):
        self._key = hashlib.sha256(_DOMAIN + str(int(seed)).encode() + b"\x00" + name.encode()).digest()
        self._counter = 0
        self._buf = b""

    def _take(self, n: int) -> bytes:
        while len(self._buf) < n:
            block = hashlib.sha256(self._key + self._counter.to_bytes(8, "big")).digest()
            self._buf += block
            self._counter += 1
        out, self._buf = self._buf[:n], self._buf[n:]
        return out

    def below(self, n: int) -> int:
        """A uniform integer in [0, n)."""
        if n <= 0:
            raise ValueError(f"below() needs a positive bound, got {n}")
        limit = _TWO64 - (_TWO64 % n)
        while True:
            x = int.from_bytes(self._take(8), "big")
            if x < limit:
                return x % n

    def choice(self, items: Sequence[T]) -> T:
        """One item, uniformly."""
        return items[self.below(len(items))]

    def shuffled(self, items: Sequence[T]) -> list[T]:
        """A Fisher-Yates shuffled copy."""
        out = list(items)
        for i in range(len(out) - 1, 0, -1):
            j = self.below(i + 1)
            out[i], out[j] = out[j], out[i]
        return out

    def sample(self, items: Sequence[T], k: int) -> list[T]:
        """k distinct positions of items, in draw order."""
        return self.shuffled(items)[:k] if k < len(items) else self.shuffled(items)


def rng(seed: int, name: str) -> Stream:
    """The stream called `name` of the game seeded with `seed`."""
    return Stream(seed, name)


def chance_stream(seed: int, index: int) -> Stream:
    """The stream a seeded game's index-th chance outcome is drawn from."""
    return Stream(seed, f"chance/{index}")
