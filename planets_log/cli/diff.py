"""`planets-log diff`: where two records part."""

from __future__ import annotations

import sys
from typing import TYPE_CHECKING, Any

import click

from .common import as_option, echo_json, edition_option, seat_or_none

if TYPE_CHECKING:
    from planets_log.audit.diff import Diff


@click.command()
@click.argument("log_a", type=click.Path(dir_okay=False))
@click.argument("log_b", type=click.Path(dir_okay=False))
@click.option("--at", "at", type=int, default=None, help="Compare only up to this seq, and the states there.")
@click.option("--json", "as_json", is_flag=True, help="JSON output.")
@as_option
@edition_option
def diff(log_a: str, log_b: str, at: int | None, as_json: bool, as_seat: str | None, edition: str | None) -> None:
    """Compare two records: header fields, the first diverging line in notation on both
    sides, and the state there as JSON paths ($.seats[1].left: 0 → 2).

    With --as SEAT, moves and states are compared as that seat sees them, so two
    records that differ only in what it may not know are the same to it; without
    --as, the scorekeeper's full view. A record that is invalid from some line on is
    compared up to there, and the bad line is shown. Exit code 0 when the records are
    the same game, 1 when they differ.

    \b
    Example:
      planets-log diff scorer.jsonl opponent.jsonl
      planets-log diff a.jsonl b.jsonl --at 30 --json
    """
    from planets_log.audit.diff import diff_records

    seat = None
    if as_seat is not None:
        from planets_log.engine.replay import Replay

        seat = seat_or_none(Replay(log_a, edition).session, as_seat)
    d = diff_records(log_a, log_b, edition, at, seat)
    if as_json:
        echo_json(d.to_json())
    else:
        _print(d, log_a, log_b)
    sys.exit(0 if d.identical else 1)


def _print(d: Diff, a: str, b: str) -> None:
    from planets_log.record.text import escape

    a, b = escape(a), escape(b)
    d.a_move, d.b_move = (None if m is None else escape(m) for m in (d.a_move, d.b_move))
    if d.identical:
        click.echo(f"identical: {d.events} events compared")
        return
    for key, (va, vb) in d.header.items():
        click.echo(f"header {key}: {_value(va)} → {_value(vb)}")
    for name, err in ((a, d.a_error), (b, d.b_error)):
        if err is not None:
            click.echo(f"{name} is invalid from line {err.line} on (compared up to there): {err}")
    if d.seq is not None:
        click.echo(f"first difference at seq {d.seq} (after {d.events} identical events):")
        click.echo(f"  {_place(a, d.a_line)}: {d.a_move}")
        click.echo(f"  {_place(b, d.b_line)}: {d.b_move}")
    if d.state:
        click.echo(f"state difference ({len(d.state)} value(s)), {a} → {b}:")
        for path, va, vb in d.state[:40]:
            click.echo(f"  {path}: {_value(va)} → {_value(vb)}")
        if len(d.state) > 40:
            click.echo(f"  … and {len(d.state) - 40} more")


def _place(name: str, line: int | None) -> str:
    return f"{name}:{line}" if line is not None else name


def _value(value: Any) -> str:
    """A value as JSON, shortened when long."""
    import msgspec

    text = "(none)" if value is None else msgspec.json.encode(value).decode()
    return text if len(text) <= 80 else text[:77] + "…"
