"""2491 Planetship events: what chance revealed and what each seat decided.

A card or zone-space is named by strings and small integers: a character card by its id
("17", or "R3" for red's third starting character), a space by zone number and its roman
numeral as an integer (1 = I), 0 for the zone's reward space. A hidden identity typed by a
record kept by one player is "?" and a later `reveal` (a disclosure) names it.
"""

from __future__ import annotations

from planets_log.game import UNKNOWN, Action, Chance, Disclosure
from planets_log.game import Event as Event  # re-exported: the base of every event here, for annotations

HIDDEN = UNKNOWN
"""A card identity the keeper of a record kept by one player cannot see (`Header.kept_by`)."""

# --- chance outcomes ----------------------------------------------------------------------


class MissionsDrawn(Chance, tag="missions", frozen=True):
    """The face-up missions drawn at setup (4, or 5 with 5 players)."""

    missions: tuple[str, ...]


class Formed(Chance, tag="layout", frozen=True):
    """Planetship Alpha at setup: the grid column by column (left first, top down), each
    zone with its clockwise quarter turns, and the face-down reserve from left to right."""

    zones: tuple[int, ...]
    turns: tuple[int, ...]
    reserve: tuple[int, ...]


class Shifted(Chance, tag="shift", frozen=True):
    """The start-of-round shift: the new left column (top down) with its quarter turns, and
    with 5 players the zone set aside as the new reserve."""

    zones: tuple[int, ...]
    turns: tuple[int, ...]
    aside: int | None = None


class RewardsDealt(Chance, tag="rewards", frozen=True):
    """The reward cards, one per reward slot in zone-number order (Harvests has two slots);
    "-" for a slot left empty because the deck ran out, "?" for a face-down card unseen."""

    cards: tuple[str, ...]


class ScanDrawn(Chance, tag="draw", frozen=True):
    """The top card of the character deck, drawn by a Scanner."""

    card: str


class Revealed(Disclosure, tag="reveal", frozen=True):
    """The identities of cards the keeper typed as "?", in the order they are turned up (when their zone resolves)."""

    cards: tuple[str, ...]


# --- placement -------------------------------------------------------------------------------


class Placed(Action, tag="place", frozen=True):
    """A character from hand played with a ship onto a space."""

    card: str
    zone: int
    space: int


class Rotated(Action, tag="rotate", frozen=True):
    """The Military Area's first placer turns it by clockwise quarter turns (0: leaves it)."""

    turns: int


class Probed(Action, tag="probe", frozen=True):
    """A probe placed on a space (0: the reward space) of a zone; zone None: no probe."""

    zone: int | None = None
    space: int = 0


# --- round end -----------------------------------------------------------------------------


class Hacked(Action, tag="hack", frozen=True):
    """Hacker: an unshielded enemy character in this zone goes back to its owner's hand."""

    space: int


class Scanned(Action, tag="scan", frozen=True):
    """Scanner: the top card of the deck goes face up to this zone's reward space."""


class Buried(Action, tag="bury", frozen=True):
    """Scanner's second half: a reward card of this zone goes to the bottom of the deck."""

    card: str


class Pulled(Action, tag="tractor", frozen=True):
    """Tractor Beam: a character of an adjacent zone moved to a free space of this zone."""

    zone: int
    space: int
    to: int


class Shielded(Action, tag="shield", frozen=True):
    """Shield: a shield token on a character of this zone or an adjacent one."""

    zone: int
    space: int


class Radioed(Action, tag="radio", frozen=True):
    """Team Radio: +1 strength per other friendly character here and in adjacent zones."""


class Teleported(Action, tag="teleport", frozen=True):
    """Teleport: the character moves to a free space of an adjacent zone."""

    zone: int
    space: int


class Passed(Action, tag="done", frozen=True):
    """The character at the resolving space uses no more abilities."""


class Kept(Action, tag="keep", frozen=True):
    """Harvests: the winner keeps one reward; the other goes to the bottom of the deck."""

    card: str


class Removed(Action, tag="remove", frozen=True):
    """Radioactive Area: the winner removes one of their characters here from the game."""

    space: int


class Discarded(Action, tag="discard", frozen=True):
    """One card discarded from a hand of more than 6 into its owner's pile."""

    card: str


CHANCE_EVENTS = (MissionsDrawn, Formed, Shifted, RewardsDealt, ScanDrawn, Revealed)
ACTION_EVENTS = (Placed, Rotated, Probed, Hacked, Scanned, Buried, Pulled, Shielded, Radioed, Teleported,
                 Passed, Kept, Removed, Discarded)
EVENTS = CHANCE_EVENTS + ACTION_EVENTS
