"""The shared conformance suite's checks for every player count 2-5 (the suite itself runs 2, 3 and 5)."""

from __future__ import annotations

import pytest

from tests.contract import test_conformance as suite

GAME = "planetship-2491"


@pytest.mark.parametrize("n", [2, 3, 4, 5])
def test_playouts_validate_and_replay(n, tmp_path):
    """Conformance: seeded playouts validate and replay to the same state."""
    suite.test_playouts_validate_and_replay_identically(GAME, n, tmp_path)


@pytest.mark.parametrize("n", [2, 3, 4, 5])
def test_legal_passes_check_and_apply_is_pure(n):
    """Conformance: every legal action passes check; apply never changes its input."""
    suite.test_legal_actions_pass_check_and_apply_is_pure(GAME, n)


@pytest.mark.parametrize("n", [2, 3, 4, 5])
def test_round_trips(n):
    """Conformance: every event round-trips through JSON and the notation."""
    suite.test_events_round_trip_through_json_and_notation(GAME, n)


def test_random_playouts_reach_every_phase_of_the_game():
    """Self-play reaches the end of round 4 and, over a few seeds, every kind of event but the table-only reveal:
    each ability, the Scanner's bury, Harvests' keep, the Radioactive Area's remove, the discards, the shifts."""
    import msgspec

    from planets_log.core.play import selfplay
    from planets_log.games.planetship_2491.events import EVENTS

    seen = set()
    for n in (2, 5):
        for seed in range(4):
            build = selfplay(GAME, seed, [f"P{i + 1}" for i in range(n)])
            assert build.pos.state.phase == "over" and build.pos.state.round == 4
            seen |= {msgspec.json.decode(line)["type"] for line in build.lines[1:]}
    assert {e.__struct_config__.tag for e in EVENTS} - seen == {"reveal"}
