"""Taking moves into a record file: parse, gate, draw the seed's chance, append."""

from __future__ import annotations

from dataclasses import dataclass

from .engine import Position, Replay
from .errors import IllegalEvent, RecordError
from .events import FORMAT, Event, Meta, Note, Penalty, Result, Retract, Ruling, Seal
from .game import CHANCE
from .record import append_lines, line_hash


@dataclass(frozen=True, slots=True)
class Entry:
    """One line written: its seq, event and notation."""

    seq: int
    event: Event
    text: str


class Recorder:
    """A record replayed to its end, taking new lines; every group is one locked append."""

    def __init__(self, path: str, edition: str | None = None, *, fsync: bool = True):
        self.path = path
        self.replay = Replay(path, edition)
        self.session = self.replay.session
        self.header = self.replay.header
        self.rules = self.session.rules
        if self.replay.format != FORMAT:
            raise RecordError(f"the record is in the older format {self.replay.format}; new lines would be "
                              f"{FORMAT}, which it cannot mix — copy the game into a new record to go on",
                              file=path, line=1, seq=0, code="append.old-format", kind="format", rule="format.md")
        self.pos: Position = self.replay.final()
        self.fsync = fsync

    def expect(self, seq: int) -> None:
        """Refuse to write if the record does not end at `seq` (a stale view)."""
        if self.pos.seq != seq:
            raise RecordError(f"the record ends at seq {self.pos.seq}, not {seq} as expected; nothing was written",
                              file=self.path, seq=self.pos.seq, code="append.stale", kind="conflict")

    def play(self, text: str) -> list[Entry]:
        """Read one move in notation and append it (with the seed's chance that follows)."""
        try:
            event = self.rules.parse(text.strip(), self.pos.state)
        except IllegalEvent as exc:
            raise self._placed(exc, text) from None
        return self.add(event, text)

    def add(self, event: Event, text: str | None = None, *, before: tuple[Event, ...] = ()) -> list[Entry]:
        """Gate and append `before` + `event`, then every chance outcome the seed gives after it."""
        pos, lines, entries = self.pos, [], []
        try:
            for meta in before:
                pos = self._step(pos, meta, lines, entries)
            pos = self._step(pos, event, lines, entries)
            if self.session.seeded:
                while self.session.to_move(pos) == CHANCE:
                    pos = self._step(pos, self.session.expected_chance(pos), lines, entries)
        except IllegalEvent as exc:
            raise self._placed(exc, text) from None
        append_lines(self.path, lines, self.pos.seq, self.pos.head, fsync=self.fsync)
        self.pos = pos
        return entries

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
        if isinstance(event, Note):
            glyph = f" {event.glyph}" if event.glyph else ""
            by = f" ({event.author})" if event.author else ""
            return f"note on seq {event.target}{glyph}: {event.text}{by}"
        if isinstance(event, Retract):
            return f"retract seq {event.target}" + (f": {event.reason}" if event.reason else "")
        if isinstance(event, Meta):
            return describe_arbiter(event, self.session)
        return self.rules.format(event, pos.state)

    def undo(self, reason: str | None = None) -> list[Entry]:
        """Take back the last standing action and the chance outcomes after it."""
        if self.pos.undo is None:
            raise RecordError("there is no action left to take back", file=self.path, line=self.pos.seq + 2,
                              seq=self.pos.seq + 1, code="retract.nothing", rule="format.md")
        return self.add(Retract(target=self.pos.undo.seq, reason=reason or None))

    def rule(self, text: str, reason: str, arbiter: str | None = None) -> list[Entry]:
        """Append a ruling and the move it lets stand, as one write."""
        try:
            event = self.rules.parse(text.strip(), self.pos.state)
        except IllegalEvent as exc:
            raise self._placed(exc, text) from None
        ruling = Ruling(target=self.pos.seq + 2, reason=reason, arbiter=arbiter)
        return self.add(event, text, before=(ruling,))

    def annotate(self, target: int, text: str, glyph: str | None = None, author: str | None = None) -> list[Entry]:
        """Append a note on line `target`."""
        return self.add(Note(target=target, text=text, glyph=glyph, author=author))

    def _placed(self, exc: IllegalEvent, text: str | None) -> RecordError:
        seq = self.pos.seq + 1
        err = RecordError.at(self.path, seq + 1, seq, exc)
        if text is not None and exc.code != "notation":
            err.message = f"{text.strip()!r}: {err.message}"
        return err


def describe_arbiter(event: Meta, session) -> str:
    """An arbiter's event in words."""
    if isinstance(event, Ruling):
        return f"ruling: seq {event.target} stands ({event.reason})"
    if isinstance(event, Penalty):
        return f"penalty: {session.name(event.seat)} {event.points:+d} ({event.reason})"
    if isinstance(event, Seal):
        return f"seal ({event.alg}, key {event.key_id}) over {event.events} lines"
    if isinstance(event, Result):
        from .scoring import result_words

        names = result_words(session, event.winners)
        why = f" ({event.reason})" if event.reason else ""
        return f"result declared by {event.declared_by}: {names}{why}"
    return type(event).__name__.lower()
