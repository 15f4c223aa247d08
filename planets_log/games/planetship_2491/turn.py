"""The turn's bookkeeping that `flow` and `legal` share: who acts now, and where a seat may place (Player's Turn).

Kept below both so that neither imports the other: `flow` and `apply` ask who can still place
and who must still discard, `legal` and `check` who moves and which spaces a character or a
probe may take.
"""

from __future__ import annotations

from planets_log.game import CHANCE, TERMINAL

from .board import Geometry
from .state import HAND, State, ZoneState, char_at, geo, placed, size, zone_spec

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


def next_placer(ships: tuple[int, ...], zones: tuple[ZoneState, ...], start: int, g: Geometry) -> int | None:
    """The first seat from `start` on, in turn order, with a ship left and a free space to place it on (Player's
    Turn), among these ships and zones: a state's, or those an event is about to give it."""
    n = len(ships)
    for k in range(n):
        seat = (start + k) % n
        if ships[seat] > 0 and _free_space(zones, seat, g):
            return seat
    return None


def can_place(state: State, seat: int) -> bool:
    """Whether the seat has a free space to place on: a free space dock, or one next to its characters (Player's Turn).

    The same as `turn.placements(state, seat)` being non-empty, without listing them.
    """
    return _free_space(state.zones, seat, geo(state))


def _free_space(zones: tuple[ZoneState, ...], seat: int, g: Geometry) -> bool:
    """`can_place` on these zones and this geometry."""
    for z, i in g.dock_list:
        if zones[z].spaces[i] is None:
            return True
    near = g.adjacent_spaces
    for z in g.order:
        for i, ch in enumerate(zones[z].spaces, 1):
            if ch is not None and ch.owner == seat and any(zones[z2].spaces[s2 - 1] is None for z2, s2 in near[(z, i)]):
                return True
    return False


def next_discarder(hands: tuple[tuple[str, ...], ...], discards: tuple[tuple[str, ...], ...], start: int) -> int | None:
    """The first seat from `start` on, in turn order, holding more cards than it keeps (Round End #4), among these
    hands and discards: a state's, or those an event is about to give it."""
    n = len(hands)
    for k in range(n):
        seat = (start + k) % n
        if len(hands[seat]) - discards[seat].count("?") > HAND:  # a kept record's `discard ?` is not in hand yet
            return seat
    return None
