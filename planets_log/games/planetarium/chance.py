"""Chance: the seeded outcome at each chance point, the outcomes possible there, and their checks."""

from __future__ import annotations

from collections.abc import Callable
from fractions import Fraction
from itertools import combinations
from math import comb, factorial
from typing import Any

from planets_log.game import Chance, Event, IllegalEvent, Outcomes, Stream, pool_refusal, sampled

from .edition import MATTER
from .events import UNKNOWN, Dealt, Drawn, FirstPlayer, MatterPlaced, Rolled
from .notation import matter_usage, orbit_dots, seat_word
from .state import State, card, cards_of, deck_cards, left, sort_cards

SETUP, DRAW, DISCARDS, SOLO = "Set-Up", "Drawing Cards", "Discard Piles", "Solo Variant"


def matter_pool(state: State) -> list[str]:
    """The 68 Matter letters in canonical order."""
    return [m for m in MATTER for _ in range(state.edition.matter[m])]


def next_to_deal(state: State) -> int:
    """The seat whose opening cards are dealt next."""
    return sum(1 for s in state.seats if s.hand)


def tied_first(state: State) -> list[int]:
    """The seats tied for the highest-scoring Final discarded at setup (Starting the Game)."""
    points = [card(state, s.discarded).points if s.discarded not in ("", UNKNOWN) else -1 for s in state.seats]
    best = max(points)
    return [i for i, p in enumerate(points) if p == best]


def draw_pool(state: State) -> tuple[tuple[str, ...], tuple[str, ...]]:
    """(deck, reshuffled discard) for the draw due: the discard continues only once the deck runs out."""
    if state.drawing == "low":
        return state.low, ()
    if state.drawing == "high":
        return (state.high, ()) if left(state, "high") else (state.high_discard, ())
    return state.final, state.final_discard


def draw_count(state: State) -> int:
    """How many cards the draw due takes: one, or two Finals (fewer if fewer remain)."""
    if state.drawing != "final":
        return 1
    return min(2, left(state, "final") + len(state.final_discard))


def chance(state: State, rng: Stream) -> Chance:
    """The outcome a seeded game gets at this chance point, drawn from `rng` only."""
    if state.phase == "matter":
        return MatterPlaced(tokens="".join(rng.shuffled(matter_pool(state))))
    if state.phase == "deal":
        cards = rng.sample(state.low, 2) + rng.sample(state.high, 2) + rng.sample(state.final, 2)
        return Dealt(seat=next_to_deal(state), cards=sort_cards(cards))
    if state.phase == "first":
        return FirstPlayer(seat=rng.choice(tied_first(state)))
    if state.phase == "drawn":
        deck, more = draw_pool(state)
        n = draw_count(state)
        got = rng.sample(deck, n) if len(deck) >= n else list(rng.shuffled(deck)) + rng.sample(more, n - len(deck))
        return Drawn(cards=sort_cards(got))
    if state.phase == "roll":
        return Rolled(dice=(rng.below(6) + 1, rng.below(6) + 1))
    raise ValueError(f"no chance outcome is due in the {state.phase} phase")


def outcomes(state: State) -> Outcomes:
    """Every outcome possible now with its probability (a count, a sampler and a card test for the big ones)."""
    sample = lambda rng: chance(state, rng)  # noqa: E731 - the seeded draw is the sampler
    if state.phase == "matter":
        pool = matter_pool(state)
        count = factorial(len(pool))
        for m in MATTER:
            count //= factorial(state.edition.matter[m])
        return sampled(count, sample, rule=SETUP,
                       admit=lambda e: pool_refusal(pool, list(e.tokens), "the Matter tokens", len(pool)),
                       words=tuple(f"{k}:" for k in orbit_dots(state)))  # Tab offers the orbits not typed yet
    if state.phase == "deal":
        count = comb(len(state.low), 2) * comb(len(state.high), 2) * comb(len(state.final), 2)
        return sampled(count, sample, rule=SETUP, admit=lambda e: _deal_refusal(state, e),
                       words=(_seat_name(state, next_to_deal(state)),) + state.low + state.high + state.final)
    if state.phase == "first":
        tied = tied_first(state)
        return Outcomes(listed=tuple((FirstPlayer(seat=s), Fraction(1, len(tied))) for s in tied),
                        rule="Starting the Game")
    if state.phase == "drawn":
        return Outcomes(listed=tuple(_draws(state)), rule=f"{DRAW}, {DISCARDS}", unordered=True)
    if state.phase == "roll":
        return Outcomes(listed=tuple((Rolled(dice=(a, b)), Fraction(1, 36)) for a in range(1, 7) for b in range(1, 7)),
                        rule=SOLO)
    return Outcomes(listed=())


def _deal_refusal(state: State, e: Dealt) -> str | None:
    """Why a deal cannot happen now: another seat's cards are due, or its cards are not left in the decks."""
    if e.seat != next_to_deal(state):
        return f"{_seat_name(state, next_to_deal(state))}'s cards are dealt next"
    return pool_refusal(state.low + state.high + state.final, e.cards, "the Low, High and Final decks", 6)


def _draws(state: State) -> list[tuple[Chance, Fraction]]:
    """Every draw as sorted cards: the deck's cards first, the reshuffled discard's once it runs out."""
    deck, more = draw_pool(state)
    n = draw_count(state)
    # in a kept record the deck lists cards drawn unseen: it really holds only `left` of them
    real = left(state, state.drawing) if deck is deck_cards(state, state.drawing) else len(deck)
    k = min(n, real)
    picks = [sort_cards(a + b) for a in combinations(deck, k) for b in combinations(more, n - k)]
    return [(Drawn(cards=p), Fraction(1, len(picks))) for p in picks]


def hint(state: State) -> str:
    """What the recorder types at a chance point of a table game."""
    return {
        "matter": matter_usage(state),
        "deal": f"deal {_seat_name(state, next_to_deal(state))} L L H H F F (the 6 cards dealt; ? for unseen)",
        "first": "first PLAYER (drawn among those tied for the highest-scoring discarded Final)",
        "drawn": "drawn CARD (two cards for a Final draw; ? for a card you could not see)",
        "roll": "roll D D (the two dice)",
    }.get(state.phase, "no chance outcome is due")


def _seat_name(state: State, seat: int) -> str:
    """The seat as the recorder types it (a name that would read back as another seat is its number)."""
    return seat_word(seat, state)


# --- checks ------------------------------------------------------------------------


def check_chance(state: State, e: Event) -> None:
    """Raise IllegalEvent when a chance outcome is not possible now."""
    handler = _CHECKS.get(type(e))
    if handler is None:
        raise IllegalEvent("type", f"{type(e).__name__} is not a Planetarium event", SETUP)
    kind = e.__struct_config__.tag
    if state.phase != {"matter": "matter", "deal": "deal", "first": "first", "drawn": "drawn",
                       "roll": "roll"}[str(kind)]:
        raise IllegalEvent("chance.order", f"a {kind} outcome is not due now ({hint(state)})", SETUP)
    handler(state, e)


def _matter(state: State, e: MatterPlaced) -> None:
    if sorted(e.tokens) != sorted(matter_pool(state)):
        mix = ", ".join(f"{n} {m}" for m, n in state.edition.matter.items())
        got = ", ".join(f"{e.tokens.count(m)} {m}" for m in MATTER)
        raise IllegalEvent("matter.tokens", f"the Matter tokens are {mix}, one per white dot; the outcome gives "
                           f"{got} ({len(e.tokens)} letters)", SETUP)


def _deal(state: State, e: Dealt) -> None:
    if e.seat != next_to_deal(state):
        raise IllegalEvent("deal.seat", f"{_seat_name(state, next_to_deal(state))}'s cards are dealt next", SETUP)
    kinds = {"low": state.low, "high": state.high, "final": state.final}
    want = {"low": 2, "high": 2, "final": 2}
    for c in e.cards:
        if c == UNKNOWN:
            continue
        if c not in cards_of(state.edition) or c not in kinds[card(state, c).deck]:
            raise IllegalEvent("deal.card", f"{c} is not a card left in its deck", SETUP,
                               "a card of this deal is not left in its deck")  # a hand is dealt face down
        want[card(state, c).deck] -= 1
    if len(e.cards) != 6 or len(set(c for c in e.cards if c != UNKNOWN)) != sum(1 for c in e.cards if c != UNKNOWN) \
            or any(v < 0 for v in want.values()):
        raise IllegalEvent("deal.cards", "each player is dealt 2 Low, 2 High and 2 Final cards", SETUP)


def _first(state: State, e: FirstPlayer) -> None:
    if e.seat not in tied_first(state):
        names = ", ".join(_seat_name(state, s) for s in tied_first(state))
        raise IllegalEvent("first.seat", f"the first player is drawn among {names} (tied for the highest "
                           "discarded Final)", "Starting the Game")


def _drawn(state: State, e: Drawn) -> None:
    n = draw_count(state)
    if len(e.cards) != n:
        raise IllegalEvent("drawn.count", f"{n} card{'s' if n != 1 else ''} drawn from the {state.drawing} deck, "
                           f"not {len(e.cards)}", DRAW)
    deck, more = draw_pool(state)
    known = [c for c in e.cards if c != UNKNOWN]
    short = state.drawing == "final" and left(state, "final") < n
    pool = list(deck) + list(more) if short else list(deck)
    for c in known:
        if c not in pool:
            raise IllegalEvent("drawn.card", f"{c} is not in the {state.drawing} deck now", DRAW,
                               f"a card drawn is not in the {state.drawing} deck now")  # drawn face down
    if len(set(known)) != len(known):
        raise IllegalEvent("drawn.card", "the same card is drawn twice", DRAW)
    if sum(1 for c in known if c in deck_cards(state, state.drawing)) > left(state, state.drawing):
        raise IllegalEvent("drawn.card", f"only {left(state, state.drawing)} card(s) remain in the {state.drawing} "
                           "deck; the others it lists were drawn unseen", "Discard Piles")
    if short and not state.unknown[2] and 0 < len(deck) and any(c in more for c in known) \
            and len(known) == n and not all(c in known for c in deck):
        raise IllegalEvent("drawn.card", "the deck's last cards are drawn before the discard pile is reshuffled",
                           "Discard Piles")


def _roll(state: State, e: Rolled) -> None:
    if len(e.dice) != 2 or any(not 1 <= d <= 6 for d in e.dice):
        raise IllegalEvent("roll.dice", f"two six-sided dice show 1-6 each, not {e.dice}", SOLO)


_CHECKS: dict[type[Event], Callable[[State, Any], None]] = {  # each takes the event type it is keyed by
    MatterPlaced: _matter, Dealt: _deal, FirstPlayer: _first, Drawn: _drawn, Rolled: _roll,
}
