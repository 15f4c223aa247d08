"""The plug-in boundary: what a game package exports as `RULES`.

A game subclasses `Rules` and fills in the hooks. The core enforces the gates (sequence,
chain, game over, whose turn, chance vs action) before it calls `check` and `apply`, so a
game's hooks only ever see an event that is at least in turn."""

from __future__ import annotations

import functools
import importlib
import inspect
from pathlib import Path
from typing import Any, Callable, ClassVar, TypeVar, cast

import msgspec

from planets_log.record.events import Event, Header

from .outcomes import Outcome, Outcomes
from .rng import Stream
from .sheet import Ranking, ScoreSheet
from .spots import Layout, Spot
from .turns import CHANCE as CHANCE  # re-exported: the boundary's constants
from .turns import TERMINAL as TERMINAL


class Option(msgspec.Struct, frozen=True):
    """A variant choice a game accepts in the header's `options`."""

    default: Any
    help: str
    choices: tuple[Any, ...] | None = None
    minimum: int | None = None
    maximum: int | None = None
    seat: bool = False
    """The value is a seat: people give a player's name or a number from 1; the header stores the 0-based index."""
    no_seat: str | None = None
    """A seat option that may name nobody: this word (or 0) stores 0 and a seat stores its number from 1."""
    implicit: bool = False
    """Left out of a new header while it has its default value: an option added later then
    leaves the bytes of records that do not use it as they were."""

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

F = TypeVar("F", bound=Callable[..., Any])


def _forwarded(module: str, function: str) -> Callable[[F], F]:
    """A hook a game need not write: it calls `function` of the game's `module` (see `Rules.modules`), and what
    the decorated method does where the game has no such module or function."""
    def decorate(default: F) -> F:
        @functools.wraps(default)
        def hook(self: Rules, *args: Any, **kwargs: Any) -> Any:
            found = self._function(module, function) if self.modules is not None else None
            return (found or default.__get__(self))(*args, **kwargs)  # `super().hook(…)` of a game's subclass

        hook.forward = (module, function)  # type: ignore[attr-defined]
        return cast(F, hook)

    return decorate




class Rules:
    """Base class of a game's rules; a game package exports one instance as `RULES`."""

    modules: ClassVar[str | None] = None
    """The game's package (`modules = __package__` in its rules.py): a hook the game does not write calls the
    function `HOOKS` names in the package's module (`apply` calls `apply.apply`), imported when first called;
    where the module or the function is missing, the hook does what this class does."""

    id: ClassVar[str]
    title: ClassVar[str]
    min_players: ClassVar[int]
    max_players: ClassVar[int]
    rules_version: ClassVar[int] = 1
    options: ClassVar[dict[str, Option]] = {}
    selfplay_options: ClassVar[dict[str, Any]] = {}
    """Option values self-play uses unless told otherwise (e.g. a safeguard that random play needs)."""
    rules_versions: ClassVar[tuple[int, ...]] = (1,)
    """Every rules version this code still replays; a new record gets the newest
    (`rules_version`), an old one is replayed with the behaviour of the version it names
    (the state carries `header.rules`)."""
    hidden_information: ClassVar[bool] = False
    """True when some seat may not see everything: the game must then give its own per-seat
    `view`, `render`, `format(event, state, seat)` and `resample_hidden`."""
    notation_key: ClassVar[str] = ""
    """What the placeholder letters of `chance_hint` stand for (shown by the prompt's `?`)."""
    supports_kept_by: ClassVar[bool] = False
    """True when the game accepts records kept by one player (`?` for hidden outcomes, later reveals)."""
    options_type: ClassVar[type | None] = None
    """The game's options as a msgspec Struct (constraints via msgspec.Meta); optional."""
    events: ClassVar[tuple[type[Event], ...]] = ()
    edition_type: ClassVar[type]
    edition_dir: ClassVar[Path]
    rulebook: ClassVar[str] = ""
    modes: ClassVar[dict[str, str]] = {}
    """The rulebook's modes and variants this game implements beyond its standard game: the section's name -> how a
    record takes it (`planets-log games` lists them; each game's doc must say they are implemented)."""

    def __init__(self) -> None:
        if self.modules is not None:
            for hook, (module, function) in HOOKS.items():
                if getattr(type(self), hook) is getattr(Rules, hook):
                    setattr(self, hook, _Forward(self, hook, module, function))

    def _function(self, module: str, function: str) -> Callable[..., Any] | None:
        """The function of one of the game's modules, or None where there is no such module or function."""
        name = f"{self.modules}.{module}"
        try:
            found: Callable[..., Any] | None = getattr(importlib.import_module(name), function, None)
        except ModuleNotFoundError as exc:
            if exc.name != name:
                raise
            return None
        return found

    def edition_name(self, options: dict[str, Any]) -> str:
        """The edition file (stem, under `edition_dir`) a record with these options uses when no --edition is given."""
        return "reference"

    # --- setup and turn order -------------------------------------------------
    @_forwarded("state", "setup")
    def setup(self, header: Header, edition: Any) -> Any:
        """The state before the first event (nothing dealt yet: deals are chance events)."""
        raise NotImplementedError

    def to_move(self, state: Any) -> int:
        """The seat to act, `CHANCE`, or `TERMINAL`."""
        raise NotImplementedError

    # --- the rules ------------------------------------------------------------
    @_forwarded("legal", "legal")
    def legal(self, state: Any) -> list[Event]:
        """Every legal action of the seat to move; [] at a chance point (its outcomes are `chance_outcomes`)."""
        raise NotImplementedError

    @_forwarded("legal", "candidates")
    def candidates(self, state: Any) -> list[Event]:
        """Plausible actions, illegal ones included: the suite checks that `legal` is
        exactly the candidates that `check` accepts."""
        raise NotImplementedError

    @_forwarded("chance", "outcomes")
    def chance_outcomes(self, state: Any) -> Outcomes:
        """The outcomes possible at this chance point, with their probabilities."""
        raise NotImplementedError

    @_forwarded("check", "check")
    def check(self, state: Any, event: Event) -> None:
        """Raise `IllegalEvent` naming the rule if `event` may not happen in `state`."""
        raise NotImplementedError

    @_forwarded("apply", "apply")
    def apply(self, state: Any, event: Event) -> Any:
        """The state after `event`; pure: never mutates `state`, no I/O, no randomness."""
        raise NotImplementedError

    @_forwarded("chance", "outcome")
    def chance(self, state: Any, rng: Stream) -> Outcome:
        """The chance outcome a seeded game gets next, drawn from `rng` only."""
        raise NotImplementedError

    @_forwarded("chance", "hint")
    def chance_hint(self, state: Any) -> str:
        """What the recorder must type at a chance point of a table game (the core adds an example outcome)."""
        return "enter the chance outcome"

    # --- what the recorder writes or says by itself ---------------------------------
    @_forwarded("steps", "owed")
    def owed(self, state: Any) -> str | None:
        """What the seat to move must do now, in words after its name ("places a probe next: probe
        ZONE.NUMERAL"), said after every line and in refusals; None: "NAME to move"."""
        return None

    @_forwarded("steps", "noop")
    def noop(self, state: Any) -> Event | None:
        """The action that declines an optional step due now and changes nothing else (a probe not
        placed, a zone not turned, an ability not used), or None. A typed line of a kind the seat to
        move cannot choose here implies it: the recorder writes it first, and takes it back with that line."""
        return None

    @_forwarded("steps", "forced")
    def forced(self, state: Any) -> Event | None:
        """The action the seat to move cannot decide otherwise (the only legal one), or None: the recorder
        writes it right after the line before, and takes it back with that line. A game with hidden
        information gives None wherever the keeper cannot know the seat's options."""
        return None

    # --- results and views ----------------------------------------------------
    @_forwarded("score", "score")
    def score(self, state: Any, seat: int | None = None) -> ScoreSheet:
        """The score sheet now (final when the game is over); with a seat, a game in progress
        scored only with what that seat may know."""
        raise NotImplementedError

    def options_problem(self, options: dict[str, Any], players: int) -> str | None:
        """Why these (checked) options do not fit a game of `players` players; None when they do."""
        return None

    @_forwarded("score", "rank")
    def rank(self, state: Any, totals: list[int]) -> Ranking:
        """Rank `totals` (the sheet's totals after the arbiter's adjustments) with the
        game's own tie-breaks; at a game not over, `outcome` "leads"."""
        raise NotImplementedError

    def round_of(self, state: Any) -> int:
        """The round the state is in (1-based), for `replay --round`."""
        return 1

    @_forwarded("notation", "parse")
    def parse(self, text: str, state: Any) -> Event | tuple[Event, ...]:
        """Read one move or outcome in the game's notation (raise `NotationError`); a tuple when the line
        implies the events before it (Space Planets' `land 5 3` before the roll is the roll and its landing)."""
        raise NotImplementedError

    @_forwarded("notation", "format")
    def format(self, event: Event, state: Any, seat: int | None = None) -> str:
        """Write `event` (about to be applied to `state`) in the game's notation; with a
        seat, as that seat sees it (a hidden card as `?`)."""
        raise NotImplementedError

    @_forwarded("view", "resample_hidden")
    def resample_hidden(self, state: Any, seat: int, rng: Stream) -> Any:
        """A state `seat` cannot tell apart from `state`: what it may not see redrawn from `rng`."""
        return state

    @_forwarded("view", "render")
    def render(self, state: Any, seat: int | None = None) -> str:
        """The position as text; with a seat, only what that seat may know."""
        raise NotImplementedError

    @_forwarded("view", "view")
    def view(self, state: Any, seat: int | None = None) -> Any:
        """The position as JSON-able data; with a seat, only what that seat may know.

        The default shows everything, so a game that declares hidden information must give
        its own: for a seat, this default refuses rather than leak.
        """
        if seat is not None and self.hidden_information:
            raise NotImplementedError(f"{self.id} declares hidden information but gives no per-seat view")
        return msgspec.to_builtins(state)

    # --- the board as the input, and moves in plain words (docs/phone.md) -------------
    @_forwarded("words", "words")
    def words(self, event: Event, state: Any, seat: int | None = None) -> str:
        """`event` (about to be applied to `state`) in plain words, a sentence naming who acts ("Ann sends a ship
        to planet 1"); with a seat, as that seat may know it: a secret it may see is one word (its words joined
        by U+00A0), so that the spectators' words (`redact.public_words`) lose only that word."""
        text = self.format(event, state, seat)
        by = getattr(event, "by", None)
        return f"{self.seat_names(state)[by]}: {text}" if isinstance(by, int) and by >= 0 else text

    @_forwarded("words", "legend")
    def legend(self) -> tuple[tuple[str, str], ...]:
        """The notation explained: (an example line, what it means in plain words), a pair per kind of line."""
        return ()

    @_forwarded("spots", "layout")
    def layout(self, data: Any, state: Any) -> Layout:
        """The position for a phone, drawn from a view's `data` only (`state` only for the public layout, as in
        `draw`): a zone a row, every label readable at 390 px."""
        return Layout()

    @_forwarded("spots", "parts")
    def parts(self, event: Event, state: Any) -> tuple[Spot, ...]:
        """What a legal move or a listed outcome in `state` is about, in the order a player taps them: two moves
        never have the same parts, and an action has at least one part on the scorekeeper's layout."""
        return ()

    def picture(self, state: Any, seat: int | None = None) -> str:
        """The position as an SVG document drawn from `view(state, seat)` only (see docs/pictures.md)."""
        from .svg import frame_for

        if type(self).draw is Rules.draw:
            self._svg()  # a game without a picture says so before anything is drawn
        return self.draw(self.view(state, seat), frame_for(self, state, seat), state)

    def draw(self, data: Any, frame: Any, state: Any) -> str:
        """The SVG of a view's data (a seat's `view`, or a spectator's) and its frame; `state` only for the public
        layout (a board's names), so what is drawn is what the view shows. By default the game's
        `picture.svg(data, frame)`."""
        drawn: str = self._svg()(data, frame)
        return drawn

    def _svg(self) -> Callable[..., Any]:
        """The game's `picture.svg`; refused where it has none."""
        svg = self._function("picture", "svg") if self.modules is not None else None
        if svg is None:
            from planets_log.record.errors import UsageError

            raise UsageError(f"no picture for {self.title} yet", code="picture.missing")
        return svg

    def public_scores(self, state: Any, seat: int | None = None) -> list[int | None] | None:
        """The totals `seat` may know now (None, or None for one seat, where it may not): all of
        them to the scorekeeper or once the game is over; to a seat, only in a game without
        hidden information."""
        if seat is None or not self.hidden_information or self.to_move(state) == TERMINAL:
            return [s.total for s in self.score(state).scores]
        return None

    def missing_reveals(self, state: Any) -> list[str]:
        """In a kept record: what is still `?` and needed (for the score), in words with what to type."""
        return []

    def reveal_due(self, state: Any) -> tuple[str, str] | None:
        """In a kept record at a chance point that waits for a reveal (a `Disclosure`) before anything else: what
        to type, in words, and the rule that asks for it; None otherwise. Any other line is refused with these."""
        return None

    def seat_names(self, state: Any) -> list[str]:
        """Player names by seat (games keep them in their state)."""
        return list(state.players)


class _Forward:
    """A hook's stand-in until its first call, which imports the game's module and puts the function in the
    hook's place (later calls go straight to it). Its signature is the function's (engine/scoring.py reads it)."""

    def __init__(self, rules: Rules, hook: str, module: str, function: str):
        self.rules, self.hook, self.module, self.function = rules, hook, module, function

    def resolve(self) -> Callable[..., Any]:
        found = self.rules._function(self.module, self.function) or getattr(Rules, self.hook).__wrapped__.__get__(
            self.rules)
        setattr(self.rules, self.hook, found)
        return found

    def __call__(self, *args: Any, **kwargs: Any) -> Any:
        return self.resolve()(*args, **kwargs)

    @property
    def __signature__(self) -> inspect.Signature:
        return inspect.signature(self.resolve())


HOOKS: dict[str, tuple[str, str]] = {name: hook.forward for name, hook in vars(Rules).items()
                                     if hasattr(hook, "forward")}
"""Each hook a game need not write: the module of the house plan and the function in it that the hook calls."""


def next_events(rules: Rules, state: Any) -> list[Event]:
    """What may come next, for move lists: the legal actions, or at a chance point the listed outcomes."""
    mover = rules.to_move(state)
    if mover == TERMINAL:
        return []
    if mover != CHANCE:
        return rules.legal(state)
    try:
        return list(rules.chance_outcomes(state).events())
    except NotImplementedError:
        return []
