"""A table's record kept replayed in memory: every position, rebuilt when the file changes under the server."""

from __future__ import annotations

import os
import threading
import time
from contextlib import contextmanager
from pathlib import Path
from typing import Callable, Iterator

from planets_log.engine.recorder import Entry, Recorder
from planets_log.engine.replay import SkipType, Step, Visitor
from planets_log.engine.session import Position, Session
from planets_log.record.events import Action, Event
from planets_log.record.lines import line_hash

from . import limits
from .errors import ApiError

Signature = tuple[int, int, int]


def signature(path: Path) -> Signature:
    """What tells that a file changed: inode, size, modification time."""
    st = os.stat(path)
    return st.st_ino, st.st_size, st.st_mtime_ns


class _Kept(Visitor):
    """Every position and event of a replay, kept as it passes."""

    def __init__(self) -> None:
        self.positions: list[Position] = []
        self.events: list[Event | None] = []

    def visit(self, step: Step) -> SkipType | None:
        self.positions.append(step.after)
        self.events.append(step.event)
        return super().visit(step)


class Live:
    """One record: its recorder (the command line's, for every write) and every position after each line."""

    def __init__(self, path: Path, seed_file: str | None = None):
        self.path = path
        self.seed_file = seed_file
        self.lock = threading.RLock()
        self.version = 0
        """Goes up on every change the server sees (its own writes and the command line's)."""
        self.scores: tuple[str, str | None] = ("", None)
        """The totals in words at the position whose head is the first (server.TableInfo's `scores`)."""
        self._load()

    def _load(self) -> None:
        """Replay the record from its first line (at start, and when another writer changed it)."""
        before = signature(self.path)
        kept = _Kept()
        self.recorder = Recorder(str(self.path), seed_file=self.seed_file, visitor=kept)  # the one replay
        self.recorder.lock_wait = limits.LOCK_SECONDS
        self.positions: list[Position] = [self.recorder.replay.start, *kept.positions]
        self.events: list[Event | None] = [None, *kept.events]
        self.moved_at: float | None = (os.stat(self.path).st_mtime if any(isinstance(e, Action) for e in self.events)
                                       else None)
        """When the last move was written: the record's last write when it was read (the file keeps no times),
        the moment of each move written through the server after."""
        self.sig = before if signature(self.path) == before else (0, 0, 0)
        if self.positions[-1].head != self.recorder.pos.head:  # written meanwhile: look again next time
            self.sig = (0, 0, 0)
        self.version += 1

    @property
    def session(self) -> Session:
        return self.recorder.session

    @property
    def pos(self) -> Position:
        return self.positions[-1]

    @contextmanager
    def held(self) -> Iterator["Live"]:
        """The table to one request at a time: another waits at most LOCK_SECONDS for it (503 after)."""
        if not self.lock.acquire(timeout=limits.LOCK_SECONDS):
            raise ApiError(503, "table.busy", f"the table has been busy for over {limits.LOCK_SECONDS:g} seconds; "
                           "nothing was done: try again")
        try:
            yield self
        finally:
            self.lock.release()

    def fresh(self) -> Live:
        """Reload when the file is not the one last read (the command line wrote to it)."""
        with self.held():
            if signature(self.path) != self.sig:
                self._load()
        return self

    def write(self, action: Callable[[Recorder], list[Entry]]) -> list[Entry]:
        """Run a write through the recorder (locked, fsync'd) and step the positions over its lines."""
        with self.held():
            self.fresh()
            start = self.recorder.pos
            try:
                entries = action(self.recorder)
            except BaseException:
                if self.recorder.pos.head != start.head:
                    self._load()
                raise
            if self.recorder.pos.head != start.head and not self._extend(entries):
                self._load()
            return entries

    def _extend(self, entries: list[Entry]) -> bool:
        """Step the positions over the lines just written; False when they do not end where the recorder does."""
        pos, session, size = self.pos, self.session, self.sig[1]
        for entry in entries:
            if entry.seq == pos.seq + 1:
                raw = session.encode(entry.event)
                pos = session.step(pos, entry.event, line_hash(raw))
                self.positions.append(pos)
                self.events.append(entry.event)
                size += len(raw) + 1
        if pos.head != self.recorder.pos.head:
            return False
        if any(isinstance(e.event, Action) for e in entries):
            self.moved_at = time.time()
        sig = signature(self.path)
        self.sig = sig if sig[1] == size else (0, 0, 0)  # another writer appended right after: read it next time
        self.version += 1
        return True

    def actions(self, upto: int | None = None) -> list[int]:
        """The seqs of the players' moves in the record (up to seq `upto`)."""
        end = len(self.events) if upto is None else upto + 1
        return [seq for seq in range(1, end) if isinstance(self.events[seq], Action)]


__all__ = ["Entry", "Live", "signature"]
