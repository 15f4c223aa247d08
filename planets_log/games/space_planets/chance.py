"""The seeded chance outcomes (deal, refill, the die's landing) and their distribution."""

from __future__ import annotations

from math import perm
from typing import Any

from planets_log.game import Chance, Outcomes, listed, pool_refusal, sampled, uniform

from .check import PLAY, PREP
from .events import Dealt, Landed, Refilled
from .state import SPACES, State, deck_cards, occupied, refill_space


def outcome(state: State, rng: Any) -> Chance:
    """The seeded outcome: a shuffled deal, a uniform refill, or the landing model."""
    if state.phase == "deal":
        return Dealt(cards=tuple(rng.sample(deck_cards(state.deck), SPACES)))
    if state.phase == "refill":
        return Refilled(space=refill_space(state), card=rng.choice(deck_cards(state.deck)))
    miss = rng.below(100) < state.miss_percent
    spaces = occupied(state)
    if miss or not spaces:
        return Landed()
    space = rng.choice(spaces)
    return Landed(space=space, card=state.grid[space - 1], face=rng.choice(state.book.faces))


CONTENTS = "Game contents"


def outcomes(state: State) -> Outcomes:
    """What may happen at this chance point: the deal counted (with its card test), a refill or a landing listed."""
    if state.phase == "deal":
        deck = deck_cards(state.deck)
        return sampled(perm(len(deck), SPACES), lambda rng: outcome(state, rng), rule=PREP,
                       admit=lambda e: pool_refusal(deck, e.cards, "the deck", SPACES), words=tuple(deck) + ("/",) * 2)
    if state.phase == "refill":
        space = refill_space(state)
        return uniform([Refilled(space=space, card=c) for c in deck_cards(state.deck)], rule=f"{PLAY}, {CONTENTS}")
    spaces = occupied(state)
    if not spaces:
        return uniform([Landed()], rule=PLAY)
    faces = state.book.faces
    hit = 100 - state.miss_percent
    # weights in units of 1 / (100 * spaces * faces): a miss, or a space and a face uniformly
    weighted: list[tuple[Chance, int]] = [(Landed(), state.miss_percent * len(spaces) * len(faces))]
    weighted += [(Landed(space=s, card=state.grid[s - 1], face=f), hit) for s in spaces for f in faces]
    return listed(weighted, rule=f"{PLAY}, {CONTENTS}")
