"""Buildings (Professional Mode): the effect vocabulary the engine implements, and the edition's entries.

A building is data: *when* its effect happens and *what* it does, with a colour or an
amount where the effect needs one, and `once` when it is turned over after use. The
engine implements each (when, effect) pair of `VOCABULARY`; an edition may combine them
into any 15 buildings.
"""

from __future__ import annotations

from typing import Iterable

import msgspec

from .cards import COLOURS

VOCABULARY = {
    "reveal-bonus": "setup",         # the colour-bonus card nearest the opponent becomes known to both
    "take-card": "setup",            # the first card of `colour` from the top of the deck, face up in its column
    "gain-part": "setup",            # `amount` more spaceship parts (up to the supply's 7)
    "gain-coin": "setup",            # `amount` coins from the general supply
    "move-marker": "setup",          # the exploration marker moves `amount` cards further (up to 3 moves)
    "recruit-side": "after-dispatch",  # each round, the owner decides at which end recruiting begins
    "store-boost": "boost-taken",    # a boost tile taken may be stored instead of used: `amount` VP at scoring
    "as-coin": "play",               # used during the owner's play turn as `amount` coins
    "vp-per-card": "scoring",        # `amount` VP per own specialist of `colour`
}
"""Every effect the engine implements and the moment it happens."""
NEEDS_COLOUR = ("take-card", "vp-per-card")
NAMED = ("observatorium", "tower", "greenhouse", "tech-tornillo", "galactic-bank")
"""The five buildings the rulebook names (Components, building cards)."""
BUILDINGS = 15


class BuildingEntry(msgspec.Struct, frozen=True, forbid_unknown_fields=True, omit_defaults=True):
    """One building card: its id and name, when its effect happens, what it does, and its parameters."""

    id: str
    name: str
    when: str
    effect: str
    once: bool = False
    colour: str | None = None
    amount: int = 1
    text: str = ""
    reconstructed: bool = False
    interpreted: str = ""


class Pro(msgspec.Struct, frozen=True, omit_defaults=True):
    """Professional mode's part of the table: the buildings dealt, owned, used and what they hold."""

    catalogue: tuple[BuildingEntry, ...]
    pool: tuple[str, ...] = ()
    dealt: tuple[tuple[str, ...], ...] = ((), ())
    owned: tuple[tuple[str, ...], ...] = ((), ())
    used: tuple[str, ...] = ()
    step: str | None = None
    orienter: int | None = None
    revealed: tuple[int, ...] = ()
    reverse: bool = False
    stored: tuple[tuple[str, ...], ...] = ((), ())
    cards: tuple[tuple[int, str], ...] = ()
    faceup: tuple[tuple[str, ...], ...] = ((), ())


def check_buildings(entries: list[BuildingEntry]) -> None:
    """Raise ValueError when the buildings break Components (15 cards) or the vocabulary."""
    if not entries:
        return
    ids = [b.id for b in entries]
    if len(entries) != BUILDINGS or len(set(ids)) != BUILDINGS:
        raise ValueError(f"the box holds {BUILDINGS} different buildings (Components); got {len(set(ids))}")
    for b in entries:
        if b.effect not in VOCABULARY:
            raise ValueError(f"building {b.id}: effect {b.effect!r} is not one of {', '.join(VOCABULARY)}")
        if b.when != VOCABULARY[b.effect]:
            raise ValueError(f"building {b.id}: the {b.effect} effect happens at {VOCABULARY[b.effect]!r}, not {b.when!r}")
        if (b.colour is not None) != (b.effect in NEEDS_COLOUR) or (b.colour is not None and b.colour not in COLOURS):
            raise ValueError(f"building {b.id}: a colour (R Y G P B) is needed by exactly {', '.join(NEEDS_COLOUR)}")
        if not 1 <= b.amount <= 9:
            raise ValueError(f"building {b.id}: amount must be 1..9")
        if not b.id.replace("-", "").isalnum() or b.id != b.id.lower():
            raise ValueError(f"building id {b.id!r}: lower-case letters, digits and '-' only")


def parse_given(text: str) -> tuple[tuple[str, ...], ...]:
    """The `buildings` option: seat 1's ids, '/', seat 2's ids, each list comma-separated."""
    sides = text.split("/")
    if len(sides) != 2:
        raise ValueError("write the buildings as seat 1's ids, '/', seat 2's ids, e.g. tower,greenhouse/galactic-bank")
    return tuple(tuple(sorted(i.strip() for i in side.split(",") if i.strip())) for side in sides)


def format_given(owned: Iterable[Iterable[str]]) -> str:
    """The `buildings` option's text for these buildings per seat."""
    return "/".join(",".join(sorted(side)) for side in owned)


def entry(pro: Pro, building: str) -> BuildingEntry:
    """The catalogue entry of a building id."""
    for b in pro.catalogue:
        if b.id == building:
            return b
    raise KeyError(building)


def known(pro: Pro, building: str) -> bool:
    """True when the id names a building of this edition."""
    return any(b.id == building for b in pro.catalogue)


def owned_with(pro: Pro, effect: str, seat: int | None = None) -> list[tuple[int, BuildingEntry]]:
    """(seat, building) for each owned building with this effect, seat 1's first; unused ones only when once."""
    out = []
    for i, ids in enumerate(pro.owned):
        if seat is not None and i != seat:
            continue
        for building in ids:
            b = entry(pro, building)
            if b.effect == effect and not (b.once and building in pro.used):
                out.append((i, b))
    return out
