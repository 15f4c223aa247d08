"""Planetship Alpha's geometry: zone cells turned and laid on the grid, and what is adjacent.

A space is (zone, numeral); numeral 0 is the zone's reward space. The grid is kept column
by column from the left, each column top down; a zone card is SIDE x SIDE cells, turned
clockwise by quarter turns, so two spaces are adjacent when their cells touch across the
whole grid (Zone Grid).
"""

from __future__ import annotations

from dataclasses import dataclass, field
from functools import lru_cache

from planets_log.game import is_number

from .edition import SIDE, ZONE_RULES, Character, Zone

GRID_SHAPES = {2: (2, 3, 4), 3: (2, 3, 4), 4: (2, 4, 2), 5: (3, 3, 1)}
"""Players -> (rows, columns, reserve) (Forming Planetship Alpha)."""


SENATE, COMMAND = ZONE_RULES.index("senate"), ZONE_RULES.index("command")
"""The Senate's number (immune to the Tractor Beam) and the Command Center's (its bonus reaches its own zone and
those next to it): Zone Special Rules."""

ROMAN = ("R", "I", "II", "III", "IV", "V")
"""A space's numeral in the notation (R: the reward space)."""


def place(zone: int, space: int) -> str:
    """A space in the notation: `ZONE.NUMERAL` (`7.III`, `6.R` the reward space)."""
    return f"{zone}.{ROMAN[space] if 0 <= space < len(ROMAN) else space}"


def rows_of(players: int) -> int:
    """How many zones a grid column holds."""
    return GRID_SHAPES[players][0]


def turned(cell: tuple[int, int], turns: int) -> tuple[int, int]:
    """A cell's position after `turns` clockwise quarter turns of its zone card."""
    r, c = cell
    for _ in range(turns % 4):
        r, c = c, SIDE - 1 - r
    return r, c


def local_cells(zone: Zone) -> dict[int, tuple[int, int]]:
    """Numeral -> cell of the upright zone (0: the reward space)."""
    out = {}
    for r, row in enumerate(zone.rows):
        for c, ch in enumerate(row):
            if is_number(ch):
                out[int(ch)] = (r, c)
            elif ch == "R":
                out[0] = (r, c)
    return out


@dataclass(frozen=True)
class Geometry:
    """Adjacency of spaces and zones for one layout of the grid."""

    where: dict[int, tuple[int, int]]
    adjacent_zones: dict[int, frozenset[int]]
    adjacent_spaces: dict[tuple[int, int], frozenset[tuple[int, int]]]
    order: tuple[int, ...] = ()
    docks: frozenset[tuple[int, int]] = frozenset()
    """The spaces with a space dock (Space Docks), of the zones in play."""
    dock_list: tuple[tuple[int, int], ...] = ()
    """The same as (zone, 0-based index of the space), in resolution order: who can still place asks at every turn."""
    slots: tuple[int, ...] = ()
    """The zone of each reward slot, in zone-number order (Harvests has two)."""
    around: dict[int, frozenset[int]] = field(default_factory=dict)
    """Each zone in play with the zones next to it: what a Shield and a Team Radio reach."""
    commanded: frozenset[int] = frozenset()
    """The zones where the Command Center lends its bonus: zone 5 if in play, and the zones next to it."""
    specs: tuple[Zone, ...] = ()
    """The edition's zone cards by number (their icons, asked at every placement)."""
    pullable: dict[int, tuple[int, ...]] = field(default_factory=dict)
    """Each zone in play with the zones next to it a Tractor Beam may pull from (all but the Senate)."""
    cards: dict[str, Character] = field(default_factory=dict)
    """The edition's characters by card code: a geometry is made for one edition (`state.geo`), and a zone's
    resolution asks for them at every step, with the layout."""
    power: dict[str, tuple[int, int]] = field(default_factory=dict)
    """Each card's printed strength, without and with the Command Center's bonus (+1 for a Team Radio icon)."""
    after: dict[int, int] = field(default_factory=dict)
    """Each zone in play with the zone resolved after it (-1 after the last): asked at every zone's end."""

    def zones(self) -> tuple[int, ...]:
        """Zone numbers in play, in resolution order."""
        return self.order


@lru_cache(maxsize=512)
def geometry(zones: tuple[Zone, ...], grid: tuple[tuple[int, int], ...], rows: int) -> Geometry:
    """The geometry of a grid of (zone, turns), column by column."""
    where = {z: (i % rows, i // rows) for i, (z, _) in enumerate(grid)}
    adjacent_zones = {z: frozenset(o for o, (r2, c2) in where.items() if abs(r - r2) + abs(c - c2) == 1)
                      for z, (r, c) in where.items()}
    cell_of: dict[tuple[int, int], tuple[int, int]] = {}
    for z, turns in grid:
        r0, c0 = where[z]
        for numeral, cell in local_cells(zones[z]).items():
            if numeral:
                r, c = turned(cell, turns)
                cell_of[(r0 * SIDE + r, c0 * SIDE + c)] = (z, numeral)
    adjacent_spaces = {}
    for (r, c), space in cell_of.items():
        near = (cell_of.get(k) for k in ((r - 1, c), (r + 1, c), (r, c - 1), (r, c + 1)))
        adjacent_spaces[space] = frozenset(s for s in near if s is not None)
    order = tuple(sorted(where))
    dock_list = tuple((z, s - 1) for z in order for s in zones[z].docks)
    docks = frozenset((z, i + 1) for z, i in dock_list)
    slots = tuple(z for z in order for _ in range(zones[z].rewards))
    around = {z: near | {z} for z, near in adjacent_zones.items()}
    commanded = around.get(COMMAND, frozenset())
    pullable = {z: tuple(sorted(near - {SENATE})) for z, near in adjacent_zones.items()}
    after = dict(zip(order, order[1:] + (-1,)))
    return Geometry(where, adjacent_zones, adjacent_spaces, order, docks, dock_list, slots, around, commanded, zones,
                    pullable, after=after)


@dataclass(frozen=True)
class ZoneLayout:
    """How one zone card lies on the grid, for the picture: its grid place and each numeral's cell as turned."""

    where: tuple[int, int]
    cells: dict[int, tuple[int, int]]
    """Numeral (0: the reward space) -> (row, column) on the turned card; the centre (1, 1) shows the zone number."""
    docks: tuple[int, ...]
    face_down: tuple[int, ...]
    probes: tuple[int, ...]


def layout(zones: tuple[Zone, ...], grid: tuple[tuple[int, int], ...], rows: int) -> dict[int, ZoneLayout]:
    """Every zone in play with its turned cells and its printed icons (public component data)."""
    where = geometry(zones, grid, rows).where
    return {z: ZoneLayout(where[z], {n: turned(cell, turns) for n, cell in local_cells(zones[z]).items()},
                          zones[z].docks, zones[z].face_down, zones[z].probes) for z, turns in grid}
