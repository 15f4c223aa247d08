"""The hot path's card lookup (issue 17): found by the Book asked for last, never another Book's card."""

from __future__ import annotations

from planets_log.games.space_planets.state import Book, Kind


def test_kind_follows_the_book_asked_for():
    """Planet cards and special effects: each edition's Book answers with its own card, or None."""
    one = Book(kinds=(Kind("A", 1, "none"), Kind("H", 0, "hole")), faces=(1, 2), end_cards=2, crystals_per_star=1)
    two = Book(kinds=(Kind("A", 3, "consume", 1),), faces=(1, 2), end_cards=2, crystals_per_star=1)
    for _ in range(3):
        assert one.kind("A") == Kind("A", 1, "none") and one.kind("H").effect == "hole"
        assert two.kind("A") == Kind("A", 3, "consume", 1) and two.kind("H") is None
        assert one.kind("Z") is None


def test_the_first_kind_of_a_code_wins():
    """The lookup answers as the edition's list reads, first entry first."""
    book = Book(kinds=(Kind("A", 1, "none"), Kind("A", 2, "none")), faces=(1,), end_cards=1, crystals_per_star=1)
    assert book.kind("A").stars == 1
