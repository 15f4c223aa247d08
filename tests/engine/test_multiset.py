"""Multiset and seat helpers live once in the core with one meaning."""

from __future__ import annotations

import pytest

from planets_log.engine import multiset as M


def test_removing_an_item_that_is_not_there_is_an_error():
    assert M.remove(("b", "a", "a"), ["a"]) == ("a", "b")
    with pytest.raises(M.Missing):
        M.remove(("a",), ["a", "a"])
    with pytest.raises(M.Missing):
        M.remove((), ["a"])
    assert M.missing(("a", "b"), ["a", "a"]) == "a" and M.missing(("a", "a"), ["a", "a"]) is None
    assert M.add(("c",), ["a"]) == ("a", "c")


def test_seat_order():
    assert M.next_seat(2, 3) == 0 and M.seats_from(1, 3) == (1, 2, 0)


def test_four_planets_never_removes_a_card_it_does_not_have():
    """A card taken from a pile that lacks it is an error, not a new card appearing elsewhere."""
    from planets_log.games.four_planets.state import minus

    with pytest.raises(M.Missing):
        minus(("R0s",), ["Y0s"])
