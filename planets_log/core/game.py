"""The plug-in boundary: what a game package exports as `RULES`.

A game subclasses `Rules` and fills in the hooks. The core enforces the gates (sequence,
chain, game over, whose turn, chance vs action) before it calls `check` and `apply`, so a
game's hooks only ever see an event that is at least in turn.
"""

from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction
from pathlib import Path
from typing import Any, Callable, ClassVar, Hashable, Sequence

import msgspec

from . import multiset
from .events import UNKNOWN, Chance, Event, Header

CHANCE = -1
"""`to_move` result: the next event is a chance outcome."""
TERMINAL = -2
"""`to_move` result: the game is over."""


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


class SeatScore(msgspec.Struct):
    """One seat's line of the score sheet."""

    seat: int
    player: str
    total: int
    breakdown: dict[str, int]


OUTCOMES = ("win", "shared", "solo-win", "solo-loss", "nobody", "leads")
"""What a score sheet says: one winner, a shared win, a solo game won or lost against its
target, nobody wins; `leads` on a provisional sheet (game not over), which never names a winner."""


class Ranking(msgspec.Struct, frozen=True):
    """A game's verdict on a set of totals: the winners (or leaders), the kind of result, the tie-break used."""

    winners: list[int]
    outcome: str = "win"
    tiebreak: str | None = None


class ScoreSheet(msgspec.Struct):
    """The score sheet: totals with their breakdown, the winners and the tie-break used.

    `outcome` is one of OUTCOMES. A provisional sheet (`final` false) has `outcome`
    "leads", its `winners` empty and `leaders` naming who is ahead.
    """

    scores: list[SeatScore]
    winners: list[int]
    tiebreak: str | None = None
    final: bool = True
    outcome: str = "win"
    leaders: list[int] = []


def outcome_of(winners: Sequence[object], players: int) -> str:
    """The kind of a final result named only by its winners (as a declared `result` line does)."""
    if players == 1:
        return "solo-win" if winners else "solo-loss"
    if not winners:
        return "nobody"
    return "win" if len(winners) == 1 else "shared"


def sheet_of(scores: list[SeatScore], ranking: Ranking) -> ScoreSheet:
    """The score sheet of `scores` as `ranking` reads them (provisional when it says "leads")."""
    if ranking.outcome not in OUTCOMES:
        raise ValueError(f"unknown outcome {ranking.outcome!r}; one of {OUTCOMES}")
    if ranking.outcome == "leads":
        return ScoreSheet(scores=scores, winners=[], tiebreak=ranking.tiebreak, final=False, outcome="leads",
                          leaders=list(ranking.winners))
    return ScoreSheet(scores=scores, winners=list(ranking.winners), tiebreak=ranking.tiebreak, final=True,
                      outcome=ranking.outcome, leaders=list(ranking.winners))


def rank_highest(totals: list[int], final: bool, breakers: list[tuple[str, list[Any]]] = (),  # type: ignore[assignment]
                 shared: str | None = None) -> Ranking:
    """The usual ranking: highest total first; a tie goes to each tie-break in turn
    (`(name, one value per seat)`, highest wins), then the win is shared (`shared` names that rule)."""
    best = max(totals)
    top = [i for i, t in enumerate(totals) if t == best]
    used = None
    for name, values in breakers:
        if len(top) == 1:
            break
        high = max(values[i] for i in top)
        top = [i for i in top if values[i] == high]
        used = name
    if len(top) > 1:
        used = shared
    if not final:
        return Ranking(winners=top, outcome="leads", tiebreak=used)
    return Ranking(winners=top, outcome="win" if len(top) == 1 else "shared", tiebreak=used)


@dataclass(frozen=True)
class Outcomes:
    """The chance outcomes possible at a chance point.

    Either `listed`: every outcome with its probability (summing to 1), or, where listing
    is impractical (a shuffled deck), `count` (how many outcomes) and `sampler(rng)`,
    which draws one with the right probabilities from a core random stream.

    A table game's typed outcome is checked against them (`refusal`): a listed outcome in
    its canonical form (`unordered`: its lists are multisets, a hand of cards written in
    any order; a `?` part stands for anything the listed outcomes hold there), a counted
    one by `admit` (every named card still there, as often as named). `rule` is the
    rulebook section that says what can happen here.
    """

    listed: tuple[tuple[Chance, Fraction], ...] | None = None
    count: int | None = None
    sampler: Callable[[Any], Chance] | None = None
    rule: str = ""
    unordered: bool = False
    admit: Callable[[Chance], str | None] | None = None

    def refusal(self, event: Chance) -> str | None:
        """Why `event` cannot be one of these outcomes, or None (also when they are only counted, untested)."""
        if self.admit is not None:
            return self.admit(event)
        if self.listed is None:
            return None
        exact = msgspec.structs.replace(event, seq=0, prev="")
        if any(p and e == exact for e, p in self.listed):  # the usual case: written as the game lists it
            return None
        want = canonical(event, self.unordered)
        hidden = UNKNOWN.encode() in msgspec.json.encode(want)
        if self.unordered or hidden:
            for e, p in self.listed:
                if p and ((have := canonical(e, self.unordered)) == want or (hidden and fits(want, have))):
                    return None
        elif any(p and canonical(e) == want for e, p in self.listed):
            return None
        return f"it is not one of the {len(self.listed)} outcomes possible here"

    def admits(self, event: Chance) -> bool:
        """True when `event` can be one of these outcomes."""
        return self.refusal(event) is None

    def events(self) -> list[Chance]:
        """The listed outcomes that can happen ([] when they are only counted)."""
        return [e for e, p in self.listed or () if p]


def canonical(event: Chance, unordered: bool = False) -> Any:
    """An outcome's contents as plain data, without seq and prev; `unordered`: every list sorted."""
    data = msgspec.to_builtins(event)
    data.pop("seq", None)
    data.pop("prev", None)
    return _sorted_lists(data) if unordered else data


def _sorted_lists(value: Any) -> Any:
    if isinstance(value, dict):
        return {k: _sorted_lists(v) for k, v in value.items()}
    if isinstance(value, (list, tuple)):
        return sorted((_sorted_lists(v) for v in value), key=msgspec.json.encode)
    return value


def fits(typed: Any, listed: Any) -> bool:
    """True when `typed` (with `?` parts) can be `listed`: a `?` stands for any value there;
    a list with `?` items fits when its named items are among the listed ones, as often."""
    if typed == UNKNOWN:
        return True
    if isinstance(typed, dict) and isinstance(listed, dict):
        return typed.keys() == listed.keys() and all(fits(v, listed[k]) for k, v in typed.items())
    if isinstance(typed, (list, tuple)) and isinstance(listed, (list, tuple)):
        if len(typed) != len(listed):
            return False
        if UNKNOWN in typed and all(not isinstance(v, (dict, list, tuple)) for v in listed):
            named = [v for v in typed if v != UNKNOWN]
            return multiset.missing(listed, named) is None
        return all(fits(t, x) for t, x in zip(typed, listed))
    return bool(typed == listed)


def pool_refusal(pool: Sequence[Hashable], named: Sequence[Hashable], where: str, size: int | None = None) -> str | None:
    """Why the cards `named` cannot all come from `pool` (`?` is any card of it; repeats count), or None.

    `where` names the pile in the message; `size`, when given, is how many cards the outcome holds.
    """
    if size is not None and len(named) != size:
        return f"{size} card{'s' if size != 1 else ''} come from {where}, not {len(named)}"
    known = [c for c in named if c != UNKNOWN]
    gone = multiset.missing(pool, known)
    if gone is not None:
        held = sum(1 for c in pool if c == gone)
        if held == 0:
            return f"{gone} is not among the {len(pool)} cards left in {where}"
        return f"{gone} is named {known.count(gone)} times; {where} holds {held}"
    if len(named) > len(pool):
        return f"{len(named)} cards named; {where} holds {len(pool)}"
    return None


def listed(weighted: list[tuple[Chance, int]], **how: Any) -> Outcomes:
    """Outcomes from (outcome, weight) pairs: equal outcomes merged, probabilities as Fractions
    (`how`: Outcomes' rule, unordered, admit)."""
    total = sum(w for _, w in weighted)
    merged: dict[bytes, tuple[Chance, int]] = {}
    for event, w in weighted:
        key = msgspec.json.encode(event)
        old = merged.get(key)
        merged[key] = (event, w + (old[1] if old else 0))
    odds = {w: Fraction(w, total) for w in {w for _, w in merged.values()}}  # most outcomes share one weight
    return Outcomes(listed=tuple((e, odds[w]) for e, w in merged.values() if w), **how)


def uniform(events: list[Chance], **how: Any) -> Outcomes:
    """Each of `events` equally likely (repeats count as often as they appear: cards of one kind in a pile)."""
    return listed([(e, 1) for e in events], **how)


def sampled(count: int, sampler: Callable[[Any], Chance], **how: Any) -> Outcomes:
    """Outcomes too many to list: `count` equally likely draws, and the seeded sampler (`how`: rule, admit)."""
    return Outcomes(count=count, sampler=sampler, **how)


def possible(outcomes: Outcomes, event: Chance) -> bool | None:
    """Whether `event` can be one of `outcomes` (None when they are only counted, with no test)."""
    if outcomes.listed is None and outcomes.admit is None:
        return None
    return outcomes.admits(event)


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

    def edition_name(self, options: dict[str, Any]) -> str:
        """The edition file (stem, under `edition_dir`) a record with these options uses when no --edition is given."""
        return "reference"

    # --- setup and turn order -------------------------------------------------
    def setup(self, header: Header, edition: Any) -> Any:
        """The state before the first event (nothing dealt yet: deals are chance events)."""
        raise NotImplementedError

    def to_move(self, state: Any) -> int:
        """The seat to act, `CHANCE`, or `TERMINAL`."""
        raise NotImplementedError

    # --- the rules ------------------------------------------------------------
    def legal(self, state: Any) -> list[Event]:
        """Every legal action of the seat to move; [] at a chance point (its outcomes are `chance_outcomes`)."""
        raise NotImplementedError

    def candidates(self, state: Any) -> list[Event]:
        """Plausible actions, illegal ones included: the suite checks that `legal` is
        exactly the candidates that `check` accepts."""
        raise NotImplementedError

    def chance_outcomes(self, state: Any) -> Outcomes:
        """The outcomes possible at this chance point, with their probabilities."""
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
    def score(self, state: Any, seat: int | None = None) -> ScoreSheet:
        """The score sheet now (final when the game is over); with a seat, a game in progress
        scored only with what that seat may know."""
        raise NotImplementedError

    def options_problem(self, options: dict[str, Any], players: int) -> str | None:
        """Why these (checked) options do not fit a game of `players` players; None when they do."""
        return None

    def rank(self, state: Any, totals: list[int]) -> Ranking:
        """Rank `totals` (the sheet's totals after the arbiter's adjustments) with the
        game's own tie-breaks; at a game not over, `outcome` "leads"."""
        raise NotImplementedError

    def round_of(self, state: Any) -> int:
        """The round the state is in (1-based), for `replay --round`."""
        return 1

    def parse(self, text: str, state: Any) -> Event:
        """Read one move or outcome in the game's notation (raise `NotationError`)."""
        raise NotImplementedError

    def format(self, event: Event, state: Any, seat: int | None = None) -> str:
        """Write `event` (about to be applied to `state`) in the game's notation; with a
        seat, as that seat sees it (a hidden card as `?`)."""
        raise NotImplementedError

    def resample_hidden(self, state: Any, seat: int, rng: Any) -> Any:
        """A state `seat` cannot tell apart from `state`: what it may not see redrawn from `rng`."""
        return state

    def render(self, state: Any, seat: int | None = None) -> str:
        """The position as text; with a seat, only what that seat may know."""
        raise NotImplementedError

    def view(self, state: Any, seat: int | None = None) -> Any:
        """The position as JSON-able data; with a seat, only what that seat may know.

        The default shows everything, so a game that declares hidden information must give
        its own: for a seat, this default refuses rather than leak.
        """
        if seat is not None and self.hidden_information:
            raise NotImplementedError(f"{self.id} declares hidden information but gives no per-seat view")
        return msgspec.to_builtins(state)

    def picture(self, state: Any, seat: int | None = None) -> str:
        """The position as an SVG document drawn from `view(state, seat)` only (see docs/pictures.md)."""
        from .errors import UsageError

        raise UsageError(f"no picture for {self.title} yet", code="picture.missing")

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
