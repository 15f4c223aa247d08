"""Links that open where they are handed out (issue 37): built from the address the director's browser used, the
machine's network address when a loopback one was used on every interface; every table's links shown again at any
time (made again from the links' key, never kept whole), each with its QR code; the director's link surviving a
restart until it is replaced on purpose."""

from __future__ import annotations

import io
import xml.etree.ElementTree as ET
from pathlib import Path

import segno
from click.testing import CliRunner

from planets_log.cli.main import cli
from planets_log.serve.server import Server
from planets_log.serve.store import KEY_FILE, STATE_FILE, Store

from .conftest import Served, bearer, serve_folder
from .real import start


def urls(made: dict[str, object]) -> dict[str, str]:
    return {ln["player"] or ln["role"]: ln["url"] for ln in made["links"]}  # type: ignore[attr-defined,index]


def test_the_links_use_the_host_the_directors_browser_used(served: Served):
    at = {**served.director, "host": "192.168.1.20:8000"}
    made = served.client.post("/api/tables", json={"name": "t1", "game": "four-planets", "players": ["Ann", "Ben"]},
                              headers=at).json()
    got = urls(made)
    assert got["recorder"].startswith("http://192.168.1.20:8000/tables/t1#token=")
    assert got["Ann"].startswith("http://192.168.1.20:8000/games/t1#token=")
    again = served.client.post("/api/tables/t1/links", json={"role": "seat", "seat": "Ben"},
                               headers={**served.director, "host": "club.example"}).json()
    assert again["url"].startswith("http://club.example/games/t1#token=")
    shown = served.client.get("/api/tables/t1/links", headers={**served.director, "host": "[fe80::1]:8000"}).json()
    assert all(ln["url"].startswith("http://[fe80::1]:8000/") for ln in shown["links"])


def test_a_host_header_that_is_not_a_plain_address_gets_the_servers_own(served: Served):
    """Refused by the framework, or answered with links at the server's own address: never one pointing elsewhere."""
    answered = 0
    for host in ("evil.example/#", "a b", "x.example:80@y.example", "x.example\\y", ""):
        made = served.client.post("/api/tables", json={"name": f"t{len(host)}", "game": "four-planets",
                                                       "players": ["Ann", "Ben"]}, headers={**served.director, "host": host})
        assert made.status_code in (201, 400), made.text
        if made.status_code == 201:
            answered += 1
            assert all(u.startswith("http://test/") for u in urls(made.json()).values()), (host, made.json())
    assert answered


def test_on_every_interface_a_loopback_host_becomes_the_network_address(tmp_path: Path):
    for s in serve_folder(tmp_path / "served"):
        s.server.lan_base = "http://192.168.1.20:8000"
        for n, host in enumerate(("127.0.0.1:8000", "localhost:8000", "[::1]:8000")):
            made = s.client.post("/api/tables", json={"name": f"t{n}", "game": "four-planets",
                                                      "players": ["Ann", "Ben"]}, headers={**s.director, "host": host}).json()
            assert urls(made)["recorder"].startswith("http://192.168.1.20:8000/tables/"), host
        made = s.client.post("/api/tables", json={"name": "tn", "game": "four-planets", "players": ["Ann", "Ben"]},
                             headers={**s.director, "host": "club.local:8000"}).json()
        assert urls(made)["recorder"].startswith("http://club.local:8000/tables/tn#token=")


def test_every_live_link_of_a_table_is_shown_again_with_its_qr_code(served: Served):
    made = served.table("t1", public=True)
    served.table("t2", players=("Cat", "Dan"))
    shown = served.client.get("/api/tables/t1/links", headers=served.director)
    assert shown.status_code == 200 and "no-store" in shown.headers["cache-control"]
    body = shown.json()
    assert [(ln["role"], ln["player"]) for ln in body["links"]] == [("recorder", None), ("seat", "Ann"), ("seat", "Ben")]
    assert {ln["url"] for ln in body["links"]} == set(urls(made).values()), "the same links as when it was made"
    for ln in body["links"]:
        assert served.client.get("/api/whoami", headers=bearer(ln["token"])).json()["table"] == "t1"
        assert ln["qr"] == _svg(ln["url"]), "the QR code is of the link itself"
        root = ET.fromstring(ln["qr"])
        assert root.tag == "{http://www.w3.org/2000/svg}svg" and root.find("{http://www.w3.org/2000/svg}path") is not None
    assert body["public"]["url"] == "http://testserver.local/games/t1" and body["unshown"] == 0
    private = served.client.get("/api/tables/t2/links", headers=served.director).json()
    assert private["public"] is None and [ln["player"] for ln in private["links"]] == [None, "Cat", "Dan"]


def _svg(url: str) -> str:
    out = io.BytesIO()
    segno.make(url, error="m").save(out, kind="svg", xmldecl=False, svgns=True, scale=4, border=2, omitsize=False)
    return out.getvalue().decode()


def test_a_revoked_link_leaves_the_list_and_a_reissued_one_joins_it(served: Served):
    served.table("t1")
    shown = served.client.get("/api/tables/t1/links", headers=served.director).json()["links"]
    ann = next(ln for ln in shown if ln["player"] == "Ann")
    new = served.client.post("/api/tables/t1/links", json={"role": "seat", "seat": "Ann"}, headers=served.director).json()
    assert served.client.delete(f"/api/tokens/{ann['token_id']}", headers=served.director).status_code == 200
    after = served.client.get("/api/tables/t1/links", headers=served.director).json()["links"]
    assert [ln["token_id"] for ln in after if ln["player"] == "Ann"] == [new["token_id"]]
    assert served.client.get("/api/whoami", headers=bearer(ann["token"])).status_code == 401


def test_the_state_file_keeps_only_hashes_and_a_restart_shows_the_same_links(tmp_path: Path):
    folder = tmp_path / "served"
    for s in serve_folder(folder):
        s.table("t1")
        before = s.client.get("/api/tables/t1/links", headers=s.director).json()["links"]
    state = (folder / STATE_FILE).read_text()
    for ln in before:
        assert ln["token"] not in state
    assert oct((folder / KEY_FILE).stat().st_mode & 0o777) == "0o600"
    for s in serve_folder(folder):
        again = s.client.get("/api/tables/t1/links", headers=s.director).json()["links"]
        assert [ln["token"] for ln in again] == [ln["token"] for ln in before]


def test_links_issued_with_no_key_to_make_them_again_are_counted_not_shown(tmp_path: Path):
    folder = tmp_path / "served"
    for s in serve_folder(folder):
        s.table("t1")
    store = Store(folder.resolve())
    store.state.tokens = [t if t.role == "director" else type(t)(t.id, t.sha256, t.role, t.table, t.seat)
                          for t in store.state.tokens]  # as an older server wrote them
    store.save()
    for s in serve_folder(folder):
        body = s.client.get("/api/tables/t1/links", headers=s.director).json()
        assert body["links"] == [] and body["unshown"] == 3


def test_a_directors_link_is_never_shown_again(tmp_path: Path):
    server = Server(tmp_path / "served")
    token = server.store.issue("director")
    found = server.store.find(token)
    assert found is not None and server.store.secret(found) is None and not found.derived


def test_the_directors_link_survives_a_restart_until_it_is_replaced(tmp_path: Path):
    folder = tmp_path / "served"
    first = start(folder)
    first.stop()
    again = start(folder)
    try:
        assert "still works" in again.output() and "#token=" not in again.output()
        with again.client() as client:
            assert client.get("/api/whoami", headers=first.director).json()["role"] == "director"
    finally:
        again.stop()
    third = start(folder, args=("--new-director-link",))
    try:
        with third.client() as client:
            assert client.get("/api/whoami", headers=first.director).status_code == 401
            assert client.get("/api/whoami", headers=third.director).json()["role"] == "director"
    finally:
        third.stop()


def test_the_serve_command_explains_the_new_director_link_with_an_example():
    text = " ".join(CliRunner().invoke(cli, ["serve", "--help"]).output.split())
    assert "--new-director-link" in text and "planets-log serve club-night/ --new-director-link" in text
