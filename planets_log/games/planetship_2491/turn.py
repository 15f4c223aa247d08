"""The turn's bookkeeping that `flow` and `legal` share: who acts now, and where a seat may place (Player's Turn).

Kept below both so that neither imports the other: `flow` asks who can still place, `legal`
and `check` ask who moves and which spaces a character or a probe may take.
"""

from __future__ import annotations

from planets_log.game import CHANCE, TERMINAL

from .board import Geometry
from .state import State, char_at, geo, placed, size, zone_spec

CHANCE_PHASES = ("missions", "layout", "shift", "rewards", "draw", "reveal", "peek", "piles")
HIBERNATION = 6


_MOVER = dict.fromkeys(CHANCE_PHASES, CHANCE) | {"over": TERMINAL}
"""The phases in which no seat acts: chance speaks, or the game is over."""


def to_move(state: State) -> int:
    """The seat to act, CHANCE or TERMINAL."""
    phase = state.phase
    if phase == "resolve":
        if state.pending in ("keep", "remove"):
            return state.winner
        spaces, cursor = state.zones[state.zone].spaces, state.cursor  # char_at, read here: asked before every event
        if 0 < cursor <= len(spaces) and (char := spaces[cursor - 1]) is not None:
            return char.owner
        return char_at(state, state.zone, cursor).owner  # raises: no character there
    return _MOVER.get(phase, state.turn)


def placements(state: State, seat: int, limit: int | None = None) -> list[tuple[int, int]]:
    """Free spaces the seat may use: a space dock, or next to one of its characters (Player's Turn)."""
    g = geo(state)
    near: set[tuple[int, int]] | None = None  # the spaces next to the seat's characters, found only when needed
    out: list[tuple[int, int]] = []
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


def _near(g: Geometry, state: State, seat: int) -> set[tuple[int, int]]:
    """The spaces next to the seat's characters."""
    mine = [(z, s) for z, s, ch in placed(state) if ch.owner == seat]
    return set[tuple[int, int]]().union(*(g.adjacent_spaces[m] for m in mine))


def reachable(state: State, seat: int, zone: int, space: int, g: Geometry | None = None) -> bool:
    """True when the seat may place on this free space: a dock, or next to one of its characters."""
    if g is None:
        g = geo(state)
    if (zone, space) in g.docks:
        return True
    zones = state.zones
    near = g.adjacent_spaces.get((zone, space), ())
    return any((ch := zones[z].spaces[s - 1]) is not None and ch.owner == seat for z, s in near)


def probe_targets(state: State, zone: int) -> list[tuple[int, int]]:
    """Spaces (0: reward space) of this zone and adjacent ones, never the Hibernation Chamber (Probes)."""
    zones = sorted(geo(state).adjacent_zones[zone] | {zone})
    return [(z, s) for z in zones if z != HIBERNATION for s in range(0, size(state, z) + 1)]


def probe_reaches(state: State, zone: int, to: int) -> bool:
    """Whether a probe placed from `zone` may lie in zone `to`: the same zone or an adjacent one, never the
    Hibernation Chamber (Probes); each such zone has spaces, so `probe_targets` then lists some of its."""
    return to != HIBERNATION and (to == zone or to in geo(state).adjacent_zones[zone])


def probe_possible(state: State, zone: int) -> bool:
    """Whether a probe placed from `zone` has somewhere to go (`probe_targets` is not empty)."""
    return zone != HIBERNATION or any(z != HIBERNATION for z in geo(state).adjacent_zones[zone])
