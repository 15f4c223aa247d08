"""The board as a graph: spaces by index, clockwise successors, the spaces ahead along an orbit."""

from __future__ import annotations

from dataclasses import dataclass

from .edition import PLANETS, PlanetariumEdition, spaces_of


@dataclass(frozen=True)
class Board:
    """Derived geometry of an edition's board (space names are `ORBIT.INDEX`)."""

    names: tuple[str, ...]
    index: dict[str, int]
    orbit: tuple[int, ...]
    next_on_orbit: tuple[int, ...]
    """The next space clockwise on the same orbit, or -1 at the last space of an arm of orbit 7."""
    lines: tuple[tuple[int, ...], ...]
    """The spaces a thin line leads to from each space."""
    succ: tuple[tuple[int, ...], ...]
    """Every space one move away (along the orbit or a thin line)."""
    dots: tuple[int, ...]
    starts: tuple[int, ...]
    gaseous: tuple[bool, ...]

    def ahead(self, i: int) -> list[int]:
        """The spaces after `i` along its orbit, in order (never `i` itself)."""
        out, j = [], self.next_on_orbit[i]
        while j != -1 and j != i:
            out.append(j)
            j = self.next_on_orbit[j]
        return out

    def on_orbit(self, k: int) -> list[int]:
        """Every space of orbit k."""
        return [i for i, o in enumerate(self.orbit) if o == k]


_BOARDS: dict[int, tuple[PlanetariumEdition, Board]] = {}
# the edition asked for last and its board, one tuple read once (safe between threads)
_LAST: list[tuple[object, Board | None]] = [(None, None)]


def board_of(edition: PlanetariumEdition) -> Board:
    """The board of an edition, built once per edition object."""
    last = _LAST[0]
    if last[0] is edition and last[1] is not None:
        return last[1]
    hit = _BOARDS.get(id(edition))
    if hit is None or hit[0] is not edition:
        hit = _BOARDS[id(edition)] = (edition, _build(edition))
    _LAST[0] = hit
    return hit[1]


def _build(ed: PlanetariumEdition) -> Board:
    names = tuple(spaces_of(ed.board))
    index = {n: i for i, n in enumerate(names)}
    orbit = tuple(int(n.split(".")[0]) for n in names)
    nxt = []
    for n in names:
        k, i = (int(x) for x in n.split("."))
        if k < 7:
            size = ed.board.orbits[k - 1]
            nxt.append(index[f"{k}.{i % size + 1}"])
        else:
            nxt.append(-1 if i % ed.board.arm == 0 else index[f"7.{i + 1}"])
    lines: list[list[int]] = [[] for _ in names]
    for a, z in ed.board.lines:
        lines[index[a]].append(index[z])
    succ = tuple(tuple(dict.fromkeys(([nxt[i]] if nxt[i] != -1 else []) + lines[i])) for i in range(len(names)))
    planets = sorted(ed.planets, key=lambda p: p.letter)
    return Board(names=names, index=index, orbit=orbit, next_on_orbit=tuple(nxt),
                 lines=tuple(tuple(x) for x in lines), succ=succ, dots=tuple(index[d] for d in ed.board.dots),
                 starts=tuple(index[p.start] for p in planets),
                 gaseous=tuple(p.system == "gaseous" for p in planets))


def is_planet(token: str) -> bool:
    """True for a planet letter on a space."""
    return len(token) == 1 and token in PLANETS
