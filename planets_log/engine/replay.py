"""Replaying a record in one streaming pass: steps, visitors, lenient reading, the final position."""

from __future__ import annotations

import enum
import hashlib
from sys import maxsize
from typing import Any, Callable, Generic, Iterator, Protocol, TypeVar, cast

import msgspec

from planets_log.record.commit import find_reveal
from planets_log.record.errors import IllegalEvent, InternalError, PlanetsLogError, RecordError
from planets_log.record.events import FORMAT, Chance, Commit, Event, Meta
from planets_log.record.lines import RawLine, iter_lines, line_hash, seq_of
from planets_log.record.strict import LineError, decode_line
from planets_log.record.upcast import chain_for, upcast_line

from .header import FORMAT_RULE, _format_of, decode_header, kind_of
from .rules import TERMINAL
from .session import SPILLED, UNDO_WINDOW, Position, Session, Undo


class Step(msgspec.Struct, frozen=True):
    """One line of a record, replayed: the event and the position after it."""

    line: RawLine
    event: Event
    before: Position
    after: Position


class SkipType(enum.Enum):
    """The type of `SKIP`."""

    SKIP = enum.auto()


SKIP = SkipType.SKIP
"""What `visit` returns to skip the rest of the record: the fold stops before this line counts."""

ResultT = TypeVar("ResultT", covariant=True)


class BaseVisitor(Generic[ResultT]):
    """What `Replay.fold` feeds a record to, line by line (python-chess's `BaseVisitor` model), generic in
    what `fold` returns: `result()`.

    It keeps the last position and is strict: `handle_error` raises. A lenient visitor
    (`lenient = True`) gets every error at `handle_error` and the replay goes on as the
    record has it.
    """

    lenient = False
    replay: "Replay"
    pos: Position

    def begin(self, replay: "Replay") -> None:
        """Called once, before the first line."""
        self.replay = replay
        self.pos = replay.start

    def visit(self, step: Step) -> SkipType | None:
        """Called for every line replayed; return `SKIP` to stop before this line counts."""
        self.pos = step.after
        return None

    def handle_error(self, error: RecordError) -> None:
        """Called for an error at a line (only a lenient visitor is given any)."""
        raise error

    def result(self) -> ResultT:
        """What `fold` returns."""
        raise NotImplementedError


class Visitor(BaseVisitor[Position]):
    """A visitor whose result is the last position."""

    def result(self) -> Position:
        return self.pos


class Errors(Protocol):
    """Where a lenient pass collects its errors: a list, or a visitor's `handle_error` (`_Errors`)."""

    def append(self, error: RecordError, /) -> None:
        """Take one more error."""


class _Errors:
    """The error list `steps` appends to, handing each error to a visitor."""

    def __init__(self, visitor: BaseVisitor[object]):
        self.visitor = visitor

    def append(self, error: RecordError, /) -> None:
        """Hand the error to the visitor."""
        self.visitor.handle_error(error)


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
        from planets_log.record.commit import read_secret

        assert isinstance(self.header.commit, Commit)
        commit = self.header.commit.sha256
        if seed_file is not None:
            return read_secret(seed_file, self.header.log_id, commit)
        if hasattr(self.path, "readline") and self.reopen is None:
            return None  # a stream read once: its reveal cannot be looked up ahead
        try:
            secret = find_reveal(iter_lines(self.reopen() if self.reopen else self.path, self.name), commit)
        except RecordError:
            return None  # a damaged record: the main pass reports where
        self.session.secret_in_record = secret is not None
        return secret

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

    def fold(self, visitor: BaseVisitor[ResultT], *, trusted: bool = False) -> ResultT:
        """Feed every line to `visitor` in one streaming pass and return `visitor.result()`.

        `trusted`: for a record already validated, apply every event unchecked (no gate, no
        seed or rule check, no ruling noted; meta events handled as usual).
        """
        visitor.begin(self)
        if trusted:
            steps = self._trusted_steps()
        else:
            steps = self.steps(_Errors(visitor) if visitor.lenient else None)
        for step in steps:
            if visitor.visit(step) is SKIP:
                break
        return visitor.result()

    def steps(self, errors: Errors | None = None) -> Iterator[Step]:
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
            parent = Undo(kept.seq, kept.state, kept.chances, parent, kept.implied)
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
                 errors: Errors, line: RawLine) -> Position | None:
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
        return self.fold(Visitor())

    def trusted(self) -> Position:
        """Replay to the end applying every event unchecked: for a record already validated."""
        return self.fold(Visitor(), trusted=True)

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
                undo = Undo(event.seq, pos.state, pos.chances, pos.undo, event.implied is True)
                after = Position(rules.apply(pos.state, event), event.seq, head, pos.chances, undo, pos.arbiter)
            if line.number >= trim_at:
                after, trim_at = self._trimmed(after, line.number)
            yield Step(line, event, pos, after)
            pos = after


def digest(state: Any) -> str:
    """A canonical digest of a game state, for comparing two replays."""
    return hashlib.sha256(msgspec.json.encode(state, order="sorted")).hexdigest()
