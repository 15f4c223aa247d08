"""Score sheets: each seat's total, its points by source and its tie-break counts, the ranking, the result."""

from __future__ import annotations

from typing import Mapping, Sequence

import msgspec


class SeatScore(msgspec.Struct, omit_defaults=True):
    """One seat's line of the score sheet.

    `breakdown` holds points only, by source, and sums to `total`. `tiebreak` holds the
    values the game's tie-breaks read, in the order they apply, never added to the total
    (left out, as empty, in a game whose rulebook has none). `target` is the score a solo
    game's player must beat (left out, as None, in a game against other players). On a
    seat's sheet (`score --as`) a value it cannot know, and a total resting on one, is None
    (printed `?`).
    """

    seat: int
    player: str
    total: int | None
    breakdown: Mapping[str, int | None]
    tiebreak: Mapping[str, int | None] = {}
    target: int | None = None


OUTCOMES = ("win", "shared", "solo-win", "solo-loss", "nobody", "leads")
"""What a score sheet says: one winner, a shared win, a solo game won or lost against its
target, nobody wins; `leads` on a provisional sheet (game not over), which never names a winner."""


class Ranking(msgspec.Struct, frozen=True):
    """A game's verdict on a set of totals: the winners (or leaders), the kind of result, the tie-break used."""

    winners: list[int]
    outcome: str = "win"
    tiebreak: str | None = None


class ScoreSheet(msgspec.Struct):
    """The score sheet: totals with their breakdown, the winners and the tie-break used.

    `outcome` is one of OUTCOMES. A provisional sheet (`final` false) has `outcome`
    "leads", its `winners` empty and `leaders` naming who is ahead.
    """

    scores: list[SeatScore]
    winners: list[int]
    tiebreak: str | None = None
    final: bool = True
    outcome: str = "win"
    leaders: list[int] = []


def tiebreaks_of(breakers: Sequence[tuple[str, Sequence[int]]], seat: int) -> dict[str, int]:
    """One seat's tie-break values, by name, from the `(name, one value per seat)` list a ranking reads."""
    return {name: values[seat] for name, values in breakers}


def known_totals(sheet: ScoreSheet) -> list[int]:
    """The totals of a sheet with every part known (the scorekeeper's, or any sheet once the game is over)."""
    totals = [s.total for s in sheet.scores]
    if any(t is None for t in totals):
        raise ValueError("a seat's sheet withholds totals; only a full sheet is ranked")
    return [t for t in totals if t is not None]


def outcome_of(winners: Sequence[object], players: int) -> str:
    """The kind of a final result named only by its winners (as a declared `result` line does)."""
    if players == 1:
        return "solo-win" if winners else "solo-loss"
    if not winners:
        return "nobody"
    return "win" if len(winners) == 1 else "shared"


def sheet_of(scores: list[SeatScore], ranking: Ranking) -> ScoreSheet:
    """The score sheet of `scores` as `ranking` reads them (provisional when it says "leads")."""
    if ranking.outcome not in OUTCOMES:
        raise ValueError(f"unknown outcome {ranking.outcome!r}; one of {OUTCOMES}")
    if ranking.outcome == "leads":
        return ScoreSheet(scores=scores, winners=[], tiebreak=ranking.tiebreak, final=False, outcome="leads",
                          leaders=list(ranking.winners))
    return ScoreSheet(scores=scores, winners=list(ranking.winners), tiebreak=ranking.tiebreak, final=True,
                      outcome=ranking.outcome, leaders=list(ranking.winners))


def rank_highest(totals: list[int], final: bool, breakers: Sequence[tuple[str, Sequence[int]]] = (),
                 shared: str | None = None) -> Ranking:
    """The usual ranking: highest total first; a tie goes to each tie-break in turn
    (`(name, one value per seat)`, highest wins), then the win is shared (`shared` names that rule)."""
    best = max(totals)
    top = [i for i, t in enumerate(totals) if t == best]
    used = None
    for name, values in breakers:
        if len(top) == 1:
            break
        high = max(values[i] for i in top)
        top = [i for i in top if values[i] == high]
        used = name
    if len(top) > 1:
        used = shared
    if not final:
        return Ranking(winners=top, outcome="leads", tiebreak=used)
    return Ranking(winners=top, outcome="win" if len(top) == 1 else "shared", tiebreak=used)
