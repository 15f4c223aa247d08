"""The served folder: the state file (token hashes only, mode 0600), restarts rebuilt from the records, records the
command line made, a damaged record shown as the table's problem, spectators' delay, slow bodies, the command."""

from __future__ import annotations

import asyncio
import json
import os
import stat

import pytest
from click.testing import CliRunner

from planets_log.cli.main import cli
from planets_log.serve import app as app_module
from planets_log.serve.errors import ApiError
from planets_log.serve.store import STATE_FILE, Store

from .conftest import Served, bearer, serve_folder


def test_tokens_are_random_long_and_stored_only_hashed_in_a_private_file(served_files: Served):  # the folder written to by hand: files only
    served = served_files
    made = served.table("t1")
    tokens = [ln["token"] for ln in made["links"]]
    assert len(set(tokens)) == len(tokens) and all(len(t) >= 32 for t in tokens)  # 24 random bytes: 192 bits
    path = served.folder / STATE_FILE
    assert stat.S_IMODE(os.stat(path).st_mode) == 0o600
    text = path.read_text()
    assert not any(t in text for t in tokens)
    assert all(ln["token"] not in ln["token_id"] for ln in made["links"])


def test_a_revoked_link_stops_working_at_once(served: Served):
    made = served.table("t1")
    seat = next(ln for ln in made["links"] if ln["player"] == "Ben")
    assert served.client.get("/api/tables/t1/position", headers=bearer(seat["token"])).status_code == 200
    assert served.client.delete(f"/api/tokens/{seat['token_id']}", headers=served.director).status_code == 200
    assert served.client.get("/api/tables/t1/position", headers=bearer(seat["token"])).status_code == 401
    assert served.client.delete("/api/tokens/nope", headers=served.director).status_code == 404


def test_a_restart_rebuilds_every_table_from_its_record_and_keeps_the_links(tmp_path):
    folder = tmp_path / "served"
    for s in serve_folder(folder):
        s.table("t1")
        s.play("t1", "d1", "d2")
        links = s.links["t1"]
        before = s.client.get("/api/tables/t1/position", headers=links["Ann"]).json()
    for s in serve_folder(folder):
        assert s.client.get("/api/tables/t1/position", headers=links["Ann"]).json() == before
        assert s.client.get("/api/tables/t1", headers=links["recorder"]).json()["moves"] == 2


def test_a_new_director_link_revokes_the_earlier_ones_and_no_other(tmp_path):
    store = Store(tmp_path)
    old = store.issue("director")
    table = store.issue("recorder", "t1")
    store.revoke_directors()
    again = Store(tmp_path)
    assert again.find(old) is None and again.find(table) is not None


def test_records_the_command_line_made_become_private_tables_without_links(tmp_path, served: Served):
    res = CliRunner().invoke(cli, ["new", "four-planets", "--player", "Ann", "--player", "Ben", "--seed", "3",
                                   str(served.folder / "cli-made.jsonl")])
    assert res.exit_code == 0, res.output
    served.server.discover()
    assert served.client.get("/api/tables/cli-made", headers=served.director).json()["players"] == ["Ann", "Ben"]
    assert served.client.get("/api/tables/cli-made/position").status_code == 404
    made = served.client.post("/api/tables/cli-made/links", json={"role": "recorder"}, headers=served.director).json()
    res = served.client.post("/api/tables/cli-made/moves", json={"seq": served.seq("cli-made"), "moves": ["d1"]},
                             headers=bearer(made["token"]))
    assert res.status_code == 200, res.text


def test_a_damaged_record_is_the_tables_problem_not_a_traceback(served_files: Served):  # the folder written to by hand: files only
    served = served_files
    served.table("t1")
    served.play("t1", "d1")
    path = served.folder / "t1.jsonl"
    path.write_bytes(path.read_bytes().replace(b'"seat":0,"seq":4', b'"seat":1,"seq":4'))  # changed after the fact
    info = served.client.get("/api/tables/t1", headers=served.director).json()
    assert info["problem"]["code"] == "chance.tampered" and "traceback" not in json.dumps(info).lower()
    res = served.client.get("/api/tables/t1/position", headers=served.director)
    assert res.status_code == 503 and res.json()["code"] == "chance.tampered"
    audit = served.client.get("/api/audit", headers=served.director).json()
    assert any(p["code"] == "chance.tampered" for p in audit["records"][0]["problems"])


def test_a_spectator_follows_delay_moves_behind_until_the_game_ends(served: Served):
    served.table("t1", public=True, delay=2)
    served.play("t1", "d1", "d2", "d3")
    seqs = [ln["seq"] for ln in served.client.get("/api/tables/t1/lines", headers=served.director).json()["lines"]
            if ln["kind"] == "action"]
    pos = served.client.get("/api/tables/t1/position").json()
    assert pos["seq"] == pos["last"] == seqs[-2] - 1
    res = served.client.get(f"/api/tables/t1/position?seq={seqs[-1]}")
    assert res.status_code == 404 and res.json()["code"] == "seq.delayed"
    assert served.client.get("/api/tables/t1/moves").json()["seq"] == seqs[-2] - 1
    info = served.client.get("/api/tables/t1").json()  # the table's line too: no move count or turn from later
    assert (info["seq"], info["moves"], info["to_move"]) == (seqs[-2] - 1, 1, "Ben")
    assert served.client.get("/api/tables").json()[0] == info
    served.client.patch("/api/tables/t1", json={"delay": 0}, headers=served.director)
    assert served.client.get("/api/tables/t1/position").json()["seq"] == served.seq("t1")


def test_table_names_cannot_leave_the_folder(served: Served):
    for name in ("../evil", "a/b", ".hidden", "x" * 65, ""):
        res = served.client.post("/api/tables", json={"name": name, "game": "four-planets", "players": ["A", "B"]},
                                 headers=served.director)
        assert res.status_code == 400, name
    assert list(served.folder.parent.glob("evil*")) == []


def test_a_body_that_does_not_arrive_in_time_is_refused(monkeypatch):
    monkeypatch.setattr(app_module, "BODY_SECONDS", 0.05)
    seen: list[object] = []

    async def inner(scope, receive, send):
        seen.append(await receive())
        await receive()  # the rest of the body never comes

    async def slow():
        await asyncio.sleep(1)
        return {"type": "http.request", "body": b"", "more_body": True}

    async def first_then_slow():
        if not seen:
            return {"type": "http.request", "body": b"{", "more_body": True}
        return await slow()

    async def send(message):
        pass

    with pytest.raises(ApiError) as caught:
        asyncio.run(app_module.body_deadline(inner)({"type": "http"}, first_then_slow, send))
    assert caught.value.problem.status == 408


def test_the_command_says_what_listening_on_every_address_exposes():
    res = CliRunner().invoke(cli, ["serve", "--help"])
    assert res.exit_code == 0
    text = " ".join(res.output.split())
    assert "0.0.0.0" in text and "every machine on the network" in text and "planets-log serve club-night/" in text


def test_a_trusted_proxy_is_named_by_its_address(tmp_path, monkeypatch):
    res = CliRunner().invoke(cli, ["serve", "--help"])
    assert "--trusted-proxy ADDR" in res.output and "none by default" in " ".join(res.output.split())
    res = CliRunner().invoke(cli, ["serve", str(tmp_path), "--trusted-proxy", "proxy.example"])
    assert res.exit_code == 2 and "give the proxy's IP address" in res.output
    ran: dict[str, object] = {}
    monkeypatch.setattr("planets_log.serve.app.run", lambda *args: ran.update(trusted=args[-1]))
    res = CliRunner().invoke(cli, ["serve", str(tmp_path), "--trusted-proxy", "127.0.0.1", "--trusted-proxy", "::1"])
    assert res.exit_code == 0 and ran["trusted"] == ("127.0.0.1", "::1"), res.output


def test_a_table_with_a_secret_seed_keeps_it_beside_the_record_and_never_shows_it(served: Served):
    made = served.client.post("/api/tables", json={"name": "t1", "game": "four-planets", "players": ["Ann", "Ben"],
                                                   "entropy": {"Ann": "kumquat"}}, headers=served.director)
    assert made.status_code == 201, made.text
    side = served.folder / "t1.jsonl.seed"
    assert stat.S_IMODE(os.stat(side).st_mode) == 0o600
    secret = json.loads(side.read_text())["secret"]
    header = served.client.get("/api/tables/t1/header", headers=served.director).json()
    assert header["seed"] == "secret" and secret not in json.dumps(header)
    recorder = next(ln for ln in made.json()["links"] if ln["role"] == "recorder")
    res = served.client.post("/api/tables/t1/moves", json={"seq": served.seq("t1"), "moves": ["d1"]},
                             headers=bearer(recorder["token"]))
    assert res.status_code == 200, res.text
    assert CliRunner().invoke(cli, ["validate", str(served.folder / "t1.jsonl")]).exit_code == 0


def test_a_table_kept_by_one_player_and_a_table_game(served: Served):
    for name, extra in (("kept", {"seed": "table", "kept_by": "Ben"}), ("table", {"seed": "table"})):
        res = served.client.post("/api/tables", json={"name": name, "game": "four-planets", "players": ["Ann", "Ben"],
                                                      **extra}, headers=served.director)
        assert res.status_code == 201, res.text
    res = served.client.post("/api/tables", json={"name": "bad", "game": "four-planets", "players": ["Ann", "Ben"],
                                                  "kept_by": "Ben"}, headers=served.director)
    assert res.status_code == 422 and res.json()["code"] == "usage"
    res = served.client.post("/api/tables", json={"name": "kept", "game": "four-planets", "players": ["A", "B"]},
                             headers=served.director)
    assert res.status_code == 409 and res.json()["code"] == "table.exists"


def test_what_is_alive_after_a_full_collection_is_frozen_so_the_next_scans_only_what_came_since():
    import gc

    before = list(gc.callbacks)
    try:
        app_module.short_collections()
        frozen = gc.get_freeze_count()
        assert frozen > 0
        kept = [[i] for i in range(1000)]  # long-lived objects made after the start
        gc.collect()
        assert gc.get_freeze_count() >= frozen + len(kept)
    finally:
        gc.callbacks[:] = before
        gc.unfreeze()
