"""Planetarium on a phone: the layout of a position and the taps that single out each move (docs/games/planetarium.md,
"Plain words and tapping")."""

from __future__ import annotations

import msgspec

from planets_log.engine.redact import HIDDEN, public_view
from planets_log.engine.rules import next_events
from planets_log.games.planetarium.state import Placed

from .helpers import DEALS, MATTER, RULES, board, edit, give, mat, play, state_of, table
from .test_words import fresh, moved

ORBITS = [f"orbit-{k}" for k in range(1, 7)] + [f"orbit-7-{n}" for n in range(1, 5)]


def layout(build, seat=None):
    """A seat's (or the scorekeeper's) layout of the current position."""
    s = state_of(build)
    return RULES.layout(RULES.view(s, seat), s)


def spots(lay) -> dict[str, object]:
    """Every spot of a layout by id."""
    return {spot.id: spot for zone in lay.zones for spot in zone.spots}


def zone(lay, zid: str):
    """One zone of a layout by id."""
    return next(z for z in lay.zones if z.id == zid)


def tapped(build, *ids: str) -> list[str]:
    """The moves (in notation) left after tapping `ids`: those about every spot tapped."""
    s = state_of(build)
    return [RULES.format(m, s) for m in next_events(RULES, s) if set(ids) <= {p.id for p in RULES.parts(m, s)}]


def test_set_up_the_board_is_a_row_per_planet_orbit_and_arm_and_per_player():
    """Set-Up: the turn, the decks, the four planets, orbits 1-6 and orbit 7's four arms, each player's mat and hand."""
    lay = layout(table())
    assert [z.id for z in lay.zones] == ["turn", "decks", "planet-A", "planet-B", "planet-C", "planet-D", *ORBITS,
                                         "seat-0", "hand-0", "seat-1", "hand-1"]
    assert all(len(s.label) <= 10 and s.words for z in lay.zones for s in z.spots)
    assert zone(lay, "turn").title == "Ann to move a token"
    assert zone(lay, "turn").note == "Evolution track: 0 of 32 spaces filled"
    assert [s.label for s in zone(lay, "decks").spots] == ["Low 14", "High 14", "Final 12", "F disc 2", "H disc 0"]
    assert zone(lay, "planet-C").title == "Planet C (gaseous, Hostile) on 5.9"
    assert zone(lay, "orbit-7-1").title == "Orbit 7, arm 1 (7.1 to 7.5)"
    assert [s.label for s in zone(lay, "hand-0").spots] == ["F1 15", "H1 8", "H2 7", "L1 3", "L2 2"]
    assert spots(lay)["hand:0:H1"].words == ("Oceans (8 Habitable points); needs 3 water and a planet in orbits 2 "
                                             "to 6; Downgrade icon")


def test_set_up_each_space_shows_its_token_and_where_its_thin_lines_lead():
    """Set-Up: a Matter token on each white dot, the planets on their start spaces."""
    board_spots = spots(layout(table()))
    assert board_spots["space:5.10"].label == "5.10 R" and board_spots["space:5.9"].label == "5.9 C"
    assert board_spots["space:2.1"].words == "space 2.1: planet A; a thin line leads to 1.2 and 3.2"
    assert board_spots["space:1.3"].words == "space 1.3: empty; a thin line leads to 2.4"


def test_set_up_the_final_discarded_is_a_tap_on_the_card_in_hand():
    """Set-Up: each player discards one of the two Finals dealt."""
    build = play(fresh(), f"matter {MATTER}", f"deal Ann {DEALS[0]}", f"deal Ben {DEALS[1]}")
    assert tapped(build, "hand:0:F2") == ["discard F2"]


def test_making_a_move_a_matter_token_is_its_space_then_where_it_goes():
    """Making a Move: a Matter token moves one space clockwise, along an orbit or a thin line."""
    build = table()
    assert tapped(build, "space:3.10") == ["3.10-2.9", "3.10-4.12"]
    assert tapped(build, "space:3.10", "space:4.12") == ["3.10-4.12"]


def test_making_a_move_a_planet_is_the_planet_then_the_space_it_ends_on():
    """Making a Move (Special Planet Moves): a planet steps along a thin line or sweeps along its orbit."""
    build = table()
    assert tapped(build, "planet:C", "space:5.10") == ["5.9-5.10"]
    assert tapped(build, "planet:D") == ["6.14-6.15", "6.14-6.16"]
    assert tapped(build, "planet:D", "space:6.16") == ["6.14-6.16"]
    assert tapped(build, "space:6.14") == ["6.13-6.14", "7.15-6.14"]  # the Matter that would land on D


def test_acceleration_a_two_space_move_is_three_taps():
    """Acceleration: a Matter token moving two spaces is tapped on its space, the middle one and the last."""
    build = edit(board(table(), G="3.5"), track=("G",) * 20)
    assert tapped(build, "space:3.5", "space:3.6", "space:3.7") == ["3.5-3.6-3.7"]
    assert zone(layout(build), "turn").note == "Evolution track: 20 of 32 spaces filled, accelerated"


def test_playing_a_card_is_the_card_in_hand_then_the_planet():
    """Playing a Card: a Low or High card from the hand, to a planet; End turn declines."""
    build = moved()
    give(build, 0, "L9", "L1", "L3", "H1", "F1")
    mat(build, 0, A="G", C="G")
    assert tapped(build, "hand:0:L9") == ["play L9 A", "play L9 C"]
    assert tapped(build, "hand:0:L9", "planet:C") == ["play L9 C"]
    assert tapped(build, "turn:end") == ["end"]
    assert tapped(build, "hand:0:H1", "choice:downgrade") == ["downgrade H1"]


def test_gravity_is_the_token_on_the_board_then_the_planet_of_the_mat_or_none():
    """Gravity: the card, the planet, then the Matter token taken and the planet of the mat it goes to."""
    build = board(table(), G="3.6", M="7.20")
    play(build, "3.6-3.7")
    give(build, 0, "L2", "L1", "L3", "H1", "F1")  # Impact Crater: gravity
    mat(build, 0, A="R")
    assert len(tapped(build, "hand:0:L2", "planet:A")) == 1 + 2 * 4  # no token, or 3.7 or 7.20 onto A-D
    assert tapped(build, "hand:0:L2", "planet:A", "choice:no-gravity") == ["play L2 A"]
    assert tapped(build, "hand:0:L2", "planet:A", "space:7.20", "mat:0:D") == ["play L2 A gravity 7.20 D"]


def test_faq_out_of_markers_the_marker_is_the_card_it_lies_on_or_none():
    """FAQ: with no marker left, tap the card whose marker moves, or "no marker"."""
    build = moved()
    give(build, 0, "L9", "L2", "L3", "H1", "F1")
    mat(build, 0, A="G")
    edit(build, seat=0, markers=0)
    edit(build, rows=((), (), (Placed("L5", 0, True),), ()))
    assert spots(layout(build))["card:C:1"].label == "L5 3 ●"
    assert tapped(build, "hand:0:L9", "planet:A", "card:C:1") == ["play L9 A marker C"]
    assert tapped(build, "hand:0:L9", "planet:A", "choice:no-marker") == ["play L9 A marker -"]


def test_drawing_cards_the_deck_is_tapped_and_the_finals_drawn_are_shown_to_the_drawer():
    """Drawing Cards: tap a deck; of two Finals drawn, tap the one kept; the others see only two backs."""
    build = moved()
    give(build, 0, "L9", "L1", "L3", "H1", "F1")
    mat(build, 0, A="G")
    play(build, "play L9 A")
    assert tapped(build, "deck:final") == ["draw final"]
    play(build, "draw final")
    assert tapped(build, "choice:card:F5", "choice:card:F9") == ["drawn F5 F9"]
    play(build, "drawn F5 F9")
    assert [s.label for s in zone(layout(build), "drawn").spots] == ["F5 11", "F9 10"]
    assert tapped(build, "drawn:F9") == ["keep F9"]
    hidden = zone(layout(build, 1), "drawn")
    assert hidden.spots == () and hidden.note == "2 cards face down"


def test_playing_final_cards_is_the_final_card_then_the_planet():
    """Playing Final Cards: on the final turn, a Final card in hand, then a planet with the player's marker."""
    build = moved()
    give(build, 0, "H18", "F1", "F3", "F16", "L1")
    mat(build, 0, B="GRWMWM")
    edit(build, track=("G",) * 30)
    play(build, "play H18 B")
    assert tapped(build, "hand:0:F1") == ["final F1 B"]
    assert zone(layout(build), "turn").title == "Ann may play Final cards"


def test_solo_variant_the_dice_are_two_faces_beside_the_board():
    """Solo Variant: the two dice, each face offered beside the board."""
    build = board(table(("Sol",)), G="7.20")
    play(build, "7.20-6.1", "end")
    assert tapped(build, "choice:die1:3", "choice:die2:4") == ["roll 3 4"]
    assert zone(layout(build), "turn").note == "Evolution track: 0 of 32 spaces filled; target 100"


def test_hidden_hands_are_counted_for_the_other_seats_and_the_spectators():
    """Set-Up, Hand Size: a hand is seen by its player only; the others and the spectators see five backs."""
    build = table()
    s = state_of(build)
    for lay in (layout(build, 1), RULES.layout(public_view(RULES, s), s)):
        assert zone(lay, "hand-0").spots == () and zone(lay, "hand-0").note == "5 cards, face down"
    assert [sp.label for sp in zone(layout(build, 1), "hand-1").spots] == ["F3 12", "H3 9", "H4 7", "L3 3", "L4 2"]


def test_the_layout_is_drawn_from_the_data_only_and_survives_unknown_leaves():
    """A spectator's meet may say "?" anywhere: the layout still draws, with "?" where nothing is known."""
    build = moved()
    s = state_of(build)
    data = msgspec.json.decode(msgspec.json.encode(RULES.view(s)))
    data["cells"]["3.7"] = HIDDEN
    data["seats"][0]["mat"] = HIDDEN
    data["low"] = HIDDEN
    lay = RULES.layout(data, s)
    assert spots(lay)["space:3.7"].label == "3.7 ?" and spots(lay)["deck:low"].label == "Low ?"
    assert spots(lay)["mat:0:A"].label == "A ?"
    for key in ("cells", "seats", "rows", "track", "habitable", "pending"):
        assert RULES.layout({k: v for k, v in data.items() if k != key}, s).zones
    assert RULES.layout(HIDDEN, s).zones
