"""docs/cli.md lists every option of every command, and no option a command lacks."""

import re
from pathlib import Path

import click
import pytest

from planets_log.cli.main import cli

DOC = (Path(__file__).resolve().parents[2] / "docs" / "cli.md").read_text(encoding="utf-8")
# The intro says every command that opens a record takes --edition; rows need not repeat it.
COMMON = {"--help", "--edition"}


def _leaves(group: click.Group, prefix: tuple[str, ...] = ()) -> list[tuple[str, click.Command]]:
    ctx = click.Context(group)
    out = []
    for name in group.list_commands(ctx):
        cmd = group.get_command(ctx, name)
        assert cmd is not None
        if isinstance(cmd, click.Group):
            out += _leaves(cmd, prefix + (name,))
        else:
            out.append((" ".join(prefix + (name,)), cmd))
    return out


def _row_options(command: str) -> set[str]:
    rows = [line for line in DOC.splitlines() if re.match(rf"\| `{re.escape(command)}[ `]", line)]
    assert rows, f"docs/cli.md has no table row for `{command}`"
    return set(re.findall(r"--[a-z][a-z0-9-]*", " ".join(rows)))


def _options(cmd: click.Command) -> set[str]:
    return {o for p in cmd.params if isinstance(p, click.Option)
            for o in p.opts + p.secondary_opts if o.startswith("--")}


LEAVES = _leaves(cli)


@pytest.mark.parametrize(("command", "cmd"), LEAVES, ids=[name for name, _ in LEAVES])
def test_cli_doc_row_matches_the_command_options(command: str, cmd: click.Command) -> None:
    documented, real = _row_options(command), _options(cmd)
    assert real - COMMON - documented == set(), f"`{command}`: options missing from docs/cli.md"
    assert documented - real == set(), f"`{command}`: docs/cli.md lists options the command lacks"


def test_cli_doc_intro_covers_edition() -> None:
    assert "accept\n`--edition PATH`" in DOC or "accept `--edition PATH`" in DOC


def test_readme_commands_paragraph_names_every_command() -> None:
    readme = (Path(__file__).resolve().parents[2] / "README.md").read_text(encoding="utf-8")
    paragraph = readme.split("## Commands", 1)[1].split("##", 1)[0]
    named = set(re.findall(r"`([a-z]+)`", paragraph))
    assert set(cli.list_commands(click.Context(cli))) - named == set()
