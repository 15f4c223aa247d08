"""The 3x3 planet board under gravity, and Prestige pattern matching.

A board is three columns (a, b, c from left to right), each a string of token letters from
the bottom up, so a token always rests on the one below it: gravity holds by construction.
A cell is written column letter + row number, rows counted from the bottom: `a1` is the
bottom-left slot, `c3` the top-right one.
"""

from __future__ import annotations

from collections.abc import Iterable
from functools import cache, lru_cache
from itertools import permutations

from .edition import COLOURS, JOKER

COLUMNS = "abc"
HEIGHT = 3
Board = tuple[str, str, str]
EMPTY: Board = ("", "", "")
CELLS = tuple(f"{col}{row}" for row in (1, 2, 3) for col in COLUMNS)
XY = {f"{col}{row + 1}": (x, row) for row in range(HEIGHT) for x, col in enumerate(COLUMNS)}
"""Each cell's column index and row index (0-based, bottom row 0)."""


def _board(cols: list[str]) -> Board:
    """The board of three column strings."""
    a, b, c = cols
    return a, b, c


def cell_xy(cell: str) -> tuple[int, int]:
    """Column index and row index (0-based, bottom row 0) of a cell name like `b2`."""
    xy = XY.get(cell)
    if xy is None:
        raise ValueError(f"{cell!r} is not a cell (a1..c3)")
    return xy


def token_at(board: Board, cell: str) -> str:
    """The token in a cell, or '' when the slot is empty."""
    x, y = cell_xy(cell)
    col = board[x]
    return col[y] if y < len(col) else ""


def occupied(board: Board) -> list[str]:
    """The occupied cells, bottom row first."""
    return [c for c in CELLS if token_at(board, c)]


def count_aliens(board: Board) -> int:
    """How many Aliens (not Jokers) stand on the board."""
    return sum(1 for col in board for t in col if t != JOKER)


def free_slots(board: Board) -> int:
    """How many empty slots the board has."""
    return sum(HEIGHT - len(col) for col in board)


def remove(board: Board, cells: list[str] | tuple[str, ...]) -> Board:
    """The board with the tokens of `cells` removed; tokens above fall straight down."""
    cols = list(board)
    for x, y in sorted({cell_xy(c) for c in cells}, reverse=True):  # the higher first: lower ones keep their row
        cols[x] = cols[x][:y] + cols[x][y + 1:]
    return _board(cols)


def put(board: Board, cell: str, token: str) -> Board:
    """The board with the token in an occupied cell replaced by `token`."""
    x, y = cell_xy(cell)
    col = board[x]
    cols = list(board)
    cols[x] = col[:y] + token + col[y + 1:]
    return _board(cols)


def swap(board: Board, a: str, b: str) -> Board:
    """The board with the tokens of two occupied cells exchanged."""
    ta, tb = token_at(board, a), token_at(board, b)
    return put(put(board, a, tb), b, ta)


def drop(board: Board, column: str, tokens: str) -> Board:
    """The board after tokens fall, in order, into a column."""
    x = COLUMNS.index(column)
    cols = list(board)
    cols[x] = cols[x] + tokens
    return _board(cols)


def adjacent(a: str, b: str, kind: str) -> bool:
    """True when two cells are neighbours in the row (h), the column (v) or diagonally (d)."""
    (xa, ya), (xb, yb) = cell_xy(a), cell_xy(b)
    dx, dy = abs(xa - xb), abs(ya - yb)
    return {"h": (dx, dy) == (1, 0), "v": (dx, dy) == (0, 1), "d": (dx, dy) == (1, 1)}[kind]


@cache
def pairs(kind: str) -> tuple[tuple[str, str], ...]:
    """Every pair of neighbouring cells of a kind, each written in board order (a1 < b1 < a2...)."""
    order = {c: i for i, c in enumerate(CELLS)}
    out = []
    for a in CELLS:
        for b in CELLS:
            if order[a] < order[b] and adjacent(a, b, kind):
                out.append((a, b))
    return tuple(out)


def cell_order(cells: Iterable[str]) -> list[str]:
    """Cells sorted in board order: bottom row first, left to right."""
    return sorted(cells, key=CELLS.index)


# --- Prestige patterns ---------------------------------------------------------

def pattern_cells(pattern: str) -> dict[str, str]:
    """The cells a pattern covers with what each needs: a colour letter or 'o' (any Alien)."""
    rows = pattern.split("/")
    out = {}
    for i, row in enumerate(rows):
        y = HEIGHT - 1 - i
        for x, ch in enumerate(row):
            if ch != ".":
                out[f"{COLUMNS[x]}{y + 1}"] = ch
    return out


def mismatch(board: Board, pattern: str) -> str | None:
    """Why the board does not show the pattern (cell by cell), or None when it does."""
    for cell, need in sorted(pattern_cells(pattern).items(), key=lambda kv: CELLS.index(kv[0])):
        have = token_at(board, cell)
        if not have:
            return f"{cell} is empty"
        if need != "o" and have not in (need, JOKER):
            return f"{cell} holds {have}, the card needs {need}"
    return None


def matches(board: Board, pattern: str) -> bool:
    """True when every cell of the pattern holds a fitting token (Jokers fit anything)."""
    return mismatch(board, pattern) is None


def pattern_rows(pattern: str) -> list[str]:
    """The pattern's rows, top row first."""
    return pattern.split("/")


# --- placing new Aliens ----------------------------------------------------------

@lru_cache(maxsize=4096)
def placements(board: Board, received: str) -> tuple[tuple[str, str, str], ...]:
    """Every distinct way to drop arriving Aliens into the columns, as what each column gains.

    As many Aliens as fit must be placed; only those that do not fit are discarded, and the
    player chooses which. (Cached: only the columns' heights and the Aliens matter, and
    self-play asks again and again.)
    """
    room = [HEIGHT - len(col) for col in board]
    keep = min(len(received), sum(room))
    out: set[tuple[str, str, str]] = set()
    for order in set(permutations(received, keep)):
        _spread(order, 0, ["", "", ""], room, out)
    return tuple(sorted(out))


def _spread(order: tuple[str, ...], i: int, acc: list[str], room: list[int], out: set[tuple[str, str, str]]) -> None:
    if i == len(order):
        out.add((acc[0], acc[1], acc[2]))
        return
    for x in range(3):
        if len(acc[x]) < room[x]:
            acc[x] += order[i]
            _spread(order, i + 1, acc, room, out)
            acc[x] = acc[x][:-1]


def valid_colour(ch: str) -> bool:
    """True for an Alien colour letter."""
    return len(ch) == 1 and ch in COLOURS
