"""`legal` and `candidates`: the actions of the seat to move (legal = the candidates `check` accepts)."""

from __future__ import annotations

from planets_log.game import IllegalEvent

from . import events as E
from .state import State, geo, occupant, placed, size, zone_spec

HIBERNATION = 6


def placements(state: State, seat: int, limit: int | None = None) -> list[tuple[int, int]]:
    """Free spaces the seat may use: a space dock, or next to one of its characters (Player's Turn)."""
    g = geo(state)
    near = None  # the spaces next to the seat's characters, found only if a free space is not a dock
    out = []
    for z in g.zones():
        docks = zone_spec(state, z).docks
        for s, ch in enumerate(state.zones[z].spaces, 1):
            if ch is not None:
                continue
            if s not in docks:
                if near is None:
                    near = _near(g, state, seat)
                if (z, s) not in near:
                    continue
            out.append((z, s))
            if limit is not None and len(out) >= limit:
                return out
    return out


def _near(g, state: State, seat: int) -> set:
    """The spaces next to the seat's characters."""
    mine = [(z, s) for z, s, ch in placed(state) if ch.owner == seat]
    return set().union(*(g.adjacent_spaces[m] for m in mine)) if mine else set()


def reachable(state: State, seat: int, zone: int, space: int) -> bool:
    """True when the seat may place on this free space: a dock, or next to one of its characters."""
    if space in zone_spec(state, zone).docks:
        return True
    near = geo(state).adjacent_spaces.get((zone, space), ())
    return any((ch := occupant(state, z, s)) is not None and ch.owner == seat for z, s in near)


def probe_targets(state: State, zone: int) -> list[tuple[int, int]]:
    """Spaces (0: reward space) of this zone and adjacent ones, never the Hibernation Chamber (Probes)."""
    zones = sorted(geo(state).adjacent_zones[zone] | {zone})
    return [(z, s) for z in zones if z != HIBERNATION for s in range(0, size(state, z) + 1)]


def candidates(state: State) -> list:
    """Plausible actions of the seat to move, illegal ones included."""
    from .flow import to_move

    by = to_move(state)
    if by < 0:
        return []
    if state.phase == "place":
        return _placing(state, by)
    if state.phase == "discard":
        return [E.Discarded(by=by, card=c) for c in dict.fromkeys(state.hands[by])]
    return _resolving(state, by)


def _placing(state: State, by: int) -> list:
    if state.pending == "rotate":
        return [E.Rotated(by=by, turns=t) for t in range(5)]
    g = geo(state)
    if state.pending == "probe":
        return [E.Probed(by=by)] + [E.Probed(by=by, zone=z, space=s) for z in g.zones()
                                     for s in range(size(state, z) + 1)]
    spaces = [(z, s) for z in g.zones() for s in range(1, size(state, z) + 1)]
    return [E.Placed(by=by, card=c, zone=z, space=s) for c in dict.fromkeys(state.hands[by]) for z, s in spaces]


def _resolving(state: State, by: int) -> list:
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
    out: list = [E.Passed(by=by), E.Scanned(by=by), E.Radioed(by=by)]
    out += [E.Hacked(by=by, space=s) for s in here]
    out += [E.Shielded(by=by, zone=z, space=s) for z, s in everywhere]
    out += [E.Teleported(by=by, zone=z, space=s) for z, s in everywhere]
    out += [E.Pulled(by=by, zone=z, space=s, to=t) for z, s in everywhere if occupant(state, z, s) for t in here]
    return out


def legal(state: State) -> list:
    """Exactly the candidates `check` accepts."""
    from .check import check

    out = []
    for event in candidates(state):
        try:
            check(state, event)
        except IllegalEvent:
            continue
        out.append(event)
    return out
