"""Game Setup, Forming Planetship Alpha, the start-of-round shift and the rewards."""

from __future__ import annotations

import msgspec
import pytest

from planets_log.record.errors import IllegalEvent
from planets_log.games.planetship_2491.board import geometry, rows_of
from planets_log.games.planetship_2491.state import info

from .helpers import NAMES, RULES, edit, play, refused, state_of, table
from planets_log.engine.play import Builder, make_header


def fresh(n: int) -> Builder:
    header, session = make_header("planetship-2491", NAMES[:n], seed=None)
    return Builder.new(header, session)


@pytest.mark.parametrize("n,ships", [(2, 6), (3, 4), (4, 4), (5, 4)])
def test_hands_ships_and_probes_by_player_count(n, ships):
    """# Game Setup, step 1: 6 starting characters each, 6 ships and probes with 2 players, else 4."""
    s = state_of(fresh(n))
    assert s.ships == (ships,) * n and s.probes_left == (ships,) * n
    assert s.hands[0] == ("R1", "R2", "R3", "R4", "R5", "R6") and s.hands[1][0] == "B1"
    assert len(s.deck) == 38 and s.shields == 10


@pytest.mark.parametrize("n,count", [(2, 4), (4, 4), (5, 5)])
def test_missions_face_up(n, count):
    """# Game Setup, step 2: 4 missions face up, a 5th with 5 players."""
    b = fresh(n)
    wrong = "missions " + " ".join(f"M{i}" for i in range(1, count + (2 if count == 4 else 0)))
    assert refused(b, wrong).code == "missions.count"
    play(b, "missions " + " ".join(f"M{i}" for i in range(1, count + 1)))
    assert len(state_of(b).missions) == count


@pytest.mark.parametrize("n,layout", [(2, "layout 0 1 / 2 3 / 4 5 reserve 6 7 8 9"),
                                      (4, "layout 0 1 / 2 3 / 4 5 / 6 7 reserve 8 9"),
                                      (5, "layout 0 1 2 / 3 4 5 / 6 7 8 reserve 9")])
def test_grid_shape_by_player_count(n, layout):
    """# Forming Planetship Alpha: 2x3 with 4 in reserve (2-3), 2x4 with 2 (4), 3x3 with 1 (5)."""
    b = play(fresh(n), "missions M1 M2 M3 M4" + (" M5" if n == 5 else ""))
    assert refused(b, "layout 0 1 / 2 3 reserve 4 5 6 7 8 9").code == "layout.zones"
    play(b, layout)
    s = state_of(b)
    assert len(s.grid) + len(s.reserve) == 10 and len(s.grid) == {2: 6, 4: 8, 5: 9}[n]


def test_layout_turns_must_be_quarter_turns():
    """# Forming Planetship Alpha: zones lie in one of four orientations."""
    b = play(fresh(2), "missions M1 M2 M3 M4")
    from planets_log.games.planetship_2491 import events as E

    bad = E.Formed(zones=(0, 1, 2, 3, 4, 5), turns=(0, 0, 0, 0, 0, 5), reserve=(6, 7, 8, 9))
    with pytest.raises(Exception) as info_:
        RULES.check(state_of(b), bad)
    assert info_.value.code == "layout.turns"


def to_round_2(b: Builder) -> Builder:
    """Jump to the start of round 2 (the shift is due)."""
    return edit(b, phase="shift", round=2, first=1)


def test_shift_two_to_four_players():
    """# Forming Planetship Alpha (2-3 players), steps 3-4: the right column leaves, the reserve's 2 rightmost enter."""
    b = edit(table(2), phase="shift", round=3, first=1)  # the reserve's order is known by now (see below)
    assert refused(b, "shift 6 7").code == "shift.zones"
    assert refused(b, "shift 8 9 aside 4").code == "shift.aside"
    play(b, "shift 9 8@90")
    s = state_of(b)
    assert s.grid == ((9, 0), (8, 1), (0, 0), (1, 0), (2, 0), (3, 0))
    assert s.reserve == (4, 5, 6, 7)
    assert s.phase == "rewards"


def test_a_table_keeper_cannot_see_the_face_down_reserve_order():
    """# Forming Planetship Alpha (2-3 players), steps 2-4: the reserve lies face down, so in a table record the
    first shift may bring any 2 of its zones; the zones that stay are then the next to enter."""
    b = to_round_2(table(2))  # reserve typed as 6 7 8 9
    assert refused(b, "shift 6 1").code == "shift.zones"  # zone 1 is in the grid, not the reserve
    assert refused(b, "shift 6 6").code == "shift.zones"
    assert "2 different zones of the reserve (6, 7, 8, 9)" in str(refused(b, "shift 6"))
    play(b, "shift 6 7")
    assert state_of(b).reserve == (4, 5, 8, 9)
    b = edit(b, phase="shift", round=3, first=0)
    assert refused(b, "shift 4 5").code == "shift.zones"  # the two left in the reserve come next
    play(b, "shift 9 8")


def test_a_seeded_game_brings_the_reserve_s_rightmost_zones():
    """# Forming Planetship Alpha (2-3 players), step 4: a seeded game knows the reserve's order."""
    b = table(2, seed=5)
    reserve = state_of(b).reserve
    s = state_of(edit(b, phase="shift", round=2, first=1))
    assert {frozenset(e.zones) for e, _ in RULES.chance_outcomes(s).listed} == {frozenset(reserve[-2:])}
    with pytest.raises(IllegalEvent) as info:
        RULES.check(s, RULES.parse(f"shift {reserve[0]} {reserve[1]}", s))
    assert info.value.code == "shift.zones"
    RULES.check(s, RULES.parse(f"shift {reserve[3]} {reserve[2]}", s))


def test_shift_five_players_sets_one_aside():
    """# Forming Planetship Alpha (5 players), steps 3-4: one leaving zone is set aside as the new reserve."""
    b = to_round_2(table(5))
    assert refused(b, "shift 3 5 9 aside 6").code == "shift.aside"
    assert refused(b, "shift 3 5 4 aside 4").code == "shift.zones"
    play(b, "shift 5 3@180 9 aside 4")
    s = state_of(b)
    assert s.reserve == (4,) and [z for z, _ in s.grid[:3]] == [5, 3, 9] and s.grid[1] == (3, 2)


def test_rewards_placed_face_down_where_the_icon_says_and_two_on_harvests():
    """# Start of Round, step 2, and Zone Special Rules > #9 - Harvests."""
    b = table(5)
    s = state_of(b)
    assert s.zones[9].rewards == ("9", "10") and s.zones[4].rewards_down and not s.zones[2].rewards_down
    assert len(s.deck) == 38 - 10


def test_rewards_must_come_from_the_deck():
    """# Start of Round, step 2: reward cards are drawn from the character deck."""
    b = play(fresh(2), "missions M1 M2 M3 M4", "layout 0 1 / 2 3 / 4 5 reserve 6 7 8 9")
    assert refused(b, "rewards 0:1 1:1 2:3 3:4 4:5 5:6").code == "rewards.twice"
    assert refused(b, "rewards 0:R1 1:2 2:3 3:4 4:5 5:6").code == "rewards.unseen"
    assert refused(b, "rewards 0:1 1:2 2:3 3:4 4:5 5:-").code == "rewards.empty"


def test_a_refused_deal_names_the_first_wrong_slot_in_zone_order():
    """# Start of Round, step 2: of two cards not in the deck, the one for the lower zone is named."""
    b = play(fresh(2), "missions M1 M2 M3 M4", "layout 0 1 / 2 3 / 4 5 reserve 6 7 8 9")
    error = refused(b, "rewards 0:1 1:2 2:R3 3:4 4:B2 5:6")
    assert error.code == "rewards.unseen" and "card R3 " in error.message


def test_once_the_unseen_cards_run_out_the_cards_put_under_the_deck_are_drawn():
    """# Start of Round, step 2, with Character Abilities > Scanner: a buried card lies under the deck, so a deal
    that needs more cards than the deck's unseen part draws the first of those buried cards, and no others."""
    b = play(fresh(2), "missions M1 M2 M3 M4", "layout 0 1 / 2 3 / 4 5 reserve 6 7 8 9")
    state = state_of(b)
    few = msgspec.structs.replace(state, deck=("1", "2", "3", "4"), bottom=("30", "31", "32"))  # 4 unseen, 3 under
    rewards = RULES.parse("rewards 0:1 1:2 2:3 3:4 4:30 5:31", few)
    RULES.check(few, rewards)  # the unseen four, then the first two put under the deck
    deep = RULES.parse("rewards 0:1 1:2 2:3 3:30 4:31 5:32", few)  # the third card under the deck, not the fourth
    with pytest.raises(IllegalEvent) as refusal:
        RULES.check(few, deep)
    assert refusal.value.code == "rewards.unseen" and "card 32 " in refusal.value.message
    twice = RULES.parse("rewards 0:1 1:2 2:3 3:4 4:30 5:4", few)
    with pytest.raises(IllegalEvent) as refusal:
        RULES.check(few, twice)
    assert refusal.value.code == "rewards.twice" and "card 4 " in refusal.value.message


def test_rotations_change_adjacency():
    """# Zones > Zone Grid: adjacency follows the layout and each zone's orientation (90 and 180 included)."""
    s = state_of(table(2))
    zones = info(s.ed).zones
    rows = rows_of(2)
    upright = geometry(zones, s.grid, rows)
    assert (3, 1) in upright.adjacent_spaces[(1, 2)]  # Leisure II touches Military I across the zone edge
    half = geometry(zones, tuple((z, 2 if z == 3 else t) for z, t in s.grid), rows)
    assert (3, 1) not in half.adjacent_spaces[(1, 2)] and (3, 3) in half.adjacent_spaces[(1, 3)]
    quarter = geometry(zones, tuple((z, 1 if z == 3 else t) for z, t in s.grid), rows)
    assert not any(z == 3 for z, _ in quarter.adjacent_spaces[(1, 2)] | quarter.adjacent_spaces[(1, 3)])
    assert upright.adjacent_zones[2] == {0, 3, 4}
