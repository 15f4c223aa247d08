"""Setup (rulebook section "Setup", steps 1-6) and Components."""

from __future__ import annotations

import pytest

from planets_log.engine.rules import CHANCE
from planets_log.engine.play import make_header
from planets_log.engine.rng import rng
from planets_log.games.four_planets.edition import FIRST_GAME

from .helpers import FIRST_GAME_TILES, R, base, refuse, run, step, table

DEAL = "deal R0s Y0s / G0s P0s / B0s R1v1s / Y1v1s G1v1s"


def test_components_setup_starts_with_full_deck_and_four_parts_each():
    """Components / Setup step 2: 50 specialists, 4 spaceship parts per player, 6 coins."""
    s = base()
    assert len(s.deck) == 50 and s.discard == ()
    assert [seat.parts for seat in s.seats] == [4, 4]
    assert s.coins_total == 6 and s.max_parts == 7
    assert R.to_move(s) == CHANCE and s.phase == "setup-bonus"


def test_setup_step3_four_bonus_cards_leave_the_deck():
    """Setup step 3: 4 specialists form the secret colour bonus, positions 1..4."""
    s = step(base(), "bonus R2v3s Y0s G1v1s B0s")
    assert s.bonus == ("R2v3s", "Y0s", "G1v1s", "B0s")
    assert len(s.deck) == 46 and "R2v3s" not in s.deck


def test_setup_step3_bonus_cards_must_be_in_the_box():
    """Setup step 3: there is only one R2v3s, so it cannot be a bonus card twice."""
    err = refuse(base(), "bonus R2v3s R2v3s Y0s B0s", "bonus.card")
    assert "R2v3s" in err.message
    refuse(base(), "bonus R0s Y0s G0s", "bonus.count")


def test_setup_step3_each_player_sees_only_the_bonus_card_nearest_them():
    """Setup step 3: the marker starts on the nearest card; the others stay secret."""
    s = step(base(), "bonus R2v3s Y0s G1v1s B0s")
    ann, ben = R.render(s, 0), R.render(s, 1)
    assert "1:R2v3s  2:?bp1  3:?bp2  4:?bp1" in ann
    assert "1:?bp3  2:?bp1  3:?bp2  4:B0s" in ben
    assert R.view(s, 0)["bonus"] == ["R2v3s", "bp1", "bp2", "bp1"]


def test_setup_step4_two_specialists_under_each_planet():
    """Setup step 4: 8 face-up specialists, 2 per planet, planet 1 first."""
    s = step(base(), "bonus R2v3s Y0s G1v1s B0s", DEAL)
    assert [p.cards for p in s.planets] == [("R0s", "Y0s"), ("G0s", "P0s"), ("B0s", "R1v1s"), ("Y1v1s", "G1v1s")]
    assert len(s.deck) == 38
    s = step(base(), "bonus R2v3s Y0s G1v1s B0s")
    refuse(s, "deal R0s Y0s / G0s P0s / B0s R1v1s / Y1v1s", "deal.count")
    refuse(s, "deal R2v3s Y0s / G0s P0s / B0s R1v1s / Y1v1s G1v1s", "deal.card")


def test_setup_step5_five_different_boost_tiles_face_up():
    """Setup step 5: 5 of the 10 boost tiles are placed face up."""
    s = step(base(), "bonus R2v3s Y0s G1v1s B0s", DEAL)
    after = step(s, "boosts search copy vp4 bonus1 look5")
    assert after.tiles == ("bonus1", "copy", "look5", "search", "vp4")
    refuse(s, "boosts search copy vp4 bonus1", "boosts.count")
    refuse(s, "boosts search copy vp4 vp4 look5", "boosts.count")
    refuse(s, "boosts search copy vp4 bonus1 jetpack", "boosts.tile")


def test_setup_step5_first_game_uses_the_five_vp_tiles():
    """Setup step 5: in a first game the five VP tiles are used (option first_game)."""
    build = run(table(first_game=True), "bonus R2v3s Y0s G1v1s B0s", DEAL)
    refuse(build.pos.state, "boosts search copy vp4 bonus1 look5", "boosts.first-game")
    run(build, FIRST_GAME_TILES)
    assert build.pos.state.tiles == tuple(sorted(FIRST_GAME))
    header, session = make_header("four-planets", ["A", "B"], seed=9, options={"first_game": True})
    s = step(R.setup(header, session.edition.data), "bonus R2v3s Y0s G1v1s B0s", DEAL)
    assert R.chance(s, rng(1, "x")).tiles == tuple(sorted(FIRST_GAME))


def test_setup_step6_start_tile_is_random_and_decides_who_dispatches_first():
    """Setup step 6: the seat facing the spaceship symbol dispatches first."""
    s = step(base(), "bonus R2v3s Y0s G1v1s B0s", DEAL, "boosts vp4 columns5 sets5 thirteen bp3")
    assert R.legal(s) == []  # a chance point: its outcomes are chance_outcomes
    assert [R.format(e, s) for e in R.chance_outcomes(s).events()] == ["start Ann", "start Ben"]
    after = step(s, "start Ben")
    assert after.phase == "dispatch" and after.spaceship == 1 and R.to_move(after) == 1
    assert step(s, "start 1").spaceship == 0


@pytest.mark.parametrize("seed", range(20))
def test_setup_seeded_outcomes_are_always_possible(seed):
    """Setup: every seeded setup outcome passes the table-mode checks."""
    s = base()
    for _ in range(4):
        event = R.chance(s, rng(seed, f"setup/{s.phase}"))
        R.check(s, event)
        s = R.apply(s, event)
    assert s.phase == "dispatch" and len(s.deck) == 38 and len(s.tiles) == 5
