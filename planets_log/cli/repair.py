"""`planets-log repair`: move a torn tail aside so the record can take moves again."""

from __future__ import annotations

import click

from planets_log.record.text import escape


@click.command()
@click.argument("log", type=click.Path(dir_okay=False, exists=True))
def repair(log: str) -> None:
    """Move the torn tail of LOG (an interrupted write) to a side file, then check the rest.

    Nothing is deleted: the torn bytes go to LOG.torn-N beside the record. Damage
    before the tail is never repaired automatically; it is reported with its line.

    \b
    Example:
      planets-log repair game.jsonl
    """
    from planets_log.audit.validate import validate_file
    from planets_log.record.lines import repair_torn_tail

    moved = repair_torn_tail(log)
    if moved is None:
        click.echo(f"{escape(log)}: no torn tail")
    else:
        side, size = moved
        click.echo(f"{escape(log)}: moved a torn tail of {size} bytes to {escape(side)}")
    report = validate_file(log)
    if report.valid:
        click.echo(f"{escape(log)}: valid, {report.events} events, {'finished' if report.finished else 'not finished'}")
        return
    for err in report.errors:
        click.echo(str(err))
    click.echo(f"{escape(log)}: damage before the tail is not repaired automatically", err=True)
    raise SystemExit(1)
