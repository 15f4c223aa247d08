"""`record --interactive`: a prompt with legal moves, tab completion, undo and notes."""

from __future__ import annotations

import sys
from collections.abc import Iterator

import click

from planets_log.engine.hints import counted, example, hint, mover_text, word_completions, words_listing
from planets_log.engine.recorder import Recorder
from planets_log.engine.redact import withheld
from planets_log.engine.rules import CHANCE, TERMINAL, next_events
from planets_log.engine.seats import split_player
from planets_log.record.errors import PlanetsLogError, RecordError
from planets_log.record.files import MAX_RECORD, capped_lines
from planets_log.record.lines import MAX_LINE

from .common import for_reader
from .read import LISTED_OUTCOMES

HELP = """{opening}, or:
  ?            the legal moves (Tab completes them), what the hint's letters mean, the prompt
  show         the position
  undo [WHY]   take back the last line typed (a move or a chance outcome; after a draw of a
               seeded game, WHY is required)
  note TEXT    a note on the last line
  quit         leave (every accepted move is already saved)"""

PROMPT_KEY = ("the prompt '[seq N] WHO> ': N is the seq the next line gets (for 'undo --to', 'annotate --at'); "
              "WHO is the player to move, or 'chance' when a chance outcome is to be typed")


class Completions:
    """The legal moves in notation, computed once per position (the record's head)."""

    def __init__(self, rec: Recorder):
        self.rec = rec
        self._head: str | None = None
        self._texts: list[str] = []

    def legal(self) -> list[str]:
        """The legal moves at the record's end, in notation (none where the seat of `--as` may not see them)."""
        if self._head != self.rec.pos.head:
            state = self.rec.pos.state
            events = [] if withheld(self.rec.rules, state, self.rec.seat) else next_events(self.rec.rules, state)
            self._texts = list(dict.fromkeys(self.rec.rules.format(e, state) for e in events))
            self._head = self.rec.pos.head
        return self._texts

    def matching(self, line: str) -> list[str]:
        """Legal moves and prompt commands that start with what is typed (after any 'NAME: '); at a
        chance point with too many outcomes to list, the outcome's next word."""
        words = word_completions(self.rec.rules, self.rec.pos.state, line) if self._hinted() else []
        if words and " " in line.lstrip():
            return words  # the outcome's next word; before its first space, its first word with the commands
        named, move = split_player(line, self.rec.header.players)
        prefix = line[:len(line) - len(move)] if named is not None else ""
        move = move.lstrip() if named is not None else move
        if named is not None and not prefix.endswith(" "):
            prefix += " "
        commands = ["?", "show", "undo", "note ", "quit"]
        return words + [prefix + m for m in self.legal() + commands if m.startswith(move)]

    def _hinted(self) -> bool:
        """True when the keeper may be told what can happen here (the full view, or a game without secrets)."""
        return self.rec.seat is None or not self.rec.rules.hidden_information


def legal_texts(rec: Recorder) -> list[str]:
    """The legal moves at the record's end, in notation."""
    return Completions(rec).legal()


def completions(rec: Recorder, line: str) -> list[str]:
    """Legal moves and prompt commands that start with what is typed so far."""
    return Completions(rec).matching(line)


def prompt(rec: Recorder) -> str:
    """`[seq 61] Ann> `: the next line's seq and who is to move."""
    mover = rec.session.to_move(rec.pos)
    who = "chance" if mover == CHANCE else rec.session.name(mover)
    return f"[seq {rec.pos.seq + 1}] {who}> "


def opening(rec: Recorder, comp: Completions) -> str:
    """The help's first line, with this game's own example: a legal move now, named by its player, or
    at a chance point an outcome that can happen now."""
    mover = rec.session.to_move(rec.pos)
    if mover >= 0:
        move = comp.legal()[0] if comp.legal() else "MOVE"
        return f"Type a move in the game's notation (it may name its player: '{rec.session.name(mover)}: {move}')"
    shown = example(rec.rules, rec.pos.state) if mover == CHANCE and comp._hinted() else None
    now = f"'{rec.rules.format(shown, rec.pos.state)}'" if shown is not None else "as the hint says"
    return (f"Type a chance outcome or a move in the game's notation (now an outcome, {now}; a move may name its "
            f"player: '{rec.session.name(0)}: MOVE')")


def _install_completion(comp: Completions) -> None:
    try:
        import readline
    except ImportError:  # not every platform has readline
        return

    def complete(text: str, index: int) -> str | None:
        line = readline.get_line_buffer()
        start = len(line) - len(text)
        options = [m[start:] for m in comp.matching(line)]
        return options[index] if index < len(options) else None

    readline.set_completer_delims("")
    readline.set_completer(complete)
    readline.parse_and_bind("tab: complete")


def run_interactive(rec: Recorder) -> None:
    """Prompt until the game ends or the user quits; every accepted move is saved at once."""
    comp = Completions(rec)
    _install_completion(comp)
    click.echo(HELP.format(opening=opening(rec, comp)))
    piped = None if sys.stdin.isatty() else piped_lines()
    while True:
        click.echo(mover_text(rec.session, rec.pos, rec.seat))
        if rec.session.to_move(rec.pos) == TERMINAL:
            return
        try:
            line = ask(prompt(rec), piped).strip()
        except EOFError:
            click.echo()
            return
        if not line:
            continue
        if line in ("quit", "exit", "q"):
            return
        try:
            _dispatch(rec, comp, line)
        except PlanetsLogError as exc:
            click.echo(f"refused: {for_reader(exc, rec.seat)}", err=True)


PROMPT_LINE = MAX_LINE + 1024
"""The longest line read at the prompt from a pipe: a whole record line and the command word before it."""


def piped_lines() -> Iterator[bytes]:
    """The lines of a standard input that is not a terminal, under a record file's caps (it may never end)."""
    return capped_lines(sys.stdin.buffer, "standard input", PROMPT_LINE, MAX_RECORD)


def ask(text: str, piped: Iterator[bytes] | None) -> str:
    """One line typed at the prompt: at a terminal through readline, else the next piped line."""
    if piped is None:
        return input(text)
    click.echo(text, nl=False)
    raw = next(piped, None)
    if raw is None:
        raise EOFError
    return raw.decode("utf-8")


def _dispatch(rec: Recorder, comp: Completions, line: str) -> None:
    if line == "?":
        _explain(rec, comp)
        return
    if line == "show":  # as the seat of `--as` may know it
        click.echo(rec.rules.render(rec.pos.state, rec.seat))
        return
    if line == "undo" or line.startswith("undo "):
        reason = line[5:].strip() or (None if rec.peek_pending() else "undone at the prompt")
        try:
            entries = rec.undo(reason)
        except RecordError as err:  # taking back a seen draw needs a reason
            if err.code == "retract.peek":
                err.message += "; type: undo WHY (e.g. 'undo the card was misread')"
            raise
    elif line.startswith("note "):
        entries = rec.annotate(rec.pos.seq, line[5:].strip(), author=None)
    else:
        entries = rec.play(line)
    for entry in entries:
        click.echo(f"{entry.seq:>4}  {entry.text}")


def _explain(rec: Recorder, comp: Completions) -> None:
    """`?`: the hint and what its letters mean, then what may come next (listed, or counted when many)."""
    chance = rec.session.to_move(rec.pos) == CHANCE
    moves = comp.legal()
    if chance:
        click.echo(hint(rec.rules, rec.pos.state, rec.seat))
    if rec.rules.notation_key:
        click.echo(rec.rules.notation_key)
    many = counted(rec.rules, rec.pos.state) if chance and comp._hinted() else None
    if many is not None:
        click.echo(words_listing(many))
    elif chance and len(moves) > LISTED_OUTCOMES:
        click.echo(f"({len(moves)} possible outcomes; Tab completes them)")
    elif rec.seat is not None and withheld(rec.rules, rec.pos.state, rec.seat):
        click.echo(f"(not shown to {rec.session.name(rec.seat)}: the moves could tell what it may not know)")
    else:
        click.echo("  ".join(moves) if moves else "(no move to list)")
    click.echo(PROMPT_KEY)
