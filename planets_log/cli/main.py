"""The `planets-log` entry point: a lazy Click group and the error boundary."""

from __future__ import annotations

import sys
from collections.abc import Sequence
from typing import Any

import click

SEAT_VIEW = "planets_log.seat_view"
"""The key of `ctx.meta` that holds the `--as` seat given: the error boundary then prints what a seat may read."""

COMMANDS = {
    "games": ("planets_log.cli.info:games", "List the games planets-log knows."),
    "new": ("planets_log.cli.write:new", "Start a new record."),
    "record": ("planets_log.cli.write:record", "Append moves in the game's notation."),
    "moves": ("planets_log.cli.read:moves", "List the legal moves now."),
    "undo": ("planets_log.cli.write:undo", "Take back the last typed line (nothing is deleted)."),
    "validate": ("planets_log.cli.read:validate", "Check records: format, chain, seed, rules."),
    "replay": ("planets_log.cli.read:replay", "Show the position at any point."),
    "diff": ("planets_log.cli.diff:diff", "Compare two records."),
    "annotate": ("planets_log.cli.write:annotate", "Add or list notes."),
    "score": ("planets_log.cli.read:score", "Print the score sheet."),
    "selfplay": ("planets_log.cli.info:selfplay", "Write random seeded games."),
    "schema": ("planets_log.cli.info:schema", "Print the JSON Schema of a game's records."),
    "demo": ("planets_log.cli.demo:demo", "Record, validate, replay and score a demo game."),
    "repair": ("planets_log.cli.repair:repair", "Move a torn tail aside after a crash."),
    "rule": ("planets_log.cli.arbiter:rule", "Arbiter: let an illegal move stand, with a reason."),
    "penalty": ("planets_log.cli.arbiter:penalty", "Arbiter: adjust a player's score."),
    "result": ("planets_log.cli.arbiter:result", "Record the declared result."),
    "reveal": ("planets_log.cli.arbiter:reveal", "Reveal a game's committed secret seed."),
    "seal": ("planets_log.cli.audit:seal", "Sign a finished record."),
    "keygen": ("planets_log.cli.audit:keygen", "Make a sealing key."),
    "audit": ("planets_log.cli.audit:audit", "Audit a whole tournament's records."),
    "render": ("planets_log.cli.pictures:render", "Draw a position as an SVG picture."),
    "export": ("planets_log.cli.pictures:export", "Write a self-contained HTML replay."),
    "campaign": ("planets_log.cli.campaign:campaign", "Keep a campaign of games (Four Planets' mini-campaign)."),
    "serve": ("planets_log.cli.serve:serve", "Serve a folder of records over HTTP: live tables, seats, director."),
    "copy": ("planets_log.cli.store:copy", "Copy a tournament between stores (a folder, NATS JetStream)."),
}


class LazyGroup(click.Group):
    """A group whose commands are imported only when they are run or listed in help."""

    def list_commands(self, ctx: click.Context) -> list[str]:
        return list(COMMANDS)

    def get_command(self, ctx: click.Context, name: str) -> click.Command | None:
        entry = COMMANDS.get(name)
        if entry is None:
            return None
        from planets_log.engine.registry import load_module

        module, _, attr = entry[0].partition(":")
        command = getattr(load_module(module), attr)
        assert isinstance(command, click.Command), f"{entry[0]} is not a Click command"
        return command

    def format_commands(self, ctx: click.Context, formatter: click.HelpFormatter) -> None:
        """List the commands from the table, without importing them."""
        with formatter.section("Commands"):
            formatter.write_dl([(name, short) for name, (_, short) in COMMANDS.items()])

    def main(self, args: Sequence[str] | None = None, *a: Any, **kw: Any) -> Any:
        """Run with every line of output escaped; an argument that is not UTF-8, or holds a NUL byte (which no
        file name and no argument a shell passes can), is bad usage."""
        from planets_log.record.text import EscapingStream

        args = list(sys.argv[1:] if args is None else args)
        bad = next((arg for arg in args if not _is_utf8(arg)), None)
        nul = next((arg for arg in args if "\0" in arg), None)
        out, err = sys.stdout, sys.stderr
        sys.stdout, sys.stderr = EscapingStream(out), EscapingStream(err)
        try:
            if bad is not None or nul is not None:
                from planets_log.record.text import escape

                why = ("is not valid UTF-8", "utf8") if bad is not None else ("holds a NUL byte", "nul")
                click.echo(f"planets-log: usage [usage.{why[1]}]: the argument '{escape(bad or nul or '')}' "
                           f"{why[0]}", err=True)
                sys.exit(2)
            return super().main(args, *a, **kw)
        finally:
            sys.stdout, sys.stderr = out, err

    def invoke(self, ctx: click.Context) -> Any:
        """Run the command; report the project's own errors without a traceback."""
        from planets_log.record.errors import PlanetsLogError

        try:
            return super().invoke(ctx)
        except PlanetsLogError as exc:
            # output for a seat (--as) tells only what it may know, error messages too
            shown = exc.for_seat() if ctx.meta.get(SEAT_VIEW) is not None else exc
            click.echo(f"planets-log: {shown}", err=True)
            ctx.exit(exc.exit_code)
        except (click.exceptions.Exit, click.ClickException, click.exceptions.Abort, SystemExit):
            raise
        except (UnicodeDecodeError, UnicodeEncodeError, UnicodeTranslateError) as exc:  # bytes of input that are not UTF-8
            click.echo(f"planets-log: usage [usage.utf8]: input is not valid UTF-8 ({exc.reason})", err=True)
            ctx.exit(2)
        except BrokenPipeError:
            sys.stderr.close()
            ctx.exit(1)
        except Exception as exc:  # the boundary: a traceback only when asked for (--debug)
            from planets_log.record.errors import InternalError

            if ctx.params.get("debug"):
                import traceback

                click.echo("".join(traceback.format_exception(exc)), err=True, nl=False)
            if isinstance(exc, InternalError):
                click.echo(f"planets-log: {exc}", err=True)
            else:
                click.echo(f"planets-log: internal error: {type(exc).__name__}: {exc} (please report this; "
                           "--debug shows the traceback)", err=True)
            ctx.exit(1)


@click.group(cls=LazyGroup, context_settings={"help_option_names": ["-h", "--help"]})
@click.version_option(package_name="planets-log")
@click.option("--debug", is_flag=True, help="On an internal error (a bug), show its traceback.")
def cli(debug: bool) -> None:
    """Record, validate, replay, diff and annotate games of five planet-themed tabletop games.

    \b
    Example:
      planets-log new four-planets --player Ann --player Ben --seed 7 game.jsonl
      planets-log record game.jsonl d3 d1x2
      planets-log validate game.jsonl
      planets-log --debug validate game.jsonl   # a traceback if planets-log itself fails
    """


def _is_utf8(text: str) -> bool:
    try:
        text.encode("utf-8")
    except UnicodeEncodeError:
        return False
    return True


def main(argv: list[str] | None = None) -> None:
    """Run the CLI (the console script's entry point)."""
    import _signal  # signal's C core, loaded with the interpreter (`signal` adds half a millisecond of enums)
    import gc

    if hasattr(_signal, "SIGXFSZ"):  # over a file-size limit, write() fails instead of killing us
        _signal.signal(_signal.SIGXFSZ, _signal.SIG_IGN)
    try:
        cli.main(args=argv, prog_name="planets-log")
    finally:
        # The process ends here: spare the interpreter's last full collection over every object
        # still alive (modules, the game's tables), about a tenth of a short command's time.
        gc.freeze()
