"""One way to name a seat everywhere: the player's name, or a number counted from 1."""

from __future__ import annotations

import json

import pytest

from planets_log.cli.main import cli
from planets_log.engine.seats import parse_seat, seat_label


def test_parse_seat_counts_from_one_and_reads_names():
    players = ["Ann", "Ben Lee", "cal"]
    assert parse_seat("1", players) == 0 and parse_seat("3", players) == 2
    assert parse_seat("0", players) is None and parse_seat("4", players) is None
    assert parse_seat("Ben Lee", players) == 1 and parse_seat("CAL", players) == 2 and parse_seat("Zed", players) is None
    assert [seat_label(i, players) for i in range(3)] == ["Ann", "2", "cal"]


@pytest.fixture
def game(runner, tmp_path):
    path = tmp_path / "g.jsonl"
    assert runner.invoke(cli, ["new", "countdown", "--player", "Ann", "--player", "Ben", "--seed", "3", str(path)]).exit_code == 0
    return path


@pytest.mark.parametrize("word,seat", [("1", 0), ("2", 1), ("Ben", 1), ("ann", 0)])
def test_penalty_and_result_name_seats_from_one(runner, game, word, seat):
    res = runner.invoke(cli, ["penalty", str(game), "--seat", word, "--points", "-1", "--reason", "late"])
    assert res.exit_code == 0, res.output
    assert json.loads(game.read_text().splitlines()[-1])["seat"] == seat
    res = runner.invoke(cli, ["result", str(game), "--winner", word])
    assert json.loads(game.read_text().splitlines()[-1])["winners"] == [seat]


def test_replay_as_1_is_the_first_player(runner, game):
    as_1 = runner.invoke(cli, ["replay", str(game), "--as", "1", "--format", "json"]).output
    as_ann = runner.invoke(cli, ["replay", str(game), "--as", "Ann", "--format", "json"]).output
    assert as_1 == as_ann


@pytest.mark.parametrize("given,stored", [("Ben", 1), ("2", 1), ("1", 0), ("ann", 0)])
def test_a_seat_option_is_named_like_every_seat(runner, tmp_path, given, stored):
    """Space Planets' `first`: by name or number from 1 at `new`, the 0-based index in the header."""
    path = tmp_path / "s.jsonl"
    res = runner.invoke(cli, ["new", "space-planets", "--player", "Ann", "--player", "Ben", "--table",
                              "--option", f"first={given}", str(path)])
    assert res.exit_code == 0, res.output
    assert json.loads(path.read_text().splitlines()[0])["options"]["first"] == stored


def test_a_seat_option_that_names_no_seat_is_usage(runner, tmp_path):
    res = runner.invoke(cli, ["new", "space-planets", "--player", "Ann", "--player", "Ben", "--table",
                              "--option", "first=0", str(tmp_path / "s.jsonl")])
    assert res.exit_code == 2 and "name Ann, Ben (or a number 1–2)" in res.output
