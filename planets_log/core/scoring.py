"""The score sheet as the arbiter leaves it: penalties applied, the declared result beside it."""

from __future__ import annotations

import msgspec

from .engine import Position, Session
from .game import TERMINAL, ScoreSheet


def _takes_seat(rules) -> bool:
    """Whether the game scores a position as one seat knows it (a game with hidden information may)."""
    import inspect

    return rules.hidden_information and "seat" in inspect.signature(rules.score).parameters


def adjusted_sheet(session: Session, pos: Position, seat: int | None = None) -> ScoreSheet:
    """The game's score sheet with the arbiter's penalties added to the totals.

    With a seat, a game in progress is scored only with what that seat may know.
    """
    if seat is not None and _takes_seat(session.rules) and session.to_move(pos) != TERMINAL:
        sheet = session.rules.score(pos.state, seat)
    else:
        sheet = session.rules.score(pos.state)
    penalties = pos.arbiter.penalties
    if not penalties:
        return sheet
    scores = [msgspec.structs.replace(s, breakdown=dict(s.breakdown)) for s in sheet.scores]
    for p in penalties:
        s = scores[p.seat]
        s.breakdown["penalties"] = s.breakdown.get("penalties", 0) + p.points
        s.total += p.points
    best = max(s.total for s in scores)
    top = [s.seat for s in scores if s.total == best]
    kept = [w for w in sheet.winners if w in top]
    if len(top) > 1 and kept:  # still tied: the game's own tie-break decides among them
        return ScoreSheet(scores=scores, winners=kept, tiebreak=sheet.tiebreak, final=sheet.final)
    return ScoreSheet(scores=scores, winners=top, tiebreak=None, final=sheet.final)


def result_check(session: Session, pos: Position) -> tuple[str, str]:
    """Compare the declared result with the computed one: (status, words).

    status is one of: none (no result declared), match, overridden (the arbiter's
    declared result differs, with a reason), mismatch (a problem), unfinished.
    """
    declared = pos.arbiter.result
    finished = session.to_move(pos) == TERMINAL
    computed = sorted(adjusted_sheet(session, pos).winners) if finished else None
    if declared is None:
        return "none", "no result declared"
    names = ", ".join(session.name(w) for w in declared.winners)
    if computed is None:
        return "unfinished", f"a result ({names}) is declared but the game is not over"
    if sorted(declared.winners) == computed:
        return "match", f"declared result ({names}) matches the rules"
    want = ", ".join(session.name(w) for w in computed)
    if declared.declared_by == "arbiter" and declared.reason:
        return "overridden", f"the arbiter declared {names} instead of {want}: {declared.reason}"
    return "mismatch", f"declared winners {names} but the rules give {want}"
