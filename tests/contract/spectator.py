"""What a spectator may be shown, checked against every seat's own answer (issue 35).

A spectator sees only what every seat sees alike: each leaf of its data equals that leaf in
every seat's data (same path, same type, same value), or is the hidden marker, or is a number
that every seat's data tells there (as that number, or as a list of that many items); its text the
same word by word; its picture draws no label that some seat's picture does not draw.
The data is compared as served (JSON), so no container type can stand between them.
"""

from __future__ import annotations

import re
from typing import Any

import msgspec

from planets_log.engine.redact import HIDDEN

CAPTION = re.compile(r"^(as a spectator sees it|as .+ sees it|everything \(scorekeeper\))$")
"""The picture's caption: the only text a spectator's picture may draw that no seat's does."""


def plain(data: Any) -> Any:
    """`data` as JSON gives it back: tuples and Structs become lists and dicts."""
    return msgspec.json.decode(msgspec.json.encode(data))


def data_problem(spectator: Any, seats: list[Any], path: str = "") -> str | None:
    """Where the spectator's data holds something not every seat's data holds alike, or None."""
    if isinstance(spectator, str) and spectator == HIDDEN:
        return None
    if isinstance(spectator, dict) and spectator:
        for name, value in spectator.items():
            if not all(isinstance(s, dict) and name in s for s in seats):
                return f"{path}/{name}: not in every seat's view"
            problem = data_problem(value, [s[name] for s in seats], f"{path}/{name}")
            if problem:
                return problem
        return None
    if isinstance(spectator, list) and spectator:
        if not all(isinstance(s, list) and len(s) == len(spectator) for s in seats):
            return f"{path}: {len(spectator)} items where some seat sees {_short(seats)}"
        for i, value in enumerate(spectator):
            problem = data_problem(value, [s[i] for s in seats], f"{path}/{i}")
            if problem:
                return problem
        return None
    if all(type(s) is type(spectator) and s == spectator for s in seats):
        return None
    if type(spectator) is int and all(len(s) == spectator if isinstance(s, list) else s == spectator for s in seats):
        return None  # a count where some seat sees the list itself: its size, which every seat's view tells
    return f"{path or '/'}: the spectator sees {spectator!r}, the seats {_short(seats)}"


def text_problem(spectator: str, seats: list[str]) -> str | None:
    """Where the spectator's text holds a word not every seat's text holds at that line and place, or None."""
    if spectator == HIDDEN:
        return None
    for n, line in enumerate(spectator.split("\n")):
        if line == HIDDEN:
            continue
        theirs = [s.split("\n")[n].split(" ") if len(s.split("\n")) > n else [] for s in seats]
        for k, word in enumerate(line.split(" ")):
            if word != HIDDEN and not all(len(t) > k and t[k] == word for t in theirs):
                return f"line {n + 1}, word {k + 1}: the spectator reads {word!r}, the seats {_short(theirs)}"
    return None


def labels(svg: str) -> set[str]:
    """The words an SVG draws (its <text> elements, the caption left out)."""
    texts = re.findall(r"<text[^>]*>([^<]*)</text>", svg)
    return {word for text in texts if not CAPTION.match(text.strip()) for word in text.split()}


def picture_problem(spectator: str, seats: list[str]) -> str | None:
    """A label the spectator's picture draws that some seat's picture does not draw anywhere, or None.

    A bare number is a count or a total (every card label of the five games has a letter): the
    spectator's data holds a count where the hand's owner sees the cards, which its picture draws."""
    theirs = [labels(s) for s in seats]
    for word in labels(spectator):
        if word != HIDDEN and not word.isdigit() and any(word not in t for t in theirs):
            return f"the spectator's picture draws {word!r}, which seat {[word in t for t in theirs].index(False) + 1}'s does not"
    return None


def _short(value: Any) -> str:
    text = repr(value)
    return text if len(text) < 240 else text[:240] + "..."
