"""Copying a tournament between stores, in either direction: records byte for byte, their secret seeds, the server
state and the links' key as they are (so every link made before works after)."""

from __future__ import annotations

from typing import Callable

from planets_log.record.errors import UsageError

from .base import EventStore

BATCH = 500
"""Lines per append: a long record goes over in a few appends, each at the revision the last one left."""


def copy_store(source: EventStore, target: EventStore, report: Callable[[str, int], None] | None = None) -> int:
    """Copy every record of `source` that `target` lacks, then the state and the key; the number of records copied.

    A record in both is refused unless the target's is the same lines or a beginning of them (then the rest is
    appended): nothing is ever overwritten. A torn last line in a folder is refused (run `repair` first).
    """
    copied = 0
    for record in source.records():
        lines, _ = source.read(record)
        have, revision = target.read(record)
        if have != lines[: len(have)]:
            raise UsageError(f"{record} is in both stores with different lines; nothing of it was copied "
                             "(copy into an empty store, or remove it there first)", code="copy.differs")
        for start in range(len(have), len(lines), BATCH):
            revision = target.append(record, lines[start:start + BATCH], revision)
        if len(lines) > len(have):
            copied += 1
        seed = source.get_seed(record)
        if seed is not None:
            target.put_seed(record, seed)
        if report is not None:
            report(record, len(lines))
    state, _ = source.get_state()
    if state is not None:
        old, revision = target.get_state()
        if old != state:
            target.put_state(state, revision)
    key = source.get_key()
    if key is not None and target.put_key(key) != key:
        raise UsageError("the target store has another links key: the links made on the source would not work "
                         "there; its records were copied, its state and key were not", code="copy.key")
    return copied
