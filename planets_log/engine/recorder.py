"""Taking moves into a record file: parse, gate, draw the seed's chance, append."""

from __future__ import annotations

from dataclasses import dataclass

import msgspec

from planets_log.record.commit import seed_path
from planets_log.record.errors import IllegalEvent, NotationError, PlanetsLogError, RecordError
from planets_log.record.events import (
    FORMAT,
    Action,
    Chance,
    Entropy,
    Event,
    Meta,
    Note,
    Penalty,
    Result,
    Retract,
    Reveal,
    Ruling,
    Seal,
)
from planets_log.record.lines import append_anywhere, append_lines, line_hash, seq_type
from planets_log.record.text import escape

from .hints import hint
from .implied import implied_steps, same_line, written_here
from .redact import format_as
from .replay import Replay, Visitor
from .rules import CHANCE, TERMINAL
from .seats import name_like, parse_seat, seat_words, split_player
from .session import Position, Session


@dataclass(frozen=True, slots=True)
class Entry:
    """One line written: its seq, event and notation."""

    seq: int
    event: Event
    text: str


class Recorder:
    """A record replayed to its end, taking new lines; every group is one locked append."""

    def __init__(self, path: str, edition: str | None = None, *, fsync: bool = True, seed_file: str | None = None,
                 visitor: Visitor | None = None):  # `visitor`: sees each step of the opening replay (the server's)
        self.path = path
        if seed_file is None and seed_path(path).exists():
            seed_file = str(seed_path(path))  # the owner's side file: the engine draws from it
        self.replay = Replay(path, edition, seed_file=seed_file, undo_window=None)  # undo walks the whole chain
        self._reopen = (edition, seed_file)
        self._expect: int | None = None
        self.session, self.header, self.rules = self.replay.session, self.replay.header, self.replay.session.rules
        if self.replay.format != FORMAT:
            raise RecordError(f"the record is in the older format {self.replay.format}; new lines would be "
                              f"{FORMAT}, which it cannot mix — copy the game into a new record to go on",
                              file=path, line=1, seq=0, code="append.old-format", kind="format", rule="format.md")
        self.pos: Position = self.replay.fold(visitor or Visitor())
        self.fsync = fsync
        self.lock_wait: float | None = None
        """Seconds a write waits for the record's lock (None: as long as it takes, as the command line does)."""
        self._pending: list[bytes] | None = None
        """While `play_all` runs: the lines gated so far, appended together at its end."""
        self.seat: int | None = None
        """Echo lines as this seat sees them (None: the scorekeeper's full view)."""
        self.append_lines, self.append_anywhere = append_lines, append_anywhere  # a server on NATS: through its store

    def expect(self, seq: int) -> None:
        """Refuse to write if the record does not end at `seq` (a stale view)."""
        self._expect = seq
        if self.pos.seq != seq:
            raise RecordError(f"the record ends at seq {self.pos.seq}, not {seq} as expected; nothing was written",
                              file=self.path, seq=self.pos.seq, code="append.stale", kind="conflict")

    def play(self, text: str, by: str | None = None) -> list[Entry]:
        """Read one move in notation and append it (with the seed's chance that follows).

        The move may name its player (`Ann: d1x2`, or `by`): it is refused unless that
        player is the one to move. A move of a kind the seat to move cannot choose now, or
        naming the next player (`Ann: …`, never `by`: a player speaks only for themselves),
        implies the step the seat declines (`Rules.noop`): both are written.
        """
        if drawn := self._draw_due():
            return drawn + self.play(text, by)
        implied, parsed = self._read(text, by)
        first = parsed[0]
        if not implied and isinstance(first, Chance) and self.session.to_move(self.pos) != CHANCE:
            written = self._written_for_you(first)
            if written is not None:  # typed out of habit: the recorder already wrote it
                return [self._already(written, first, "the only possible outcome")]
        events = (*implied, *parsed)  # `land 5 3` implies `roll`
        try:
            return self.add(events[-1], text, before=events[:-1])
        except RecordError as err:
            if implied:
                err.message += self._passes(implied)
                raise
            written = self._written_for_you(first) if not isinstance(first, Chance) else None
            if written is None:
                raise
            return [self._already(written, first, "the only legal move")]

    def _draw_due(self) -> list[Entry]:
        """The seed's outcomes due before a typed line is read (a record cut by hand before them), written as they were."""
        if not self.session.seeded or self.session.to_move(self.pos) != CHANCE:
            return []
        lines, entries = list[bytes](), list[Entry]()
        return self._write(lines, self._follow(self.pos, lines, entries, False), entries)

    def _read(self, text: str, by: str | None = None) -> tuple[tuple[Event, ...], tuple[Event, ...]]:
        """The declined steps a typed line implies (`implied_steps`), and the line's own events read after them."""
        named, move = split_player(text, self.header.players)
        implied: tuple[Event, ...] = ()
        try:
            if by is not None:
                named = self._seat(by)
            implied, pos = implied_steps(self.session, self.pos, move, named, own=by is not None)
            if named is not None:
                self._check_named(named, pos)
            parsed = self.rules.parse(move.strip(), pos.state)
        except IllegalEvent as exc:
            who, _, rest = text.partition(":")
            if named is None and isinstance(exc, NotationError) and name_like(who.strip()) and rest.strip():
                exc = self._not_a_player(who.strip())  # `Zed: d1`: a misspelt name, not a bad move
            raise self._placed(exc, text, implied) from None
        return implied, parsed if isinstance(parsed, tuple) else (parsed,)

    def _already(self, seq: int, event: Event, why: str) -> Entry:
        """The echo of a line typed although the recorder wrote it already."""
        return Entry(seq, event, f"{self.rules.format(event, self.pos.state)} (already written: {why})")

    def play_all(self, texts: list[str], by: str | None = None) -> list[Entry]:
        """Several moves as one locked append: all of them written, or (one refused) none, the record unchanged."""
        start, self._pending = self.pos, []
        entries: list[Entry] = []
        try:
            for i, text in enumerate(texts):
                try:
                    entries += self.play(text, by)
                except PlanetsLogError as exc:
                    exc.index = i
                    raise
            if self._pending:
                self.append_lines(self.path, self._pending, start.seq, start.head, fsync=self.fsync,
                             wait=self.lock_wait)
        except BaseException:
            self.pos = start
            raise
        finally:
            self._pending = None
        return entries

    def _written_for_you(self, event: Event) -> int | None:
        """The seq of a line at the end of the record that the recorder wrote by itself (the only
        possible outcome, or the only legal move) and that `event` repeats, or None."""
        u = self.pos.undo
        while u is not None and (written := written_here(self.rules, u.state)) is not None:
            if same_line(written, event):
                return u.seq
            u = u.parent
        return None

    def _seat(self, word: str) -> int:
        seat = parse_seat(word, self.header.players)
        if seat is None:
            raise self._not_a_player(word)
        return seat

    def _not_a_player(self, word: str) -> IllegalEvent:
        """The refusal of a line naming `word`, which is no player of this game."""
        return IllegalEvent("turn.named", f"{word!r} is not a player: name {seat_words(self.header.players)}", "turn order")

    def _check_named(self, seat: int, pos: Position) -> None:
        mover = self.session.to_move(pos)
        if mover == TERMINAL:
            raise IllegalEvent("game-over", f"the game is over: {self.session.name(seat)} has no move left to make",
                               "game end")
        if mover == CHANCE:
            if (due := self.rules.reveal_due(pos.state)) is not None:
                raise IllegalEvent("reveal.due", due[0], due[1])
            raise IllegalEvent("turn.named", f"a chance outcome is due ({hint(self.rules, pos.state, self.seat)}), "
                               f"not a move by {self.session.name(seat)}", "turn order")
        if mover != seat:
            owed = self.rules.owed(pos.state)
            raise IllegalEvent("turn.named", f"it is {self.session.name(mover)}'s turn, not {self.session.name(seat)}'s"
                               + (f": {self.session.name(mover)} {owed}" if owed else ""), "turn order")

    def add(self, event: Event, text: str | None = None, *, before: tuple[Event, ...] = ()) -> list[Entry]:
        """Gate and append `before` + `event`, then every line that follows by itself (`_follow`)."""
        pos = self.pos
        lines: list[bytes] = []
        entries: list[Entry] = []
        try:
            for earlier in before:
                pos = self._step(pos, earlier, lines, entries)
            pos = self._step(pos, event, lines, entries)
            self._check_secret(event, pos)
            pos = self._follow(pos, lines, entries, not isinstance(event, Meta) or isinstance(event, Retract))
            secret = self.session.secret
            if secret is not None and self._reveal_due(pos):
                pos = self._step(pos, Reveal(secret=secret.hex()), lines, entries)
        except IllegalEvent as exc:  # named at the line refused: `before`'s lines come first
            raise self._placed(exc, text, skipped=min(len(lines), len(before))) from None
        return self._write(lines, pos, entries)

    def _write(self, lines: list[bytes], pos: Position, entries: list[Entry]) -> list[Entry]:
        """Append `lines` (inside play_all: with the others at its end); `pos` is the position after them."""
        if self._pending is not None:
            self._pending += lines
        else:
            self.append_lines(self.path, lines, self.pos.seq, self.pos.head, fsync=self.fsync, wait=self.lock_wait)
        self.pos = pos
        return entries

    def _follow(self, pos: Position, lines: list[bytes], entries: list[Entry], played: bool) -> Position:
        """Every line that follows by itself: the seed's outcomes; after a played line also, in any game, an
        outcome that is the only one possible (a table game's) and any action the seat cannot decide otherwise."""
        while True:
            if self.session.seeded and self.session.to_move(pos) == CHANCE:
                nxt: Event | None = self.session.expected_chance(pos)
            else:
                nxt = written_here(self.rules, pos.state) if played else None
            if nxt is None:
                return pos
            pos = self._step(pos, nxt, lines, entries)

    def _check_secret(self, event: Event, pos: Position) -> None:
        """In a committed game, only the holder of the secret records draws (nobody types them)."""
        if not self.session.committed or self.session.secret is not None or pos.arbiter.revealed is not None:
            return
        if isinstance(event, Chance) or self.session.to_move(pos) == CHANCE:
            raise IllegalEvent("seed.secret-missing", f"the draws of this game come from its secret seed, and "
                               f"{seed_path(self.path)} is not here: only the record's owner can record past a draw",
                               "security.md: committed seeds")

    def _reveal_due(self, pos: Position) -> bool:
        """A committed game just ended with its secret unrevealed: reveal it in the same write."""
        return (self.session.committed and self.session.secret is not None and pos.arbiter.revealed is None
                and self.session.to_move(pos) == TERMINAL)

    def reveal(self) -> list[Entry]:
        """Reveal the committed secret now (the arbiter, by hand)."""
        if not self.session.committed:
            raise RecordError("this game has no committed seed to reveal", file=self.path, code="seed.not-committed")
        if self.session.secret is None:
            raise RecordError(f"the secret seed is not known here ({seed_path(self.path)} is missing; pass "
                              "--seed-file)", file=self.path, code="seed.secret-missing")
        return self.add(Reveal(secret=self.session.secret.hex()))

    def add_entropy(self, player: str, text: str) -> list[Entry]:
        """Mix a player's entropy into the committed seed (before the first draw)."""
        return self.add(Entropy(player=player, text=text))

    def _step(self, pos: Position, event: Event, lines: list[bytes], entries: list[Entry]) -> Position:
        event = self.session.seal(pos, event)
        raw = self.session.encode(event)
        text = self.describe(event, pos)
        after = self.session.step(pos, event, line_hash(raw))
        lines.append(raw)
        entries.append(Entry(event.seq, event, text))
        return after

    def describe(self, event: Event, pos: Position) -> str:
        """An event in notation, or in words for meta events."""
        return describe_line(self.session, event, pos, self.seat)

    def peek_pending(self) -> bool:
        """True when an undo now would take back a drawn chance outcome of a seeded game (a peek)."""
        u = self.pos.undo
        seeded = self.header.seed is not None or self.session.committed
        return u is not None and seeded and self.pos.chances > u.chances

    def undo(self, reason: str | None = None, to: int | None = None) -> list[Entry]:
        """Take back the last typed line, or every line after seq `to` (lines the recorder wrote itself are passed
        over; its `implied` steps before the line, and a seeded action's outcomes, go with it)."""
        target = self.undo_target(to)
        if target is None:
            after = "" if to is None else f" after seq {to}"
            raise RecordError(f"there is no typed line{after} left to take back", file=self.path, line=self.pos.seq + 2,
                              seq=self.pos.seq + 1, code="retract.nothing", rule="format.md")
        return self.add(Retract(target=target, reason=reason or None))

    def undo_target(self, to: int | None = None) -> int | None:
        """The first seq `undo` would take back (the last typed line, or the first standing line after `to`)."""
        u, target = self.pos.undo, self._last_typed() if to is None else None
        while to is not None and u is not None and u.seq > to:
            target, u = u.seq, u.parent
        return target

    def _last_typed(self) -> int | None:
        """The seq `undo` takes back: the last typed line, or the first `implied` step the recorder wrote before it."""
        u = self.pos.undo  # a line `written_here` is always the recorder's: it writes one wherever one is due
        while u is not None and (u.implied or written_here(self.rules, u.state) is not None):
            u = u.parent
        while u is not None and u.parent is not None and u.parent.implied:
            u = u.parent  # `probe -` written before the move that implied it
        return u.seq if u is not None else None

    def rule(self, text: str, reason: str, arbiter: str | None = None) -> list[Entry]:
        """Append a ruling and the move it lets stand (after the steps and lines the move implies), as one write."""
        implied, (*more, event) = self._read(text)
        ruling = Ruling(target=self.pos.seq + 2 + len(implied) + len(more), reason=reason, arbiter=arbiter)
        return self.add(event, text, before=(*implied, *more, ruling))

    def annotate(self, target: int, text: str, glyph: str | None = None, author: str | None = None) -> list[Entry]:
        """Append a note on line `target`, wherever the record ends by then (a note does not depend on the position).

        Checked against this recorder's view first; then, inside the append's lock, only
        what another writer could have changed meanwhile: a seal ends the record.
        """
        note = Note(target=target, text=text, glyph=glyph, author=author)
        if self._expect is not None:
            return self.add(note)  # --expect-seq asks for the stale check
        try:
            self.session.step(self.pos, self.session.seal(self.pos, note), "")
        except IllegalEvent as exc:
            raise self._placed(exc, None) from None
        placed: list[Event] = []

        def make(seq: int, head: str, last: bytes) -> list[bytes]:
            if seq_type(last) == "seal":
                raise RecordError("the record was sealed meanwhile; nothing may be added after a seal", file=self.path,
                                  line=seq + 2, seq=seq + 1, code="seal.extended", rule="audit.md: seals")
            placed.append(msgspec.structs.replace(note, seq=seq + 1, prev=head))
            return [self.session.encode(placed[0])]

        seq, head = self.append_anywhere(self.path, make, fsync=self.fsync, wait=self.lock_wait)
        raw = self.session.encode(placed[0])
        if (seq, head) == (self.pos.seq, self.pos.head):
            self.pos = self.pos.advanced(seq + 1, line_hash(raw))
        else:  # another writer appended first: take the record as it is now
            edition, seed_file = self._reopen
            self.replay = Replay(self.path, edition, seed_file=seed_file, undo_window=None)
            self.pos = self.replay.final()
        return [Entry(seq + 1, placed[0], self.describe(placed[0], self.pos))]

    def _placed(self, exc: IllegalEvent, text: str | None, implied: tuple[Event, ...] = (), skipped: int = 0
                ) -> RecordError:
        """The refusal placed at the line refused: the record's next, after `implied` (or `skipped` lines) before it."""
        seq = self.pos.seq + 1 + max(len(implied), skipped)
        err = RecordError.at(self.path, seq + 1, seq, exc)
        if text is not None and exc.code != "notation":
            err.prefixed(f"{text.strip()!r}: ")
        if implied:  # the steps in the seat's notation (describe): the same words for the public text
            passes = self._passes(implied)
            err.message += passes
            err.public = None if err.public is None else err.public + passes
        return err

    def _passes(self, steps: tuple[Event, ...]) -> str:
        """The declined steps a refused line was read after, in notation, for its message."""
        pos, out = self.pos, []
        for step in steps:
            sealed = self.session.seal(pos, step)
            out.append(self.describe(sealed, pos))
            pos = self.session.step(pos, sealed, line_hash(self.session.encode(sealed)))
        return f" (read after the {len(steps)} step(s) it passes: {', '.join(out)})"


def describe_line(session: Session, event: Event, pos: Position, seat: int | None = None) -> str:
    """A line in notation as `seat` sees it (None: the scorekeeper's full view), or in words for meta events."""
    if isinstance(event, Note):
        glyph = f" {event.glyph}" if event.glyph else ""
        by = f" ({event.author})" if event.author else ""
        return escape(f"note on seq {event.target}{glyph}: {event.text}{by}")
    if isinstance(event, Retract):
        last = pos.undo.seq if pos.undo is not None else event.target
        span = f"seq {event.target}" if event.target >= last else f"seq {event.target}–{last}"
        return escape(f"retract {span}" + (f": {event.reason}" if event.reason else ""))
    if isinstance(event, Meta):
        return escape(describe_arbiter(event, session))
    text = format_as(session.rules, event, pos.state, seat)
    return f"{session.name(event.by)}: {text}" if isinstance(event, Action) else text


def describe_arbiter(event: Meta, session: Session) -> str:
    """An arbiter's event in words."""
    if isinstance(event, Ruling):
        return f"ruling: seq {event.target} stands ({event.reason})"
    if isinstance(event, Penalty):
        return f"penalty: {session.name(event.seat)} {event.points:+d} ({event.reason})"
    if isinstance(event, Seal):
        return f"seal ({event.alg}, key {event.key_id}) over {event.events} lines"
    if isinstance(event, Entropy):
        return f"entropy from {event.player}: {event.text}"
    if isinstance(event, Reveal):
        return f"seed revealed: {event.secret}"
    if isinstance(event, Result):
        from .scoring import result_words

        names = result_words(session, event.winners)
        why = f" ({event.reason})" if event.reason else ""
        by = f"the arbiter {event.arbiter}" if isinstance(event.arbiter, str) else event.declared_by
        return f"result declared by {by}: {names}{why}"
    return type(event).__name__.lower()
