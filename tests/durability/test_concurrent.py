"""Concurrent writers: appends from several processes interleave into one contiguous,
correctly chained record; writers racing on the same expected seq: exactly one wins."""

from __future__ import annotations

import json
import os
import subprocess
import sys

from planets_log.record.errors import RecordError
from planets_log.record.lines import StaleWriter
from planets_log.engine.recorder import Recorder
from planets_log.audit.validate import validate_file

from .killing import ROOT
from .records import new_builder, write

WRITERS = 4
EACH = 25


def _forked(fn, *args) -> int:
    pid = os.fork()
    if pid == 0:
        code = 1
        try:
            code = fn(*args) or 0
        except BaseException as exc:  # noqa: BLE001
            os.write(2, f"child failed: {type(exc).__name__}: {exc}\n".encode())
        finally:
            os._exit(code)
    return pid


def _wait(pid: int) -> int:
    return os.waitstatus_to_exitcode(os.waitpid(pid, 0)[1])


def _writer(path: str, name: str, go: int) -> int:
    os.read(go, 1)  # start together
    stale = 0
    for k in range(EACH):
        while True:
            try:
                Recorder(path, fsync=k % 2 == 0).annotate(0, f"{name}-{k}", author=name)
                break
            except StaleWriter:
                stale += 1  # another writer got there first: re-read and try again
    return 0


def test_several_processes_appending_give_contiguous_seqs_and_a_valid_chain(tmp_path):
    path = write(tmp_path / "shared.jsonl", new_builder().lines)
    r, w = os.pipe()
    pids = [_forked(_writer, str(path), f"w{i}", r) for i in range(WRITERS)]
    os.write(w, b"x" * WRITERS)
    assert [_wait(pid) for pid in pids] == [0] * WRITERS
    os.close(r)
    os.close(w)
    report = validate_file(str(path))  # seq 0, 1, 2 … with no gap; every prev matches
    assert report.valid, [str(e) for e in report.errors]
    lines = [json.loads(x) for x in path.read_bytes().splitlines()]
    assert [x["seq"] for x in lines] == list(range(len(lines)))
    assert report.events == 1 + WRITERS * EACH
    for i in range(WRITERS):  # each writer's notes are all there, once, in its order
        assert [x["text"] for x in lines if x.get("author") == f"w{i}"] == [f"w{i}-{k}" for k in range(EACH)]


def _racer(path: str, ready: int, go: int, result: int) -> int:
    rec = Recorder(path)
    rec.expect(rec.pos.seq)  # a note asked to land at this seq exactly (--expect-seq); else it is retried
    os.write(ready, b"r")
    os.read(go, 1)  # both have read the record ending at the same seq
    try:
        rec.annotate(0, f"racer {os.getpid()}")
        os.write(result, b"W")
    except StaleWriter as exc:
        assert exc.code == "append.stale" and "nothing was written" in exc.message
        os.write(result, b"L")
    return 0


def test_two_writers_on_the_same_expected_seq_exactly_one_wins(tmp_path):
    path = write(tmp_path / "race.jsonl", new_builder().lines)
    for round_ in range(30):
        before = path.read_bytes()
        ready_r, ready_w = os.pipe()
        go_r, go_w = os.pipe()
        res_r, res_w = os.pipe()
        pids = [_forked(_racer, str(path), ready_w, go_r, res_w) for _ in range(2)]
        got = b""
        while len(got) < 2:  # both have replayed the record
            got += os.read(ready_r, 2 - len(got))
        os.write(go_w, b"xx")
        assert [_wait(pid) for pid in pids] == [0, 0]
        outcome = sorted(os.read(res_r, 10).decode())
        for fd in (ready_r, ready_w, go_r, go_w, res_r, res_w):
            os.close(fd)
        assert outcome == ["L", "W"], f"round {round_}: {outcome}"
        after = path.read_bytes()
        assert after.startswith(before) and after.count(b"\n") == before.count(b"\n") + 1
    assert validate_file(str(path)).valid


def _toycli(*args: str) -> subprocess.Popen:
    env = dict(os.environ, PYTHONPATH=str(ROOT), PYTHONDONTWRITEBYTECODE="1")
    return subprocess.Popen([sys.executable, "-m", "tests.durability.toycli", *args], cwd=ROOT, env=env,
                            stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)


def test_record_expect_seq_two_commands_racing_exactly_one_wins(tmp_path):
    """`planets-log record --expect-seq N` from two terminals at once: one appends, the
    other is refused (before or inside the lock) and writes nothing."""
    path = write(tmp_path / "cli.jsonl", new_builder().lines)  # seed 3: a pile of 12
    for seq in range(1, 7):
        before = path.read_bytes()
        procs = [_toycli("record", str(path), "--expect-seq", str(seq), "take 1") for _ in range(2)]
        results = [(p.wait(), p.stdout.read(), p.stderr.read()) for p in procs]
        for p in procs:
            p.stdout.close()
            p.stderr.close()
        codes = sorted(code for code, _, _ in results)
        assert codes == [0, 1], results
        loser = next(err for code, _, err in results if code == 1)
        assert "Traceback" not in loser and "nothing was written" in loser, loser
        assert "[append.stale]" in loser
        after = path.read_bytes()
        assert after.startswith(before) and after.count(b"\n") == before.count(b"\n") + 1
    assert validate_file(str(path)).valid


def test_a_stale_recorder_is_refused_and_writes_nothing(tmp_path):
    path = write(tmp_path / "stale.jsonl", new_builder().lines)
    old, new = Recorder(str(path)), Recorder(str(path))
    new.annotate(0, "first")
    before = path.read_bytes()
    try:
        old.play("take 1")  # a move depends on the position: refused (a note would be placed at the new end)
    except RecordError as exc:
        assert exc.code == "append.stale" and exc.kind == "conflict"
    else:
        raise AssertionError("a stale writer appended")
    assert path.read_bytes() == before
