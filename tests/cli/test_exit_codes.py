"""Exit codes walked over every command: 2 for every usage problem, 1 for wrong data (docs/cli.md)."""

from __future__ import annotations

import pytest

from planets_log.cli.main import COMMANDS, cli

MISSING = "missing.jsonl"
# every command, called wrongly: a missing file, an unknown game, a bad option or a bad seat
USAGE = {
    "games": ["games", "--bogus"],
    "new": ["new", "countdown", "--player", "Ann", "--player", "Ann", "o.jsonl"],
    "record": ["record", MISSING, "take 1"],
    "moves": ["moves", MISSING],
    "undo": ["undo", MISSING],
    "validate": ["validate", MISSING],
    "replay": ["replay", MISSING],
    "diff": ["diff", MISSING, MISSING],
    "annotate": ["annotate", MISSING, "--list"],
    "score": ["score", MISSING],
    "selfplay": ["selfplay", "countdown", "--seed", "1", "--players", "9", "--out", "d"],
    "schema": ["schema", "no-such-game"],
    "demo": ["demo", "--bogus"],
    "repair": ["repair", MISSING],
    "rule": ["rule", MISSING, "take 1", "--reason", "r"],
    "penalty": ["penalty", MISSING, "--seat", "1", "--points", "1", "--reason", "r"],
    "result": ["result", MISSING, "--winner", "1"],
    "reveal": ["reveal", MISSING],
    "seal": ["seal", MISSING, "--key", "missing.key"],
    "keygen": ["keygen"],
    "audit": ["audit", MISSING],
    "campaign": ["campaign", "validate", MISSING],
    "render": ["render", MISSING, "--svg", "o.svg"],
    "export": ["export", MISSING, "--html", "o.html"],
    "serve": ["serve", "d", "--port", "0"],
    "copy": ["copy", "missing-folder", "copied"],
}


def test_the_walk_covers_every_command():
    assert set(USAGE) == set(COMMANDS)


@pytest.mark.parametrize("name", list(COMMANDS))
def test_every_usage_problem_exits_2(runner, tmp_path, monkeypatch, name):
    monkeypatch.chdir(tmp_path)
    res = runner.invoke(cli, USAGE[name])
    assert res.exit_code == 2, (name, res.output)
    assert "Traceback" not in res.output
    assert sorted(p.name for p in tmp_path.iterdir()) == []  # nothing half-written


@pytest.mark.parametrize("players", [["Solo"], ["A", "B", "C", "D"], ["Ann", "Ann"], ["Ann", " "], ["Ann", "2"]])
def test_bad_players_at_new_are_usage(runner, tmp_path, players):
    args = ["new", "countdown", *[a for p in players for a in ("--player", p)], str(tmp_path / "o.jsonl")]
    res = runner.invoke(cli, args)
    assert res.exit_code == 2, res.output
    assert not (tmp_path / "o.jsonl").exists()


def test_a_number_as_a_name_is_refused_and_says_why(runner, tmp_path):
    res = runner.invoke(cli, ["new", "countdown", "--player", "Ann", "--player", "2", str(tmp_path / "o.jsonl")])
    assert res.exit_code == 2 and "may not be a number" in res.output


def test_bad_seat_options_are_usage_and_wrong_data_is_1(runner, tmp_path):
    path = tmp_path / "g.jsonl"
    assert runner.invoke(cli, ["new", "countdown", "--player", "Ann", "--player", "Ben", "--seed", "3", str(path)]).exit_code == 0
    for args in (["penalty", str(path), "--seat", "0", "--points", "1", "--reason", "r"],
                 ["result", str(path), "--winner", "Zed"],
                 ["replay", str(path), "--as", "3"]):
        res = runner.invoke(cli, args)
        assert res.exit_code == 2 and "no seat" in res.output, (args, res.output)
    res = runner.invoke(cli, ["record", str(path), "take 9"])
    assert res.exit_code == 1


def test_validate_exits_2_for_a_missing_file_among_valid_ones(runner, tmp_path):
    path = tmp_path / "g.jsonl"
    runner.invoke(cli, ["new", "countdown", "--player", "Ann", "--player", "Ben", "--seed", "3", str(path)])
    res = runner.invoke(cli, ["validate", str(path), str(tmp_path / MISSING)])
    assert res.exit_code == 2 and "valid" in res.output and "cannot open" in res.output


def test_a_trailing_empty_line_is_named_as_such(runner, tmp_path):
    path = tmp_path / "g.jsonl"
    runner.invoke(cli, ["new", "countdown", "--player", "Ann", "--player", "Ben", "--seed", "3", str(path)])
    path.write_bytes(path.read_bytes() + b"\n")
    res = runner.invoke(cli, ["validate", str(path)])
    assert res.exit_code == 1 and "empty-line" in res.output and "truncated" not in res.output
