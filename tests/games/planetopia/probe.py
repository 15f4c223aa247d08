"""A wider net than `candidates` for the contract suite (tests/support/playouts.py): every kind of action on
every cell, cards not held, tokens not owned, combos not in the row."""

from __future__ import annotations

import itertools

from planets_log.games.planetopia import board as bd
from planets_log.games.planetopia.events import (
    Atomized, Combo, Ended, ExtraTurn, JokerPlaced, Played, Recovered, Took,
)

PLACES = ["", "B", "G", "R", "P", "GR", "RG", "BG", "PP", "BGR", "RGB"]


def probe(state) -> list:
    """Actions of the seat to move, legal or not."""
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
