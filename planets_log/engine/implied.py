"""Lines nobody needs to type: a chance outcome that is the only one possible, an action the seat
cannot decide otherwise (`Rules.forced`), and the declined step a typed line implies (`Rules.noop`)."""

from __future__ import annotations

from typing import Any

import msgspec

from planets_log.record.events import Action, Chance, Event, strip_place
from planets_log.record.lines import line_hash

from .rules import CHANCE, Rules
from .session import Position, Session

IMPLIED_AT_MOST = 64
"""The most declined steps one typed line may imply (a whole zone's characters passing, say)."""


def only_outcome(rules: Rules, state: Any) -> Chance | None:
    """The chance outcome due in `state` when the game's `chance_outcomes` lists only one, else None."""
    if rules.to_move(state) != CHANCE:
        return None
    try:
        outcomes = rules.chance_outcomes(state).events()
    except NotImplementedError:
        return None
    distinct = {strip_place(e) for e in outcomes}
    return distinct.pop() if len(distinct) == 1 else None


def written_here(rules: Rules, state: Any) -> Event | None:
    """The line a table game's recorder writes by itself in `state`: the only possible outcome, or the
    action the seat to move cannot decide otherwise."""
    mover = rules.to_move(state)
    if mover == CHANCE:
        return only_outcome(rules, state)
    return rules.forced(state) if mover >= 0 else None


def same_line(written: Event, typed: Event) -> bool:
    """True when `typed` is the line `written` (an action typed for whoever is to move now compares by its content)."""
    if isinstance(written, Action) and isinstance(typed, Action) and type(written) is type(typed):
        return strip_place(written) == strip_place(msgspec.structs.replace(typed, by=written.by))
    return strip_place(written) == strip_place(typed)


def implied_steps(session: Session, pos: Position, move: str, named: int | None = None, *, own: bool = False
                  ) -> tuple[tuple[Event, ...], Position]:
    """The declined steps (`Rules.noop`) a typed line implies before it, and the position after them.

    A step is implied only while the line, read at the position reached, is of a kind none of
    the seat's legal actions there has (a placement typed while a probe may be placed), or
    names another player (`named`): a line that could be the seat's choice is checked as typed.
    With `own` (a player's `--by`), only `named`'s own steps are declined, never another seat's.
    """
    rules, steps = session.rules, []
    for _ in range(IMPLIED_AT_MOST):
        mover = rules.to_move(pos.state)
        skip = rules.noop(pos.state) if mover >= 0 else None
        if skip is None or (own and mover != named):
            break
        if named is not None and named != mover:
            pos = _declined(session, pos, skip)
            steps.append(skip)
            continue
        try:
            parsed = rules.parse(move.strip(), pos.state)
        except Exception:  # an unreadable line is refused where it was typed
            break
        first = parsed[0] if isinstance(parsed, tuple) else parsed
        if any(type(e) is type(first) for e in rules.legal(pos.state)):
            break
        pos = _declined(session, pos, skip)
        steps.append(skip)
    return tuple(steps), pos


def _declined(session: Session, pos: Position, skip: Event) -> Position:
    """The position after the declined step `skip`."""
    sealed = session.seal(pos, skip)
    return session.step(pos, sealed, line_hash(session.encode(sealed)))


def declined(rules: Rules, before: Any, after: Any) -> bool:
    """True when the line between these states was the seat's declined step (`Rules.noop`)."""
    if rules.to_move(before) < 0:
        return False
    skip = rules.noop(before)
    return skip is not None and rules.apply(before, skip) == after
