"""Every action a seat could try, legal or not (for the legal == accepted check)."""

from __future__ import annotations

from planets_log.games.space_planets.events import Collected, Explored, Passed, Rerolled, Rolled


def candidate_actions(state, seat: int) -> list:
    """All actions of the seat: each kind, and exploring every card code of the edition."""
    out = [Rolled(by=seat), Passed(by=seat), Collected(by=seat), Rerolled(by=seat)]
    out += [Explored(by=seat, card=code) for code in state.book.codes()]
    return out
