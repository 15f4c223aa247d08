"""Commands that draw: `render` (one position as SVG) and `export` (a self-contained HTML replay)."""

from __future__ import annotations

import click

from .common import edition_option, position_at, seat_index, seat_option


@click.command()
@click.argument("log", type=click.Path(dir_okay=False))
@click.option("--at", "at", type=int, default=None, help="The position after this seq.")
@click.option("--round", "round_no", type=int, default=None, help="The position at the end of this round.")
@seat_option("Draw only what this seat (name, or number from 1) may know.")
@click.option("--svg", "out", required=True, type=click.Path(dir_okay=False), help="The SVG file to write ('-': standard output).")
@edition_option
def render(log: str, at: int | None, round_no: int | None, as_seat: str | None, out: str, edition: str | None) -> None:
    """Draw the position of LOG (at its end, after seq --at, or at the end of --round) as SVG.

    \b
    Example:
      planets-log render game.jsonl --svg end.svg
      planets-log render game.jsonl --round 3 --as Ben --svg ben-round3.svg
    """
    from planets_log.engine.replay import Replay
    from planets_log.record.errors import UsageError

    if at is not None and round_no is not None:
        raise UsageError("give --at or --round, not both", code="usage")
    rep = Replay(log, edition)
    seat = seat_index(rep.session, as_seat) if as_seat is not None else None
    pos = position_at(rep, seq=at, round_no=round_no)
    _write(out, rep.session.rules.picture(pos.state, seat))


@click.command()
@click.argument("log", type=click.Path(dir_okay=False))
@click.option("--html", "out", required=True, type=click.Path(dir_okay=False), help="The HTML file to write.")
@seat_option("Put only this seat's view (name, or number from 1) in the file.")
@click.option("--lenient", is_flag=True, help="Export an invalid record up to its first error, showing the error.")
@edition_option
def export(log: str, out: str, as_seat: str | None, lenient: bool, edition: str | None) -> None:
    """Write LOG as one self-contained HTML page that steps through every position.

    The page needs no network: buttons and arrow keys step, a seq or round can be jumped
    to, each move shows with its notes, the view switches between seats, and a plot shows
    every player's total. With --as, the file holds only what that seat may know.

    \b
    Example:
      planets-log export game.jsonl --html game.html
      planets-log export game.jsonl --html for-ben.html --as Ben
    """
    from planets_log.engine.replay import Replay
    from planets_log.pictures.export import collect, encoded, pack
    from planets_log.pictures.page import page

    rep = Replay(log, edition)
    players = rep.header.players
    views: list[int | None]
    if as_seat is not None:
        views = [seat_index(rep.session, as_seat)]
    else:
        views = [None, *range(len(players))]
    data = pack(rep, collect(rep, views, lenient=lenient))
    _write(out, page(f"{rep.session.rules.title}: {', '.join(players)}", encoded(data)))
    if data["error"]:
        click.echo(f"planets-log: exported up to the first error: {data['error']}", err=True)


def _write(out: str, text: str) -> None:
    """Write the whole file at once (a temporary file renamed), or to standard output."""
    from pathlib import Path

    from planets_log.record.errors import UsageError
    from planets_log.record.lines import _write_durably

    if out == "-":
        click.echo(text, nl=False)
        return
    try:
        _write_durably(Path(out), text.encode("utf-8"), replace=True, keep=_mode_of(out))
    except OSError as exc:
        raise UsageError(f"cannot write {out}: {exc.strerror or exc}", code="output") from None
    from planets_log.record.text import escape

    click.echo(f"wrote {escape(out)}")  # like keygen: a silent success left people looking for the file


def _mode_of(path: str) -> int | None:
    """The permissions of the file `path` names (kept when it is written again), or None for a new file."""
    import os
    import stat

    try:
        return stat.S_IMODE(os.stat(path).st_mode)
    except OSError:
        return None
