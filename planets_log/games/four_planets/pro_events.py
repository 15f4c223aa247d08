"""Professional Mode events: the building deal and choice, and what buildings let a seat do."""

from __future__ import annotations

from planets_log.game import Action, Chance


class BuildingsDealt(Chance, tag="buildings", frozen=True):
    """4 buildings dealt to each seat before setup: seat 1's four, then seat 2's."""

    buildings: tuple[str, ...]


class BuildingsChosen(Action, tag="choose", frozen=True):
    """The 2 buildings a seat keeps of the 4 dealt to it (hidden until both have chosen)."""

    buildings: tuple[str, ...]


class Oriented(Action, tag="orient", frozen=True):
    """The start tile turned by the seat the campaign names: `seat` faces the spaceship symbol."""

    seat: int


class SideChosen(Action, tag="side", frozen=True):
    """The end at which recruiting begins this round (a recruit-side building): left or right."""

    side: str


class BuildingCard(Chance, tag="building-card", frozen=True):
    """The card a take-card building found in the deck at setup."""

    building: str
    card: str


class BoostStored(Action, tag="store", frozen=True):
    """A face-up boost tile taken and stored on a store-boost building instead of used."""

    tile: str


class BuildingUsed(Action, tag="use", frozen=True):
    """An as-coin building used in the play turn (then turned over when it is once per game)."""

    building: str


PRO_CHANCE = (BuildingsDealt, BuildingCard)
PRO_ACTIONS = (BuildingsChosen, Oriented, SideChosen, BoostStored, BuildingUsed)
PRO_EVENTS = PRO_CHANCE + PRO_ACTIONS
ProEvent = BuildingsDealt | BuildingCard | BuildingsChosen | Oriented | SideChosen | BoostStored | BuildingUsed
"""Any event of Professional Mode (what `isinstance(event, PRO_EVENTS)` narrows to)."""
PRO_TYPES = frozenset(PRO_EVENTS)
"""For `type(event) in PRO_TYPES` on the hot path: isinstance on a tuple of Struct classes costs ~1 µs."""
