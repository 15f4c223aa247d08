"""Seeded chance outcomes and the outcomes possible at each chance point, with their odds."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from fractions import Fraction
from itertools import combinations, permutations, product
from math import comb, factorial, perm
from typing import Any, NoReturn, cast

from planets_log.game import Chance, Outcomes, Stream, is_number, pool_refusal

from . import events as E
from . import kept
from .board import GRID_SHAPES, rows_of
from .state import State, deck_size, reward_slots

SETUP, FORMING, START = "Game Setup", "Forming Planetship Alpha", "Start of Round"
SCANNER = "Character Abilities > Scanner"


def outcome(state: State, rng: Stream) -> Chance:
    """The outcome a seeded game gets at this chance point, drawn from `rng` only."""
    return SAMPLERS[state.phase](state, rng)


def _missions(state: State, rng: Stream) -> E.MissionsDrawn:
    n = 5 if len(state.players) == 5 else 4
    ids = [m.id for m in state.ed.missions]
    return E.MissionsDrawn(missions=tuple(sorted(rng.sample(ids, n), key=ids.index)))


def _layout(state: State, rng: Stream) -> E.Formed:
    rows, cols, _ = GRID_SHAPES[len(state.players)]
    order = rng.shuffled(list(range(10)))
    grid = tuple(order[:rows * cols])
    return E.Formed(zones=grid, turns=tuple(rng.below(4) for _ in grid), reserve=tuple(order[rows * cols:]))


def _shift(state: State, rng: Stream) -> E.Shifted:
    rows = rows_of(len(state.players))
    if len(state.players) == 5:
        out = [z for z, _ in state.grid[-rows:]]
        aside = rng.choice(out)
        zones = tuple(rng.shuffled(list(state.reserve) + [z for z in out if z != aside]))
        return E.Shifted(zones=zones, turns=tuple(rng.below(4) for _ in zones), aside=aside)
    zones = tuple(rng.shuffled(list(state.reserve[-rows:])))
    return E.Shifted(zones=zones, turns=tuple(rng.below(4) for _ in zones))


def _drawn(state: State, rng: Stream, k: int) -> list[str]:
    """The top k cards of the deck: random unseen ones, then the known cards put at its bottom."""
    m = min(k, len(state.deck) - state.unknown)
    drawn = rng.sample(state.deck, m)
    if k > m:  # the deck's unseen part ran out: then the cards put under it, in order
        drawn += state.bottom[:k - m]
    return drawn


def _rewards(state: State, rng: Stream) -> E.RewardsDealt:
    slots = len(reward_slots(state))
    k = min(slots, deck_size(state))
    cards = _drawn(state, rng, k)
    where = rng.shuffled(range(slots))[:k]
    out = ["-"] * slots
    for i, code in zip(where, cards):
        out[i] = code
    return E.RewardsDealt(cards=tuple(out))


def _draw(state: State, rng: Stream) -> E.ScanDrawn:
    return E.ScanDrawn(card=_drawn(state, rng, 1)[0])


def _reveal(state: State, rng: Stream) -> NoReturn:
    raise ValueError("a seeded game never hides a card from its record: there is nothing to reveal")


SAMPLERS: dict[str, Callable[[State, Stream], Chance]] = {
    "missions": _missions, "layout": _layout, "shift": _shift, "rewards": _rewards, "draw": _draw, "reveal": _reveal,
}


def outcomes(state: State) -> Outcomes:
    """Every outcome with its probability, or a count, a sampler and a card test where they are too many."""
    phase = state.phase
    if phase == "missions":
        n = 5 if len(state.players) == 5 else 4
        ids = [m.id for m in state.ed.missions]
        listed = [E.MissionsDrawn(missions=c) for c in combinations(ids, n)]
        return _uniform(listed, rule=f"{SETUP}, Mission Cards", unordered=True)
    if phase == "draw":
        unseen = len(state.deck) - state.unknown
        cards = sorted(state.deck) if unseen > 0 else [state.bottom[0]]
        return _uniform([E.ScanDrawn(card=c) for c in cards], rule=SCANNER)
    if phase == "shift":
        return _uniform(_shifts(state), rule=f"{START}, {FORMING}")
    if phase == "layout":
        rows, cols, _ = GRID_SHAPES[len(state.players)]
        return Outcomes(count=factorial(10) * 4 ** (rows * cols), sampler=lambda rng: _layout(state, rng), rule=FORMING,
                        admit=lambda e: _zones_refusal(cast(E.Formed, e)), words=_layout_words(cols))
    if phase == "rewards":
        slots = len(reward_slots(state))
        k = min(slots, deck_size(state))
        unseen = len(state.deck) - state.unknown
        count = comb(slots, k) * comb(unseen, min(k, unseen)) * factorial(k)
        pool = state.deck + state.bottom
        return Outcomes(count=count, sampler=lambda rng: _rewards(state, rng), rule=f"{START}, {SETUP}",
                        admit=lambda e: _cards_refusal(pool, cast(E.RewardsDealt, e)),
                        words=_reward_words(state, k < slots))
    if phase == "reveal":
        return _reveals(state)
    if phase in kept.PHASES:
        return _named(state)
    return Outcomes(listed=())


# An outcome reaches `admit` only once `check` has refused any other kind (the casts below name the one kind left).


def _zones_refusal(e: E.Formed) -> str | None:
    """Why a layout's grid and reserve are not the 10 zones once each."""
    return pool_refusal(range(10), e.zones + e.reserve, "the 10 zones", 10)


def _cards_refusal(pool: tuple[str, ...], e: E.RewardsDealt) -> str | None:
    """Why the reward cards dealt are not all still in the character deck."""
    return pool_refusal(pool, [c for c in e.cards if c != "-"], "the character deck")


def _reveals(state: State) -> Outcomes:
    """A table keeper's hidden cards: distinct deck cards for rewards, distinct hand cards per owner."""
    z = state.zones[state.zone]
    rewards = sum(c == E.HIDDEN for c in z.rewards)
    per_owner: dict[int, int] = {}
    for ch in z.spaces:
        if ch is not None and ch.card == E.HIDDEN:
            per_owner[ch.owner] = per_owner.get(ch.owner, 0) + 1
    count = perm(len(state.deck), rewards)
    for owner, k in per_owner.items():
        count *= perm(len(state.hands[owner]), k)

    def sample(rng: Stream) -> E.Revealed:
        names = list(rng.sample(sorted(state.deck), rewards)) if rewards else []
        taken: dict[int, list[str]] = {o: rng.shuffled(list(state.hands[o])) for o in per_owner}
        for ch in z.spaces:
            if ch is not None and ch.card == E.HIDDEN:
                names.append(taken[ch.owner].pop())
        return E.Revealed(cards=tuple(names))

    return Outcomes(count=count, sampler=sample, words=_card_words(state))


def _named(state: State) -> Outcomes:
    """A kept record's reveal at a probe or of the turned-up piles: distinct deck or hand cards per `?`."""
    named = kept.slots(state)
    count = perm(len(state.deck), sum(owner is None for _, owner in named))
    for seat in range(len(state.players)):
        count *= perm(len(state.hands[seat]), sum(owner == seat for _, owner in named))

    def sample(rng: Stream) -> E.Revealed:
        pools = {o: rng.shuffled(list(state.deck if o is None else state.hands[o])) for _, o in named}
        return E.Revealed(cards=tuple(pools[o].pop() for _, o in named))

    return Outcomes(count=count, sampler=sample, words=_card_words(state))


def _layout_words(cols: int) -> tuple[str, ...]:
    """A layout's words: each zone with or without its turn, the column breaks, `reserve`."""
    return tuple(f"{z}{turn}" for z in range(10) for turn in ("", "@90", "@180", "@270")) + ("/",) * (cols - 1) + (
        "reserve",)


def _reward_words(state: State, short: bool) -> tuple[str, ...]:
    """A reward line's words: each slot's zone (`0:`), the cards still in the deck, `-` when it runs out, `?` (kept)."""
    zones = tuple(f"{z}:" for z in dict.fromkeys(reward_slots(state)))
    extra = ("-",) * short + (E.HIDDEN,) * (state.keeper >= 0)
    return zones + tuple(sorted(set(state.deck + state.bottom), key=_card_order)) + extra


def _card_words(state: State) -> tuple[str, ...]:
    """The cards a reveal may name: the deck's and the players' hands."""
    cards = set(state.deck).union(*state.hands)
    return tuple(sorted(cards, key=_card_order))


def _card_order(code: str) -> tuple[int, str]:
    """Deck cards by number, then the starting characters by colour and number."""
    return (int(code), "") if is_number(code) else (100, code)


def _shifts(state: State) -> list[E.Shifted]:
    rows = rows_of(len(state.players))
    if len(state.players) != 5:
        unseen = state.reserve if state.table and state.round == 2 else state.reserve[-rows:]  # see check._first_shift
        return [E.Shifted(zones=p, turns=t) for p in permutations(unseen, rows) for t in product(range(4), repeat=rows)]
    out = [z for z, _ in state.grid[-rows:]]
    return [E.Shifted(zones=p, turns=t, aside=a) for a in out
            for p in permutations(list(state.reserve) + [z for z in out if z != a])
            for t in product(range(4), repeat=rows)]


def _uniform(events: Sequence[Chance], **how: Any) -> Outcomes:
    p = Fraction(1, len(events))
    return Outcomes(listed=tuple((e, p) for e in events), **how)


def hint(state: State) -> str:
    """What the recorder types at a chance point of a table game, built from the position."""
    if state.phase in kept.PHASES:
        return kept.hint(state)
    if state.phase == "reveal":
        return kept.reveal_hint(state)
    if state.phase in HINTS:
        return HINTS[state.phase](state)
    return "no chance outcome is due"


def _missions_hint(state: State) -> str:
    n = 5 if len(state.players) == 5 else 4
    return f"the {n} face-up missions, in any order: missions " + " ".join(["M"] * n) + " (M: a mission, M1 to M13)"


def _layout_hint(state: State) -> str:
    rows, cols, reserve = GRID_SHAPES[len(state.players)]
    column = " ".join(["Z"] * rows)
    return ("the grid column by column, left first and top down, each zone with its turn (Z, Z@90, Z@180 or Z@270), "
            "then the reserve left to right: layout " + " / ".join([column] * cols) + " reserve "
            + " ".join(["Z"] * reserve))


def _shift_hint(state: State) -> str:
    column = " ".join(["Z"] * rows_of(len(state.players)))
    aside = " aside Z" if len(state.players) == 5 else ""
    return (f"the new left column top down, each zone with its turn{', and the zone set aside' if aside else ''}: "
            f"shift {column}{aside}")


def _rewards_hint(state: State) -> str:
    slots = reward_slots(state)
    words = [f"{z}:CARD+CARD" if slots.count(z) > 1 else f"{z}:CARD" for z in dict.fromkeys(slots)]
    hidden = ", ZONE:? for a face-down reward you cannot see" if state.keeper >= 0 else ""
    return (f"one reward card per slot in zone-number order ('-' where the deck ran out{hidden}): rewards "
            + " ".join(words))


HINTS: dict[str, Callable[[State], str]] = {
    "missions": _missions_hint,
    "layout": _layout_hint,
    "shift": _shift_hint,
    "rewards": _rewards_hint,
    "draw": lambda state: "the card the Scanner drew: draw CARD",
}
