"""The table notation (docs/games/four-planets.md, Notation): parse and format both ways."""

from __future__ import annotations

import pytest

from planets_log.record.errors import NotationError
from planets_log.games.four_planets import events as E

from .helpers import R, position

EXAMPLES = [
    ("d3", E.Dispatched(by=0, planet=3, parts=1)),
    ("d3x2", E.Dispatched(by=0, planet=3, parts=2)),
    ("r2 G1v1s", E.Recruited(by=0, planet=2, card="G1v1s")),
    ("p G2v1ss -B0s -c", E.Played(by=0, card="G2v1ss", discards=("B0s",), coins=1)),
    ("p G2v1ss -c2", E.Played(by=0, card="G2v1ss", coins=2)),
    ("p Y2v2s -G0s -R0s", E.Played(by=0, card="Y2v2s", discards=("G0s", "R0s"))),
    ("p R0s", E.Played(by=0, card="R0s")),
    ("place B", E.Placed(by=0, colour="B")),
    ("take look5", E.TookTile(by=0, tile="look5")),
    ("search Y2v2s", E.Searched(by=0, card="Y2v2s")),
    ("keep Y2v2s", E.Kept(by=0, card="Y2v2s")),
    ("discount G", E.Discounted(by=0, colour="G")),
    ("mark 3", E.Marked(by=0, position=3)),
    ("copy sets5", E.Copied(by=0, tile="sets5")),
    ("done", E.Done(by=0)),
    ("done keep G2v1ss", E.Done(by=0, keep="G2v1ss")),
    ("bonus R1v1s Y0s G2v2s B1v1s", E.BonusDealt(cards=("R1v1s", "Y0s", "G2v2s", "B1v1s"))),
    ("deal R0s Y1v1s / G0s G0s / B0s B0s / P1ss P0s",
     E.Dealt(cards=("R0s", "Y1v1s", "G0s", "G0s", "B0s", "B0s", "P1ss", "P0s"))),
    ("boosts vp4 columns5 sets5 thirteen bp3", E.BoostsRevealed(tiles=("vp4", "columns5", "sets5", "thirteen", "bp3"))),
    ("start Ben", E.StartTile(seat=1)),
    ("draw G1v1s", E.Drawn(card="G1v1s")),
    ("reveal R0s Y0s G0s P0s B0s", E.Revealed(cards=("R0s", "Y0s", "G0s", "P0s", "B0s"))),
]


@pytest.mark.parametrize("text,event", EXAMPLES, ids=[t for t, _ in EXAMPLES])
def test_notation_examples_parse_and_format(text, event):
    """Notation: each documented form reads as its event and is written back the same."""
    s = position()
    assert R.parse(text, s) == event
    assert R.format(event, s) == text


def test_notation_is_forgiving_about_case_and_spacing():
    """Notation: card codes and colours in any case; colour names; seat numbers; 'play'."""
    s = position()
    assert R.parse("play g2v1ss -b0s -C", s) == E.Played(by=0, card="G2v1ss", discards=("B0s",), coins=1)
    assert R.parse("p Y2v2s -R0s -G0s", s).discards == ("G0s", "R0s")
    assert R.parse("place blue", s) == E.Placed(by=0, colour="B")
    assert R.parse("D 3 x 2", s) == E.Dispatched(by=0, planet=3, parts=2)
    assert R.parse("start 2", s) == E.StartTile(seat=1)
    assert R.parse("start ann", s) == E.StartTile(seat=0)
    assert R.parse("done G0s", s) == E.Done(by=0, keep="G0s")
    assert R.parse("deal R0s Y0s G0s P0s B0s R0s Y0s G0s", s).cards[4] == "B0s"


def test_notation_fills_in_the_seat_to_move():
    """Notation: the seat of an action is the seat to move."""
    s = position(turn=1)
    assert R.parse("done", s).by == 1


@pytest.mark.parametrize("text", [
    "", "fly 3", "r2", "p", "p G2v1ss B0s", "p X9s", "p G3v1s", "p G1v0s", "place orange", "mark x", "start Carl",
    "deal R0s / G0s G0s", "deal R0s Y0s G0s / G0s", "draw", "keep", "done keep", "take",
])
def test_notation_errors_quote_the_text(text):
    """Notation: unreadable moves raise NotationError quoting the input."""
    with pytest.raises(NotationError) as info:
        R.parse(text, position())
    assert info.value.code == "notation"
    assert repr(text) in info.value.message
