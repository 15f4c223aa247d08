"""The score sheet as the arbiter leaves it: penalties applied, ranked by the game, the declared result beside it."""

from __future__ import annotations

from typing import Any

import msgspec

from .rules import TERMINAL, Rules
from .session import Position, Session
from .sheet import Ranking, ScoreSheet, known_totals, outcome_of, rank_highest, sheet_of


def _takes_seat(rules: Rules) -> bool:
    """Whether the game scores a position as one seat knows it (a game with hidden information may)."""
    import inspect

    return rules.hidden_information and "seat" in inspect.signature(rules.score).parameters


def seat_sheet(rules: Rules, state: Any, seat: int | None) -> tuple[ScoreSheet, bool]:
    """The game's sheet as `seat` may know it (None: the scorekeeper's), and whether it is the seat's own:
    a game in progress, scored by a game that scores for a seat; otherwise the full sheet."""
    known = seat is not None and _takes_seat(rules) and rules.to_move(state) != TERMINAL
    return (rules.score(state, seat) if known else rules.score(state)), known


def adjusted_sheet(session: Session, pos: Position, seat: int | None = None) -> ScoreSheet:
    """The game's score sheet with the arbiter's penalties added, ranked again by the game's `rank`.

    The game's own tie-breaks thus apply to the adjusted totals. With a seat, a game in
    progress is scored only with what that seat may know: a part it cannot know, and a
    total resting on one, stays None; its leaders are found by totals alone (a tie-break
    may rest on what the seat cannot see), and named only when every total is known.
    """
    sheet, known = seat_sheet(session.rules, pos.state, seat)
    penalties = pos.arbiter.penalties
    if not penalties:
        return sheet
    scores = list(sheet.scores)
    for p in penalties:
        s = scores[p.seat]
        given = {**s.breakdown, "penalties": (s.breakdown.get("penalties") or 0) + p.points}
        total = None if s.total is None else s.total + p.points
        scores[p.seat] = msgspec.structs.replace(s, breakdown=given, total=total)
    if not known:
        return sheet_of(scores, session.rules.rank(pos.state, known_totals(ScoreSheet(scores, []))))
    totals = [s.total for s in scores]
    if any(t is None for t in totals):
        return sheet_of(scores, Ranking(winners=[], outcome="leads"))
    return sheet_of(scores, rank_highest([t for t in totals if t is not None], False))


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


def arbiter_override(session: Session, pos: Position) -> dict[str, Any] | None:
    """The arbiter's declared result standing instead of the rules' one (or deciding a game not over), or None.

    As `validate` and `audit` list it: its seq, the arbiter (None if not named), the reason, the
    winners declared and those the rules give (None when the game is not over).
    """
    declared = pos.arbiter.result
    if declared is None or declared.declared_by != "arbiter" or not declared.reason:
        return None
    sheet = adjusted_sheet(session, pos)
    if sheet.final and sorted(declared.winners) == sorted(sheet.winners):
        return None
    names = session.header.players
    return {"seq": declared.seq, "arbiter": declared.arbiter if isinstance(declared.arbiter, str) else None,
            "reason": declared.reason, "winners": [names[w] for w in declared.winners],
            "rules": [names[w] for w in sorted(sheet.winners)] if sheet.final else None,
            "words": _override_words(session, declared.winners, sheet.winners if sheet.final else None)}


def _override_words(session: Session, declared: list[int], rules: list[int] | None) -> str:
    """`the arbiter declared Ben instead of Ann` (or `the arbiter declared Ben before the game's end`)."""
    given = result_words(session, declared)
    if rules is None:
        return f"the arbiter declared {given} before the game's end"
    return f"the arbiter declared {given} instead of {result_words(session, rules)}"
