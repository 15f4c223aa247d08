"""Arbiter events: rulings, penalties, declared results (on the toy game)."""

from __future__ import annotations

import json

from planets_log.cli.main import cli


def run(runner, *args):
    return runner.invoke(cli, list(args), catch_exceptions=False)


def new(runner, tmp_path):
    path = tmp_path / "g.jsonl"
    assert run(runner, "new", "countdown", "--player", "Ann", "--player", "Ben", "--seed", "3", str(path)).exit_code == 0
    return path


def test_a_ruling_lets_an_illegal_move_stand_and_validate_says_so(runner, tmp_path):
    path = new(runner, tmp_path)
    res = run(runner, "rule", str(path), "take 4", "--reason", "house rule agreed", "--arbiter", "Kim")
    assert res.exit_code == 0, res.output
    res = run(runner, "validate", "--json", str(path))
    assert res.exit_code == 0
    [report] = json.loads(res.output)
    assert report["valid"] is True
    assert report["rulings"] == [{"seq": 3, "code": "take.count", "message": "Ann may take 1 to 3, not 4",
                                  "rule": "Turn", "reason": "house rule agreed"}]
    text = run(runner, "validate", str(path)).output
    assert "ruled [take.count]" in text and "house rule agreed" in text


def test_a_ruling_cannot_excuse_playing_out_of_turn(runner, tmp_path):
    path = new(runner, tmp_path)
    before = path.read_bytes()
    res = run(runner, "rule", str(path), "take 1", "--reason", "x")
    assert res.exit_code == 0
    res = run(runner, "rule", str(path), "pile 7", "--reason", "redeal")
    assert res.exit_code == 1 and "chance.unexpected" in res.output
    assert path.read_bytes().startswith(before)


def test_penalty_changes_the_total_and_the_winner(runner, tmp_path):
    path = new(runner, tmp_path)
    run(runner, "record", str(path), "take 3", "take 3", "take 3", "take 3")
    assert json.loads(run(runner, "score", "--json", str(path)).output)["winners"] == [1]
    res = run(runner, "penalty", str(path), "--seat", "Ben", "--points", "-2", "--reason", "slow play")
    assert res.exit_code == 0, res.output
    sheet = json.loads(run(runner, "score", "--json", str(path)).output)
    assert sheet["scores"][1]["total"] == -1 and sheet["scores"][1]["breakdown"]["penalties"] == -2
    assert sheet["winners"] == [0]


def test_declared_result_is_compared_with_the_rules(runner, tmp_path):
    path = new(runner, tmp_path)
    run(runner, "record", str(path), "take 3", "take 3", "take 3", "take 3")
    res = run(runner, "result", str(path), "--winner", "Ann")
    assert "but the rules give Ben" in res.output
    assert json.loads(run(runner, "score", "--json", str(path)).output)["declared"]["status"] == "mismatch"
    run(runner, "result", str(path), "--winner", "Ann", "--by", "arbiter", "--reason", "Ben conceded")
    assert json.loads(run(runner, "score", "--json", str(path)).output)["declared"]["status"] == "overridden"
    run(runner, "result", str(path), "--winner", "2")
    assert json.loads(run(runner, "score", "--json", str(path)).output)["declared"]["status"] == "match"


def test_a_ruling_on_a_line_that_implies_another_rules_the_typed_event_after_the_implied_one(runner, tmp_path):
    path = tmp_path / "sp.jsonl"
    run(runner, "new", "space-planets", "--player", "Ann", "--player", "Ben", "--table", str(path))
    assert run(runner, "record", str(path), "deal p1 p2 hole / p1 p3 p1 / p2 p4 p1").exit_code == 0
    res = run(runner, "rule", str(path), "land 5 9", "--reason", "the die was cocked")  # `land` implies the roll
    assert res.exit_code == 0, res.output
    lines = [json.loads(line) for line in path.read_text().splitlines()]
    assert [line["type"] for line in lines[2:]] == ["rolled", "ruling", "landed"]
    assert lines[3]["target"] == lines[4]["seq"] == 4
    [report] = json.loads(run(runner, "validate", "--json", str(path)).output)
    assert [(r["seq"], r["code"]) for r in report["rulings"]] == [(4, "landed.face")]
