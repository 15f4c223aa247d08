"""What one seat may know: an event's notation as that seat sees it."""

from __future__ import annotations

from typing import Any

from planets_log.record.events import Event

from .rules import Rules


def format_as(rules: Rules, event: Event, state: Any, seat: int | None) -> str:
    """`event` in notation; with a seat, as that seat sees it (None: the scorekeeper's full view).

    A game without hidden information is asked without a seat, so its `format` may keep
    the two-argument form.
    """
    if seat is None or not rules.hidden_information:
        return rules.format(event, state)
    return rules.format(event, state, seat)
