"""The 2491 Planetship game state (frozen msgspec Structs, tuples all the way down) and setup."""

from __future__ import annotations

import dataclasses
from collections.abc import Iterator
from dataclasses import dataclass
from typing import TypeVar

import msgspec

from planets_log.game import Header, is_number

from .board import Geometry, geometry, rows_of
from .edition import COLOURS, Character, PlanetshipEdition, Zone

ROUNDS = 4
HAND = 6
replace = msgspec.structs.replace
T = TypeVar("T")
# The state's Structs are made with gc=False: frozen and built bottom up from tuples, strings and ints, they cannot
# form a reference cycle, so the cycle collector need not track them (every event makes several; a record keeps
# its last thousand states for undo, and each collection walked them all).


class Char(msgspec.Struct, frozen=True, omit_defaults=True, gc=False):
    """A character on a space: its card, owner, and this round's marks."""

    card: str
    owner: int
    down: bool = False
    shield: bool = False
    disabled: bool = False
    used: tuple[str, ...] = ()
    radio: int = 0


class ZoneState(msgspec.Struct, frozen=True, omit_defaults=True, gc=False):
    """What lies on one zone: a character or None per space, its reward cards."""

    spaces: tuple[Char | None, ...] = ()
    rewards: tuple[str, ...] = ()
    rewards_down: bool = False


class Probe(msgspec.Struct, frozen=True, array_like=True, gc=False):
    """A probe token: its owner and the space (numeral 0: reward space) it lies on."""

    seat: int
    zone: int
    space: int


class State(msgspec.Struct, frozen=True, gc=False):
    """The whole table."""

    ed: PlanetshipEdition
    players: tuple[str, ...]
    table: bool
    deck: tuple[str, ...]
    hands: tuple[tuple[str, ...], ...]
    ships: tuple[int, ...]
    probes_left: tuple[int, ...]
    phase: str = "missions"
    round: int = 1
    first: int = 0
    turn: int = 0
    missions: tuple[str, ...] = ()
    grid: tuple[tuple[int, int], ...] = ()
    reserve: tuple[int, ...] = ()
    zones: tuple[ZoneState, ...] = (ZoneState(),) * 10
    bottom: tuple[str, ...] = ()
    unknown: int = 0
    discards: tuple[tuple[str, ...], ...] = ()
    removed: tuple[str, ...] = ()
    probes: tuple[Probe, ...] = ()
    shields: int = 10
    military: bool = False
    pending: str | None = None
    at: tuple[int, int] = (-1, -1)
    zone: int = -1
    cursor: int = 0
    revealed: bool = False
    winner: int = -1
    piled: tuple[int, ...] = ()
    keeper: int = -1
    ship_back: bool = True
    """A hacked character's Ship goes back to its owner's hand with it (rules version 2 on; a record of version 1
    replays with the Ship left out until the round's end, as it was written)."""
    boosted: bool = False
    """A Team Radio bonus may stand on the grid: set by a radio, cleared with the bonuses when its zone ends (no
    zone's end need look for one otherwise)."""


@dataclass(frozen=True)
class Info:
    """Lookups derived from an edition (not part of the state)."""

    cards: dict[str, Character]
    zones: tuple[Zone, ...]
    sizes: tuple[int, ...]
    grids: dict[tuple[tuple[tuple[int, int], ...], int], Geometry]
    power: dict[str, tuple[int, int]]
    """Each card's printed strength, without and with the Command Center's bonus (+1 for a Team Radio icon)."""
    deck: tuple[str, ...] = ()
    """The character deck at setup, by number."""
    starting: tuple[tuple[str, ...], ...] = ()
    """Each colour's starting hand (its letter and each starting card's id), in COLOURS' order."""


_INFO: dict[int, tuple[PlanetshipEdition, Info]] = {}
# the edition asked for last and its lookups, as one tuple read once (safe between threads):
# every event asks several times
_LAST: list[tuple[object, Info]] = [(object(), Info({}, (), (), {}, {}))]


def info(ed: PlanetshipEdition) -> Info:
    """The edition's lookups (cached per edition object, which the cache keeps alive)."""
    last = _LAST[0]
    if last[0] is ed:
        return last[1]
    hit = _INFO.get(id(ed))
    if hit is not None and hit[0] is ed:
        _LAST[0] = hit
        return hit[1]
    cards = {c.id: c for c in ed.characters}
    for colour in COLOURS:
        for c in ed.starting:
            cards[colour + c.id] = c
    zones = tuple(sorted(ed.zones, key=lambda z: z.number))
    power = {code: (c.strength, c.strength + ("radio" in c.abilities)) for code, c in cards.items()}
    deck = tuple(sorted((c.id for c in ed.characters), key=int))
    starting = tuple(tuple(sorted(colour + c.id for c in ed.starting)) for colour in COLOURS)
    made = Info(cards, zones, tuple(z.size for z in zones), {}, power, deck, starting)
    _INFO[id(ed)] = (ed, made)
    _LAST[0] = (ed, made)
    return made


def card(state: State, code: str) -> Character:
    """The character card with this id."""
    last = _LAST[0]  # info(state.ed), read here at once: every step asks
    return (last[1] if last[0] is state.ed else info(state.ed)).cards[code]


def zone_spec(state: State, zone: int) -> Zone:
    """The printed zone `zone`."""
    last = _LAST[0]
    return (last[1] if last[0] is state.ed else info(state.ed)).zones[zone]


def geo(state: State) -> Geometry:
    """The geometry of the grid as it lies now (cached per edition and layout)."""
    grid, ed, last = _LAST_GEO[0]
    # the grid tuple is shared by every state until the layout changes, and made only by an event applied to a
    # state of one edition and one table (no event changes either): the same tuple is the same geometry
    if grid is state.grid and ed is state.ed:
        return last
    lookups = info(state.ed)
    key = (state.grid, len(state.players))
    hit = lookups.grids.get(key)
    if hit is None:  # the layout's geometry (shared by editions of the same zones), with this edition's cards
        hit = dataclasses.replace(geometry(lookups.zones, state.grid, rows_of(len(state.players))),
                                  cards=lookups.cards, power=lookups.power)
        lookups.grids[key] = hit
    _LAST_GEO[0] = (state.grid, state.ed, hit)
    return hit


_LAST_GEO: list[tuple[object, object, Geometry]] = [(object(), object(), Geometry({}, {}, {}))]


def reward_slots(state: State) -> tuple[int, ...]:
    """The zone of each reward slot, in zone-number order (Harvests has two)."""
    return geo(state).slots


def size(state: State, zone: int) -> int:
    """How many spaces a zone has."""
    return info(state.ed).sizes[zone]


def fleet(players: int) -> int:
    """Ships (and probes) per player: 6 with 2 players, else 4 (Game Setup)."""
    return 6 if players == 2 else 4


def setup(header: Header, ed: PlanetshipEdition) -> State:
    """The table before the first chance outcome: hands of starting characters, the deck."""
    n = len(header.players)
    lookups = info(ed)  # the deck and the starting hands, sorted once per edition: every record opens here
    keeper = header.kept_by if isinstance(header.kept_by, int) else -1  # a record kept by one player
    return State(keeper=keeper, ed=ed, players=tuple(header.players), table=header.seed is None,
                 deck=lookups.deck, hands=lookups.starting[:n],
                 ships=(fleet(n),) * n, probes_left=(fleet(n),) * n, discards=((),) * n,
                 shields=ed.shields, ship_back=header.rules >= 2)


def occupant(state: State, zone: int, space: int) -> Char | None:
    """The character on a space, if any."""
    spaces = state.zones[zone].spaces
    return spaces[space - 1] if 0 < space <= len(spaces) else None


def char_at(state: State, zone: int, space: int) -> Char:
    """The character the rules know stands on a space (the resolving one, a checked target)."""
    spaces = state.zones[zone].spaces  # occupant's lookup, written out: every ability asks for its user
    char = spaces[space - 1] if 0 < space <= len(spaces) else None
    if char is None:
        raise ValueError(f"no character on space {space} of zone {zone}")
    return char


def with_space(state: State, zone: int, space: int, char: Char | None) -> State:
    """The state with one space's occupant replaced."""
    return replace(state, zones=zones_with(state.zones, zone, space, char))


def zones_with(zones: tuple[ZoneState, ...], zone: int, space: int, char: Char | None) -> tuple[ZoneState, ...]:
    """The zones with one space's occupant replaced (for a `replace` that changes more, or one more space)."""
    z = zones[zone]
    spaces = list(z.spaces)  # with_seat's way, twice, written out: every placement and move comes here
    spaces[space - 1] = char
    out = list(zones)
    out[zone] = replace(z, spaces=tuple(spaces))
    return tuple(out)


def zone_replaced(state: State, zone: int, z: ZoneState) -> tuple[ZoneState, ...]:
    """The zones with one zone replaced (for a `replace` that changes more)."""
    return with_seat(state.zones, zone, z)


def with_zone(state: State, zone: int, z: ZoneState) -> State:
    """The state with one zone replaced."""
    return replace(state, zones=zone_replaced(state, zone, z))


def with_seat(items: tuple[T, ...], seat: int, value: T) -> tuple[T, ...]:
    """A per-seat tuple (or the zones, a zone's spaces) with one entry replaced."""
    out = list(items)  # a list set and made a tuple: fewer copies than slicing and joining
    out[seat] = value
    return tuple(out)


def take(cards: tuple[str, ...], code: str) -> tuple[str, ...]:
    """The cards without one copy of `code`."""
    out = list(cards)
    out.remove(code)
    return tuple(out)


def add(cards: tuple[str, ...], *codes: str) -> tuple[str, ...]:
    """A hand with cards added, kept in a stable order."""
    return tuple(sorted(cards + codes, key=_KEYS.__getitem__))


def sort_key(code: str) -> tuple[int, str, int]:
    """Deck cards by number, then starting cards by colour and number."""
    return (0, "", int(code)) if is_number(code) else (1, code[0], int(code[1:]) if is_number(code[1:]) else 0)


class _SortKeys(dict[str, tuple[int, str, int]]):
    """`sort_key` of each card code met, computed once (a hand is sorted on every card it gains)."""

    def __missing__(self, code: str) -> tuple[int, str, int]:
        key = sort_key(code)
        if len(self) < 4096:  # the codes of every edition and more; a crafted record cannot grow it for ever
            self[code] = key
        return key


_KEYS = _SortKeys()


def placed(state: State, among: frozenset[int] | set[int] | None = None) -> Iterator[tuple[int, int, Char]]:
    """Every (zone, numeral, char) on the grid, in grid order; only in the zones `among` if given."""
    zones = state.zones
    for z, _ in state.grid:
        if among is not None and z not in among:
            continue
        i = 0
        for ch in zones[z].spaces:
            i += 1
            if ch is not None:
                yield z, i, ch


def deck_size(state: State) -> int:
    """Cards left in the character deck (unseen ones and those put at the bottom)."""
    return len(state.deck) - state.unknown + len(state.bottom)
