"""Fault injection: a stand-in for the `os` module inside planets_log.record.lines."""

from __future__ import annotations

import errno
import os


class Fault:
    """Make the N-th call (1-based) of `os.<call>` fail: once, or from then on."""

    def __init__(self, call: str, nth: int, *, persistent: bool = False, err: int = errno.EIO, short: bool = False):
        self.call, self.nth, self.persistent, self.err, self.short = call, nth, persistent, err, short
        self.calls: dict[str, int] = {}
        self.log: list[str] = []

    def hit(self, call: str) -> bool:
        self.calls[call] = n = self.calls.get(call, 0) + 1
        return call == self.call and (n == self.nth or (self.persistent and n > self.nth))


class FaultyOS:
    """Delegates to the real `os`, except where the fault says a call fails.

    A failing write may first really write part of its data (`short`): then it returns
    the short count, as a real write does at a full disk or a file-size limit.
    """

    def __init__(self, fault: Fault):
        self._fault = fault

    def __getattr__(self, name):
        return getattr(os, name)

    def write(self, fd, data):
        if self._fault.hit("write"):
            if self._fault.short:
                self._fault.log.append("short write")
                return os.write(fd, bytes(data[: max(len(data) // 2, 1) - 1]) or b"")
            self._fault.log.append(f"write failed: {errno.errorcode[self._fault.err]}")
            raise OSError(self._fault.err, os.strerror(self._fault.err))
        return os.write(fd, data)

    def fsync(self, fd):
        if self._fault.hit("fsync"):
            self._fault.log.append(f"fsync failed: {errno.errorcode[self._fault.err]}")
            raise OSError(self._fault.err, os.strerror(self._fault.err))
        return os.fsync(fd)

    def replace(self, src, dst):
        if self._fault.hit("replace"):
            self._fault.log.append("replace failed")
            raise OSError(self._fault.err, os.strerror(self._fault.err))
        return os.replace(src, dst)

    def link(self, src, dst):
        if self._fault.hit("link"):
            self._fault.log.append("link failed")
            raise OSError(self._fault.err, os.strerror(self._fault.err))
        return os.link(src, dst)

    def ftruncate(self, fd, length):
        if self._fault.hit("ftruncate"):
            self._fault.log.append("ftruncate failed")
            raise OSError(self._fault.err, os.strerror(self._fault.err))
        return os.ftruncate(fd, length)


class BothFaults(Fault):
    """A short write, and then the ftruncate that should undo it fails too."""

    def __init__(self):
        super().__init__("write", 1, short=True)

    def hit(self, call: str) -> bool:
        self.calls[call] = n = self.calls.get(call, 0) + 1
        return n == 1 and call in ("write", "ftruncate")
