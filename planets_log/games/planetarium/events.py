"""Planetarium's events: chance outcomes (setup, draws, dice) and the players' actions.

Card fields hold a card id (`L3`, `H18`, `F2`); a record kept by one player may hold `?`
for a card that player could not see (a card drawn or dealt to someone else).
"""

from __future__ import annotations

from planets_log.game import UNKNOWN as UNKNOWN  # re-exported: the core's `?`
from planets_log.game import Action, Chance, Disclosure

# --- chance outcomes -----------------------------------------------------------


class MatterPlaced(Chance, tag="matter", frozen=True):
    """The 68 Matter tokens placed at random: one letter (G R W M) per white dot, in the edition's dot order."""

    tokens: str


class Dealt(Chance, tag="deal", frozen=True):
    """A player's opening cards: 2 Low, 2 High and 2 Final."""

    seat: int
    cards: tuple[str, ...]


class FirstPlayer(Chance, tag="first", frozen=True):
    """Who starts, drawn at random among the players tied for the highest-scoring discarded Final."""

    seat: int


class Drawn(Chance, tag="drawn", frozen=True):
    """The card(s) the player to move drew: one Low or High card, or two Final cards."""

    cards: tuple[str, ...]


class Rolled(Chance, tag="roll", frozen=True):
    """Solo variant: the two dice rolled after the player's turn."""

    dice: tuple[int, int]


# --- actions ---------------------------------------------------------------------


class Discarded(Action, tag="discard", frozen=True):
    """Setup: discarded one of the two Final cards dealt."""

    card: str


class Moved(Action, tag="move", frozen=True):
    """Moved the token on `frm` to `to`; `via` is the middle space of an accelerated two-space Matter move."""

    frm: str
    to: str
    via: str = ""


class Played(Action, tag="play", frozen=True):
    """Played a Low or High card to a planet.

    `marker`: "" places a marker from the supply; with none left, a planet letter moves one of
    the player's markers from a card of that planet, "-" plays without one (FAQ).
    `gravity`/`onto`: the Matter token taken from the board by a Gravity card and the planet
    on the player's mat it goes to.
    """

    card: str
    planet: str
    marker: str = ""
    gravity: str = ""
    onto: str = ""


class FinalPlayed(Action, tag="final", frozen=True):
    """On the final turn: played a Final card to a planet, removing one of the player's markers there."""

    card: str
    planet: str


class Downgraded(Action, tag="downgrade", frozen=True):
    """Discarded a card with the Downgrade icon instead of playing one; a Low card is drawn."""

    card: str


class DrawChosen(Action, tag="draw", frozen=True):
    """After playing a card: chose the deck to draw from (low, high, or final for two Finals, keep one)."""

    deck: str


class Kept(Action, tag="keep", frozen=True):
    """Kept one of the two Final cards drawn; the other goes face up to the Final discard pile.

    `discard` names that other card when the record did not see the draw (it is face up for all).
    """

    card: str
    discard: str = ""


class Ended(Action, tag="end", frozen=True):
    """Ended the turn (without playing a card, or after the final turn's cards)."""


CHANCE_EVENTS = (MatterPlaced, Dealt, FirstPlayer, Drawn, Rolled)
ACTION_EVENTS = (Discarded, Moved, Played, FinalPlayed, Downgraded, DrawChosen, Kept, Ended)


class HandShown(Disclosure, tag="shown", frozen=True):
    """A hand shown (in a record kept by one player): names for the `?` cards one seat holds."""

    seat: int
    cards: tuple[str, ...]


EVENTS = CHANCE_EVENTS + ACTION_EVENTS + (HandShown,)
