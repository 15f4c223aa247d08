"""The notation (docs: Notation) and the remaining error codes of `check`."""

from __future__ import annotations

import pytest

from planets_log.record.errors import IllegalEvent, NotationError
from planets_log.games.space_planets.events import (
    Collected, Dealt, Explored, Landed, Passed, Refilled, Rerolled, Rolled,
)

from .helpers import GRID, RULES, play, set_state, started, state, table


def test_notation_actions_and_short_forms():
    """Notation: roll/r, explore [CARD]/x, collect/c, reroll, pass; by = the seat to move."""
    build = started(first=1)
    st = state(build)
    assert RULES.parse("roll", st) == RULES.parse("R", st) == Rolled(by=1)
    assert RULES.parse("pass", st) == Passed(by=1)
    play(build, "roll", "land 4 2")
    st = state(build)
    assert RULES.parse("explore", st) == RULES.parse("x", st) == RULES.parse("Explore Oasis", st) \
        == Explored(by=1, card="oasis")
    assert RULES.parse("c", st) == Collected(by=1) and RULES.parse("reroll", st) == Rerolled(by=1)


def test_notation_chance_outcomes():
    """Notation: deal (slashes optional), land with or without the card, off, refill."""
    build = table()
    dealt = RULES.parse(GRID, state(build))
    assert dealt == RULES.parse(GRID.replace("/", ""), state(build))
    assert RULES.format(dealt, state(build)) == GRID
    play(build, GRID, "roll")
    st = state(build)
    assert RULES.parse("land 5 3", st) == RULES.parse("land 5 distant 3", st) == Landed(space=5, card="distant", face=3)
    assert RULES.format(Landed(space=5, card="distant", face=3), st) == "land 5 distant 3"
    assert RULES.parse("off", st) == Landed() and RULES.format(Landed(), st) == "off"
    assert RULES.parse("refill 2 p4", st) == Refilled(space=2, card="p4")


@pytest.mark.parametrize("text", ["", "fly", "roll 3", "land 5", "land x 3", "deal p1 nova", "explore p9",
                                  "refill 2", "explore a b"])
def test_notation_errors_quote_the_input(text):
    """Notation: unreadable input raises NotationError quoting it."""
    build = started()
    with pytest.raises(NotationError) as info:
        RULES.parse(text, state(build))
    assert repr(text) in info.value.message


def test_notation_explore_without_a_landing_needs_the_card():
    """Notation: a bare 'explore' needs a die on a card to know which card is meant."""
    with pytest.raises(NotationError):
        RULES.parse("explore", state(started()))


def code_of(build, event) -> str:
    """The error code `check` raises."""
    with pytest.raises(IllegalEvent) as info:
        RULES.check(state(build), event)
    return info.value.code


def test_check_chance_of_the_wrong_kind():
    """How to play: a refill or deal where a landing is due is refused."""
    build = play(started(), "roll")
    assert code_of(build, Refilled(space=1, card="p1")) == "chance.kind"
    assert code_of(build, Dealt(cards=("p1",) * 9)) == "chance.kind"
    assert code_of(table(), Landed()) == "chance.kind"


def test_check_off_grid_landing_has_no_card_or_face():
    """How to play: a landing off the grid names no card and no face."""
    build = play(started(), "roll")
    assert code_of(build, Landed(space=None, card=None, face=2)) == "landed.off"


def test_check_pass_after_the_die_landed():
    """End of the game: the one more roll can be declined only before it is thrown."""
    build = started()
    set_state(build, ender=1)
    play(build, "roll", "land 1 1")
    assert code_of(build, Passed(by=0)) == "pass.after-roll"


def test_check_refill_unknown_card():
    """Preparation: only cards of the edition exist."""
    build = play(started(), "roll", "land 1 1", "explore")
    assert code_of(build, Refilled(space=1, card="nova")) == "card.unknown"
