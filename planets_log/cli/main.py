"""The `planets-log` entry point: a lazy Click group and the error boundary."""

from __future__ import annotations

import importlib
import sys

import click

COMMANDS = {
    "games": "planets_log.cli.info:games",
    "new": "planets_log.cli.write:new",
    "record": "planets_log.cli.write:record",
    "moves": "planets_log.cli.read:moves",
    "undo": "planets_log.cli.write:undo",
    "validate": "planets_log.cli.read:validate",
    "replay": "planets_log.cli.read:replay",
    "diff": "planets_log.cli.diff:diff",
    "annotate": "planets_log.cli.write:annotate",
    "score": "planets_log.cli.read:score",
    "selfplay": "planets_log.cli.info:selfplay",
    "schema": "planets_log.cli.info:schema",
    "demo": "planets_log.cli.demo:demo",
    "repair": "planets_log.cli.repair:repair",
    "rule": "planets_log.cli.arbiter:rule",
    "penalty": "planets_log.cli.arbiter:penalty",
    "result": "planets_log.cli.arbiter:result",
    "seal": "planets_log.cli.audit:seal",
    "keygen": "planets_log.cli.audit:keygen",
    "audit": "planets_log.cli.audit:audit",
}


class LazyGroup(click.Group):
    """A group whose commands are imported only when they are run or listed in help."""

    def list_commands(self, ctx: click.Context) -> list[str]:
        return list(COMMANDS)

    def get_command(self, ctx: click.Context, name: str) -> click.Command | None:
        target = COMMANDS.get(name)
        if target is None:
            return None
        module, _, attr = target.partition(":")
        return getattr(importlib.import_module(module), attr)

    def invoke(self, ctx: click.Context):
        """Run the command; report the project's own errors without a traceback."""
        from planets_log.core.errors import PlanetsLogError

        try:
            return super().invoke(ctx)
        except PlanetsLogError as exc:
            click.echo(f"planets-log: {exc}", err=True)
            ctx.exit(exc.exit_code)
        except (click.exceptions.Exit, click.ClickException, click.exceptions.Abort, SystemExit):
            raise
        except BrokenPipeError:
            sys.stderr.close()
            ctx.exit(1)
        except Exception as exc:  # the boundary: never show a traceback
            click.echo(f"planets-log: internal error: {type(exc).__name__}: {exc} (please report this)", err=True)
            ctx.exit(1)


@click.group(cls=LazyGroup, context_settings={"help_option_names": ["-h", "--help"]})
@click.version_option(package_name="planets-log")
def cli() -> None:
    """Record, validate, replay, diff and annotate games of five planet-themed tabletop games.

    \b
    Example:
      planets-log new four-planets --player Ann --player Ben --seed 7 game.jsonl
      planets-log record game.jsonl d3 d1x2
      planets-log validate game.jsonl
    """


def main(argv: list[str] | None = None) -> None:
    """Run the CLI (the console script's entry point)."""
    import signal

    if hasattr(signal, "SIGXFSZ"):  # over a file-size limit, write() fails instead of killing us
        signal.signal(signal.SIGXFSZ, signal.SIG_IGN)
    cli.main(args=argv, prog_name="planets-log")
