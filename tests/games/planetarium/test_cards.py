"""Playing a Card: requirements, paying Matter, markers, points, the Habitable/Hostile balance, Gravity,
Downgrade, drawing, discard piles and hand size."""

from __future__ import annotations

from planets_log.games.planetarium.state import Placed

from .helpers import board, edit, give, mat, moves, play, refused, state_of, table


def moved(players=("Ann", "Ben")):
    """A table game where Ann (first player) has made her move and may play a card."""
    build = board(table(players), G="3.6")
    return play(build, "3.6-3.7")


def test_magnetic_field_example():
    """Playing a Card > Example: Magnetic Field on planet B: one Matter of each kind to the track, a marker,
    11 points, and planet B turns Habitable (11 Habitable against 10 Hostile)."""
    build = board(table(("Issac", "Ben")), G="3.6")
    give(build, 0, "H18", "L1", "L2", "H1", "F1")
    mat(build, 0, B="GRWM")
    edit(build, rows=((), (Placed("L7", 1, True), Placed("H6", 1, True)), (), ()))
    play(build, "3.6-3.7", "play H18 B")
    state = state_of(build)
    issac = state.seats[0]
    assert state.track == ("G", "R", "W", "M")
    assert issac.mat[1] == "" and issac.points == 11 and issac.markers == 7
    assert state.rows[1][-1] == Placed("H18", 0, True)
    assert state.habitable == (False, True, False, False)
    assert state.phase == "draw"


def test_matter_cost_must_be_on_the_mat_under_that_planet():
    """Card Requirements > Matter cost: the tokens must be on the player's mat, on the planet played to."""
    build = moved()
    give(build, 0, "H18", "L1", "L2", "H1", "F1")
    mat(build, 0, A="GRWM")
    err = refused(build, "play H18 B")
    assert err.code == "play.requirement" and err.rule == "Card Requirements" and "costs GRWM" in str(err)
    play(build, "play H18 A")


def test_gaseous_and_terrestrial_requirements():
    """Card Requirements > Gaseous / Terrestrial: as marked on the board (A, B terrestrial; C, D gaseous)."""
    build = moved()
    give(build, 0, "L10", "L8", "L2", "H1", "F1")  # Rings: gaseous; Lava Plains: terrestrial
    mat(build, 0, A="RRW", C="RRW")
    assert "needs a Gaseous planet" in str(refused(build, "play L10 A"))
    assert "needs a Terrestrial planet" in str(refused(build, "play L8 C"))
    assert "play L10 C" in moves(build) and "play L8 A" in moves(build)


def test_orbit_requirement_includes_both_ends():
    """Card Requirements > Orbit: the planet's orbit includes or lies between the numbers listed."""
    build = moved()
    give(build, 0, "L11", "L2", "L3", "H1", "F1")  # Tidal Lock: orbits 1-3
    mat(build, 0, B="G", C="G")
    assert "orbits 1-3; C is in orbit 5" in str(refused(build, "play L11 C"))
    play(build, "play L11 B")  # B is on orbit 3


def test_the_arms_of_the_outermost_orbit_are_all_orbit_seven():
    """Card Requirements > Orbit: a planet on any arm of the outermost orbit is in orbit 7."""
    build = board(moved(), clear=False, D="7.13")
    give(build, 0, "L14", "L11", "L3", "H1", "F1")  # Methane Lakes: orbits 5-7; Tidal Lock: orbits 1-3
    mat(build, 0, D="GGG")
    assert "D is in orbit 7" in str(refused(build, "play L11 D"))
    play(build, "play L14 D")


def test_habitable_and_hostile_requirements():
    """Card Requirements > Habitable / Hostile: the planet's token must show that side."""
    build = moved()
    give(build, 0, "H3", "H6", "L2", "H1", "F1")  # Photosynthesis: habitable; Toxic Atmosphere: hostile
    mat(build, 0, A="GGW", B="GGW")
    edit(build, habitable=(True, False, False, False))
    assert "needs a Habitable planet" in str(refused(build, "play H3 B"))
    assert "needs a Hostile planet" in str(refused(build, "play H6 A"))
    assert "play H6 B" in moves(build)


def test_marker_requirement_removes_a_marker_already_on_the_planet():
    """Card Requirements > Marker: remove one of your markers from a card on that planet."""
    build = moved()
    give(build, 0, "H4", "L2", "L3", "H1", "F1")  # Single Cells: marker
    mat(build, 0, B="RW")
    assert "markers on a card of planet B" in str(refused(build, "play H4 B"))
    edit(build, rows=((), (Placed("L5", 0, True),), (), ()))
    edit(build, seat=0, markers=7)
    play(build, "play H4 B")
    state = state_of(build)
    assert state.rows[1] == (Placed("L5", 0, False), Placed("H4", 0, True))
    assert state.seats[0].markers == 7


def test_out_of_markers_move_one_or_play_without():
    """FAQ: with no marker left, move a played marker to the new card, or play the card without one."""
    build = moved()
    give(build, 0, "L9", "L2", "L3", "H1", "F1")
    mat(build, 0, A="G")
    edit(build, seat=0, markers=0)
    edit(build, rows=((), (), (Placed("L5", 0, True),), ()))
    assert refused(build, "play L9 A").code == "play.marker-none"
    assert refused(build, "play L9 A marker D").code == "play.marker-from"
    assert {"play L9 A marker -", "play L9 A marker C"} <= set(moves(build))
    play(build, "play L9 A marker C")
    state = state_of(build)
    assert state.rows[2] == (Placed("L5", 0, False),) and state.rows[0] == (Placed("L9", 0, True),)
    assert state.seats[0].markers == 0


def test_playing_without_a_marker_when_out():
    """FAQ: or play the card without a marker."""
    build = moved()
    give(build, 0, "L9", "L2", "L3", "H1", "F1")
    mat(build, 0, A="G")
    edit(build, seat=0, markers=0)
    play(build, "play L9 A marker -")
    assert state_of(build).rows[0] == (Placed("L9", 0, False),)


def test_a_marker_in_supply_must_be_used():
    """Placing Cards: a marker from the supply goes on the card; moving one is only for when none is left."""
    build = moved()
    give(build, 0, "L9", "L2", "L3", "H1", "F1")
    mat(build, 0, A="G")
    edit(build, rows=((), (), (Placed("L5", 0, True),), ()))
    assert refused(build, "play L9 A marker C").code == "play.marker"


def test_equal_totals_leave_the_token_as_it_is():
    """Habitable or Hostile?: equal totals leave the token unchanged."""
    build = moved()
    give(build, 0, "L9", "L2", "L3", "H1", "F1")  # Clouds: 2 Habitable
    mat(build, 0, A="G")
    edit(build, habitable=(True, False, False, False), rows=((Placed("L11", 1, True),), (), (), ()))  # 2 Hostile
    play(build, "play L9 A")
    assert state_of(build).habitable[0] is True


def test_more_hostile_points_turn_the_token_hostile():
    """Habitable or Hostile?: the side with the higher total is shown."""
    build = moved()
    give(build, 0, "L1", "L2", "L3", "H1", "F1")  # Volcanism: 3 Hostile
    mat(build, 0, A="R")
    edit(build, habitable=(True, False, False, False), rows=((Placed("L9", 1, True),), (), (), ()))  # 2 Habitable
    play(build, "play L1 A")
    assert state_of(build).habitable[0] is False


def test_gravity_moves_any_board_matter_onto_any_planet_of_the_mat():
    """Gravity: one Matter token from anywhere on the board to any planet on the player's mat."""
    build = board(table(), G="3.6", M="7.20")
    play(build, "3.6-3.7")
    give(build, 0, "L2", "L1", "L3", "H1", "F1")  # Impact Crater: gravity
    mat(build, 0, A="R")
    assert refused(build, "play L1 A gravity 7.20 D").code == "play.gravity"
    assert refused(build, "play L2 A gravity 6.1 D").code == "play.gravity-space"
    play(build, "play L2 A gravity 7.20 D")
    state = state_of(build)
    assert state.seats[0].mat == ("", "", "", "M") and state.cells[state.board.index["7.20"]] == ""


def test_only_one_card_per_turn_then_draw():
    """Turn Summary / FAQ: one Low or High card per turn; after it the player must draw."""
    build = moved()
    give(build, 0, "L9", "L1", "L3", "H1", "F1")
    mat(build, 0, A="GR")
    play(build, "play L9 A")
    assert refused(build, "play L1 A").code == "turn.phase"
    assert refused(build, "end").code == "turn.phase"
    assert moves(build) == ["draw low", "draw high", "draw final"]


def test_drawing_a_low_or_high_card_ends_the_turn_with_five_cards():
    """Drawing Cards / Hand Size: a Low or High card is drawn; the hand is five again."""
    build = moved()
    give(build, 0, "L9", "L1", "L3", "H1", "F1")
    mat(build, 0, A="G")
    play(build, "play L9 A", "draw high", "drawn H9")
    state = state_of(build)
    assert len(state.seats[0].hand) == 5 and "H9" in state.seats[0].hand and "H9" not in state.high
    assert state.turn == 1 and state.phase == "move"


def test_two_finals_drawn_one_kept_one_discarded_face_up():
    """Drawing Cards / Discard Piles: two Final cards drawn, one kept, the other face up on the discard pile."""
    build = moved()
    give(build, 0, "L9", "L1", "L3", "H1", "F1")
    mat(build, 0, A="G")
    play(build, "play L9 A", "draw final", "drawn F9 F10")
    assert refused(build, "keep F11").code == "keep.card"
    play(build, "keep F10")
    state = state_of(build)
    assert "F10" in state.seats[0].hand and "F9" in state.final_discard and "F9" not in state.final


def test_at_most_four_final_cards_in_hand():
    """Hand Size: players are limited to four Final cards."""
    build = moved()
    give(build, 0, "L9", "F1", "F3", "F5", "F7")
    mat(build, 0, A="G")
    play(build, "play L9 A")
    assert refused(build, "draw final").rule == "Hand Size"
    assert "draw final" not in moves(build)


def test_an_empty_deck_cannot_be_drawn():
    """Discard Piles: if a deck runs out completely, its cards simply cannot be drawn."""
    build = moved()
    give(build, 0, "L9", "L1", "L3", "H1", "F1")
    mat(build, 0, A="G")
    edit(build, low=())
    play(build, "play L9 A")
    assert refused(build, "draw low").code == "draw.deck"


def test_the_final_discard_pile_is_reshuffled_when_the_deck_runs_out():
    """Discard Piles: the Final discard pile is shuffled into a new deck when the deck runs out."""
    build = moved()
    give(build, 0, "L9", "L1", "L3", "H1", "F1")
    mat(build, 0, A="G")
    edit(build, final=("F13",), final_discard=("F2", "F4"))
    play(build, "play L9 A", "draw final")
    assert refused(build, "drawn F2 F4").code == "drawn.card"
    play(build, "drawn F4 F13", "keep F13")
    state = state_of(build)
    assert state.final == ("F2",) and state.final_discard == ("F4",)


def test_downgrade_discards_and_draws_a_low_card_instead_of_playing():
    """Downgrade: instead of playing, discard the card and draw a Low card; no card is played that turn."""
    build = moved()
    give(build, 0, "H1", "L1", "L3", "H3", "F1")  # H1 Oceans has the icon; H3 Photosynthesis does not
    assert refused(build, "downgrade H3").code == "downgrade.icon"
    play(build, "downgrade H1")
    assert refused(build, "play L1 A").code == "chance.expected"
    play(build, "drawn L12")
    state = state_of(build)
    assert "H1" in state.high_discard and "L12" in state.seats[0].hand and len(state.seats[0].hand) == 5
    assert state.turn == 1


def test_downgraded_high_cards_form_the_new_high_deck():
    """Discard Piles: downgraded High cards are shuffled into a new High deck when it runs out."""
    build = moved()
    give(build, 0, "L9", "L1", "L3", "H1", "F1")
    mat(build, 0, A="G")
    edit(build, high=(), high_discard=("H5", "H7"))
    play(build, "play L9 A", "draw high")
    assert moves(build) == ["drawn H5", "drawn H7"]
    play(build, "drawn H7")
    state = state_of(build)
    assert state.high == ("H5",) and state.high_discard == ()


def test_final_cards_are_not_played_before_the_final_turn():
    """Low, High & Final: Final cards are played only on a player's final turn."""
    build = moved()
    assert refused(build, "final F1 A").code == "final.not-final-turn"
    assert refused(build, "play F1 A").code == "card.deck"


def test_a_card_not_in_hand_is_refused():
    """Playing a Card: the card comes from the player's hand."""
    build = moved()
    assert refused(build, "play H9 A").code == "card.hand"
    assert refused(build, "play H99 A").code == "card.unknown"


def test_hands_hold_five_cards_at_every_turn_start_with_at_most_four_finals():
    """Hand Size: five cards at the start and end of every turn, at most four of them Final (a whole greedy game)."""
    from .helpers import greedy
    from tests.support.positions import positions

    seen = 0
    for state, _ in positions(greedy(2, ["Ann", "Ben", "Cal", "Dee"])):
        if state.phase == "move" and not state.final_turn:
            seen += 1
            assert all(len(s.hand) == 5 for s in state.seats)
            assert all(sum(c.startswith("F") for c in s.hand) <= 4 for s in state.seats)
    assert seen > 50
