"""`planets-log serve` as a real process, exactly as a user starts it: on a store, a free loopback port, its output
in a log file; the director's token it prints on its first start."""

from __future__ import annotations

import os
import socket
import subprocess
import sys
import time
from dataclasses import dataclass
from pathlib import Path

from .natsd import free_port

ROOT = Path(__file__).resolve().parents[2]
CLI = [sys.executable, "-c", "from planets_log.cli.main import main; main()"]


@dataclass
class Serving:
    """One server process."""

    proc: subprocess.Popen[bytes]
    port: int
    log: Path

    def token(self) -> str | None:
        """The director's token, when this server printed the director's link (the tournament's first start)."""
        text = self.log.read_text(errors="replace")
        return text.split("#token=", 1)[1].split()[0] if "#token=" in text else None

    def stop(self) -> None:
        """Interrupt (as Ctrl-C), then kill, and wait."""
        if self.proc.poll() is None:
            self.proc.send_signal(2)
            try:
                self.proc.wait(30)
            except subprocess.TimeoutExpired:
                self.proc.kill()
                self.proc.wait(10)

    def kill(self) -> None:
        """kill -9."""
        if self.proc.poll() is None:
            self.proc.kill()
            self.proc.wait(10)


def serve(store: str, log: Path, *extra: str, seconds: float = 120) -> Serving:
    """`planets-log serve STORE --host 127.0.0.1 --port P`, waited for until it accepts connections."""
    port = free_port()
    env = {**os.environ, "PYTHONPATH": str(ROOT)}
    with log.open("wb") as out:
        proc = subprocess.Popen([*CLI, "serve", store, "--host", "127.0.0.1", "--port", str(port), *extra],
                                stdout=out, stderr=subprocess.STDOUT, stdin=subprocess.DEVNULL, env=env)
    deadline = time.monotonic() + seconds
    while proc.poll() is None and time.monotonic() < deadline:
        try:
            socket.create_connection(("127.0.0.1", port), timeout=1).close()
            return Serving(proc, port, log)
        except OSError:
            time.sleep(0.05)
    proc.kill()
    proc.wait(10)
    raise RuntimeError(f"planets-log serve did not start:\n{log.read_text(errors='replace')}")


__all__ = ["CLI", "Serving", "serve"]
