"""A Hypothesis state machine over a record file: append, crash in the middle of an
append, reopen, append to a torn record, stale writers, repair, verify. The invariant
after every step: the file equals the model (the acknowledged lines, plus any line whose
write completed before the crash, plus the torn bytes), and every side file holds exactly
the torn bytes it took."""

from __future__ import annotations

import shutil
import tempfile
from pathlib import Path

import pytest
from hypothesis import HealthCheck, settings
from hypothesis import strategies as st
from hypothesis.stateful import RuleBasedStateMachine, initialize, invariant, precondition, rule

from planets_log.record import lines as record
from planets_log.record.errors import RecordError
from planets_log.record.events import Note, Retract
from planets_log.record.lines import TornTail, create_record, repair_torn_tail
from planets_log.engine.recorder import Recorder
from planets_log.audit.validate import validate_file
from tests.support.toy import Take

from .records import new_builder


class Crash(BaseException):
    """The process dies here: no except clause of the writer runs (only the kernel's
    cleanup: the descriptor is closed and the lock released)."""


class DieDuringWrite:
    """`os` for planets_log.record.lines: the next write puts `keep` bytes on disk, then dies."""

    def __init__(self, keep: int):
        self.keep = keep

    def __getattr__(self, name):
        import os

        return getattr(os, name)

    def write(self, fd, data):
        import os

        os.write(fd, bytes(data[: self.keep]))
        raise Crash


def _content(event):
    """The event without its place in the record."""
    from planets_log.record.events import strip_place

    return strip_place(event)


class RecordModel(RuleBasedStateMachine):
    @initialize(seeded=st.booleans())
    def start(self, seeded):
        self.dir = Path(tempfile.mkdtemp(prefix="durability-"))
        self.path = self.dir / "game.jsonl"
        build = new_builder(seed=3) if seeded else new_builder(seed=None)
        create_record(self.path, build.lines)
        self.lines = list(build.lines)
        self.torn = b""
        self.sides: dict[str, bytes] = {}
        self.old = Recorder(str(self.path))  # a writer that may go stale

    def teardown(self):
        shutil.rmtree(getattr(self, "dir", "/nonexistent"), ignore_errors=True)

    def _event(self, rec: Recorder, kind: int, text: str):
        to_move = rec.session.to_move(rec.pos)
        if kind == 0 and to_move >= 0:
            return Take(by=to_move, n=1)
        if kind == 1 and rec.pos.undo is not None:
            return Retract(target=rec.pos.undo.seq, reason=text or None)
        if kind == 2 and to_move == -1:  # a table game: chance typed in
            from tests.support.toy import Pile

            return Pile(size=7)
        return Note(target=rec.pos.seq, text=text)

    @precondition(lambda self: not self.torn)
    @rule(kind=st.integers(0, 3), text=st.text(max_size=40), fsync=st.booleans())
    def append(self, kind, text, fsync):
        rec = Recorder(str(self.path), fsync=fsync)
        entries = rec.add(self._event(rec, kind, text))
        self.lines += [rec.session.encode(e.event) for e in entries]
        assert rec.pos.seq == len(self.lines) - 1

    @precondition(lambda self: not self.torn)
    @rule(kind=st.integers(0, 3), text=st.text(max_size=400), keep=st.floats(0, 1))
    def crash_mid_append(self, kind, text, keep):
        rec = Recorder(str(self.path))
        event = rec.session.seal(rec.pos, self._event(rec, kind, text))
        line = rec.session.encode(event) + b"\n"
        n = round(keep * len(line))
        real_os = record.os
        record.os = DieDuringWrite(n)
        try:
            with pytest.raises(Crash):
                rec.add(event)
        finally:
            record.os = real_os
        if n == len(line):  # the whole line reached the file, the fsync did not happen: kept, not acknowledged
            self.lines.append(line[:-1])
        else:
            self.torn = line[:n]

    @rule()
    def reopen(self):
        if self.torn:
            with pytest.raises(TornTail) as err:
                Recorder(str(self.path))
            assert err.value.offset == len(self._complete()) and err.value.data == self.torn
        else:
            assert Recorder(str(self.path)).pos.seq == len(self.lines) - 1

    @precondition(lambda self: self.torn)
    @rule(text=st.text(max_size=20))
    def append_to_torn_record_is_refused(self, text):
        with pytest.raises(RecordError) as err:
            self.old.annotate(0, text)
        assert err.value.code == "torn-tail"

    @rule(text=st.text(max_size=20))
    def stale_writer(self, text):
        """A note from a writer that read the record before the last changes is placed at
        the record's end under the lock (a note does not depend on the position); only a
        torn tail refuses it, writing nothing."""
        if self.torn:
            with pytest.raises(RecordError) as err:
                self.old.annotate(0, text)
            assert err.value.code == "torn-tail"
            return
        self.old.annotate(0, text)
        self.lines = self.path.read_bytes().split(b"\n")[:-1]
        assert Note(target=0, text=text) == _content(self.old.session.decode(self.lines[-1]))
        self.old = Recorder(str(self.path))

    @precondition(lambda self: not self.torn)
    @rule()
    def stale_move(self):
        """A move from a writer that read the record before the last changes is refused, writing nothing."""
        if self.old.pos.seq == len(self.lines) - 1:
            return
        event = self._event(self.old, 0, "")
        if isinstance(event, Note):
            return
        with pytest.raises(RecordError) as err:
            self.old.add(event)
        assert err.value.code == "append.stale"
        self.old = Recorder(str(self.path))

    @rule()
    def repair(self):
        moved = repair_torn_tail(self.path)
        if not self.torn:
            assert moved is None
            return
        side, size = moved
        assert size == len(self.torn) and Path(side).parent == self.dir
        self.sides[side] = self.torn
        self.torn = b""

    def _complete(self) -> bytes:
        return b"".join(line + b"\n" for line in self.lines)

    @invariant()
    def file_equals_model(self):
        if not hasattr(self, "path"):
            return
        assert self.path.read_bytes() == self._complete() + self.torn
        for side, data in self.sides.items():
            assert Path(side).read_bytes() == data
        assert not list(self.dir.glob(".*.tmp")), "a temporary file was left behind"
        report = validate_file(str(self.path))
        if self.torn:
            assert [e.code for e in report.errors] == ["torn-tail"]
        else:
            assert report.valid, [str(e) for e in report.errors]
            assert report.events == len(self.lines) - 1


RecordModel.TestCase.settings = settings(max_examples=60, stateful_step_count=30, deadline=None,
                                         suppress_health_check=[HealthCheck.too_slow])
test_record_model = RecordModel.TestCase
