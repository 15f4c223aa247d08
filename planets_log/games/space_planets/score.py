"""Space Planets' score sheet and ranking."""

from __future__ import annotations

from planets_log.game import Ranking, ScoreSheet, SeatScore, rank_highest, sheet_of

from .state import State

TIE_RULE = "none in the rulebook: tied players share the win"


def score(state: State) -> ScoreSheet:
    """Stars on planet cards plus one star per two crystals, ranked by `rank`."""
    rows, totals = [], []
    for seat, held in enumerate(state.seats):
        planet = sum(state.book.known(code).stars for code in held.cards)
        fuel = held.crystals // state.book.crystals_per_star
        rows.append(SeatScore(seat=seat, player=state.players[seat], total=planet + fuel,
                              breakdown={"planet_stars": planet, "crystal_stars": fuel}))
        totals.append(planet + fuel)
    return sheet_of(rows, rank(state, totals))


def rank(state: State, totals: list[int]) -> Ranking:
    """Most stars wins; the rulebook gives no tie-break, so tied players share the win."""
    return rank_highest(totals, state.phase == "over", shared=TIE_RULE)
