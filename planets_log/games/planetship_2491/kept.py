"""A record kept by one player (`new --kept-by`): `?` for what that player cannot see, revealed later.

Hidden from the keeper: the face-down reward cards and the cards others place on face-down
spaces the keeper has no probe on. A zone's hidden cards are revealed when it resolves, and
each revealed card must be one that could be there.
"""

from __future__ import annotations

from collections import Counter

from planets_log.core.errors import IllegalEvent

from . import chance
from . import events as E
from .flow import hidden_in_zone
from .notation import place
from .state import State, zone_spec

START = "Start of Round"
TURN = "Player's Turn"
RESOLVE = "Round End > #1 - Resolving a Zone"


def fail(code: str, message: str, rule: str) -> None:
    """Raise the illegal-event error."""
    raise IllegalEvent(code, message, rule)


def hidden_allowed(state: State, face_down: bool, what: str, rule: str = START) -> None:
    """A `?` only in a record kept by one player, and only for what lies face down."""
    if not state.table:
        fail("hidden.seeded", "'?' is only for table records (a seeded game knows every card)", rule)
    if state.keeper < 0:
        fail("hidden.not-kept", "'?' is only for a record kept by one player (new --table --kept-by SEAT)", rule)
    if not face_down:
        fail("hidden.face-up", f"{what} lies face up: name it", rule)


def hidden_placed(state: State, e: E.Placed) -> None:
    """A card placed as `?`: one the keeper does not see, on a face-down space."""
    if e.by == state.keeper or any(p.seat == state.keeper and (p.zone, p.space) == (e.zone, e.space)
                                   for p in state.probes):
        fail("hidden.seen", f"{state.players[state.keeper]} keeps this record and sees this card: name it", TURN)
    spec = zone_spec(state, e.zone)
    hidden_allowed(state, e.space in spec.face_down and e.zone != 2, f"the card on {place(e.zone, e.space)}", TURN)


def revealed(state: State, e: E.Revealed) -> None:
    """A zone's hidden cards revealed: each a card that could be there (in the deck, or in its owner's hand)."""
    z = state.zones[state.zone]
    want = hidden_in_zone(state, state.zone)
    if len(e.cards) != want:
        fail("reveal.count", chance.hint(state), RESOLVE)
    names = iter(e.cards)
    deck = Counter(state.deck)
    hands = [Counter(hand) for hand in state.hands]
    for code in z.rewards:
        if code == E.HIDDEN:
            name = next(names)
            if deck[name] <= 0:
                fail("reveal.reward", f"{name} is not a card still unaccounted for in the deck", RESOLVE)
            deck[name] -= 1
    for ch in z.spaces:
        if ch is not None and ch.card == E.HIDDEN:
            name = next(names)
            if hands[ch.owner][name] <= 0:
                fail("reveal.card", f"{name} is not a card {state.players[ch.owner]} could have played", RESOLVE)
            hands[ch.owner][name] -= 1
