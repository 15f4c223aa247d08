"""A wider net than `candidates` for the contract suite (tests/support/playouts.py): out-of-range numbers, cards
not held, every kind of action at every point."""

from __future__ import annotations

from planets_log.games.four_planets import RULES as R
from planets_log.games.four_planets import events as E


def probe(state) -> list:
    """Perturbed actions of the seat to move, legal or not."""
    by = R.to_move(state)
    seat = state.seats[by]
    cards = sorted(set(seat.hand) | set(state.discard[:6]) | {"R0s", "G2v1ss"})
    out = [E.Dispatched(by=by, planet=p, parts=k) for p in range(0, 6) for k in range(0, 8)]
    out += [E.Recruited(by=by, planet=p, card=c) for p in range(1, 5) for c in cards]
    out += [E.Played(by=by, card=c, discards=d, coins=k) for c in cards
            for d in [(), *((x,) for x in seat.hand)] for k in range(3)]
    out += [E.Placed(by=by, colour=c) for c in "RYGPBX"] + [E.Discounted(by=by, colour=c) for c in "RYGPB"]
    out += [E.Marked(by=by, position=p) for p in range(6)] + [E.Done(by=by, keep=c) for c in [None, *cards]]
    out += [E.TookTile(by=by, tile=t) for t in state.tile_pool]
    out += [E.Copied(by=by, tile=t) for t in state.tile_pool]
    out += [E.Searched(by=by, card=c) for c in cards] + [E.Kept(by=by, card=c) for c in cards]
    return out
