"""The fold's one step: a position, and the session that passes an event through every gate to the next."""

from __future__ import annotations

from typing import Any, Callable, cast

import msgspec

from planets_log.record.commit import effective_seed, parse_secret
from planets_log.record.errors import IllegalEvent, PlanetsLogError, internal
from planets_log.record.events import (
    GLYPHS,
    Action,
    Chance,
    Commit,
    Disclosure,
    Entropy,
    Event,
    Header,
    Meta,
    Note,
    Penalty,
    Result,
    Retract,
    Reveal,
    Ruling,
    Seal,
    seal_problem,
    strip_place,
)
from planets_log.record.lines import line_hash

from .edition import Edition, load_edition, load_embedded
from .header import (
    FORMAT_RULE,
    check_format,
    check_kept_by,
    check_options,
    check_players,
    event_decoder,
    kind_of,
    readable_versions,
)
from .outcomes import Outcome
from .registry import get_rules
from .rng import chance_stream
from .rules import CHANCE, TERMINAL, Rules

IMPLIED_RULE = "format.md: lines the recorder wrote"
UNDO_WINDOW = 1024
"""How many standing actions back a streaming replay keeps the undo chain; a deeper retraction re-reads the record."""


class Undo(msgspec.Struct, frozen=True):
    """What a retraction restores: the state before the action at `seq`."""

    seq: int
    state: Any
    chances: int
    parent: "Undo | None"
    implied: bool = False
    """The line at `seq` is a declined step the recorder wrote before a typed line (its `implied` mark)."""


class Ruled(msgspec.Struct, frozen=True):
    """An action a ruling let stand: the rule it broke and the arbiter's reason."""

    seq: int
    code: str
    message: str
    rule: str | None
    reason: str
    public: str | None = None  # what any seat may read instead of `message` (PlanetsLogError.public)


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
        """A committed game's secret seed, when known (its side file, --seed-file, or its reveal: secret_in_record)."""
        self.secret_in_record = False  # from the record's own reveal line, which anyone holding the record may read
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

    def expected_chance(self, pos: Position) -> Outcome:
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
        if event.implied is not msgspec.UNSET:
            self._check_implied(pos, event)
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
                self._check_drawn(pos, cast(Chance, event))
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
        undo = Undo(event.seq, state, pos.chances, pos.undo, event.implied is True)
        return Position(self._apply(state, event, arbiter), event.seq, head, pos.chances, undo, arbiter)

    def _check_implied(self, pos: Position, event: Event) -> None:
        """A line marked `implied` must be the declined step due here (`Rules.noop`), never a decision typed."""
        due = self.rules.noop(pos.state) if isinstance(event, Action) and self.rules.to_move(pos.state) >= 0 else None
        if due is None or strip_place(due) != strip_place(event):
            said = f"the step due is {self.rules.format(due, pos.state)!r}" if due is not None else "no step is due"
            raise IllegalEvent("implied.forged", f"the line is marked as a declined step the recorder wrote "
                               f"(implied), but {said}: only that step may carry the mark", IMPLIED_RULE)

    def _check_drawn(self, pos: Position, event: Chance) -> None:
        """A seeded game's outcome must be the seed's, named only where anyone may know it (a secret's: revealed)."""
        want = self.expected_chance(pos)
        if strip_place(want) != strip_place(event):
            known = self.header.seed is not None or self.secret_in_record or pos.arbiter.revealed is not None
            said = f"seed gives (the seed gives: {self.rules.format(want, pos.state)})" if known else "secret seed " \
                "gives (which one stays unsaid until the seed is revealed: it may be a card still face down)"
            raise IllegalEvent("chance.tampered", f"this outcome is not the one the {said}",
                               "format.md: seeded streams" if known else "security.md: committed seeds")

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
            ruled = Ruled(event.seq, exc.code, exc.message, exc.rule, reason, exc.public)
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
        if reason is not None:  # the reason tells what a pile holds: in a game with hidden information, not to a seat
            raise IllegalEvent("chance.impossible", f"this outcome cannot happen here: {reason}",
                               outcomes.rule or "table.md: what can happen",
                               "this outcome cannot happen here" if self.rules.hidden_information else None)

    def _apply(self, state: Any, event: Event, arbiter: Arbiter = NO_ARBITER) -> Any:
        """Apply `event`; a crash is a bug in the game, unless a ruling let a broken rule through."""
        try:
            return self.rules.apply(state, event)
        except IllegalEvent:
            raise
        except Exception as exc:
            if any(r.seq == event.seq for r in arbiter.ruled):
                raise IllegalEvent("ruling.unplayable", "the ruling lets a broken rule stand, but the rules cannot "
                                   "carry this move out from here: rule on a move the game can still play",
                                   "arbiter rulings") from None
            raise internal("apply", self.rules.id, exc) from exc

    def _meta(self, pos: Position, event: Meta, head: str) -> Position:
        if pos.undo is not None and pos.undo.implied and pos.undo.seq == pos.seq and not isinstance(event, Ruling):
            raise IllegalEvent("implied.dangling", f"seq {pos.seq} is marked as a step a typed line implied, but no "
                               "typed line follows it (only a ruling on that line may come between)", IMPLIED_RULE)
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
