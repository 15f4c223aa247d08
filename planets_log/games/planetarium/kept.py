"""A record kept by one player (`new --table --kept-by SEAT`): `?` only for what that player cannot see.

Hidden from the keeper: the other players' dealt cards, the cards they draw, and the Final card
they keep of two drawn. A `?` card is named when it is played (checked against the cards still
unseen), or by `shown SEAT CARD…` when a hand is shown (at the end); the score never needs a hidden
card's name (points come from cards played), so no reveal is ever missing for it.
"""

from __future__ import annotations

from msgspec.structs import replace

from planets_log.game import UNKNOWN, Event, IllegalEvent

from .events import Dealt, Drawn, HandShown, Kept
from .state import DECK_INDEX, UNSEEN, State, card, cards_of, deck_cards, sort_cards, with_seat

KEPT = "docs/table.md: records kept by one player"


def check_hidden(state: State, e: Event) -> None:
    """Refuse a `?` outside a kept record, or for a card the keeper sees."""
    if isinstance(e, Dealt):
        hidden, owner, what = UNKNOWN in e.cards, e.seat, "is dealt these cards"
    elif isinstance(e, Drawn):
        hidden, owner, what = UNKNOWN in e.cards, state.turn, "draws these cards"
    elif isinstance(e, Kept):
        hidden, owner, what = e.card == UNKNOWN, e.by, "keeps this card"
    else:
        return
    if not hidden:
        return
    if state.keeper < 0:
        raise IllegalEvent("hidden.not-kept", "'?' is only for a record kept by one player "
                           "(new --table --kept-by SEAT)", KEPT)
    if owner == state.keeper:
        raise IllegalEvent("hidden.seen", f"{state.players[owner]} keeps this record and {what}: name them", KEPT)


def check_shown(state: State, e: HandShown) -> None:
    """A hand shown names cards held as `?`, each of its deck's kind and still possible (not seen since)."""
    if state.keeper < 0:
        raise IllegalEvent("hidden.not-kept", "'shown' reveals the '?' cards of a record kept by one player", KEPT)
    if not 0 <= e.seat < len(state.players):
        raise IllegalEvent("shown.seat", f"seat {e.seat + 1} is not a seat of this game", KEPT)
    name = state.players[e.seat]
    if not e.cards or len(set(e.cards)) != len(e.cards):
        raise IllegalEvent("shown.cards", "name each card shown once", KEPT)
    left = list(state.seats[e.seat].hand)
    for cid in e.cards:
        if cid not in cards_of(state.edition):
            raise IllegalEvent("shown.card", f"{cid} is not a card of this edition", KEPT)
        kind = card(state, cid).deck
        if UNSEEN[kind] not in left:
            raise IllegalEvent("shown.hidden", f"{name} holds no more unseen {kind.capitalize()} card for {cid}", KEPT)
        if not state.unknown[DECK_INDEX[kind]] or cid not in deck_cards(state, kind):
            raise IllegalEvent("shown.impossible", f"{cid} cannot be one of {name}'s unseen cards: it has been seen "
                               "since they were hidden", KEPT)
        left.remove(UNSEEN[kind])


def apply_shown(state: State, e: HandShown) -> State:
    """Each `?` card shown replaced by its name; the card leaves its deck's list of unseen candidates."""
    hand = list(state.seats[e.seat].hand)
    for cid in e.cards:
        kind = card(state, cid).deck
        hand[hand.index(UNSEEN[kind])] = cid
        u = list(state.unknown)
        u[DECK_INDEX[kind]] -= 1
        state = replace(state, **{kind: tuple(c for c in getattr(state, kind) if c != cid)}, unknown=tuple(u))
    return with_seat(state, e.seat, hand=sort_cards(hand))


def hidden_hands(state: State) -> list[int]:
    """The seats whose hands still hold `?` cards."""
    return [i for i, s in enumerate(state.seats) if any(c in UNSEEN.values() for c in s.hand)]
