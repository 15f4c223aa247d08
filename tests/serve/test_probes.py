"""What a hostile or curious client learns from outside: who it is is checked before what it asks, the spectator
delay hides how far a game is, HTTP as clients expect it (HEAD, Allow, one charset), table names safe on any disk."""

from __future__ import annotations

import pytest

from planets_log.serve.pages import STATIC

from .conftest import Served, serve_folder

PLAYERS = ("Zed", "Yolanda")
READS = ("position", "picture", "moves", "lines", "score", "stream")
QUERIES = ("as=zzz", "as=Zed", "seq=-5", "seq=999", "after=-3", "limit=0", "as=")


@pytest.fixture
def two(served: Served) -> Served:
    """A private table `priv` of Zed and Yolanda, and another table `other` with its own links."""
    served.table("priv", players=PLAYERS)
    served.table("other")
    return served


@pytest.mark.parametrize("read", READS)
def test_a_private_table_is_404_to_a_spectator_whatever_the_query(two: Served, read: str):
    for query in QUERIES:
        res = two.client.get(f"/api/tables/priv/{read}?{query}")
        assert res.status_code == 404, (read, query, res.text)
        assert res.json()["code"] == "table.missing"
        assert not any(p in res.text for p in PLAYERS), (read, query, res.text)


@pytest.mark.parametrize("read", READS)
def test_another_tables_link_is_403_whatever_the_query(two: Served, read: str):
    for who in ("Ann", "recorder"):
        for query in QUERIES:
            res = two.client.get(f"/api/tables/priv/{read}?{query}", headers=two.links["other"][who])
            assert res.status_code == 403, (read, who, query, res.text)
            assert res.json()["code"] == "token.table"
            assert not any(p in res.text for p in PLAYERS)


def test_sealing_checks_the_role_before_the_key(two: Served):
    """This server has no key: only the director learns that (422); the others are refused by who they are."""
    assert two.client.post("/api/tables/priv/seal").status_code == 401
    for who in ("Zed", "recorder"):
        res = two.client.post("/api/tables/priv/seal", headers=two.links["priv"][who])
        assert res.status_code == 403 and res.json()["code"] == "token.role", (who, res.text)
    res = two.client.post("/api/tables/priv/seal", headers=two.director)
    assert res.status_code == 422 and res.json()["code"] == "seal.no-key"


def test_a_delayed_spectator_learns_only_its_horizon_never_the_records_end(served: Served):
    served.table("t1", public=True, delay=2)
    served.play("t1", "d1", "d2", "d3")
    end = served.seq("t1")
    horizon = served.client.get("/api/tables/t1/position").json()["last"]
    assert horizon < end
    answers = set()
    for seq in (horizon + 1, end, end + 1, 999):
        for read in ("position", "picture", "moves"):
            res = served.client.get(f"/api/tables/t1/{read}?seq={seq}")
            assert res.status_code == 404 and res.json()["code"] == "seq.delayed", (read, seq, res.text)
            assert str(horizon) in res.json()["message"]
            assert str(end) not in res.text.replace(str(horizon), ""), (read, seq, res.text)
            answers.add(res.text)
    assert len(answers) == 1  # past the horizon, every seq answers alike
    res = served.client.get("/api/tables/t1/position?seq=999", headers=served.director)
    assert res.json()["code"] == "seq.missing" and str(end) in res.json()["message"]


def _get_routes(served: Served) -> list[str]:
    served.table("t1", public=True)
    served.play("t1", "d1")
    token_id = served.client.get("/api/tokens", headers=served.director).json()[0]["id"]
    assert token_id
    api = ["/api/games", "/api/whoami", "/api/tables", "/api/tables/t1"]
    api += [f"/api/tables/t1/{r}" for r in ("header", "position", "moves", "score", "lines", "picture", "record")]
    api += ["/api/tokens", "/api/audit", "/api/archive", "/api/schema/openapi.json"]
    return api + ["/tables/t1", "/games/t1", "/director"] + [f"/static/{f}" for f in STATIC]


def test_head_answers_every_get_route_with_its_headers_and_no_body(served: Served):
    for path in _get_routes(served):
        got = served.client.get(path, headers=served.director)
        head = served.client.head(path, headers=served.director)
        assert got.status_code == 200, path
        assert head.status_code == 200, (path, head.status_code, head.text)
        assert head.content == b"", path
        assert head.headers["content-type"] == got.headers["content-type"], path
        assert head.headers.get("content-length") == got.headers.get("content-length"), path


def test_head_on_a_stream_answers_its_headers_and_does_not_hold_the_stream_open(served: Served):
    served.table("t1", public=True)
    for path in ("/api/tables/t1/stream", "/api/stream"):
        head = served.client.head(path)
        assert head.status_code == 200 and head.content == b"", path
        assert head.headers["content-type"].startswith("text/event-stream")
    from planets_log.serve import stream

    assert not stream.STREAMS.open


def test_a_405_says_which_methods_are_allowed(served: Served):
    for method, path, allowed in (("TRACE", "/api/tokens", {"GET", "HEAD"}), ("PUT", "/api/tables", {"GET", "HEAD", "POST"}),
                                  ("DELETE", "/api/tables/t1/moves", {"GET", "HEAD", "POST"}),
                                  ("POST", "/director", {"GET", "HEAD"})):
        res = served.client.request(method, path, headers=served.director)
        assert res.status_code == 405, (method, path)
        assert res.json()["code"] == "method"
        said = {m.strip() for m in res.headers["allow"].split(",")}
        assert allowed <= said <= allowed | {"OPTIONS"}, (method, path, said)


def test_pages_scripts_and_styles_name_one_charset(served: Served):
    for path in ["/director", "/tables/t1", "/games/t1"] + [f"/static/{f}" for f in STATIC]:
        kind = served.client.get(path).headers["content-type"]
        assert kind.count("charset") <= 1, (path, kind)
        if not path.endswith(".svg"):
            assert kind.endswith("; charset=utf-8"), (path, kind)


RESERVED = ("CON", "con", "Con", "NUL", "nul", "PRN", "AUX", "aux", "COM1", "com9", "LPT1", "lpt9")


def _make(served: Served, name: str) -> object:
    return served.client.post("/api/tables", json={"name": name, "game": "four-planets", "players": ["A", "B"]},
                              headers=served.director)


@pytest.mark.parametrize("name", RESERVED)
def test_a_name_some_disk_reserves_is_refused_clearly(served: Served, name: str):
    res = _make(served, name)
    assert res.status_code == 422 and res.json()["code"] == "table.name", res.text  # type: ignore[attr-defined]
    assert "reserved" in res.json()["message"]  # type: ignore[attr-defined]
    assert not list(served.folder.glob("*.jsonl"))


def test_names_that_only_look_reserved_are_fine(served: Served):
    for name in ("CONSOLE", "com10", "lpt0", "nul1", "AUXx", "con_x"):
        assert _make(served, name).status_code == 201, name  # type: ignore[attr-defined]


def test_table_names_are_unique_ignoring_case(served: Served):
    assert _make(served, "Final").status_code == 201  # type: ignore[attr-defined]
    for name in ("final", "FINAL", "fInAl"):
        res = _make(served, name)
        assert res.status_code == 409 and res.json()["code"] == "table.exists", name  # type: ignore[attr-defined]
    assert [p.name for p in served.folder.glob("*.jsonl")] == ["Final.jsonl"]


def test_a_record_dropped_in_the_folder_with_a_reserved_or_clashing_name_is_not_served(tmp_path):
    first = serve_folder(tmp_path / "first")
    made = next(first)
    made.table("t1")
    record = (made.folder / "t1.jsonl").read_bytes()
    first.close()
    folder = tmp_path / "served"
    folder.mkdir()
    for name in ("aux.jsonl", "Game.jsonl", "game.jsonl"):
        (folder / name).write_bytes(record)
    second = serve_folder(folder)
    served = next(second)
    try:
        names = [t["name"] for t in served.client.get("/api/tables", headers=served.director).json()]
    finally:
        second.close()
    assert names == ["Game"]
