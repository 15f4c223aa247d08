"""Planetopia's events: the chance outcomes of the piles and the players' actions."""

from __future__ import annotations

from planets_log.game import Action, Chance

# --- chance outcomes -----------------------------------------------------------


class RowDealt(Chance, tag="row", frozen=True):
    """The opening Prestige row: players + 1 cards, left to right, by their patterns."""

    cards: tuple[str, ...]


class TrailDealt(Chance, tag="trail", frozen=True):
    """The opening Cosmos trail: 5 cards, left (far) to right (nearest the planets)."""

    cards: tuple[str, ...]


class HandDealt(Chance, tag="hand", frozen=True):
    """A player's three starting cards."""

    seat: int
    cards: tuple[str, ...]


class Refilled(Chance, tag="refill", frozen=True):
    """The Cosmos card drawn to the left end of the trail after a card was taken."""

    card: str


class Revealed(Chance, tag="reveal", frozen=True):
    """The Prestige card drawn into the row's gap after a combo."""

    card: str


# --- actions ---------------------------------------------------------------------


class Took(Action, tag="take", frozen=True):
    """Mandatory: took the Cosmos card at `slot` (1 = rightmost, free; slot n costs n - 1 Atoms)."""

    slot: int
    card: str


class Played(Action, tag="play", frozen=True):
    """Mandatory: played a card from hand and applied its effect.

    Alien cards: `place` is what each column (a, b, c) gains, bottom first; the Aliens not
    placed are the discarded surplus. Raygun: `cells` = (cell,), `colour` = the new colour.
    Switch and the swap starting cards: `cells` = the two cells swapped, in board order.
    """

    card: str
    place: tuple[str, str, str] = ("", "", "")
    cells: tuple[str, ...] = ()
    colour: str = ""


class Recovered(Action, tag="recover", frozen=True):
    """Mandatory: took every played card back into hand."""


class Atomized(Action, tag="atomize", frozen=True):
    """Optional: discarded 1 or 2 Aliens (cells in board order) for Atoms; `double` plays a Double earnings token."""

    cells: tuple[str, ...]
    double: bool = False


class Combo(Action, tag="combo", frozen=True):
    """Optional: discarded the Aliens of a Prestige card's pattern and took the card.

    `drop` names the Special token discarded when 4 would be held (may be the new one).
    """

    card: str
    drop: str = ""


class ExtraTurn(Action, tag="extra", frozen=True):
    """Played an Extra turn token: one more mandatory and one more optional action."""


class JokerPlaced(Action, tag="joker", frozen=True):
    """Played a Joker token: it falls into `column` of the planet as an Alien of any colour."""

    column: str


class Ended(Action, tag="end", frozen=True):
    """Ended the turn."""


CHANCE_EVENTS = (RowDealt, TrailDealt, HandDealt, Refilled, Revealed)
ACTION_EVENTS = (Took, Played, Recovered, Atomized, Combo, ExtraTurn, JokerPlaced, Ended)
EVENTS = CHANCE_EVENTS + ACTION_EVENTS
MANDATORY = (Took, Played, Recovered)
OPTIONAL = (Atomized, Combo)
