"""Piles of cards as multisets (sorted tuples) and seat order: one meaning in every game.

Removing an item that is not in the pile is an error (`Missing`), never silently ignored:
a game's `check` refuses such a move first, so reaching it in `apply` is a bug.
"""

from __future__ import annotations

from collections import Counter
from typing import Any, Hashable, Iterable, Protocol, TypeVar


class Item(Protocol):
    """What a pile holds: items that hash (to be counted) and order (to be sorted), such as card codes."""

    def __hash__(self) -> int:
        """Its hash, for counting."""

    def __lt__(self, other: Any, /) -> bool:
        """Whether it sorts before `other`."""


T = TypeVar("T", bound=Item)
H = TypeVar("H", bound=Hashable)


class Missing(ValueError):
    """An item to remove is not in the pile."""


def remove(pile: Iterable[T], items: Iterable[T]) -> tuple[T, ...]:
    """`pile` without `items` (each removed once), sorted; `Missing` if one is not there."""
    rest = list(pile)  # piles are short: list.remove beats building a Counter several times over
    for item in items:
        try:
            rest.remove(item)
        except ValueError:
            raise Missing(f"{item!r} is not in the pile") from None
    return tuple(sorted(rest))


def add(pile: Iterable[T], items: Iterable[T]) -> tuple[T, ...]:
    """`pile` with `items` added, sorted."""
    return tuple(sorted([*pile, *items]))


def missing(pile: Iterable[H], items: Iterable[H]) -> H | None:
    """The first of `items` the pile cannot supply (counting repeats), or None."""
    rest = Counter(pile)
    for item in items:
        if rest[item] <= 0:
            return item
        rest[item] -= 1
    return None


def next_seat(seat: int, players: int, step: int = 1) -> int:
    """The seat `step` places clockwise from `seat`."""
    return (seat + step) % players


def seats_from(first: int, players: int) -> tuple[int, ...]:
    """Every seat in turn order, starting with `first`."""
    return tuple((first + i) % players for i in range(players))
