"""Seeded chance outcomes: each is a uniform draw from what is still possible."""

from __future__ import annotations

from math import comb, factorial, perm
from typing import Callable

from planets_log.game import Chance, Outcomes, Stream, pool_refusal, sampled, uniform

from . import events as E
from .state import DEAL, LOOK, State, deck_left, plus

def draw(rng: Stream, deck: tuple[str, ...], discard: tuple[str, ...], n: int) -> tuple[str, ...]:
    """n cards off a shuffled deck; when it runs out, the shuffled discard pile continues."""
    if n <= len(deck):
        return tuple(rng.sample(deck, n))
    return tuple(rng.shuffled(deck)) + tuple(rng.sample(discard, n - len(deck)))


def outcome(state: State, rng: Stream) -> Chance:
    """The outcome a seeded game gets at this chance point, drawn from `rng` only."""
    phase, total = state.phase, len(state.deck) + len(state.discard)
    if phase == "setup-bonus":
        return E.BonusDealt(cards=draw(rng, state.deck, (), 4))
    if phase in ("setup-deal", "deal"):
        return E.Dealt(cards=draw(rng, state.deck, state.discard, min(DEAL, total)))
    if phase == "setup-boosts":
        if state.first_game is not None:
            return E.BoostsRevealed(tiles=state.first_game)
        return E.BoostsRevealed(tiles=tuple(sorted(rng.sample(state.tile_pool, 5))))
    if phase == "setup-start":
        return E.StartTile(seat=rng.below(2))
    if state.pending is not None and state.pending.step == "draw":
        return E.Drawn(card=draw(rng, state.deck, state.discard, 1)[0])
    if state.pending is not None and state.pending.step == "reveal":
        return E.Revealed(cards=draw(rng, state.deck, state.discard, min(LOOK, total)))
    raise ValueError(f"no chance outcome is due in the {phase} phase")


KEY = ("C: a card code — colour R/Y/G/P/B, cost 0-2, vN for N victory points, one s per symbol (G2v1ss); "
       "T: a boost tile id (vp4 columns5 sets5 thirteen bp3 search look5 discount bonus1 copy); "
       "?: in a record kept by one player, a card that player cannot see")


def draws(deck: tuple[str, ...], discard: tuple[str, ...], n: int) -> int:
    """How many equally likely ordered draws `draw` can make (cards told apart)."""
    if n <= len(deck):
        return perm(len(deck), n)
    return factorial(len(deck)) * perm(len(discard), n - len(deck))


SETUP, ROUND, DRAW, LOOK_TILE = "Components, Setup", "Preparing the Next Round", "Specialist Abilities", "The Boost Tiles"


def outcomes(state: State) -> Outcomes:
    """Every outcome possible at this chance point with its probability, or their count, a sampler and a card test."""
    phase, total = state.phase, len(state.deck) + len(state.discard)
    sample = lambda rng: outcome(state, rng)  # noqa: E731 - the seeded draw is the sampler
    if phase == "setup-start":
        return uniform([E.StartTile(seat=0), E.StartTile(seat=1)], rule="Setup")
    if phase == "setup-boosts":  # counted, not listed: the tiles may be written in any order
        tiles = state.first_game if state.first_game is not None else state.tile_pool
        return sampled(1 if state.first_game is not None else comb(len(state.tile_pool), 5), sample, rule=SETUP,
                       admit=_tiles_from(tiles), words=tuple(tiles))
    if phase == "setup-bonus":
        return sampled(draws(state.deck, (), 4), sample, rule=SETUP, admit=_from_deck(state, 4),
                       words=_pool(state, 4))
    if phase in ("setup-deal", "deal"):
        n = min(DEAL, total)
        return sampled(draws(state.deck, state.discard, n), sample, rule=SETUP if phase == "setup-deal" else ROUND,
                       admit=_from_deck(state, n), words=_pool(state, n) + ("/",) * 3)
    if state.pending is not None and state.pending.step == "draw":
        pile = state.deck if deck_left(state) > 0 else state.discard
        return uniform([E.Drawn(card=c) for c in pile], rule=f"{DRAW}, {SETUP}")
    if state.pending is not None and state.pending.step == "reveal":
        n = min(LOOK, total)
        return sampled(draws(state.deck, state.discard, n), sample, rule=LOOK_TILE, admit=_from_deck(state, n),
                       words=_pool(state, n))
    raise ValueError(f"no chance outcome is due in the {phase} phase")


def not_due(event: Chance) -> str:
    """Why an outcome of another kind is not one of these (`check` refuses it before it is tested)."""
    return f"a '{type(event).__struct_config__.tag}' outcome is not due here"


def _tiles_from(tiles: tuple[str, ...]) -> Callable[[Chance], str | None]:
    """The test of the 5 boost tiles revealed at setup: all from `tiles`."""
    def admit(e: Chance) -> str | None:
        if not isinstance(e, E.BoostsRevealed):
            return not_due(e)
        return pool_refusal(tiles, e.tiles, "the boost tiles", 5)
    return admit


def _pool(state: State, n: int) -> tuple[str, ...]:
    """The cards a draw of n comes from: the deck's, then the discard pile's once it runs out."""
    return state.deck if n <= deck_left(state) else plus(state.deck, state.discard)


def _from_deck(state: State, n: int) -> Callable[[Chance], str | None]:
    """The card test of a counted draw of n: the deck's cards, then the discard pile's once it runs out."""
    pool = _pool(state, n)
    where = "the deck" if n <= deck_left(state) else "the deck and the reshuffled discard pile"

    def admit(e: Chance) -> str | None:
        if not isinstance(e, (E.BonusDealt, E.Dealt, E.Revealed)):
            return not_due(e)
        return pool_refusal(pool, e.cards, where)
    return admit


def hint(state: State) -> str:
    """What the recorder types at a chance point of a table game."""
    phase = state.phase
    if phase == "setup-bonus":
        return "the 4 colour-bonus cards, position 1 (nearest the first player) first: bonus C C C C"
    if phase in ("setup-deal", "deal"):
        return "the specialists under planets 1..4: deal C C / C C / C C / C C"
    if phase == "setup-boosts":
        return "the 5 face-up boost tiles: boosts T T T T T"
    if phase == "setup-start":
        return "who faces the spaceship symbol: start NAME"
    if state.pending is not None and state.pending.step == "draw":
        return "the card drawn for the green ability: draw C"
    if state.pending is not None and state.pending.step == "reveal":
        unseen = state.kept_by is not None and state.turn != state.kept_by
        return "the cards drawn for the look-at-five tile: reveal C C C C C" + (
            f" ({state.players[state.turn]} looks at them alone: reveal ? ? ? ? ?)" if unseen else "")
    return "no chance outcome is due"
