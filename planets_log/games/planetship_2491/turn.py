"""The turn's bookkeeping that `flow` and `legal` share: who acts now, where a seat may place (Player's Turn), and
what a resolving character can use its abilities on (Character Abilities).

Kept below both so that neither imports the other: `flow` and `apply` ask who can still place,
who must still discard and which character acts next, `legal` and `check` who moves, which
spaces a character or a probe may take and what an ability may target.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable

from planets_log.game import CHANCE, TERMINAL

from .board import SENATE, Geometry
from .state import HAND, Char, State, ZoneState, card, char_at, geo, occupant, placed, size, zone_spec

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
    for z, s in g.adjacent_spaces.get((zone, space), ()):  # a plain loop: no generator made at every placement
        ch = zones[z].spaces[s - 1]
        if ch is not None and ch.owner == seat:
            return True
    return False


def probe_targets(state: State, zone: int) -> list[tuple[int, int]]:
    """Spaces (0: reward space) of this zone and adjacent ones, never the Hibernation Chamber (Probes)."""
    zones = sorted(geo(state).adjacent_zones[zone] | {zone})
    return [(z, s) for z in zones if z != HIBERNATION for s in range(0, size(state, z) + 1)]


def probe_reaches(g: Geometry, zone: int, to: int) -> bool:
    """Whether a probe placed from `zone` on the grid `g` may lie in zone `to`: the same zone or an adjacent one,
    never the Hibernation Chamber (Probes); each such zone has spaces, so `probe_targets` then lists some of its."""
    return to != HIBERNATION and (to == zone or to in g.adjacent_zones[zone])


def probe_possible(g: Geometry, zone: int) -> bool:
    """Whether a probe placed from `zone` on the grid `g` has somewhere to go (`probe_targets` is not empty)."""
    return zone != HIBERNATION or any(z != HIBERNATION for z in g.adjacent_zones[zone])


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
    for z in g.order:  # plain loops, no generator per character: asked after every placement
        i = 0
        for ch in zones[z].spaces:
            i += 1
            if ch is not None and ch.owner == seat:
                for z2, s2 in near[(z, i)]:
                    if zones[z2].spaces[s2 - 1] is None:
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


# --- what a character on the resolving zone can use its abilities on (Character Abilities) ------------------


def free_spaces(state: State, zone: int) -> list[int]:
    """The unoccupied spaces of a zone."""
    return [i + 1 for i, ch in enumerate(state.zones[zone].spaces) if ch is None]


def protected(state: State, zone: int, char: Char) -> bool:
    """True when Hacker and Tractor Beam cannot target it (a shield, or the Senate)."""
    return char.shield or zone == SENATE


def hack_targets(state: State, zone: int, by: int) -> list[int]:
    """Spaces of unshielded enemy characters in this zone."""
    return [i + 1 for i, ch in enumerate(state.zones[zone].spaces)
            if ch is not None and ch.owner != by and not protected(state, zone, ch)]


def tractor_targets(state: State, zone: int) -> list[tuple[int, int]]:
    """Unshielded characters of zones adjacent to this one (none if this zone is full)."""
    if not free_spaces(state, zone):
        return []
    near = geo(state).adjacent_zones[zone]
    return [(z, s) for z, s, ch in placed(state, near) if not protected(state, z, ch)]


def shield_targets(state: State, zone: int) -> list[tuple[int, int]]:
    """Unshielded characters in this zone or an adjacent one (none once the shields run out)."""
    if state.shields <= 0:
        return []
    near = geo(state).adjacent_zones[zone] | {zone}
    return [(z, s) for z, s, ch in placed(state, near) if not ch.shield]


def teleport_targets(state: State, zone: int) -> list[tuple[int, int]]:
    """Free spaces of zones adjacent to this one."""
    return [(z, s) for z in sorted(geo(state).adjacent_zones[zone]) for s in free_spaces(state, z)]


def _at(state: State, zone: int, space: int) -> Char | None:
    """The character on a space of a zone, None for an empty space or a numeral the zone lacks."""
    spaces = state.zones[zone].spaces
    return spaces[space - 1] if 0 < space <= len(spaces) else None


def is_tractor_target(state: State, zone: int, z: int, s: int, g: Geometry | None = None) -> bool:
    """(z, s) in tractor_targets(state, zone), without listing them."""
    if None not in state.zones[zone].spaces or z not in (g or geo(state)).adjacent_zones[zone]:
        return False
    ch = _at(state, z, s)
    return ch is not None and not protected(state, z, ch)


def is_shield_target(state: State, zone: int, z: int, s: int, g: Geometry | None = None) -> bool:
    """(z, s) in shield_targets(state, zone), without listing them."""
    if state.shields <= 0 or (z != zone and z not in (g or geo(state)).adjacent_zones[zone]):
        return False
    ch = _at(state, z, s)
    return ch is not None and not ch.shield


def is_teleport_target(state: State, zone: int, z: int, s: int, g: Geometry | None = None) -> bool:
    """(z, s) in teleport_targets(state, zone), without listing them."""
    return z in (g or geo(state)).adjacent_zones[zone] and 0 < s <= len(state.zones[z].spaces) and _at(state, z, s) is None


def remaining(state: State, char: Char) -> list[str]:
    """The character's ability icons not used yet this round."""
    left = list(card(state, char.card).abilities)
    for name in char.used:
        left.remove(name)
    return left


def usable(state: State, zone: int, space: int) -> list[str]:
    """The abilities the character on this space can use now."""
    char = occupant(state, zone, space)
    if char is None or char.disabled:
        return []
    return [name for name in dict.fromkeys(remaining(state, char)) if can_use(state, zone, char, name)]


def can_use(state: State, zone: int, char: Char, name: str, g: Geometry | None = None) -> bool:
    """Whether the ability has something to act on now: a target, a card to draw (Team Radio always has);
    `g`: the state's geometry, where the caller has it."""
    return CAN_USE[name](state, zone, char, g or geo(state))


def _hack_can(state: State, zone: int, char: Char, g: Geometry) -> bool:
    """An unshielded enemy in this zone, out of the Senate (Hacker)."""
    if zone == SENATE:
        return False
    owner = char.owner
    for ch in state.zones[zone].spaces:
        if ch is not None and ch.owner != owner and not ch.shield:
            return True
    return False


def _scan_can(state: State, zone: int, char: Char, g: Geometry) -> bool:
    """A card left to draw (Scanner)."""
    return len(state.deck) - state.unknown + len(state.bottom) > 0  # a card left to draw: deck_size(state) > 0


def _always(state: State, zone: int, char: Char, g: Geometry) -> bool:
    """Team Radio: always usable (worth +0 with no friend near)."""
    return True


def _tractor_can(state: State, zone: int, char: Char, g: Geometry) -> bool:
    """A free space here and an unshielded character next door, out of the Senate (Tractor Beam)."""
    zones = state.zones
    return None in zones[zone].spaces and _unshielded(zones, g.pullable[zone])


def _shield_can(state: State, zone: int, char: Char, g: Geometry) -> bool:
    """A shield left and an unshielded character here or next door (Shield)."""
    return state.shields > 0 and _unshielded(state.zones, g.around[zone])


def _teleport_can(state: State, zone: int, char: Char, g: Geometry) -> bool:
    """A free space next door (Teleport)."""
    zones = state.zones
    for z in g.adjacent_zones[zone]:
        if None in zones[z].spaces:
            return True
    return False


def _unshielded(zones: tuple[ZoneState, ...], among: Iterable[int]) -> bool:
    """Whether a character without a shield stands in one of these zones."""
    for z in among:  # plain loops: faster on a few spaces than a chain of map and filter in C (they run at every step)
        for ch in zones[z].spaces:
            if ch is not None and not ch.shield:
                return True
    return False


CAN_USE: dict[str, Callable[[State, int, Char, Geometry], bool]] = {
    "hack": _hack_can, "scan": _scan_can, "radio": _always, "tractor": _tractor_can, "shield": _shield_can,
    "teleport": _teleport_can,
}
"""Each ability's test of `can_use`, with the geometry found (the Team Radio's: always)."""


def first_actor(state: State, zone: int, start: int, g: Geometry) -> int:
    """The first space from numeral `start` on whose character has a usable ability (`usable`), or 0."""
    cards, spaces = g.cards, state.zones[zone].spaces
    for space in range(start, len(spaces) + 1):
        char = spaces[space - 1]
        if char is None or char.disabled:
            continue
        for name in remaining(state, char) if char.used else cards[char.card].abilities:
            if CAN_USE[name](state, zone, char, g):
                return space
    return 0
