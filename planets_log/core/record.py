"""The record file: streaming line reader, hash chain, and safe appends.

Reading never decodes more than one line at a time. Appending writes a whole group of
lines (a move and the chance outcomes that follow it) in one `write` on an `O_APPEND`
descriptor under an exclusive `flock`, after checking inside the lock that the file still
ends where the writer thinks it does; the file is fsync'd before the append counts, and
any failure truncates the file back to its size before the append.
"""

from __future__ import annotations

import fcntl
import hashlib
import os
from pathlib import Path
from typing import BinaryIO, Iterator

import msgspec

from .errors import RecordError, UsageError

HASH_HEX = 32  # 128 bits of SHA-256, hex
MAX_LINE = 16 * 1024 * 1024
CHUNK = 1 << 16


def line_hash(raw: bytes) -> str:
    """The `prev` value of the line after `raw` (raw without its newline)."""
    return hashlib.sha256(raw).hexdigest()[:HASH_HEX]


class RawLine(msgspec.Struct, frozen=True):
    """One complete line as read: 1-based number, byte offset, bytes without newline."""

    number: int
    offset: int
    data: bytes


def iter_lines(source: str | Path | BinaryIO, name: str | None = None) -> Iterator[RawLine]:
    """Yield the record's complete lines; a torn tail raises after the last full line.

    `source` is a path, or an open binary stream with `readline` (closed at the end).
    Each line is one `readline(limit)`, so no more than one line is held at a time.
    """
    if hasattr(source, "readline"):
        handle, name = source, name or "<stream>"
    else:
        name = name or str(source)
        try:
            handle = open(source, "rb", buffering=CHUNK)
        except OSError as exc:
            raise UsageError(f"cannot open {name}: {exc.strerror}", code="file.open") from None
    with handle:
        readline, limit = handle.readline, MAX_LINE + 1
        number = offset = 0
        while raw := readline(limit):
            if raw[-1] != 10:  # no newline: the line is too long, or the file ends in a torn write
                if len(raw) > MAX_LINE:
                    raise too_long(name, number + 1, offset)
                raise TornTail(name, number + 1, offset, raw)
            number += 1
            yield RawLine(number, offset, raw[:-1])
            offset += len(raw)


def too_long(name: str, line: int, offset: int) -> RecordError:
    return RecordError(f"line longer than {MAX_LINE} bytes", file=name, line=line, code="line.too-long",
                       kind="format", offset=offset, rule="format.md: lines")


class TornTail(RecordError):
    """The file ends with bytes after its last newline: an interrupted write."""

    def __init__(self, name: str, line: int, offset: int, data: bytes):
        super().__init__(
            f"torn tail: {len(data)} bytes after the last complete line (an interrupted write); "
            f"run 'planets-log repair' to move them aside",
            file=name, line=line, code="torn-tail", kind="torn", offset=offset, rule="format.md: torn writes",
        )
        self.data = data


def _last_line(fd: int, size: int) -> bytes:
    """The last complete line of a file whose last byte (at size - 1) is a newline."""
    pos, buf = size - 1, b""
    while pos > 0:
        step = min(CHUNK, pos)
        pos -= step
        buf = os.pread(fd, step, pos) + buf
        cut = buf.rfind(b"\n")
        if cut >= 0:
            return buf[cut + 1 :]
    return buf


class StaleWriter(RecordError):
    """The record changed since the writer read it; nothing was written."""


def append_lines(path: str | Path, lines: list[bytes], expect_seq: int, expect_head: str, *, fsync: bool = True) -> None:
    """Append `lines` as one write if the record still ends at `expect_seq`/`expect_head`."""
    name = str(path)
    fd = _open_locked(path, name)
    try:
        size = os.fstat(fd).st_size
        _check_tail(fd, size, name, expect_seq, expect_head)
        blob = b"".join(line + b"\n" for line in lines)
        try:
            written = os.write(fd, blob)
            if written != len(blob):
                raise OSError(28, f"short write ({written} of {len(blob)} bytes)")
            if fsync:
                os.fsync(fd)
        except OSError as exc:
            reason = exc.strerror or str(exc)
            try:
                os.ftruncate(fd, size)
            except OSError:
                raise RecordError(
                    f"could not append: {reason}, and could not cut the partial write back: the record may end "
                    "in a torn line; run 'planets-log repair'", file=name, code="append.failed", kind="io",
                ) from None
            raise RecordError(
                f"could not append: {reason}; the record is left as it was",
                file=name, code="append.failed", kind="io",
            ) from None
    finally:
        os.close(fd)


def _open_locked(path: str | Path, name: str) -> int:
    """Open for appending under an exclusive lock, on the file the path names *now*.

    A repair replaces the file; a writer that opened the old one and then waited for the
    lock would otherwise append to a file no longer in the folder.
    """
    for _ in range(100):
        try:
            fd = os.open(path, os.O_RDWR | os.O_APPEND)
        except OSError as exc:
            raise RecordError(f"cannot open the record: {exc.strerror}", file=name, code="file.open", kind="io") from None
        fcntl.flock(fd, fcntl.LOCK_EX)
        try:
            same = os.stat(path).st_ino == os.fstat(fd).st_ino
        except FileNotFoundError:
            same = False
        if same:
            return fd
        os.close(fd)
    raise RecordError("the record keeps being replaced; try again", file=name, code="file.replaced", kind="io")


def _check_tail(fd: int, size: int, name: str, expect_seq: int, expect_head: str) -> None:
    if size == 0 or os.pread(fd, 1, size - 1) != b"\n":
        raise RecordError(
            "the record ends in a torn line; run 'planets-log repair' first", file=name,
            code="torn-tail", kind="torn", rule="format.md: torn writes",
        )
    last = _last_line(fd, size)
    seq = seq_of(last)
    if seq != expect_seq or line_hash(last) != expect_head:
        raise StaleWriter(
            f"the record changed since it was read (expected it to end at seq {expect_seq}, "
            f"it ends at seq {seq}); nothing was written",
            file=name, seq=seq, code="append.stale", kind="conflict",
        )


class _SeqOnly(msgspec.Struct):
    seq: int


def seq_of(raw: bytes, default: int | None = None) -> int | None:
    """The `seq` of a line, read without decoding the rest of it, or `default`."""
    try:
        return msgspec.json.decode(raw, type=_SeqOnly).seq
    except (msgspec.DecodeError, msgspec.ValidationError, RecursionError):
        return default


def create_record(path: str | Path, lines: list[bytes]) -> None:
    """Write a new record atomically; refuse to overwrite an existing file."""
    path = Path(path)
    if path.exists():
        raise UsageError(f"{path} already exists; choose another file name", code="file.exists")
    try:
        _write_durably(path, b"".join(line + b"\n" for line in lines))
    except FileExistsError:
        raise UsageError(f"{path} already exists; choose another file name", code="file.exists") from None
    except OSError as exc:
        raise UsageError(f"cannot write {path}: {exc.strerror}", code="file.write") from None


def fsync_dir(folder: Path) -> None:
    """Make a rename or link in `folder` durable."""
    fd = os.open(folder, os.O_RDONLY)
    try:
        os.fsync(fd)
    finally:
        os.close(fd)


def split_torn(path: str | Path) -> tuple[int, bytes]:
    """The size of the complete lines of a file and the torn bytes after them."""
    data = Path(path).read_bytes()
    end = data.rfind(b"\n") + 1
    return end, data[end:]


def repair_torn_tail(path: str | Path) -> tuple[str, int] | None:
    """Move a torn tail to a side file and cut the record after its last full line.

    Returns (side file, bytes moved), or None when there was nothing to repair. The cut
    goes through a temporary file, fsync, os.replace and an fsync of the folder, under
    the record's lock, so a crash at any point leaves either the old or the new file.
    """
    path = Path(path)
    name = str(path)
    fd = _open_locked(path, name)
    try:
        size = os.fstat(fd).st_size
        data = os.pread(fd, size, 0)
        end = data.rfind(b"\n") + 1
        torn = data[end:]
        if not torn:
            return None
        side = _side_file(path)
        mode = os.fstat(fd).st_mode & 0o7777
        try:
            _write_durably(side, torn, mode=mode)
            _write_durably(path, data[:end], replace=True, mode=mode)
        except OSError as exc:
            raise RecordError(
                f"could not repair: {exc.strerror or exc}; nothing was lost (the torn bytes are still in the "
                f"record, and perhaps also in {side.name}); run 'planets-log repair' again",
                file=name, code="repair.failed", kind="io",
            ) from None
        return str(side), len(torn)
    finally:
        os.close(fd)


def _side_file(path: Path) -> Path:
    for n in range(1, 10_000):
        side = path.with_name(f"{path.name}.torn-{n}")
        if not side.exists():
            return side
    raise UsageError(f"too many side files next to {path}", code="repair.side")


def _write_durably(path: Path, data: bytes, *, replace: bool = False, mode: int = 0o644) -> None:
    """Write `data` to `path` via a temporary file in the same folder (removed on failure)."""
    folder = path.parent if str(path.parent) else Path(".")
    tmp = folder / f".{path.name}.{os.getpid()}.tmp"
    fd = os.open(tmp, os.O_WRONLY | os.O_CREAT | os.O_TRUNC, 0o600)
    try:
        try:
            os.fchmod(fd, mode)  # the record keeps its permissions
            view = memoryview(data)
            while view:
                view = view[os.write(fd, view):]
            os.fsync(fd)
        finally:
            os.close(fd)
        if replace:
            os.replace(tmp, path)
        else:
            os.link(tmp, path)
    finally:
        try:
            os.unlink(tmp)
        except FileNotFoundError:
            pass
    fsync_dir(folder)
