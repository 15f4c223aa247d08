"""Four Planets events: what chance revealed and what each seat decided."""

from __future__ import annotations

from typing import TypeGuard

from planets_log.game import Action, Chance, Disclosure, Event

# --- chance outcomes ----------------------------------------------------------------------


class BonusDealt(Chance, tag="bonus", frozen=True):
    """The 4 secret colour-bonus cards, positions 1..4 (position 1 is nearest seat 0)."""

    cards: tuple[str, ...]


class Dealt(Chance, tag="deal", frozen=True):
    """Specialists placed face up under the planets, two per planet, planet 1 first."""

    cards: tuple[str, ...]


class BoostsRevealed(Chance, tag="boosts", frozen=True):
    """The 5 boost tiles placed face up at setup."""

    tiles: tuple[str, ...]


class StartTile(Chance, tag="start", frozen=True):
    """The start tile's random orientation: the seat facing the spaceship symbol."""

    seat: int


class Drawn(Chance, tag="draw", frozen=True):
    """The top card of the deck, drawn by the green (Botany) ability."""

    card: str


class Revealed(Chance, tag="reveal", frozen=True):
    """The top cards of the deck (up to 5) drawn by the look-at-five boost tile."""

    cards: tuple[str, ...]


# --- actions -------------------------------------------------------------------------------


class Dispatched(Action, tag="dispatch", frozen=True):
    """One spaceship of `parts` parts sent to planet 1..4."""

    planet: int
    parts: int


class Recruited(Action, tag="recruit", frozen=True):
    """The superior (or lone) player takes a specialist from the planet's two."""

    planet: int
    card: str


class Played(Action, tag="play", frozen=True):
    """A specialist played from hand into its colour column, paid by discards and coins."""

    card: str
    discards: tuple[str, ...] = ()
    coins: int = 0


class Placed(Action, tag="place", frozen=True):
    """The card drawn by the green ability placed face down in a non-empty column."""

    colour: str


class TookTile(Action, tag="take", frozen=True):
    """A face-up boost tile taken by the purple (Science) ability."""

    tile: str


class Searched(Action, tag="search", frozen=True):
    """The card taken from the discard pile by the search tile."""

    card: str


class Kept(Action, tag="keep", frozen=True):
    """The card kept from those revealed by the look-at-five tile."""

    card: str


class Discounted(Action, tag="discount", frozen=True):
    """The column a discount tile (or a copy of it) is attached to."""

    colour: str


class Marked(Action, tag="mark", frozen=True):
    """The colour-bonus card (position 1..4) a private-bonus tile (or a copy) is placed on."""

    position: int


class Copied(Action, tag="copy", frozen=True):
    """The owned boost tile the copy tile is attached to."""

    tile: str


class Done(Action, tag="done", frozen=True):
    """End of the seat's play turn: keep at most one card, discard the rest of the hand."""

    keep: str | None = None


# --- reveals in a record kept by one player -----------------------------------------------


class BonusShown(Disclosure, tag="shown-bonus", frozen=True):
    """A colour-bonus card the keeper typed as `?`, now seen (explored, or shown at the end)."""

    position: int
    card: str


class DownShown(Disclosure, tag="shown-down", frozen=True):
    """A face-down card in a column (typed `draw ?`), now seen."""

    seat: int
    colour: str
    card: str


DISCLOSURES = (BonusShown, DownShown)
DISCLOSURE_TYPES: frozenset[type[Event]] = frozenset(DISCLOSURES)
"""For `type(event) in DISCLOSURE_TYPES` on the hot path: isinstance on Struct classes is slow."""


def is_shown(event: Event) -> TypeGuard[BonusShown | DownShown]:
    """True for a reveal of a kept record (a set lookup, not isinstance: this is the hot path)."""
    return type(event) in DISCLOSURE_TYPES
CHANCE_EVENTS = (BonusDealt, Dealt, BoostsRevealed, StartTile, Drawn, Revealed)
ACTION_EVENTS = (Dispatched, Recruited, Played, Placed, TookTile, Searched, Kept, Discounted, Marked, Copied, Done)
EVENTS = CHANCE_EVENTS + ACTION_EVENTS + DISCLOSURES
