"""Moves that name their player (`Ann: d1x2`, `--by`) and the interactive prompt `[seq 61] Ann> `."""

from __future__ import annotations

import json

import pytest

from planets_log.cli.interactive import Completions, prompt
from planets_log.cli.main import cli
from planets_log.engine.recorder import Recorder
from planets_log.engine.seats import split_player

from tests.support.tables import TABLE_FIXTURES, new_like, standing_lines

# per game: the setup typed, then a move by the player to move, and the other player's name
OPENINGS = {game: standing_lines(path) for game, path in TABLE_FIXTURES.items()}


def first_action(game: str) -> int:
    """The index of the first typed line that is an action (after the setup outcomes)."""
    fixture = TABLE_FIXTURES[game]
    from planets_log.engine.replay import Replay
    from planets_log.record.events import Action

    return next(i for i, step in enumerate(Replay(str(fixture)).steps()) if isinstance(step.event, Action))


def events(path):
    return [{k: v for k, v in json.loads(line).items() if k != "prev"} for line in path.read_text().splitlines()[1:]]


@pytest.mark.parametrize("game", list(TABLE_FIXTURES))
def test_a_move_with_the_wrong_players_name_is_refused_and_the_file_unchanged(runner, tmp_path, game):
    """turn order: a named move is checked against whose turn it is."""
    path = new_like(runner, TABLE_FIXTURES[game], tmp_path / "t.jsonl")
    typed = [t for _, t in OPENINGS[game]]
    i = first_action(game)
    assert runner.invoke(cli, ["record", str(path), *typed[:i]]).exit_code == 0
    rec = Recorder(str(path))
    mover = rec.session.name(rec.session.to_move(rec.pos))
    other = next(p for p in rec.header.players if p != mover)
    before = path.read_bytes()
    res = runner.invoke(cli, ["record", str(path), f"{other}: {typed[i]}"])
    assert res.exit_code == 1 and "turn.named" in res.output and f"it is {mover}'s turn, not {other}'s" in res.output
    assert path.read_bytes() == before
    res = runner.invoke(cli, ["record", str(path), typed[i], "--by", other])
    assert res.exit_code == 1 and path.read_bytes() == before
    res = runner.invoke(cli, ["record", str(path), f"{mover}: {typed[i]}"])
    assert res.exit_code == 0, res.output
    plain = new_like(runner, TABLE_FIXTURES[game], tmp_path / "p.jsonl")
    runner.invoke(cli, ["record", str(plain), *typed[:i + 1]])
    assert events(plain) == events(path)  # the name is checked, not stored


@pytest.mark.parametrize("game", list(TABLE_FIXTURES))
def test_a_misspelt_players_name_is_named_as_such_not_as_a_bad_move(runner, tmp_path, game):
    """turn order: `Zed: d1` names no player; the message says so instead of blaming the notation."""
    path = new_like(runner, TABLE_FIXTURES[game], tmp_path / "t.jsonl")
    typed = [t for _, t in OPENINGS[game]]
    i = first_action(game)
    assert runner.invoke(cli, ["record", str(path), *typed[:i]]).exit_code == 0
    before = path.read_bytes()
    res = runner.invoke(cli, ["record", str(path), f"Zed: {typed[i]}"])
    assert res.exit_code == 1 and "[turn.named]" in res.output and "'Zed' is not a player" in res.output
    assert path.read_bytes() == before


def test_naming_a_player_at_a_chance_point_is_refused(runner, tmp_path):
    path = new_like(runner, TABLE_FIXTURES["four-planets"], tmp_path / "t.jsonl")
    res = runner.invoke(cli, ["record", str(path), "Ann: bonus R2v3s Y0s G1v1s B0s"])
    assert res.exit_code == 1 and "a chance outcome is due" in res.output


def test_split_player_leaves_notation_colons_alone():
    players = ["Ann", "Ben"]
    assert split_player("Ann: d1x2", players) == (0, " d1x2")
    assert split_player("2:d1", players) == (1, "d1")
    assert split_player("play rgb A:r C:gb", players) == (None, "play rgb A:r C:gb")
    assert split_player("Zed: d1", players) == (None, "Zed: d1")


def test_the_prompt_shows_the_seq_and_whose_turn(runner, tmp_path):
    game = "four-planets"
    path = new_like(runner, TABLE_FIXTURES[game], tmp_path / "t.jsonl")
    rec = Recorder(str(path))
    assert prompt(rec) == "[seq 1] chance> "
    typed = [t for _, t in OPENINGS[game]]
    runner.invoke(cli, ["record", str(path), *typed[:first_action(game)]])
    rec = Recorder(str(path))
    assert prompt(rec) == f"[seq {first_action(game) + 1}] Ann> "
    comp = Completions(rec)
    assert comp.legal() is comp.legal()  # computed once per position
    assert "Ann: d1x2" in comp.matching("Ann: d1")


def test_question_mark_explains_the_hint_letters_and_the_prompt(runner, tmp_path):
    path = new_like(runner, TABLE_FIXTURES["four-planets"], tmp_path / "t.jsonl")
    res = runner.invoke(cli, ["record", str(path), "--interactive"], input="?\nquit\n")
    assert "bonus C C C C" in res.output and "C: a card code" in res.output
    assert "[seq N] WHO> " in res.output
