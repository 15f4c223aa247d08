"""The plug-in boundary: what a game package exports as `RULES`.

A game subclasses `Rules` and fills in the hooks. The core enforces the gates (sequence,
chain, game over, whose turn, chance vs action) before it calls `check` and `apply`, so a
game's hooks only ever see an event that is at least in turn.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any, ClassVar

import msgspec

from .events import Chance, Event, Header

CHANCE = -1
"""`to_move` result: the next event is a chance outcome."""
TERMINAL = -2
"""`to_move` result: the game is over."""


class Option(msgspec.Struct, frozen=True):
    """A variant choice a game accepts in the header's `options`."""

    default: Any
    help: str
    choices: tuple | None = None
    minimum: int | None = None
    maximum: int | None = None

    def problem(self, value: Any) -> str | None:
        """Why `value` is not allowed, or None."""
        if self.choices is not None and value not in self.choices:
            return f"is not one of {list(self.choices)}"
        if self.minimum is not None or self.maximum is not None:
            if not isinstance(value, int) or isinstance(value, bool):
                return "must be a whole number"
            if self.minimum is not None and value < self.minimum:
                return f"must be at least {self.minimum}"
            if self.maximum is not None and value > self.maximum:
                return f"must be at most {self.maximum}"
        if self.choices is None and type(value) is not type(self.default) and not (
                isinstance(self.default, float) and isinstance(value, int)):
            return f"must be a {type(self.default).__name__}"
        return None


class SeatScore(msgspec.Struct):
    """One seat's line of the score sheet."""

    seat: int
    player: str
    total: int
    breakdown: dict[str, int]


class ScoreSheet(msgspec.Struct):
    """The score sheet: totals with their breakdown, the winners and the tie-break used."""

    scores: list[SeatScore]
    winners: list[int]
    tiebreak: str | None = None
    final: bool = True


class Rules:
    """Base class of a game's rules; a game package exports one instance as `RULES`."""

    id: ClassVar[str]
    title: ClassVar[str]
    min_players: ClassVar[int]
    max_players: ClassVar[int]
    rules_version: ClassVar[int] = 1
    options: ClassVar[dict[str, Option]] = {}
    selfplay_options: ClassVar[dict[str, Any]] = {}
    """Option values self-play uses unless told otherwise (e.g. a safeguard that random play needs)."""
    events: ClassVar[tuple[type[Event], ...]] = ()
    edition_type: ClassVar[type]
    edition_dir: ClassVar[Path]
    rulebook: ClassVar[str] = ""

    # --- setup and turn order -------------------------------------------------
    def setup(self, header: Header, edition: Any) -> Any:
        """The state before the first event (nothing dealt yet: deals are chance events)."""
        raise NotImplementedError

    def to_move(self, state: Any) -> int:
        """The seat to act, `CHANCE`, or `TERMINAL`."""
        raise NotImplementedError

    # --- the rules ------------------------------------------------------------
    def legal(self, state: Any) -> list[Event]:
        """Every legal action of the seat to move; at a chance point, every possible outcome
        when there are few (a die), else an empty list (see `chance_hint`)."""
        raise NotImplementedError

    def check(self, state: Any, event: Event) -> None:
        """Raise `IllegalEvent` naming the rule if `event` may not happen in `state`."""
        raise NotImplementedError

    def apply(self, state: Any, event: Event) -> Any:
        """The state after `event`; pure: never mutates `state`, no I/O, no randomness."""
        raise NotImplementedError

    def chance(self, state: Any, rng: Any) -> Chance:
        """The chance outcome a seeded game gets next, drawn from `rng` only."""
        raise NotImplementedError

    def chance_hint(self, state: Any) -> str:
        """What the recorder must type at a chance point of a table game."""
        return "enter the chance outcome"

    # --- results and views ----------------------------------------------------
    def score(self, state: Any) -> ScoreSheet:
        """The score sheet now (final when the game is over)."""
        raise NotImplementedError

    def round_of(self, state: Any) -> int:
        """The round the state is in (1-based), for `replay --round`."""
        return 1

    def parse(self, text: str, state: Any) -> Event:
        """Read one move or outcome in the game's notation (raise `NotationError`)."""
        raise NotImplementedError

    def format(self, event: Event, state: Any) -> str:
        """Write `event` (about to be applied to `state`) in the game's notation."""
        raise NotImplementedError

    def render(self, state: Any, seat: int | None = None) -> str:
        """The position as text; with a seat, only what that seat may know."""
        raise NotImplementedError

    def view(self, state: Any, seat: int | None = None) -> Any:
        """The position as JSON-able data; with a seat, only what that seat may know."""
        return msgspec.to_builtins(state)

    def seat_names(self, state: Any) -> list[str]:
        """Player names by seat (games keep them in their state)."""
        return list(state.players)
