"""Starting an appender child, killing it with SIGKILL, and checking what it left behind."""

from __future__ import annotations

import hashlib
import os
import select
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest

from planets_log.engine.replay import Replay
from planets_log.record.lines import TornTail
from planets_log.audit.validate import validate_file

ROOT = Path(__file__).resolve().parents[2]


def fork_appender(path: Path, mode: str, seed: int) -> tuple[int, int]:
    """A forked child running appender.run; returns (pid, read end of its pipe)."""
    from . import appender

    r, w = os.pipe()
    pid = os.fork()
    if pid == 0:  # the child: never return into pytest
        code = 0
        try:
            os.close(r)
            appender.run(str(path), mode, seed, w)
        except BaseException as exc:  # noqa: BLE001 - reported to the parent
            os.write(w, f"E {type(exc).__name__}: {exc}\n".encode()[:4000])
            code = 3
        finally:
            os._exit(code)
    os.close(w)
    return pid, r


def spawn_appender(path: Path, mode: str, seed: int) -> subprocess.Popen:
    """A fresh interpreter running `python -m tests.durability.appender`."""
    env = dict(os.environ, PYTHONPATH=str(ROOT), PYTHONDONTWRITEBYTECODE="1")
    return subprocess.Popen([sys.executable, "-m", "tests.durability.appender", str(path), mode, str(seed)],
                            cwd=ROOT, env=env, stdout=subprocess.PIPE, stderr=subprocess.PIPE)


class Messages:
    """The child's messages read so far from a pipe."""

    def __init__(self, fd: int):
        self.fd, self.buf, self.eof = fd, b"", False

    def pump(self, timeout: float) -> None:
        if self.eof:
            return
        ready, _, _ = select.select([self.fd], [], [], max(timeout, 0))
        if ready:
            chunk = os.read(self.fd, 1 << 16)
            self.eof = not chunk
            self.buf += chunk

    def lines(self) -> list[str]:
        return [line.decode() for line in self.buf.split(b"\n")[:-1]]

    def has(self, prefix: str) -> bool:
        return any(line.startswith(prefix) for line in self.lines())

    def acked(self) -> dict[int, str]:
        errors = [line for line in self.lines() if line.startswith("E ")]
        assert not errors, f"the appender failed on its own: {errors}"
        return {int(seq): digest for kind, seq, digest in (line.split() for line in self.lines() if line[0] == "A")}


def kill_after(pid: int, msgs: Messages, *, delay: float | None = None, after_write: float | None = None,
               limit: float = 20.0) -> None:
    """SIGKILL `pid` `delay` seconds from now, or `after_write` seconds after it announces a write."""
    start = time.monotonic()
    deadline = start + delay if delay is not None else None
    while True:
        now = time.monotonic()
        if deadline is None and msgs.has("W "):
            deadline = now + after_write
        if deadline is not None and now >= deadline:
            break
        assert now - start < limit, f"the appender never got to a write: {msgs.lines()[-3:]}"
        if msgs.has("E ") or msgs.eof:
            break
        msgs.pump(min(deadline - now, 0.05) if deadline is not None else 0.05)
    if deadline is not None and time.monotonic() < deadline:
        time.sleep(deadline - time.monotonic())
    try:
        os.kill(pid, signal.SIGKILL)
    except ProcessLookupError:
        pass


def drain(msgs: Messages) -> None:
    while not msgs.eof:
        msgs.pump(5.0)


def check_after_kill(path: Path, before: bytes, acked: dict[int, str], cli, runner) -> bytes:
    """Every acknowledged line survived byte for byte, the old prefix is intact, and a torn
    tail is reported (by the reader and by `record`) and moved aside by `repair`.

    Returns the torn bytes (b"" when the kill left no torn tail)."""
    data = path.read_bytes()
    assert data.startswith(before), "the bytes before the append changed"
    end = data.rfind(b"\n") + 1
    lines = data[:end].split(b"\n")[:-1]
    for seq, digest in acked.items():
        assert seq < len(lines), f"acknowledged seq {seq} is missing (the record ends at seq {len(lines) - 1})"
        assert hashlib.sha256(lines[seq]).hexdigest() == digest, f"acknowledged seq {seq} changed"
    torn = data[end:]
    if torn:
        with pytest.raises(TornTail) as err:
            Replay(str(path)).final()
        assert (err.value.offset, err.value.line, err.value.kind) == (end, len(lines) + 1, "torn")
        refused = runner.invoke(cli, ["record", str(path), "take 1"])
        assert refused.exit_code == 1 and "torn" in refused.output and path.read_bytes() == data
        fixed = runner.invoke(cli, ["repair", str(path)])
        assert fixed.exit_code == 0, fixed.output
        assert f"moved a torn tail of {len(torn)} bytes" in fixed.output
        side = Path(fixed.output.split(" to ", 1)[1].split("\n", 1)[0])
        assert side.parent == path.parent and side.read_bytes() == torn, "the torn bytes were not kept"
        side.unlink()
        assert path.read_bytes() == data[:end]
    report = validate_file(str(path))
    assert report.valid, [str(e) for e in report.errors]
    assert report.events == len(lines) - 1
    return torn
