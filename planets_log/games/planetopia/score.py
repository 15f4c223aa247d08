"""Game End: the score sheet and the ranking with its tie-breaks."""

from __future__ import annotations

from planets_log.game import Ranking, ScoreSheet, SeatScore, rank_highest, sheet_of

from . import board as bd
from .state import State


def score(state: State) -> ScoreSheet:
    """Prestige points, with atoms and aliens shown for the tie-breaks; ranked by `rank`."""
    rows = []
    for i, (name, seat) in enumerate(zip(state.players, state.seats)):
        breakdown = {"prestige": seat.points, "cards": len(seat.prestige), "atoms": seat.atoms,
                     "aliens": bd.count_aliens(seat.board)}
        rows.append(SeatScore(seat=i, player=name, total=seat.points, breakdown=breakdown))
    return sheet_of(rows, rank(state, [r.total for r in rows]))


def rank(state: State, totals: list[int]) -> Ranking:
    """Most points; ties broken by Atoms, then Aliens left on the planet, else shared (Game End)."""
    atoms = [seat.atoms for seat in state.seats]
    aliens = [bd.count_aliens(seat.board) for seat in state.seats]
    return rank_highest(totals, state.over, [("atoms", atoms), ("aliens", aliens)], shared="shared")
