"""Helpers shared by the command modules: options, record opening, seats, JSON output."""

from __future__ import annotations

from typing import Any, Callable

import click
import msgspec

from planets_log.core.engine import Position, Replay, Session, Step, Visitor
from planets_log.core.errors import UsageError

edition_option = click.option(
    "--edition", "edition", type=click.Path(dir_okay=False), default=None,
    help="Component data file the record was made with (default: the game's reference edition).",
)


def parse_pairs(values: tuple[str, ...], what: str) -> dict[str, str]:
    """KEY=VALUE arguments as a dict."""
    out: dict[str, str] = {}
    for item in values:
        key, sep, value = item.partition("=")
        if not sep or not key:
            raise UsageError(f"{what} must look like KEY=VALUE, not {item!r}", code="usage")
        out[key.strip()] = value.strip()
    return out


def seat_index(session: Session, text: str) -> int:
    """A seat given as a player name or a 0-based index."""
    players = session.header.players
    if text in players:
        return players.index(text)
    if text.isdigit() and int(text) < len(players):
        return int(text)
    raise UsageError(f"no seat {text!r}; players are {', '.join(players)} (or 0–{len(players) - 1})", code="usage")


def walk_to(replay: Replay, stop: Callable[[Position], bool] | None = None) -> Position:
    """Replay strictly until `stop(position_after)` says the next line would go too far."""
    return replay.fold(WalkTo(stop))


class WalkTo(Visitor):
    """The last position before `stop(position_after)` holds (the end without a stop)."""

    def __init__(self, stop: Callable[[Position], bool] | None):
        self.stop = stop

    def visit(self, step: Step) -> bool:
        if self.stop is not None and self.stop(step.after):
            return True
        return super().visit(step)


def position_at(replay: Replay, seq: int | None = None, round_no: int | None = None) -> Position:
    """The position after line `seq`, or at the end of round `round_no`, or at the end."""
    rules = replay.session.rules
    if seq is not None:
        if seq < 0:
            raise UsageError("--at takes a seq of 0 or more", code="usage")
        pos = walk_to(replay, lambda after: after.seq > seq)
        if pos.seq < seq:
            raise UsageError(f"the record ends at seq {pos.seq}; there is no seq {seq}", code="usage")
        return pos
    if round_no is not None:
        pos = walk_to(replay, lambda after: rules.round_of(after.state) > round_no)
        if rules.round_of(pos.state) < round_no:
            raise UsageError(f"the record ends in round {rules.round_of(pos.state)}; it has no round {round_no}", code="usage")
        return pos
    return walk_to(replay)


def echo_json(obj: Any) -> None:
    """Print JSON (stable key order as built)."""
    click.echo(msgspec.json.encode(obj).decode())


def mover_text(session: Session, pos: Position) -> str:
    """Who acts next, in words."""
    from planets_log.core.game import CHANCE, TERMINAL

    mover = session.to_move(pos)
    if mover == TERMINAL:
        return "the game is over"
    if mover == CHANCE:
        return f"chance is next: {session.rules.chance_hint(pos.state)}"
    return f"{session.name(mover)} to move"
