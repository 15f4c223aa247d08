"""Seeded self-play for 1, 2, 3 and 4 players validates and replays to the same state (the contract's checks,
for every player count)."""

from __future__ import annotations

import pytest

from planets_log.core.engine import Replay, digest
from planets_log.core.play import selfplay
from planets_log.core.validate import validate_file
from tests.helpers import write_lines


@pytest.mark.parametrize("players", [1, 2, 3, 4])
def test_selfplay_validates_and_replays(players, tmp_path):
    """Every player count: a finished record that validates and replays to the same digest."""
    for seed in range(2):
        build = selfplay("planetarium", seed, [f"P{i + 1}" for i in range(players)])
        path = write_lines(tmp_path / f"{players}-{seed}.jsonl", build.lines)
        report = validate_file(str(path))
        assert report.valid and report.finished, [str(e) for e in report.errors]
        assert digest(Replay(str(path)).final().state) == digest(build.pos.state)
        assert build.pos.state.round_limit == 100
