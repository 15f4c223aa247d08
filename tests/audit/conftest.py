"""Fixtures of the audit tests: the organiser's keys and one sealed tournament per game."""

from __future__ import annotations

import pytest

from .tournament import Tournament, build_tournament, make_keys

_BUILT: dict[str, Tournament] = {}


@pytest.fixture(scope="session")
def keys(tmp_path_factory):
    return make_keys(tmp_path_factory.mktemp("keys"))


@pytest.fixture(scope="session")
def tournament_of(tmp_path_factory, keys):
    """tournament_of(game): the planted tournament of that game, built once per session."""

    def get(game: str) -> Tournament:
        if game not in _BUILT:
            _BUILT[game] = build_tournament(game, tmp_path_factory.mktemp(f"t-{game}") / "records", keys)
        return _BUILT[game]

    return get
