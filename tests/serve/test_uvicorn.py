"""The API against a real uvicorn on 127.0.0.1 (its own process, a free port): every role on every endpoint, the
live stream over a real socket (a move arriving while it is open, a dropped stream resumed from Last-Event-ID with
nothing missed or repeated), and the twin-record check on the streams a seat and a spectator read (issue 22)."""

from __future__ import annotations

import threading
from typing import Any, Iterator

import pytest

from .conftest import Served, bearer
from .real import Events, Real, lines_of, running, sse
from .test_roles import ENDPOINTS, check_every_role, make_world
from .test_twins import GAMES, _cases


@pytest.fixture(scope="module")
def real(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Real]:
    yield from running(tmp_path_factory.mktemp("uvicorn") / "served")


@pytest.fixture(scope="module")
def world(real: Real) -> Served:
    return make_world(real.served())


@pytest.mark.parametrize("method,path,body,expected", ENDPOINTS, ids=[f"{m} {p}" for m, p, _, _ in ENDPOINTS])
def test_every_role_on_every_endpoint_over_a_real_socket(world: Served, method, path, body, expected):
    check_every_role(world, method, path, body, expected, streaming=True)


def test_the_server_names_no_software_and_answers_refusals_as_json(real: Real):
    with real.client() as client:
        res = client.get("/api/tables/nope", headers=real.director)
        assert res.status_code == 404 and res.headers["content-type"].startswith("application/json")
        assert "server" not in res.headers and res.json()["code"] == "table.missing"


def test_a_stream_brings_a_move_written_while_it_is_open(world: Served, real: Real):
    world.table("s1")
    rec = world.links["s1"]["recorder"]
    with real.client() as client, client.stream("GET", "/api/tables/s1/stream", headers=rec) as res:
        assert res.status_code == 200 and res.headers["content-type"].startswith("text/event-stream")
        events = Events(res)
        hello = events.until(lambda got: got)
        assert hello[0]["event"] == "hello" and hello[0]["retry"] == "2000"
        start, move = world.seq("s1"), world.legal("s1")[0]
        threading.Timer(0.2, lambda: world.play("s1", move)).start()
        got = lines_of(events.until(lambda got: any(e.get("event") == "line" for e in got)))
    assert (got[0]["seq"], got[0]["text"]) == (start + 1, f"Ann: {move}")


def test_a_dropped_stream_resumes_from_last_event_id_with_nothing_missed_or_repeated(world: Served, real: Real):
    world.table("s2")
    for _ in range(3):
        assert world.play("s2", world.legal("s2")[0]).status_code == 200
    ben = world.links["s2"]["Ben"]
    with real.client() as client:
        with client.stream("GET", "/api/tables/s2/stream?after=0", headers=ben) as res:
            first = sse(res, lambda got: len(lines_of(got)) >= 3)
        last = first[-1]["id"]
        for _ in range(2):  # moves made while the stream is down
            assert world.play("s2", world.legal("s2")[0]).status_code == 200
        end = world.seq("s2")
        with client.stream("GET", "/api/tables/s2/stream?after=0", headers={**ben, "Last-Event-ID": last}) as res:
            rest = sse(res, lambda got: any(e.get("id") == str(end) for e in got))
    seqs = [ln["seq"] for ln in lines_of(first) + lines_of(rest)]
    assert seqs == list(range(1, end + 1))  # Last-Event-ID wins over ?after=0: the browser's reconnect
    whole = world.client.get("/api/tables/s2/lines?after=0", headers=ben).json()["lines"]
    assert lines_of(first) + lines_of(rest) == whole  # the stream's lines are the seat's lines, one by one


def _slug(name: str) -> str:
    return name.replace(" ", "-")


@pytest.fixture(scope="module")
def twins(tmp_path_factory: pytest.TempPathFactory) -> Iterator[tuple[Real, list[tuple[str, int, int]]]]:
    """One server holding, for every game with hidden cards and every seat, a cut record `-a` and its twin `-b`."""
    from tests.support.helpers import write_lines

    folder = tmp_path_factory.mktemp("twins") / "served"
    folder.mkdir()
    cases = []
    for name in GAMES:
        for seat, end, table_a, table_b, _ in _cases(name):
            stem = f"{_slug(name)}-s{seat}"
            write_lines(folder / f"{stem}-a.jsonl", table_a.lines[:end + 1])
            write_lines(folder / f"{stem}-b.jsonl", table_b.lines[:end + 1])
            cases.append((stem, seat, end))
    yield from ((r, cases) for r in running(folder))


def _stream(client: Any, table: str, headers: dict[str, str], end: int) -> list[dict[str, Any]]:
    with client.stream("GET", f"/api/tables/{table}/stream?after=0", headers=headers) as res:
        assert res.status_code == 200
        return lines_of(sse(res, lambda got: any(e.get("id") == str(end) for e in got)))


def test_a_seats_and_a_spectators_stream_is_the_same_on_twin_records(twins):
    real, cases = twins
    with real.client() as client:
        for stem, seat, end in cases:
            seen: dict[str, list[Any]] = {"seat": [], "spectator": [], "scorekeeper": []}
            for side in ("a", "b"):
                table = f"{stem}-{side}"
                assert client.patch(f"/api/tables/{table}", json={"public": True},
                                    headers=real.director).status_code == 200
                link = client.post(f"/api/tables/{table}/links", json={"role": "seat", "seat": str(seat + 1)},
                                   headers=real.director).json()
                for who, headers in (("seat", bearer(link["token"])), ("spectator", {}),
                                     ("scorekeeper", real.director)):
                    lines = _stream(client, table, headers, end)
                    view = client.get(f"/api/tables/{table}/position", headers=headers).json()
                    seen[who].append([lines, {k: v for k, v in view.items() if k != "table"}])
            where = f"{stem}, cut after seq {end}"
            assert seen["seat"][0] == seen["seat"][1], where
            assert seen["spectator"][0] == seen["spectator"][1], where
            assert seen["scorekeeper"][0] != seen["scorekeeper"][1], where  # the records do differ: a leak would show



def test_no_link_but_the_directors_printed_one_ever_reaches_the_servers_output(world: Served, real: Real):
    tokens = [h["Authorization"].split()[1] for links in world.links.values() for h in links.values()]
    assert len(tokens) >= 7  # two tables, their recorders, seats, and a revoked link at least
    out = real.output()
    assert not [t for t in tokens if t in out]
    assert out.count("#token=") == 1  # the director's, shown once at the start


def test_head_answers_a_page_the_api_and_a_stream_over_a_real_socket(real: Real):
    """uvicorn sends no body for HEAD and must not wait for one: each answer whole, a stream's at once."""
    with real.client() as client:
        for path in ("/director", "/static/serve.css", "/api/games", "/api/stream"):
            got = client.head(path, headers=real.director)
            assert got.status_code == 200 and got.content == b"", path
            assert got.headers["content-type"].count("charset") <= 1, path
        assert client.request("TRACE", "/api/tokens").headers["allow"] == "GET, HEAD, OPTIONS"
