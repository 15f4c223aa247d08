"""Golden records, seeded playthrough snapshots (1, 2, 3 and 4 players) and the illegal-move fixtures."""

from __future__ import annotations

import pytest

from planets_log.engine.replay import Replay
from planets_log.record.errors import RecordError
from planets_log.audit.validate import validate_file
from tests.support.playthrough import playthrough

from .fixtures_gen import GREEDY, golden, greedy_game, invalid_records, table_game
from .helpers import FIXTURES, RULES

GOLDEN = golden()
INVALID = invalid_records()


@pytest.mark.parametrize("name", sorted(GOLDEN))
def test_golden_records_validate(name):
    """Every golden record validates; the seeded ones are finished games."""
    report = validate_file(str(FIXTURES / name))
    assert report.valid, [str(e) for e in report.errors]
    assert report.finished == (name != "table-game.jsonl")


@pytest.mark.parametrize("name", sorted(GREEDY))
def test_seeded_playthroughs_end_with_the_final_turns(name):
    """The Final Turn: the greedy playthroughs end after every player's final turn, the final space filled."""
    state = Replay(str(FIXTURES / f"{name}.jsonl")).final().state
    assert state.over and state.final_reached and "final turn" in state.end_reason


def test_solo_fixtures_are_one_win_and_one_loss():
    """Ending the Solo Game: seeded-1p-won beats its target (90, lowered by face-down Matter); 1p-lost does not."""
    won = RULES.score(Replay(str(FIXTURES / "seeded-1p-won.jsonl")).final().state)
    lost = RULES.score(Replay(str(FIXTURES / "seeded-1p-lost.jsonl")).final().state)
    assert won.outcome == "solo-win" and won.scores[0].total > won.scores[0].target
    assert lost.outcome == "solo-loss" and lost.scores[0].total <= lost.scores[0].target


def test_seeded_three_player_game_is_decided_by_matter_on_the_mat():
    """Winning the Game (tie-break): in seeded-3p Ben and Cal tie on points; Ben has more Matter on his mat."""
    sheet = RULES.score(Replay(str(FIXTURES / "seeded-3p.jsonl")).final().state)
    assert sheet.scores[1].total == sheet.scores[2].total == max(s.total for s in sheet.scores)
    assert sheet.winners == [1] and sheet.tiebreak == "matter on mat"


def test_uniform_selfplay_ends_by_the_safeguard():
    """Safeguard: uniformly random play rarely fills the track; the round limit ends it."""
    state = Replay(str(FIXTURES / "selfplay-2p.jsonl")).final().state
    assert state.over and "round limit" in state.end_reason


@pytest.mark.parametrize("name", sorted(GREEDY))
def test_seeded_playthrough_snapshot(name, snapshot):
    """Snapshot of a whole seeded game: moves of every round, the position every 5 rounds, the score sheet."""
    assert playthrough(greedy_game(name), every=5) == snapshot


def test_worked_example_snapshot(snapshot):
    """Snapshot of the worked example game of the docs."""
    assert playthrough(table_game()) == snapshot


@pytest.mark.parametrize("name", sorted(INVALID))
def test_invalid_fixture_reports_its_error(name, snapshot):
    """Each illegal-move fixture fails on its last line with the expected code; the message is pinned."""
    path = FIXTURES / "invalid" / f"{name}.jsonl"
    lines = path.read_text().splitlines()
    with pytest.raises(RecordError) as info:
        Replay(str(path), name=f"{name}.jsonl").final()
    err = info.value
    assert err.code == INVALID[name][1]
    assert err.line == len(lines)
    assert str(err) == snapshot


def test_at_least_fifteen_illegal_moves():
    """The issue asks for at least 15 illegal-move fixtures, each a different error."""
    assert len(INVALID) >= 15
    assert len({code for _text, code in INVALID.values()}) >= 15
