"""Naming seats the one way people see them: the player's name, or a number counted from 1."""

from __future__ import annotations

from planets_log.record.errors import PlanetsLogError, UsageError
from planets_log.record.text import escape, fold, has_control, is_number


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


def check_names(players: list[str]) -> None:
    """The name rules, at `new` and on every read: not empty, no control character, not a number, distinct."""
    if any(not p.strip() for p in players):
        raise PlanetsLogError("player names must not be empty", code="header.players", rule="Setup")
    for name in players:
        if has_control(name):
            raise PlanetsLogError(f"player name '{escape(name)}' holds a control character", code="header.players",
                                  rule="Setup")
        if is_number(name.strip()):
            raise PlanetsLogError(f"a player's name may not be a number ({name!r}): seats are named by the player's "
                                  "name or by a number counted from 1", code="header.players", rule="Setup")
    if len({fold(p) for p in players}) != len(players):
        raise PlanetsLogError("two player names are the same once trimmed and case-folded; make them distinct",
                              code="header.players", rule="Setup")


def check_new_names(players: list[str]) -> None:
    """The name rules at `new`, before anything is asked or written: a broken one is bad usage."""
    try:
        check_names(players)
    except PlanetsLogError as exc:
        raise UsageError(exc.message, code=exc.code, rule=exc.rule) from None


def name_like(word: str) -> bool:
    """Whether `word`, before a colon, reads as a player's name (one word with a letter)."""
    return bool(word) and len(word.split()) == 1 and any(c.isalpha() for c in word)


def split_player(text: str, players: list[str]) -> tuple[int | None, str]:
    """`Ann: d1x2` as (Ann's seat, "d1x2"); a text naming no player as (None, text)."""
    who, sep, rest = text.partition(":")
    if sep and who.strip() and rest.strip():
        seat = parse_seat(who, players)
        if seat is not None:
            return seat, rest
    return None, text
