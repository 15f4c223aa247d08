"""A record kept by one player (`new --table --kept-by SEAT`): `?` only for what that player cannot see.

Hidden from the keeper: the other players' dealt cards, the cards they draw, and the Final card
they keep of two drawn. A `?` card is named when it is played (checked against the cards still
unseen); the score never needs a hidden card's name (points come from cards played).
"""

from __future__ import annotations

from planets_log.core.errors import IllegalEvent
from planets_log.core.events import UNKNOWN

from .events import Dealt, Drawn, Kept
from .state import State

KEPT = "docs/table.md: records kept by one player"


def check_hidden(state: State, e) -> None:
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
