"""The score sheet as the arbiter leaves it: penalties applied, ranked by the game, the declared result beside it."""

from __future__ import annotations

import msgspec

from .engine import Position, Session
from .game import ScoreSheet, outcome_of, sheet_of


def adjusted_sheet(session: Session, pos: Position) -> ScoreSheet:
    """The game's score sheet with the arbiter's penalties added, ranked again by the game's `rank`.

    The game's own tie-breaks thus apply to the adjusted totals.
    """
    sheet = session.rules.score(pos.state)
    penalties = pos.arbiter.penalties
    if not penalties:
        return sheet
    scores = [msgspec.structs.replace(s, breakdown=dict(s.breakdown)) for s in sheet.scores]
    for p in penalties:
        s = scores[p.seat]
        s.breakdown["penalties"] = s.breakdown.get("penalties", 0) + p.points
        s.total += p.points
    return sheet_of(scores, session.rules.rank(pos.state, [s.total for s in scores]))


def result_words(session: Session, winners: list[int]) -> str:
    """A final result in words: who won, or that nobody did."""
    kind = outcome_of(winners, len(session.header.players))
    names = ", ".join(session.name(w) for w in winners)
    return {"solo-win": f"{names} wins the solo game", "solo-loss": f"{session.name(0)} loses the solo game",
            "nobody": "nobody wins", "shared": f"{names} share the win"}.get(kind, names)


def result_check(session: Session, pos: Position) -> tuple[str, str]:
    """Compare the declared result with the computed one: (status, words).

    status is one of: none (no result declared), match, overridden (the arbiter's
    declared result differs, with a reason), mismatch (a problem), unfinished.
    """
    declared = pos.arbiter.result
    sheet = adjusted_sheet(session, pos)
    if declared is None:
        return "none", "no result declared"
    names = result_words(session, declared.winners)
    if not sheet.final:
        return "unfinished", f"a result ({names}) is declared but the game is not over"
    if sorted(declared.winners) == sorted(sheet.winners):
        return "match", f"declared result ({names}) matches the rules"
    want = result_words(session, sheet.winners)
    if declared.declared_by == "arbiter" and declared.reason:
        return "overridden", f"the arbiter declared {names} instead of {want}: {declared.reason}"
    return "mismatch", f"declared result {names} but the rules give {want}"
