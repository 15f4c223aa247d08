"""Lines nobody needs to type: a chance outcome that is the only one possible."""

from __future__ import annotations

from typing import Any

from .events import Chance, Event, strip_place
from .game import CHANCE, Rules


def only_outcome(rules: Rules, state: Any) -> Chance | None:
    """The chance outcome due in `state` when it is the only one possible, else None.

    Asks the game's `chance_outcomes` when it gives them, else its `legal` list at the
    chance point (which a game fills when the outcomes are few).
    """
    if rules.to_move(state) != CHANCE:
        return None
    outcomes: list[Event] | None
    try:
        listed = rules.chance_outcomes(state).listed
        outcomes = [event for event, _ in listed] if listed is not None else None
    except NotImplementedError:
        outcomes = None
    if outcomes is None:
        try:
            outcomes = rules.legal(state)
        except NotImplementedError:
            return None
    distinct = {strip_place(e) for e in outcomes if isinstance(e, Chance)}
    return distinct.pop() if len(distinct) == 1 and len(outcomes) >= 1 else None
