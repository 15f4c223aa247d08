"""Two servers on one NATS store: a table's moves posted to each in turn, followed on both streams, copied out to a
folder: the same events as the command line records from the same moves, in a valid chain."""

from __future__ import annotations

import json
import threading
from pathlib import Path
from typing import Any

import pytest
from click.testing import CliRunner
from litestar.testing import TestClient

from planets_log.cli.main import cli
from planets_log.serve import stream
from planets_log.serve.app import create_app
from planets_log.serve.routes_director import link
from planets_log.serve.server import Server
from planets_log.store import open_store
from tests.support.natsd import Nats

from .conftest import bearer
from .test_stream import events

MOVES = 12


def _cli(*args: object) -> Any:
    return CliRunner().invoke(cli, [str(a) for a in args])


def _post(client: TestClient[Any], headers: dict[str, str]) -> str:
    """Post the first legal move at the seq this server knows (after a 409 it knows the other's line: again)."""
    for _ in range(3):
        seq = client.get("/api/tables/t1", headers=headers).json()["seq"]
        move = client.get("/api/tables/t1/moves", headers=headers).json()["moves"][0]
        res = client.post("/api/tables/t1/moves", json={"seq": seq, "moves": [move]}, headers=headers)
        if res.status_code != 409:
            assert res.status_code == 200, res.text
            return str(move)
    raise AssertionError("refused three times")


def _events(path: Path) -> list[dict[str, Any]]:
    """A record's events without what differs between two records of the same moves (the log id, the chain)."""
    out = []
    for raw in path.read_bytes().splitlines():
        line = json.loads(raw)
        for key in ("prev", "log_id", "meta"):
            line.pop(key, None)
        out.append(line)
    return out


def test_moves_posted_to_two_servers_in_turn_are_one_record(tmp_path: Path, nats_node: Nats,
                                                            monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(stream, "STREAM_SECONDS", 4.0)
    address = nats_node.address("two-servers")
    one, two = Server(open_store(address), "http://one"), Server(open_store(address), "http://two")
    try:
        director = bearer(link(one, "director", None, None, None).token)
        with TestClient(create_app(one)) as a, TestClient(create_app(two)) as b:
            made = a.post("/api/tables", json={"name": "t1", "game": "four-planets", "players": ["Ann", "Ben"],
                                               "seed": "public", "public_seed": 7}, headers=director)
            assert made.status_code == 201, made.text
            recorder = bearer(next(ln["token"] for ln in made.json()["links"] if ln["role"] == "recorder"))
            start = a.get("/api/tables/t1", headers=recorder).json()["seq"]
            followed: dict[str, str] = {}
            def follow(client: TestClient[Any], name: str) -> None:
                followed[name] = client.get(f"/api/tables/t1/stream?after={start}", headers=director).text

            readers = [threading.Thread(target=follow, args=(c, k)) for c, k in ((a, "a"), (b, "b"))]
            for reader in readers:
                reader.start()
            moves = [_post((a, b)[i % 2], recorder) for i in range(MOVES)]  # a link made on one works on the other
            for reader in readers:
                reader.join()
            end = a.get("/api/tables/t1", headers=recorder).json()["seq"]
            assert b.get("/api/tables/t1", headers=recorder).json()["seq"] == end
        for name in ("a", "b"):
            seqs = [int(e["id"]) for e in events(followed[name]) if e.get("event") == "line"]
            assert seqs == list(range(start + 1, end + 1)), name
    finally:
        one.close()
        two.close()
    assert _cli("copy", address, tmp_path / "out").exit_code == 0
    copied = tmp_path / "out" / "t1.jsonl"
    assert _cli("validate", copied).exit_code == 0
    alone = tmp_path / "alone.jsonl"
    assert _cli("new", "four-planets", "--player", "Ann", "--player", "Ben", "--seed", "7", alone).exit_code == 0
    for move in moves:
        res = _cli("record", alone, move)
        assert res.exit_code == 0, res.output
    assert _events(copied) == _events(alone)


def test_a_secret_seed_game_made_on_one_server_is_drawn_on_the_other(nats_node: Nats) -> None:
    address = nats_node.address("secret-seed")
    one = Server(open_store(address), "http://one")
    try:
        director = bearer(link(one, "director", None, None, None).token)
        with TestClient(create_app(one)) as a:
            made = a.post("/api/tables", json={"name": "t1", "game": "four-planets", "players": ["Ann", "Ben"],
                                               "seed": "secret"}, headers=director)
            assert made.status_code == 201, made.text
            recorder = bearer(next(ln["token"] for ln in made.json()["links"] if ln["role"] == "recorder"))
        two = Server(open_store(address), "http://two")  # started after: the seed comes from the store
        try:
            with TestClient(create_app(two)) as b:
                before = b.get("/api/tables/t1", headers=recorder).json()["seq"]
                for _ in range(40):  # past the end of a round: the next one's cards are drawn from the seed
                    _post(b, recorder)
                lines = b.get(f"/api/tables/t1/lines?after={before}&limit=500", headers=director).json()["lines"]
                assert any(ln["kind"] == "chance" for ln in lines)
        finally:
            two.close()
    finally:
        one.close()


def test_a_server_started_later_shows_when_the_last_move_was_stored(nats_node: Nats) -> None:
    import time

    address = nats_node.address("moved-at")
    one = Server(open_store(address), "http://one")
    try:
        director = bearer(link(one, "director", None, None, None).token)
        with TestClient(create_app(one)) as a:
            made = a.post("/api/tables", json={"name": "t1", "game": "four-planets", "players": ["Ann", "Ben"],
                                               "seed": "public", "public_seed": 7}, headers=director)
            recorder = bearer(next(ln["token"] for ln in made.json()["links"] if ln["role"] == "recorder"))
            _post(a, recorder)
            moved = a.get("/api/tables/t1", headers=director).json()["last_move_at"]
    finally:
        one.close()
    before = time.time()
    two = Server(open_store(address), "http://two")
    try:
        with TestClient(create_app(two)) as b:
            seen = b.get("/api/tables/t1", headers=director).json()["last_move_at"]
        assert seen is not None and moved is not None and seen <= before  # not the moment the mirror was written
    finally:
        two.close()
