"""docs/adding-a-game.md: its example game, installed from the page as a package, passes the contract suite."""

from __future__ import annotations

import re
import sys
from pathlib import Path

import pytest

from planets_log.engine import registry
from planets_log.engine.outcomes import possible
from planets_log.engine.play import selfplay
from planets_log.audit.validate import validate_file
from tests.support.positions import apply_problem, legality_problem, positions
from tests.support.helpers import write_lines

PAGE = Path(__file__).resolve().parents[2] / "docs" / "adding-a-game.md"


def blocks(lang: str) -> list[str]:
    return re.findall(rf"```{lang}\n(.*?)```", PAGE.read_text(), re.S)


@pytest.fixture(scope="module")
def launch(tmp_path_factory):
    root = tmp_path_factory.mktemp("site")
    pkg = root / "launch"
    (pkg / "editions").mkdir(parents=True)
    (pkg / "__init__.py").write_text(blocks("python")[0])
    (pkg / "editions" / "reference.toml").write_text(next(b for b in blocks("toml") if "name =" in b))
    sys.path.insert(0, str(root))
    registry.register("launch", "launch")
    yield registry.get_rules("launch")
    registry.unregister("launch")
    sys.path.remove(str(root))
    sys.modules.pop("launch", None)


def test_the_example_plays_validates_and_replays(launch, tmp_path):
    for seed in range(5):
        build = selfplay("launch", seed, ["Ann", "Ben", "Cy"][: 2 + seed % 2])
        report = validate_file(str(write_lines(tmp_path / f"{seed}.jsonl", build.lines)))
        assert report.valid and report.finished, [str(e) for e in report.errors]


def test_the_example_passes_the_contract_suite(launch):
    for seed in range(5):
        build = selfplay("launch", seed, ["Ann", "Ben"])
        for state, event in positions(build):
            assert legality_problem(launch, state) is None
            if event is not None:
                assert apply_problem(launch, state, event) is None
                if launch.to_move(state) < 0:
                    assert possible(launch.chance_outcomes(state), event)


def test_the_example_options_are_typed(launch, tmp_path, runner):
    from planets_log.cli.main import cli

    out = runner.invoke(cli, ["new", "launch", "--player", "A", "--player", "B", "--option", "boost=7",
                              str(tmp_path / "x.jsonl")])
    assert out.exit_code == 2 and "boost" in out.output
