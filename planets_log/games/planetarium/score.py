"""Winning the Game: points, the three tie-breaks, and the solo variant's target score."""

from __future__ import annotations

from planets_log.game import Ranking, ScoreSheet, SeatScore, tiebreaks_of

from .state import State, markers_on_cards

TIEBREAKS = ("matter on mat", "markers on cards", "fewest cards in hand")


def tiebreaks(state: State) -> list[tuple[str, list[int]]]:
    """Per seat: Matter left on the mat, markers on cards, cards in hand (fewest wins) (Winning the Game)."""
    n = len(state.seats)
    return [("matter on mat", [sum(len(m) for m in state.seats[i].mat) for i in range(n)]),
            ("markers on cards", [markers_on_cards(state, i) for i in range(n)]),
            ("cards in hand", [len(state.seats[i].hand) for i in range(n)])]


def score(state: State) -> ScoreSheet:
    """The score sheet (final once the game is over): points from cards, the tie-break counts apart.

    A solo game is ranked against its target score only: its sheet gives the target, and no tie-break.
    """
    breakers = [] if state.solo else tiebreaks(state)
    target = state.target if state.solo else None
    rows = [SeatScore(seat=i, player=name, total=state.seats[i].points, breakdown={"cards": state.seats[i].points},
                      tiebreak=tiebreaks_of(breakers, i), target=target)
            for i, name in enumerate(state.players)]
    ranking = rank(state, [seat.points for seat in state.seats])
    if not state.over:
        return ScoreSheet(scores=rows, winners=[], tiebreak=None, final=False, outcome="leads",
                          leaders=ranking.winners)
    return ScoreSheet(scores=rows, winners=ranking.winners, tiebreak=ranking.tiebreak, final=True,
                      outcome=ranking.outcome)


def rank(state: State, totals: list[int]) -> Ranking:
    """Most points; ties broken by Matter on the mat, markers on cards, then fewest cards in hand."""
    if state.solo:
        return _solo(state, totals[0])
    (_, matter), (_, markers), (_, hand) = tiebreaks(state)
    keys = [totals, matter, markers, [-k for k in hand]]
    alive = list(range(len(totals)))
    for k, values in enumerate(keys):
        best = max(values[i] for i in alive)
        alive = [i for i in alive if values[i] == best]
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
