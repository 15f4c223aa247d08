"""The hot path's board lookup (issue 17): found by the edition asked for last, never another edition's board."""

from __future__ import annotations

import msgspec

from planets_log.engine.edition import load_edition
from planets_log.games.planetarium.board import _build, board_of

from .helpers import RULES


def test_board_follows_the_edition_asked_for():
    """Each edition object gets the board built from it, and the same object each time it asks."""
    ed = load_edition(RULES).data
    other = msgspec.structs.replace(ed, name=ed.name + " (copy)")
    mine, theirs = board_of(ed), board_of(other)
    for _ in range(3):
        assert board_of(ed) is mine and board_of(other) is theirs
    assert mine is not theirs and mine == _build(ed) and theirs == _build(other)
