"""2. Recruit Specialists."""

from __future__ import annotations

from .helpers import R, legal_texts, refuse, run, step, table

SETUP = ("bonus R2v3s Y0s G1v1s B0s", "deal R0s Y0s / G0s P0s / B0s R1v1s / Y1v1s G1v1s",
         "boosts vp4 columns5 sets5 thirteen bp3")


def test_recruit_worked_example_from_the_rulebook():
    """Recruit Specialists, the example: White = Ann (seat 0), Black = Ben (seat 1).

    Planet 1: White first, Black faster -> Black chooses, White takes the rest. Planet 2: both
    simple, Black first -> Black chooses. Planet 3: White chooses first. Planet 4: White alone;
    the remaining card is discarded."""
    s = run(table(), *SETUP, "start Ann").pos.state
    s = step(s, "d1", "d1x2", "d3", "d2", "d2", "d3", "d4")
    assert s.phase == "recruit"
    assert R.to_move(s) == 1                       # planet 1: Black's faster ship
    s = step(s, "r1 Y0s")
    assert s.seats[1].hand == ("Y0s",) and s.seats[0].hand == ("R0s",)
    assert R.to_move(s) == 1                       # planet 2: Black was there first
    s = step(s, "r2 P0s")
    assert R.to_move(s) == 0                       # planet 3: White was there first
    s = step(s, "r3 R1v1s")
    assert R.to_move(s) == 0                       # planet 4: White alone
    discard_before = s.discard
    s = step(s, "r4 G1v1s")
    assert s.seats[0].hand == ("G0s", "G1v1s", "R0s", "R1v1s")
    assert s.seats[1].hand == ("B0s", "P0s", "Y0s")
    assert s.discard == tuple(sorted(discard_before + ("Y1v1s",)))
    assert s.phase == "play"


def test_recruit_faster_ship_chooses_first():
    """Recruit Specialists: the ship of more parts chooses first, even if it came later."""
    s = run(table(), *SETUP, "start Ann").pos.state
    s = step(s, "d1", "d1x3", "d2x3", "d2")
    assert R.to_move(s) == 1 and legal_texts(s) == ["r1 R0s", "r1 Y0s"]


def test_recruit_equal_ships_first_arrival_chooses():
    """Recruit Specialists: equal ships -> the one there first (higher up) chooses."""
    s = run(table(), *SETUP, "start Ben").pos.state
    s = step(s, "d1x2", "d1x2", "d2x2", "d2x2")
    assert R.to_move(s) == 1
    s = step(s, "r1 R0s")
    assert s.seats[0].hand == ("Y0s",)
    assert R.to_move(s) == 1                       # planet 2: Ben again was first


def test_recruit_planets_without_ships_are_discarded():
    """Recruit Specialists: unclaimed specialists go face down to the discard pile."""
    s = run(table(), *SETUP, "start Ann").pos.state
    s = step(s, "d2x4", "d2x4")
    assert s.phase == "recruit" and s.cursor == 1
    assert set(s.discard) == {"R0s", "Y0s"}
    s = step(s, "r2 G0s")
    assert s.phase == "play"
    assert sorted(s.discard) == sorted(["R0s", "Y0s", "B0s", "R1v1s", "Y1v1s", "G1v1s"])
    assert s.seats[0].hand == ("G0s",) and s.seats[1].hand == ("P0s",)


def test_recruit_at_the_current_planet_only_and_only_cards_shown():
    """Recruit Specialists: planets go left to right; only a card of that planet is taken."""
    s = run(table(), *SETUP, "start Ann").pos.state
    s = step(s, "d1", "d1x2", "d3", "d2", "d2", "d3", "d4")
    refuse(s, "r2 G0s", "recruit.planet")
    err = refuse(s, "r1 G0s", "recruit.card")
    assert "planet 1 offers R0s Y0s" in err.message


def test_recruit_never_more_than_one_card_per_planet():
    """Recruit Specialists: a player gets at most one specialist from each planet."""
    s = run(table(), *SETUP, "start Ann").pos.state
    s = step(s, "d1", "d1x2", "d3", "d2", "d2", "d3", "d4")
    for planet in range(4):
        s = step(s, legal_texts(s)[0])
    assert len(s.seats[0].hand) == 4 and len(s.seats[1].hand) == 3


def test_recruit_then_the_card_symbol_seat_plays_first():
    """Play Specialists: the player facing the card symbol plays first."""
    s = run(table(), *SETUP, "start Ann").pos.state
    s = step(s, "d1x4", "d2x4", "r1 R0s", "r2 G0s")
    assert s.phase == "play" and R.to_move(s) == 1
