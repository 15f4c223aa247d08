"""`planets-log diff`: where two records part."""

from __future__ import annotations

import sys

import click

from .common import as_option, echo_json, edition_option, seat_or_none


@click.command()
@click.argument("log_a", type=click.Path(dir_okay=False))
@click.argument("log_b", type=click.Path(dir_okay=False))
@click.option("--at", "at", type=int, default=None, help="Compare only up to this seq, and the states there.")
@click.option("--json", "as_json", is_flag=True, help="JSON output.")
@as_option
@edition_option
def diff(log_a, log_b, at, as_json, as_seat, edition) -> None:
    """Compare two records: header fields, the first diverging event, the state there.

    With --as SEAT, moves and states are compared as that seat sees them, so two
    records that differ only in what it may not know are the same to it; without
    --as, the scorekeeper's full view.

    Exit code 0 when the records are the same game, 1 when they differ.

    \b
    Example:
      planets-log diff scorer.jsonl opponent.jsonl
      planets-log diff a.jsonl b.jsonl --at 30 --json
    """
    from planets_log.core.diff import diff_records

    seat = None
    if as_seat is not None:
        from planets_log.core.engine import Replay

        seat = seat_or_none(Replay(log_a, edition).session, as_seat)
    d = diff_records(log_a, log_b, edition, at, seat)
    if as_json:
        echo_json(d.to_json())
    else:
        _print(d, log_a, log_b)
    sys.exit(0 if d.identical else 1)


def _print(d, a: str, b: str) -> None:
    from planets_log.core.text import escape

    a, b = escape(a), escape(b)
    d.a_move, d.b_move = (None if m is None else escape(m) for m in (d.a_move, d.b_move))
    if d.identical:
        click.echo(f"identical: {d.events} events compared")
        return
    for key, (va, vb) in d.header.items():
        click.echo(f"header {key}: {a}: {va!r}  |  {b}: {vb!r}")
    if d.seq is not None:
        click.echo(f"first difference at seq {d.seq} (after {d.events} identical events):")
        click.echo(f"  {a}: {d.a_move}")
        click.echo(f"  {b}: {d.b_move}")
    if d.state:
        click.echo(f"state difference ({len(d.state)} value(s)):")
        for path, va, vb in d.state[:40]:
            click.echo(f"  {path}: {va!r}  |  {vb!r}")
        if len(d.state) > 40:
            click.echo(f"  … and {len(d.state) - 40} more")
