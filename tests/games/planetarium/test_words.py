"""Planetarium in plain words: each kind of line as a sentence a newcomer reads, named after its rulebook section."""

from __future__ import annotations

from planets_log.engine.play import Builder, make_header
from planets_log.engine.redact import public_words
from planets_log.game import Event
from planets_log.games.planetarium.state import Placed

from .helpers import GAME, MATTER, RULES, board, edit, give, mat, play, state_of, table

NBSP = "\u00a0"


def said(build, text: str, seat: int | None = None) -> str:
    """The words of the line `text` typed at the current position, as `seat` may know them."""
    event = RULES.parse(text, state_of(build))
    assert isinstance(event, Event)
    return RULES.words(event, state_of(build), seat).replace(NBSP, " ")


def spectators(build, text: str) -> str:
    """The words of the line `text` as the spectators may know them."""
    return public_words(RULES, RULES.parse(text, state_of(build)), state_of(build)).replace(NBSP, " ")


def fresh(players=("Ann", "Ben")) -> Builder:
    """A table game before the Matter is placed."""
    header, session = make_header(GAME, list(players), seed=None, log_id="test-words")
    return Builder.new(header, session)


def moved(players=("Ann", "Ben")) -> Builder:
    """Ann has moved a gas token and may play a card."""
    return play(board(table(players), G="3.6"), "3.6-3.7")


def test_set_up_the_matter_placed_is_read_orbit_by_orbit_by_kind():
    """Set-Up: one Matter token on each white dot; the words count each orbit's tokens by kind."""
    assert said(fresh(), f"matter {MATTER}") == (
        "The Matter is placed on the white dots: orbit 1 gets 6 gas; orbit 2 gets 6 gas; orbit 3 gets 7 gas; "
        "orbit 4 gets 3 gas and 7 rock; orbit 5 gets 11 rock; orbit 6 gets 4 rock and 7 water; "
        "orbit 7 gets 9 water and 8 metal.")


def test_set_up_the_cards_dealt_are_named_to_their_player_only():
    """Set-Up: each player draws 2 Low, 2 High and 2 Final cards, which the others do not see."""
    build = play(fresh(), f"matter {MATTER}")
    line = "deal Ann L1 L2 H1 H2 F1 F2"
    hand = ("Intelligent Life (15 Habitable points), Civilisation (14 Habitable points), Oceans (8 Habitable "
            "points), Atmosphere (7 Habitable points), Volcanism (3 Hostile points) and Impact Crater (2 Hostile "
            "points)")
    assert said(build, line) == said(build, line, 0) == f"Ann is dealt {hand} as the opening hand of 2 Low, 2 High " \
                                                        "and 2 Final cards."
    assert said(build, line, 1) == "Ann is dealt six cards face down as the opening hand of 2 Low, 2 High and 2 " \
                                   "Final cards."
    assert spectators(build, line) == "Ann is dealt (hidden) as the opening hand of 2 Low, 2 High and 2 Final cards."


def test_set_up_the_final_discarded_lies_face_up_for_everyone():
    """Set-Up: one of the two Finals is discarded face up onto the discard pile."""
    build = play(fresh(), f"matter {MATTER}", "deal Ann L1 L2 H1 H2 F1 F2", "deal Ben L3 L4 H3 H4 F3 F4")
    words = "Ann discards the Final card Civilisation (14 Habitable points) face up onto the Final discard pile."
    assert said(build, "discard F2") == said(build, "discard F2", 1) == spectators(build, "discard F2") == words


def test_starting_the_game_a_tie_is_drawn_among_the_tied_players():
    """Starting the Game: a tie for the highest Final discarded is decided at random."""
    build = fresh()
    play(build, f"matter {MATTER}", "deal Ann L1 L2 H1 H2 F1 F2", "deal Ben L3 L4 H3 H4 F3 F14",
         "discard F2", "discard F14")  # Civilisation and Gaia: 14 points each
    assert said(build, "first Ben") == ("Ben is drawn to take the first turn among the players tied for the highest "
                                        "Final discarded (14 points).")


def test_making_a_move_a_planet_sweeps_or_follows_a_thin_line_and_collects_matter():
    """Making a Move: a planet sweeps along its orbit, or takes a thin line; meeting Matter collects it."""
    build = table()
    assert said(build, "C-5.10") == ("Ann moves planet C from 5.9 to 5.10 and collects the rock token there onto "
                                     "Ann's mat under planet C.")
    assert said(build, "D-6.16") == ("Ann moves planet D from 6.14 to 6.16, sweeping along orbit 6, and collects the "
                                     "water token there onto Ann's mat under planet D.")
    assert said(board(table()), "B-3.9") == "Ann moves planet B from 3.4 to 3.9, sweeping along orbit 3."
    assert said(build, "B-2.5") == ("Ann moves planet B from 3.4 to 2.5 along a thin line onto orbit 2 and collects "
                                    "the gas token there onto Ann's mat under planet B.")


def test_making_a_move_a_matter_token_moves_one_space_and_onto_a_planet_goes_on_the_mat():
    """Making a Move: Matter moves one space clockwise; onto a planet, it goes on the mover's mat."""
    build = table()
    assert said(build, "4.2-4.3") == "Ann moves the gas token on 4.2 to 4.3."
    assert said(build, "3.7-4.9") == "Ann moves the gas token on 3.7 to 4.9 along a thin line onto orbit 4."
    board(build, clear=False, G="2.10")
    assert said(build, "2.10-2.1") == ("Ann moves the gas token on 2.10 to 2.1, onto planet A: it goes on Ann's mat "
                                       "under planet A.")


def test_acceleration_a_matter_token_moves_two_spaces_through_the_middle_one():
    """Acceleration: once the track is accelerated, Matter may move two spaces."""
    build = edit(board(table(), G="3.5"), track=("G",) * 20)
    assert said(build, "3.5-3.6-3.7") == "Ann moves the gas token on 3.5 to 3.7, two spaces through 3.6."


def test_playing_a_card_the_magnetic_field_example():
    """Playing a Card > Example: Magnetic Field to planet B: a marker, the Matter paid, B turns Habitable."""
    build = board(table(("Issac", "Ben")), G="3.6")
    give(build, 0, "H18", "L1", "L2", "H1", "F1")
    mat(build, 0, B="GRWM")
    edit(build, rows=((), (Placed("L7", 1, True), Placed("H6", 1, True)), (), ()))
    play(build, "3.6-3.7")
    assert said(build, "play H18 B") == (
        "Issac plays Magnetic Field (11 Habitable points) to planet B and puts a marker on it, paying 1 gas, 1 rock, "
        "1 water and 1 metal from under planet B onto the Evolution track; planet B turns Habitable.")


def test_card_requirements_marker_is_removed_from_the_earliest_card_there():
    """Card Requirements (Marker): one of the player's markers already on a card of the planet is removed."""
    build = moved()
    give(build, 0, "H4", "L2", "L3", "H1", "F1")  # Single Cells: marker
    mat(build, 0, B="RW")
    edit(build, rows=((), (Placed("L5", 0, True),), (), ()), seat=None)
    assert said(build, "play H4 B") == (
        "Ann plays Single Cells (7 Habitable points) to planet B, removes Ann's marker from Ice Caps (3 Habitable "
        "points) there and puts a marker on it, paying 1 rock and 1 water from under planet B onto the Evolution "
        "track; planet B turns Habitable.")


def test_faq_out_of_markers_one_moves_from_another_card_or_none_is_placed():
    """FAQ: with no marker left, move one from an earlier card, or play the card without one."""
    build = moved()
    give(build, 0, "L9", "L2", "L3", "H1", "F1")  # Clouds: 1 gas
    mat(build, 0, A="G")
    edit(build, seat=0, markers=0)
    edit(build, rows=((), (), (Placed("L5", 0, True),), ()))
    assert said(build, "play L9 A marker C") == (
        "Ann plays Clouds (2 Habitable points) to planet A and moves Ann's marker from Ice Caps (3 Habitable points) "
        "on planet C onto it, paying 1 gas from under planet A onto the Evolution track; planet A turns Habitable.")
    assert said(build, "play L9 A marker -").startswith(
        "Ann plays Clouds (2 Habitable points) to planet A and puts no marker on it (none left), paying 1 gas")


def test_gravity_the_token_taken_from_the_board_and_the_planet_of_the_mat():
    """Gravity: one Matter token from anywhere on the board onto any planet of the player's mat."""
    build = board(table(), G="3.6", M="7.20")
    play(build, "3.6-3.7")
    give(build, 0, "L2", "L1", "L3", "H1", "F1")  # Impact Crater: gravity
    mat(build, 0, A="R")
    assert said(build, "play L2 A gravity 7.20 D") == (
        "Ann plays Impact Crater (2 Hostile points) to planet A and puts a marker on it, paying 1 rock from under "
        "planet A onto the Evolution track; by the Gravity icon Ann takes the metal token on 7.20 onto Ann's mat "
        "under planet D.")


def test_final_stages_the_track_reaching_the_acceleration_and_the_final_space_is_said():
    """Acceleration, The Final Turn: the token placed on those spaces says what it starts."""
    build = moved()
    give(build, 0, "H18", "F1", "F3", "F16", "L1")
    mat(build, 0, B="GRWM")
    edit(build, track=("G",) * 16)
    assert said(build, "play H18 B").endswith("; the track reaches the acceleration space: Matter may now move two "
                                              "spaces.")
    edit(build, track=("G",) * 30)
    assert said(build, "play H18 B").endswith("; a token reaches the final space: this is Ann's final turn.")


def test_playing_final_cards_lifts_a_marker_and_the_last_final_turn_ends_the_game():
    """Playing Final Cards: a Final card removes a marker of that planet; The Final Turn: then the game ends."""
    build = moved()
    give(build, 0, "H18", "F1", "F3", "F16", "L1")
    mat(build, 0, B="GRWMWM")
    edit(build, track=("G",) * 30)
    play(build, "play H18 B")
    assert said(build, "final F1 B") == (
        "Ann plays the Final card Intelligent Life (15 Habitable points) to planet B and removes Ann's marker from "
        "Magnetic Field (11 Habitable points) there, paying 1 water and 1 metal from under planet B onto the "
        "Evolution track.")
    assert said(build, "end") == "Ann ends the final turn, playing no Final card."
    play(build, "final F1 B")
    assert said(build, "end") == "Ann ends the final turn, having played 1 Final card."
    play(build, "end", "3.7-3.8")
    assert said(build, "end") == ("Ben ends the final turn without playing a card; every player has taken a final "
                                  "turn: the game is over.")


def test_downgrade_discards_the_card_for_a_low_card():
    """Downgrade: instead of playing a card, discard one with the icon and draw a Low card."""
    build = moved()
    assert said(build, "downgrade H1") == ("Ann downgrades Oceans (8 Habitable points): discards it and draws a Low "
                                           "card instead of playing a card this turn.")
    assert said(build, "end") == "Ann ends the turn without playing a card."


def test_drawing_cards_the_card_drawn_is_named_to_the_drawer_only():
    """Drawing Cards: the deck chosen is seen by all; the card drawn only by its drawer."""
    build = moved()
    give(build, 0, "L9", "L1", "L3", "H1", "F1")
    mat(build, 0, A="G")
    play(build, "play L9 A")
    assert said(build, "draw low") == "Ann chooses to draw a Low card."
    assert said(build, "draw final") == "Ann chooses to draw two Final cards, to keep one."
    play(build, "draw low")
    assert said(build, "drawn L10") == said(build, "drawn L10", 0) == (
        "Ann draws Rings (4 Habitable points) from the Low deck; Ann's turn ends.")
    assert said(build, "drawn L10", 1) == "Ann draws a card from the Low deck; Ann's turn ends."
    assert spectators(build, "drawn L10") == "Ann draws (hidden) from the Low deck; Ann's turn ends."


def test_drawing_cards_the_final_kept_is_named_to_its_keeper_the_other_is_face_up():
    """Drawing Cards, Discard Piles: two Finals drawn, one kept; the other goes face up on the discard pile."""
    build = moved()
    give(build, 0, "L9", "L1", "L3", "H1", "F1")
    mat(build, 0, A="G")
    play(build, "play L9 A", "draw final")
    assert said(build, "drawn F5 F9", 1) == "Ann draws two cards from the Final deck."
    play(build, "drawn F5 F9")
    tail = "and puts Desert World (10 Hostile points) face up on the Final discard pile; Ann's turn ends."
    assert said(build, "keep F5") == f"Ann keeps Storm World (11 Hostile points) {tail}"
    assert said(build, "keep F5", 1) == f"Ann keeps one {tail}"
    assert spectators(build, "keep F5") == f"Ann keeps (hidden) {tail}"


def test_a_record_kept_by_one_player_counts_the_cards_its_keeper_did_not_see():
    """Table records kept by one player: a deal and a draw the keeper did not see are counted, the Final not kept
    is named (it lies face up)."""
    from .test_table import kept_by_ann

    build = kept_by_ann()
    play(build, "C-5.10", "end", "C-5.11", "play L4 C", "draw final")
    assert said(build, "drawn ? ?") == "Ben draws 2 cards not seen from the Final deck."
    play(build, "drawn ? ?")
    assert said(build, "keep ? discard F9") == ("Ben keeps one and puts Desert World (10 Hostile points) face up on "
                                                "the Final discard pile; Ben's turn ends.")


def test_solo_variant_the_dice_move_the_planets_and_lower_the_target():
    """Solo Variant: 2-7 moves the planets on that orbit or lower; collected Matter lowers the target by 2."""
    build = board(table(("Sol",)), G="7.20")
    play(build, "7.20-6.1", "end")
    board(build, G="2.5 3.9")
    assert said(build, "roll 1 1") == (
        "The Virtual Player's dice show 1 and 1, 2 in all: the planets on orbit 2 or lower move (A from 2.1 to "
        "2.5); 1 Matter token collected goes face down onto the track and the target falls to 98.")
    assert said(build, "roll 4 4") == "The Virtual Player's dice show 4 and 4, 8 in all: no planet moves."


def test_the_legend_explains_each_kind_of_line():
    """Every kind of line has an example and its meaning in words."""
    examples = [example.split()[0] for example, _ in RULES.legend()]
    for head in ("matter", "deal", "discard", "first", "play", "final", "downgrade", "draw", "drawn", "keep", "end",
                 "roll"):
        assert head in examples
