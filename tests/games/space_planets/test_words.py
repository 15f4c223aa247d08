"""Space Planets in plain words: each kind of line as a sentence a newcomer reads, named after its rulebook section."""

from __future__ import annotations

import re

import pytest

from planets_log.engine.redact import public_words
from planets_log.engine.rules import TERMINAL
from planets_log.game import Event
from planets_log.games.space_planets.events import (Collected, Dealt, Explored, Landed, Passed, Refilled, Rerolled,
                                                    Rolled)
from planets_log.games.space_planets.state import Kind, Seat
from planets_log.games.space_planets.words import describe
from tests.support.positions import positions

from .fixtures_gen import table_game
from .helpers import RULES, play, set_state, started, state, table

CODES = re.compile(r"\b(p[1-4]|fuel[12]|reroll|consume)\b")
"""Card codes of the reference edition that are no English word: the words never use them."""


def said(build, text: str) -> str:
    """The words of the line `text` (one event) typed at the current position."""
    event = RULES.parse(text, state(build))
    assert isinstance(event, Event), f"{text!r} implies more than one event"
    return RULES.words(event, state(build))


def landed_on(space: int, face: int, *before: str, **options):
    """A started table game (Ann to move) after `before` and a landing on `space` showing `face`."""
    return play(started(**options), *before, "roll", f"land {space} {face}")


def test_preparation_the_deal_names_every_card_as_printed_row_by_row():
    """Preparation: the 9 cards of the grid, in words, row by row; no card code."""
    words = said(table(), "deal p1 p2 p3 / oasis distant hole / fuel2 reroll consume")
    assert words == ("The grid is dealt row by row: a 1-star planet, a 2-star planet, a 3-star planet; "
                     "an oasis planet, a distant planet, a black hole; a two fuel crystals card, a re-roll card, "
                     "an increased fuel consumption card.")


def test_how_to_play_a_roll_sends_out_the_probe_named_by_the_player():
    """How to play: the player to move rolls the die at the grid."""
    assert said(started(), "roll") == "Ann sends out the probe: rolls the die at the planet cards."


def test_how_to_play_a_landing_names_the_space_the_card_its_stars_and_the_face():
    """How to play: where the die stops and the crystals it shows."""
    build = play(started(), "roll")
    assert said(build, "land 5 3") == "Ann's die lands on a distant planet (4 stars) on space 5, showing 3."
    assert said(build, "land 1 2") == "Ann's die lands on a 1-star planet on space 1, showing 2."


def test_how_to_play_off_the_grid_takes_one_crystal_unless_the_stockpile_is_empty():
    """How to play: off the grid, one crystal from the stockpile; none when it has run out."""
    build = play(started(), "roll")
    assert said(build, "off") == "Ann's die lands off the grid: Ann takes 1 fuel crystal."
    set_state(build, stock=0)
    assert said(build, "off") == "Ann's die lands off the grid: Ann gets no crystal: the stockpile is empty."


def test_black_hole_ends_the_turn_and_leaves_the_game():
    """Planet cards and special effects (Black hole): nothing gained, the card removed."""
    build = play(started(), "roll")
    assert said(build, "land 6 2") == ("Ann's die lands on a black hole on space 6: Ann's turn ends with nothing "
                                       "and the black hole leaves the game.")


def test_how_to_play_exploring_says_what_is_paid_and_taken():
    """How to play: pay the die's crystals and take the card."""
    assert said(landed_on(4, 3), "explore") == "Ann pays 3 fuel crystals and explores an oasis planet (3 stars)."


def test_distant_planet_and_increased_consumption_are_in_the_price_in_words():
    """Planet cards and special effects: the distant planet costs one more; Ben's consumption card one more."""
    build = landed_on(5, 1, "roll", "land 2 1", "collect", "roll", "land 9 1", "explore", "refill 9 p1")
    assert said(build, "explore") == ("Ann pays 3 fuel crystals (die 1 + 1 for the distant planet + 1 for "
                                      "increased fuel consumption) and explores a distant planet (4 stars).")


def test_fuel_cards_give_their_crystals_at_once_and_effect_cards_stay_face_up():
    """Planet cards and special effects: the fuel cards pay out, re-roll and consumption cards lie face up."""
    assert said(landed_on(7, 1), "explore").endswith(
        "explores a two fuel crystals card (1 star), which gives 2 fuel crystals at once.")
    assert said(landed_on(8, 1), "explore").endswith("explores a re-roll card (2 stars), kept face up.")


def test_end_of_the_game_the_fifth_card_starts_the_last_round_and_the_last_turn_ends_the_game():
    """End of the game: the fifth card starts the last round; the last player's pass (or throw) ends the game."""
    build = landed_on(1, 1)
    set_state(build, seats=(Seat(crystals=4, cards=("p2",) * 4), state(build).seats[1]))
    assert said(build, "explore").endswith(
        "explores a 1-star planet; it is Ann's planet card number 5: every other player rolls once more.")
    play(build, "explore", "refill 1 p1")
    assert said(build, "pass") == "Ben passes: declines the one more roll of the last round; the game is over."
    play(build, "roll")
    assert said(build, "off") == "Ben's die lands off the grid: Ben takes 1 fuel crystal; the game is over."
    assert said(build, "land 2 1") == "Ben's die lands on a 2-star planet on space 2, showing 1."


def test_how_to_play_collecting_takes_the_face_or_what_the_stockpile_has_left():
    """How to play (and the stockpile short): the die's face in crystals, as far as the stockpile goes."""
    build = landed_on(3, 3)
    assert said(build, "collect") == "Ann does not explore and takes 3 fuel crystals from the stockpile."
    set_state(build, stock=2)
    assert said(build, "collect") == ("Ann does not explore and takes 2 fuel crystals from the stockpile "
                                      "(the stockpile had only 2).")


def test_re_roll_card_is_turned_over_and_the_new_landing_says_again():
    """Planet cards and special effects (Re-roll card): turned over, the die thrown again."""
    build = landed_on(8, 1)
    play(build, "explore", "refill 8 p4", "roll", "off", "roll", "land 1 1")
    assert said(build, "reroll") == "Ann turns a re-roll card over and rolls the die again."
    play(build, "reroll")
    assert said(build, "land 4 2") == "Ann's die lands again on an oasis planet (3 stars) on space 4, showing 2."


def test_how_to_play_a_refill_names_the_card_drawn_and_the_space():
    """How to play: the card taken is replaced from the deck."""
    build = play(landed_on(4, 1), "explore")
    assert said(build, "refill 4 p3") == "A 3-star planet is drawn from the deck into space 4."


def golden_lines() -> list[tuple[str, str]]:
    """(notation, words) of every line of the golden table game."""
    return [(RULES.format(e, s), RULES.words(e, s)) for s, e in positions(table_game()) if e is not None]


def test_golden_table_game_in_words(snapshot):
    """The hand-entered table game (the golden fixture), line by line in notation and in words."""
    assert "\n".join(f"{code} = {words}" for code, words in golden_lines()) == snapshot


def test_no_card_code_and_no_notation_in_the_words_of_the_golden_game():
    """The words name cards as printed: no code of the notation ("p3", "fuel2") reaches a sentence."""
    for code, words in golden_lines():
        assert not CODES.search(words), f"{code!r} reads {words!r}"
        assert words.endswith(".") and words[0].isupper()


def test_nothing_is_hidden_every_seat_and_the_spectators_are_told_the_same_words():
    """Game contents: every card lies face up or is drawn in sight, so no word is hidden from anyone."""
    for s, e in positions(table_game()):
        if e is None:
            continue
        words = RULES.words(e, s)
        assert [RULES.words(e, s, seat) for seat in range(2)] == [words, words]
        assert public_words(RULES, e, s) == words


KINDS = {"deal": Dealt, "roll": Rolled, "land": Landed, "off": Landed, "explore": Explored, "collect": Collected,
         "reroll": Rerolled, "pass": Passed, "refill": Refilled}


@pytest.mark.parametrize("example", [example for example, _meaning in RULES.legend()])
def test_every_legend_line_is_a_real_line_of_the_notation(example):
    """The legend's examples parse (after the deal, Ann to roll) as the kind of line they explain."""
    parsed = RULES.parse(example, state(started()))
    last = parsed[-1] if isinstance(parsed, tuple) else parsed
    assert isinstance(last, KINDS[example.split()[0]])
    assert (last.space is None) == (example == "off") if isinstance(last, Landed) else True


def test_the_legend_explains_every_kind_of_line():
    """Every kind of line (and both landings) has its example in the legend."""
    heads = {example.split()[0] for example, _meaning in RULES.legend()}
    assert heads >= set(KINDS)


def test_game_contents_cards_are_named_as_the_edition_prints_them_and_by_stars_where_it_numbers_them():
    """Game contents: an edition's card names make the words; a plain planet named by its number reads by stars."""
    assert describe(Kind("oasis", 3, "none", 0, "Oasis planet")) == "an oasis planet (3 stars)"
    assert describe(Kind("p2", 2, "none", 0, "Planet, 2 stars")) == "a 2-star planet"
    assert describe(Kind("x", 1, "fuel", 3)) == "a 3-crystal fuel card (1 star)"
    assert describe(Kind("y", 2, "fuel", 2)) == "a 2-crystal fuel card (2 stars)"
    assert describe(Kind("re", 2, "reroll", 0, "Re-roll")) == "a re-roll card (2 stars)"
    assert describe(Kind("bh", 0, "hole", 0, "Black hole")) == "a black hole"


def test_silent_taking_the_last_planet_card_of_grid_and_deck_ends_the_game_in_words():
    """Where the rulebook is silent (the deck runs out): the last card taken from an empty table ends the game."""
    build = play(started(), "roll")
    set_state(build, deck=(), grid=(None,) * 8 + ("p1",))
    assert said(build, "land 9 1") == "Ann's die lands on a 1-star planet on space 9, showing 1."
    play(build, "land 9 1")
    assert said(build, "collect") == "Ann does not explore and takes 1 fuel crystal from the stockpile."
    assert said(build, "explore") == "Ann pays 1 fuel crystal and explores a 1-star planet; the game is over."
    play(build, "explore")
    assert RULES.to_move(state(build)) == TERMINAL
    hole = play(started(), "roll")
    set_state(hole, deck=(), grid=(None,) * 5 + ("hole",) + (None,) * 3)
    assert said(hole, "land 6 2").endswith("the black hole leaves the game; the game is over.")
    play(hole, "land 6 2")
    assert RULES.to_move(state(hole)) == TERMINAL
