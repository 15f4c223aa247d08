"""Token movement on the board: where a planet or a Matter token may go, and the solo dice's planet moves."""

from __future__ import annotations

from .board import Board, is_planet
from .edition import PLANETS
from .state import State, matter_on


def planet_targets(state: State, i: int) -> list[int]:
    """Where the planet on space i may end: one step along a thin line, or a sweep along its orbit.

    A sweep goes as far as wanted, passing other planets, and stops on the first Matter
    token it meets; no move ends on another planet (Making a Move: Special Planet Moves).
    """
    board, cells = state.board, state.cells
    out = [j for j in board.lines[i] if not is_planet(cells[j])]
    for j in board.ahead(i):
        if matter_on(state, j):
            out.append(j)
            break
        if not cells[j]:
            out.append(j)
    return list(dict.fromkeys(out))


def matter_targets(state: State, i: int) -> list[tuple[int, int]]:
    """(via, to) pairs for the Matter token on space i; via is -1 for a one-space move.

    Matter never moves onto, through or over Matter; meeting a planet ends the move (the
    token is collected), so the middle space of a two-space move is empty (Acceleration).
    """
    board, cells = state.board, state.cells
    out = [(-1, j) for j in board.succ[i] if not matter_on(state, j)]
    if state.accelerated:
        for v in board.succ[i]:
            if cells[v]:
                continue
            out += [(v, j) for j in board.succ[v] if j != i and not matter_on(state, j)]
    return out


def sweep_blocked(state: State, i: int, j: int) -> str:
    """Why the planet on i cannot sweep along its orbit to j ('' when it can; 'off' when j is not ahead)."""
    for k in state.board.ahead(i):
        if k == j:
            return "planet" if is_planet(state.cells[k]) else ""
        if matter_on(state, k):
            return "matter"
    return "off"


# --- solo variant: the dice move planets --------------------------------------------


def dice_moves(state: State, total: int) -> tuple[tuple[str, ...], int]:
    """The cells after the dice moved planets, and how many Matter tokens they collected (Solo Variant)."""
    if total > 7:
        return state.cells, 0
    cells, collected = list(state.cells), 0
    board = state.board
    for letter in PLANETS:
        i = cells.index(letter)
        if board.orbit[i] <= total:
            collected += _virtual_move(board, cells, i)
    return tuple(cells), collected


def _virtual_move(board: Board, cells: list[str], i: int) -> int:
    """Move one planet as the dice do, in place; returns the Matter tokens collected (0 or 1)."""
    target = _first_matter(board, cells, board.ahead(i))
    if target is not None:
        return _land(cells, i, target)
    k = board.orbit[i]
    if k == 7 and board.next_on_orbit[i] != -1 and _first_matter(board, cells, board.on_orbit(7)) is not None:
        # Matter on another arm: nothing to sweep onto, so one space forward (orbit 6 only from the arm's end).
        free = [s for s in board.ahead(i) if not cells[s]]
        return _land(cells, i, free[0]) if free else 0
    here = [i] + board.ahead(i)
    orbit = _richest_neighbour(board, cells, k, here)
    for s in here:
        ends = [z for z in board.lines[s] if board.orbit[z] == orbit]
        if ends:
            return _arrive(board, cells, i, ends[0])
    return 0


def _richest_neighbour(board: Board, cells: list[str], k: int, here: list[int]) -> int:
    """The adjacent orbit with the most Matter, closer to the sun on a tie; orbit 7 always leads to 6."""
    if k == 7:
        return 6
    options = [o for o in (k - 1, k + 1) if 1 <= o <= 7]
    count = {o: sum(1 for s in board.on_orbit(o) if cells[s] and not is_planet(cells[s])) for o in options}
    return max(options, key=lambda o: (count[o], -o))


def _arrive(board: Board, cells: list[str], i: int, z: int) -> int:
    """The planet on i reaches z by a thin line, then sweeps to the first Matter on its new orbit."""
    if cells[z] and not is_planet(cells[z]):
        return _land(cells, i, z)
    target = _first_matter(board, cells, board.ahead(z))
    if target is not None:
        return _land(cells, i, target)
    if not is_planet(cells[z]):
        return _land(cells, i, z)
    free = [s for s in board.ahead(z) if not cells[s]]
    return _land(cells, i, free[0]) if free else 0


def _first_matter(board: Board, cells: list[str], path: list[int]) -> int | None:
    for s in path:
        if cells[s] and not is_planet(cells[s]):
            return s
    return None


def _land(cells: list[str], i: int, j: int) -> int:
    got = 1 if cells[j] and not is_planet(cells[j]) else 0
    cells[j], cells[i] = cells[i], ""
    return got
