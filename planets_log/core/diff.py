"""Comparing two records: header fields, the first diverging event, the state difference."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

import msgspec

from .engine import Replay, Step, Visitor
from .events import Meta, Retract, strip_place


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


def diff_records(path_a: str, path_b: str, edition: str | None = None, at: int | None = None) -> Diff:
    """Walk both records in lockstep and report where they part."""
    ra, rb = Replay(path_a, edition), Replay(path_b, edition)
    out = Diff()
    ha, hb = msgspec.to_builtins(ra.header), msgspec.to_builtins(rb.header)
    for key in HEADER_FIELDS:
        if ha.get(key) != hb.get(key):
            out.header[key] = (ha.get(key), hb.get(key))
    comparable = ra.header.game == rb.header.game
    step = Lockstep(ra, out, at)
    rb.fold(step)
    if not step.stopped:
        step.compare(next(step.other, None), None)
    last_a, last_b = step.last_a, step.last_b
    if comparable:
        view_a = ra.session.rules.view(last_a.state)
        view_b = rb.session.rules.view(last_b.state)
        out.state = list(json_diff(view_a, view_b))
    return out


class Lockstep(Visitor):
    """Folds record B, pulling record A's steps alongside, until they part (or `at` is passed)."""

    def __init__(self, ra: Replay, out: Diff, at: int | None):
        self.ra, self.out, self.at = ra, out, at
        self.other = ra.steps()
        self.last_a = ra.start
        self.stopped = False

    def begin(self, replay: Replay) -> None:
        super().begin(replay)
        self.last_b = replay.start

    def visit(self, step: Step) -> bool:
        self.stopped = not self.compare(next(self.other, None), step)
        return self.stopped

    def compare(self, a: Step | None, b: Step | None) -> bool:
        """Note one pair of lines; False once the records part or `at` is passed."""
        if a is None and b is None:
            return False
        if self.at is not None and ((a and a.event.seq > self.at) or (b and b.event.seq > self.at)):
            return False
        if a is None or b is None or strip_place(a.event) != strip_place(b.event):
            self.out.seq = (a or b).event.seq  # type: ignore[union-attr]
            self.out.a_move = _move(self.ra, a) if a else "(record ends)"
            self.out.b_move = _move(self.replay, b) if b else "(record ends)"
            self.last_a = a.after if a else self.last_a
            self.last_b = b.after if b else self.last_b
            return False
        self.out.events += 1
        self.last_a, self.last_b = a.after, b.after
        return True


def _move(replay: Replay, step: Step) -> str:
    event = step.event
    if isinstance(event, Retract):
        return f"retract seq {event.target}"
    if isinstance(event, Meta):
        return f"{type(event).__name__.lower()}: {getattr(event, 'text', '')}"
    return replay.session.rules.format(event, step.before.state)


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
