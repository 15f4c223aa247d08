"""Fault injection on os.write and os.fsync failing at the N-th call, once and for good:
the record is left exactly as it was before the failed append, and the error is ours."""

from __future__ import annotations

import errno
import os
import resource
import subprocess
import sys

import pytest

from planets_log.record import lines as record
from planets_log.record.errors import RecordError
from planets_log.engine.recorder import Recorder
from planets_log.audit.validate import validate_file

from .faults import BothFaults, Fault, FaultyOS
from .killing import ROOT
from .records import new_builder, write

APPENDS = 6
WRITE_FAULTS = [
    pytest.param(dict(err=errno.ENOSPC), id="ENOSPC"),
    pytest.param(dict(err=errno.EFBIG), id="EFBIG"),
    pytest.param(dict(err=errno.EIO), id="EIO"),
    pytest.param(dict(short=True), id="short-write"),
]
FSYNC_FAULTS = [pytest.param(dict(err=errno.EIO), id="EIO"), pytest.param(dict(err=errno.ENOSPC), id="ENOSPC")]


def _append_all(path, fault: Fault, monkeypatch) -> list[bytes]:
    """Try APPENDS appends (alternating a 70 kB note and small ones) through one Recorder;
    return the file's bytes after each attempt, checking every failure on the way."""
    rec = Recorder(str(path))
    monkeypatch.setattr(record, "os", FaultyOS(fault))
    states = []
    for k in range(APPENDS):
        before = path.read_bytes()
        seq_before = rec.pos.seq
        text = f"note {k} " + ("x" * 70_000 if k % 2 else "\u2028")
        try:
            rec.annotate(0, text)
        except RecordError as exc:
            assert exc.code == "append.failed" and exc.kind == "io"
            assert "the record is left as it was" in exc.message
            assert path.read_bytes() == before, "a failed append changed the record"
            assert rec.pos.seq == seq_before, "a failed append moved the writer's position"
        else:
            assert rec.pos.seq == seq_before + 1
        states.append(path.read_bytes())
    monkeypatch.undo()
    return states


def _expected_events(nth: int, persistent: bool) -> int:
    """Appends that succeed when the nth one (and, if persistent, every later one) fails."""
    return nth - 1 if persistent else APPENDS - 1


@pytest.mark.parametrize("persistent", [False, True], ids=["once", "persistent"])
@pytest.mark.parametrize("kind", WRITE_FAULTS)
@pytest.mark.parametrize("nth", range(1, APPENDS + 1))
def test_write_failing_at_the_nth_call(tmp_path, monkeypatch, nth, kind, persistent):
    base = new_builder()
    path = write(tmp_path / "w.jsonl", base.lines)
    fault = Fault("write", nth, persistent=persistent, **kind)
    _append_all(path, fault, monkeypatch)
    assert fault.log, "the fault never fired"
    report = validate_file(str(path))
    assert report.valid and report.events == 1 + _expected_events(nth, persistent)


@pytest.mark.parametrize("persistent", [False, True], ids=["once", "persistent"])
@pytest.mark.parametrize("kind", FSYNC_FAULTS)
@pytest.mark.parametrize("nth", range(1, APPENDS + 1))
def test_fsync_failing_at_the_nth_call(tmp_path, monkeypatch, nth, kind, persistent):
    """The data was written (it is in the page cache) but not made durable: the append is
    not acknowledged, so it is cut off again."""
    path = write(tmp_path / "f.jsonl", new_builder().lines)
    fault = Fault("fsync", nth, persistent=persistent, **kind)
    _append_all(path, fault, monkeypatch)
    assert fault.log
    report = validate_file(str(path))
    assert report.valid and report.events == 1 + _expected_events(nth, persistent)


def test_the_cli_reports_a_failed_append_without_a_traceback(tmp_path, monkeypatch, runner):
    from planets_log.cli.main import cli

    path = write(tmp_path / "c.jsonl", new_builder().lines)
    before = path.read_bytes()
    monkeypatch.setattr(record, "os", FaultyOS(Fault("write", 1, err=errno.ENOSPC)))
    res = runner.invoke(cli, ["record", str(path), "take 2"])
    monkeypatch.undo()
    assert res.exit_code == 1 and res.exception.__class__ is SystemExit
    assert "could not append: No space left on device; the record is left as it was" in res.output
    assert path.read_bytes() == before


def test_a_real_file_size_limit_truncates_back(tmp_path):
    """A real RLIMIT_FSIZE (the CLI ignores SIGXFSZ, so write() returns short): the big note
    is refused with a clear message and the record is unchanged; a small one still fits."""
    path = write(tmp_path / "limit.jsonl", new_builder().lines)
    before = path.read_bytes()
    limit = len(before) + 2000

    def cap():
        resource.setrlimit(resource.RLIMIT_FSIZE, (limit, limit))

    env = dict(os.environ, PYTHONPATH=str(ROOT), PYTHONDONTWRITEBYTECODE="1")

    def annotate(text: str) -> subprocess.CompletedProcess:
        return subprocess.run([sys.executable, "-m", "tests.durability.toycli", "annotate", str(path), "--at", "1", text],
                              cwd=ROOT, env=env, preexec_fn=cap, capture_output=True, text=True, timeout=60)

    big = annotate("y" * 10_000)
    assert big.returncode == 1, big
    assert "could not append: short write" in big.stderr and "the record is left as it was" in big.stderr
    assert "Traceback" not in big.stderr
    assert path.read_bytes() == before
    small = annotate("fits")
    assert small.returncode == 0, small.stderr
    assert validate_file(str(path)).events == 2


def test_write_and_the_truncate_back_both_failing_leave_a_torn_tail_to_repair(tmp_path, monkeypatch):
    """The worst case: a short write, then ftruncate fails as well. The error says the record
    may end in a torn line; it does, and repair restores the record as it was."""
    from planets_log.record.lines import TornTail, repair_torn_tail

    path = write(tmp_path / "t.jsonl", new_builder().lines)
    before = path.read_bytes()
    rec = Recorder(str(path))
    monkeypatch.setattr(record, "os", FaultyOS(BothFaults()))
    with pytest.raises(RecordError) as err:
        rec.annotate(0, "x" * 1000)
    monkeypatch.undo()
    assert err.value.code == "append.failed" and "planets-log repair" in err.value.message
    with pytest.raises(TornTail):
        Recorder(str(path))
    side, _ = repair_torn_tail(path)
    assert path.read_bytes() == before and validate_file(str(path)).valid
