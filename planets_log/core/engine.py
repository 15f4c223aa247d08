"""The engine: opens a record's header, enforces the gates, and folds events into states.

Every event passes the same gates in the same order: its seq, the hash chain, meta events
(notes, retractions), game over, chance or action, whose turn, the seed's outcome (seeded
games), then the game's own `check`, then `apply`.
"""

from __future__ import annotations

import hashlib
from functools import lru_cache
from sys import maxsize
from typing import Any, Callable, Iterator, Union, cast

import msgspec

from .edition import Edition, load_edition, load_embedded
from .commit import effective_seed, find_reveal, parse_secret
from .errors import IllegalEvent, InternalError, PlanetsLogError, RecordError, internal
from .events import (CORE_EVENTS, Commit, FORMAT, GLYPHS, Action, Chance, Disclosure, Entropy, Event, Header, Meta, Note, Penalty,
                     Result, Retract, Reveal, Ruling, Seal, strip_place)
from .game import CHANCE, TERMINAL, Rules
from .record import RawLine, iter_lines, line_hash, seq_of
from .registry import get_rules
from .rng import chance_stream
from .strict import LineError, decode_line
from .text import escape, has_control
from .upcast import chain_for, upcast_line

FORMAT_RULE = "format.md"
UNDO_WINDOW = 1024
"""How many standing actions back a streaming replay keeps the undo chain; a deeper retraction re-reads the record."""


class Undo(msgspec.Struct, frozen=True):
    """What a retraction restores: the state before the action at `seq`."""

    seq: int
    state: Any
    chances: int
    parent: "Undo | None"


class Ruled(msgspec.Struct, frozen=True):
    """An action a ruling let stand: the rule it broke and the arbiter's reason."""

    seq: int
    code: str
    message: str
    rule: str | None
    reason: str


class Arbiter(msgspec.Struct, frozen=True):
    """The arbiter's events so far: pending rulings, rulings used, penalties, the declared result."""

    pending: tuple[tuple[int, str], ...] = ()
    ruled: tuple[Ruled, ...] = ()
    penalties: tuple[Penalty, ...] = ()
    result: Result | None = None
    seal: Seal | None = None
    entropy: tuple[tuple[str, str], ...] = ()
    """Players' entropy for a committed seed, in record order."""
    revealed: int | None = None
    """The seq of the line revealing a committed seed."""
    peeks: tuple[tuple[int, int, str], ...] = ()
    """Undos that took back a drawn chance outcome in a seeded game: (seq, target, reason)."""

    def reason_for(self, seq: int) -> str | None:
        """The reason of a pending ruling on line `seq`."""
        return next((reason for target, reason in self.pending if target == seq), None)


NO_ARBITER = Arbiter()
SPILLED = object()
"""The state of an `Undo` standing for the chain's dropped bottom (its seq is -1)."""


class Position(msgspec.Struct, frozen=True):
    """The game state after line `seq`, with what the core tracks around it.

    A frozen msgspec Struct: one is made per event, and it builds in a third of the time a
    slotted dataclass takes.
    """

    state: Any
    seq: int
    head: str
    chances: int = 0
    undo: Undo | None = None
    arbiter: Arbiter = NO_ARBITER

    def advanced(self, seq: int, head: str) -> "Position":
        """The same game state, moved past a line that did not change it."""
        return Position(self.state, seq, head, self.chances, self.undo, self.arbiter)


class Session:
    """A record's header bound to its game's rules and edition."""

    def __init__(self, header: Header, rules: Rules, edition: Edition):
        self.header = header
        self.rules = rules
        self.edition = edition
        self.decoder = event_decoder(tuple(rules.events))
        self.secret: bytes | None = None
        """A committed game's secret seed, when known (its side file, --seed-file, or its reveal)."""
        self.refold: Callable[[], Position] | None = None
        """Set by a replay that drops the undo chain's bottom: the position before the current line, chain whole."""

    @property
    def committed(self) -> bool:
        """True for a game whose header commits to a secret seed."""
        return self.header.commit is not msgspec.UNSET

    @property
    def seeded(self) -> bool:
        """True when the engine derives chance outcomes from the seed (a committed one only once known)."""
        return self.header.seed is not None or (self.committed and self.secret is not None)

    @classmethod
    def open(cls, header: Header, edition_path: str | None = None) -> "Session":
        """Check a header against the registered game and its edition."""
        check_format(header.format)
        rules = get_rules(header.game)
        if header.rules not in readable_versions(rules):
            known = ", ".join(map(str, readable_versions(rules)))
            raise PlanetsLogError(
                f"the record uses {rules.id} rules version {header.rules}, this planets-log replays "
                f"version{'s' if len(readable_versions(rules)) > 1 else ''} {known}", code="header.rules", rule=FORMAT_RULE)
        check_players(rules, header.players)
        check_options(rules, header.options, len(header.players))
        check_kept_by(rules, header)
        if edition_path is None and header.edition_file is not msgspec.UNSET:
            return cls(header, rules, load_embedded(rules, header.edition_file, header.edition))
        edition = load_edition(rules, edition_path, header.options)
        if edition.ref.sha256 != header.edition.sha256:
            raise PlanetsLogError(
                f"the record was made with edition {header.edition.name!r} (sha256 {header.edition.sha256[:12]}…) "
                f"but {edition.path} is {edition.ref.name!r} (sha256 {edition.ref.sha256[:12]}…); "
                f"pass --edition with the record's edition file", code="header.edition", rule="format.md: the header")
        return cls(header, rules, edition)

    def start(self, header_raw: bytes) -> Position:
        """The position after the header line."""
        return Position(state=self.rules.setup(self.header, self.edition.data), seq=0, head=line_hash(header_raw))

    def to_move(self, pos: Position) -> int:
        """Seat to act, CHANCE or TERMINAL."""
        return self.rules.to_move(pos.state)

    def expected_chance(self, pos: Position) -> Chance:
        """The outcome the seed gives at this chance point."""
        seed = self.header.seed
        if seed is None:
            assert self.committed and self.secret is not None, "only a seeded game has expected outcomes"
            seed = effective_seed(self.secret, pos.arbiter.entropy)
        return self.rules.chance(pos.state, chance_stream(seed, pos.chances, self.header.rng or 1))

    def seal(self, pos: Position, event: Event) -> Event:
        """The event placed after `pos`: its seq and prev filled in."""
        return msgspec.structs.replace(event, seq=pos.seq + 1, prev=pos.head)

    def step(self, pos: Position, event: Event, head: str) -> Position:
        """Pass `event` through every gate and apply it; raise IllegalEvent if refused."""
        if event.seq != pos.seq + 1:
            raise IllegalEvent("seq", f"seq {event.seq} where {pos.seq + 1} was due", FORMAT_RULE)
        if event.prev != pos.head:
            raise IllegalEvent("chain", f"prev {event.prev[:12]}… does not match the hash of line seq {pos.seq} "
                               f"({pos.head[:12]}…): a line before was changed, removed or reordered", FORMAT_RULE)
        if pos.arbiter.seal is not None:
            raise IllegalEvent("seal.extended", f"the record was sealed at seq {pos.arbiter.seal.seq}; "
                               "nothing may be added after a seal", "audit.md: seals")
        kind = kind_of(type(event))
        if kind is Meta:
            return self._meta(pos, cast(Meta, event), head)
        state = pos.state
        if kind is Disclosure:  # a kept record's reveal: at any point, after the end too
            arbiter = self._checked(pos, event)
            undo = Undo(event.seq, state, pos.chances, pos.undo)
            return Position(self._apply(state, event), event.seq, head, pos.chances, undo, arbiter)
        mover = self.rules.to_move(state)
        if mover == TERMINAL:
            raise IllegalEvent("game-over", "the game is over; no further moves", "game end")
        if kind is Chance:
            if mover != CHANCE:
                raise IllegalEvent("chance.unexpected", f"{self.name(mover)} is to move now; no chance outcome is due", "turn order")
            if self.seeded:
                want = self.expected_chance(pos)
                if strip_place(want) != strip_place(event):
                    raise IllegalEvent("chance.tampered", "this outcome is not the one the seed gives "
                                       f"(the seed gives: {self.rules.format(want, state)})", "format.md: seeded streams")
            arbiter = self._checked(pos, event)
            # a typed outcome (table game) can be taken back on its own; a seed's goes with its action
            taken_back = pos.undo if self.seeded else Undo(event.seq, state, pos.chances, pos.undo)
            return Position(self._apply(state, event, arbiter), event.seq, head, pos.chances + 1, taken_back, arbiter)
        if kind is not Action:
            raise IllegalEvent("type", f"{type(event).__name__} is neither an action nor a chance outcome", FORMAT_RULE)
        event = cast(Action, event)
        if mover == CHANCE:
            if (due := self.rules.reveal_due(state)) is not None:
                raise IllegalEvent("reveal.due", due[0], due[1])
            raise IllegalEvent("chance.expected", f"a chance outcome is due ({self.rules.chance_hint(state)})", "turn order")
        if event.by != mover:
            raise IllegalEvent("turn", f"it is {self.name(mover)}'s turn, not {self.name(event.by)}'s", "turn order")
        arbiter = self._checked(pos, event)
        undo = Undo(event.seq, state, pos.chances, pos.undo)
        return Position(self._apply(state, event, arbiter), event.seq, head, pos.chances, undo, arbiter)

    def _checked(self, pos: Position, event: Event) -> Arbiter:
        """Run the game's check (a typed outcome also against `chance_outcomes`); a ruling lets a broken rule stand."""
        try:
            self.rules.check(pos.state, event)
            if isinstance(event, Chance) and not self.seeded:
                self._possible(pos.state, event)
        except IllegalEvent as exc:
            reason = pos.arbiter.reason_for(event.seq)
            if reason is None:
                raise
            ruled = Ruled(event.seq, exc.code, exc.message, exc.rule, reason)
            return msgspec.structs.replace(pos.arbiter, ruled=pos.arbiter.ruled + (ruled,))
        except Exception as exc:  # a bug in the game's check, not the record's fault
            raise internal("check", self.rules.id, exc) from exc
        return pos.arbiter

    def _possible(self, state: Any, event: Chance) -> None:
        """A typed outcome must be one the game's `chance_outcomes` admits here (its canonical form)."""
        try:
            outcomes = self.rules.chance_outcomes(state)
        except NotImplementedError:
            return
        reason = outcomes.refusal(event)
        if reason is not None:
            raise IllegalEvent("chance.impossible", f"this outcome cannot happen here: {reason}",
                               outcomes.rule or "table.md: what can happen")

    def _apply(self, state: Any, event: Event, arbiter: Arbiter = NO_ARBITER) -> Any:
        """Apply `event`; a crash is a bug in the game, unless a ruling let a broken rule through."""
        try:
            return self.rules.apply(state, event)
        except IllegalEvent:
            raise
        except Exception as exc:
            if any(r.seq == event.seq for r in arbiter.ruled):
                raise IllegalEvent("ruling.unplayable", f"the rules cannot carry out this event ({exc})",
                                   "arbiter rulings") from None
            raise internal("apply", self.rules.id, exc) from exc

    def _meta(self, pos: Position, event: Meta, head: str) -> Position:
        if isinstance(event, Note):
            if not 0 <= event.target <= pos.seq:
                raise IllegalEvent("note.target", f"a note on seq {event.target}, which is not an earlier line", FORMAT_RULE)
            if event.glyph is not None and event.glyph not in GLYPHS:
                raise IllegalEvent("note.glyph", f"unknown glyph {event.glyph!r}; use one of {' '.join(GLYPHS)}", FORMAT_RULE)
            return pos.advanced(event.seq, head)
        if isinstance(event, Retract):
            if pos.undo is None:
                raise IllegalEvent("retract.nothing", "there is no line left to take back", FORMAT_RULE)
            top: Undo | None = pos.undo
            u = top
            while u is not None and u.seq > event.target:
                u = u.parent
            if u is not None and u.state is SPILLED:  # reaches below the kept chain: rebuild it whole
                assert self.refold is not None, "only a replay that can re-read its record drops the chain"
                u = top = self.refold().undo
                while u is not None and u.seq > event.target:
                    u = u.parent
            if u is None or u.seq != event.target:
                raise IllegalEvent("retract.target", f"seq {event.target} is not a standing line that can be taken back "
                                   f"(the last one is seq {top.seq if top else pos.seq})", FORMAT_RULE)
            arbiter = pos.arbiter
            if pos.chances > u.chances and (self.header.seed is not None or self.committed):
                if not (event.reason or "").strip():
                    raise IllegalEvent("retract.peek", f"taking back seq {u.seq} also takes back a chance outcome "
                                       "already seen in a seeded game (a peek); it needs the arbiter's reason",
                                       "security.md: undo after a draw")
                arbiter = msgspec.structs.replace(arbiter, peeks=arbiter.peeks + ((event.seq, u.seq, event.reason),))
            return Position(u.state, event.seq, head, u.chances, u.parent, arbiter)
        return self._arbiter(pos, event, head)

    def _arbiter(self, pos: Position, event: Meta, head: str) -> Position:
        arb = pos.arbiter
        players = len(self.header.players)
        if isinstance(event, Ruling):
            if event.target <= event.seq:
                raise IllegalEvent("ruling.target", f"a ruling must come before the line it allows (seq {event.target})", "arbiter rulings")
            if not event.reason.strip():
                raise IllegalEvent("ruling.reason", "a ruling needs a reason", "arbiter rulings")
            arb = msgspec.structs.replace(arb, pending=arb.pending + ((event.target, event.reason),))
        elif isinstance(event, Penalty):
            if not 0 <= event.seat < players:
                raise IllegalEvent("penalty.seat", f"no seat {event.seat + 1} in a {players}-player game", "arbiter penalties")
            if not event.reason.strip():
                raise IllegalEvent("penalty.reason", "a penalty needs a reason", "arbiter penalties")
            arb = msgspec.structs.replace(arb, penalties=arb.penalties + (event,))
        elif isinstance(event, Seal):
            if event.log_id != self.header.log_id or event.events != pos.seq or event.head != pos.head:
                raise IllegalEvent("seal.mismatch", f"the seal covers log {event.log_id[:12]}…, {event.events} lines, head "
                                   f"{event.head[:12]}…, but the record has {self.header.log_id[:12]}…, {pos.seq} lines, head "
                                   f"{pos.head[:12]}…", "audit.md: seals")
            from .seal import seal_problem  # only a sealed record needs it: replay starts faster

            malformed = seal_problem(event)
            if malformed is not None:
                raise IllegalEvent("seal.malformed", malformed, "audit.md: seals")
            arb = msgspec.structs.replace(arb, seal=event)
        elif isinstance(event, (Entropy, Reveal)):
            arb = self._seed_event(pos, event)
        elif isinstance(event, Result):
            if any(not 0 <= w < players for w in event.winners) or len(set(event.winners)) != len(event.winners):
                raise IllegalEvent("result.winners", f"winners must be distinct seats 1–{players} "
                                   "(none: nobody wins, or a solo game lost)", "declared results")
            if event.declared_by not in ("players", "arbiter"):
                raise IllegalEvent("result.by", "a result is declared by 'players' or 'arbiter'", "declared results")
            arb = msgspec.structs.replace(arb, result=event)
        else:
            raise IllegalEvent("type", f"unknown meta event {type(event).__name__}", FORMAT_RULE)
        return Position(pos.state, event.seq, head, pos.chances, pos.undo, arb)

    def _seed_event(self, pos: Position, event: Meta) -> Arbiter:
        """An entropy or reveal line of a committed seed."""
        arb, rule = pos.arbiter, "security.md: committed seeds"
        if not self.committed:
            raise IllegalEvent("seed.not-committed", f"a {type(event).__name__.lower()} line in a game without a "
                               "committed seed", rule)
        if isinstance(event, Entropy):
            if pos.chances or arb.revealed is not None:
                raise IllegalEvent("entropy.late", "entropy must come before the first chance outcome", rule)
            if event.player not in self.header.players or any(p == event.player for p, _ in arb.entropy):
                raise IllegalEvent("entropy.player", f"entropy from {event.player!r}: each player adds entropy "
                                   "at most once", rule)
            return msgspec.structs.replace(arb, entropy=arb.entropy + ((event.player, event.text),))
        if arb.revealed is not None:
            raise IllegalEvent("reveal.again", f"the seed was already revealed at seq {arb.revealed}", rule)
        assert isinstance(event, Reveal) and isinstance(self.header.commit, Commit)
        try:
            parse_secret(event.secret, self.header.commit.sha256, "reveal")
        except PlanetsLogError as exc:
            raise IllegalEvent("reveal.mismatch", exc.message.removeprefix("reveal: "), rule) from None
        return msgspec.structs.replace(arb, revealed=event.seq)

    def name(self, seat: int) -> str:
        """A seat's player name, for messages."""
        if seat == CHANCE:
            return "chance"
        players = self.header.players
        return players[seat] if 0 <= seat < len(players) else f"seat {seat + 1}"

    def decode(self, raw: bytes) -> Event:
        """Decode one event line (raises msgspec errors)."""
        event: Event = self.decoder.decode(raw)
        return event

    def encode(self, event: Event) -> bytes:
        """The exact line for `event`."""
        return msgspec.json.encode(event)


@lru_cache(maxsize=None)
def kind_of(cls: type) -> type:
    """Which core class `cls` derives from: Meta, Disclosure, Chance, Action, or Event for none.

    Looked up once per class: `isinstance` against a msgspec Struct class that does not
    match costs about 0.2 µs, and the engine would ask it several times per event.
    """
    return next((base for base in (Meta, Disclosure, Chance, Action) if issubclass(cls, base)), Event)


@lru_cache(maxsize=None)
def event_decoder(events: tuple[type[Event], ...]) -> msgspec.json.Decoder[Event]:
    """The typed decoder of a game's event lines (built once per game)."""
    return msgspec.json.Decoder(Union[events + CORE_EVENTS])  # type: ignore[misc,unused-ignore]


def check_format(fmt: str) -> None:
    """Refuse a record of another or newer format (older ones with upcasters pass)."""
    if fmt == FORMAT or chain_for(fmt) is not None:
        return
    prefix, _, version = fmt.partition("/")
    if prefix == "planets-log" and version.isdigit() and int(version) > 1:
        raise PlanetsLogError(f"the record is in format {fmt}, newer than this planets-log reads ({FORMAT}); "
                              "upgrade planets-log", code="header.format", rule=FORMAT_RULE)
    raise PlanetsLogError(f"unknown record format {fmt!r} (expected {FORMAT})", code="header.format", rule=FORMAT_RULE)


def check_players(rules: Rules, players: list[str]) -> None:
    """The number of players is one the game allows."""
    n = len(players)
    if not rules.min_players <= n <= rules.max_players:
        span = f"{rules.min_players}" if rules.min_players == rules.max_players else f"{rules.min_players}–{rules.max_players}"
        raise PlanetsLogError(f"{rules.title} is for {span} players, not {n}", code="header.players", rule="Setup")
    if len(set(players)) != n or any(not p.strip() for p in players):
        raise PlanetsLogError("player names must be distinct and not empty", code="header.players", rule="Setup")
    for p in players:
        if has_control(p):
            raise PlanetsLogError(f"player name '{escape(p)}' holds a control character", code="header.players",
                                  rule="Setup")


def readable_versions(rules: Rules) -> tuple[int, ...]:
    """Every rules version the game still replays (the newest always among them)."""
    return tuple(sorted(set(rules.rules_versions) | {rules.rules_version}))


def check_kept_by(rules: Rules, header: Header) -> None:
    """A record kept by one player: a table game, a real seat, a game that supports it."""
    seat = header.kept_by
    if seat is msgspec.UNSET:
        return
    if not rules.supports_kept_by:
        raise PlanetsLogError(f"{rules.title} has no record kept by one player: a --table record is typed the "
                              "same by any player (docs/table.md says, game by game, what a player cannot see)",
                              code="header.kept-by")
    if header.seed is not None:
        raise PlanetsLogError("a seeded game is not kept by one player (the seed deals everything)", code="header.kept-by")
    if not 0 <= seat < len(header.players):
        raise PlanetsLogError(f"kept_by {seat} is not a seat of this game", code="header.kept-by")


def check_options(rules: Rules, options: dict[str, Any], players: int | None = None) -> None:
    """Every option is known to the game, takes an allowed value (typed by `options_type` when
    given) and fits the number of players when it is known."""
    _check_option_values(rules, options)
    problem = None if players is None else rules.options_problem(options, players)
    if problem is not None:
        raise PlanetsLogError(problem, code="header.option")


def _check_option_values(rules: Rules, options: dict[str, Any]) -> None:
    """Every option is known to the game and takes an allowed value."""
    if rules.options_type is not None:
        typed_options(rules, options)
        return
    for key, value in options.items():
        spec = rules.options.get(key)
        if spec is None:
            known = ", ".join(rules.options) or "none"
            raise PlanetsLogError(f"unknown option {key!r} for {rules.id} (options: {known})", code="header.option")
        problem = spec.problem(value)
        if problem is not None:
            raise PlanetsLogError(f"option {key}={value!r} {problem}", code="header.option")


def typed_options(rules: Rules, options: dict[str, Any]) -> Any:
    """The options as the game's msgspec Struct; an error names the option and what it must be."""
    try:
        return msgspec.convert(options, type=rules.options_type, strict=True)
    except msgspec.ValidationError as exc:
        text = str(exc)
        where = text.rpartition(" - at `$.")
        if where[1]:
            name = where[2].rstrip("`").split(".")[0].split("[")[0]
            raise PlanetsLogError(f"option {name}={options.get(name)!r}: {where[0]}", code="header.option") from None
        if "Object contains unknown field" in text:
            name = text.split("`")[1]
            known = ", ".join(getattr(rules.options_type, "__struct_fields__", ())) or "none"
            raise PlanetsLogError(f"unknown option {name!r} for {rules.id} (options: {known})", code="header.option") from None
        raise PlanetsLogError(f"options: {text}", code="header.option") from None


_HEADER = msgspec.json.Decoder(Header)


def decode_header(raw: bytes, name: str) -> Header:
    """Decode line 1, placing any error at it."""
    fmt = _format_of(raw)
    if fmt is not None and fmt != FORMAT:
        try:
            check_format(fmt)
        except PlanetsLogError as exc:
            raise RecordError.at(name, 1, 0, exc) from None
    steps = chain_for(fmt) if fmt not in (None, FORMAT) else None
    try:
        header: Header = decode_line(_HEADER, upcast_line(raw, steps) if steps else raw)
        return header
    except LineError as exc:
        exc.message = f"not a valid header: {exc.message}"
        raise exc.placed(name, 1, 0, 0) from None


def _format_of(raw: bytes) -> str | None:
    try:
        return msgspec.json.decode(raw, type=_FormatOnly).format
    except (msgspec.DecodeError, msgspec.ValidationError, RecursionError):
        return None


class _FormatOnly(msgspec.Struct):
    format: str


class Step(msgspec.Struct, frozen=True):
    """One line of a record, replayed: the event and the position after it."""

    line: RawLine
    event: Event
    before: Position
    after: Position


class Visitor:
    """What `Replay.fold` feeds a record to, line by line (python-chess's `read_game(Visitor=…)` model).

    The base visitor keeps the last position and is strict: `handle_error` raises. A
    lenient visitor (`lenient = True`) gets every error at `handle_error` and the replay
    goes on as the record has it.
    """

    lenient = False

    def begin(self, replay: "Replay") -> None:
        """Called once, before the first line."""
        self.replay = replay
        self.pos = replay.start

    def visit(self, step: Step) -> bool:
        """Called for every line replayed; return True to stop before this line counts."""
        self.pos = step.after
        return False

    def handle_error(self, error: RecordError) -> None:
        """Called for an error at a line (only a lenient visitor is given any)."""
        raise error

    def result(self) -> Any:
        """What `fold` returns: here, the last position."""
        return self.pos


class _Errors:
    """The error list `steps` appends to, handing each error to a visitor."""

    def __init__(self, visitor: Visitor):
        self.append = visitor.handle_error


class Replay:
    """A record opened for streaming passes over its lines.

    Reusable: the first pass reads on from the open header, a later pass reads the file
    again (and refuses it if its header changed in the meantime).
    """

    def __init__(self, path: Any, edition_path: str | None = None, name: str | None = None,
                 seed_file: str | None = None, reopen: Callable[[], Any] | None = None,
                 undo_window: int | None = UNDO_WINDOW):
        self.reopen = reopen
        """For a record given as a stream: how to read it again (a committed seed's reveal is looked up first)."""
        self.undo_window = undo_window if reopen is not None or not hasattr(path, "readline") else None
        """Standing actions a pass keeps undo states for (None: all); a retraction reaching further re-reads the record."""
        self.path = path
        self.name = name or path
        self._lines: Iterator[RawLine] | None = iter_lines(path, self.name)
        first = next(iter_lines(path, self.name) if self._lines is None else self._lines, None)
        if first is None:
            raise RecordError("the record is empty (no header line)", file=self.name, line=1, code="header.missing",
                              kind="format", rule=FORMAT_RULE, offset=0)
        self.header_line = first
        self.format = _format_of(first.data) or FORMAT
        """The format the file is written in (the header is read upcast to the current one)."""
        self._upcast = chain_for(self.format) or None
        self.header = decode_header(first.data, self.name)
        if self.header.seq != 0:
            raise RecordError("the header must have seq 0", file=self.name, line=1, seq=self.header.seq,
                              code="seq", kind="format", rule=FORMAT_RULE, offset=0)
        try:
            self.session = Session.open(self.header, edition_path)
        except PlanetsLogError as exc:
            if exc.exit_code != 1 and exc.code != "game.unknown":  # a bad --edition path is the caller's
                raise
            raise RecordError.at(self.name, 1, 0, exc, offset=0) from None
        self.start = self.session.start(first.data)
        if self.session.committed:
            self.session.secret = self._secret(seed_file)

    def _secret(self, seed_file: str | None) -> bytes | None:
        """A committed seed's secret: from --seed-file, else from the record's reveal line (one extra pass)."""
        from .commit import read_secret

        assert isinstance(self.header.commit, Commit)
        commit = self.header.commit.sha256
        if seed_file is not None:
            return read_secret(seed_file, self.header.log_id, commit)
        if hasattr(self.path, "readline") and self.reopen is None:
            return None  # a stream read once: its reveal cannot be looked up ahead
        try:
            return find_reveal(iter_lines(self.reopen() if self.reopen else self.path, self.name), commit)
        except RecordError:
            return None  # a damaged record: the main pass reports where

    def _event_lines(self) -> Iterator[RawLine]:
        """The lines after the header: the open file on the first pass, read again on a later one."""
        if self._lines is not None:
            lines, self._lines = self._lines, None
            return lines
        lines = iter_lines(self.reopen() if self.reopen else self.path, self.name)
        first = next(lines, None)
        if first is None or first.data != self.header_line.data:
            raise RecordError("the record's header changed while it was being read", file=self.name, line=1,
                              code="header.changed", kind="format", rule=FORMAT_RULE, offset=0)
        return lines

    def fold(self, visitor: Visitor, *, trusted: bool = False) -> Any:
        """Feed every line to `visitor` in one streaming pass and return `visitor.result()`.

        `trusted`: for a record already validated, apply every event unchecked (no gate, no
        seed or rule check, no ruling noted; meta events handled as usual).
        """
        visitor.begin(self)
        if trusted:
            steps = self._trusted_steps()
        else:
            steps = self.steps(_Errors(visitor) if visitor.lenient else None)  # type: ignore[arg-type]
        for step in steps:
            if visitor.visit(step):
                break
        return visitor.result()

    def steps(self, errors: list[RecordError] | None = None) -> Iterator[Step]:
        """Yield every event line in order; collect errors into `errors` (lenient) or raise."""
        pos, window = self.start, self.undo_window
        trim_at = window or maxsize
        line: RawLine  # the line being stepped, which a deep retraction's re-read stops before
        if window:
            self.session.refold = lambda: self._refold(line.number, errors is not None)
        for line in self._event_lines():
            head = line_hash(line.data)
            try:
                event = self._decode(line)
                after = self.session.step(pos, event, head)
            except RecordError as exc:
                if errors is None:
                    raise
                errors.append(exc)
                seq = seq_of(line.data, pos.seq + 1)
                pos = pos.advanced(pos.seq + 1 if seq is None else seq, head)
                continue
            except InternalError as exc:
                raise exc.placed(self.name, line.number, seq_of(line.data, pos.seq + 1))
            except IllegalEvent as exc:
                err = RecordError.at(self.name, line.number, event.seq, exc, offset=line.offset)
                if errors is None:
                    raise err from None
                errors.append(err)
                lenient = self._lenient(pos, event, head, exc, errors, line)
                if lenient is None:
                    pos = pos.advanced(event.seq, head)
                    continue
                after = lenient
            if line.number >= trim_at:
                after, trim_at = self._trimmed(after, line.number)
            yield Step(line, event, pos, after)
            pos = after

    def _trimmed(self, pos: Position, number: int) -> tuple[Position, int]:
        """`pos` with its undo chain cut to the window, and the line number to cut it again at."""
        window = self.undo_window
        if window is None:  # a deep retraction re-read the record: the chain stays whole from here on
            return pos, maxsize
        top: list[Undo] = []
        u = pos.undo
        while u is not None and len(top) < window:
            top.append(u)
            u = u.parent
        if u is None or u.state is SPILLED:
            return pos, number + window
        parent = Undo(-1, SPILLED, u.chances, None)  # seq -1: every walk down the chain stops at it
        for kept in reversed(top):
            parent = Undo(kept.seq, kept.state, kept.chances, parent)
        return Position(pos.state, pos.seq, pos.head, pos.chances, parent, pos.arbiter), number + window

    def _refold(self, stop: int, lenient: bool) -> Position:
        """The position before line `stop`, its undo chain whole: the record read again from the start.

        Only a retraction reaching past the window needs it; the replay then keeps the chain
        whole, so a record is read at most twice however it retracts.
        """
        self.undo_window, last = None, self.start
        for step in self.steps([] if lenient else None):  # the errors were reported by the first pass
            if step.line.number >= stop:
                break
            last = step.after
        return last

    def _lenient(self, pos: Position, event: Event, head: str, exc: IllegalEvent,
                 errors: list[RecordError], line: RawLine) -> Position | None:
        """After an error, go on as the record has it, so that later errors are real ones."""
        if exc.code in ("seq", "chain"):
            fixed = msgspec.structs.replace(event, seq=pos.seq + 1, prev=pos.head)
            try:
                return self.session.step(pos, fixed, head)
            except IllegalEvent as again:
                errors.append(RecordError.at(self.name, line.number, event.seq, again, offset=line.offset))
        if isinstance(event, Meta) or self.session.to_move(pos) == TERMINAL:
            return None
        try:
            state = self.session.rules.apply(pos.state, event)
        except Exception:  # the event cannot be applied at all: skip it
            return None
        chances = pos.chances + isinstance(event, Chance)
        return Position(state, event.seq, head, chances, pos.undo, pos.arbiter)

    def _decode(self, line: RawLine) -> Event:
        try:
            raw = upcast_line(line.data, self._upcast) if self._upcast else line.data
            event: Event = decode_line(self.session.decoder, raw)
            return event
        except LineError as exc:
            raise exc.placed(self.name, line.number, seq_of(line.data, None), line.offset) from None

    def final(self) -> Position:
        """Replay to the end (strict) and return the last position."""
        last: Position = self.fold(Visitor())
        return last

    def trusted(self) -> Position:
        """Replay to the end applying every event unchecked: for a record already validated."""
        last: Position = self.fold(Visitor(), trusted=True)
        return last

    def _trusted_steps(self) -> Iterator[Step]:
        session, rules, pos = self.session, self.session.rules, self.start
        trim_at = self.undo_window or maxsize
        line: RawLine
        if self.undo_window:
            session.refold = lambda: self._refold(line.number, False)
        for line in self._event_lines():
            head = line_hash(line.data)
            try:  # the record was validated: its lines are already known strict, so decode without re-checking
                event = session.decoder.decode(line.data) if self._upcast is None else self._decode(line)
            except msgspec.MsgspecError:
                event = self._decode(line)  # the strict decoder places and explains the error
            kind = kind_of(type(event))
            if kind is Meta:
                after = session._meta(pos, cast(Meta, event), head)
            elif kind is Chance:
                undo = pos.undo if session.seeded else Undo(event.seq, pos.state, pos.chances, pos.undo)
                after = Position(rules.apply(pos.state, event), event.seq, head, pos.chances + 1, undo, pos.arbiter)
            else:
                undo = Undo(event.seq, pos.state, pos.chances, pos.undo)
                after = Position(rules.apply(pos.state, event), event.seq, head, pos.chances, undo, pos.arbiter)
            if line.number >= trim_at:
                after, trim_at = self._trimmed(after, line.number)
            yield Step(line, event, pos, after)
            pos = after


def digest(state: Any) -> str:
    """A canonical digest of a game state, for comparing two replays."""
    return hashlib.sha256(msgspec.json.encode(state, order="sorted")).hexdigest()
