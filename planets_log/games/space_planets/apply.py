"""Space Planets `apply`: the state after each event (pure), and the end of a turn."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from msgspec.structs import replace

from planets_log.game import Event, multiset

from .check import name, reroll_card
from .events import Collected, Dealt, Explored, Landed, Passed, Refilled, Rerolled, Rolled
from .state import Roll, Seat, State, deck_size, explore_cost, final_seat, occupied, on_card, with_seat


def apply(state: State, event: Event) -> State:
    """The state after `event`; never mutates `state`."""
    return APPLY[type(event)](state, event)


def gain(state: State, seat: int, wanted: int) -> State:
    """`seat` takes up to `wanted` crystals from the stockpile (fewer when it runs out)."""
    got = min(wanted, state.stock)
    old = state.seats[seat]
    return replace(state, stock=state.stock - got, seats=with_seat(state, seat, replace(old, crystals=old.crystals + got)))


def apply_dealt(state: State, event: Dealt) -> State:
    """Lay out the grid; the first player's turn begins."""
    return replace(state, grid=tuple(event.cards), deck=multiset.remove(state.deck, event.cards), phase="roll")


def apply_rolled(state: State, event: Rolled) -> State:
    """The die is in the air."""
    return replace(state, phase="landing", roll=None)


def apply_passed(state: State, event: Passed) -> State:
    """The last-round roll is declined."""
    return finish_turn(state)


def apply_landed(state: State, event: Landed) -> State:
    """Off the grid: +1 crystal; a black hole: removed; otherwise the seat chooses."""
    roll = Roll(space=event.space, card=event.card, face=event.face)
    state = replace(state, roll=roll)
    if event.space is None:
        return finish_turn(gain(state, state.turn, 1))
    kind = state.book.known(event.card)
    if kind.effect == "hole":
        grid = _grid_with(state.grid, event.space, None)
        state = replace(state, grid=grid, removed=tuple(sorted(state.removed + (kind.code,))))
        return after_empty(state, event.space)
    return replace(state, phase="choose")


def apply_explored(state: State, event: Explored) -> State:
    """Pay, take the card, resolve its effect, check the card limit, refill the space."""
    seat, (space, _, _) = event.by, on_card(state)
    cost, _ = explore_cost(state, seat)
    old = state.seats[seat]
    kind = state.book.known(event.card)
    face_up = old.face_up + ((event.card,) if kind.effect in ("reroll", "consume") else ())
    new = Seat(crystals=old.crystals - cost, cards=old.cards + (event.card,), face_up=tuple(sorted(face_up)))
    state = replace(state, stock=state.stock + cost, seats=with_seat(state, seat, new),
                    grid=_grid_with(state.grid, space, None))
    if kind.effect == "fuel":
        state = gain(state, seat, kind.amount)
    if state.ender is None and len(new.cards) >= state.book.end_cards:
        state = replace(state, ender=seat)
    return after_empty(state, space)


def apply_collected(state: State, event: Collected) -> State:
    """Crystals equal to the face, as far as the stockpile goes."""
    return finish_turn(gain(state, event.by, on_card(state)[2]))


def apply_rerolled(state: State, event: Rerolled) -> State:
    """Turn one re-roll card over; the die is rolled again."""
    old = state.seats[event.by]
    face_up = list(old.face_up)
    card = reroll_card(state, event.by)
    assert card is not None, "check refuses a re-roll without a face-up re-roll card"
    face_up.remove(card)
    seats = with_seat(state, event.by, replace(old, face_up=tuple(face_up)))
    return replace(state, seats=seats, phase="landing", roll=None, rerolls=state.rerolls + 1)


def apply_refilled(state: State, event: Refilled) -> State:
    """The drawn card fills the space; the turn ends."""
    grid = _grid_with(state.grid, event.space, event.card)
    return finish_turn(replace(state, grid=grid, deck=multiset.remove(state.deck, (event.card,)), refill=None))


APPLY: dict[type[Event], Callable[[State, Any], State]] = {  # each handler takes the event type it is filed under
    Dealt: apply_dealt, Rolled: apply_rolled, Passed: apply_passed, Landed: apply_landed,
    Explored: apply_explored, Collected: apply_collected, Rerolled: apply_rerolled, Refilled: apply_refilled,
}


def _grid_with(grid: tuple[str | None, ...], space: int, code: str | None) -> tuple[str | None, ...]:
    """The grid with one space (1..9) set."""
    return tuple(code if i == space - 1 else old for i, old in enumerate(grid))


def last_turn(state: State) -> bool:
    """True in the final turn of the game (the seat before the one that reached the card limit)."""
    return state.ender is not None and state.turn == final_seat(state)


def after_empty(state: State, space: int) -> State:
    """A grid space was emptied: refill it from the deck, or leave it empty and end the turn."""
    if deck_size(state) > 0 and not last_turn(state):
        return replace(state, phase="refill", refill=space)
    return finish_turn(state)


def finish_turn(state: State) -> State:
    """End the turn: the game ends, or the next seat starts (its consumption cards turn over)."""
    ender = state.ender
    if ender is not None and last_turn(state):
        reason = f"{name(state, ender)} collected {state.book.end_cards} planet cards and every other player rolled once more"
        return replace(state, phase="over", end_reason=reason)
    if not occupied(state) and deck_size(state) == 0:
        return replace(state, phase="over", end_reason="the grid and the deck are empty: no planet card is left to explore")
    nxt = (state.turn + 1) % len(state.players)
    old = state.seats[nxt]
    keep = tuple(c for c in old.face_up if state.book.known(c).effect != "consume")
    seats = with_seat(state, nxt, replace(old, face_up=keep)) if keep != old.face_up else state.seats
    rnd = state.round + 1 if nxt == state.first else state.round
    return replace(state, phase="roll", turn=nxt, round=rnd, seats=seats, roll=None, rerolls=0, refill=None)
