"""`record --interactive`: a prompt with legal moves, tab completion, undo and notes."""

from __future__ import annotations

import click

from planets_log.core.errors import PlanetsLogError
from planets_log.core.game import CHANCE, TERMINAL
from planets_log.core.recorder import Recorder

from .common import mover_text

HELP = """Type a move in the game's notation, or:
  ?            list the legal moves (Tab completes them)
  show         the position
  undo [WHY]   take back the last action (after a draw of a seeded game, WHY is required)
  note TEXT    a note on the last line
  quit         leave (every accepted move is already saved)"""


def legal_texts(rec: Recorder) -> list[str]:
    """The legal moves at the record's end, in notation."""
    state = rec.pos.state
    return [rec.rules.format(e, state) for e in rec.rules.legal(state)]


def completions(rec: Recorder, line: str) -> list[str]:
    """Legal moves and prompt commands that start with what is typed so far."""
    return [m for m in legal_texts(rec) + ["?", "show", "undo", "note ", "quit"] if m.startswith(line)]


def _install_completion(rec: Recorder) -> None:
    try:
        import readline
    except ImportError:  # not every platform has readline
        return

    def complete(text: str, index: int) -> str | None:
        line = readline.get_line_buffer()
        start = len(line) - len(text)
        options = [m[start:] for m in completions(rec, line)]
        return options[index] if index < len(options) else None

    readline.set_completer_delims("")
    readline.set_completer(complete)
    readline.parse_and_bind("tab: complete")


def run_interactive(rec: Recorder) -> None:
    """Prompt until the game ends or the user quits; every accepted move is saved at once."""
    _install_completion(rec)
    click.echo(HELP)
    while True:
        click.echo(mover_text(rec.session, rec.pos))
        if rec.session.to_move(rec.pos) == TERMINAL:
            return
        try:
            line = input(f"{rec.pos.seq + 1}> ").strip()
        except EOFError:
            click.echo()
            return
        if not line:
            continue
        if line in ("quit", "exit", "q"):
            return
        try:
            _dispatch(rec, line)
        except PlanetsLogError as exc:
            click.echo(f"refused: {exc}", err=True)


def _dispatch(rec: Recorder, line: str) -> None:
    if line == "?":
        moves = legal_texts(rec)
        if rec.session.to_move(rec.pos) == CHANCE:
            click.echo(rec.rules.chance_hint(rec.pos.state))
        click.echo("  ".join(moves) if moves else "(no move to list)")
        return
    if line == "show":
        click.echo(rec.rules.render(rec.pos.state))
        return
    if line == "undo" or line.startswith("undo "):
        reason = line[5:].strip() or (None if rec.peek_pending() else "undone at the prompt")
        entries = rec.undo(reason)  # taking back a seen draw needs a reason: 'undo REASON'
    elif line.startswith("note "):
        entries = rec.annotate(rec.pos.seq, line[5:].strip(), author=None)
    else:
        entries = rec.play(line)
    for entry in entries:
        click.echo(f"{entry.seq:>4}  {entry.text}")
