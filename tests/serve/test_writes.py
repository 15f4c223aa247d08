"""Writes through the server are the command line's: the same refusals (code, rule, message), all or nothing for
several moves, the record byte for byte unchanged when refused, 409 for a stale seq, bounded bodies, and the
command line writing the same record meanwhile (issue 22: the API, reliability)."""

from __future__ import annotations

import re
import shutil

from click.testing import CliRunner

from planets_log.cli.main import cli
from planets_log.serve.limits import MAX_BODY, MAX_MOVES

from .conftest import Served


def _cli(*args: str):
    return CliRunner().invoke(cli, [str(a) for a in args])


def test_a_refused_move_is_the_command_lines_refusal_and_leaves_the_record_unchanged(served: Served, tmp_path):
    served.table("t1")
    path = served.folder / "t1.jsonl"
    served.play("t1", served.legal("t1")[0])
    before = path.read_bytes()
    copy = tmp_path / "copy.jsonl"
    shutil.copy(path, copy)
    for bad in ("d9", "zz", "Ann: d1"):  # off the board, not notation, out of turn
        res = served.play("t1", bad)
        assert res.status_code == 422, res.text
        problem = res.json()
        out = _cli("record", copy, bad)
        assert out.exit_code == 1
        line = out.output.strip().splitlines()[-1]
        assert f"[{problem['code']}]: {problem['message']}" in line, (line, problem)
        assert line.endswith(f"({problem['rule']})"), (line, problem)
        assert re.search(rf"seq {problem['seq']}\b", line), (line, problem)
        assert path.read_bytes() == before


def test_several_moves_are_written_all_or_none(served: Served, tmp_path):
    served.table("t1")
    path = served.folder / "t1.jsonl"
    copy = tmp_path / "copy.jsonl"
    shutil.copy(path, copy)
    first = served.legal("t1")[0]
    before = path.read_bytes()
    res = served.play("t1", first, "d9")
    assert res.status_code == 422 and path.read_bytes() == before  # the legal first move is not written either
    assert res.json()["index"] == 1  # the second move was refused
    res = served.play("t1", first, "d2")
    assert res.status_code == 200, res.text
    assert [ln["text"] for ln in res.json()["lines"]][:2] == [f"Ann: {first}", "Ben: d2"]
    assert _cli("record", copy, first, "d2").exit_code == 0
    assert path.read_bytes() == copy.read_bytes()  # the same bytes as the command line writes


def test_a_move_typed_against_an_older_position_is_409(served: Served):
    served.table("t1")
    seq = served.seq("t1")
    rec = served.links["t1"]["recorder"]
    assert served.play("t1", served.legal("t1")[0]).status_code == 200
    path = served.folder / "t1.jsonl"
    before = path.read_bytes()
    res = served.client.post("/api/tables/t1/moves", json={"seq": seq, "moves": ["d2"]}, headers=rec)
    assert res.status_code == 409 and res.json()["code"] == "append.stale"
    assert path.read_bytes() == before


def test_the_command_line_writing_meanwhile_is_seen_and_makes_the_servers_view_stale(served_files: Served):
    served = served_files
    served.table("t1")
    seq = served.seq("t1")
    path = served.folder / "t1.jsonl"
    assert _cli("record", path, "d1").exit_code == 0  # the command line, on the folder the server serves
    res = served.client.post("/api/tables/t1/moves", json={"seq": seq, "moves": ["d2"]},
                             headers=served.links["t1"]["recorder"])
    assert res.status_code == 409, res.text
    assert served.seq("t1") == seq + 1
    assert served.client.get("/api/tables/t1/lines?after=0", headers=served.director).json()["lines"][-1]["text"] \
        == "Ann: d1"
    assert served.play("t1", "d2").status_code == 200
    assert _cli("validate", path).exit_code == 0


def test_bodies_and_move_lists_are_bounded(served: Served):
    served.table("t1")
    rec = served.links["t1"]["recorder"]
    big = {"seq": 0, "moves": ["d1"], "by": "x" * (MAX_BODY + 1)}
    res = served.client.post("/api/tables/t1/moves", json=big, headers=rec)
    assert res.status_code == 413 and res.json()["code"] == "limit.body"
    many = {"seq": served.seq("t1"), "moves": ["d1"] * (MAX_MOVES + 1)}
    res = served.client.post("/api/tables/t1/moves", json=many, headers=rec)
    assert res.status_code == 413 and res.json()["code"] == "limit.moves"
    res = served.client.post("/api/tables/t1/moves", content=b"{not json", headers=rec)
    assert res.status_code == 400 and res.json()["code"] == "request.invalid"


def test_undo_needs_a_reason_and_keeps_it(served: Served):
    served.table("t1")
    served.play("t1", "d1")
    rec = served.links["t1"]["recorder"]
    res = served.client.post("/api/tables/t1/undo", json={"seq": served.seq("t1"), "reason": ""}, headers=rec)
    assert res.status_code == 400
    res = served.client.post("/api/tables/t1/undo", json={"seq": served.seq("t1"), "reason": "misread"}, headers=rec)
    assert res.status_code == 200 and res.json()["lines"][0]["text"].endswith(": misread")
    assert res.json()["next"] == "Ann to move"


def test_a_seats_note_is_signed_with_its_players_name(served: Served):
    served.table("t1")
    res = served.client.post("/api/tables/t1/notes", json={"target": 1, "text": "nice", "author": "Ben"},
                             headers=served.links["t1"]["Ann"])
    assert res.status_code == 200
    assert res.json()["lines"][0]["text"] == "note on seq 1: nice (Ann)"


def test_the_director_rules_penalises_declares_and_seals(tmp_path):
    from planets_log.audit.seal import keygen

    from .conftest import serve_folder

    key = tmp_path / "organiser"
    keygen(str(key))
    for s in serve_folder(tmp_path / "served", key=f"{key}.key"):
        s.table("t1")
        d = s.director
        assert s.client.post("/api/tables/t1/penalties", json={"seat": "Ben", "points": -2, "reason": "late"},
                             headers=d).status_code == 200
        assert s.client.post("/api/tables/t1/result", json={"winners": ["Ann"], "by": "arbiter", "reason": "Ben left"},
                             headers=d).status_code == 200
        res = s.client.post("/api/tables/t1/seal", headers=d)
        assert res.status_code == 200 and res.json()["lines"][0]["type"] == "seal", res.text
        assert s.client.get("/api/tables/t1", headers=d).json()["sealed"] is True
        res = s.play("t1", "d1")
        assert res.status_code == 422 and res.json()["code"] == "seal.extended"
        assert _cli("validate", s.folder / "t1.jsonl").exit_code == 0


def test_the_command_line_and_the_server_annotating_at_once_lose_and_interleave_nothing(served_files: Served):
    served = served_files
    import subprocess
    import sys
    import threading

    served.table("t1")
    path = served.folder / "t1.jsonl"
    script = ("import sys\nfrom planets_log.cli.main import main\n"
              "for i in range(8):\n"
              "    try:\n        main(['annotate', sys.argv[1], '--at', '1', f'cli {i}'])\n"
              "    except SystemExit as e:\n        assert not e.code, e.code\n")
    cli_writer = threading.Thread(target=lambda: subprocess.run([sys.executable, "-c", script, str(path)], check=True,
                                                                capture_output=True))
    cli_writer.start()
    sent = 0
    while (cli_writer.is_alive() or sent < 8) and sent < 4000:  # as long as the command line writes
        res = served.client.post("/api/tables/t1/notes", json={"target": 1, "text": f"server {sent}"},
                                 headers=served.links["t1"]["recorder"])
        assert res.status_code == 200, res.text
        sent += 1
    cli_writer.join()
    assert _cli("validate", path).exit_code == 0
    assert path.read_bytes().count(b'"type":"note"') == 8 + sent
    lines = served.client.get("/api/tables/t1/lines?limit=5000", headers=served.director).json()["lines"]
    notes = [ln["text"] for ln in lines if ln["type"] == "note"]
    assert sorted(notes) == sorted([f"note on seq 1: cli {i}" for i in range(8)] +
                                   [f"note on seq 1: server {i}" for i in range(sent)])


def test_what_comes_next_is_said_as_the_command_line_says_it_with_the_step_owed(served: Served):
    """The server's `next` is the command line's words (engine.hints.mover_text): in 2491 Planetship the seat to
    move is told the step it owes (a character to place, say), not only that it is to move."""
    from planets_log.engine.hints import mover_text
    from planets_log.engine.replay import Replay

    served.table("t1", game="planetship-2491")
    res = served.play("t1", served.legal("t1")[0])
    assert res.status_code == 200, res.text
    replay = Replay(str(served.folder / "t1.jsonl"))
    said = mover_text(replay.session, replay.final())
    assert res.json()["next"] == said
    assert not said.endswith(" to move"), said
