"""Comparing two records: header fields, the first diverging event, the state difference.

Both records go through the engine's fold twice: once keying every line as it is compared
(`_Lines`), then, once the parting line is known, up to it for the positions there (`_Upto`);
only the keys are held, never a position per line.
"""

from __future__ import annotations

import os
from dataclasses import dataclass, field
from typing import Any, Iterator

import msgspec

from planets_log.engine.redact import format_as
from planets_log.engine.replay import SKIP, Replay, SkipType, Step, Visitor
from planets_log.engine.session import Position
from planets_log.record.errors import RecordError
from planets_log.record.events import Meta, Retract, strip_place


@dataclass
class Diff:
    """What differs between two records."""

    header: dict[str, tuple[Any, Any]] = field(default_factory=dict)
    seq: int | None = None
    a_move: str | None = None
    b_move: str | None = None
    state: list[tuple[str, Any, Any]] = field(default_factory=list)
    events: int = 0
    a_error: RecordError | None = None
    b_error: RecordError | None = None
    a_line: int | None = None
    b_line: int | None = None

    @property
    def identical(self) -> bool:
        return not self.header and self.seq is None and not self.state and not self.a_error and not self.b_error

    def to_json(self) -> dict[str, Any]:
        return {
            "identical": self.identical,
            "header": {k: {"a": a, "b": b} for k, (a, b) in self.header.items()},
            "first_difference": None if self.seq is None else {"seq": self.seq, "a": self.a_move, "b": self.b_move,
                                                               "a_line": self.a_line, "b_line": self.b_line},
            "state": [{"path": p, "a": a, "b": b} for p, a, b in self.state],
            "events_compared": self.events,
            "invalid": {side: str(err) for side, err in (("a", self.a_error), ("b", self.b_error)) if err},
        }


HEADER_FIELDS = ("log_id", "game", "rules", "edition", "options", "players", "seed", "meta", "kept_by")


class _Lines(Visitor):
    """One record's lines as diff compares them, up to its first invalid line (the strict fold stops there)."""

    def __init__(self, seat: int | None, at: int | None):
        self.seat, self.at = seat, at
        self.keys: list[tuple[int, object]] = []
        """Per line: its seq and what is compared (the event, or as `seat` sees it: its move and the view after)."""

    def visit(self, step: Step) -> SkipType | None:
        self.keys.append((step.event.seq, _seen(self.replay, step, self.seat)))
        super().visit(step)
        return SKIP if self.at is not None and step.event.seq > self.at else None  # one line past `at`: where to stop


class _Upto(Visitor):
    """The position before event line `index` (0: the first after the header), and that line's step if valid."""

    def __init__(self, index: int):
        self.left = index
        self.step: Step | None = None

    def visit(self, step: Step) -> SkipType | None:
        if self.left == 0:
            self.step = step
            return SKIP
        self.left -= 1
        return super().visit(step)


class _Side:
    """One record as compared: its lines' keys, its first error, and where the comparison stopped in it."""

    def __init__(self, replay: Replay, seat: int | None, at: int | None):
        self.replay = replay
        lines = _Lines(seat, at)
        self.error = _fold(replay, lines)
        if self.error is not None and seat is not None:  # as the seat may read it: no hidden card in the message
            self.error = self.error.for_seat()
        self.keys = lines.keys
        self.step: Step | None = None
        self.last: Position = lines.pos
        """The position before the line where the comparison stopped (after the last line keyed, at first)."""

    def key(self, i: int) -> tuple[int, object] | None:
        """Line `i`'s seq and key, or None where the record ends or turns invalid."""
        return self.keys[i] if i < len(self.keys) else None

    def stop_at(self, i: int, parted: bool) -> None:
        """The position before line `i` and, where the records part there, the line itself (replayed again
        to there unless the comparison ran to the last line keyed)."""
        if i == len(self.keys):
            return
        self.error = None  # an error past the lines compared is not reached
        upto = _Upto(i)
        _fold(self.replay, upto)
        self.last = upto.pos
        self.step = upto.step if parted else None


def _fold(replay: Replay, visitor: Visitor) -> RecordError | None:
    """Fold `replay` into `visitor`; the error that ended it early, if any."""
    try:
        replay.fold(visitor)
    except RecordError as exc:
        return exc
    return None


def _seen(replay: Replay, step: Step, seat: int | None) -> object:
    """What is compared of a line: the event without its place, or as `seat` sees it (its move and the view after)."""
    if seat is None or isinstance(step.event, Meta):
        return strip_place(step.event)
    return _move(replay, step, seat), replay.session.rules.view(step.after.state, seat)


def diff_records(path_a: str, path_b: str, edition: str | None = None, at: int | None = None,
                 seat: int | None = None) -> Diff:
    """Compare both records line by line and report where they part (an invalid record up to its first error;
    as `seat` sees them, if given)."""
    ra, rb = Replay(path_a, edition), Replay(path_b, edition)
    out = Diff()
    ha, hb = msgspec.to_builtins(ra.header), msgspec.to_builtins(rb.header)
    for key in HEADER_FIELDS:
        if ha.get(key) != hb.get(key):
            out.header[key] = (ha.get(key), hb.get(key))
    sa, sb = _Side(ra, seat, at), _Side(rb, seat, at)
    out.events, parted = _first_difference(sa, sb, at)
    sa.stop_at(out.events, parted)
    sb.stop_at(out.events, parted)
    a, b = sa.step, sb.step
    if parted:
        first = a or b
        assert first is not None, "records part only where one of them has a line"
        out.seq = first.event.seq
        out.a_move = _move(ra, a, seat) if a else _ended(sa, seat)
        out.b_move = _move(rb, b, seat) if b else _ended(sb, seat)
        out.a_line = a.line.number if a else sa.error.line if sa.error else None
        out.b_line = b.line.number if b else sb.error.line if sb.error else None
    out.a_error, out.b_error = sa.error, sb.error
    if ra.header.game == rb.header.game:
        last_a = a.after if a else sa.last
        last_b = b.after if b else sb.last
        out.state = list(json_diff(ra.session.rules.view(last_a.state, seat), rb.session.rules.view(last_b.state, seat)))
    return out


def _first_difference(sa: _Side, sb: _Side, at: int | None) -> tuple[int, bool]:
    """How many lines are the same in both, and whether the records part at the next one (else both stop there)."""
    i = 0
    while True:
        a, b = sa.key(i), sb.key(i)
        if a is None and b is None:
            return i, False
        if at is not None and ((a and a[0] > at) or (b and b[0] > at)):
            return i, False
        if a is None or b is None or a[1] != b[1]:
            return i, True
        i += 1


def _ended(side: _Side, seat: int | None) -> str:
    if side.error is not None:
        return f"{_bad_line(side, seat)} (invalid from here: {side.error.message})"
    return "(record ends)"


def _bad_line(side: _Side, seat: int | None) -> str:
    """The invalid line in notation where it decodes as an event, else its raw text cut short."""
    raw = _raw_line(side.replay.path, side.error.line) if side.error is not None else None
    if raw is None:
        return "?"
    try:
        event = side.replay.session.decode(raw)
        if isinstance(event, Meta):
            return f"{type(event).__name__.lower()}: {getattr(event, 'text', '')}"
        return format_as(side.replay.session.rules, event, side.last.state, seat)
    except Exception:  # not an event, or not one the game can write: show the line as it is
        text = raw.decode("utf-8", "replace")
        return text if len(text) <= 80 else text[:79] + "…"


def _raw_line(path: str, number: int | None) -> bytes | None:
    """The bytes of line `number` of `path` (None if it cannot be read)."""
    if number is None:
        return None
    from planets_log.record.errors import UsageError
    from planets_log.record.files import MAX_RECORD, open_regular

    try:
        with os.fdopen(open_regular(path, "the record", MAX_RECORD), "rb") as handle:
            for i, line in enumerate(handle, 1):
                if i == number:
                    return line.rstrip(b"\n")
    except (OSError, UsageError):
        return None
    return None


def _move(replay: Replay, step: Step, seat: int | None = None) -> str:
    event = step.event
    if isinstance(event, Retract):
        return f"retract seq {event.target}"
    if isinstance(event, Meta):
        return f"{type(event).__name__.lower()}: {getattr(event, 'text', '')}"
    return format_as(replay.session.rules, event, step.before.state, seat)


def json_diff(a: Any, b: Any, path: str = "$") -> Iterator[tuple[str, Any, Any]]:
    """Yield (path, a, b) for every leaf where two JSON-like values differ; a missing value is None."""
    if isinstance(a, dict) and isinstance(b, dict):
        for key in list(a) + [k for k in b if k not in a]:
            if key not in a or key not in b:
                yield f"{path}.{key}", a.get(key), b.get(key)
            else:
                yield from json_diff(a[key], b[key], f"{path}.{key}")
    elif isinstance(a, (list, tuple)) and isinstance(b, (list, tuple)):
        for i in range(max(len(a), len(b))):
            if i >= len(a) or i >= len(b):
                yield f"{path}[{i}]", a[i] if i < len(a) else None, b[i] if i < len(b) else None
            else:
                yield from json_diff(a[i], b[i], f"{path}[{i}]")
    elif a != b:
        yield path, a, b
