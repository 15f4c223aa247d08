"""Serving a tournament kept in a NATS store: its records mirrored in a local folder, every line the store takes
(this server's or another's) applied once, in the store's order.

The mirror holds each record's lines byte for byte as the store has them, so that the recorder, the replay and
every reader work on files as with a served folder. A move goes to the store first, at the revision of the
record's subject this server last saw (another server appended first: 409, as a stale writer on files); once the
store took it, it is appended to the mirror and the live positions step over it. Lines from other servers arrive
through one ordered consumer of the tournament's subjects and are applied one step each.
"""

from __future__ import annotations

import os
import queue
import shutil
import tempfile
import threading
import time
from pathlib import Path
from typing import Callable

from planets_log.record.commit import seed_path
from planets_log.record.events import Action
from planets_log.record.lines import check_writable, line_hash, seq_of
from planets_log.store.base import Conflict, EventStore
from planets_log.store.jetstream import JetStreamStore

from .live import Live

Applied = Callable[[str], None]
"""Called with a record's name after a line of another server was applied to it."""


class Mirror:
    """A local copy of the store's records, kept current by following the store."""

    def __init__(self, backend: JetStreamStore):
        self.backend = backend
        self.folder = Path(tempfile.mkdtemp(prefix="planets-log-mirror-"))
        self.revisions: dict[str, int] = {}
        """The store's revision of each record's last line in the mirror."""
        self.lock = threading.RLock()
        """Held while a record's live is opened, or a line added to a record that has none."""
        self.file_lock = threading.Lock()
        """Held while a line is added to a mirrored file (taken last, never held while waiting for another lock)."""
        self.lives: dict[str, StoreLive] = {}
        self.on_line: Applied | None = None
        self._queue: queue.SimpleQueue[tuple[str, bytes, int] | None] = queue.SimpleQueue()
        self._thread: threading.Thread | None = None

    def load(self) -> None:
        """Copy every record into the mirror, then follow the store from where the copy was read."""
        after = self.backend.position()
        for record, (lines, revision) in self.backend.read_all().items():
            path = self.folder / record
            path.write_bytes(b"".join(line + b"\n" for line in lines))
            when = self.backend.stored[record]
            os.utime(path, (when, when))  # when its last line was stored: the time the director's page shows
            self.revisions[record] = revision
        self._thread = threading.Thread(target=self._apply_all, name="planets-log-mirror", daemon=True)
        self._thread.start()
        self.backend.follow(lambda record, line, revision: self._queue.put((record, line, revision)), after)

    def _apply_all(self) -> None:
        """Apply the followed lines in order (a thread of its own: the store's loop never waits for a table)."""
        while (item := self._queue.get()) is not None:
            record, line, revision = item
            try:
                with self.lock:
                    live = self.lives.get(record)
                    applied = live is None and self.add(record, [line], revision)
                if live is not None:
                    applied = live.take(line, revision)
                if applied and self.on_line is not None:
                    self.on_line(record)
            except Exception:  # a line this server cannot apply: the record is read again when next asked for
                with self.lock:
                    self.lives.pop(record, None)

    def add(self, record: str, lines: list[bytes], revision: int) -> bool:
        """Append lines the store holds at `revision` to the mirror unless it has them; whether it did."""
        with self.file_lock:
            if revision <= self.revisions.get(record, 0):
                return False
            with open(self.folder / record, "ab") as handle:
                handle.write(b"".join(line + b"\n" for line in lines))
            self.revisions[record] = revision
            return True

    def create(self, record: str) -> None:
        """Put a record just made in the mirror (its first lines) into the store: 409 if it is there already."""
        lines = (self.folder / record).read_bytes().splitlines()
        with self.file_lock:  # the follower brings these lines back: they are in the mirror already
            try:
                revision = self.backend.append(record, lines, 0)
            except BaseException:
                (self.folder / record).unlink(missing_ok=True)
                raise
            self.revisions[record] = revision
        seed = seed_path(self.folder / record)
        if seed.exists():  # a secret seed: every server of the tournament draws from it
            self.backend.put_seed(record, seed.read_bytes())

    def open(self, path: Path) -> "StoreLive":
        """The live record of a mirrored file, registered to take the lines of other servers."""
        seed = seed_path(path)
        if not seed.exists() and (data := self.backend.get_seed(path.name)) is not None:
            fd = os.open(seed, os.O_WRONLY | os.O_CREAT | os.O_EXCL | os.O_NOFOLLOW | os.O_CLOEXEC, 0o600)
            with os.fdopen(fd, "wb") as handle:
                handle.write(data)
        with self.lock:
            live = StoreLive(path, self)
            self.lives[path.name] = live
            return live

    def close(self) -> None:
        self.backend.close()
        if self._thread is not None:
            self._queue.put(None)
            self._thread.join(10)
        shutil.rmtree(self.folder, ignore_errors=True)


class StoreLive(Live):
    """A live record whose writes go to the store first, and which takes the lines other servers wrote."""

    def __init__(self, path: Path, mirror: Mirror):
        self.mirror = mirror
        self.record = path.name
        super().__init__(path)

    def _load(self) -> None:
        super()._load()
        self.recorder.append_lines = self._append
        self.recorder.append_anywhere = self._append_anywhere

    def fresh(self) -> Live:
        """Nothing to look at: the mirror changes only through this server (its writes, the lines it follows)."""
        return self

    def write(self, action: Callable[..., list]) -> list:  # type: ignore[type-arg]
        """As `Live.write`; refused by the store (another server appended first): catch up before answering."""
        try:
            return super().write(action)
        except Conflict:
            self.catch_up()
            raise

    def catch_up(self) -> None:
        """Read the lines other servers appended that the follower has not brought yet, and apply them."""
        lines, revision = self.mirror.backend.read(self.record)
        with self.lock:
            new = lines[len(self.positions):]
            if new and self.mirror.add(self.record, new, revision):
                for line in new:
                    self._step_over(line)

    def _append(self, path: str | Path, lines: list[bytes], expect_seq: int, expect_head: str, *, fsync: bool = True,
                wait: float | None = None) -> None:
        """The recorder's append: to the store at the last revision seen, then to the mirror."""
        check_writable(lines, str(path), expect_seq)
        if (expect_seq, expect_head) != (self.pos.seq, self.pos.head):
            raise Conflict(str(path), f"the record ends at seq {self.pos.seq}, not {expect_seq} as expected; "
                           "nothing was written")
        revision = self.mirror.backend.append(self.record, lines, self.mirror.revisions.get(self.record, 0))
        self.mirror.add(self.record, lines, revision)

    def _append_anywhere(self, path: str | Path, make: Callable[[int, str, bytes], list[bytes]], *,
                         fsync: bool = True, wait: float | None = None) -> tuple[int, str]:
        """The recorder's append of a note: after the last line this server has (the store refuses it when another
        server appended first: then it is placed again after theirs)."""
        for _ in range(20):
            last = self._last_line()
            seq, head = seq_of(last) or 0, line_hash(last)
            lines = make(seq, head, last)
            check_writable(lines, str(path), seq)
            try:
                revision = self.mirror.backend.append(self.record, lines, self.mirror.revisions.get(self.record, 0))
            except Conflict:
                self.catch_up()
                continue
            self.mirror.add(self.record, lines, revision)
            return seq, head
        raise Conflict(str(path), "the record keeps changing under this server; nothing was written")

    def _last_line(self) -> bytes:
        with open(self.path, "rb") as handle:
            handle.seek(max(0, os.fstat(handle.fileno()).st_size - (1 << 20)))
            return handle.read().rstrip(b"\n").rsplit(b"\n", 1)[-1]

    def take(self, line: bytes, revision: int) -> bool:
        """A line another server appended (store revision `revision`): to the mirror and one step of the positions;
        whether it was new."""
        with self.lock:  # no time limit: a line of the store is never dropped
            if not self.mirror.add(self.record, [line], revision):
                return False
            self._step_over(line)
            return True

    def _step_over(self, line: bytes) -> None:
        """One step of the positions over a line already in the mirror."""
        try:
            event = self.session.decode(line)
            pos = self.session.step(self.pos, event, line_hash(line))
        except Exception:  # not a line this server would have taken: read the record again, the replay says why
            self._load()
            return
        self.positions.append(pos)
        self.events.append(event)
        self.recorder.pos = pos
        if isinstance(event, Action):
            self.moved_at = time.time()
        self.version += 1


def open_mirror(backend: EventStore) -> Mirror | None:
    """The mirror of a NATS store (None for a folder: it is served as it is)."""
    return Mirror(backend) if isinstance(backend, JetStreamStore) else None
