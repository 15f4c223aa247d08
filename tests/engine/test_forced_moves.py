"""The recorder writes a move nobody decides (`Rules.forced`, docs/adding-a-game.md), shows it in the echo,
takes it back with the line that forced it, and passes over it when it is typed anyway: a core mechanism any
game feeds, shown with the toy game."""

from __future__ import annotations

from contextlib import contextmanager

from planets_log.cli.main import cli
from planets_log.engine import registry
from planets_log.engine.recorder import Recorder
from planets_log.engine.replay import Replay


@contextmanager
def countdown_forced():
    registry.register("countdown", "tests.engine.toy_forced")
    try:
        yield
    finally:
        registry.register("countdown", "tests.support.toy")


def table_game(runner, path):
    res = runner.invoke(cli, ["new", "countdown", "--player", "Ann", "--player", "Ben", "--table", str(path)])
    assert res.exit_code == 0, res.output
    return path


def test_the_only_legal_move_is_written_after_the_line_that_leaves_it(runner, tmp_path):
    with countdown_forced():
        path = table_game(runner, tmp_path / "c.jsonl")
        res = runner.invoke(cli, ["record", str(path), "pile 5", "take 3", "take 1"])
        assert res.exit_code == 0, res.output
        assert "   4  Ann: take 1" in res.output  # one counter left: Ann takes it, typed by nobody
        assert Replay(str(path)).final().seq == 4 and "the game is over" in res.output


def test_typing_the_forced_move_anyway_writes_nothing_twice(runner, tmp_path):
    with countdown_forced():
        path = table_game(runner, tmp_path / "c.jsonl")
        runner.invoke(cli, ["record", str(path), "pile 5", "take 3", "take 1"])
        before = path.read_bytes()
        res = runner.invoke(cli, ["record", str(path), "take 1"])
        assert res.exit_code == 0 and "already written: the only legal move" in res.output
        assert path.read_bytes() == before


def test_undo_takes_the_forced_move_back_with_the_line_that_forced_it(runner, tmp_path):
    with countdown_forced():
        path = table_game(runner, tmp_path / "c.jsonl")
        runner.invoke(cli, ["record", str(path), "pile 5", "take 3", "take 1"])
        res = runner.invoke(cli, ["undo", str(path)])
        assert res.exit_code == 0 and "retract seq 3–4" in res.output, res.output
        rec = Recorder(str(path))
        assert rec.pos.state.pile == 2 and rec.session.to_move(rec.pos) == 1


def test_without_the_hook_nothing_is_written_for_the_players(runner, tmp_path):
    path = table_game(runner, tmp_path / "c.jsonl")
    res = runner.invoke(cli, ["record", str(path), "pile 5", "take 3", "take 1"])
    assert res.exit_code == 0 and "Ann to move" in res.output and Replay(str(path)).final().seq == 3


class _NoOutcomeListed:
    """A game at a chance point whose `chance_outcomes` says none is due (the games' ValueError guard)."""

    def to_move(self, state):
        from planets_log.engine.rules import CHANCE

        return CHANCE

    def chance_outcomes(self, state):
        raise ValueError("no chance outcome is due")


def test_the_only_outcome_and_the_hint_ask_for_the_outcomes_the_same_way():
    """engine/hints.py `outcomes_here` is the one question: where it finds none, no outcome is written by itself."""
    from planets_log.engine.hints import outcomes_here
    from planets_log.engine.implied import only_outcome

    rules = _NoOutcomeListed()
    assert outcomes_here(rules, None) is None
    assert only_outcome(rules, None) is None
