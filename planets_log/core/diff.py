"""Comparing two records: header fields, the first diverging event, the state difference."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

import msgspec

from .engine import Replay, Step
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

    @property
    def identical(self) -> bool:
        return not self.header and self.seq is None and not self.state

    def to_json(self) -> dict:
        return {
            "identical": self.identical,
            "header": {k: {"a": a, "b": b} for k, (a, b) in self.header.items()},
            "first_difference": None if self.seq is None else {"seq": self.seq, "a": self.a_move, "b": self.b_move},
            "state": [{"path": p, "a": a, "b": b} for p, a, b in self.state],
            "events_compared": self.events,
        }


HEADER_FIELDS = ("log_id", "game", "rules", "edition", "options", "players", "seed", "meta")


def diff_records(path_a: str, path_b: str, edition: str | None = None, at: int | None = None,
                 seat: int | None = None) -> Diff:
    """Walk both records in lockstep and report where they part (as `seat` sees them, if given)."""
    ra, rb = Replay(path_a, edition), Replay(path_b, edition)
    out = Diff()
    ha, hb = msgspec.to_builtins(ra.header), msgspec.to_builtins(rb.header)
    for key in HEADER_FIELDS:
        if ha.get(key) != hb.get(key):
            out.header[key] = (ha.get(key), hb.get(key))
    comparable = ra.header.game == rb.header.game
    sa, sb = ra.steps(), rb.steps()
    last_a, last_b = ra.start, rb.start
    while True:
        a, b = next(sa, None), next(sb, None)
        if a is None and b is None:
            break
        if at is not None and ((a and a.event.seq > at) or (b and b.event.seq > at)):
            break
        if a is None or b is None or _differ(ra, a, rb, b, seat):
            out.seq = (a or b).event.seq
            out.a_move = _move(ra, a, seat) if a else "(record ends)"
            out.b_move = _move(rb, b, seat) if b else "(record ends)"
            if a:
                last_a = a.after
            if b:
                last_b = b.after
            break
        out.events += 1
        last_a, last_b = a.after, b.after
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


def _move(replay: Replay, step: Step, seat: int | None = None) -> str:
    event = step.event
    if isinstance(event, Retract):
        return f"retract seq {event.target}"
    if isinstance(event, Meta):
        return f"{type(event).__name__.lower()}: {getattr(event, 'text', '')}"
    return format_as(replay.session.rules, event, step.before.state, seat)


def json_diff(a: Any, b: Any, path: str = "$"):
    """Yield (path, a, b) for every leaf where two JSON-like values differ."""
    if isinstance(a, dict) and isinstance(b, dict):
        for key in list(a) + [k for k in b if k not in a]:
            if key not in a or key not in b:
                yield f"{path}.{key}", a.get(key), b.get(key)
            else:
                yield from json_diff(a[key], b[key], f"{path}.{key}")
    elif isinstance(a, list) and isinstance(b, list) and len(a) == len(b):
        for i, (x, y) in enumerate(zip(a, b)):
            yield from json_diff(x, y, f"{path}[{i}]")
    elif a != b:
        yield path, a, b
