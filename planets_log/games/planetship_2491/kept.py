"""A record kept by one player (`new --kept-by`): `?` for what that player cannot see, named later.

Hidden from the keeper: the face-down reward cards, the cards others place on face-down
spaces, and others' face-down discards. They are named when the zone resolves (`revealed`),
when the keeper's own probe lands on a `?` (Probes: a probe's owner may look at the
face-down cards under it; phase "peek"), and when every discard pile is turned face up
(Round End > #4 - Discard Cards, phase "piles"). Each name must be a card the hidden one
could be.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterator
from typing import NoReturn

from planets_log.game import IllegalEvent

from . import events as E
from .board import place
from .flow import hidden_in_zone
from .state import State, char_at, occupant, replace, take, with_seat, with_space, with_zone, zone_spec

START = "Start of Round"
TURN = "Player's Turn"
PROBES = "Probes"
RESOLVE = "Round End > #1 - Resolving a Zone"
DISCARD = "Round End > #4 - Discard Cards"
PHASES = ("peek", "piles")


def _fail(code: str, message: str, rule: str) -> NoReturn:
    raise IllegalEvent(code, message, rule)


def hidden_allowed(state: State, face_down: bool, what: str, rule: str = START) -> None:
    """A `?` only in a record kept by one player, and only for what lies face down."""
    if not state.table:
        _fail("hidden.seeded", "'?' is only for table records (a seeded game knows every card)", rule)
    if state.keeper < 0:
        _fail("hidden.not-kept", "'?' is only for a record kept by one player (new --table --kept-by SEAT)", rule)
    if not face_down:
        _fail("hidden.face-up", f"{what} lies face up: name it", rule)


def hidden_placed(state: State, e: E.Placed) -> None:
    """A card placed as `?`: one the keeper does not see, on a face-down space."""
    if e.by == state.keeper or any(p.seat == state.keeper and (p.zone, p.space) == (e.zone, e.space)
                                   for p in state.probes):
        _fail("hidden.seen", f"{state.players[state.keeper]} keeps this record and sees this card: name it", TURN)
    spec = zone_spec(state, e.zone)
    hidden_allowed(state, e.space in spec.face_down and e.zone != 2, f"the card on {place(e.zone, e.space)}", TURN)


def revealed(state: State, e: E.Revealed) -> None:
    """Hidden cards named; at a zone's resolution each must be a card that could be there (deck or owner's hand)."""
    if state.phase != "reveal":
        check_named(state, e)
        return
    z = state.zones[state.zone]
    if len(e.cards) != hidden_in_zone(state, state.zone):
        _fail("reveal.count", reveal_hint(state), RESOLVE)
    names = iter(e.cards)
    deck = Counter(state.deck)
    hands = [Counter(hand) for hand in state.hands]
    for code in z.rewards:
        if code == E.HIDDEN:
            name = next(names)
            if deck[name] <= 0:
                _fail("reveal.reward", f"{name} is not a card still unaccounted for in the deck", RESOLVE)
            deck[name] -= 1
    for ch in z.spaces:
        if ch is not None and ch.card == E.HIDDEN:
            name = next(names)
            if hands[ch.owner][name] <= 0:
                _fail("reveal.card", f"{name} is not a card {state.players[ch.owner]} could have played", RESOLVE)
            hands[ch.owner][name] -= 1


def reveal_hint(state: State) -> str:
    """What the keeper types when the resolving zone turns its `?` cards face up."""
    named = hidden_slots(state)
    return (f"name the {len(named)} hidden card(s) of zone {state.zone} in this order: {', '.join(named)}: reveal "
            + " ".join("CARD" for _ in named))


def hidden_slots(state: State) -> list[str]:
    """What each '?' of the resolving zone is, in the order a reveal names them (rewards first, then by space)."""
    z = state.zones[state.zone]
    out = [f"the reward on {place(state.zone, 0)}" for c in z.rewards if c == E.HIDDEN]
    return out + [f"{state.players[ch.owner]}'s card on {place(state.zone, i + 1)}" for i, ch in enumerate(z.spaces)
                  if ch is not None and ch.card == E.HIDDEN]


def peek_due(state: State) -> bool:
    """True when the keeper's newest probe lies on a `?` (the card under it is seen now)."""
    if state.keeper < 0 or not state.probes or state.probes[-1].seat != state.keeper:
        return False
    return bool(slots(state))


def slots(state: State) -> list[tuple[str, int | None]]:
    """The `?` cards the due reveal names, in its order: (what it is, the owner's seat or None for the deck)."""
    if state.phase == "piles":
        return [(f"{state.players[i]}'s face-down discard", i) for i, pile in enumerate(state.discards)
                for c in pile if c == E.HIDDEN]
    probe = state.probes[-1]
    if probe.space == 0:
        z = state.zones[probe.zone]
        hidden = z.rewards_down and E.HIDDEN in z.rewards
        return [(f"the reward on {place(probe.zone, 0)}", None) for c in z.rewards if hidden and c == E.HIDDEN]
    ch = occupant(state, probe.zone, probe.space)
    if ch is None or ch.card != E.HIDDEN:
        return []
    return [(f"{state.players[ch.owner]}'s card on {place(probe.zone, probe.space)}", ch.owner)]


def hint(state: State) -> str:
    """What the keeper types now."""
    named = slots(state)
    why = ("the piles are turned face up" if state.phase == "piles" else
           f"{state.players[state.keeper]}'s probe looks at it")
    return (f"{why}: name {', '.join(what for what, _ in named)}, in this order: reveal "
            + " ".join("CARD" for _ in named))


def due(state: State) -> tuple[str, str] | None:
    """In a kept record waiting at the keeper's probe or the turned piles: what to type and its rule."""
    if state.phase not in PHASES:
        return None
    return hint(state), DISCARD if state.phase == "piles" else PROBES


def check_named(state: State, e: E.Revealed) -> None:
    """Each name is a card the hidden one could be: still unaccounted for in the deck, or in its owner's hand."""
    named = slots(state)
    rule = DISCARD if state.phase == "piles" else PROBES
    if len(e.cards) != len(named):
        _fail("reveal.count", hint(state), rule)
    deck = Counter(state.deck)
    hands = [Counter(hand) for hand in state.hands]
    for (what, owner), code in zip(named, e.cards):
        pile = deck if owner is None else hands[owner]
        if pile[code] <= 0:
            whose = "still unaccounted for in the deck" if owner is None else f"{state.players[owner]} held"
            _fail("reveal.reward" if owner is None else "reveal.card", f"{code} is not a card {whose}: it cannot be "
                  f"{what}", rule)
        pile[code] -= 1


def apply_named(state: State, e: E.Revealed) -> State:
    """The `?` cards replaced by their names, which leave the deck's unknowns or the owner's hand."""
    names = iter(e.cards)
    if state.phase == "piles":
        for i, pile in enumerate(state.discards):
            named = tuple(next(names) if c == E.HIDDEN else c for c in pile)
            hand = state.hands[i]
            for code in _new(pile, named):
                hand = take(hand, code)
            state = replace(state, hands=with_seat(state.hands, i, hand), discards=with_seat(state.discards, i, named))
        return state
    probe = state.probes[-1]
    if probe.space == 0:
        return name_rewards(state, probe.zone, names)
    ch = char_at(state, probe.zone, probe.space)
    code = next(names)
    state = replace(state, hands=with_seat(state.hands, ch.owner, take(state.hands[ch.owner], code)))
    return with_space(state, probe.zone, probe.space, replace(ch, card=code))


def _new(pile: tuple[str, ...], named: tuple[str, ...]) -> list[str]:
    """The names given to the `?` entries of a pile."""
    return [code for old, code in zip(pile, named) if old == E.HIDDEN]


def check_hidden_discard(state: State, e: E.Discarded) -> None:
    """Only another player's discard is unseen by the keeper (it goes face down until every pile is turned up)."""
    if not state.table:
        _fail("hidden.seeded", "'?' is only for table records (a seeded game knows every card)", DISCARD)
    if state.keeper < 0:
        _fail("hidden.not-kept", "'?' is only for a record kept by one player (new --table --kept-by SEAT)", DISCARD)
    if e.by == state.keeper:
        _fail("hidden.seen", f"{state.players[e.by]} keeps this record and sees their own discard: name it", DISCARD)


def pending_discards(state: State, seat: int) -> int:
    """Cards a seat discarded as `?` and not yet named (still counted in its hand)."""
    return state.discards[seat].count(E.HIDDEN) if state.discards else 0


def name_rewards(state: State, zone: int, names: Iterator[str]) -> State:
    """The zone's face-down `?` rewards named in turn from `names`, each taken out of the deck's unknowns."""
    rewards = []
    for code in state.zones[zone].rewards:
        if code == E.HIDDEN:
            code = next(names)
            state = replace(state, deck=take(state.deck, code), unknown=state.unknown - 1)
        rewards.append(code)
    return with_zone(state, zone, replace(state.zones[zone], rewards=tuple(rewards)))
