"""A bug in a game's `apply` or `check` is an internal error, never the record's fault."""

from __future__ import annotations

import json
from contextlib import contextmanager

import pytest

from planets_log.cli.main import cli
from planets_log.engine import registry
from planets_log.engine.replay import Replay
from planets_log.record.errors import InternalError
from planets_log.engine.play import selfplay
from tests.support.helpers import write_lines


@contextmanager
def buggy_countdown():
    registry.register("countdown", "tests.engine.buggy_toy")
    try:
        yield
    finally:
        registry.register("countdown", "tests.support.toy")


def record_taking(n: int, tmp_path):
    """A toy record whose first take is `n` counters (made with the sound rules)."""
    for seed in range(200):
        build = selfplay("countdown", seed, ["Ann", "Ben"])
        takes = [i for i, raw in enumerate(build.lines) if json.loads(raw).get("type") == "take"]
        if json.loads(build.lines[takes[0]])["n"] == n:
            return write_lines(tmp_path / f"take{n}.jsonl", build.lines), takes[0]
    pytest.fail(f"no seed starts with taking {n}")


@pytest.mark.parametrize("n,hook", [(2, "apply"), (3, "check")])
def test_a_crash_in_a_hook_is_an_internal_error_placed_at_its_line(n, hook, tmp_path):
    path, index = record_taking(n, tmp_path)
    with buggy_countdown(), pytest.raises(InternalError) as info:
        Replay(str(path)).final()
    assert f"{hook}()" in str(info.value) and f":{index + 1}: seq {index}: " in str(info.value)
    assert info.value.__cause__ is not None


def test_validate_reports_a_bug_not_an_invalid_record_and_debug_shows_the_traceback(tmp_path, runner):
    path, _ = record_taking(2, tmp_path)
    with buggy_countdown():
        plain = runner.invoke(cli, ["validate", str(path)])
        debug = runner.invoke(cli, ["--debug", "validate", str(path)])
    assert plain.exit_code == 1
    assert "internal error" in plain.output and "not a problem of the record" in plain.output
    assert "Traceback" not in plain.output and "illegal" not in plain.output
    assert "Traceback" in debug.output and "KeyError" in debug.output


def test_lenient_validate_does_not_blame_the_record_either(tmp_path):
    from planets_log.audit.validate import validate_file

    path, _ = record_taking(3, tmp_path)
    with buggy_countdown(), pytest.raises(InternalError):
        validate_file(str(path), lenient=True)
