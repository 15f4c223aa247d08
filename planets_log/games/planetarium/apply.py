"""`apply`: the state after an event that passed `check` (pure: returns new frozen states)."""

from __future__ import annotations

from collections.abc import Callable, Collection
from typing import Any

from msgspec.structs import replace

from planets_log.game import Event

from .board import is_planet
from .chance import next_to_deal, tied_first
from .check import drawable
from .edition import PLANETS
from .events import (
    UNKNOWN,
    Dealt,
    Discarded,
    Downgraded,
    DrawChosen,
    Drawn,
    Ended,
    FinalPlayed,
    FirstPlayer,
    HandShown,
    Kept,
    MatterPlaced,
    Moved,
    Played,
    Rolled,
)
from .kept import apply_shown
from .moves import dice_moves
from .state import DECK_INDEX, FACE_DOWN, UNSEEN, Placed, State, card, left, remove, sort_cards, with_seat


def apply(state: State, event: Event) -> State:
    """The state after `event`."""
    return _HANDLERS[type(event)](state, event)


# --- setup ---------------------------------------------------------------------

def _matter(state: State, e: MatterPlaced) -> State:
    cells = list(state.cells)
    for space, token in zip(state.board.dots, e.tokens):
        cells[space] = token
    return replace(state, cells=tuple(cells), phase="deal")


def _take(deck: tuple[str, ...], cards: Collection[str]) -> tuple[str, ...]:
    """The deck without the known cards among `cards`."""
    return tuple(c for c in deck if c not in cards)


def _deal(state: State, e: Dealt) -> State:
    kinds = [card(state, c).deck for c in e.cards if c != UNKNOWN]
    missing = [2 - kinds.count(k) for k in ("low", "high", "final")]
    hand = [c for c in e.cards if c != UNKNOWN] + [UNSEEN[k] for k, n in zip(UNSEEN, missing) for _ in range(n)]
    state = with_seat(state, e.seat, hand=sort_cards(hand))
    state = replace(state, low=_take(state.low, e.cards), high=_take(state.high, e.cards),
                    final=_take(state.final, e.cards))
    if UNKNOWN in e.cards:
        state = _unknown(state, *missing)
    if next_to_deal(state) < len(state.players):
        return state
    return replace(state, phase="discard", turn=0)


def _unknown(state: State, low: int = 0, high: int = 0, final: int = 0) -> State:
    """The state with the counts of cards drawn unseen changed."""
    u = state.unknown
    return replace(state, unknown=(u[0] + low, u[1] + high, u[2] + final))


def _reveal(state: State, seat: int, cid: str) -> State:
    """The seat's hand without `cid`; a card held as `?` is revealed: out of its deck for good."""
    hand = state.seats[seat].hand
    if cid in hand:
        return with_seat(state, seat, hand=remove(hand, cid))
    state = with_seat(state, seat, hand=remove(hand, UNSEEN[card(state, cid).deck]))
    return _unseen_out(state, cid)


def _unseen_out(state: State, cid: str) -> State:
    """A card drawn unseen is now known: take it off its deck's list and its `?` count."""
    kind = card(state, cid).deck
    state = replace(state, **{kind: _take(getattr(state, kind), (cid,))})
    delta = [0, 0, 0]
    delta[DECK_INDEX[kind]] = -1
    return _unknown(state, *delta)


def _discard(state: State, e: Discarded) -> State:
    state = with_seat(_reveal(state, e.by, e.card), e.by, discarded=e.card)
    state = replace(state, final_discard=sort_cards(state.final_discard + (e.card,)))
    if e.by + 1 < len(state.players):
        return replace(state, turn=e.by + 1)
    tied = [0] if state.solo else tied_first(state)
    if len(tied) > 1:
        return replace(state, phase="first")
    return replace(state, phase="move", turn=tied[0])


def _first(state: State, e: FirstPlayer) -> State:
    return replace(state, phase="move", turn=e.seat)


# --- the move -------------------------------------------------------------------------

def _move(state: State, e: Moved) -> State:
    board = state.board
    i, j = board.index[e.frm], board.index[e.to]
    cells = list(state.cells)
    token, there = cells[i], cells[j]
    cells[i] = ""
    if is_planet(token):
        planet, matter = token, there
        cells[j] = token
    else:
        planet, matter = (there, token) if there else ("", "")
        if not there:
            cells[j] = token
    state = replace(state, cells=tuple(cells), phase="card")
    if planet and matter:
        state = _to_mat(state, e.by, PLANETS.index(planet), matter)
    return state


def _to_mat(state: State, seat: int, p: int, matter: str) -> State:
    mat = list(state.seats[seat].mat)
    mat[p] = "".join(sorted(mat[p] + matter))
    return with_seat(state, seat, mat=tuple(mat))


# --- cards ------------------------------------------------------------------------

def _pay_and_place(state: State, by: int, cid: str, p: int, marker: str) -> State:
    """Pay the card's Matter to the track, remove a marker if required, place the card, score, check the balance."""
    c = card(state, cid)
    seat = state.seats[by]
    mat = list(seat.mat)
    for m in c.matter:
        mat[p] = mat[p].replace(m, "", 1)
    rows = [list(r) for r in state.rows]
    markers = seat.markers
    if c.marker or c.deck == "final":
        markers += _lift(rows[p], by)
    on_card = c.deck != "final" and marker != "-"
    if c.deck != "final" and not markers and marker not in ("", "-"):
        markers += _lift(rows[PLANETS.index(marker)], by)
    if on_card and markers:
        markers -= 1
    else:
        on_card = False
    rows[p].append(Placed(card=cid, by=by, marker=on_card))
    state = with_seat(_reveal(state, by, cid), by, mat=tuple(mat), markers=markers, points=seat.points + c.points)
    state = replace(state, rows=tuple(tuple(r) for r in rows), track=state.track + tuple(c.matter))
    return _balance(state, p)


def _lift(row: list[Placed], by: int) -> int:
    """Remove `by`'s marker from their earliest card in the row (in place); 1 if one was removed."""
    for k, placed in enumerate(row):
        if placed.by == by and placed.marker:
            row[k] = replace(placed, marker=False)
            return 1
    return 0


def _balance(state: State, p: int) -> State:
    """Flip the planet's token to the side with more points; equal totals leave it (Habitable or Hostile?)."""
    good = sum(card(state, x.card).points for x in state.rows[p] if card(state, x.card).side == "habitable")
    bad = sum(card(state, x.card).points for x in state.rows[p] if card(state, x.card).side == "hostile")
    if good == bad:
        return state
    flags = list(state.habitable)
    flags[p] = good > bad
    return replace(state, habitable=tuple(flags))


def _play(state: State, e: Played) -> State:
    p = PLANETS.index(e.planet)
    state = _pay_and_place(state, e.by, e.card, p, e.marker)
    if e.gravity:
        i = state.board.index[e.gravity]
        matter = state.cells[i]
        state = replace(state, cells=state.cells[:i] + ("",) + state.cells[i + 1:])
        state = _to_mat(state, e.by, PLANETS.index(e.onto), matter)
    if state.final_turn or state.final_reached:
        return _final_triggered(state, e.by)
    if drawable(state):
        return replace(state, phase="draw")
    return _end_turn(state)


def _final_triggered(state: State, by: int) -> State:
    """The placer's turn becomes their final turn: no drawing, Final cards may follow (The Final Turn)."""
    trigger = by if state.trigger == -1 else state.trigger
    return replace(state, phase="final", final_turn=True, trigger=trigger)


def _final(state: State, e: FinalPlayed) -> State:
    state = _pay_and_place(state, e.by, e.card, PLANETS.index(e.planet), "-")
    return replace(state, phase="final", finals_played=state.finals_played + 1)


def _downgrade(state: State, e: Downgraded) -> State:
    state = _reveal(state, e.by, e.card)
    state = replace(state, high_discard=sort_cards(state.high_discard + (e.card,)))
    return replace(state, phase="drawn", drawing="low")


def _draw(state: State, e: DrawChosen) -> State:
    return replace(state, phase="drawn", drawing=e.deck)


def _drawn(state: State, e: Drawn) -> State:
    kind = state.drawing
    hidden = e.cards.count(UNKNOWN)
    if kind == "high" and not left(state, "high"):
        state = replace(state, high=sort_cards(state.high + state.high_discard), high_discard=())
    if kind == "final" and left(state, "final") < len(e.cards):
        state = replace(state, final=sort_cards(state.final + state.final_discard), final_discard=())
    state = replace(state, **{kind: _take(getattr(state, kind), e.cards)}, drawing="")
    state = _unknown(state, *(hidden if k == kind else 0 for k in ("low", "high", "final")))
    if kind == "final" and len(e.cards) == 2:
        return replace(state, phase="keep", pending=e.cards)
    seat = state.seats[state.turn]
    got = tuple(UNSEEN[kind] if c == UNKNOWN else c for c in e.cards)
    state = with_seat(state, state.turn, hand=sort_cards(seat.hand + got))
    return _end_turn(state)


def _keep(state: State, e: Kept) -> State:
    other = list(state.pending)
    if e.card in other:
        other.remove(e.card)
    else:  # a card drawn unseen, named when kept
        other.remove(UNKNOWN)
        state = _unseen_out(state, e.card)
    gone = other[0]
    if gone == UNKNOWN:
        state = _unseen_out(state, e.discard)
        gone = e.discard
    seat = state.seats[e.by]
    kept = UNSEEN["final"] if e.card == UNKNOWN else e.card
    state = with_seat(state, e.by, hand=sort_cards(seat.hand + (kept,)))
    state = replace(state, final_discard=sort_cards(state.final_discard + (gone,)), pending=())
    return _end_turn(state)


def _end(state: State, e: Ended) -> State:
    return _end_turn(state)


# --- turn order and the end -------------------------------------------------------------

def _end_turn(state: State) -> State:
    n = len(state.players)
    nxt, turns = (state.turn + 1) % n, state.turns + 1
    if state.final_turn:
        if nxt == state.trigger:
            return replace(state, turns=turns, finals_played=0, phase="over", final_turn=False,
                           end_reason="every player has taken a final turn")
        return replace(state, turns=turns, finals_played=0, phase="move", turn=nxt)
    if state.solo:
        return replace(state, turns=turns, finals_played=0, phase="roll")
    if state.round_limit and nxt == 0 and turns // n >= state.round_limit:
        return replace(state, turns=turns, finals_played=0, phase="over",
                       end_reason=f"the round limit of {state.round_limit} was reached")
    return replace(state, turns=turns, finals_played=0, phase="move", turn=nxt)


def _roll(state: State, e: Rolled) -> State:
    cells, collected = dice_moves(state, e.dice[0] + e.dice[1])
    state = replace(state, cells=cells, dice=tuple(e.dice), track=state.track + (FACE_DOWN,) * collected,
                    target=state.target - 2 * collected)
    if state.final_reached:
        return replace(state, phase="move", final_turn=True, trigger=0)
    if state.round_limit and state.turns >= state.round_limit:
        return replace(state, phase="over", end_reason=f"the round limit of {state.round_limit} was reached")
    return replace(state, phase="move")


_HANDLERS: dict[type[Event], Callable[[State, Any], State]] = {  # each takes the event type it is keyed by
    MatterPlaced: _matter, Dealt: _deal, Discarded: _discard, FirstPlayer: _first, Moved: _move, Played: _play,
    FinalPlayed: _final, Downgraded: _downgrade, DrawChosen: _draw, Drawn: _drawn, Kept: _keep, Ended: _end,
    Rolled: _roll, HandShown: apply_shown,
}
