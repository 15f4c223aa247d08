"""Winning the Game: points, the three tie-breaks, and the solo variant's target score."""

from __future__ import annotations

from collections.abc import Callable

from planets_log.game import Ranking, ScoreSheet, SeatScore

from .state import State, markers_on_cards

TIEBREAKS = ("matter on mat", "markers on cards", "fewest cards in hand")


def breakdown(state: State, i: int) -> dict[str, int]:
    """A seat's points and the values its tie-breaks read."""
    seat = state.seats[i]
    out = {"cards": seat.points, "matter on mat": sum(len(m) for m in seat.mat),
           "markers on cards": markers_on_cards(state, i), "cards in hand": len(seat.hand)}
    if state.solo:
        out["target"] = state.target
    return out


def score(state: State) -> ScoreSheet:
    """The score sheet (final once the game is over)."""
    rows = [SeatScore(seat=i, player=name, total=state.seats[i].points, breakdown=breakdown(state, i))
            for i, name in enumerate(state.players)]
    ranking = rank(state, [r.total for r in rows])
    if not state.over:
        return ScoreSheet(scores=rows, winners=[], tiebreak=None, final=False, outcome="leads",
                          leaders=ranking.winners)
    return ScoreSheet(scores=rows, winners=ranking.winners, tiebreak=ranking.tiebreak, final=True,
                      outcome=ranking.outcome)


def rank(state: State, totals: list[int]) -> Ranking:
    """Most points; ties broken by Matter on the mat, markers on cards, then fewest cards in hand."""
    if state.solo:
        return _solo(state, totals[0])
    keys: list[Callable[[int], int]] = [lambda i: totals[i],
            lambda i: sum(len(m) for m in state.seats[i].mat),
            lambda i: markers_on_cards(state, i),
            lambda i: -len(state.seats[i].hand)]
    alive = list(range(len(totals)))
    for k, key in enumerate(keys):
        best = max(key(i) for i in alive)
        alive = [i for i in alive if key(i) == best]
        if len(alive) == 1:
            outcome = "win" if state.over else "leads"
            return Ranking(winners=alive, outcome=outcome, tiebreak=TIEBREAKS[k - 1] if k else None)
    return Ranking(winners=alive, outcome="shared" if state.over else "leads",
                   tiebreak="shared (equal after every tie-break)" if len(alive) > 1 else None)


def _solo(state: State, total: int) -> Ranking:
    """Solo Variant: a score above the target wins."""
    if not state.over:
        return Ranking(winners=[0] if total > state.target else [], outcome="leads")
    if total > state.target:
        return Ranking(winners=[0], outcome="solo-win")
    return Ranking(winners=[], outcome="solo-loss")
