"""The component data of a Four Planets edition: 50 specialists, 10 boost tiles, supplies."""

from __future__ import annotations

from collections import Counter
from functools import lru_cache

import msgspec

from .buildings import BuildingEntry, check_buildings
from .cards import COLOURS, code_of

TILE_KINDS = {
    "vp4": "vp", "columns5": "vp", "sets5": "vp", "thirteen": "vp", "bp3": "vp",
    "search": "immediate", "look5": "immediate", "discount": "immediate", "bonus1": "immediate",
    "copy": "immediate",
}
"""The ten boost tiles the rules implement, by id, and whether they score or act at once."""
FIRST_GAME = ("bp3", "columns5", "sets5", "thirteen", "vp4")


class CardEntry(msgspec.Struct, frozen=True, forbid_unknown_fields=True):
    """One kind of specialist and how many identical copies the box holds."""

    colour: str
    cost: int
    vp: int
    symbols: int
    count: int
    reconstructed: bool = False

    @property
    def code(self) -> str:
        """The card's code, e.g. G2v1ss."""
        return code_of(self.colour, self.cost, self.vp, self.symbols)


class TileEntry(msgspec.Struct, frozen=True, forbid_unknown_fields=True):
    """One boost tile: its id, a short name, its kind and whether it is in the first-game set."""

    id: str
    name: str
    kind: str
    first_game: bool = False
    text: str = ""
    reconstructed: list[str] = []


class FourPlanetsEdition(msgspec.Struct, frozen=True, forbid_unknown_fields=True):
    """A complete edition: the specialist deck, the boost tiles and the supplies."""

    name: str
    cards: list[CardEntry]
    tiles: list[TileEntry]
    description: str = ""
    coins: int = 6
    ship_parts: int = 7
    start_parts: int = 4
    reconstructed: list[str] = []
    buildings: list[BuildingEntry] = []

    def validate(self) -> None:
        """Raise ValueError when the data breaks a constraint the rulebook states."""
        _check_cards(self.cards)
        _check_tiles(self.tiles)
        check_buildings(self.buildings)
        if self.coins < 1:
            raise ValueError(f"the general supply needs coins (Components gives 6), not {self.coins}")
        if not 1 <= self.start_parts <= self.ship_parts:
            raise ValueError(f"start_parts {self.start_parts} must be between 1 and ship_parts {self.ship_parts}")

    def deck(self) -> tuple[str, ...]:
        """Every specialist's code, one per physical card, sorted."""
        return _deck(tuple(self.cards))


@lru_cache(maxsize=16)
def _deck(cards: tuple[CardEntry, ...]) -> tuple[str, ...]:
    """The sorted deck of these card entries (every record of an edition starts from it)."""
    return tuple(sorted(entry.code for entry in cards for _ in range(entry.count)))


def _check_cards(cards: list[CardEntry]) -> None:
    codes = [entry.code for entry in cards if entry.colour in COLOURS]
    if len(set(codes)) != len(codes):
        raise ValueError("each kind of specialist must be listed once (merge identical entries)")
    per_colour: Counter[str] = Counter()
    for entry in cards:
        if entry.colour not in COLOURS:
            raise ValueError(f"colour {entry.colour!r} is not one of {', '.join(COLOURS)}")
        if entry.cost not in (0, 1, 2):
            raise ValueError(f"{entry.code}: a specialist costs 0, 1 or 2 (Costs and Buying Power)")
        if entry.cost == 0 and entry.vp:
            raise ValueError(f"{entry.code}: this edition requires cost-0 specialists to have no VP")
        if entry.vp < 0 or entry.vp > 9:
            raise ValueError(f"{entry.code}: VP must be 0..9")
        if entry.symbols not in (1, 2):
            raise ValueError(f"{entry.code}: a specialist shows 1 or 2 symbols (Specialist Abilities)")
        if entry.count < 1:
            raise ValueError(f"{entry.code}: count must be at least 1")
        per_colour[entry.colour] += entry.count
    for letter in COLOURS:
        if per_colour[letter] != 10:
            raise ValueError(f"the box holds 10 specialists of each colour (Components); "
                             f"{letter} has {per_colour[letter]}")


def _check_tiles(tiles: list[TileEntry]) -> None:
    ids = [tile.id for tile in tiles]
    if sorted(ids) != sorted(TILE_KINDS):
        raise ValueError(f"the 10 boost tiles must be exactly {', '.join(TILE_KINDS)} (The Boost Tiles); got {ids}")
    for tile in tiles:
        if tile.kind != TILE_KINDS[tile.id]:
            raise ValueError(f"boost tile {tile.id} is of kind {TILE_KINDS[tile.id]!r}, not {tile.kind!r}")
    first = sorted(tile.id for tile in tiles if tile.first_game)
    if first != sorted(FIRST_GAME):
        raise ValueError(f"the first-game tiles are the five VP tiles {', '.join(FIRST_GAME)} (Setup step 5); "
                         f"got {first}")
