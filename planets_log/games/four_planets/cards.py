"""Specialist card codes: colour letter, cost digit, optional VP, one 's' per symbol."""

from __future__ import annotations

import re
from functools import cache, lru_cache

COLOURS = "RYGPB"
"""Colour letters in rulebook order: red, yellow, green, purple, blue."""

COLOUR_NAMES = {
    "R": "red (Spaceflight)",
    "Y": "yellow (Economy)",
    "G": "green (Botany)",
    "P": "purple (Science)",
    "B": "blue (Exploration)",
}
COLOUR_WORDS = {
    "r": "R", "red": "R", "spaceflight": "R",
    "y": "Y", "yellow": "Y", "economy": "Y",
    "g": "G", "green": "G", "botany": "G",
    "p": "P", "purple": "P", "science": "P",
    "b": "B", "blue": "B", "exploration": "B",
}
CODE_RE = re.compile(r"^([RYGPB])([0-2])(?:V([0-9]+))?(S+)$")


def code_of(colour: str, cost: int, vp: int, symbols: int) -> str:
    """The code printed-on-the-card identity, e.g. G2v1ss."""
    return f"{colour}{cost}{f'v{vp}' if vp else ''}{'s' * symbols}"


@lru_cache(maxsize=4096)
def normalise(text: str) -> str | None:
    """The canonical code for typed text (any case), or None if it is not a card code."""
    m = CODE_RE.match(text.strip().upper())
    if m is None:
        return None
    vp = int(m.group(3) or 0)
    if m.group(3) is not None and (vp == 0 or m.group(3).startswith("0")):
        return None
    return code_of(m.group(1), int(m.group(2)), vp, len(m.group(4)))


@cache
def _fields(code: str) -> tuple[str, int, int, int]:
    m = CODE_RE.match(code.upper())
    if m is None:
        raise ValueError(f"not a card code: {code!r}")
    return m.group(1), int(m.group(2)), int(m.group(3) or 0), len(m.group(4))


def colour(code: str) -> str:
    """The card's colour letter."""
    return code[0]


def cost(code: str) -> int:
    """The printed cost in coins (0, 1 or 2)."""
    return _fields(code)[1]


def vp(code: str) -> int:
    """The printed victory points."""
    return _fields(code)[2]


def symbols(code: str) -> int:
    """How many ability symbols the card shows."""
    return _fields(code)[3]


def bp(code: str) -> int:
    """Buying power: always one more than the cost (Costs and Buying Power)."""
    return _fields(code)[1] + 1


def colour_index(letter: str) -> int:
    """0..4 in rulebook colour order."""
    return COLOURS.index(letter)


def parse_colour(text: str) -> str | None:
    """A colour letter from a letter or name typed in any case, or None."""
    return COLOUR_WORDS.get(text.strip().lower())
