"""Taking moves into a record file: parse, gate, draw the seed's chance, append."""

from __future__ import annotations

from dataclasses import dataclass

from .engine import Position, Replay
from .errors import IllegalEvent, RecordError
from .events import FORMAT, Action, Chance, Event, Meta, Note, Penalty, Result, Retract, Ruling, Seal, strip_place
from .game import CHANCE
from .implied import only_outcome
from .seats import parse_seat, seat_words
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

    def play(self, text: str, by: str | None = None) -> list[Entry]:
        """Read one move in notation and append it (with the seed's chance that follows).

        The move may name its player (`Ann: d1x2`, or `by`): it is refused unless that
        player is the one to move.
        """
        named, move = split_player(text, self.header.players)
        try:
            if by is not None:
                named = self._seat(by)
            if named is not None:
                self._check_named(named)
            parsed = self.rules.parse(move.strip(), self.pos.state)
        except IllegalEvent as exc:
            raise self._placed(exc, text) from None
        if isinstance(parsed, Chance) and self.session.to_move(self.pos) != CHANCE:
            written = self._written_for_you(parsed)
            if written is not None:  # typed out of habit: the recorder already wrote it
                return [Entry(written, parsed, f"{self.rules.format(parsed, self.pos.state)} (already written: "
                              "the only possible outcome)")]
        if isinstance(parsed, tuple):  # a line that implies the ones before it (`land 5 3` implies `roll`)
            return self.add(parsed[-1], text, before=parsed[:-1])
        return self.add(parsed, text)

    def _written_for_you(self, event: Event) -> int | None:
        """The seq of a line at the end of the record that the recorder wrote as the only
        possible outcome and that equals `event`, or None."""
        u = self.pos.undo
        while u is not None and (forced := only_outcome(self.rules, u.state)) is not None:
            if strip_place(forced) == strip_place(event):
                return u.seq
            u = u.parent
        return None

    def _seat(self, word: str) -> int:
        seat = parse_seat(word, self.header.players)
        if seat is None:
            raise IllegalEvent("turn.named", f"{word!r} is not a player: name {seat_words(self.header.players)}", "turn order")
        return seat

    def _check_named(self, seat: int) -> None:
        mover = self.session.to_move(self.pos)
        if mover == CHANCE:
            raise IllegalEvent("turn.named", f"a chance outcome is due ({self.rules.chance_hint(self.pos.state)}), "
                               f"not a move by {self.session.name(seat)}", "turn order")
        if mover != seat:
            raise IllegalEvent("turn.named", f"it is {self.session.name(mover)}'s turn, not {self.session.name(seat)}'s",
                               "turn order")

    def add(self, event: Event, text: str | None = None, *, before: tuple[Event, ...] = ()) -> list[Entry]:
        """Gate and append `before` + `event`, then every chance outcome the seed gives after it
        (in a table game: every outcome that is the only one possible)."""
        pos, lines, entries = self.pos, [], []
        try:
            for earlier in before:
                pos = self._step(pos, earlier, lines, entries)
            pos = self._step(pos, event, lines, entries)
            if self.session.seeded:
                while self.session.to_move(pos) == CHANCE:
                    pos = self._step(pos, self.session.expected_chance(pos), lines, entries)
            elif not isinstance(event, Meta) or isinstance(event, Retract):
                while (forced := only_outcome(self.rules, pos.state)) is not None:
                    pos = self._step(pos, forced, lines, entries)
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
            last = pos.undo.seq if pos.undo is not None else event.target
            span = f"seq {event.target}" if event.target >= last else f"seq {event.target}–{last}"
            return f"retract {span}" + (f": {event.reason}" if event.reason else "")
        if isinstance(event, Meta):
            return describe_arbiter(event, self.session)
        text = self.rules.format(event, pos.state)
        return f"{self.session.name(event.by)}: {text}" if isinstance(event, Action) else text

    def undo(self, reason: str | None = None, to: int | None = None) -> list[Entry]:
        """Take back the last typed line (action or table outcome), or every line after seq `to`.

        Lines the recorder wrote because they were the only possible outcome are passed over:
        they were never typed. In a seeded game an action takes its seed's outcomes with it.
        """
        u, target = self.pos.undo, None
        if to is None:
            while u is not None and only_outcome(self.rules, u.state) is not None:
                u = u.parent
            target = u.seq if u is not None else None
        else:
            while u is not None and u.seq > to:
                target, u = u.seq, u.parent
        if target is None:
            after = "" if to is None else f" after seq {to}"
            raise RecordError(f"there is no typed line{after} left to take back", file=self.path, line=self.pos.seq + 2,
                              seq=self.pos.seq + 1, code="retract.nothing", rule="format.md")
        return self.add(Retract(target=target, reason=reason or None))

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


def split_player(text: str, players: list[str]) -> tuple[int | None, str]:
    """`Ann: d1x2` as (Ann's seat, "d1x2"); a text naming no player as (None, text)."""
    who, sep, rest = text.partition(":")
    if sep and who.strip() and rest.strip():
        seat = parse_seat(who, players)
        if seat is not None:
            return seat, rest
    return None, text


def describe_arbiter(event: Meta, session) -> str:
    """An arbiter's event in words."""
    if isinstance(event, Ruling):
        return f"ruling: seq {event.target} stands ({event.reason})"
    if isinstance(event, Penalty):
        return f"penalty: {session.name(event.seat)} {event.points:+d} ({event.reason})"
    if isinstance(event, Seal):
        return f"seal ({event.alg}, key {event.key_id}) over {event.events} lines"
    if isinstance(event, Result):
        names = ", ".join(session.name(w) for w in event.winners)
        why = f" ({event.reason})" if event.reason else ""
        return f"result declared by {event.declared_by}: {names}{why}"
    return type(event).__name__.lower()
