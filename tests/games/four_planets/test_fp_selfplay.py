"""Whole random games: every legal action passes check, apply is pure, records replay (all sections)."""

from __future__ import annotations

import time

import msgspec
import pytest

from planets_log.core.errors import IllegalEvent
from planets_log.core.events import strip_place
from planets_log.core.game import CHANCE
from planets_log.core.play import selfplay
from planets_log.core.record import line_hash

from .fp_helpers import R, eager


def walk(build, visit):
    session = build.session
    pos = session.start(build.lines[0])
    for raw in build.lines[1:]:
        event = session.decoder.decode(raw)
        visit(pos.state, event)
        pos = session.step(pos, event, line_hash(raw))
    return pos


def audit(state, event):
    before = msgspec.json.encode(state, order="sorted")
    actions = R.legal(state)
    encoded = [msgspec.json.encode(a) for a in actions]
    assert len(set(encoded)) == len(encoded)
    for action in actions:
        R.check(state, action)
    if R.to_move(state) != CHANCE:
        assert any(strip_place(a) == strip_place(event) for a in actions)
    assert strip_place(R.parse(R.format(event, state), state)) == strip_place(event)
    R.apply(state, event)
    assert msgspec.json.encode(state, order="sorted") == before


def test_selfplay_200_seeds_complete():
    """Round Sequence: 200 uniformly random seeded games all reach the end of round 5."""
    start = time.perf_counter()
    for seed in range(200):
        build = selfplay("four-planets", seed)
        assert build.pos.state.phase == "over" and build.pos.state.round == 5
    assert (time.perf_counter() - start) / 200 < 0.5


@pytest.mark.parametrize("seed", range(12))
def test_every_legal_action_passes_check_and_apply_is_pure(seed):
    """All sections: at every position of uniform and eager games, legal() == what check() accepts."""
    walk(selfplay("four-planets", seed), audit)
    walk(eager(seed), audit)
    walk(eager(seed, options={"first_game": True}), audit)


@pytest.mark.parametrize("seed", range(6))
def test_check_accepts_nothing_that_legal_omits(seed):
    """All sections: perturbed actions that check() accepts are in legal() (no hidden legal moves)."""
    from planets_log.games.four_planets import events as E

    def probe(state, event):
        if R.to_move(state) == CHANCE:
            return
        legal = {msgspec.json.encode(a) for a in R.legal(state)}
        seat = state.seats[R.to_move(state)]
        by = R.to_move(state)
        cards = sorted(set(seat.hand) | set(state.discard[:6]) | {"R0s", "G2v1ss"})
        candidates = [E.Dispatched(by=by, planet=p, parts=k) for p in range(0, 6) for k in range(0, 8)]
        candidates += [E.Recruited(by=by, planet=p, card=c) for p in range(1, 5) for c in cards]
        candidates += [E.Played(by=by, card=c, discards=d, coins=k) for c in cards
                       for d in [(), *((x,) for x in seat.hand)] for k in range(3)]
        candidates += [E.Placed(by=by, colour=c) for c in "RYGPBX"] + [E.Discounted(by=by, colour=c) for c in "RYGPB"]
        candidates += [E.Marked(by=by, position=p) for p in range(6)] + [E.Done(by=by, keep=c) for c in [None, *cards]]
        candidates += [E.TookTile(by=by, tile=t) for t in state.tile_pool]
        candidates += [E.Copied(by=by, tile=t) for t in state.tile_pool]
        candidates += [E.Searched(by=by, card=c) for c in cards] + [E.Kept(by=by, card=c) for c in cards]
        for candidate in candidates:
            try:
                R.check(state, candidate)
            except IllegalEvent:
                continue
            assert msgspec.json.encode(candidate) in legal, candidate

    walk(eager(100 + seed), probe)
