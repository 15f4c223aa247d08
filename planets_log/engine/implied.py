"""Lines nobody needs to type: a chance outcome that is the only one possible."""

from __future__ import annotations

from typing import Any

from planets_log.record.events import Chance, strip_place

from .rules import CHANCE, Rules


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
