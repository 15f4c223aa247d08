"""`legal`: exactly the actions `check` accepts at this point (none at a chance point)."""

from __future__ import annotations

from collections import Counter
from itertools import product

from planets_log.game import UNKNOWN, Event

from . import cards as C
from . import events as E
from .apply import to_move
from .state import PLANETS, Pending, Seat, State, column_size, effective_cost, minus, unvisited


def legal(state: State) -> list[Event]:
    """Every legal action of the seat to move; [] at a chance point (see chance.outcomes) or the game's end."""
    by = to_move(state)
    if by < 0:
        return []
    if state.phase == "dispatch":
        return _dispatches(state, by)
    if state.phase == "recruit":
        planet = state.planets[state.cursor]
        return [E.Recruited(by=by, planet=state.cursor + 1, card=c) for c in sorted(set(planet.cards))]
    if state.pending is not None:
        return _pending(state, by, state.pending)
    seat = state.seats[by]
    return _plays(state, by, seat) + [E.Done(by=by)] + [E.Done(by=by, keep=c) for c in sorted(set(seat.hand))]


def _dispatches(state: State, by: int) -> list[Event]:
    left = state.seats[by].left
    free = unvisited(state, by)
    out: list[Event] = []
    for i in free:
        for parts in range(1, left + 1):
            if parts == left or len(free) > 1:
                out.append(E.Dispatched(by=by, planet=i + 1, parts=parts))
    return out


def _columns(seat: Seat) -> list[str]:
    return [c for i, c in enumerate(C.COLOURS) if column_size(seat, i) > 0]


def _pending(state: State, by: int, pending: Pending) -> list[Event]:
    step, seat = pending.step, state.seats[by]
    if step == "place":
        return [E.Placed(by=by, colour=c) for c in _columns(seat)]
    if step == "take":
        return [E.TookTile(by=by, tile=t) for t in state.tiles]
    if step == "search":
        return [E.Searched(by=by, card=c) for c in sorted(set(state.discard) - {UNKNOWN})]  # the searcher sees it
    if step == "keep":
        return [E.Kept(by=by, card=c) for c in sorted(set(pending.cards))]
    if step == "discount":
        return [E.Discounted(by=by, colour=c) for c in _columns(seat)]
    if step == "mark":
        return [E.Marked(by=by, position=p) for p in range(1, PLANETS + 1)]
    return [E.Copied(by=by, tile=t.id) for t in seat.tiles if t.id != "copy"]


def _plays(state: State, by: int, seat: Seat) -> list[Event]:
    out: list[Event] = []
    free = seat.coins - seat.coins_used
    known = tuple(c for c in seat.hand if c != UNKNOWN)  # a kept record's `?` card is named to be played
    for card in sorted(set(known)):
        need = effective_cost(seat, card) - state.credit
        if need <= 0:
            out.append(E.Played(by=by, card=card))
            continue
        for discards in submultisets(minus(known, [card])):
            power = sum(C.bp(d) for d in discards)
            if discards and power - min(C.bp(d) for d in discards) >= need:
                continue
            coins = max(0, need - power)
            if coins <= free:
                out.append(E.Played(by=by, card=card, discards=discards, coins=coins))
    return out


def submultisets(pile: tuple[str, ...]) -> list[tuple[str, ...]]:
    """Every sub-multiset of a sorted pile, each as a sorted tuple, without repeats."""
    kinds = sorted(Counter(pile).items())
    out: list[tuple[str, ...]] = []
    for counts in product(*(range(n + 1) for _, n in kinds)):
        out.append(tuple(code for (code, _), k in zip(kinds, counts) for _ in range(k)))
    return out


def candidates(state: State) -> list[Event]:
    """Plausible actions, illegal ones included: wider ranges than `legal`, for the conformance suite."""
    by = to_move(state)
    if by < 0:
        return []
    seat = state.seats[by]
    if state.phase == "dispatch":
        return [E.Dispatched(by=by, planet=p, parts=n) for p in range(1, PLANETS + 2) for n in range(seat.left + 2)]
    if state.phase == "recruit":
        cards = sorted({c for planet in state.planets for c in planet.cards} | set(seat.hand[:1]))
        return [E.Recruited(by=by, planet=p, card=c) for p in range(1, PLANETS + 1) for c in cards]
    if state.pending is not None:
        return _pending_candidates(state, by, seat, state.pending)
    keeps = sorted(set(seat.hand) | set(_stranger(state, seat)))
    return _play_candidates(state, by, seat) + [E.Done(by=by)] + [E.Done(by=by, keep=c) for c in keeps]


def _stranger(state: State, seat: Seat) -> tuple[str, ...]:
    """A card code the seat does not hold (if any is about), to try playing what is not there."""
    return tuple(c for c in state.deck + state.discard if c not in seat.hand)[:1]


def _pending_candidates(state: State, by: int, seat: Seat, pending: Pending) -> list[Event]:
    step = pending.step
    if step in ("place", "discount"):
        kind = E.Placed if step == "place" else E.Discounted
        return [kind(by=by, colour=c) for c in C.COLOURS]
    if step == "take":
        return [E.TookTile(by=by, tile=t) for t in sorted(set(state.tiles) | set(state.tile_pool))]
    if step == "search":
        return [E.Searched(by=by, card=c) for c in sorted(set(state.discard) | set(state.deck[:2]))]
    if step == "keep":
        return [E.Kept(by=by, card=c) for c in sorted(set(pending.cards) | set(seat.hand))]
    if step == "mark":
        return [E.Marked(by=by, position=p) for p in range(PLANETS + 2)]
    return [E.Copied(by=by, tile=t) for t in sorted({t.id for t in seat.tiles} | set(state.tiles))]


def _play_candidates(state: State, by: int, seat: Seat) -> list[Event]:
    """Every card (and one not held) with every set of discards, and coins around what it costs."""
    out: list[Event] = []
    for card in sorted(set(seat.hand)) + list(_stranger(state, seat)):
        rest = minus(seat.hand, [card]) if card in seat.hand else seat.hand
        need = effective_cost(seat, card) - state.credit
        for discards in submultisets(rest):
            coins = max(0, need - sum(C.bp(d) for d in discards))
            out += [E.Played(by=by, card=card, discards=discards, coins=c) for c in {coins, coins + 1, max(0, coins - 1)}]
    return out
