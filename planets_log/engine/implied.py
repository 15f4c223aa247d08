"""Lines nobody needs to type: a chance outcome that is the only one possible, an action the seat
cannot decide otherwise (`Rules.forced`), and the declined step a typed line implies (`Rules.noop`)."""

from __future__ import annotations

from typing import Any

import msgspec

from planets_log.record.events import Action, Event, strip_place
from planets_log.record.lines import line_hash

from .hints import outcomes_here
from .outcomes import Outcome
from .rules import CHANCE, Rules
from .session import Position, Session

IMPLIED_AT_MOST = 64
"""The most declined steps one typed line may imply (a whole zone's characters passing, say)."""


def only_outcome(rules: Rules, state: Any) -> Outcome | None:
    """The chance outcome due in `state` when the game's `chance_outcomes` lists only one, else None."""
    outcomes = outcomes_here(rules, state)
    if outcomes is None:
        return None
    distinct = {strip_place(e) for e in outcomes.events()}
    return distinct.pop() if len(distinct) == 1 else None


def written_here(rules: Rules, state: Any) -> Event | None:
    """The line the recorder writes by itself in `state` (seeded or not): the only possible outcome, or the
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
    """The declined steps (`Rules.noop`) a typed line implies before it, each marked `implied`, and the position after.

    A step is implied only while the line, read at the position reached, is of a kind none of
    the seat's legal actions there has (a placement typed while a probe may be placed), or
    names another player (`named`): a line that could be the seat's choice is checked as typed.
    A line naming nobody declines only the steps of the seat to move now: never another seat's.
    With `own` (a player's `--by`), only `named`'s own steps are declined.
    """
    rules, steps = session.rules, []
    speaker = rules.to_move(pos.state) if named is None else named
    for _ in range(IMPLIED_AT_MOST):
        mover = rules.to_move(pos.state)
        skip = rules.noop(pos.state) if mover >= 0 else None
        if skip is None or (mover != speaker and (own or named is None)):
            break
        if mover == speaker and _could_mean(rules, pos, move):
            break
        skip = msgspec.structs.replace(skip, implied=True)
        pos = _declined(session, pos, skip)
        steps.append(skip)
    return tuple(steps), pos


def _could_mean(rules: Rules, pos: Position, move: str) -> bool:
    """True when `move` could be the choice of the seat to move: unreadable here, or of a kind it may play."""
    try:
        parsed = rules.parse(move.strip(), pos.state)
    except Exception:  # an unreadable line is refused where it was typed
        return True
    first = parsed[0] if isinstance(parsed, tuple) else parsed
    return any(type(e) is type(first) for e in rules.legal(pos.state))


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
