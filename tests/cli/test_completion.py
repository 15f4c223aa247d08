"""Shell completion (Click's) for commands, game ids, seats, options and files."""

from __future__ import annotations

from click.shell_completion import BashComplete

from planets_log.cli.main import COMMANDS, cli
from planets_log.engine.registry import game_ids


def complete(args: list[str], incomplete: str) -> list[str]:
    comp = BashComplete(cli, {}, "planets-log", "_PLANETS_LOG_COMPLETE")
    return [c.value for c in comp.get_completions(args, incomplete)]


def kinds(args: list[str], incomplete: str) -> set[str]:
    comp = BashComplete(cli, {}, "planets-log", "_PLANETS_LOG_COMPLETE")
    return {c.type for c in comp.get_completions(args, incomplete)}


def test_commands_complete():
    assert set(complete([], "")) == set(COMMANDS)
    assert complete([], "re") == ["record", "replay", "repair", "result", "reveal", "render"]


def test_game_ids_complete():
    assert complete(["new"], "") == game_ids()
    assert complete(["schema"], "planeto") == ["planetopia"]
    assert complete(["selfplay"], "zz") == []


def test_seats_complete_from_the_record_and_from_new(runner, tmp_path):
    path = tmp_path / "g.jsonl"
    runner.invoke(cli, ["new", "countdown", "--player", "Ann", "--player", "Ben", "--seed", "3", str(path)])
    assert complete(["replay", str(path), "--as"], "") == ["Ann", "Ben", "1", "2"]
    assert complete(["penalty", str(path), "--seat"], "b") == ["Ben"]
    assert complete(["record", str(path), "--by"], "A") == ["Ann"]
    assert complete(["new", "countdown", "--player", "Ann", "--player", "Cal", "--table", "--kept-by"], "C") == ["Cal"]
    assert complete(["replay", str(tmp_path / "missing.jsonl"), "--as"], "") == []


def test_options_and_files_complete(tmp_path):
    assert "--kept-by" in complete(["new", "four-planets"], "--k")
    assert "--to" in complete(["undo", "g.jsonl"], "--")
    assert kinds(["validate"], "") == {"file"}
