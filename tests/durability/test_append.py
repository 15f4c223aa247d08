"""The append protocol itself: one write on an O_APPEND descriptor under an exclusive flock,
the seq/prev check inside the lock, fsync before the append is acknowledged (not with
`record --no-fsync`), and `record` refusing a torn record."""

from __future__ import annotations

import fcntl
import os

import pytest

from planets_log.cli.main import cli
from planets_log.record import lines as record

from .records import new_builder, write

NL = b"\n"


class Spy:
    """`os` and `fcntl` for planets_log.record.lines, logging the calls on the record."""

    def __init__(self):
        self.log: list[str] = []

    def os(self):
        spy = self

        class _Os:
            def __getattr__(self, name):
                return getattr(os, name)

            def open(self, path, flags, mode=0o777):
                spy.log.append(f"open{' O_APPEND' if flags & os.O_APPEND else ''}")
                return os.open(path, flags, mode)

            def write(self, fd, data):
                spy.log.append(f"write {data.count(NL)} lines")
                return os.write(fd, data)

            def pread(self, fd, n, offset):
                spy.log.append("pread")
                return os.pread(fd, n, offset)

            def fsync(self, fd):
                spy.log.append("fsync")
                return os.fsync(fd)

            def close(self, fd):
                spy.log.append("close")
                return os.close(fd)

        return _Os()

    def fcntl(self):
        spy = self

        class _Fcntl:
            LOCK_EX = fcntl.LOCK_EX

            def flock(self, fd, op):
                spy.log.append("flock LOCK_EX" if op == fcntl.LOCK_EX else f"flock {op}")
                return fcntl.flock(fd, op)

        return _Fcntl()


@pytest.mark.parametrize("flags,synced", [((), True), (("--no-fsync",), False)], ids=["fsync", "no-fsync"])
def test_record_appends_with_one_locked_write_then_fsync(tmp_path, monkeypatch, runner, flags, synced):
    path = write(tmp_path / "a.jsonl", new_builder().lines)
    spy = Spy()
    monkeypatch.setattr(record, "os", spy.os())
    monkeypatch.setattr(record, "fcntl", spy.fcntl())
    res = runner.invoke(cli, ["record", str(path), *flags, "take 2"])
    monkeypatch.undo()
    assert res.exit_code == 0, res.output
    log = [x for x in spy.log if x != "pread"]  # the tail check reads inside the lock
    assert log == ["open O_APPEND", "flock LOCK_EX", "write 1 lines", *(["fsync"] if synced else []), "close"]
    first_pread, lock = spy.log.index("pread"), spy.log.index("flock LOCK_EX")
    assert lock < first_pread < spy.log.index("write 1 lines")  # the seq/prev check is inside the lock


def test_record_refuses_a_torn_record_until_it_is_repaired(tmp_path, runner):
    path = write(tmp_path / "t.jsonl", new_builder().lines)
    path.write_bytes(path.read_bytes() + b'{"type":"take","by":0,')
    before = path.read_bytes()
    for args in (["record", str(path), "take 1"], ["annotate", str(path), "--at", "1", "x"], ["undo", str(path)]):
        res = runner.invoke(cli, args)
        assert res.exit_code == 1 and "torn-tail" in res.output and "planets-log repair" in res.output, res.output
        assert path.read_bytes() == before
    assert runner.invoke(cli, ["repair", str(path)]).exit_code == 0
    assert runner.invoke(cli, ["record", str(path), "take 1"]).exit_code == 0
