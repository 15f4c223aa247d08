"""The pages as the server sends them: fixed shells with no data, this server's scripts and style only, a strict
Content-Security-Policy, nothing that parses a record's text as HTML; the links open the right page; and what
the pages rely on in the API: `serve --public-delay` and `serve --key` sealing each record when its game ends."""

from __future__ import annotations

import re
from pathlib import Path

from click.testing import CliRunner

from planets_log.cli.main import cli
from planets_log.serve.pages import STATIC

from .conftest import Served, serve_folder

STATIC_DIR = Path(__file__).resolve().parents[2] / "planets_log" / "serve" / "static"
PAGES = ("/tables/t1", "/games/t1", "/games", "/director")


def test_every_page_is_a_fixed_shell_with_a_strict_policy(served: Served):
    served.table("t1", players=("Ann", "Ben"))
    for path in PAGES:
        page = served.client.get(path)
        assert page.status_code == 200 and page.headers["content-type"].startswith("text/html")
        assert "Ann" not in page.text and "t1" not in page.text, "a shell holds no table's data"
        policy = page.headers["content-security-policy"]
        for rule in ("default-src 'none'", "script-src 'self'", "style-src 'self'", "connect-src 'self'",
                     "frame-ancestors 'none'", "base-uri 'none'", "form-action 'none'"):
            assert rule in policy, (path, rule)
        assert "unsafe" not in policy
        assert page.headers["referrer-policy"] == "no-referrer" and page.headers["x-content-type-options"] == "nosniff"
        assert not re.search(r"<script(?![^>]*\bsrc=\"/static/)", page.text), "no inline script"
        assert "style=" not in page.text, "no inline style"


def test_the_static_files_are_served_and_nothing_else(served: Served):
    for name in STATIC:
        res = served.client.get(f"/static/{name}")
        assert res.status_code == 200 and res.text == (STATIC_DIR / name).read_text(), name
        assert "content-security-policy" in res.headers
    for name in ("table.html", "../pages.py", "%2e%2e/pages.py", "nope.js"):
        assert served.client.get(f"/static/{name}").status_code == 404, name


def test_nothing_is_fetched_from_outside_the_server_and_no_data_is_parsed_as_html():
    for path in sorted(STATIC_DIR.iterdir()):
        text = path.read_text()
        assert not re.search(r"(https?:)?//[a-z0-9.-]+\.[a-z]{2,}", text.replace("http://www.w3.org/2000/svg", "")), path
        if path.suffix == ".js":
            for sink in ("innerHTML", "outerHTML", "insertAdjacentHTML", "document.write", "eval(", "new Function"):
                assert sink not in text, (path.name, sink)


def test_the_links_open_the_recorders_table_page_and_each_seats_game_page(served: Served):
    made = served.table("t1")
    urls = {ln["player"] or ln["role"]: ln["url"] for ln in made["links"]}
    assert urls["recorder"].startswith("http://testserver.local/tables/t1#token=")
    assert urls["Ann"].startswith("http://testserver.local/games/t1#token=")
    assert urls["Ben"].startswith("http://testserver.local/games/t1#token=")


def test_public_delay_holds_every_public_table_back_at_least_that_many_moves(tmp_path: Path):
    for s in serve_folder(tmp_path / "served", public_delay=2):
        s.table("t1", public=True)
        s.table("t2", public=True, delay=3)
        for name in ("t1", "t2"):
            s.play(name, "d1", "d2", "d3")
        seqs = [ln["seq"] for ln in s.client.get("/api/tables/t1/lines", headers=s.director).json()["lines"]
                if ln["kind"] == "action"]
        assert s.client.get("/api/tables/t1/position").json()["seq"] == seqs[-2] - 1
        assert s.client.get("/api/tables/t1").json()["delay"] == 2
        assert s.client.get("/api/tables/t2/position").json()["seq"] == seqs[-3] - 1, "a longer delay of its own"
        assert s.client.get("/api/tables/t1/position", headers=s.links["t1"]["Ann"]).json()["seq"] == s.seq("t1")


def test_with_a_key_each_record_is_sealed_as_its_game_ends(tmp_path: Path):
    from planets_log.audit.seal import keygen

    keygen(str(tmp_path / "organiser"))
    for s in serve_folder(tmp_path / "served", key=str(tmp_path / "organiser.key")):
        s.table("t1")
        while s.client.get("/api/tables/t1", headers=s.director).json()["status"] != "over":
            assert s.client.get("/api/tables/t1", headers=s.director).json()["sealed"] is False
            res = s.play("t1", s.legal("t1")[-1])
            assert res.status_code == 200, res.text
        assert res.json()["lines"][-1]["type"] == "seal", "the last move's answer shows the seal"
        assert s.client.get("/api/tables/t1", headers=s.director).json()["sealed"] is True
        audit = s.client.get("/api/audit", headers=s.director).json()["records"][0]
        assert audit["sealed"] and audit["verified"] and audit["problems"] == []
        check = CliRunner().invoke(cli, ["audit", "--key", str(tmp_path / "organiser.pub"), str(s.folder / "t1.jsonl")])
        assert check.exit_code == 0, check.output


def test_without_a_key_a_finished_record_stays_unsealed(served: Served):
    served.table("t1")
    while served.client.get("/api/tables/t1", headers=served.director).json()["status"] != "over":
        served.play("t1", served.legal("t1")[-1])
    assert served.client.get("/api/tables/t1", headers=served.director).json()["sealed"] is False


def test_the_serve_command_offers_public_delay_and_says_the_key_seals(tmp_path: Path):
    res = CliRunner().invoke(cli, ["serve", "--help"])
    assert "--public-delay" in res.output and "sealed with it as soon as its game ends" in " ".join(res.output.split())
