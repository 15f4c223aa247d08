"""Notation: every event written and read back; the shorthands; readable errors."""

from __future__ import annotations

import pytest

from planets_log.record.errors import NotationError
from planets_log.record.events import strip_place
from planets_log.games.planetopia.events import (
    Atomized, Combo, Ended, ExtraTurn, HandDealt, JokerPlaced, Played, Recovered, Refilled, Revealed, RowDealt,
    TrailDealt, Took,
)

from .helpers import RULES, ROW3, TRAIL, edit, state_of, table

STATE = state_of(table())

EXAMPLES = [
    ("take 1 BGR", Took(by=0, slot=1, card="BGR")),
    ("play BGR a:R c:GB", Played(by=0, card="BGR", place=("R", "", "GB"))),
    ("play BGR", Played(by=0, card="BGR")),
    ("play atom", Played(by=0, card="atom")),
    ("play ray b1 R", Played(by=0, card="ray", cells=("b1",), colour="R")),
    ("play switch b1 a2", Played(by=0, card="switch", cells=("b1", "a2"))),
    ("play hswap a1 b1", Played(by=0, card="hswap", cells=("a1", "b1"))),
    ("play vswap c1 c2", Played(by=0, card="vswap", cells=("c1", "c2"))),
    ("recover", Recovered(by=0)),
    ("atomize a1", Atomized(by=0, cells=("a1",))),
    ("atomize a1 b2 double", Atomized(by=0, cells=("a1", "b2"), double=True)),
    ("combo .../.R./oGo", Combo(by=0, card=".../.R./oGo")),
    ("combo .../.R./oGo drop joker", Combo(by=0, card=".../.R./oGo", drop="joker")),
    ("extra", ExtraTurn(by=0)),
    ("joker c", JokerPlaced(by=0, column="c")),
    ("end", Ended(by=0)),
    ("row " + " ".join(ROW3[:4]), RowDealt(cards=ROW3[:4])),
    ("trail " + " ".join(TRAIL), TrailDealt(cards=TRAIL)),
    ("hand Ben atom hswap vswap", HandDealt(seat=1, cards=("atom", "hswap", "vswap"))),
    ("refill GPR", Refilled(card="GPR")),
    ("reveal RoR/GYG/BPB", Revealed(card="RoR/GYG/BPB")),
]


@pytest.mark.parametrize("text,event", EXAMPLES, ids=[t for t, _ in EXAMPLES])
def test_each_event_is_written_and_read_back(text, event):
    """Notation: format writes the documented text and parse reads it back to the same event."""
    assert RULES.format(event, STATE) == text
    assert strip_place(RULES.parse(text, STATE)) == event


@pytest.mark.parametrize("typed,written", [
    ("take bgr", "take 1 BGR"),
    ("take 3", "take 3 ray"),
    ("TAKE 2 gb", "take 2 BG"),
    ("play rgb A:r C:gb", "play BGR a:R c:GB"),
    ("play raygun B1 r", "play ray b1 R"),
    ("play switch a2 b1", "play switch b1 a2"),
    ("atomize b2 a1", "atomize a1 b2"),
    ("combo 2", "combo .../.R./oGo"),
    ("combo .../.r./OgO", "combo .../.R./oGo"),
    ("hand 3 vswap atom hswap", "hand Cal atom hswap vswap"),
    ("hand cal vswap atom hswap", "hand Cal atom hswap vswap"),
])
def test_shorthands_and_case(typed, written):
    """Notation: Alien letters in any order and case, slot-only or card-only takes, row positions for combos."""
    assert RULES.format(RULES.parse(typed, STATE), STATE) == written


@pytest.mark.parametrize("typed,words", [
    ("", "empty move"),
    ("fly a1", "start with take"),
    ("take GPR", "not in the trail"),
    ("take", "write take SLOT CARD"),
    ("play XYZ", "is not a Cosmos card"),
    ("play BGR a:RX", "COLUMN:ALIENS"),
    ("play BGR a:R a:G", "given twice"),
    ("play ray d1 R", "is not a cell"),
    ("play switch a1", "CELL CELL"),
    ("atomize", "atomize CELL"),
    ("combo ..../.R./oGo", "not a Prestige pattern"),
    ("combo .../.X./oGo", "a pattern cell is one of"),
    ("combo 9", "has 4 cards"),
    ("combo .../.R./oGo drop star", "not a Special token"),
    ("joker d", "joker COLUMN"),
    ("end now", "takes nothing"),
    ("hand Zed atom hswap vswap", "not a player"),
    ("hand 0 atom hswap vswap", "not a player"),
    ("hand #1 atom hswap vswap", "not a player"),
])
def test_unreadable_moves_explain_themselves(typed, words):
    """Notation: a move that cannot be read raises a NotationError that says why."""
    with pytest.raises(NotationError, match=words):
        RULES.parse(typed, STATE)


def test_take_by_card_needs_a_unique_card():
    """Notation: `take CARD` is refused when the card is twice in the trail; the slot resolves it."""
    build = table(trail=("PP", "ray", "BG", "ray", "BGR"))
    with pytest.raises(NotationError, match="more than once"):
        RULES.parse("take ray", state_of(build))
    assert RULES.parse("take 4 ray", state_of(build)).slot == 4


def test_player_names_with_spaces_are_written_by_seat():
    """Notation: a name that would not read back is written as its seat number, counted from 1."""
    build = table(players=("Ann Lee", "Ben", "Cal"))
    event = HandDealt(seat=0, cards=("atom", "hswap", "vswap"))
    text = RULES.format(event, state_of(build))
    assert text == "hand 1 atom hswap vswap"
    assert strip_place(RULES.parse(text, state_of(build))) == event


def test_actions_are_by_the_player_to_move():
    """Notation: the seat of an action is the player to move."""
    build = edit(table(), turn=2)
    assert RULES.parse("play atom", state_of(build)).by == 2
