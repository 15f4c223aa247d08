"""A real `planets-log serve` on 127.0.0.1: its own process under uvicorn on a free port, the director's link it
printed, an httpx client, and a bounded stop (or a `kill -9`). Only loopback: nothing here listens elsewhere."""

from __future__ import annotations

import json
import os
import signal
import socket
import subprocess
import sys
import time
from dataclasses import dataclass
from pathlib import Path
from typing import Any, Iterator

import httpx

from .conftest import Served, bearer

HOST = "127.0.0.1"
LAUNCH = ("import json, sys\n"
          "from planets_log.serve import limits\n"
          "for k, v in json.loads(sys.argv[1]).items(): setattr(limits, k, v)\n"
          "from planets_log.cli.main import main\n"
          "main(sys.argv[2:])\n")
"""The serve command, with some of the server's limits lowered first (so a test need not wait for the real ones)."""


def free_port() -> int:
    """A port nobody listens on now (the kernel's choice)."""
    with socket.socket() as sock:
        sock.bind((HOST, 0))
        return int(sock.getsockname()[1])


@dataclass
class Real:
    """One server process: its folder, base URL, the director's headers; its output in `log`."""

    folder: Path
    proc: subprocess.Popen[bytes]
    port: int
    director: dict[str, str]
    log: Path

    @property
    def base(self) -> str:
        return f"http://{HOST}:{self.port}"

    def client(self, **options: Any) -> httpx.Client:
        return httpx.Client(base_url=self.base, timeout=httpx.Timeout(20.0), **options)

    def served(self) -> Served:
        """The same helpers as the framework's test client has (`Served`), over the real socket."""
        return Served(self.folder, None, self.client(), self.director)  # type: ignore[arg-type]

    def alive(self) -> bool:
        return self.proc.poll() is None

    def stop(self) -> None:
        """Ask it to stop (uvicorn's graceful stop is bounded); kill it if it has not after 15 seconds."""
        if self.alive():
            self.proc.send_signal(signal.SIGINT)
            try:
                self.proc.wait(15)
            except subprocess.TimeoutExpired:
                self.kill()

    def kill(self) -> None:
        """`kill -9`: no goodbye, no flush, no lock released but by the kernel."""
        if self.alive():
            os.kill(self.proc.pid, signal.SIGKILL)
        self.proc.wait(15)

    def output(self) -> str:
        return self.log.read_text(errors="replace")


def start(folder: Path, limits: dict[str, Any] | None = None, wait: float = 90.0, args: tuple[str, ...] = ()) -> Real:
    """Start `planets-log serve FOLDER --port P` and wait for the director's link (or the word that the earlier one
    still works: then `director` stays empty) and the port to answer."""
    log = folder.parent / f"{folder.name}.serve-{time.monotonic_ns()}.log"
    for _ in range(3):  # another program may take the free port between the choice and the bind: choose again
        port = free_port()
        with log.open("wb") as out:
            proc = subprocess.Popen([sys.executable, "-c", LAUNCH, json.dumps(limits or {}), "serve", str(folder),
                                     "--host", HOST, "--port", str(port), *args], stdout=out, stderr=subprocess.STDOUT)
        real = Real(folder, proc, port, {}, log)
        if _ready(real, time.monotonic() + wait):
            return real
        real.kill()
        if "address already in use" not in real.output().lower():
            break
    raise AssertionError(f"planets-log serve did not start:\n{real.output()}")


def _ready(real: Real, deadline: float) -> bool:
    """The link was printed and the port accepts connections (False if the process ended or time ran out)."""
    while time.monotonic() < deadline and real.alive():
        text = real.output()
        if "#token=" in text and not real.director:
            real.director = bearer(text.split("#token=", 1)[1].split()[0])
        if real.director or "still works" in text:
            try:
                socket.create_connection((HOST, real.port), timeout=1).close()
                return True
            except OSError:
                pass
        time.sleep(0.05)
    return False


def running(folder: Path, limits: dict[str, Any] | None = None, args: tuple[str, ...] = ()) -> Iterator[Real]:
    """A fixture's body: the server for the test, stopped after it (killed if it will not stop)."""
    real = start(folder, limits, args=args)
    try:
        yield real
    finally:
        real.stop()


class Events:
    """A stream's events (comments left out), read as they come."""

    def __init__(self, res: httpx.Response):
        self.source = res.iter_lines()
        self.got: list[dict[str, str]] = []

    def until(self, done: Any, seconds: float = 30.0) -> list[dict[str, str]]:
        """Read until `done(events so far)` holds; every event read so far. Fails after `seconds`."""
        fields: dict[str, str] = {}
        deadline = time.monotonic() + seconds
        while not done(self.got):
            if time.monotonic() > deadline:
                raise AssertionError(f"the stream did not bring what was awaited within {seconds:g} s: {self.got}")
            line = next(self.source)
            if line == "" and fields:
                self.got.append(fields)
                fields = {}
            elif line and not line.startswith(":"):
                key, _, value = line.partition(":")
                fields[key] = value[1:] if value.startswith(" ") else value
        return self.got


def sse(res: httpx.Response, done: Any, seconds: float = 30.0) -> list[dict[str, str]]:
    """A stream's events read until `done(events)` holds."""
    return Events(res).until(done, seconds)


def lines_of(events: list[dict[str, str]]) -> list[dict[str, Any]]:
    """The `line` events' data."""
    return [json.loads(e["data"]) for e in events if e.get("event") == "line"]
