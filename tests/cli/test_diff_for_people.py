"""`diff` for people: JSON paths with values as JSON, the first diverging line on both sides,
and records that are invalid from some line on compared up to there."""

from __future__ import annotations

import json

from planets_log.cli.main import cli
from planets_log.audit.diff import json_diff

from tests.support.helpers import edit_line, rechain, write_lines

from tests.support.tables import TABLE_FIXTURES


def test_json_diff_goes_into_lists_of_different_lengths():
    a = {"seats": [{"hand": ["R0s", "G1v1s"], "left": 0}]}
    b = {"seats": [{"hand": ["R0s"], "left": 2}]}
    assert list(json_diff(a, b)) == [("$.seats[0].hand[1]", "G1v1s", None), ("$.seats[0].left", 0, 2)]


def test_a_changed_move_shows_paths_and_both_lines(runner, tmp_path):
    fixture = TABLE_FIXTURES["four-planets"]
    lines = fixture.read_bytes().splitlines()
    changed = write_lines(tmp_path / "b.jsonl", rechain(edit_line(lines, 5, planet=2)))  # seq 5: d1x2 became d2x2
    res = runner.invoke(cli, ["diff", str(fixture), str(changed)])
    assert res.exit_code == 1
    assert "first difference at seq 5" in res.output
    assert f"{fixture}:6: d1x2" in res.output and f"{changed}:6: d2x2" in res.output
    assert "$.planets[0].ships[0]: " in res.output and " → " in res.output
    assert "Ship(" not in res.output and "{'" not in res.output  # JSON, not Python structures


def test_an_invalid_record_is_compared_up_to_its_first_error(runner, tmp_path):
    fixture = TABLE_FIXTURES["four-planets"]
    lines = fixture.read_bytes().splitlines()
    bad = write_lines(tmp_path / "bad.jsonl", rechain(edit_line(lines, 20, by=1 - json.loads(lines[20])["by"])))
    assert runner.invoke(cli, ["validate", str(bad)]).exit_code == 1
    res = runner.invoke(cli, ["diff", str(fixture), str(bad)])
    assert res.exit_code == 1
    assert f"{bad} is invalid from line 21 on" in res.output
    assert "first difference at seq 20 (after 19 identical events)" in res.output
    assert "(invalid from here:" in res.output
    data = json.loads(runner.invoke(cli, ["diff", str(fixture), str(bad), "--json"]).output)
    assert data["invalid"]["b"].startswith(f"{bad}:21: seq 20") and data["first_difference"]["seq"] == 20


def test_the_invalid_line_itself_is_shown_in_notation(runner, tmp_path):
    """The bad line is shown as a move (it decodes: it only breaks a rule), beside the good record's move."""
    fixture = TABLE_FIXTURES["four-planets"]
    lines = fixture.read_bytes().splitlines()
    first = next(i for i, raw in enumerate(lines) if json.loads(raw)["type"] == "dispatch")
    planet = json.loads(lines[first])["planet"]
    bad = write_lines(tmp_path / "bad.jsonl", rechain(edit_line(lines, first, planet=planet, parts=9)))
    res = runner.invoke(cli, ["diff", str(fixture), str(bad)])
    assert res.exit_code == 1
    shown = next(line for line in res.output.splitlines() if line.strip().startswith(f"{bad}:{first + 1}:"))
    assert f"d{planet}x9 (invalid from here:" in shown, res.output


def test_an_undecodable_bad_line_is_shown_as_written(runner, tmp_path):
    fixture = TABLE_FIXTURES["four-planets"]
    lines = fixture.read_bytes().splitlines()
    broken = [*lines[:10], b'{"type":"nonsense","seq":10}']
    bad = write_lines(tmp_path / "bad.jsonl", broken)
    res = runner.invoke(cli, ["diff", str(fixture), str(bad)])
    assert res.exit_code == 1
    assert '{"type":"nonsense","seq":10} (invalid from here:' in res.output


def test_an_error_past_the_first_difference_is_not_reported(runner, tmp_path):
    """The records are compared in lockstep: b's bad line 21 lies past their first difference (seq 5)."""
    fixture = TABLE_FIXTURES["four-planets"]
    lines = rechain(edit_line(fixture.read_bytes().splitlines(), 5, planet=2))
    bad = write_lines(tmp_path / "bad.jsonl", rechain(edit_line(lines, 20, by=1 - json.loads(lines[20])["by"])))
    data = json.loads(runner.invoke(cli, ["diff", str(fixture), str(bad), "--json"]).output)
    assert data["first_difference"]["seq"] == 5 and data["invalid"] == {}
    data = json.loads(runner.invoke(cli, ["diff", str(fixture), str(bad), "--at", "30", "--json"]).output)
    assert data["first_difference"]["seq"] == 5 and data["invalid"] == {}


def test_diff_walks_the_records_through_the_engines_fold(monkeypatch):
    """diff keeps no replay loop of its own: it is a visitor of `Replay.fold` (issue 10)."""
    from planets_log.audit import diff
    from planets_log.engine.replay import Replay

    fixture = TABLE_FIXTURES["four-planets"]
    visitors = []
    fold = Replay.fold

    def counted(self, visitor, **kw):
        visitors.append(type(visitor).__name__)
        return fold(self, visitor, **kw)

    monkeypatch.setattr(Replay, "fold", counted)
    assert diff.diff_records(str(fixture), str(fixture)).identical
    assert visitors == ["_Lines", "_Lines"]  # compared to the end: no second pass
    visitors.clear()
    assert diff.diff_records(str(fixture), str(fixture), at=10).identical
    assert visitors == ["_Lines", "_Lines", "_Upto", "_Upto"]  # stopped at seq 10: replayed again to there
