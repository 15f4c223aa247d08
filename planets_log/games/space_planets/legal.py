"""Space Planets `legal` and `candidates`: the actions `check` accepts, and plausible ones to test it with."""

from __future__ import annotations

from planets_log.game import Event

from .check import reroll_card
from .events import Collected, Explored, Passed, Rerolled, Rolled
from .state import State, explore_cost, on_card


def legal(state: State) -> list[Event]:
    """Every legal action of the seat to move; [] at a chance point (the deal, a landing, a refill)."""
    seat = state.turn
    if state.phase == "roll":
        return [Rolled(by=seat), *([Passed(by=seat)] if state.ender is not None else [])]
    if state.phase == "choose":
        out: list[Event] = []
        if explore_cost(state, seat)[0] <= state.seats[seat].crystals:
            out.append(Explored(by=seat, card=on_card(state)[1]))
        out.append(Collected(by=seat))
        if reroll_card(state, seat) is not None:
            out.append(Rerolled(by=seat))
        return out
    return []  # a chance point: its outcomes are chance.outcomes


def candidates(state: State) -> list[Event]:
    """Every kind of action of the seat to move, exploring any card about: illegal ones included."""
    seat = state.turn
    cards = sorted({c for c in state.grid if c is not None} | set(state.seats[seat].cards))
    return [Rolled(by=seat), Passed(by=seat), Collected(by=seat), Rerolled(by=seat),
            *(Explored(by=seat, card=c) for c in cards)]
