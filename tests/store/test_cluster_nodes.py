"""A 3-node NATS cluster, the tournament's stream replicated 3 times: kill -9 of a node under load loses no
acknowledged move and writes go on. Shown failing without the replication (one replica: the acknowledged moves are
gone with its node) and without the expected sequence (two writers at one position: a broken chain)."""

from __future__ import annotations

import shutil
import threading
from pathlib import Path
from typing import Any, Iterator

import pytest
from litestar.testing import TestClient
from nats.aio.client import Client

from planets_log.engine.recorder import Recorder
from planets_log.engine.redact import format_as
from planets_log.engine.rules import next_events
from planets_log.record.errors import RecordError
from planets_log.serve.app import create_app
from planets_log.serve.routes_director import link
from planets_log.serve.server import Server
from planets_log.store import Conflict, open_store
from tests.serve.conftest import bearer
from tests.support.natsd import Nats

from .cluster import copied_out, lines_of, moves_at, run_cli, stream_leader, valid

GUARD = "Nats-Expected-Last-Subject-Sequence"
TABLES, BEFORE, AFTER = 3, 6, 6
"""Tables written at once; acknowledged moves per table before the kill, and after it."""


def _writer(client: TestClient[Any], table: str, headers: dict[str, str], acked: list[tuple[int, str]],
            go_on: threading.Event, count: int) -> None:
    """Post the first legal move at the seq the server knows, again and again; keep each acknowledged (seq, move).
    A refusal while the cluster elects (503) or a position moved by a line written before it (409): read, retry."""
    while len(acked) < count:
        if len(acked) == BEFORE:
            go_on.wait(60)
        now = client.get(f"/api/tables/{table}", headers=headers)
        legal = client.get(f"/api/tables/{table}/moves", headers=headers)
        if now.status_code != 200 or legal.status_code != 200:
            continue
        seq, move = now.json()["seq"], legal.json()["moves"][0]
        res = client.post(f"/api/tables/{table}/moves", json={"seq": seq, "moves": [move]}, headers=headers)
        if res.status_code == 200:
            acked.append((seq, move))
        else:
            assert res.status_code in (409, 503), res.text


def test_kill_9_of_a_node_under_load_loses_no_acknowledged_move(cluster: Nats, tmp_path: Path) -> None:
    address = cluster.address("spring-open", replicas=3)
    server = Server(open_store(address), "http://one")
    acked: dict[str, list[tuple[int, str]]] = {f"t{i}": [] for i in range(TABLES)}
    try:
        director = bearer(link(server, "director", None, None, None).token)
        with TestClient(create_app(server)) as client:
            for name in acked:
                made = client.post("/api/tables", json={"name": name, "game": "four-planets", "players": ["Ann", "Ben"],
                                                        "seed": "public", "public_seed": 7}, headers=director)
                assert made.status_code == 201, made.text
            go_on = threading.Event()
            writers = [threading.Thread(target=_writer, args=(client, n, director, a, go_on, BEFORE + AFTER))
                       for n, a in acked.items()]
            for w in writers:
                w.start()
            while any(len(a) < BEFORE for a in acked.values()) and all(w.is_alive() for w in writers):
                threading.Event().wait(0.05)
            leader = stream_leader(cluster, "spring-open")
            next(n for n in cluster.nodes if n.name == leader).kill()  # the stream's leader, mid-write
            go_on.set()
            for w in writers:
                w.join(120)
            assert all(len(a) == BEFORE + AFTER for a in acked.values())  # writes went on after the election
    finally:
        server.close()
    out = copied_out(address, tmp_path / "out")
    with open_store(address) as store:
        for name, moves in acked.items():
            path = out / f"{name}.jsonl"
            assert store.read(path.name)[0] == lines_of(path)
            assert valid(path)
            recorded = moves_at(path)
            assert [recorded.get(seq) for seq, _ in moves] == [move for _, move in moves]  # every one, in order


def test_with_one_replica_the_acknowledged_moves_go_with_its_node(cluster: Nats) -> None:
    """The same kill with the replication taken out: what was acknowledged can no longer be read."""
    address = cluster.address("unreplicated", replicas=1)
    with open_store(address) as store:
        revision = store.append("t1.jsonl", [b'{"seq":0}', b'{"seq":1}'], 0)
        assert store.read("t1.jsonl")[1] == revision
        only = stream_leader(cluster, "unreplicated")
        next(n for n in cluster.nodes if n.name == only).kill()
        with pytest.raises(RecordError) as gone:
            store.read("t1.jsonl")
        assert gone.value.code == "store.unavailable"


def _branches(tmp_path: Path) -> tuple[list[bytes], list[bytes], list[bytes]]:
    """A new game's lines, and two different first moves recorded after them (each move's lines)."""
    base = tmp_path / "base.jsonl"
    assert run_cli("new", "four-planets", "--player", "Ann", "--player", "Ben", "--seed", "7", base).exit_code == 0
    moved = []
    for k in (0, 1):
        path = tmp_path / f"move-{k}.jsonl"
        shutil.copy(base, path)
        rec = Recorder(str(path), fsync=False)
        rec.play(format_as(rec.rules, next_events(rec.rules, rec.pos.state)[k], rec.pos.state, None))
        moved.append(lines_of(path)[len(lines_of(base)):])
    return lines_of(base), moved[0], moved[1]


@pytest.fixture
def unguarded(monkeypatch: pytest.MonkeyPatch) -> Iterator[None]:
    """Appends sent without their expected last subject sequence (the guard taken out), whichever way the client
    sends them (a publish, or the request that commits a batch)."""
    for name in ("publish", "request"):
        sent = getattr(Client, name)

        def without(self: Client, *args: Any, _sent: Any = sent, **kwargs: Any) -> Any:
            headers = kwargs.get("headers")
            if headers:
                kwargs["headers"] = {k: v for k, v in headers.items() if k != GUARD}
            return _sent(self, *args, **kwargs)

        monkeypatch.setattr(Client, name, without)
    yield


def _two_writers(address: str, tmp_path: Path) -> tuple[bool, Path]:
    """Two writers read the record at one position and each appends its own move: was the second refused? The record
    copied out."""
    base, one, two = _branches(tmp_path)
    with open_store(address) as first, open_store(address) as second:
        first.append("t1.jsonl", base, 0)
        revision = first.read("t1.jsonl")[1]
        assert second.read("t1.jsonl")[1] == revision
        first.append("t1.jsonl", one, revision)
        try:
            second.append("t1.jsonl", two, revision)
            refused = False
        except Conflict:
            refused = True
    return refused, copied_out(address, tmp_path / "out") / "t1.jsonl"


def test_two_writers_at_one_position_one_is_refused_and_the_chain_holds(cluster: Nats, tmp_path: Path) -> None:
    refused, record = _two_writers(cluster.address("guarded", replicas=3), tmp_path)
    assert refused and valid(record)


def test_without_the_expected_sequence_two_writers_break_the_chain(cluster: Nats, tmp_path: Path,
                                                                   unguarded: None) -> None:
    refused, record = _two_writers(cluster.address("unguarded", replicas=3), tmp_path)
    assert not refused and not valid(record)
