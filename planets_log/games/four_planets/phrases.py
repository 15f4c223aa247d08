"""Four Planets' components in plain words, as the rulebook and the edition name them (Components; The Boost Tiles).

Shared by `words.py`, `pro_words.py` and `spots.py`: a specialist is "a green toucan (cost 2, 1 VP, 2 symbols)",
never its code alone; a secret is one word (its words joined by U+00A0) so that the seats' sentences line up.
"""

from __future__ import annotations

from planets_log.game import UNKNOWN, is_number

from . import cards as C

NBSP = "\u00a0"
COLOURS = {"R": "red", "Y": "yellow", "G": "green", "P": "purple", "B": "blue"}
ANIMALS = {"R": "mole", "Y": "giraffe", "G": "toucan", "P": "tapir", "B": "seal"}
"""The specialists as Components names them: red moles, yellow giraffes, green toucans, purple tapirs, blue seals."""
TILES = {"vp4": "Four points", "columns5": "Tall columns", "sets5": "Full sets", "thirteen": "Thirteen and up",
         "bp3": "Big spenders", "search": "Search the discards", "look5": "Look at five", "discount": "Discount",
         "bonus1": "Private bonus", "copy": "Copy"}
"""The boost tiles by the names the edition gives them (editions/*.toml)."""
TILE_TEXT = {"vp4": "4 VP", "columns5": "3 VP per own column of 5 or more specialists",
             "sets5": "3 VP per own set of 5 colours", "thirteen": "1 VP for the 13th and each further specialist",
             "bp3": "2 VP per own specialist with buying power 3", "search": "take a card from the discard pile",
             "look5": "look at 5 cards of the deck, keep 1", "discount": "a column's specialists cost 1 coin less",
             "bonus1": "+1 VP per own specialist of a colour bonus card's colour", "copy": "copies another own tile"}
"""What each boost tile does (The Boost Tiles), for a long press on a phone."""


def secret(text: str) -> str:
    """A secret (or its stand-in) as one word, so that every seat's sentence has as many words."""
    return text.replace(" ", NBSP)


def plural(n: int, noun: str) -> str:
    """'1 card', '2 cards'."""
    return f"{n} {noun}" if n == 1 else f"{n} {noun}s"


def listed(items: list[str]) -> str:
    """'a', 'a and b', 'a, b and c' ('nothing' for none)."""
    if not items:
        return "nothing"
    return items[0] if len(items) == 1 else ", ".join(items[:-1]) + " and " + items[-1]


def colour_words(letter: str) -> str:
    """A colour by name: 'green'."""
    return COLOURS.get(letter, letter)


def card_words(code: str) -> str:
    """A specialist as printed: 'a green toucan (cost 2, 1 VP, 2 symbols)'; 'a card not named' for a `?`."""
    if code == UNKNOWN or C.normalise(code) is None:
        return "a card not named" if code == UNKNOWN else f"the card {code}"
    vp = f", {C.vp(code)} VP" if C.vp(code) else ""
    return f"a {COLOURS[code[0]]} {ANIMALS[code[0]]} (cost {C.cost(code)}{vp}, {plural(C.symbols(code), 'symbol')})"


def back_words(code: str) -> str:
    """A face-down card as anyone sees it: its back shows its buying power (Costs and Buying Power)."""
    if code.startswith("bp") and is_number(code[2:]):
        return f"a face-down card (buying power {code[2:]})"
    return "a face-down card"


def seen_words(code: str) -> str:
    """A card in a view: named where the view shows it, its back where it is face down ('bp2'), else unknown."""
    if C.normalise(code) is not None:
        return card_words(code)
    return back_words(code)


def tile_words(tile: str) -> str:
    """A boost tile by its name: 'the Look at five tile'."""
    return f"the {TILES.get(tile, tile)} tile"


def ship_words(parts: int) -> str:
    """A spaceship as Dispatch Spaceships says it: 'a simple spaceship', 'a built-up spaceship of 3 parts'."""
    return "a simple spaceship" if parts == 1 else f"a built-up spaceship of {parts} parts"
