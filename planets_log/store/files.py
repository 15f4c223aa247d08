"""The files store: a folder of JSON Lines records, locked and fsync'd appends, the server's state beside them."""

from __future__ import annotations

import os
from pathlib import Path

from planets_log.record.commit import seed_path
from planets_log.record.errors import UsageError, write_failed
from planets_log.record.files import create_temp, read_capped
from planets_log.record.lines import append_lines, fsync_dir, iter_lines, line_hash, seq_of

from .base import SUFFIX, Conflict, EventStore, record_stem

STATE_FILE = "planets-log-serve.json"
KEY_FILE = "planets-log-serve.key"


class FileStore(EventStore):
    """A folder: each record a file `NAME.jsonl`; a record's revision is its number of lines."""

    def __init__(self, folder: Path, create: bool = True):
        if create:
            folder.mkdir(parents=True, exist_ok=True)
        elif not folder.is_dir():
            raise UsageError(f"{folder} is not a folder", code="store.missing")
        self.folder = folder
        self.address = str(folder)

    def records(self) -> list[str]:
        return sorted(p.name for p in self.folder.glob(f"*{SUFFIX}") if p.is_file())

    def read(self, record: str) -> tuple[list[bytes], int]:
        path = self.folder / record
        if not path.exists():
            return [], 0
        lines = [line.data for line in iter_lines(path)]
        return lines, len(lines)

    def append(self, record: str, lines: list[bytes], expected: int) -> int:
        record_stem(record)
        path = self.folder / record
        if expected == 0:
            return self._create(path, lines)
        old, revision = self.read(record)
        if revision != expected:
            raise Conflict(str(path), f"the record has {revision} lines, not {expected} as expected; nothing was "
                           "written")
        seq = seq_of(old[-1])
        append_lines(path, lines, -1 if seq is None else seq, line_hash(old[-1]))
        return revision + len(lines)

    def _create(self, path: Path, lines: list[bytes]) -> int:
        """A new record holding `lines`, never over another one."""
        try:
            fd = os.open(path, os.O_WRONLY | os.O_CREAT | os.O_EXCL | os.O_NOFOLLOW | os.O_CLOEXEC, 0o644)
        except FileExistsError:
            raise Conflict(str(path), "the record exists already; nothing was written") from None
        with os.fdopen(fd, "wb") as handle:
            handle.write(b"".join(line + b"\n" for line in lines))
            handle.flush()
            os.fsync(handle.fileno())
        fsync_dir(self.folder)
        return len(lines)

    def get_state(self) -> tuple[bytes | None, int]:
        path = self.folder / STATE_FILE
        if not path.exists():
            return None, 0
        return read_capped(path, "the server state"), path.stat().st_mtime_ns

    def put_state(self, data: bytes, expected: int) -> int:
        path = self.folder / STATE_FILE
        now = path.stat().st_mtime_ns if path.exists() else 0
        if now != expected:
            raise Conflict(str(path), "the server state changed since it was read; nothing was written")
        _replace(self.folder, path, data)
        return path.stat().st_mtime_ns

    def get_seed(self, record: str) -> bytes | None:
        path = seed_path(self.folder / record)
        return read_capped(path, "the secret seed", 1024) if path.exists() else None

    def put_seed(self, record: str, data: bytes) -> None:
        record_stem(record)
        try:
            fd = os.open(seed_path(self.folder / record), os.O_WRONLY | os.O_CREAT | os.O_EXCL | os.O_NOFOLLOW
                         | os.O_CLOEXEC, 0o600)
        except FileExistsError:
            return
        with os.fdopen(fd, "wb") as handle:
            handle.write(data)
            handle.flush()
            os.fsync(handle.fileno())

    def get_key(self) -> bytes | None:
        path = self.folder / KEY_FILE
        return read_capped(path, "the links key", 1024) if path.exists() else None

    def put_key(self, data: bytes) -> bytes:
        path = self.folder / KEY_FILE
        try:
            fd = os.open(path, os.O_WRONLY | os.O_CREAT | os.O_EXCL | os.O_NOFOLLOW | os.O_CLOEXEC, 0o600)
        except FileExistsError:
            return read_capped(path, "the links key", 1024)
        with os.fdopen(fd, "wb") as handle:
            handle.write(data)
            handle.flush()
            os.fsync(handle.fileno())
        return data


def _replace(folder: Path, path: Path, data: bytes) -> None:
    """Write `data` to a temporary file (mode 0600), fsync, rename over `path`."""
    tmp, fd = create_temp(folder, path.name, 0o600)
    try:
        with os.fdopen(fd, "wb") as handle:
            handle.write(data)
            handle.flush()
            os.fsync(handle.fileno())
        os.replace(tmp, path)
    except OSError as exc:  # a full disk is 507, not a server error; the old state stays
        Path(tmp).unlink(missing_ok=True)
        raise write_failed(path, exc) from None
    except BaseException:
        Path(tmp).unlink(missing_ok=True)
        raise
    fsync_dir(folder)
