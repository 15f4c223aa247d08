"""Building records in memory: a new header, engine-drawn chance, seeded self-play."""

from __future__ import annotations

import secrets
from dataclasses import dataclass
from typing import Any, Literal

import msgspec

from planets_log.record.errors import PlanetsLogError, UsageError
from planets_log.record.events import FORMAT, Commit, Event, Header
from planets_log.record.lines import line_hash

from . import rng as streams
from .edition import embedding, load_edition
from .header import check_kept_by, check_options, check_players, readable_versions
from .implied import only_outcome
from .registry import get_rules
from .rng import rng
from .rules import CHANCE, TERMINAL, Option, Rules
from .seats import parse_seat, seat_words
from .session import Position, Session


def make_header(
    game: str,
    players: list[str],
    *,
    seed: int | None,
    options: dict[str, Any] | None = None,
    edition_path: str | None = None,
    meta: dict[str, str] | None = None,
    log_id: str | None = None,
    kept_by: int | None = None,
    commit: Commit | None = None,
    rng_version: int | None = None,
    rules_version: int | None = None,
) -> tuple[Header, Session]:
    """A checked header with every option filled in, and its session (seeded: streams of `rng_version`; the
    game's behaviour of `rules_version`, the newest unless named: golden records keep an older one's bytes)."""
    rules = get_rules(game)
    version = rules.rules_version if rules_version is None else rules_version
    if version not in readable_versions(rules):
        raise UsageError(f"{rules.id} has no rules version {version} (it replays "
                         f"{', '.join(map(str, readable_versions(rules)))})", code="header.rules")
    try:
        check_players(rules, players)
        opts = {key: spec.default for key, spec in rules.options.items()}
        opts.update(coerce_options(rules, options or {}, players))
        check_options(rules, opts, len(players))
    except PlanetsLogError as exc:  # at `new` these are the caller's choices: usage, exit 2
        raise UsageError(exc.message, code=exc.code, rule=exc.rule) from None
    opts = {key: value for key, value in opts.items() if not (rules.options[key].implicit and value == rules.options[key].default)}
    edition = load_edition(rules, edition_path, opts)
    header = Header(
        log_id=log_id or secrets.token_hex(16), game=game, rules=version, edition=edition.ref,
        options=opts, players=list(players), seed=seed, meta=dict(meta or {}), format=FORMAT,
        kept_by=msgspec.UNSET if kept_by is None else kept_by,
        edition_file=(embedding(edition, rules, opts) or msgspec.UNSET) if edition_path is not None else msgspec.UNSET,
        commit=msgspec.UNSET if commit is None else commit,
        rng=_rng_field(seed is not None or commit is not None, rng_version),
    )
    try:
        check_kept_by(rules, header)
    except PlanetsLogError as exc:
        raise UsageError(exc.message, code=exc.code) from None
    return header, Session(header, rules, edition)


def _rng_field(seeded: bool, version: int | None) -> Literal[2] | msgspec.UnsetType:
    """The header's `rng` field: absent for version 1 (the bytes of such records stay as they were)."""
    version = streams.DEFAULT if version is None else version
    if version not in streams.VERSIONS:
        raise PlanetsLogError(f"unknown random-stream version {version} (known: {streams.VERSIONS})", code="usage")
    return 2 if seeded and version == 2 else msgspec.UNSET


def coerce_options(rules: Rules, options: dict[str, Any], players: list[str] | None = None) -> dict[str, Any]:
    """Convert option values given as text to the type of the option's default (a seat option
    from a player's name or a number counted from 1)."""
    out = {}
    for key, value in options.items():
        spec = rules.options.get(key)
        if spec is None or not isinstance(value, str):
            out[key] = value
        elif spec.seat and players is not None:
            out[key] = _seat_value(key, value, spec, players)
        else:
            out[key] = _coerce(key, value, spec.default)
    return out


def _seat_value(key: str, value: str, spec: Option, players: list[str]) -> int:
    """A seat option's stored value: the 0-based index, or with `no_seat` 0 for nobody and the number from 1."""
    if spec.no_seat is not None and value.strip().casefold() in (spec.no_seat, "0"):
        return 0
    seat = parse_seat(value, players)
    if seat is None:
        nobody = f", or {spec.no_seat}" if spec.no_seat is not None else ""
        raise PlanetsLogError(f"option {key}={value!r}: name {seat_words(players)}{nobody}", code="header.option")
    return seat + 1 if spec.no_seat is not None else seat


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
    lines: list[bytes]
    pos: Position

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
        """Append every chance outcome now due in a seeded game; in a table game, those
        that are the only one possible."""
        out: list[bytes] = []
        if not self.session.seeded:
            while (forced := only_outcome(self.session.rules, self.pos.state)) is not None:
                out.append(self.add(forced))
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
    rng_version: int | None = None,
    edition_path: str | None = None,
    rules_version: int | None = None,
) -> Builder:
    """A seeded game where every action is chosen uniformly among the legal ones (on another
    edition file when `edition_path` is given)."""
    rules = get_rules(game)
    players = players or [f"P{i + 1}" for i in range(max(rules.min_players, 2) if rules.max_players >= 2 else 1)]
    options = {**rules.selfplay_options, **(options or {})}
    header, session = make_header(game, players, seed=seed, options=options, log_id=log_id or f"selfplay-{game}-{seed}",
                                  rng_version=rng_version, edition_path=edition_path, rules_version=rules_version)
    build = Builder.new(header, session)
    policy = rng(seed if policy_seed is None else policy_seed, "policy")
    build.draw_chance()
    for _ in range(max_events):
        mover = session.to_move(build.pos)
        if mover == TERMINAL:
            break
        actions = rules.legal(build.pos.state)
        if not actions:
            raise PlanetsLogError(f"{game}: no legal action for seat {mover + 1} at seq {build.pos.seq}", code="selfplay.stuck")
        build.add(policy.choice(actions))
        build.draw_chance()
    return build
