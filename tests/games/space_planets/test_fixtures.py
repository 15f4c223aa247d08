"""Golden records (seeded playthroughs, the hand-entered table game) and the invalid-move fixtures."""

from __future__ import annotations

import pytest

from planets_log.engine.replay import Replay
from planets_log.record.errors import RecordError
from planets_log.engine.rules import TERMINAL
from tests.support.playthrough import playthrough

from .fixtures_gen import SEEDED, invalid_records, seeded_game, table_game
from .helpers import FIXTURES, RULES

INVALID = sorted(p.stem for p in (FIXTURES / "invalid").glob("*.jsonl"))
EXPECTED = {name: code for name, (_text, code) in invalid_records().items()}


@pytest.mark.parametrize("name", sorted(SEEDED))
def test_seeded_playthrough_snapshot(name, snapshot):
    """Whole seeded games with 2, 3 and 4 players: render after every round and the score sheet."""
    build = seeded_game(name)
    assert RULES.to_move(build.pos.state) == TERMINAL
    assert playthrough(build) == snapshot


@pytest.mark.parametrize("name", sorted(SEEDED))
def test_seeded_golden_record_replays_to_the_end(name):
    """The golden record (tests/contract/test_fixtures.py: a fresh self-play with the same seed) replays to the end."""
    path = FIXTURES / f"{name}.jsonl"
    final = Replay(str(path)).final()
    assert RULES.to_move(final.state) == TERMINAL and RULES.score(final.state).final


def test_table_game_entered_by_hand_validates_and_scores(snapshot):
    """A table game (seed null) typed in notation: it validates, replays and scores as the golden fixture."""
    build = table_game()
    assert build.session.header.seed is None
    path = FIXTURES / "table-game.jsonl"
    final = Replay(str(path)).final()
    sheet = RULES.score(final.state)
    assert sheet.final and sheet.winners == [0]
    assert [s.total for s in sheet.scores] == [14, 10]
    assert sheet.scores[0].breakdown == {"planet_stars": 13, "crystal_stars": 1}
    assert playthrough(build) == snapshot


def test_invalid_fixtures_are_all_listed():
    """Every invalid fixture file has an expected code and vice versa; at least 10 of them."""
    assert INVALID == sorted(EXPECTED) and len(INVALID) >= 10


@pytest.mark.parametrize("name", INVALID)
def test_invalid_fixture(name, snapshot):
    """Each invalid record fails at its last line with the expected code; the message is snapshotted."""
    path = FIXTURES / "invalid" / f"{name}.jsonl"
    lines = path.read_text().splitlines()
    with pytest.raises(RecordError) as info:
        Replay(str(path), name=f"{name}.jsonl").final()
    err = info.value
    assert err.code == EXPECTED[name]
    assert err.line == len(lines)
    assert str(err) == snapshot
