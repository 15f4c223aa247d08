"""Every rewrite of a record (repair) goes through a temporary file in the same folder,
fsync, os.replace and an fsync of the folder; a failure or a SIGKILL at any point leaves
the old or the new file, never loses the torn bytes, and reports the project's own error;
a writer waiting for the lock during a repair appends to the repaired file."""

from __future__ import annotations

import errno
import os
import random
import shutil
import signal
import stat
import threading
import time
from pathlib import Path

import pytest

from planets_log.cli.main import cli
from planets_log.record import lines as record
from planets_log.record.errors import RecordError
from planets_log.record.lines import repair_torn_tail
from planets_log.engine.recorder import Recorder
from planets_log.audit.validate import validate_file

from .faults import Fault, FaultyOS
from .records import blob, mixed_record, write

TORN = b'{"type":"note","target":0,"text":"interrupt'


class Trace:
    """`os` for planets_log.record.lines that logs each file-system call with the path it is about."""

    def __init__(self):
        self.calls: list[tuple[str, str]] = []
        self.fds: dict[int, str] = {}

    def __getattr__(self, name):
        return getattr(os, name)

    def open(self, path, flags, mode=0o777):
        fd = os.open(path, flags, mode)
        self.fds[fd] = str(path)
        self.calls.append(("open", str(path)))
        return fd

    def write(self, fd, data):
        self.calls.append(("write", self.fds.get(fd, "?")))
        return os.write(fd, data)

    def fsync(self, fd):
        self.calls.append(("fsync", self.fds.get(fd, "?")))
        return os.fsync(fd)

    def replace(self, src, dst):
        self.calls.append(("replace", f"{src} -> {dst}"))
        return os.replace(src, dst)

    def link(self, src, dst):
        self.calls.append(("link", f"{src} -> {dst}"))
        return os.link(src, dst)


def test_repair_goes_through_a_temporary_file_fsync_replace_and_a_folder_fsync(tmp_path, monkeypatch):
    lines = mixed_record(10).lines
    path = tmp_path / "r.jsonl"
    path.write_bytes(blob(lines) + TORN)
    os.chmod(path, 0o600)
    trace = Trace()
    monkeypatch.setattr(record, "os", trace)
    side, moved = repair_torn_tail(path)
    monkeypatch.undo()
    opened = [p for call, p in trace.calls if call == "open" and p.endswith(".tmp")]
    tmp_side = next(p for p in opened if Path(p).name.startswith(".r.jsonl.torn-1."))
    tmp = next(p for p in opened if p != tmp_side)  # names are random (issue 11): found from the trace
    folder = str(tmp_path)
    assert trace.calls[trace.calls.index(("open", tmp_side)):] == [
        ("open", tmp_side), ("write", tmp_side), ("fsync", tmp_side), ("link", f"{tmp_side} -> {side}"),
        ("open", folder), ("fsync", folder),
        ("open", tmp), ("write", tmp), ("fsync", tmp), ("replace", f"{tmp} -> {path}"),
        ("open", folder), ("fsync", folder),
    ]
    assert path.read_bytes() == blob(lines) and Path(side).read_bytes() == TORN and moved == len(TORN)
    assert stat.S_IMODE(path.stat().st_mode) == 0o600 == stat.S_IMODE(Path(side).stat().st_mode)
    assert sorted(p.name for p in tmp_path.iterdir()) == ["r.jsonl", "r.jsonl.torn-1"]


@pytest.mark.parametrize("call,nth", [("write", 1), ("fsync", 1), ("link", 1), ("write", 2), ("fsync", 2),
                                      ("fsync", 3), ("replace", 1), ("fsync", 4)])
def test_repair_failing_at_any_step_loses_nothing(tmp_path, monkeypatch, call, nth, runner):
    """fsync 1/2: the side file and the folder; fsync 3/4: the new record and the folder."""
    lines = mixed_record(10).lines
    path = tmp_path / "r.jsonl"
    path.write_bytes(blob(lines) + TORN)
    monkeypatch.setattr(record, "os", FaultyOS(Fault(call, nth, err=errno.EIO)))
    res = runner.invoke(cli, ["repair", str(path)])
    monkeypatch.undo()
    assert res.exit_code == 1 and "[repair.failed]" in res.output and "nothing was lost" in res.output, res.output
    assert "internal error" not in res.output
    data = path.read_bytes()
    assert data in (blob(lines) + TORN, blob(lines))  # the old file or the new one, nothing else
    sides = sorted(tmp_path.glob("r.jsonl.torn-*"))
    assert data.endswith(TORN) or [p.read_bytes() for p in sides] == [TORN]
    assert not list(tmp_path.glob(".*.tmp")), "a temporary file was left behind"
    res = runner.invoke(cli, ["repair", str(path)])  # and a second try completes the repair
    assert res.exit_code == 0 and path.read_bytes() == blob(lines)
    assert all(p.read_bytes() == TORN for p in tmp_path.glob("r.jsonl.torn-*"))


def _repair_in_child(path: Path) -> int:
    pid = os.fork()
    if pid == 0:
        try:
            repair_torn_tail(path)
        finally:
            os._exit(0)
    return pid


def test_sigkill_during_repair_leaves_the_old_or_the_new_file(tmp_path):
    """Repairs of a ~12 MB record SIGKILLed at random moments (30 trials, more until both
    outcomes were seen): always the old file or the new one, never the torn bytes lost."""
    rng = random.Random(99)
    lines = mixed_record(10).lines
    big = b'{"type":"note","target":0,"text":"' + b"z" * 12_000_000 + b'","seq":11,"prev":"x"}'
    good = blob(lines) + big + b"\n"  # validity of the big line does not matter to repair
    (tmp_path / "timing.jsonl").write_bytes(good + TORN)
    began = time.monotonic()  # how long an uninterrupted repair takes on this machine now
    os.waitpid(_repair_in_child(tmp_path / "timing.jsonl"), 0)
    span = max(time.monotonic() - began, 0.01) * 1.2
    outcomes = {"old": 0, "new": 0}
    trial = 0
    while trial < 30 or (not all(outcomes.values()) and trial < 80):
        folder = tmp_path / f"t{trial}"
        folder.mkdir()
        path = folder / "r.jsonl"
        path.write_bytes(good + TORN)
        pid = _repair_in_child(path)
        time.sleep(rng.uniform(0, span))
        os.kill(pid, signal.SIGKILL)
        os.waitpid(pid, 0)
        data = path.read_bytes()
        assert data in (good + TORN, good), f"trial {trial}: the record is neither the old nor the new file"
        sides = list(folder.glob("r.jsonl.torn-*"))
        assert all(p.read_bytes() == TORN for p in sides), f"trial {trial}: a side file holds something else"
        if data == good:
            assert sides, "the record was cut but the torn bytes are nowhere"
            outcomes["new"] += 1
        else:
            outcomes["old"] += 1
            repair_torn_tail(path)  # the next repair finishes the job
            assert path.read_bytes() == good
        shutil.rmtree(folder)  # 12 MB each
        trial += 1
    print(outcomes, f"{span:.3f}s")
    assert outcomes["old"] and outcomes["new"], outcomes


def test_a_writer_waiting_for_the_lock_during_a_repair_appends_to_the_repaired_file(tmp_path):
    """The writer opened the record before the repair replaced it and waited for the lock;
    it must notice the file was replaced and append to the new one, or its acknowledged
    line would go to an unlinked file and be lost."""
    lines = mixed_record(10).lines
    path = write(tmp_path / "r.jsonl", lines)
    writer = Recorder(str(path))  # read while the record was whole
    with open(path, "ab") as f:  # then another process crashed mid-append
        f.write(TORN)
    ready_r, ready_w = os.pipe()
    go_r, go_w = os.pipe()
    pid = os.fork()
    if pid == 0:  # the repair: pauses with the lock held, just before os.replace
        try:
            real = record.os

            class Pause:
                def __getattr__(self, name):
                    return getattr(real, name)

                def replace(self, src, dst):
                    real.write(ready_w, b"r")
                    real.read(go_r, 1)
                    return real.replace(src, dst)

            record.os = Pause()
            repair_torn_tail(path)
        finally:
            os._exit(0)
    assert os.read(ready_r, 1) == b"r"
    done = []
    thread = threading.Thread(target=lambda: done.append(writer.annotate(0, "waited for the lock")))
    thread.start()
    time.sleep(0.3)
    assert not done, "the writer did not wait for the repair's lock"
    os.write(go_w, b"g")
    os.waitpid(pid, 0)
    thread.join(10)
    assert done, "the writer never finished"
    data = path.read_bytes()
    assert data.startswith(blob(lines)) and b"waited for the lock" in data and TORN not in data
    report = validate_file(str(path))
    assert report.valid and report.events == len(lines)
    for fd in (ready_r, ready_w, go_r, go_w):
        os.close(fd)


def test_repair_on_a_clean_record_changes_nothing(tmp_path, runner):
    path = write(tmp_path / "c.jsonl", mixed_record(5).lines)
    before, inode = path.read_bytes(), path.stat().st_ino
    res = runner.invoke(cli, ["repair", str(path)])
    assert res.exit_code == 0 and "no torn tail" in res.output
    assert path.read_bytes() == before and path.stat().st_ino == inode


def test_repair_does_not_touch_corruption_before_the_tail(tmp_path, runner):
    lines = mixed_record(10).lines
    lines[4] = lines[4].replace(b'"seq":4', b'"seq":40')
    path = tmp_path / "bad.jsonl"
    path.write_bytes(blob(lines) + TORN)
    res = runner.invoke(cli, ["repair", str(path)])
    assert res.exit_code == 1 and "moved a torn tail" in res.output
    assert ":5: seq 40: illegal [seq]" in res.output and "not repaired automatically" in res.output
    assert path.read_bytes() == blob(lines)  # only the torn tail went


def test_repair_errors_are_ours(tmp_path, runner):
    res = runner.invoke(cli, ["repair", str(tmp_path / "missing.jsonl")])
    assert res.exit_code == 2 and "Traceback" not in res.output
    res = runner.invoke(cli, ["repair", str(tmp_path)])
    assert res.exit_code == 2
    with pytest.raises(RecordError):
        repair_torn_tail(tmp_path / "missing.jsonl")
