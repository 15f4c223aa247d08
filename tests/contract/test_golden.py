"""Golden records every game keeps: a retracted chance outcome does not count (test_fixtures.py pins their bytes)."""

from __future__ import annotations

import json

import pytest

from planets_log.engine.replay import Replay
from planets_log.record.events import Chance
from planets_log.engine.registry import get_rules
from planets_log.audit.validate import validate_file
from tests.support.golden import NAME, ROOT

GAMES = ["four-planets", "space-planets", "planetopia", "planetarium", "planetship-2491"]


@pytest.mark.parametrize("game", GAMES)
def test_a_retracted_chance_outcome_does_not_count(game):
    path = ROOT / game / "shared" / NAME
    assert path.exists(), f"run: python -m tests.support.fixtures --write {game}"
    report = validate_file(str(path))
    assert report.valid and report.finished, [str(e) for e in report.errors]
    lines = [json.loads(raw) for raw in path.read_text().splitlines()]
    [retract] = [x for x in lines if x["type"] == "retract"]
    between = lines[retract["target"] + 1: retract["seq"]]
    assert between and all(x["type"] not in ("note", "retract") for x in between)
    rules = get_rules(game)
    tags = {t.__struct_config__.tag for t in rules.events}
    chance_tags = {t.__struct_config__.tag for t in rules.events if issubclass(t, Chance)}
    assert {x["type"] for x in between} <= tags and any(x["type"] in chance_tags for x in between)


@pytest.mark.parametrize("game", GAMES)
def test_replaying_the_golden_record_twice_gives_one_state(game):
    rep = Replay(str(ROOT / game / "shared" / NAME))
    assert rep.final().state == rep.final().state
