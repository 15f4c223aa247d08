"""The child of the SIGKILL tests: appends notes in a loop and reports each acknowledged one.

Run as `python -m tests.durability.appender LOG MODE SEED` (a fresh interpreter) or call
`run(...)` in a forked child. It writes to `out` (stdout or a pipe), one line per message,
each in a single write so the parent never sees half a message:

    ready                 the Recorder has replayed the record
    W <seq> <bytes>       (MODE ending in "-targeted") a write of the append is about to start
    A <seq> <sha256>      the append of line <seq> returned: it is acknowledged

The parent kills the child with SIGKILL at a random moment and checks that every
acknowledged line is in the file with exactly those bytes.
"""

from __future__ import annotations

import hashlib
import os
import random
import sys


def _text(rng: random.Random, mode: str) -> str:
    if mode.startswith("big"):
        size = rng.randint(2_000_000, 6_000_000)  # several MB: the write is torn by a kill
    elif rng.random() < 0.1:
        size = rng.randint(10_000, 300_000)  # spans many pages
    else:
        size = rng.randint(0, 300)
    return os.urandom(size // 2 + 1).hex()[:size] + rng.choice(["", " \u2028 caf\u00e9", " \U0001fa90"])


class _Announce:
    """Stands in for `os` inside planets_log.record.lines: says "W" before each write."""

    def __init__(self, real, out: int, rec):
        self._real, self._out, self._rec = real, out, rec

    def __getattr__(self, name):
        return getattr(self._real, name)

    def write(self, fd, data):
        self._real.write(self._out, f"W {self._rec.pos.seq + 1} {len(data)}\n".encode())
        return self._real.write(fd, data)


def run(path: str, mode: str, seed: int, out: int) -> None:
    from planets_log.record import lines as record
    from planets_log.engine.recorder import Recorder

    rng = random.Random(seed)
    rec = Recorder(path)
    os.write(out, b"ready\n")
    if mode.endswith("-targeted"):
        record.os = _Announce(os, out, rec)
    while True:
        target = rng.randint(0, rec.pos.seq)
        for entry in rec.annotate(target, _text(rng, mode), rng.choice([None, "!", "??"]), "appender"):
            line = rec.session.encode(entry.event)
            os.write(out, f"A {entry.seq} {hashlib.sha256(line).hexdigest()}\n".encode())


if __name__ == "__main__":
    from planets_log.engine import registry

    registry.register("countdown", "tests.support.toy")
    run(sys.argv[1], sys.argv[2], int(sys.argv[3]), sys.stdout.fileno())
