"""Game End: the score sheet and the ranking with its tie-breaks."""

from __future__ import annotations

from planets_log.game import Ranking, ScoreSheet, SeatScore, rank_highest, sheet_of, tiebreaks_of

from . import board as bd
from .state import State


def score(state: State) -> ScoreSheet:
    """Prestige points (the only points), with Atoms and Aliens apart for the tie-breaks; ranked by `rank`."""
    breakers = tiebreaks(state)
    rows = [SeatScore(seat=i, player=name, total=seat.points, breakdown={"prestige": seat.points},
                      tiebreak=tiebreaks_of(breakers, i))
            for i, (name, seat) in enumerate(zip(state.players, state.seats))]
    return sheet_of(rows, rank(state, [seat.points for seat in state.seats]))


def tiebreaks(state: State) -> list[tuple[str, list[int]]]:
    """Atom tokens, then Aliens left on the planet, per seat (Game End)."""
    return [("atoms", [seat.atoms for seat in state.seats]),
            ("aliens", [bd.count_aliens(seat.board) for seat in state.seats])]


def rank(state: State, totals: list[int]) -> Ranking:
    """Most points; ties broken by Atoms, then Aliens left on the planet, else shared (Game End)."""
    return rank_highest(totals, state.over, tiebreaks(state), shared="shared")
