"""Helpers for the attack tests: run the CLI, make a seeded Four Planets record."""

from __future__ import annotations

import json
import os
import select
import subprocess
import sys
from pathlib import Path

import pytest

from planets_log.cli.main import cli
from planets_log.record.commit import commitment, seed_path
from tests.support.helpers import rechain, write_lines


def run(runner, *args, input=None):
    """Invoke the CLI as a user would (through the group's main, so output is escaped)."""
    return runner.invoke(cli, [str(a) for a in args], input=input, catch_exceptions=False)


@pytest.fixture
def finished(tmp_path):
    """A finished seeded Four Planets game played by self-play."""
    from planets_log.engine.play import selfplay

    path = tmp_path / "done.jsonl"
    path.write_text(selfplay("four-planets", 5).text())
    return path


@pytest.fixture
def fp(runner, tmp_path):
    """A seeded Four Planets record (public seed 4) with its setup drawn."""
    path = tmp_path / "fp.jsonl"
    res = run(runner, "new", "four-planets", "--player", "Ann", "--player", "Ben", "--seed", "4", path)
    assert res.exit_code == 0, res.output
    return path


def with_secret(path, other, secret_hex):
    """`path` (a record or a campaign) committed to another secret instead: the same lines
    after the header, rechained, with the side file of that secret beside `other`."""
    lines = path.read_bytes().splitlines()
    header = json.loads(lines[0])
    header["commit"]["sha256"] = commitment(bytes.fromhex(secret_hex))
    write_lines(other, rechain([json.dumps(header, separators=(",", ":")).encode()] + lines[1:]))
    seed_path(other).write_text(json.dumps({"log_id": header["log_id"], "secret": secret_hex}) + "\n")
    os.chmod(seed_path(other), 0o600)


ROOT = Path(__file__).parents[2]


def through_pty(args: list[str], answers: dict[bytes, bytes] | None = None, cwd: Path = ROOT) -> tuple[int, bytes]:
    """Run planets-log with its output on a new pseudo-terminal; with `answers`, stdin too, and
    each answer typed once its prompt shows. The exit code and the bytes the terminal got."""
    master, slave = os.openpty()
    env = dict(os.environ, PYTHONPATH=str(ROOT), TERM="xterm", PYTHONIOENCODING="utf-8")
    stdin = slave if answers is not None else subprocess.DEVNULL
    proc = subprocess.Popen([sys.executable, "-m", "planets_log", *args], stdin=stdin, stdout=slave, stderr=slave,
                            env=env, cwd=cwd)
    os.close(slave)
    out, waiting = b"", dict(answers or {})
    while True:
        ready, _, _ = select.select([master], [], [], 30)
        if not ready:
            proc.kill()
            raise AssertionError(f"no output for 30 s; so far: {out!r}")
        try:
            chunk = os.read(master, 65536)
        except OSError:  # EIO: the other side closed
            break
        if not chunk:
            break
        out += chunk
        for prompt in list(waiting):
            if prompt in out:
                os.write(master, waiting.pop(prompt) + b"\n")
    proc.wait(timeout=60)
    os.close(master)
    assert not waiting, f"never asked: {list(waiting)}; output: {out!r}"
    return proc.returncode, out
