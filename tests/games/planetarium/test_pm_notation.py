"""The notation: every event both ways, seats by name or number, and errors that say what to write."""

from __future__ import annotations

import pytest

from planets_log.record.errors import NotationError, UsageError
from planets_log.engine.play import make_header

from .pm_helpers import GAME, RULES, board, play, state_of, table


@pytest.mark.parametrize("text", [
    "3.6-3.7", "3.6-3.7-3.8", "play H18 B", "play L9 A marker C", "play L9 A marker -",
    "play L2 A gravity 7.20 D", "final F1 B", "downgrade H1", "draw low", "draw final", "keep F5",
    "keep ? discard F9", "end", "discard F2", "drawn L9", "drawn F5 F9", "drawn ?", "roll 3 4", "first Ben",
    "deal Ann F1 F2 H1 H2 L1 L2",
])
def test_format_reads_back(text):
    """parse(format(e)) == e for every kind of event."""
    state = state_of(table())
    event = RULES.parse(text, state)
    assert RULES.parse(RULES.format(event, state), state) == event


def test_a_planet_letter_names_its_space():
    """Notation: B-3.9 is the planet on its space; it is written back as the space."""
    build = board(table())
    event = RULES.parse("B-3.9", state_of(build))
    assert (event.frm, event.to) == ("3.4", "3.9") and RULES.format(event, state_of(build)) == "3.4-3.9"


def test_seats_by_name_or_number_from_one():
    """Seats are a player's name or a number counted from 1."""
    state = state_of(table(("Ann", "Ben", "Cal"), discards={0: "F5", 1: "F4", 2: "F11"},
                           deals={0: "L1 L2 H1 H2 F1 F5", 1: "L3 L4 H3 H4 F3 F4", 2: "L5 L6 H5 H6 F6 F11"}))
    assert RULES.parse("first 3", state) == RULES.parse("first Cal", state)
    with pytest.raises(NotationError):
        RULES.parse("first 4", state)


def test_a_keyword_or_spaced_name_is_written_as_its_number():
    """Names that would not read back (spaces, keywords) are written as seat numbers."""
    build = table(("Ann Lee", "end"))
    for seat in (0, 1):
        event = RULES.parse(f"first {seat + 1}", state_of(build))
        assert RULES.format(event, state_of(build)) == f"first {seat + 1}"


@pytest.mark.parametrize("text,words", [
    ("", "empty"), ("jump 3.5", "FROM-TO"), ("3.5", "FROM-TO"), ("play X1 A", "card id"),
    ("play H18 E", "planet"), ("play H18 B marker", "after the planet"), ("draw medium", "draw low"),
    ("roll 3", "roll D D"), ("matter GRX", "Matter letters"), ("keep", "keep CARD"),
])
def test_bad_notation_says_what_to_write(text, words):
    """Notation errors quote the input and say what is expected."""
    with pytest.raises(NotationError) as info:
        RULES.parse(text, state_of(table()))
    assert words in str(info.value)


def test_chance_hint_names_what_to_type():
    """Table games: the hint at each chance point says what to type."""
    build = board(table(("Sol",)), G="3.6")
    assert RULES.chance_hint(state_of(build)) == "no chance outcome is due"
    play(build, "3.6-3.7", "end")
    assert RULES.chance_hint(state_of(build)) == "roll D D (the two dice)"


def test_numeric_names_are_refused_so_a_number_always_names_a_seat():
    """Seats are a number counted from 1: players named 2 and 1 would make `first 1` ambiguous, so no record
    may name them (the name rules hold at `new` and on every read)."""
    with pytest.raises(UsageError, match="a player's name may not be a number"):
        make_header(GAME, ["2", "1"], seed=None, log_id="numeric-names")
