"""Chance: the outcomes possible at a chance point, and the one a seed gives."""

from __future__ import annotations

from math import perm
from typing import Any

from planets_log.game import Chance, Outcomes, pool_refusal, sampled, uniform

from .check import PRESTIGE, SETUP, TURN, next_to_deal
from .events import HandDealt, Refilled, Revealed, RowDealt, TrailDealt
from .state import State

COMPONENTS = "Components"


def outcomes(state: State) -> Outcomes:
    """The chance outcomes possible now: the opening row and trail counted (with their card test), the rest listed."""
    sample = lambda rng: chance(state, rng)  # noqa: E731 - the seeded draw is the sampler
    if state.due == "row":
        deck, k = state.prestige_deck, min(len(state.players) + 1, len(state.prestige_deck))
        return sampled(perm(len(deck), k), sample, rule=SETUP,
                       admit=lambda e: pool_refusal(deck, e.cards, "the Prestige pile", k), words=tuple(deck))
    if state.due == "trail":
        deck, k = state.cosmos_deck, min(state.config.trail, len(state.cosmos_deck))
        return sampled(perm(len(deck), k), sample, rule=SETUP,
                       admit=lambda e: pool_refusal(deck, e.cards, "the Cosmos pile", k), words=tuple(deck))
    if state.due == "hand":
        return uniform([HandDealt(seat=next_to_deal(state), cards=state.config.hand)], rule=SETUP, unordered=True)
    if state.due == "refill":
        return uniform([Refilled(card=c) for c in state.cosmos_deck], rule=f"{TURN}, {COMPONENTS}")
    if state.due == "reveal":
        return uniform([Revealed(card=c) for c in state.prestige_deck], rule=f"{PRESTIGE}, {COMPONENTS}")
    raise ValueError("no chance outcome is due")


def chance(state: State, rng: Any) -> Chance:
    """The outcome a seeded game gets: drawn uniformly from what is left in the pile."""
    if state.due == "row":
        k = min(len(state.players) + 1, len(state.prestige_deck))
        return RowDealt(cards=tuple(rng.sample(state.prestige_deck, k)))
    if state.due == "trail":
        k = min(state.config.trail, len(state.cosmos_deck))
        return TrailDealt(cards=tuple(rng.sample(state.cosmos_deck, k)))
    if state.due == "hand":
        return HandDealt(seat=next_to_deal(state), cards=state.config.hand)
    if state.due == "refill":
        return Refilled(card=rng.choice(state.cosmos_deck))
    if state.due == "reveal":
        return Revealed(card=rng.choice(state.prestige_deck))
    raise ValueError("no chance outcome is due")
