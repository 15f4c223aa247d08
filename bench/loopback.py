"""The server on loopback for bench/serve_load.py: started as a user starts it, a client, its CPU time, the disk."""

from __future__ import annotations

import http.client
import json
import os
import subprocess
import sys
import threading
import time
from pathlib import Path
from typing import Any

CLI = [sys.executable, "-c", "from planets_log.cli.main import main; main()"]
HOST = "127.0.0.1"


def start_server(folder: Path, store: str | None = None, log: Path | None = None,
                 token: bool = True) -> tuple[subprocess.Popen[bytes], int, str]:
    """`planets-log serve FOLDER` (or STORE, a nats:// address; its log beside FOLDER unless `log`) on a free loopback
    port; (process, port, the director's token). Without `token`, a server joining a tournament that already has its
    director's link: waited for until it answers ('' for the token)."""
    import socket

    with socket.socket() as sock:
        sock.bind((HOST, 0))
        port = sock.getsockname()[1]
    log = log or folder.parent / "serve.log"
    with log.open("wb") as out:
        proc = subprocess.Popen([*CLI, "serve", store or str(folder), "--host", HOST, "--port", str(port),
                                 "--trusted-proxy", HOST],
                                stdout=out, stderr=subprocess.STDOUT)
    deadline = time.monotonic() + 120
    while time.monotonic() < deadline and proc.poll() is None:
        text = log.read_text(errors="replace")
        if "#token=" in text or not token:
            try:
                socket.create_connection((HOST, port), timeout=1).close()
                return proc, port, text.split("#token=", 1)[1].split()[0] if token else ""
            except OSError:
                pass
        time.sleep(0.05)
    proc.kill()
    raise SystemExit(f"the server did not start:\n{log.read_text(errors='replace')}")


class Client:
    """One keep-alive connection to the server, JSON in and out."""

    def __init__(self, port: int, token: str):
        self.conn = http.client.HTTPConnection(HOST, port, timeout=60)
        self.headers = {"Authorization": f"Bearer {token}", "Content-Type": "application/json"}

    def call(self, method: str, path: str, body: Any = None) -> tuple[int, Any]:
        self.conn.request(method, path, None if body is None else json.dumps(body), self.headers)
        res = self.conn.getresponse()
        data = res.read()
        return res.status, json.loads(data) if data else None

    def get_bytes(self, path: str) -> bytes:
        """A GET's body as it is (a record file)."""
        self.conn.request("GET", path, None, self.headers)
        res = self.conn.getresponse()
        data = res.read()
        if res.status != 200:
            raise SystemExit(f"GET {path}: {res.status} {data[:200]!r}")
        return data


class RawClient:
    """One keep-alive connection spoken to directly, for the saturation loops: http.client parses each answer's
    headers with the email package, which cost the bench's own threads a quarter of a CPU at 800 moves a second on
    the machine whose CPUs the servers are measured on. Answers must carry Content-Length (uvicorn's JSON do)."""

    def __init__(self, port: int, token: str):
        import socket
        self.sock = socket.create_connection((HOST, port), timeout=60)
        self.head = f"Host: {HOST}:{port}\r\nAuthorization: Bearer {token}\r\nContent-Type: application/json\r\n"
        self.buffer = b""

    def call(self, method: str, path: str, body: Any = None) -> tuple[int, Any]:
        data = b"" if body is None else json.dumps(body).encode()
        self.sock.sendall(f"{method} {path} HTTP/1.1\r\n{self.head}Content-Length: {len(data)}\r\n\r\n".encode()
                          + data)
        while b"\r\n\r\n" not in self.buffer:
            self.buffer += self._read()
        head, _, rest = self.buffer.partition(b"\r\n\r\n")
        lines = head.split(b"\r\n")
        length = next(int(line.split(b":", 1)[1]) for line in lines[1:] if line[:15].lower() == b"content-length:")
        while len(rest) < length:
            rest += self._read()
        self.buffer = rest[length:]
        answer = rest[:length]
        return int(lines[0].split()[1]), json.loads(answer) if answer else None

    def _read(self) -> bytes:
        chunk = self.sock.recv(65536)
        if not chunk:
            raise ConnectionError("the server closed the connection")
        return chunk


def cpu_seconds(pid: int) -> float:
    """CPU seconds (user + system) the process `pid` has used so far (Linux's /proc)."""
    fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
    return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")


def profiler(pid: int, out: Path) -> subprocess.Popen[bytes]:
    """py-spy sampling the server while it holds the GIL (its CPU work), until interrupted."""
    spy = subprocess.Popen(["py-spy", "record", "--pid", str(pid), "--gil", "--nonblocking", "--format", "raw",
                            "-r", "500", "-o", str(out)], stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    time.sleep(1.0)  # attached
    return spy


class Disk:
    """The disk's own fsync latency meanwhile: a small append and fsync to a file beside the records every 20 ms."""

    def __init__(self, folder: Path):
        self.path, self.lat, self.stop = folder / "disk-probe.bin", [], threading.Event()
        self.thread = threading.Thread(target=self.probe, daemon=True)
        self.thread.start()

    def probe(self) -> None:
        fd = os.open(self.path, os.O_WRONLY | os.O_CREAT | os.O_APPEND, 0o600)
        try:
            while not self.stop.wait(0.02):
                os.write(fd, b"x" * 200 + b"\n")
                t0 = time.perf_counter()
                os.fsync(fd)
                self.lat.append(time.perf_counter() - t0)
        finally:
            os.close(fd)
            self.path.unlink()

    def done(self) -> list[float]:
        self.stop.set()
        self.thread.join()
        return self.lat
