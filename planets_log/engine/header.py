"""Opening a record's header: its format, players, options and rules version checked, the event decoder."""

from __future__ import annotations

from functools import lru_cache
from typing import Any, Union

import msgspec

from planets_log.record.errors import PlanetsLogError, RecordError
from planets_log.record.events import CORE_EVENTS, FORMAT, Action, Chance, Disclosure, Event, Header, Meta
from planets_log.record.strict import LineError, decode_line
from planets_log.record.text import is_number
from planets_log.record.upcast import chain_for, upcast_line

from .rules import Rules
from .seats import check_names

FORMAT_RULE = "format.md"
@lru_cache(maxsize=None)
def kind_of(cls: type) -> type:
    """Which core class `cls` derives from: Meta, Disclosure, Chance, Action, or Event for none.

    Looked up once per class: `isinstance` against a msgspec Struct class that does not
    match costs about 0.2 µs, and the engine would ask it several times per event.
    """
    return next((base for base in (Meta, Disclosure, Chance, Action) if issubclass(cls, base)), Event)


@lru_cache(maxsize=None)
def event_decoder(events: tuple[type[Event], ...]) -> msgspec.json.Decoder[Event]:
    """The typed decoder of a game's event lines (built once per game)."""
    return msgspec.json.Decoder(Union[events + CORE_EVENTS])  # type: ignore[misc,unused-ignore]


def check_format(fmt: str) -> None:
    """Refuse a record of another or newer format (older ones with upcasters pass)."""
    if fmt == FORMAT or chain_for(fmt) is not None:
        return
    prefix, _, version = fmt.partition("/")
    if prefix == "planets-log" and is_number(version) and int(version) > 1:
        raise PlanetsLogError(f"the record is in format {fmt}, newer than this planets-log reads ({FORMAT}); "
                              "upgrade planets-log", code="header.format", rule=FORMAT_RULE)
    raise PlanetsLogError(f"unknown record format {fmt!r} (expected {FORMAT})", code="header.format", rule=FORMAT_RULE)


def check_players(rules: Rules, players: list[str]) -> None:
    """The number of players is one the game allows."""
    n = len(players)
    if not rules.min_players <= n <= rules.max_players:
        span = f"{rules.min_players}" if rules.min_players == rules.max_players else f"{rules.min_players}–{rules.max_players}"
        raise PlanetsLogError(f"{rules.title} is for {span} players, not {n}", code="header.players", rule="Setup")
    check_names(players)


def readable_versions(rules: Rules) -> tuple[int, ...]:
    """Every rules version the game still replays (the newest always among them)."""
    return tuple(sorted(set(rules.rules_versions) | {rules.rules_version}))


def check_kept_by(rules: Rules, header: Header) -> None:
    """A record kept by one player: a table game, a real seat, a game that supports it."""
    seat = header.kept_by
    if seat is msgspec.UNSET:
        return
    if not rules.supports_kept_by:
        raise PlanetsLogError(f"{rules.title} has no record kept by one player: a --table record is typed the "
                              "same by any player (docs/table.md says, game by game, what a player cannot see)",
                              code="header.kept-by")
    if header.seed is not None:
        raise PlanetsLogError("a seeded game is not kept by one player (the seed deals everything)", code="header.kept-by")
    if not 0 <= seat < len(header.players):
        raise PlanetsLogError(f"kept_by {seat} is not a seat of this game", code="header.kept-by")


def check_options(rules: Rules, options: dict[str, Any], players: int | None = None) -> None:
    """Every option is known to the game, takes an allowed value (typed by `options_type` when
    given) and fits the number of players when it is known."""
    _check_option_values(rules, options)
    problem = None if players is None else rules.options_problem(options, players)
    if problem is not None:
        raise PlanetsLogError(problem, code="header.option")


def _check_option_values(rules: Rules, options: dict[str, Any]) -> None:
    """Every option is known to the game and takes an allowed value."""
    if rules.options_type is not None:
        typed_options(rules, options)
        return
    for key, value in options.items():
        spec = rules.options.get(key)
        if spec is None:
            known = ", ".join(rules.options) or "none"
            raise PlanetsLogError(f"unknown option {key!r} for {rules.id} (options: {known})", code="header.option")
        problem = spec.problem(value)
        if problem is not None:
            raise PlanetsLogError(f"option {key}={value!r} {problem}", code="header.option")


def typed_options(rules: Rules, options: dict[str, Any]) -> Any:
    """The options as the game's msgspec Struct; an error names the option and what it must be."""
    try:
        return msgspec.convert(options, type=rules.options_type, strict=True)
    except msgspec.ValidationError as exc:
        text = str(exc)
        where = text.rpartition(" - at `$.")
        if where[1]:
            name = where[2].rstrip("`").split(".")[0].split("[")[0]
            raise PlanetsLogError(f"option {name}={options.get(name)!r}: {where[0]}", code="header.option") from None
        if "Object contains unknown field" in text:
            name = text.split("`")[1]
            known = ", ".join(getattr(rules.options_type, "__struct_fields__", ())) or "none"
            raise PlanetsLogError(f"unknown option {name!r} for {rules.id} (options: {known})", code="header.option") from None
        raise PlanetsLogError(f"options: {text}", code="header.option") from None


_HEADER = msgspec.json.Decoder(Header)


def decode_header(raw: bytes, name: str) -> Header:
    """Decode line 1, placing any error at it."""
    fmt = _format_of(raw)
    if fmt is not None and fmt != FORMAT:
        try:
            check_format(fmt)
        except PlanetsLogError as exc:
            raise RecordError.at(name, 1, 0, exc) from None
    steps = chain_for(fmt) if fmt not in (None, FORMAT) else None
    try:
        header: Header = decode_line(_HEADER, upcast_line(raw, steps) if steps else raw)
        return header
    except LineError as exc:
        exc.message = f"not a valid header: {exc.message}"
        raise exc.placed(name, 1, 0, 0) from None


def _format_of(raw: bytes) -> str | None:
    try:
        return msgspec.json.decode(raw, type=_FormatOnly).format
    except (msgspec.DecodeError, msgspec.ValidationError, RecursionError):
        return None


class _FormatOnly(msgspec.Struct):
    format: str
