"""Shared fixtures: the toy game registered for the engine's tests, a CLI runner; a run fails on a test
that leaves a thread, a child process or a listening socket behind (tests/support/leftovers.py)."""

from __future__ import annotations

import pytest
from click.testing import CliRunner

from planets_log.engine import registry

registry.register("countdown", "tests.support.toy")

pytest_plugins = ["tests.support.leftovers"]


@pytest.fixture
def runner() -> CliRunner:
    return CliRunner()
