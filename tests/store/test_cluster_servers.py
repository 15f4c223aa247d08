"""Two `planets-log serve` processes on one tournament in a 3-node NATS cluster, clients posting moves to both and
following both servers' streams: kill -9 of one server under load loses no acknowledged move, and its clients'
streams resume on the other from Last-Event-ID, every line delivered once, in order."""

from __future__ import annotations

import http.client
import json
import threading
import time
from pathlib import Path
from typing import Any, Iterator

import pytest

from tests.support.natsd import Nats
from tests.support.serving import Serving, serve

from .cluster import copied_out, moves_at, opened, valid

TABLES, BEFORE, AFTER = 2, 6, 8
"""Tables written at once; acknowledged moves per table before the kill, and after it."""


class Down(Exception):
    """The server did not answer (killed)."""


def call(port: int, method: str, path: str, token: str, body: Any = None) -> tuple[int, Any]:
    conn = http.client.HTTPConnection("127.0.0.1", port, timeout=30)
    try:
        conn.request(method, path, None if body is None else json.dumps(body),
                     {"Authorization": f"Bearer {token}", "Content-Type": "application/json"})
        res = conn.getresponse()
        data = res.read()
    except (OSError, http.client.HTTPException) as exc:
        raise Down(str(exc)) from None
    finally:
        conn.close()
    return res.status, json.loads(data) if data else None


class Writer(threading.Thread):
    """A table's scorekeeper posting the first legal move to each live server in turn; keeps each acknowledged
    (seq, move). A post the killed server never answered is not acknowledged: it reads the position and goes on."""

    def __init__(self, table: str, token: str, servers: list[Serving], go_on: threading.Event):
        super().__init__(daemon=True)
        self.table, self.token, self.servers, self.go_on = table, token, servers, go_on
        self.acked: list[tuple[int, str]] = []

    def run(self) -> None:
        turn = 0
        while len(self.acked) < BEFORE + AFTER:
            if len(self.acked) == BEFORE:
                self.go_on.wait(60)
            live = [s for s in self.servers if s.proc.poll() is None]
            port = live[turn % len(live)].port
            turn += 1
            try:
                seq = call(port, "GET", f"/api/tables/{self.table}", self.token)[1]["seq"]
                move = call(port, "GET", f"/api/tables/{self.table}/moves", self.token)[1]["moves"][0]
                status, _ = call(port, "POST", f"/api/tables/{self.table}/moves", self.token,
                                 {"seq": seq, "moves": [move]})
            except Down:
                continue
            if status == 200:
                self.acked.append((seq, move))


class Follower(threading.Thread):
    """A spectator's stream of a table on one server; when it ends (its server killed), again on the next live
    server from the Last-Event-ID it had, until it has the line at `self.end`."""

    def __init__(self, table: str, token: str, servers: list[Serving], start: int):
        super().__init__(daemon=True)
        self.table, self.token, self.servers, self.start_seq = table, token, servers, start
        self.seen: list[int] = []
        self.end: int | None = None
        self.resumed = 0

    def run(self) -> None:
        first = True
        while self.end is None or (self.seen or [self.start_seq])[-1] < self.end:
            live = [s for s in self.servers if s.proc.poll() is None]
            headers = {"Authorization": f"Bearer {self.token}",
                       "Last-Event-ID": str(self.seen[-1] if self.seen else self.start_seq)}
            self.resumed += not first
            first = False
            self.read(live[0].port, headers)

    def read(self, port: int, headers: dict[str, str]) -> None:
        conn = http.client.HTTPConnection("127.0.0.1", port, timeout=5)
        try:
            conn.request("GET", f"/api/tables/{self.table}/stream", headers=headers)
            res = conn.getresponse()
            fields: dict[str, str] = {}
            while self.end is None or (self.seen or [self.start_seq])[-1] < self.end:
                raw = res.readline()
                if not raw:
                    return
                text = raw.decode().rstrip("\r\n")
                if text:  # a field of the event (its id comes before its name)
                    key, _, value = text.partition(":")
                    fields[key] = value.strip()
                    continue
                if fields.get("event") == "line":
                    self.seen.append(int(fields["id"]))
                fields = {}
        except (OSError, http.client.HTTPException):
            time.sleep(0.1)
        finally:
            conn.close()


@pytest.fixture
def servers(cluster: Nats, tmp_path: Path) -> Iterator[tuple[str, list[Serving]]]:
    """Two server processes on one replicated tournament (the first prints the director's link)."""
    address = cluster.address("spring-open", replicas=3)
    started: list[Serving] = []
    opened(address).close()  # the stream and the bucket made, however slow the cluster is to make them
    try:
        started.append(serve(address, tmp_path / "one.log"))
        started.append(serve(address, tmp_path / "two.log"))
        yield address, started
    finally:
        for s in started:
            s.stop()


def director_token(server: Serving) -> str:
    deadline = time.monotonic() + 30
    while (token := server.token()) is None:
        assert time.monotonic() < deadline, server.log.read_text()
        time.sleep(0.05)
    return token


def test_kill_9_of_a_server_loses_no_acknowledged_move_and_its_streams_resume(
        servers: tuple[str, list[Serving]], tmp_path: Path) -> None:
    address, (one, two) = servers
    director = director_token(one)
    tokens, starts = {}, {}
    for i in range(TABLES):
        status, made = call(one.port, "POST", "/api/tables", director,
                            {"name": f"t{i}", "game": "four-planets", "players": ["Ann", "Ben"], "seed": "public",
                             "public_seed": 7})
        assert status == 201, made
        tokens[f"t{i}"] = next(ln["token"] for ln in made["links"] if ln["role"] == "recorder")
        starts[f"t{i}"] = call(one.port, "GET", f"/api/tables/t{i}", director)[1]["seq"]
    go_on = threading.Event()
    writers = {t: Writer(t, tok, [one, two], go_on) for t, tok in tokens.items()}
    followers = [Follower(t, director, order, starts[t]) for t in tokens for order in ([one, two], [two, one])]
    for thread in [*followers, *writers.values()]:
        thread.start()
    while any(len(w.acked) < BEFORE for w in writers.values()):
        time.sleep(0.05)
    two.kill()  # mid-write: its clients go to the other
    go_on.set()
    for w in writers.values():
        w.join(120)
        assert len(w.acked) == BEFORE + AFTER
    ends = {t: call(one.port, "GET", f"/api/tables/{t}", director)[1]["seq"] for t in tokens}
    for f in followers:
        f.end = ends[f.table]
        f.join(60)
        assert f.seen == list(range(starts[f.table] + 1, ends[f.table] + 1))  # every line once, in order
    assert sum(f.resumed for f in followers) >= TABLES  # the killed server's streams went to the other
    out = copied_out(address, tmp_path / "out")
    for table, w in writers.items():
        path = out / f"{table}.jsonl"
        assert valid(path)
        recorded = moves_at(path)
        assert [recorded.get(seq) for seq, _ in w.acked] == [move for _, move in w.acked]
