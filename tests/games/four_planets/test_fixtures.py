"""Golden records, invalid records and whole seeded playthroughs (snapshots)."""

from __future__ import annotations

import json

import pytest

from planets_log.engine.replay import Replay, digest
from planets_log.record.errors import RecordError
from planets_log.engine.rules import TERMINAL
from planets_log.audit.validate import validate_file

from . import fixtures_gen
from tests.support.playthrough import playthrough

from .helpers import R

ROOT = fixtures_gen.ROOT
GOLDEN = sorted(p.stem for p in ROOT.glob("*.jsonl"))
INVALID = sorted(p.stem for p in (ROOT / "invalid").glob("*.jsonl"))


def test_there_are_enough_fixtures():
    """Fixtures: at least 5 golden records and 15 invalid ones (tests/contract/test_fixtures.py checks their bytes)."""
    assert len(GOLDEN) >= 5 and len(INVALID) >= 15


@pytest.mark.parametrize("name", GOLDEN)
def test_golden_record_validates_to_the_end(name):
    """Golden records replay to game over and validate."""
    path = str(ROOT / f"{name}.jsonl")
    report = validate_file(path)
    assert report.valid, [str(e) for e in report.errors]
    final = Replay(path).final().state
    assert R.to_move(final) == TERMINAL and final.round == 5
    assert digest(final) == digest(Replay(path).final().state)


def test_golden_table_game_is_a_table_record():
    """format.md: a table game has seed null; every outcome in it was typed in."""
    header = json.loads((ROOT / "table-game.jsonl").read_text().splitlines()[0])
    assert header["seed"] is None and header["game"] == "four-planets"


@pytest.mark.parametrize("name", INVALID)
def test_invalid_fixture(name, snapshot):
    """Invalid records: the last line is refused with the code the header's meta names."""
    path = ROOT / "invalid" / f"{name}.jsonl"
    lines = path.read_text().splitlines()
    expected = json.loads(lines[0])["meta"]["expected_error"]
    with pytest.raises(RecordError) as info:
        Replay(str(path), name=f"invalid/{name}.jsonl").final()
    err = info.value
    assert err.code == expected
    assert err.line == len(lines)
    assert str(err) == snapshot


@pytest.mark.parametrize("name", GOLDEN)
def test_playthrough_snapshot(name, snapshot):
    """Whole playthroughs (tests/support/playthrough.py): every move, the table after every round, the score sheet."""
    build = fixtures_gen.golden()[name]
    assert playthrough(build) == snapshot


def test_docs_worked_example_is_the_table_game_fixture():
    """Notation (docs/games/four-planets.md): the worked example is exactly the table-game record."""
    import re

    doc = (ROOT.parents[1] / "docs" / "games" / "four-planets.md").read_text()
    block = doc.split("### Worked example", 1)[1].split("```", 2)[1]
    typed = {}
    for line in block.splitlines():
        m = re.match(r"^\s*(\d+)  (\S+(?: \S+)*)", line)
        if m:
            typed[int(m.group(1))] = m.group(2)
    replay = Replay(str(ROOT / "table-game.jsonl"))
    record = {step.event.seq: R.format(step.event, step.before.state) for step in replay.steps()}
    assert typed == record
