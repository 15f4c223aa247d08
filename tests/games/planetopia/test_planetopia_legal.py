"""legal() lists exactly what check() accepts, on real and hand-made positions (docs/adding-a-game.md)."""

from __future__ import annotations

import itertools

import msgspec
import pytest

from planets_log.core.errors import IllegalEvent
from planets_log.core.record import line_hash
from planets_log.games.planetopia import board as bd
from planets_log.games.planetopia.events import (
    Atomized, Combo, Ended, ExtraTurn, JokerPlaced, Played, Recovered, Took,
)

from .fixtures_gen import greedy_game
from .planetopia_helpers import RULES, edit, state_of, table

PLACES = ["", "B", "G", "R", "P", "GR", "RG", "BG", "PP", "BGR", "RGB"]


def candidates(state) -> list:
    """A wide net of actions for the player to move, legal or not."""
    by, seat = state.turn, state.seats[state.turn]
    out: list = [Recovered(by=by), Ended(by=by), ExtraTurn(by=by)]
    out += [JokerPlaced(by=by, column=c) for c in "abcd"]
    cards = {t.card for t in state.trail} | {"BGR", "PP"}
    out += [Took(by=by, slot=s, card=c) for s in range(0, 7) for c in sorted(cards)]
    for card in sorted(set(seat.hand) | {"BGR", "ray", "switch", "atom"}):
        out.append(Played(by=by, card=card))
        out += [Played(by=by, card=card, cells=(a, b)) for a, b in itertools.product(bd.CELLS, repeat=2)]
        out += [Played(by=by, card=card, cells=(a,), colour=c) for a in bd.CELLS for c in "BGPRYJ"]
        out += [Played(by=by, card=card, place=p) for p in itertools.product(PLACES, repeat=3)]
    for k in (1, 2, 3):
        for cells in itertools.product(bd.CELLS, repeat=k):
            out += [Atomized(by=by, cells=cells, double=d) for d in (False, True)]
    for card in list(state.row) + list(state.prestige_deck[:2]):
        out += [Combo(by=by, card=card, drop=d) for d in ("", "extra", "double", "joker")]
    return out


def assert_exact(state) -> int:
    """Among the candidates, check() accepts exactly those legal() lists; legal() has no duplicate."""
    legal = RULES.legal(state)
    keys = {msgspec.json.encode(e) for e in legal}
    assert len(keys) == len(legal)
    for event in legal:
        RULES.check(state, event)
    for event in candidates(state):
        try:
            RULES.check(state, event)
            ok = True
        except IllegalEvent:
            ok = False
        assert ok == (msgspec.json.encode(event) in keys), event
    return len(legal)


def game_states(build, every: int):
    session = build.session
    pos = session.start(build.lines[0])
    for i, raw in enumerate(build.lines[1:]):
        event = session.decode(raw)
        if i % every == 0 and not pos.state.due and not pos.state.over:
            yield pos.state
        pos = session.step(pos, event, line_hash(raw))


@pytest.mark.parametrize("name", ["seeded-2p", "seeded-5p"])
def test_legal_is_exact_along_a_game(name):
    """Every sampled position of a greedy playthrough: legal() == accepted."""
    assert sum(assert_exact(s) for s in game_states(greedy_game(name), 9)) > 0


HANDS = ("BGR", "PP", "atom", "hswap", "ray", "switch", "vswap")


@pytest.mark.parametrize("seat_changes,state_changes", [
    ({"tokens": ("double", "extra", "joker"), "board": ("R", "G", "BP"), "hand": HANDS, "atoms": 3}, {}),
    ({"tokens": ("extra", "joker"), "fresh": ("joker",), "board": ("RJ", "GG", "B"), "hand": HANDS}, {}),
    ({"tokens": ("double",), "board": ("PPP", "YYY", "YY"), "hand": HANDS, "atoms": 9}, {}),
    ({"board": ("YR", "GRG", "YB"), "hand": HANDS, "atoms": 1}, {"mandatory": 0}),
    ({"board": ("P", "", ""), "hand": (), "played": HANDS}, {"optional": 0}),
])
def test_legal_is_exact_in_special_positions(seat_changes, state_changes):
    """Tokens held, fresh tokens, a full board, a spent action: legal() == accepted."""
    build = edit(table(), seat=0, **seat_changes)
    edit(build, seat=1, board=("GGG", "GGG", "GGG"))
    edit(build, seat=2, board=("GGG", "GGG", "G"))
    if state_changes:
        edit(build, **state_changes)
    assert assert_exact(state_of(build)) > 0
