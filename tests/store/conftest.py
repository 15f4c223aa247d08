"""A NATS server for the store's tests, and both stores side by side."""

from __future__ import annotations

from pathlib import Path
from typing import Iterator

import pytest

from planets_log.store import EventStore, open_store
from tests.support.natsd import Nats, running_nats


@pytest.fixture
def natsd(tmp_path: Path) -> Iterator[Nats]:
    yield from running_nats(tmp_path / "nats")


@pytest.fixture
def cluster(tmp_path: Path) -> Iterator[Nats]:
    """Three NATS nodes in one cluster."""
    yield from running_nats(tmp_path / "nats", size=3)


@pytest.fixture(params=["files", "nats"])
def store(request: pytest.FixtureRequest, tmp_path: Path) -> Iterator[EventStore]:
    """An empty tournament in each store."""
    if request.param == "files":
        address = str(tmp_path / "club")
    else:
        address = request.getfixturevalue("natsd").address("club")
    with open_store(address) as opened:
        yield opened
