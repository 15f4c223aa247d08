"""`apply`: the state after an event that passed `check` (pure: returns new frozen states)."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from msgspec.structs import replace

from planets_log.game import Event

from . import board as bd
from .check import effect_of, next_to_deal
from .edition import JOKER
from .events import (
    Atomized,
    Combo,
    Ended,
    ExtraTurn,
    HandDealt,
    JokerPlaced,
    Played,
    Recovered,
    Refilled,
    Revealed,
    RowDealt,
    Took,
    TrailDealt,
)
from .state import Seat, State, TrailCard, multiset_add, multiset_remove, with_seat


def apply(state: State, event: Event) -> State:
    """The state after `event`."""
    return _HANDLERS[type(event)](state, event)


# --- chance --------------------------------------------------------------------

def _row(state: State, e: RowDealt) -> State:
    return replace(state, row=tuple(e.cards), prestige_deck=multiset_remove(state.prestige_deck, *e.cards),
                   due="trail")


def _trail(state: State, e: TrailDealt) -> State:
    trail = tuple(TrailCard(card=c) for c in e.cards)
    return replace(state, trail=trail, cosmos_deck=multiset_remove(state.cosmos_deck, *e.cards), due="hand")


def _hand(state: State, e: HandDealt) -> State:
    state = with_seat(state, e.seat, hand=tuple(sorted(e.cards)), atoms=state.config.atoms)
    done = next_to_deal(state) >= len(state.players)
    return replace(state, due="" if done else "hand")


def _refill(state: State, e: Refilled) -> State:
    trail = (TrailCard(card=e.card),) + state.trail
    return replace(state, trail=trail, cosmos_deck=multiset_remove(state.cosmos_deck, e.card), due="")


def _reveal(state: State, e: Revealed) -> State:
    row = state.row[:state.gap] + (e.card,) + state.row[state.gap:]
    return replace(state, row=row, prestige_deck=multiset_remove(state.prestige_deck, e.card), due="")


# --- mandatory actions -------------------------------------------------------------

def _take(state: State, e: Took) -> State:
    i = len(state.trail) - e.slot
    taken = state.trail[i]
    right = tuple(replace(t, atoms=t.atoms + 1) for t in state.trail[i + 1:])
    seat = state.seats[state.turn]
    state = with_seat(state, state.turn, hand=multiset_add(seat.hand, e.card),
                      atoms=seat.atoms - (e.slot - 1) + taken.atoms)
    due = "refill" if state.cosmos_deck else ""
    return replace(state, trail=state.trail[:i] + right, due=due, mandatory=state.mandatory - 1)


def _play(state: State, e: Played) -> State:
    seat = state.seats[state.turn]
    hand = multiset_remove(seat.hand, e.card)
    effect = effect_of(e.card)
    board, atoms = seat.board, seat.atoms
    if effect == "aliens":
        for col, gain in zip(bd.COLUMNS, e.place):
            board = bd.drop(board, col, gain)
    elif effect == "atom":
        atoms += 1
    elif effect == "ray":
        board = bd.put(board, e.cells[0], e.colour)
        atoms -= state.config.raygun
    else:
        board = bd.swap(board, e.cells[0], e.cells[1])
    state = with_seat(state, state.turn, hand=hand, played=multiset_add(seat.played, e.card), board=board,
                      atoms=atoms)
    return replace(state, mandatory=state.mandatory - 1, recover=state.recover or not hand)


def _recover(state: State, e: Recovered) -> State:
    seat = state.seats[state.turn]
    state = with_seat(state, state.turn, hand=multiset_add(seat.hand, *seat.played), played=())
    return replace(state, mandatory=state.mandatory - 1)


# --- optional actions and tokens ------------------------------------------------------

def _spend(seat: Seat, token: str) -> tuple[str, ...]:
    """The seat's tokens after playing one `token` it held before this turn."""
    return multiset_remove(seat.tokens, token)


def _atomize(state: State, e: Atomized) -> State:
    seat = state.seats[state.turn]
    gain = len(e.cells) * (2 if e.double else 1)
    tokens = _spend(seat, "double") if e.double else seat.tokens
    state = with_seat(state, state.turn, board=bd.remove(seat.board, e.cells), atoms=seat.atoms + gain,
                      tokens=tokens)
    return replace(state, optional=state.optional - 1)


def _combo(state: State, e: Combo) -> State:
    seat = state.seats[state.turn]
    points, token = state.config.prestige_of(e.card)
    tokens, fresh = seat.tokens, seat.fresh
    if token and e.drop != token:
        if e.drop:
            tokens = multiset_remove(tokens, e.drop)
            if e.drop in fresh:
                fresh = multiset_remove(fresh, e.drop)
        tokens, fresh = multiset_add(tokens, token), multiset_add(fresh, token)
    board = bd.remove(seat.board, list(bd.pattern_cells(e.card)))
    state = with_seat(state, state.turn, board=board, points=seat.points + points,
                      prestige=seat.prestige + (e.card,), tokens=tokens, fresh=fresh)
    gap = state.row.index(e.card)
    row = state.row[:gap] + state.row[gap + 1:]
    due = "reveal" if state.prestige_deck else ""
    return replace(state, row=row, gap=gap, due=due, optional=state.optional - 1)


def _extra(state: State, e: ExtraTurn) -> State:
    seat = state.seats[state.turn]
    state = with_seat(state, state.turn, tokens=_spend(seat, "extra"))
    return replace(state, mandatory=state.mandatory + 1, optional=state.optional + 1)


def _joker(state: State, e: JokerPlaced) -> State:
    seat = state.seats[state.turn]
    return with_seat(state, state.turn, tokens=_spend(seat, "joker"), board=bd.drop(seat.board, e.column, JOKER))


def _end(state: State, e: Ended) -> State:
    seat = state.seats[state.turn]
    if state.recover:
        state = with_seat(state, state.turn, hand=multiset_add(seat.hand, *seat.played), played=())
    state = with_seat(state, state.turn, fresh=())
    nxt = (state.turn + 1) % len(state.players)
    state = replace(state, turn=nxt, mandatory=1, optional=1, recover=False)
    if nxt == 0:
        reason = end_reason(state)
        if reason:
            return replace(state, over=True, end_reason=reason, turn=0)
        state = replace(state, round=state.round + 1)
    return state


def end_reason(state: State) -> str:
    """Why the game ends after the round just completed, or '' when it goes on (Game End)."""
    best = max(s.points for s in state.seats)
    if best >= state.config.goal:
        return f"a player reached {state.config.goal} Prestige points"
    if not state.row and not state.prestige_deck:
        return "no Prestige card is left to take"
    if state.round_limit and state.round >= state.round_limit:
        return f"the round limit of {state.round_limit} rounds was reached"
    return ""


_HANDLERS: dict[type[Event], Callable[[State, Any], State]] = {  # each handler takes the event type it is filed under
    RowDealt: _row, TrailDealt: _trail, HandDealt: _hand, Refilled: _refill, Revealed: _reveal,
    Took: _take, Played: _play, Recovered: _recover, Atomized: _atomize, Combo: _combo,
    ExtraTurn: _extra, JokerPlaced: _joker, Ended: _end,
}
