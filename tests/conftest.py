"""Shared fixtures: the toy game registered for core tests, a CLI runner."""

from __future__ import annotations

import pytest
from click.testing import CliRunner

from planets_log.engine import registry

registry.register("countdown", "tests.support.toy")


@pytest.fixture
def runner() -> CliRunner:
    return CliRunner()
