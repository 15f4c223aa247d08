"""Validating a record: every gate and rule, the chain, the seed's outcomes, in one pass."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from planets_log.engine.replay import Replay, Visitor
from planets_log.engine.rules import TERMINAL
from planets_log.engine.scoring import arbiter_override
from planets_log.engine.session import Position
from planets_log.record.errors import PlanetsLogError, RecordError, UsageError


@dataclass
class Report:
    """The result of validating one file."""

    file: str
    valid: bool = True
    events: int = 0
    finished: bool = False
    errors: list[RecordError] = field(default_factory=list)
    game: str | None = None
    position: Position | None = None
    mode: str = "unknown"
    """seeded-public, seeded-verified, seeded-unrevealed or table (see `mode_of`)."""
    usage: bool = False
    """True when the file could not be read at all (missing, unreadable, a bad --edition): a usage problem."""
    overrides: list[dict[str, Any]] = field(default_factory=list)
    """The arbiter's result standing instead of the rules' (see `arbiter_override`)."""

    def to_json(self) -> dict[str, Any]:
        """The stable `validate --json` object."""
        return {
            "file": self.file,
            "valid": self.valid,
            "events": self.events,
            "finished": self.finished,
            "game": self.game,
            "mode": self.mode,
            "peeks": [{"seq": s, "target": t, "reason": r} for s, t, r in
                      (self.position.arbiter.peeks if self.position else ())],
            "errors": [e.to_json() for e in self.errors],
            "rulings": [{"seq": r.seq, "code": r.code, "message": r.message, "rule": r.rule, "reason": r.reason}
                        for r in (self.position.arbiter.ruled if self.position else ())],
            "overrides": [{key: o[key] for key in OVERRIDE_KEYS} for o in self.overrides],
        }


OVERRIDE_KEYS = ("seq", "arbiter", "reason", "winners", "rules")
"""What `--json` says of an arbiter's override: its seq, who, why, the winners declared and the rules' ones."""


def override_text(file: str, o: dict[str, Any]) -> str:
    """An arbiter's override as `validate` and `audit` print it."""
    who = f" ({o['arbiter']})" if o["arbiter"] else " (not named)"
    return f"{file}: seq {o['seq']}: result overridden by the arbiter{who}: {o['words']} — reason: {o['reason']}"


MODES = {
    "seeded-public": "seeded with a public seed: draws verified (anyone holding the record could foresee them)",
    "seeded-verified": "seeded with a committed secret seed: revealed, every draw verified",
    "seeded-checked": "seeded with a committed secret seed: not yet revealed; draws verified with --seed-file",
    "seeded-unrevealed": "seeded with a committed secret seed: not yet revealed, so its draws are not yet "
                         "verifiable (give --seed-file to verify them)",
    "table": "table game: chance outcomes typed by the recorder (checked as possible, not derived from a seed)",
}


def mode_of(replay: Replay, pos: Position) -> str:
    """How a record's chance outcomes are backed: one of MODES."""
    session = replay.session
    if replay.header.seed is not None:
        return "seeded-public"
    if not session.committed:
        return "table"
    if pos.arbiter.revealed is not None:
        return "seeded-verified"
    return "seeded-checked" if session.secret is not None else "seeded-unrevealed"


class Collect(Visitor):
    """The last position; errors collected (lenient) or raised at the first (strict)."""

    def __init__(self, errors: list[RecordError], lenient: bool):
        self.errors, self.lenient = errors, lenient

    def handle_error(self, error: RecordError) -> None:
        self.errors.append(error)


def validate_file(path: str, edition: str | None = None, *, lenient: bool = False,
                  seed_file: str | None = None) -> Report:
    """Check every line of `path`; stop at the first error unless `lenient`."""
    report = Report(file=path)
    errors: list[RecordError] = []
    try:
        replay = Replay(path, edition, seed_file=seed_file)
        report.game = replay.header.game
        visitor = Collect(errors, lenient)
        try:
            pos = replay.fold(visitor)
        finally:
            report.events = max(visitor.pos.seq, report.events)
        report.position = pos
        report.finished = replay.session.to_move(pos) == TERMINAL
        report.mode = mode_of(replay, pos)
        override = arbiter_override(replay.session, pos)
        report.overrides = [override] if override is not None else []
    except RecordError as exc:
        errors.append(exc)
    except UsageError as exc:
        report.usage = True
        errors.append(RecordError.at(path, None, None, exc))
    except PlanetsLogError as exc:
        errors.append(RecordError.at(path, None, None, exc))
    report.errors = errors
    report.valid = not errors
    return report
