"""SIGKILL during append: every acknowledged event survives, the prefix is intact, and a
torn tail is reported by the next open and repaired by `planets-log repair`."""

from __future__ import annotations

import os
import random
import shutil

import pytest

from planets_log.cli.main import cli
from planets_log.engine.recorder import Recorder

from .killing import Messages, check_after_kill, drain, fork_appender, kill_after, spawn_appender
from .records import mixed_record, write

SMALL_TRIALS = 240
PER_RECORD = 60


def test_sigkill_at_random_moments_small_and_medium_events(tmp_path, runner):
    """240 forked appenders killed at random moments (while replaying, encoding, writing,
    fsyncing; a quarter of them aimed at a write); notes from 0 bytes to 300 kB. Each
    record carries on across 60 trials, so appends after a repair are tested too."""
    rng = random.Random(20240611)
    seen = {"acked": 0, "torn": 0}
    path = None
    for trial in range(SMALL_TRIALS):
        if trial % PER_RECORD == 0:
            path = write(tmp_path / f"small-{trial}.jsonl", mixed_record(30, rng_seed=trial).lines)
        before = path.read_bytes()
        targeted = trial % 4 == 3
        pid, fd = fork_appender(path, "small-targeted" if targeted else "small", trial)
        msgs = Messages(fd)
        try:
            if targeted:  # a quarter of the kills aim at a write, 0–0.5 ms into it
                kill_after(pid, msgs, after_write=rng.uniform(0.0, 0.0005))
            else:
                kill_after(pid, msgs, delay=rng.uniform(0.0, 0.05))
            drain(msgs)
        finally:
            os.close(fd)
            os.waitpid(pid, 0)
        acked = msgs.acked()
        torn = check_after_kill(path, before, acked, cli, runner)
        seen["acked"] += len(acked)
        seen["torn"] += bool(torn)
    assert seen["acked"] >= SMALL_TRIALS // 4, seen  # the kills did land among appends (typically ~1600)
    print(f"small trials: {seen}")


@pytest.mark.parametrize("targeted", [False, True], ids=["random-moment", "during-write"])
def test_sigkill_during_multi_megabyte_appends(tmp_path, runner, targeted):
    """Fresh interpreters appending 2–6 MB notes, killed at a random moment or a random
    0–3 ms into a write; a kill inside the write leaves a torn tail, which is repaired,
    and the record then takes appends again."""
    rng = random.Random(7 + targeted)
    base = write(tmp_path / "base.jsonl", mixed_record(20).lines)
    torn_count = trial = 0
    while trial < 8 or (targeted and not torn_count and trial < 16):  # aimed kills: retry until one tears
        path = tmp_path / f"big-{targeted}-{trial}.jsonl"
        shutil.copyfile(base, path)
        before = path.read_bytes()
        proc = spawn_appender(path, "big-targeted" if targeted else "big", trial)
        msgs = Messages(proc.stdout.fileno())
        try:
            if targeted:
                kill_after(proc.pid, msgs, after_write=rng.uniform(0.0, 0.003) if trial < 8 else 0.0)
            else:
                while not msgs.has("ready") and not msgs.eof:
                    msgs.pump(1.0)
                kill_after(proc.pid, msgs, delay=rng.uniform(0.0, 0.4))
            drain(msgs)
        finally:
            proc.wait()
            stderr = proc.stderr.read().decode()
            proc.stdout.close()
            proc.stderr.close()
        assert "Traceback" not in stderr, stderr
        torn = check_after_kill(path, before, msgs.acked(), cli, runner)
        torn_count += bool(torn)
        rec = Recorder(str(path))  # repaired: the record takes appends again
        rec.annotate(0, "after the crash")
        assert Recorder(str(path)).pos.seq == rec.pos.seq
        path.unlink()  # several MB each: do not keep them in pytest's temporary folders
        trial += 1
    if targeted:
        assert torn_count >= 1, "no kill landed inside a multi-MB write; the test did not test anything"
    print(f"big trials (targeted={targeted}): {torn_count}/{trial} torn")
