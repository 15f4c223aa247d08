"""Building records in memory: a new header, engine-drawn chance, seeded self-play."""

from __future__ import annotations

import secrets
from dataclasses import dataclass, field
from typing import Any

import msgspec

from .edition import load_edition
from .engine import Position, Session, check_options, check_players
from .errors import PlanetsLogError
from .events import FORMAT, Event, Header
from .game import CHANCE, TERMINAL, Rules
from .record import line_hash
from .registry import get_rules
from .rng import rng


def make_header(
    game: str,
    players: list[str],
    *,
    seed: int | None,
    options: dict[str, Any] | None = None,
    edition_path: str | None = None,
    meta: dict[str, str] | None = None,
    log_id: str | None = None,
) -> tuple[Header, Session]:
    """A checked header with every option filled in, and its session."""
    rules = get_rules(game)
    check_players(rules, players)
    opts = {key: spec.default for key, spec in rules.options.items()}
    opts.update(coerce_options(rules, options or {}))
    check_options(rules, opts)
    opts = {key: value for key, value in opts.items() if not (rules.options[key].implicit and value == rules.options[key].default)}
    edition = load_edition(rules, edition_path, opts)
    header = Header(
        log_id=log_id or secrets.token_hex(16), game=game, rules=rules.rules_version, edition=edition.ref,
        options=opts, players=list(players), seed=seed, meta=dict(meta or {}), format=FORMAT,
    )
    return header, Session(header, rules, edition)


def coerce_options(rules: Rules, options: dict[str, Any]) -> dict[str, Any]:
    """Convert option values given as text to the type of the option's default."""
    out = {}
    for key, value in options.items():
        spec = rules.options.get(key)
        if spec is None or not isinstance(value, str):
            out[key] = value
            continue
        out[key] = _coerce(key, value, spec.default)
    return out


def _coerce(key: str, value: str, default: Any) -> Any:
    if isinstance(default, bool):
        if value.lower() in ("1", "true", "yes", "on"):
            return True
        if value.lower() in ("0", "false", "no", "off"):
            return False
        raise PlanetsLogError(f"option {key} takes true or false, not {value!r}", code="header.option")
    if isinstance(default, int):
        try:
            return int(value)
        except ValueError:
            raise PlanetsLogError(f"option {key} takes a whole number, not {value!r}", code="header.option") from None
    if isinstance(default, float):
        try:
            return float(value)
        except ValueError:
            raise PlanetsLogError(f"option {key} takes a number, not {value!r}", code="header.option") from None
    return value


@dataclass
class Builder:
    """An in-memory record: lines as bytes, with the position after the last one."""

    session: Session
    lines: list[bytes] = field(default_factory=list)
    pos: Position | None = None

    @classmethod
    def new(cls, header: Header, session: Session) -> "Builder":
        raw = msgspec.json.encode(header)
        return cls(session, [raw], session.start(raw))

    def add(self, event: Event) -> bytes:
        """Gate, apply and encode one event; return its line."""
        event = self.session.seal(self.pos, event)
        raw = self.session.encode(event)
        self.pos = self.session.step(self.pos, event, line_hash(raw))
        self.lines.append(raw)
        return raw

    def draw_chance(self) -> list[bytes]:
        """In a seeded game, append every chance outcome now due."""
        out = []
        if not self.session.seeded:
            return out
        while self.session.to_move(self.pos) == CHANCE:
            out.append(self.add(self.session.expected_chance(self.pos)))
        return out

    def text(self) -> str:
        """The record's file content."""
        return "".join(line.decode() + "\n" for line in self.lines)


def selfplay(
    game: str,
    seed: int,
    players: list[str] | None = None,
    options: dict[str, Any] | None = None,
    *,
    policy_seed: int | None = None,
    max_events: int = 100_000,
    log_id: str | None = None,
) -> Builder:
    """A seeded game where every action is chosen uniformly among the legal ones."""
    rules = get_rules(game)
    players = players or [f"P{i + 1}" for i in range(max(rules.min_players, 2) if rules.max_players >= 2 else 1)]
    options = {**rules.selfplay_options, **(options or {})}
    header, session = make_header(game, players, seed=seed, options=options, log_id=log_id or f"selfplay-{game}-{seed}")
    build = Builder.new(header, session)
    policy = rng(seed if policy_seed is None else policy_seed, "policy")
    build.draw_chance()
    for _ in range(max_events):
        mover = session.to_move(build.pos)
        if mover == TERMINAL:
            break
        actions = rules.legal(build.pos.state)
        if not actions:
            raise PlanetsLogError(f"{game}: no legal action for seat {mover} at seq {build.pos.seq}", code="selfplay.stuck")
        build.add(policy.choice(actions))
        build.draw_chance()
    return build
