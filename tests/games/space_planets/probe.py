"""A wider net than `candidates` for the contract suite (tests/support/playouts.py): every action, every card."""

from __future__ import annotations

from planets_log.games.space_planets.events import Collected, Explored, Passed, Rerolled, Rolled


def probe(state) -> list:
    """All actions of the seat to move: each kind, and exploring every card code of the edition."""
    seat = state.turn
    out = [Rolled(by=seat), Passed(by=seat), Collected(by=seat), Rerolled(by=seat)]
    out += [Explored(by=seat, card=code) for code in state.book.codes()]
    return out
