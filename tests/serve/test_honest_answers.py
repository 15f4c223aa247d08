"""Honest answers when the disk or a record fails (issue 35, item 9): a full disk is 507, never the rules' 422;
a damaged table's 503 names the seq of its damage; a record cut before a drawn outcome is drawn again."""

from __future__ import annotations

import errno
import json
import os

from .conftest import Served


def test_making_a_table_on_a_full_disk_is_507_and_leaves_nothing(served: Served, monkeypatch):
    real = os.fsync

    def full(fd: int) -> None:
        raise OSError(errno.ENOSPC, os.strerror(errno.ENOSPC))

    monkeypatch.setattr(os, "fsync", full)
    body = {"name": "t", "game": "four-planets", "players": ["Ann", "Ben"], "seed": "public", "public_seed": 7}
    res = served.client.post("/api/tables", json=body, headers=served.director)
    assert res.status_code == 507, res.text
    assert res.json()["code"] == "file.write" and "No space left on device" in res.json()["message"]
    assert not list(served.folder.glob("t.jsonl*")) and not list(served.folder.glob(".*.tmp"))
    monkeypatch.setattr(os, "fsync", real)
    assert served.client.post("/api/tables", json=body, headers=served.director).status_code == 201


def test_a_damaged_tables_503_names_the_seq_of_its_damage(served_files: Served):  # the folder written to by hand: files only
    """docs/serve.md: a damaged record is its table's problem, 503 with its code and seq."""
    served = served_files
    served.table("t1")
    served.play("t1", "d1")
    path = served.folder / "t1.jsonl"
    path.write_bytes(path.read_bytes().replace(b'"seat":0,"seq":4', b'"seat":1,"seq":4'))  # the outcome at seq 4
    for _ in range(2):  # found while the table is open, then answered from what was found
        res = served.client.get("/api/tables/t1/position", headers=served.director)
        assert res.status_code == 503 and (res.json()["code"], res.json()["seq"]) == ("chance.tampered", 4), res.text
    info = served.client.get("/api/tables/t1", headers=served.director).json()
    assert (info["problem"]["code"], info["problem"]["seq"]) == ("chance.tampered", 4)


def test_a_record_cut_before_the_seeds_draw_is_drawn_again_at_the_next_move(served_files: Served):  # the folder written to by hand: files only
    """A record cut by hand just after a move, before the outcome the engine drew for it: the next move
    is not refused as an outcome nobody without the seed could type; the seed's outcome is written first."""
    served = served_files
    served.table("cut")
    path = served.folder / "cut.jsonl"
    for _ in range(30):
        before = path.read_bytes()
        move = served.legal("cut")[0]
        assert served.play("cut", move).status_code == 200
        whole = path.read_bytes()
        added = whole[len(before):].splitlines(keepends=True)
        if len(added) > 1 and served.legal("cut"):
            break
    else:
        raise AssertionError("no move drew an outcome after it")
    following = served.legal("cut")[0]
    path.write_bytes(before + added[0])  # cut just after the move
    res = served.play("cut", following)
    assert res.status_code == 200, res.text
    assert path.read_bytes().startswith(whole)  # the same outcome, drawn again from the seed


def test_record_on_the_command_line_draws_again_what_a_cut_record_lacks(tmp_path):
    from click.testing import CliRunner

    from planets_log.cli.main import cli

    path, runner = tmp_path / "g.jsonl", CliRunner()
    assert runner.invoke(cli, ["new", "four-planets", "--player", "Ann", "--player", "Ben", "--seed", "7",
                               str(path)]).exit_code == 0
    for _ in range(30):
        before = path.read_bytes()
        move = json.loads(runner.invoke(cli, ["moves", str(path), "--json"]).output)["moves"][0]
        assert runner.invoke(cli, ["record", str(path), move]).exit_code == 0
        whole = path.read_bytes()
        added = whole[len(before):].splitlines(keepends=True)
        following = json.loads(runner.invoke(cli, ["moves", str(path), "--json"]).output)["moves"]
        if len(added) > 1 and following:
            break
    path.write_bytes(before + added[0])
    done = runner.invoke(cli, ["record", str(path), following[0]])
    assert done.exit_code == 0, done.output
    assert path.read_bytes().startswith(whole)
