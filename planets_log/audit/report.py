"""The audit's report types: one record's problems and facts, the config, the tournament's report."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from planets_log.engine.sheet import outcome_of
from planets_log.record.text import escape

from .seal import Key
from .validate import OVERRIDE_KEYS


@dataclass(frozen=True, slots=True)
class Problem:
    """One problem: where (file, line, seq) and what (code, message)."""

    file: str
    line: int | None
    seq: int | None
    code: str
    message: str

    def to_json(self) -> dict[str, Any]:
        return {"file": self.file, "line": self.line, "seq": self.seq, "code": self.code, "message": self.message}

    def __str__(self) -> str:
        where = self.file + (f":{self.line}" if self.line is not None else "")
        seq = f" seq {self.seq}:" if self.seq is not None else ""
        return escape(f"{where}:{seq} [{self.code}] {self.message}")

    def sort_key(self) -> tuple[str, int, str, str]:
        return (self.file, self.line if self.line is not None else 0, self.code, self.message)


@dataclass
class RecordAudit:
    """What the audit found in one record."""

    file: str
    digest: str = ""
    lines: int = 0
    game: str | None = None
    log_id: str | None = None
    players: list[str] = field(default_factory=list)
    valid: bool = False
    finished: bool = False
    sealed: bool = False
    seal_key: str | None = None
    verified: bool | None = None
    winners: list[str] | None = None
    result_by: str | None = None
    declared: str = "none"
    totals: list[int] = field(default_factory=list)
    rulings: list[dict[str, Any]] = field(default_factory=list)
    peeks: list[dict[str, Any]] = field(default_factory=list)
    overrides: list[dict[str, Any]] = field(default_factory=list)
    """The arbiter's result standing instead of the rules' one (`arbiter_override`)."""
    mode: str | None = None
    duplicate: str | None = None
    counted: bool = False
    problems: list[Problem] = field(default_factory=list)

    @property
    def outcome(self) -> str | None:
        """The kind of result: win, shared, solo-win, solo-loss or nobody (None without a result)."""
        return None if self.winners is None else outcome_of(self.winners, len(self.players))

    def problem(self, line: int | None, seq: int | None, code: str, message: str, file: str | None = None) -> None:
        self.problems.append(Problem(file or self.file, line, seq, code, message))

    def to_json(self) -> dict[str, Any]:
        return {
            "file": self.file, "game": self.game, "log_id": self.log_id, "players": self.players,
            "valid": self.valid, "finished": self.finished, "sealed": self.sealed, "seal_key": self.seal_key,
            "verified": self.verified,
            "result": None if self.winners is None else {"winners": self.winners, "outcome": self.outcome,
                                                        "by": self.result_by, "declared": self.declared},
            "totals": self.totals, "rulings": self.rulings, "peeks": self.peeks,
            "overrides": [{key: o[key] for key in OVERRIDE_KEYS} for o in self.overrides], "mode": self.mode,
            "counted": self.counted,
            "problems": [p.to_json() for p in self.problems],
        }


@dataclass(frozen=True)
class AuditConfig:
    """What the tournament expects: its keys, its edition of each game, whether seals are required.

    `games` is the game registry to use in worker processes (so games registered at run
    time, such as test games, are known there too).
    """

    keys: tuple[Key, ...] = ()
    editions: tuple[tuple[str, str], ...] = ()
    require_seal: bool | None = None
    games: tuple[tuple[str, str], ...] = ()
    require: tuple[str, ...] = ()
    """The tournament's policy: any of "seeded", "sealed", "table", "overrides-sealed" (`audit --require`)."""

    @property
    def seals_required(self) -> bool:
        if "sealed" in self.require:
            return True
        return bool(self.keys) if self.require_seal is None else self.require_seal

    def edition_path(self, game: str) -> str | None:
        return dict(self.editions).get(game)


@dataclass
class AuditReport:
    """The whole tournament's audit."""

    records: list[RecordAudit]
    duplicates: list[dict[str, Any]] = field(default_factory=list)
    other: list[Problem] = field(default_factory=list)
    standings: dict[str, list[dict[str, Any]]] = field(default_factory=dict)
    keys: tuple[str, ...] = ()

    @property
    def problems(self) -> list[Problem]:
        """Every problem, sorted by file and line."""
        out = [p for r in self.records for p in r.problems] + list(self.other)
        return sorted(out, key=Problem.sort_key)

    @property
    def count(self) -> int:
        return sum(len(r.problems) for r in self.records) + len(self.other)

    def to_json(self) -> dict[str, Any]:
        return {
            "records": [r.to_json() for r in self.records],
            "duplicates": self.duplicates,
            "other": [p.to_json() for p in self.other],
            "standings": self.standings,
            "problems": self.count,
        }


# --- one record -----------------------------------------------------------------------
