"""Commands that read a record: moves, validate, replay, score."""

from __future__ import annotations

import sys
from contextlib import nullcontext
from typing import TYPE_CHECKING, Iterable, Mapping

import click

from planets_log.engine.hints import mover_text
from planets_log.engine.replay import SkipType, Step, Visitor

from .common import as_option, echo_json, edition_option, position_at, seat_or_none

if TYPE_CHECKING:  # only for annotations: `replay` and `score` never import the audit
    from planets_log.audit.validate import Report
    from planets_log.engine.replay import Replay
    from planets_log.engine.session import Position
    from planets_log.engine.sheet import ScoreSheet
    from planets_log.record.events import Event


@click.command()
@click.argument("log", type=click.Path(dir_okay=False))
@click.option("--at", "at", type=int, default=None, help="After this seq instead of at the end.")
@click.option("--json", "as_json", is_flag=True, help="JSON output.")
@as_option
@edition_option
def moves(log: str, at: int | None, as_json: bool, as_seat: str | None, edition: str | None) -> None:
    """List the legal moves at the end of LOG (or after seq --at), in notation.

    With --as SEAT, moves are written as that seat sees them (another player's hidden
    cards as ?); without it, the scorekeeper's full view.

    \b
    Example:
      planets-log moves game.jsonl
      planets-log moves game.jsonl --at 20 --json --as Ben
    """
    from planets_log.engine.hints import hint
    from planets_log.engine.redact import format_as, withheld
    from planets_log.engine.replay import Replay
    from planets_log.engine.rules import CHANCE, TERMINAL, next_events

    replay = Replay(log, edition)
    session = replay.session
    seat = seat_or_none(session, as_seat)
    pos = position_at(replay, seq=at)
    mover = session.to_move(pos)
    hidden = withheld(session.rules, pos.state, seat)
    legal = next_events(session.rules, pos.state) if not hidden else []
    texts = list(dict.fromkeys(format_as(session.rules, e, pos.state, seat) for e in legal))
    if as_json:
        who = None if mover < 0 else session.name(mover)
        echo_json({"seq": pos.seq, "to_move": who, "chance": mover == CHANCE, "over": mover == TERMINAL,
                   "hint": hint(session.rules, pos.state, seat) if mover == CHANCE else None, "moves": texts})
        return
    click.echo(f"after seq {pos.seq}: {mover_text(session, pos, seat)}")
    if hidden and seat is not None:
        click.echo(f"  (not shown to {session.name(seat)}: the moves could tell what it may not know)")
    if mover == CHANCE and session.rules.notation_key:
        click.echo(f"  ({session.rules.notation_key})")
    if mover == CHANCE and len(texts) > LISTED_OUTCOMES:  # a page of outcomes helps nobody: the hint says what to type
        click.echo(f"  ({len(texts)} possible outcomes; --json lists them)")
        return
    for text in texts:
        click.echo(f"  {text}")


LISTED_OUTCOMES = 60
"""At a chance point, `moves` lists the possible outcomes up to this many (all of them with --json)."""


@click.command()
@click.argument("logs", nargs=-1, required=True, type=click.Path(dir_okay=False))
@click.option("--json", "as_json", is_flag=True, help="A JSON array, one object per file.")
@click.option("--lenient", is_flag=True, help="Report every error in a file, not just the first.")
@click.option("--quiet", "-q", is_flag=True, help="Print only the files with errors.")
@click.option("--seed-file", type=click.Path(dir_okay=False), default=None,
              help="The secret seed file of a committed game not yet revealed: verify its draws now.")
@edition_option
def validate(logs: tuple[str, ...], as_json: bool, lenient: bool, quiet: bool, seed_file: str | None,
             edition: str | None) -> None:
    """Check that each record in LOGS is well-formed, untampered and legal.

    Each valid record's mode is said: seeded with a public seed, seeded with a
    committed secret seed (revealed and verified, or not yet revealed), or a table
    game; and every undo that took back a drawn card in a seeded game (a peek).
    Exit code 0 when every record is valid, 1 when any is not, 2 when a file cannot be
    read at all (missing, unreadable).

    \b
    Example:
      planets-log validate game.jsonl
      planets-log validate --lenient --json tournament/*.jsonl
    """
    from planets_log.audit.validate import validate_file

    reports = []
    show_bar = len(logs) > 20 and sys.stderr.isatty()
    with click.progressbar(logs, label="validating", file=sys.stderr) if show_bar else nullcontext(logs) as items:
        for path in items:
            reports.append(validate_file(path, edition, lenient=lenient, seed_file=seed_file))
    if as_json:
        echo_json([r.to_json() for r in reports])
    else:
        for r in reports:
            _print_report(r, quiet)
        if len(reports) > 1:
            bad = sum(not r.valid for r in reports)
            click.echo(f"{len(reports)} records: {len(reports) - bad} valid, {bad} invalid")
    if any(r.usage for r in reports):
        sys.exit(2)
    if any(not r.valid for r in reports):
        sys.exit(1)


def _print_report(r: Report, quiet: bool) -> None:
    from planets_log.audit.validate import MODES, override_text
    from planets_log.record.text import escape

    if r.valid:
        if not quiet:
            state = "finished" if r.finished else "not finished"
            click.echo(escape(f"{r.file}: valid, {r.events} events, {state}"))
            click.echo(escape(f"{r.file}: mode: {MODES[r.mode]}"))
            if r.mode == "seeded-unrevealed" and r.position is not None and r.position.chances:
                click.echo(escape(f"{r.file}: it holds {r.position.chances} chance outcome(s) that nobody can check "
                                  "yet: a hand-written one would pass here until the seed is revealed"))
            for seq, target, reason in r.position.arbiter.peeks if r.position else ():
                click.echo(escape(f"{r.file}: seq {seq}: peek: undo of seq {target} after its chance outcome was "
                                  f"seen — reason: {reason}"))
            for ruled in r.position.arbiter.ruled if r.position else ():
                click.echo(escape(f"{r.file}: seq {ruled.seq}: ruled [{ruled.code}]: {ruled.message} — stands by "
                                  f"ruling: {ruled.reason}"))
            for override in r.overrides:
                click.echo(escape(override_text(r.file, override)))
        return
    for err in r.errors:
        click.echo(str(err))


@click.command()
@click.argument("log", type=click.Path(dir_okay=False))
@click.option("--at", "at", type=int, default=None, help="The position after this seq.")
@click.option("--round", "round_no", type=int, default=None, help="The position at the end of this round.")
@as_option
@click.option("--each", is_flag=True, help="Every position, one after another, in one pass.")
@click.option("--format", "fmt", type=click.Choice(["text", "json"]), default="text", help="Output format.")
@edition_option
def replay(log: str, at: int | None, round_no: int | None, as_seat: str | None, each: bool, fmt: str,
           edition: str | None) -> None:
    """Show the position of LOG at its end, after seq --at, or at the end of --round.

    With --as SEAT, positions and move lines show only what that seat may know;
    without it, the scorekeeper's full view.

    \b
    Example:
      planets-log replay game.jsonl --at 40
      planets-log replay game.jsonl --round 3 --as Ben
      planets-log replay game.jsonl --each --format json
    """
    from planets_log.engine.replay import Replay
    from planets_log.record.errors import UsageError

    if at is not None and round_no is not None:
        raise UsageError("give --at or --round, not both", code="usage")
    rep = Replay(log, edition)
    rules = rep.session.rules
    seat = seat_or_none(rep.session, as_seat)
    if each:
        _show(rep, rep.start, seat, fmt)
        rep.fold(ShowEach(seat, fmt))
        return
    pos = position_at(rep, seq=at, round_no=round_no)
    _show(rep, pos, seat, fmt)
    if fmt == "text":
        click.echo(f"after seq {pos.seq} (round {rules.round_of(pos.state)}): {mover_text(rep.session, pos, seat)}")


def _is_meta(event: Event) -> bool:
    from planets_log.record.events import Meta

    return isinstance(event, Meta)


def _show(rep: Replay, pos: Position, seat: int | None, fmt: str, move: str | None = None) -> None:
    rules = rep.session.rules
    if fmt == "json":
        echo_json({"seq": pos.seq, "state": rules.view(pos.state, seat)})
        return
    if move:
        click.echo(f"== seq {pos.seq}: {move}")
    click.echo(rules.render(pos.state, seat))


@click.command()
@click.argument("log", type=click.Path(dir_okay=False))
@click.option("--json", "as_json", is_flag=True, help="JSON output.")
@as_option
@edition_option
def score(log: str, as_json: bool, as_seat: str | None, edition: str | None) -> None:
    """Print the score sheet of LOG: points by source summing to each total, the tie-break values apart, the result.

    A game not yet over gets a provisional sheet, marked as such; with --as SEAT it is
    computed only with what that seat knows (without --as, the scorekeeper's full view).

    \b
    Example:
      planets-log score game.jsonl
      planets-log score game.jsonl --json --as Ann
    """
    from planets_log.engine.replay import Replay
    from planets_log.engine.scoring import adjusted_sheet, result_check

    rep = Replay(log, edition)
    pos = rep.final()
    sheet = adjusted_sheet(rep.session, pos, seat_or_none(rep.session, as_seat))
    status, words = result_check(rep.session, pos)
    missing = rep.session.rules.missing_reveals(pos.state)
    if missing:  # the totals lack hidden cards: who is ahead, never a winner (ScoreSheet's contract)
        leaders = sheet.winners or sheet.leaders
        sheet.final, sheet.outcome, sheet.winners, sheet.leaders = False, "leads", [], leaders
    if as_json:
        import msgspec

        echo_json({**msgspec.to_builtins(sheet), "declared": {"status": status, "message": words},
                   **({"missing_reveals": missing} if missing else {})})
        return
    from planets_log.engine.rules import TERMINAL

    over = rep.session.to_move(pos) == TERMINAL
    click.echo(format_sheet(sheet, "the game is over but reveals are missing" if missing and over else None))
    for what in missing:
        click.echo(f"not yet revealed: {what}")
    if status != "none":
        click.echo(words)


def format_sheet(sheet: ScoreSheet, why: str | None = None) -> str:
    """The score sheet as text: points by source summing to the total, then the tie-break values apart.

    `why` says why a sheet is provisional when it is not the game's end.
    """
    lines = ["Score sheet" + ("" if sheet.final else f" (provisional: {why or 'the game is not over'})")]
    points = _keys(s.breakdown for s in sheet.scores)
    breakers = _keys(s.tiebreak for s in sheet.scores)
    width = max([len(k) for k in points] + [len("  " + k) for k in breakers] + [len("target to beat")])
    names = [s.player for s in sheet.scores]
    col = max([len(n) for n in names] + [5]) + 2

    def row(label: str, values: list[int | None]) -> str:
        return label.ljust(width) + "".join(("?" if v is None else str(v)).rjust(col) for v in values)

    lines.append(" " * width + "".join(n.rjust(col) for n in names))
    lines += [row(k, [s.breakdown.get(k, 0) for s in sheet.scores]) for k in points]
    lines.append(row("total", [s.total for s in sheet.scores]))
    if breakers:
        lines.append("tie-breaks, in order (not points):")
        lines += [row("  " + k, [s.tiebreak.get(k, 0) for s in sheet.scores]) for k in breakers]
    if any(s.target is not None for s in sheet.scores):
        lines.append(row("target to beat", [s.target if s.target is not None else 0 for s in sheet.scores]))
    if any(s.total is None for s in sheet.scores):
        lines.append("(?: not known to this seat before the end)")
    lines.append(verdict(sheet))
    return "\n".join(lines)


def _keys(parts: Iterable[Mapping[str, int | None]]) -> list[str]:
    """The keys of several seats' dicts, each once, in the order first seen."""
    keys: list[str] = []
    for part in parts:
        keys += [k for k in part if k not in keys]
    return keys


def verdict(sheet: ScoreSheet) -> str:
    """The sheet's result in words: who wins, shares, leads; a solo game won or lost; nobody."""
    names = " and ".join(sheet.scores[i].player for i in (sheet.leaders if sheet.outcome == "leads" else sheet.winners))
    if sheet.outcome == "leads" and not names:
        hidden = any(s.total is None for s in sheet.scores)
        return "who leads is not known to this seat (provisional)" if hidden else "nobody leads (provisional)"
    words = {"win": f"{names} wins", "shared": f"{names} share the win", "solo-win": f"{names} wins the solo game",
             "solo-loss": "the solo game is lost", "nobody": "nobody wins",
             "leads": f"{names} {'leads' if len(sheet.leaders) == 1 else 'lead'} (provisional)"}
    text = words.get(sheet.outcome, sheet.outcome)
    return text + (f" (tie-break: {sheet.tiebreak})" if sheet.tiebreak else "")


class ShowEach(Visitor):
    """Shows the position after every line, with the move that led to it."""

    def __init__(self, seat: int | None, fmt: str):
        self.seat, self.fmt = seat, fmt

    def visit(self, step: Step) -> SkipType | None:
        from planets_log.engine.redact import format_as, withheld

        rep = self.replay
        move = None if _is_meta(step.event) else format_as(rep.session.rules, step.event, step.before.state, self.seat)
        _show(rep, step.after, self.seat, self.fmt, move)
        return super().visit(step)
