"""Commands that write a record: new, record (incl. interactive), undo, annotate."""

from __future__ import annotations

import sys
from collections.abc import Callable, Iterator
from typing import TYPE_CHECKING

import click

from planets_log.engine.hints import mover_text
from planets_log.engine.replay import BaseVisitor, SkipType, Step

from .common import as_option, complete_game, complete_seat, edition_option, parse_pairs, seat_or_none

if TYPE_CHECKING:  # only for annotations: the recorder is imported when a command writes
    from planets_log.engine.recorder import Recorder
    from planets_log.engine.replay import Replay
    from planets_log.record.events import Note


@click.command()
@click.argument("game", shell_complete=complete_game)
@click.argument("out", type=click.Path(dir_okay=False))
@click.option("--player", "players", multiple=True, required=True, help="A player's name, in seat order (repeat).")
@click.option("--seed", type=int, default=None,
              help="A public seed, for tests, demos and self-play: anyone holding the record foresees every draw.")
@click.option("--table", is_flag=True, help="A game at a physical table: you enter the chance outcomes.")
@click.option("--kept-by", "kept_by", default=None, metavar="SEAT", shell_complete=complete_seat,
              help="With --table: the record is kept by this player (name or number from 1), who types '?' for what they cannot see.")
@click.option("--option", "options", multiple=True, metavar="KEY=VALUE", help="A variant option of the game (repeat).")
@click.option("--meta", "meta", multiple=True, metavar="KEY=VALUE", help="Free information: event, round, table, date.")
@click.option("--entropy", "entropy", multiple=True, metavar="NAME=TEXT",
              help="A player's entropy, mixed into the secret seed (repeat; a committed seed only).")
@click.option("--ask-entropy", is_flag=True, help="Show the commitment, then ask each player for entropy.")
@edition_option
def new(game: str, out: str, players: tuple[str, ...], seed: int | None, table: bool, kept_by: str | None,
        options: tuple[str, ...], meta: tuple[str, ...], entropy: tuple[str, ...], ask_entropy: bool,
        edition: str | None) -> None:
    """Start a new record OUT for GAME.

    By default the game gets a secret 256-bit seed: the header holds only a commitment
    to it, the secret is kept in OUT.seed (readable by you only), the engine draws from
    it, and it is revealed in the record when the game ends. Players may add entropy.
    --seed N is a public seed (tests, demos, self-play): anyone holding the record
    foresees every draw. With --table you type each chance outcome as it happens.

    \b
    Example:
      planets-log new four-planets --player Ann --player Ben --entropy Ann=kumquat --entropy Ben=7f3a game.jsonl
      planets-log new four-planets --player Ann --player Ben --seed 7 demo.jsonl
      planets-log new four-planets --player Ann --player Ben --table --meta event="Club night" t1.jsonl
      planets-log new four-planets --player Ann --player Ben --table --kept-by Ann mine.jsonl
    """
    from planets_log.engine.newrecord import keeper, start, write
    from planets_log.engine.seats import check_new_names
    from planets_log.record.errors import UsageError
    from planets_log.record.events import Entropy
    from planets_log.record.text import escape

    if table and seed is not None:
        raise UsageError("choose --seed or --table, not both", code="usage")
    check_new_names(list(players))
    if kept_by is not None and not table:
        raise UsageError("--kept-by is for a game at the table: add --table", code="usage")
    seat = keeper(kept_by, list(players), "--kept-by") if kept_by is not None else None
    secret = not table and seed is None
    if not secret and (entropy or ask_entropy):
        raise UsageError("--entropy goes with a secret seed (no --seed, no --table)", code="usage")
    rec = start(game, list(players), seed=None if table else seed, secret=secret,
                options=parse_pairs(options, "--option"), meta=parse_pairs(meta, "--meta"), kept_by=seat,
                edition_path=edition)
    if rec.commit is not None:
        click.echo(f"commitment to the secret seed: {rec.commit.sha256}")
    for player, text in _entropy(parse_pairs(entropy, "--entropy"), players, ask_entropy):
        rec.build.add(Entropy(player=player, text=text))
    drawn = write(out, rec)
    mode = ("table game (enter chance outcomes yourself)" if table else f"seeded game, PUBLIC seed {seed}: anyone "
            "holding this record can foresee every draw" if not secret else
            f"seeded game, secret seed in {out}.seed (keep it; it is revealed in the record when the game ends)")
    if seat is not None:
        mode = f"table game kept by {players[seat]} (type '?' for what {players[seat]} cannot see)"
    count = "" if table else f"; {len(drawn)} chance outcome{'' if len(drawn) == 1 else 's'} drawn"
    click.echo(escape(f"{out}: new {rec.build.session.rules.title} record, {mode}{count}"))
    click.echo(mover_text(rec.build.session, rec.build.pos))


def _entropy(given: dict[str, str], players: tuple[str, ...], ask: bool) -> list[tuple[str, str]]:
    """Each player's entropy, from --entropy or typed at the prompt (after the commitment is shown)."""
    from planets_log.record.errors import UsageError

    for name in given:
        if name not in players:
            raise UsageError(f"--entropy {name}=…: {name!r} is not a player", code="usage")
    out = list(given.items())
    if ask:
        for name in players:
            if name not in given:
                text = click.prompt(f"entropy from {name} (anything; Enter to skip)", default="", show_default=False)
                if text:
                    out.append((name, text))
    return out


@click.command()
@click.argument("log", type=click.Path(dir_okay=False))
@click.argument("moves", nargs=-1)
@click.option("--interactive", "-i", is_flag=True, help="Prompt for moves; '?' lists legal moves, 'undo', 'note TEXT'.")
@click.option("--expect-seq", type=int, default=None, help="Refuse to write unless the record ends at this seq.")
@click.option("--no-fsync", is_flag=True, help="Do not wait for the disk before acknowledging (faster, less safe).")
@click.option("--by", "by", default=None, shell_complete=complete_seat,
              help="The player making MOVES (name or number from 1): refused if not their turn (never "
                   "declining another player's optional step).")
@as_option
@edition_option
def record(log: str, moves: tuple[str, ...], interactive: bool, expect_seq: int | None, no_fsync: bool,
           by: str | None, as_seat: str | None, edition: str | None) -> None:
    """Append MOVES (in the game's notation) to the record LOG.

    Each move is checked against the rules before anything is written; a refused
    move leaves the file unchanged and the moves before it stay recorded. Use '-'
    to read moves from standard input, one per line ('#' starts a comment). A move
    may name its player, 'Ann: d1x2' (or --by Ann): it is refused if it is not
    that player's turn, so a forgotten move cannot shift the later ones.
    With --as SEAT the lines written are echoed as that seat sees them (a draw
    face down to it as ?); without it, the scorekeeper's full view.

    \b
    Example:
      planets-log record game.jsonl d3 d1x2
      planets-log record game.jsonl "Ann: d3" "Ben: d1x2"
      printf 'd3\\nd1x2\\n' | planets-log record game.jsonl -
      planets-log record game.jsonl --interactive
    """
    from planets_log.engine.recorder import Recorder

    rec = Recorder(log, edition, fsync=not no_fsync)
    rec.seat = seat_or_none(rec.session, as_seat)
    _warn_if_revealed(rec)
    if expect_seq is not None:
        rec.expect(expect_seq)
    if interactive:
        from .interactive import run_interactive

        run_interactive(rec)
        return
    for text in _move_texts(moves):
        for entry in rec.play(text, by):
            click.echo(f"{entry.seq:>4}  {entry.text}")
    click.echo(mover_text(rec.session, rec.pos, rec.seat))


def _warn_if_revealed(rec: Recorder) -> None:
    """Play going on after the arbiter revealed the seed: every later draw is foreseeable."""
    from planets_log.engine.rules import TERMINAL

    revealed = rec.pos.arbiter.revealed
    if revealed is not None and rec.session.to_move(rec.pos) != TERMINAL:
        click.echo(f"warning: the seed was revealed at seq {revealed}: anyone holding this record can "
                   "foresee every draw still to come (docs/security.md)", err=True)


def _move_texts(moves: tuple[str, ...]) -> Iterator[str]:
    """The moves given, those on standard input for '-' (as they come, under the caps every record file has)."""
    from planets_log.record.files import MAX_RECORD, capped_lines
    from planets_log.record.lines import MAX_LINE

    for move in moves:
        if move == "-":
            for raw in capped_lines(sys.stdin.buffer, "standard input", MAX_LINE, MAX_RECORD):
                line = raw.decode("utf-8").split("#", 1)[0].strip()
                if line:
                    yield line
        else:
            yield move


@click.command()
@click.argument("log", type=click.Path(dir_okay=False))
@click.option("--reason", default=None, help="Why the line is taken back (kept in the record).")
@click.option("--to", "to", type=int, default=None, help="Take back every line after this seq.")
@edition_option
def undo(log: str, reason: str | None, to: int | None, edition: str | None) -> None:
    """Take back the last line typed in LOG: a move, or a chance outcome entered at the table.

    Setup lines too (a mistyped `bonus` or `deal`). With --to SEQ, everything after SEQ
    is taken back. Nothing is deleted: a `retract` line is appended, so the record keeps
    what happened. In a seeded game the engine's outcomes go with the move that caused them.

    \b
    Example:
      planets-log undo game.jsonl --reason "misread the card"
      planets-log undo game.jsonl --to 12 --reason "Ben dispatched to planet 2, not 3"
    """
    from planets_log.engine.recorder import Recorder
    from planets_log.record.errors import RecordError, UsageError

    if to is not None and to < 0:
        raise UsageError("--to takes a seq of 0 or more", code="usage")
    rec = Recorder(log, edition)
    if to is not None and to > rec.pos.seq:
        raise UsageError(f"the record ends at seq {rec.pos.seq}; there is no seq {to} to go back to", code="usage")
    try:
        entries = rec.undo(reason, to)
    except RecordError as err:
        if err.code == "retract.peek":
            import shlex

            again = f" --to {to}" if to is not None else ""
            err.message += f"; type: planets-log undo {shlex.quote(log)}{again} --reason \"WHY\""
        raise
    for entry in entries:
        click.echo(f"{entry.seq:>4}  {entry.text}")
    click.echo(mover_text(rec.session, rec.pos))


@click.command()
@click.argument("log", type=click.Path(dir_okay=False))
@click.argument("text", required=False)
@click.option("--at", "at", type=int, default=None, help="The seq of the line the note is about.")
@click.option("--glyph", default=None, help="A judgement glyph: !! ! !? ?! ? ??")
@click.option("--author", default=None, help="Who wrote the note.")
@click.option("--list", "list_", is_flag=True, help="List the notes of the record instead.")
@click.option("--json", "as_json", is_flag=True, help="With --list: JSON output.")
@as_option
@edition_option
def annotate(log: str, text: str | None, at: int | None, glyph: str | None, author: str | None, list_: bool,
             as_json: bool, as_seat: str | None, edition: str | None) -> None:
    """Add a note on line --at of LOG, or --list the notes.

    With --list --as SEAT, the moves the notes are about are written as that seat sees
    them; without --as, the scorekeeper's full view.

    \b
    Example:
      planets-log annotate game.jsonl --at 12 "Greedy: the blue pair was open" --glyph '?!' --author Ann
      planets-log annotate game.jsonl --list
    """
    from planets_log.record.errors import UsageError

    if list_:
        _list_notes(log, edition, as_json, as_seat)
        return
    if at is None or not text:
        raise UsageError("give --at SEQ and the note's TEXT (or --list)", code="usage")
    from planets_log.engine.recorder import Recorder

    rec = Recorder(log, edition)
    for entry in rec.annotate(at, text, glyph, author):
        click.echo(f"{entry.seq:>4}  {entry.text}")


def _list_notes(log: str, edition: str | None, as_json: bool, as_seat: str | None) -> None:
    from planets_log.engine.replay import Replay
    from planets_log.record.text import escape

    from .common import echo_json

    replay = Replay(log, edition)
    seat = seat_or_none(replay.session, as_seat)
    texts, notes = replay.fold(Notes(lambda rep, step: _describe(rep, step, seat)))
    if as_json:
        echo_json([{"seq": n.seq, "target": n.target, "move": texts.get(n.target), "text": n.text,
                    "glyph": n.glyph, "author": n.author} for n in notes])
        return
    for n in notes:
        move = texts.get(n.target, "header" if n.target == 0 else "")
        click.echo(escape(f"seq {n.target} {move}{' ' + n.glyph if n.glyph else ''}: {n.text}"
                          f"{' — ' + n.author if n.author else ''}"))
    if not notes:
        click.echo("no notes")


def _describe(replay: Replay, step: Step, seat: int | None) -> str:
    from planets_log.record.events import Retract

    if isinstance(step.event, Retract):
        return f"retract seq {step.event.target}"
    from planets_log.engine.redact import format_as

    return format_as(replay.session.rules, step.event, step.before.state, seat)


class Notes(BaseVisitor[tuple[dict[int, str], list["Note"]]]):
    """Every note, and every other line in words (what the notes point at)."""

    def __init__(self, describe: Callable[[Replay, Step], str]):
        self.describe = describe
        self.texts: dict[int, str] = {}
        self.notes: list[Note] = []

    def visit(self, step: Step) -> SkipType | None:
        from planets_log.record.events import Note

        if isinstance(step.event, Note):
            self.notes.append(step.event)
        else:
            self.texts[step.event.seq] = self.describe(self.replay, step)
        return super().visit(step)

    def result(self) -> tuple[dict[int, str], list[Note]]:
        return self.texts, self.notes
