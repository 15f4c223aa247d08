"""Every role x every endpoint, through the framework's test client: who may read and write what (issue 22's roles).

A table's link reads and writes only its own table (403 elsewhere), a seat only reads its view and annotates, only
the director rules, penalises, declares, seals, makes tables and links; no token on a private table is a 404 for a
read and a 401 for a write or the record (which need a token whatever the table); a revoked or unknown token is a
401 everywhere.
"""

from __future__ import annotations

from typing import Any, Callable

import pytest

from planets_log.serve import stream

from .conftest import Served, bearer

READ = {"director": 200, "recorder": 200, "seat": 200, "other-recorder": 403, "other-seat": 403, "nobody": 404,
        "spectator": 200, "revoked": 401, "unknown": 401}
RECORD = {**READ, "seat": 403, "spectator": 401, "nobody": 401}
RECORDER_WRITE = {"director": 200, "recorder": 200, "seat": 403, "other-recorder": 403, "other-seat": 403,
                  "nobody": 401, "spectator": 401, "revoked": 401, "unknown": 401}
NOTE = {**RECORDER_WRITE, "seat": 200}
DIRECTOR = {**RECORDER_WRITE, "recorder": 403}

Body = Callable[[Served, str], Any]


def _move(s: Served, t: str) -> Any:
    return {"seq": s.seq(t), "moves": s.legal(t)[:1]}


def _undo(s: Served, t: str) -> Any:
    """A move to take back first (so that each role's undo has one)."""
    s.client.post(f"/api/tables/{t}/moves", json=_move(s, t), headers=s.director)
    return {"seq": s.seq(t), "reason": "misread"}


ENDPOINTS: list[tuple[str, str, Body | None, dict[str, int]]] = [
    ("GET", "/api/tables/{t}", None, READ),
    ("GET", "/api/tables/{t}/header", None, READ),
    ("GET", "/api/tables/{t}/position", None, READ),
    ("GET", "/api/tables/{t}/position?seq=2", None, READ),
    ("GET", "/api/tables/{t}/moves", None, READ),
    ("GET", "/api/tables/{t}/score", None, READ),
    ("GET", "/api/tables/{t}/lines", None, READ),
    ("GET", "/api/tables/{t}/picture", None, READ),
    ("GET", "/api/tables/{t}/stream?after=0", None, READ),
    ("GET", "/api/tables/{t}/record", None, RECORD),
    ("POST", "/api/tables/{t}/moves", _move, RECORDER_WRITE),
    ("POST", "/api/tables/{t}/undo", _undo, RECORDER_WRITE),
    ("GET", "/api/tables/{t}/undo", None, RECORDER_WRITE),
    ("POST", "/api/tables/{t}/notes", lambda s, t: {"target": 1, "text": "a note"}, NOTE),
    ("POST", "/api/tables/{t}/rulings", lambda s, t: {"seq": s.seq(t), "move": s.legal(t)[0], "reason": "agreed"},
     DIRECTOR),
    ("POST", "/api/tables/{t}/penalties", lambda s, t: {"seat": "Ben", "points": -1, "reason": "late"}, DIRECTOR),
    ("POST", "/api/tables/{t}/result", lambda s, t: {"winners": ["Ann"], "by": "arbiter", "reason": "test"},
     DIRECTOR),
    ("PATCH", "/api/tables/{t}", lambda s, t: {"delay": 0}, DIRECTOR),
    ("POST", "/api/tables/{t}/links", lambda s, t: {"role": "seat", "seat": "Ann"}, {**DIRECTOR, "director": 201}),
    ("GET", "/api/tables/{t}/links", None, DIRECTOR),
    ("GET", "/api/tokens", None, DIRECTOR),
    ("GET", "/api/audit", None, DIRECTOR),
    ("GET", "/api/archive", None, DIRECTOR),
]


def make_world(served: Served) -> Served:
    """Table t1 (private) and t2 (public), each with links; a revoked link of t1's recorder."""
    served.table("t1")
    served.table("t2", public=True)
    extra = served.client.post("/api/tables/t1/links", json={"role": "recorder"}, headers=served.director).json()
    served.client.delete(f"/api/tokens/{extra['token_id']}", headers=served.director)
    served.links["t1"]["revoked"] = bearer(extra["token"])
    served.play("t1", served.legal("t1")[0])
    return served


@pytest.fixture
def world(served: Served, monkeypatch: pytest.MonkeyPatch) -> Served:
    """The world of make_world, its streams ending by themselves."""
    monkeypatch.setattr(stream, "STREAM_SECONDS", 0.3)  # a stream then ends by itself and the client reads it whole
    return make_world(served)


def _headers(s: Served, role: str, table: str) -> dict[str, str]:
    other = "t2" if table == "t1" else "t1"
    return {"director": s.director, "recorder": s.links[table]["recorder"], "seat": s.links[table]["Ann"],
            "other-recorder": s.links[other]["recorder"], "other-seat": s.links[other]["Ben"], "nobody": {},
            "spectator": {}, "revoked": s.links["t1"]["revoked"], "unknown": bearer("x" * 32)}[role]


def check_every_role(world: Served, method: str, path: str, body: Body | None, expected: dict[str, int],
                     streaming: bool = False) -> None:
    """Each role's status on one endpoint; a refusal is a Problem and leaves the record as it was. `streaming`:
    a stream's answer is read only up to its status (on a real server a stream does not end by itself)."""
    for role, status in expected.items():
        table = "t2" if role == "spectator" else "t1"
        url = path.format(t=table)
        data = body(world, table) if body is not None else None
        before = (world.folder / f"{table}.jsonl").read_bytes()
        headers = _headers(world, role, table)
        if streaming and "/stream" in url:
            with world.client.stream(method, url, headers=headers) as res:
                if res.status_code >= 400:
                    res.read()
        else:
            res = world.client.request(method, url, json=data, headers=headers)
        assert res.status_code == status, (role, method, url, res.text if res.is_stream_consumed else "")
        if status >= 400:
            problem = res.json()
            assert problem["status"] == status and problem["code"] and problem["message"], problem
            assert (world.folder / f"{table}.jsonl").read_bytes() == before, (role, url)


@pytest.mark.parametrize("method,path,body,expected", ENDPOINTS, ids=[f"{m} {p}" for m, p, _, _ in ENDPOINTS])
def test_every_role_on_every_endpoint(world: Served, method, path, body, expected):
    check_every_role(world, method, path, body, expected)


def test_whoami_names_each_link(world: Served):
    seen = {role: world.client.get("/api/whoami", headers=_headers(world, role, "t1")) for role in
            ("director", "recorder", "seat", "nobody", "revoked")}
    assert seen["director"].json()["role"] == "director"
    assert seen["recorder"].json() == {"role": "recorder", "table": "t1", "seat": None, "player": None}
    assert seen["seat"].json() == {"role": "seat", "table": "t1", "seat": 0, "player": "Ann"}
    assert seen["nobody"].json()["role"] == "spectator"
    assert seen["revoked"].status_code == 401 and seen["revoked"].headers["www-authenticate"] == "Bearer"


def test_the_table_list_shows_each_caller_only_its_tables(world: Served):
    names = {role: [t["name"] for t in world.client.get("/api/tables", headers=_headers(world, role, "t1")).json()]
             for role in ("director", "recorder", "seat", "nobody")}
    assert names == {"director": ["t1", "t2"], "recorder": ["t1"], "seat": ["t1"], "nobody": ["t2"]}


def test_a_seat_may_look_only_as_itself(world: Served):
    ann = world.links["t1"]["Ann"]
    assert world.client.get("/api/tables/t1/position?as=Ann", headers=ann).status_code == 200
    assert world.client.get("/api/tables/t1/position?as=Ben", headers=ann).status_code == 403
    assert world.client.get("/api/tables/t2/position?as=Ben").status_code == 401
    res = world.client.get("/api/tables/t1/position?as=Ben", headers=world.director)
    assert res.json()["viewer"] == "seat" and res.json()["seat"] == 1


def test_a_table_that_does_not_exist_is_404_for_everyone(world: Served):
    for headers in (world.director, {}, world.links["t1"]["recorder"]):
        assert world.client.get("/api/tables/nope/position", headers=headers).status_code == 404
