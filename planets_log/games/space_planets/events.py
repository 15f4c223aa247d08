"""Space Planets events: the seat's decisions and what the cards and the die revealed."""

from __future__ import annotations

from planets_log.game import Action, Chance


class Dealt(Chance, tag="dealt", frozen=True):
    """The 9 cards turned face up into the grid, spaces 1..9 row by row."""

    cards: tuple[str, ...]


class Rolled(Action, tag="rolled", frozen=True):
    """The seat sends out the probe: rolls the die at the grid."""


class Landed(Chance, tag="landed", frozen=True):
    """Where the die came to rest: a space (its card) and the face shown, or off the grid (all None)."""

    space: int | None = None
    card: str | None = None
    face: int | None = None


class Explored(Action, tag="explored", frozen=True):
    """The seat pays the fuel and takes the planet card the die landed on."""

    card: str


class Collected(Action, tag="collected", frozen=True):
    """The seat does not explore and takes crystals equal to the die's face instead."""


class Rerolled(Action, tag="rerolled", frozen=True):
    """The seat turns a face-up re-roll card over and rolls the die again."""


class Passed(Action, tag="passed", frozen=True):
    """In the last round, the seat declines its one more roll."""


class Refilled(Chance, tag="refilled", frozen=True):
    """The card drawn from the deck into an emptied grid space."""

    space: int
    card: str


EVENTS = (Dealt, Rolled, Landed, Explored, Collected, Rerolled, Passed, Refilled)
