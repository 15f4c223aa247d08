"""`resample_hidden`: redraw what a seat cannot see, keeping everything it can."""

from __future__ import annotations

from planets_log.game import Stream

from . import events as E
from .state import State, char_at, replace, sort_key, with_space, with_zone
from .view import sees


def resample(state: State, seat: int, rng: Stream) -> State:
    """Other hands pooled with their unseen face-down cards and this round's face-down discards,
    face-down rewards no probe of `seat` watches pooled with the unseen deck, the reserve before the first shift;
    each pool reshuffled."""
    for other in range(len(state.players)):
        if other != seat:
            state = _reshuffle_seat(state, seat, other, rng)
    if state.round == 1 or (state.round == 2 and state.phase == "shift"):
        state = replace(state, reserve=tuple(rng.shuffled(list(state.reserve))))  # face down since setup
    return _reshuffle_deck(state, seat, rng)


def _unseen_chars(state: State, seat: int, owner: int) -> list[tuple[int, int]]:
    return [(z, i + 1) for z, _ in state.grid for i, ch in enumerate(state.zones[z].spaces)
            if ch is not None and ch.owner == owner and ch.down and ch.card != E.HIDDEN
            and not sees(state, seat, z, i + 1)]


def _reshuffle_seat(state: State, seat: int, owner: int, rng: Stream) -> State:
    spots = _unseen_chars(state, seat, owner)
    cut = state.piled[owner] if state.phase == "discard" and state.piled else len(state.discards[owner])
    fresh = state.discards[owner][cut:]
    pool = list(state.hands[owner]) + [char_at(state, z, s).card for z, s in spots] + list(fresh)
    pool = rng.shuffled(pool)
    for z, s in spots:
        state = with_space(state, z, s, replace(char_at(state, z, s), card=pool.pop()))
    new_fresh = tuple(pool.pop() for _ in fresh)
    hands = state.hands[:owner] + (tuple(sorted(pool, key=sort_key)),) + state.hands[owner + 1:]
    discards = state.discards[:owner] + (state.discards[owner][:cut] + new_fresh,) + state.discards[owner + 1:]
    return replace(state, hands=hands, discards=discards)


def _reshuffle_deck(state: State, seat: int, rng: Stream) -> State:
    spots = [z for z, _ in state.grid if state.zones[z].rewards_down and not sees(state, seat, z, 0)]
    hidden = [c for z in spots for c in state.zones[z].rewards if c != E.HIDDEN]
    pool = rng.shuffled(list(state.deck) + hidden)
    for z in spots:
        rewards = tuple(c if c == E.HIDDEN else pool.pop() for c in state.zones[z].rewards)
        state = with_zone(state, z, replace(state.zones[z], rewards=rewards))
    deck = tuple(sorted(pool, key=int))
    return replace(state, deck=deck)
