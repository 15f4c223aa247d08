"""`legal` and `candidates`: the actions of the seat to move (legal = the candidates `check` accepts)."""

from __future__ import annotations

from planets_log.game import IllegalEvent

from . import events as E
from .check import check
from .state import State, geo, occupant, size
from .turn import to_move


def candidates(state: State) -> list[E.Event]:
    """Plausible actions of the seat to move, illegal ones included."""
    by = to_move(state)
    if by < 0:
        return []
    if state.phase == "place":
        return _placing(state, by)
    if state.phase == "discard":
        return [E.Discarded(by=by, card=c) for c in dict.fromkeys(state.hands[by])]
    return _resolving(state, by)


def _placing(state: State, by: int) -> list[E.Event]:
    if state.pending == "rotate":
        return [E.Rotated(by=by, turns=t) for t in range(5)]
    g = geo(state)
    if state.pending == "probe":
        probes: list[E.Event] = [E.Probed(by=by)]
        return probes + [E.Probed(by=by, zone=z, space=s) for z in g.zones() for s in range(size(state, z) + 1)]
    spaces = [(z, s) for z in g.zones() for s in range(1, size(state, z) + 1)]
    return [E.Placed(by=by, card=c, zone=z, space=s) for c in dict.fromkeys(state.hands[by]) for z, s in spaces]


def _resolving(state: State, by: int) -> list[E.Event]:
    zone = state.zone
    rewards = state.zones[zone].rewards
    if state.pending == "keep":
        return [E.Kept(by=by, card=c) for c in dict.fromkeys(rewards)]
    if state.pending == "remove":
        return [E.Removed(by=by, space=s) for s in range(1, len(state.zones[zone].spaces) + 1)]
    if state.pending == "bury":
        return [E.Buried(by=by, card=c) for c in dict.fromkeys(rewards)]
    everywhere = [(z, s) for z in geo(state).zones() for s in range(1, size(state, z) + 1)]
    here = range(1, len(state.zones[zone].spaces) + 1)
    out: list[E.Event] = [E.Passed(by=by), E.Scanned(by=by), E.Radioed(by=by)]
    out += [E.Hacked(by=by, space=s) for s in here]
    out += [E.Shielded(by=by, zone=z, space=s) for z, s in everywhere]
    out += [E.Teleported(by=by, zone=z, space=s) for z, s in everywhere]
    out += [E.Pulled(by=by, zone=z, space=s, to=t) for z, s in everywhere if occupant(state, z, s) for t in here]
    return out


def legal(state: State) -> list[E.Event]:
    """Exactly the candidates `check` accepts."""
    out: list[E.Event] = []
    for event in candidates(state):
        try:
            check(state, event)
        except IllegalEvent:
            continue
        out.append(event)
    return out
