"""Reading files that may be hostile: regular files only, never blocking, never unbounded.

A path given on the command line or found in a folder may name a FIFO (a read would wait
forever), a device such as /dev/zero (a read would never end) or a folder. Every file
planets-log reads is opened here: non-blocking, checked to be a regular file, and read
up to a size cap. Temporary files are created here too, with names nobody can guess and
without following a planted symlink.
"""

from __future__ import annotations

import os
import stat
from pathlib import Path
from typing import BinaryIO, Callable, Iterator

from .errors import UsageError

MAX_RECORD = 1 << 30
"""The largest record read (1 GiB): far beyond any game, small enough to refuse a runaway file."""
MAX_SMALL = 4 << 20
"""The largest edition, key or results file read (4 MiB)."""


class NotRegular(UsageError):
    """A path that is a FIFO, a device, a socket or a folder, where a file was expected."""


class TooLarge(UsageError):
    """A file over its size cap."""


def kind_of(mode: int) -> str:
    """A file type in words."""
    for test, word in ((stat.S_ISFIFO, "a FIFO"), (stat.S_ISCHR, "a character device"),
                       (stat.S_ISBLK, "a block device"), (stat.S_ISSOCK, "a socket"), (stat.S_ISDIR, "a folder")):
        if test(mode):
            return word
    return "not a regular file"


def open_regular(path: str | os.PathLike[str], what: str, cap: int, flags: int = os.O_RDONLY) -> int:
    """Open `path` without blocking; refuse anything but a regular file of at most `cap` bytes."""
    name = os.fspath(path)
    try:
        fd = os.open(name, flags | os.O_NONBLOCK | os.O_CLOEXEC)
    except IsADirectoryError:
        raise NotRegular(f"{what} {name} is a folder, not a regular file", code="file.not-regular") from None
    except OSError as exc:
        raise UsageError(f"cannot open {what} {name}: {exc.strerror}", code="file.open") from None
    return checked_regular(fd, name, what, cap)


def checked_regular(fd: int, name: str, what: str, cap: int) -> int:
    """`fd` back, made blocking, if it is a regular file of at most `cap` bytes; else closed and refused."""
    try:
        info = os.fstat(fd)
        if not stat.S_ISREG(info.st_mode):
            raise NotRegular(f"{what} {name} is {kind_of(info.st_mode)}, not a regular file",
                             code="file.not-regular")
        if info.st_size > cap:
            raise TooLarge(f"{what} {name} is {info.st_size} bytes, over the limit of {cap}", code="file.too-large")
        os.set_blocking(fd, True)
    except BaseException:
        os.close(fd)
        raise
    return fd


def read_capped(path: str | os.PathLike[str], what: str, cap: int = MAX_SMALL) -> bytes:
    """The bytes of a regular file of at most `cap` bytes (re-checked while reading: it may grow)."""
    fd = open_regular(path, what, cap)
    try:
        chunks, total = [], 0
        while True:
            chunk = os.read(fd, min(1 << 20, cap + 1 - total))
            if not chunk:
                break
            chunks.append(chunk)
            total += len(chunk)
            if total > cap:
                raise TooLarge(f"{what} {os.fspath(path)} is over the limit of {cap} bytes", code="file.too-large")
        return b"".join(chunks)
    finally:
        os.close(fd)


def write_all(fd: int, data: bytes) -> None:
    """Write every byte of `data` to `fd` (a short write goes on; a failing one raises OSError), then fsync."""
    view = memoryview(data)
    while view:
        view = view[os.write(fd, view):]
    os.fsync(fd)


def capped_lines(stream: BinaryIO, what: str, line_cap: int, cap: int) -> Iterator[bytes]:
    """The lines of a stream that may never end (standard input from /dev/zero): each at most `line_cap`
    bytes, all together at most `cap`, read one line at a time."""
    total = number = 0
    while line := stream.readline(line_cap + 1):
        number += 1
        total += len(line)
        if len(line) > line_cap:
            raise TooLarge(f"{what}: line {number} is longer than {line_cap} bytes", code="line.too-long")
        if total > cap:
            raise TooLarge(f"{what} is over the limit of {cap} bytes", code="file.too-large")
        yield line


def regular_problem(path: str | os.PathLike[str]) -> str | None:
    """Why `path` (not followed past a symlink's target) is not a regular file, or None."""
    try:
        mode = os.stat(path).st_mode
    except OSError as exc:
        return f"cannot read it: {exc.strerror}"
    return None if stat.S_ISREG(mode) else f"it is {kind_of(mode)}, not a regular file"


def create_temp(folder: Path, stem: str, mode: int = 0o600,
                opener: Callable[[Path, int, int], int] = os.open) -> tuple[Path, int]:
    """A new temporary file in `folder` with an unguessable name, created exclusively, no symlink followed."""
    import secrets  # only a writer needs it: replay starts faster

    for _ in range(100):
        tmp = folder / f".{stem[:64]}.{secrets.token_hex(8)}.tmp"  # a short stem: a long name stays legal
        try:
            fd = opener(tmp, os.O_WRONLY | os.O_CREAT | os.O_EXCL | os.O_NOFOLLOW | os.O_CLOEXEC, mode)
        except FileExistsError:
            continue
        return tmp, fd
    raise UsageError(f"cannot create a temporary file in {folder}", code="file.write")
