"""Helpers shared by the command modules: options, record opening, seats, JSON output."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import click
import msgspec

from planets_log.engine.replay import SKIP, Replay, SkipType, Step, Visitor
from planets_log.engine.session import Position, Session
from planets_log.record.errors import PlanetsLogError, UsageError

from .main import SEAT_VIEW

edition_option = click.option(
    "--edition", "edition", type=click.Path(dir_okay=False), default=None,
    help="Component data file the record was made with (default: the game's reference edition).",
)


def seat_or_none(session: Session, text: str | None) -> int | None:
    """The seat `--as` names, or None for the scorekeeper's full view."""
    return None if text is None else seat_index(session, text)


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
    """A seat given as a player's name or a number counted from 1."""
    from planets_log.engine.seats import parse_seat, seat_words

    players = session.header.players
    seat = parse_seat(text, players)
    if seat is None:
        raise UsageError(f"no seat {text!r}; name {seat_words(players)}", code="usage")
    return seat


def walk_to(replay: Replay, stop: Callable[[Position], bool] | None = None) -> Position:
    """Replay strictly until `stop(position_after)` says the next line would go too far."""
    return replay.fold(WalkTo(stop))


class WalkTo(Visitor):
    """The last position before `stop(position_after)` holds (the end without a stop)."""

    def __init__(self, stop: Callable[[Position], bool] | None):
        self.stop = stop

    def visit(self, step: Step) -> SkipType | None:
        if self.stop is not None and self.stop(step.after):
            return SKIP
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
    """Print JSON (stable key order as built), control characters escaped the JSON way."""
    from planets_log.record.text import json_safe

    click.echo(json_safe(msgspec.json.encode(obj).decode()))


# --- shell completion (Click's): never raises, never prints --------------------------------


def complete_game(ctx: click.Context, param: click.Parameter, incomplete: str) -> list[str]:
    """Game ids that start with what is typed."""
    from planets_log.engine.registry import game_ids

    return [g for g in game_ids() if g.startswith(incomplete)]


def complete_seat(ctx: click.Context, param: click.Parameter, incomplete: str) -> list[str]:
    """Player names (and seat numbers from 1) of the record named on the line, or of --player at `new`."""
    import os

    players = list(ctx.params.get("players") or ())
    # an option still waiting for its value leaves the record's path unparsed, in ctx.args
    log = ctx.params.get("log") or next((a for a in ctx.args if os.path.isfile(a)), None)
    if not players and log:
        players = _players_of(log)
    words = players + [str(i + 1) for i in range(len(players))]
    return [w for w in words if w.casefold().startswith(incomplete.casefold())]


def _players_of(path: str) -> list[str]:
    """The players in a record's header line, or [] if it cannot be read."""
    try:
        with open(path, "rb") as handle:
            first = handle.readline(1 << 20)
        from planets_log.engine.header import decode_header

        return list(decode_header(first.rstrip(b"\n"), path).players)
    except Exception:  # completion must stay silent whatever the file holds
        return []


def remember_seat(ctx: click.Context, param: click.Parameter, value: str | None) -> str | None:
    """`--as`'s callback: note that this command's output is for a seat, error messages included."""
    if value is not None:
        ctx.meta[SEAT_VIEW] = value
    return value


def for_reader(exc: PlanetsLogError, seat: int | None) -> PlanetsLogError:
    """An error as the reader may see it: a seat gets its public text, the scorekeeper (None) the full message."""
    return exc if seat is None else exc.for_seat()


def seat_option(help: str) -> Callable[[Any], Any]:
    """An `--as SEAT` option with this help; its value also makes every error message the seat's."""
    return click.option("--as", "as_seat", default=None, metavar="SEAT", shell_complete=complete_seat,
                        callback=remember_seat, help=help)


as_option = seat_option("Show only what this seat (name, or number from 1) may know; without it, the scorekeeper's "
                        "full view.")
