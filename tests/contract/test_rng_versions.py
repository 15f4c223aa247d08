"""Every game with both random-stream versions (format.md: seeded streams).

New seeded records are written with the default version (2) and name it in the header;
records of version 1 keep validating with version 1. For each version, seeded playouts
validate and replay identically, the same seed gives the same record, and a changed
chance outcome is caught.
"""

from __future__ import annotations

import json

import pytest

from planets_log.engine.replay import Replay, digest
from planets_log.engine.play import selfplay
from planets_log.engine.registry import game_ids
from planets_log.engine.rng import DEFAULT, VERSIONS
from planets_log.audit.validate import validate_file
from tests.contract.test_conformance import chance_lines_with_alternatives, default_players, flipped
from tests.support.helpers import write_lines

CASES = [pytest.param(g, v, id=f"{g}-rng{v}") for g in game_ids() for v in VERSIONS]


def play(game: str, seed: int, version: int | None):
    return selfplay(game, seed, [f"P{i + 1}" for i in range(default_players(game))], rng_version=version)


def test_new_records_name_the_default_version_and_it_is_the_newest():
    assert DEFAULT == max(VERSIONS) == 2
    header = json.loads(play("four-planets", 1, None).lines[0])
    assert header["rng"] == 2
    assert "rng" not in json.loads(play("four-planets", 1, 1).lines[0])  # version 1: the field is left out


@pytest.mark.parametrize("game,version", CASES)
def test_playouts_of_each_version_validate_and_replay_identically(game, version, tmp_path):
    for seed in range(3):
        build = play(game, seed, version)
        assert json.loads(build.lines[0]).get("rng", 1) == version
        path = write_lines(tmp_path / f"{seed}.jsonl", build.lines)
        report = validate_file(str(path))
        assert report.valid and report.finished, [str(e) for e in report.errors]
        assert digest(Replay(str(path)).final().state) == digest(build.pos.state)


@pytest.mark.parametrize("game,version", CASES)
def test_the_same_seed_gives_the_same_record_in_each_version(game, version):
    first = play(game, 11, version).lines
    assert first == play(game, 11, version).lines and first != play(game, 12, version).lines


@pytest.mark.parametrize("game,version", CASES)
def test_a_changed_chance_outcome_is_caught_in_each_version(game, version, tmp_path):
    build = play(game, 3, version)
    chances = chance_lines_with_alternatives(build)
    assert chances, "no chance outcome with an alternative in the record"
    for index, other in (chances[0], chances[-1]):
        report = validate_file(str(flipped(build, index, other, tmp_path)))
        assert [(e.line, e.code) for e in report.errors] == [(index + 1, "chance.tampered")]
