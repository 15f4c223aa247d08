"""Issue 25, numbers: a digit `str.isdigit` accepts and `int()` does not ('²', '³') is bad input, never a crash."""

from __future__ import annotations

import pytest

from planets_log.engine.play import selfplay
from planets_log.engine.registry import get_rules
from planets_log.engine.replay import BaseVisitor, Replay, SkipType
from planets_log.record.errors import PlanetsLogError
from planets_log.record.events import Meta

from .conftest import run

SUPER = str.maketrans("0123456789", "⁰¹²³⁴⁵⁶⁷⁸⁹")
PLAYED = {  # every game, and Four Planets' Professional Mode (its own notation): players, options
    "four-planets": (["Ann", "Ben"], {}),
    "four-planets-pro": (["Ann", "Ben"], {"professional": True}),
    "space-planets": (["Ann", "Ben", "Cy"], {}),
    "planetopia": (["Ann", "Ben", "Cy"], {}),
    "planetship-2491": (["Ann", "Ben", "Cy"], {}),
    "planetarium": (["Ann", "Ben"], {}),
}
STEPS = 160  # lines of each game looked at: every kind of move and outcome comes up by then


class Lines(BaseVisitor[list[tuple[object, str]]]):
    """(state before, text) of every move and outcome, as the game writes it."""

    def __init__(self) -> None:
        self.found: list[tuple[object, str]] = []

    def visit(self, step) -> SkipType | None:
        if not isinstance(step.event, Meta) and len(self.found) < STEPS:
            rules = self.replay.session.rules
            self.found.append((step.before.state, rules.format(step.event, step.before.state)))
        return super().visit(step)

    def result(self):
        return self.found


def _variants(text: str, players: list[str]) -> set[str]:
    """The text with its digits as superscripts, and with each player's name as a superscript seat number."""
    out = {text.translate(SUPER)}
    out |= {text.replace(name, str(i + 1).translate(SUPER)) for i, name in enumerate(players) if name in text}
    return out - {text}


@pytest.mark.parametrize("name", PLAYED)
def test_every_notation_refuses_superscript_digits_as_a_notation_error(tmp_path, name):
    """Each game's parser, at every kind of line of a real game: '²' is a word it does not know, not a crash."""
    players, options = PLAYED[name]
    game = name.removesuffix("-pro")
    path = tmp_path / "g.jsonl"
    path.write_text(selfplay(game, 3, players, options).text())
    rules, tried = get_rules(game), 0
    for state, text in Replay(path).fold(Lines()):
        for bad in _variants(text, players):
            tried += 1
            try:
                rules.parse(bad, state)
            except PlanetsLogError:
                pass  # refused in the game's own words (or read as something else, which the rules then check)
    assert tried > 20


def test_a_superscript_seat_is_bad_usage_everywhere_a_seat_is_named(runner, fp, tmp_path):
    for args in (["replay", fp, "--as", "²"], ["moves", fp, "--as", "²"], ["record", fp, "--by", "²", "d1"],
                 ["penalty", fp, "--seat", "²", "--points", "-1", "--reason", "late"]):
        res = run(runner, *args)
        assert res.exit_code in (1, 2), (args, res.output)
        assert "internal error" not in res.output, (args, res.output)
        assert "no seat '²'" in res.output or "'²' is not a player" in res.output, (args, res.output)


def test_a_superscript_before_the_colon_is_not_a_player(runner, fp):
    before = fp.read_bytes()
    res = run(runner, "record", fp, "²: d1")
    assert res.exit_code in (1, 2) and "internal error" not in res.output, res.output
    assert fp.read_bytes() == before


def test_a_superscript_seat_option_is_refused_at_new(runner, tmp_path):
    out = tmp_path / "sp.jsonl"
    res = run(runner, "new", "space-planets", "--player", "Ann", "--player", "Ben", "--seed", "2",
              "--option", "first=²", out)
    assert res.exit_code == 2 and "[header.option]: option first='²': name Ann, Ben" in res.output, res.output
    assert not out.exists()


def test_a_superscript_move_leaves_the_interactive_session_running(runner, tmp_path):
    path = tmp_path / "pt.jsonl"
    assert run(runner, "new", "planetopia", "--player", "Ann", "--player", "Ben", "--seed", "2", path).exit_code == 0
    res = run(runner, "record", path, "-i", input="take ² Y\ntake ³\nquit\n")
    assert "internal error" not in res.output, res.output
    assert res.output.count("refused:") == 2


def test_no_module_reads_a_number_with_isdigit():
    """`str.isdigit` is true of '²', which `int()` refuses: numbers are read with `is_number` (ASCII digits)."""
    from pathlib import Path

    import planets_log

    found = [f"{path.name}:{n}" for path in Path(planets_log.__file__).parent.rglob("*.py")
             for n, line in enumerate(path.read_text().splitlines(), 1) if ".isdigit()" in line
             and path.name != "text.py"]
    assert not found, found
