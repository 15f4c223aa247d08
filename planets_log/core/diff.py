"""Comparing two records: header fields, the first diverging event, the state difference."""

from __future__ import annotations

import os
from dataclasses import dataclass, field
from typing import Any

import msgspec

from .engine import Replay, Step
from .errors import RecordError
from .events import Meta, Retract, strip_place
from .redact import format_as


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

    def to_json(self) -> dict:
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


class _Side:
    """One record walked step by step; an invalid line ends it, and is kept."""

    def __init__(self, replay: Replay):
        self.replay = replay
        self._steps = replay.steps()
        self.error: RecordError | None = None
        self.last = replay.start
        """The position before the next line (before the invalid one, once there is an error)."""

    def next(self) -> Step | None:
        if self.error is not None:
            return None
        try:
            step = next(self._steps, None)
        except RecordError as exc:
            self.error = exc
            return None
        if step is not None:
            self.last = step.after
        return step


def diff_records(path_a: str, path_b: str, edition: str | None = None, at: int | None = None,
                 seat: int | None = None) -> Diff:
    """Walk both records in lockstep and report where they part (an invalid record up to its first error;
    as `seat` sees them, if given)."""
    ra, rb = Replay(path_a, edition), Replay(path_b, edition)
    out = Diff()
    ha, hb = msgspec.to_builtins(ra.header), msgspec.to_builtins(rb.header)
    for key in HEADER_FIELDS:
        if ha.get(key) != hb.get(key):
            out.header[key] = (ha.get(key), hb.get(key))
    comparable = ra.header.game == rb.header.game
    sa, sb = _Side(ra), _Side(rb)
    last_a, last_b = ra.start, rb.start
    while True:
        a, b = sa.next(), sb.next()
        if a is None and b is None:
            break
        if at is not None and ((a and a.event.seq > at) or (b and b.event.seq > at)):
            break
        if a is None or b is None or _differ(ra, a, rb, b, seat):
            out.seq = (a or b).event.seq
            out.a_move = _move(ra, a, seat) if a else _ended(sa, seat)
            out.b_move = _move(rb, b, seat) if b else _ended(sb, seat)
            out.a_line = a.line.number if a else sa.error.line if sa.error else None
            out.b_line = b.line.number if b else sb.error.line if sb.error else None
            if a:
                last_a = a.after
            if b:
                last_b = b.after
            break
        out.events += 1
        last_a, last_b = a.after, b.after
    out.a_error, out.b_error = sa.error, sb.error
    if comparable:
        view_a = ra.session.rules.view(last_a.state, seat)
        view_b = rb.session.rules.view(last_b.state, seat)
        out.state = list(json_diff(view_a, view_b))
    return out


def _differ(ra: Replay, a: Step, rb: Replay, b: Step, seat: int | None) -> bool:
    """Whether two lines differ (as `seat` sees them: its view of the move and of the state after)."""
    if seat is None or isinstance(a.event, Meta) or isinstance(b.event, Meta):
        return strip_place(a.event) != strip_place(b.event)
    return (_move(ra, a, seat) != _move(rb, b, seat)
            or ra.session.rules.view(a.after.state, seat) != rb.session.rules.view(b.after.state, seat))


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
    from .errors import UsageError
    from .files import MAX_RECORD, open_regular

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


def json_diff(a: Any, b: Any, path: str = "$"):
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
