"""Naming seats the one way people see them: the player's name, or a number counted from 1."""

from __future__ import annotations

from planets_log.record.errors import UsageError
from planets_log.record.text import is_number


def parse_seat(word: str, players: list[str]) -> int | None:
    """The seat index `word` names (a number from 1, the exact name, or a name in any case), or None."""
    word = word.strip()
    if is_number(word):
        n = int(word)
        return n - 1 if 1 <= n <= len(players) else None
    if word in players:
        return players.index(word)
    folded = [i for i, p in enumerate(players) if p.casefold() == word.casefold()]
    return folded[0] if len(folded) == 1 else None


def seat_label(seat: int, players: list[str]) -> str:
    """How a seat is written back: its name when that reads back as one word, else its number from 1."""
    if 0 <= seat < len(players):
        name = players[seat]
        if name.split() == [name] and parse_seat(name, players) == seat:
            return name
    return str(seat + 1)


def seat_words(players: list[str]) -> str:
    """The ways to name a seat, for messages: `Ann, Ben (or 1–2)`."""
    span = "1" if len(players) == 1 else f"1–{len(players)}"
    return f"{', '.join(players)} (or a number {span})"


def check_new_names(players: list[str]) -> None:
    """Refuse, at `new`, a player name that could be read as a seat number."""
    for name in players:
        if is_number(name.strip()):
            raise UsageError(f"a player's name may not be a number ({name!r}): seats are named by the player's "
                             "name or by a number counted from 1", code="header.players")
