"""The record file: streaming line reader, hash chain, and safe appends.

Reading never decodes more than one line at a time. Appending writes a whole group of
lines (a move and the chance outcomes that follow it) in one `write` on an `O_APPEND`
descriptor under an exclusive `flock`, after checking inside the lock that the file still
ends where the writer thinks it does; the file is fsync'd before the append counts, and
any failure truncates the file back to its size before the append.
"""

from __future__ import annotations

import hashlib
import os
import sys
import time
from pathlib import Path
from typing import IO, BinaryIO, Callable, Iterator, cast

import msgspec

try:
    import fcntl
except ImportError:  # not POSIX: records can be read, not written (the lock needs flock)
    fcntl = None  # type: ignore[assignment]

from .errors import RecordError, UsageError, write_failed
from .files import MAX_RECORD, checked_regular, create_temp, open_regular
from .strict import MAX_DEPTH, nesting_depth

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

    `source` is a path (a regular file under the size cap, never a FIFO or device), or an
    open binary stream with `readline` (closed at the end). Each line is one
    `readline(limit)`, so no more than one line is held at a time.
    """
    handle: IO[bytes]
    if hasattr(source, "readline"):
        handle, name = cast(BinaryIO, source), name or "<stream>"
    else:
        name = name or str(source)
        handle = os.fdopen(open_regular(source, "the record", MAX_RECORD), "rb", buffering=CHUNK)
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


def append_lines(path: str | Path, lines: list[bytes], expect_seq: int, expect_head: str, *, fsync: bool = True,
                 wait: float | None = None) -> None:
    """Append `lines` as one write if the record still ends at `expect_seq`/`expect_head` (waiting at most `wait`
    seconds for the lock; None: as long as it takes)."""
    name = str(path)
    check_writable(lines, name, expect_seq)
    fd = _open_locked(path, name, wait)
    try:
        size = os.fstat(fd).st_size
        _check_tail(fd, size, name, expect_seq, expect_head)
        _write_or_undo(fd, size, name, b"".join(line + b"\n" for line in lines), fsync)
    finally:
        os.close(fd)


def _write_or_undo(fd: int, size: int, name: str, blob: bytes, fsync: bool) -> None:
    """One write of `blob` and an fsync; on failure the file is cut back to `size`."""
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


def append_anywhere(path: str | Path, make: Callable[[int, str, bytes], list[bytes]], *,
                    fsync: bool = True, wait: float | None = None) -> tuple[int, str]:
    """Append the lines `make(last_seq, last_head, last_line)` returns, at wherever the record ends.

    For a line that does not depend on the position (a note): built inside the lock from
    the record's real last line, so a writer that appended meanwhile is no reason to refuse.
    Returns the seq and head the lines were placed after.
    """
    name = str(path)
    fd = _open_locked(path, name, wait)
    try:
        size = os.fstat(fd).st_size
        _check_tail(fd, size, name, None, None)
        last = _last_line(fd, size)
        seq, head = seq_of(last), line_hash(last)
        if seq is None:
            raise RecordError("the record's last line has no seq; run 'planets-log validate'; nothing was written",
                              file=name, code="seq", kind="format", rule="format.md: every line")
        lines = make(seq, head, last)
        check_writable(lines, name, seq)
        _write_or_undo(fd, size, name, b"".join(line + b"\n" for line in lines), fsync)
        return seq, head
    finally:
        os.close(fd)


def _open_locked(path: str | Path, name: str, wait: float | None = None) -> int:
    """Open for appending under an exclusive lock, on the file the path names *now*.

    A repair replaces the file; a writer that opened the old one and then waited for the
    lock would otherwise append to a file no longer in the folder.
    """
    if fcntl is None:
        raise UsageError(f"writing a record needs POSIX file locking (flock), which this platform ({sys.platform}) "
                         "lacks: read, validate and replay work here, but record on Linux or macOS",
                         code="platform.locking")
    for _ in range(100):
        try:
            fd = checked_regular(os.open(path, os.O_RDWR | os.O_APPEND | os.O_NONBLOCK), name, "the record", MAX_RECORD)
        except UsageError as exc:
            raise RecordError(exc.message, file=name, code=exc.code, kind="io") from None
        except OSError as exc:
            raise RecordError(f"cannot open the record: {exc.strerror}", file=name, code="file.open", kind="io") from None
        _lock(fd, name, wait)
        try:
            same = os.stat(path).st_ino == os.fstat(fd).st_ino
        except FileNotFoundError:
            same = False
        if same:
            return fd
        os.close(fd)
    raise RecordError("the record keeps being replaced; try again", file=name, code="file.replaced", kind="io")


def _lock(fd: int, name: str, wait: float | None) -> None:
    """Take the record's exclusive lock: as long as it takes, or at most `wait` seconds (then `fd` is closed)."""
    if wait is None:
        fcntl.flock(fd, fcntl.LOCK_EX)
        return
    deadline, pause = time.monotonic() + wait, 0.002
    while True:
        try:
            fcntl.flock(fd, fcntl.LOCK_EX | fcntl.LOCK_NB)
            return
        except BlockingIOError:
            if time.monotonic() >= deadline:
                os.close(fd)
                raise RecordError(f"another writer has held the record's lock for over {wait:g} seconds; nothing was "
                                  "written: try again", file=name, code="append.locked", kind="io") from None
            time.sleep(pause)
            pause = min(pause * 2, 0.05)


def check_writable(lines: list[bytes], name: str, last_seq: int) -> None:
    """Refuse a line the reader would refuse (too long, nested too deep): nothing is written."""
    for i, line in enumerate(lines):
        seq = last_seq + 1 + i
        if len(line) > MAX_LINE:
            raise RecordError(f"the line would be {len(line)} bytes, over the limit of {MAX_LINE} every reader "
                              "enforces; nothing was written", file=name, line=seq + 1, seq=seq,
                              code="line.too-long", kind="format", rule="format.md: lines")
        if nesting_depth(line) > MAX_DEPTH:
            raise RecordError(f"the line would nest deeper than {MAX_DEPTH} levels, which every reader refuses; "
                              "nothing was written", file=name, line=seq + 1, seq=seq, code="too-deep",
                              kind="format", rule="format.md: lines")


def _check_tail(fd: int, size: int, name: str, expect_seq: int | None, expect_head: str | None) -> None:
    if size == 0 or os.pread(fd, 1, size - 1) != b"\n":
        raise RecordError(
            "the record ends in a torn line; run 'planets-log repair' first", file=name,
            code="torn-tail", kind="torn", rule="format.md: torn writes",
        )
    if expect_seq is None:
        return
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


class _TypeOnly(msgspec.Struct):
    type: str = ""


def seq_type(raw: bytes) -> str:
    """The `type` of a line, read without decoding the rest ("" if unreadable)."""
    try:
        return msgspec.json.decode(raw, type=_TypeOnly).type
    except (msgspec.DecodeError, msgspec.ValidationError, RecursionError):
        return ""


def seq_of(raw: bytes, default: int | None = None) -> int | None:
    """The `seq` of a line, read without decoding the rest of it, or `default`."""
    try:
        return msgspec.json.decode(raw, type=_SeqOnly).seq
    except (msgspec.DecodeError, msgspec.ValidationError, RecursionError):
        return default


def create_record(path: str | Path, lines: list[bytes]) -> None:
    """Write a new record atomically; refuse to overwrite an existing file."""
    path = Path(path)
    if os.path.lexists(path):
        raise UsageError(f"{path} already exists; choose another file name", code="file.exists")
    check_writable(lines[1:], str(path), 0)
    try:
        _write_durably(path, b"".join(line + b"\n" for line in lines))
    except FileExistsError:
        raise UsageError(f"{path} already exists; choose another file name", code="file.exists") from None
    except OSError as exc:
        raise write_failed(path, exc) from None


def fsync_dir(folder: Path) -> None:
    """Make a rename or link in `folder` durable."""
    fd = os.open(folder, os.O_RDONLY)
    try:
        os.fsync(fd)
    finally:
        os.close(fd)


def split_torn(path: str | Path) -> tuple[int, bytes]:
    """The size of the complete lines of a file and the torn bytes after them."""
    fd = open_regular(path, "the record", MAX_RECORD)
    with os.fdopen(fd, "rb") as handle:
        data = handle.read()
    end = data.rfind(b"\n") + 1
    return end, data[end:]


def repair_torn_tail(path: str | Path) -> tuple[str, int] | None:
    """Move a torn tail to a side file and cut the record after its last full line.

    Returns (side file, bytes moved), or None when there was nothing to repair. The cut
    goes through a temporary file, fsync, os.replace and an fsync of the folder, under
    the record's lock, so a crash at any point leaves either the old or the new file.
    """
    path = Path(os.path.realpath(path))  # a symlinked record is repaired where it lives, the link kept
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
            _write_durably(side, torn, create=mode & 0o666)  # no more open than the record, and the umask holds
            _write_durably(path, data[:end], replace=True, keep=mode)
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
        if not os.path.lexists(side):  # a dangling link is taken: the side file is never made through it
            return side
    raise UsageError(f"too many side files next to {path}", code="repair.side")


def _write_durably(path: Path, data: bytes, *, replace: bool = False, create: int = 0o666,
                   keep: int | None = None) -> None:
    """Write `data` to `path` via a temporary file in the same folder (removed on failure).

    The file is created with `create` less the umask, as every Unix tool creates files;
    with `keep`, it gets exactly that mode (a replaced file keeps its permissions).
    """
    folder = path.parent if str(path.parent) else Path(".")
    tmp, fd = create_temp(folder, path.name, create, opener=os.open)  # os.open here: the fault tests replace `os`
    try:
        try:
            if keep is not None:
                os.fchmod(fd, keep)
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
