"""The component data of a Space Planets edition: planet cards, die faces, crystals."""

from __future__ import annotations

import re

import msgspec

EFFECTS = ("none", "fuel", "reroll", "consume", "distant", "hole")
"""What a planet card does: plain, gain crystals, re-roll, surcharge others, costs more, black hole."""

CODE = re.compile(r"^[a-z][a-z0-9-]*$")


class CardKind(msgspec.Struct, frozen=True, forbid_unknown_fields=True):
    """One kind of planet card and how many copies the box holds."""

    code: str
    name: str
    stars: int
    effect: str
    count: int
    amount: int = 0
    reconstructed: list[str] = []


class Die(msgspec.Struct, frozen=True, forbid_unknown_fields=True):
    """The probe: the crystal count printed on each face."""

    faces: list[int]
    reconstructed: list[str] = []


class SpacePlanetsEdition(msgspec.Struct, frozen=True, forbid_unknown_fields=True):
    """A complete edition: the 40 planet cards, the die and the crystal supply."""

    name: str
    die: Die
    cards: list[CardKind]
    description: str = ""
    total_cards: int = 40
    grid_size: int = 3
    crystals: int = 40
    start_crystals: int = 4
    end_cards: int = 5
    crystals_per_star: int = 2
    reconstructed: list[str] = []

    def validate(self) -> None:
        """Raise ValueError when the data breaks a constraint the rulebook states."""
        codes = [kind.code for kind in self.cards]
        if len(set(codes)) != len(codes):
            raise ValueError(f"card codes must be unique: {codes}")
        for kind in self.cards:
            _check_kind(kind)
        total = sum(kind.count for kind in self.cards)
        if total != self.total_cards or self.total_cards != 40:
            raise ValueError(f"the box holds 40 planet cards (Game contents); this edition lists {total}")
        if self.grid_size != 3:
            raise ValueError("the grid is 3x3 cards (Preparation)")
        if self.crystals != 40 or self.start_crystals != 4:
            raise ValueError("the box holds 40 fuel crystals and each player starts with 4 (Game contents, Preparation)")
        if self.end_cards != 5 or self.crystals_per_star != 2:
            raise ValueError("the game ends at 5 planet cards and two crystals count as one star (End of the game)")
        if not self.die.faces or any(face < 1 for face in self.die.faces):
            raise ValueError(f"the die's faces must show at least one crystal each: {self.die.faces}")


def _check_kind(kind: CardKind) -> None:
    """Check one card kind's fields."""
    if not CODE.match(kind.code):
        raise ValueError(f"card code {kind.code!r} must be a lowercase word starting with a letter (a-z, 0-9, -)")
    if kind.effect not in EFFECTS:
        raise ValueError(f"card {kind.code}: effect {kind.effect!r} is not one of {EFFECTS}")
    if kind.count < 0 or kind.stars < 0 or kind.amount < 0:
        raise ValueError(f"card {kind.code}: count, stars and amount cannot be negative")
    if kind.effect == "hole" and kind.stars != 0:
        raise ValueError(f"card {kind.code}: a black hole shows no explorer stars (Planet cards and special effects)")
    if kind.effect in ("fuel", "consume", "distant") and kind.amount < 1:
        raise ValueError(f"card {kind.code}: a {kind.effect} card needs an amount of at least 1")
