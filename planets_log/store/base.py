"""The event store: one interface, named by one argument (a folder, or `nats://HOST:PORT[,…]/TOURNAMENT`).

A store holds a tournament's records, each a list of lines (the exact bytes of the JSON Lines record, without
their newlines), and one state blob (the server's tables, links and token hashes). Every append names the
revision it expects the record to be at, every state write the revision it read: a writer that read an older
one is refused (`Conflict`), as the files store refuses a stale writer today.
"""

from __future__ import annotations

import re
from abc import ABC, abstractmethod
from typing import Callable

from planets_log.record.errors import UsageError
from planets_log.record.lines import StaleWriter

RECORD_STEM = re.compile(r"^[A-Za-z0-9][A-Za-z0-9_-]{0,63}$")
"""A record's name (without `.jsonl`) that every store can hold: a file name anywhere, a subject token in NATS."""
SUFFIX = ".jsonl"
NATS_PACKAGE = "pip install 'planets-log[nats]'"

Follower = Callable[[str, bytes, int], None]
"""Called with (record, line, revision) for every line appended to the store after `follow` began."""


class Conflict(StaleWriter):
    """The record (or the state) is no longer at the revision the writer read: nothing was written."""

    def __init__(self, name: str, message: str):
        super().__init__(message, file=name, code="append.stale", kind="conflict")


def record_stem(record: str) -> str:
    """The record's name without `.jsonl`, refused when a store could not hold it under that name."""
    stem = record[: -len(SUFFIX)] if record.endswith(SUFFIX) else record
    if not RECORD_STEM.match(stem):
        raise UsageError(f"{record!r} cannot be a record's name in a store: letters, digits, '-' and '_' only "
                         "(at most 64, starting with a letter or digit)", code="store.name")
    return stem


class EventStore(ABC):
    """A tournament's records and server state."""

    address: str
    """The store as the user named it (a folder, or a nats:// address)."""

    @abstractmethod
    def records(self) -> list[str]:
        """The records' names (`table.jsonl`), sorted."""

    @abstractmethod
    def read(self, record: str) -> tuple[list[bytes], int]:
        """A record's lines (bytes without newline) and its revision (0: no such record)."""

    @abstractmethod
    def append(self, record: str, lines: list[bytes], expected: int) -> int:
        """Append `lines` if the record is still at revision `expected` (0: a new record); the new revision, or
        `Conflict`."""

    @abstractmethod
    def get_state(self) -> tuple[bytes | None, int]:
        """The state blob and its revision (None, 0: none yet)."""

    @abstractmethod
    def put_state(self, data: bytes, expected: int) -> int:
        """Replace the state blob if it is still at revision `expected`; the new revision, or `Conflict`."""

    @abstractmethod
    def get_key(self) -> bytes | None:
        """The links' key blob (the key file's bytes), or None before it is made."""

    @abstractmethod
    def put_key(self, data: bytes) -> bytes:
        """Keep `data` as the links' key unless one is there already; the key kept."""

    @abstractmethod
    def get_seed(self, record: str) -> bytes | None:
        """The secret seed's side file of a record (a game with a committed seed), or None."""

    @abstractmethod
    def put_seed(self, record: str, data: bytes) -> None:
        """Keep a record's secret seed side file (never over another one)."""

    def follow(self, callback: Follower, after: int = 0) -> None:
        """Call `callback` for every line appended after store revision `after` (in the store's order)."""
        raise UsageError(f"{self.address} cannot be followed", code="store.follow")

    def position(self) -> int:
        """The store's revision now (what `follow(after=…)` takes): lines up to it were read."""
        return 0

    def close(self) -> None:
        """Let go of the store (connections, threads)."""

    def __enter__(self) -> "EventStore":
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()
