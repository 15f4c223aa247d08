"""Planetopia component data: the Prestige and Cosmos cards, the Alien colours, the supplies."""

from __future__ import annotations

import msgspec

COLOURS = "BGPRY"
"""The letters of the five Alien colours, in canonical (alphabetical) order."""
JOKER = "J"
"""The board letter of a Joker Special token placed on a planet."""
CARD_EFFECTS = ("aliens", "ray", "switch", "hswap", "vswap", "atom")
STARTING_EFFECTS = ("hswap", "atom", "vswap")
TOKENS = ("double", "extra", "joker")
PATTERN_CELLS = COLOURS + "o."


class AlienColour(msgspec.Struct, frozen=True, forbid_unknown_fields=True):
    """One of the five Alien breeds: its letter, its name and how many tokens exist."""

    letter: str
    name: str
    tokens: int
    reconstructed: bool = False


class PrestigeCard(msgspec.Struct, frozen=True, forbid_unknown_fields=True):
    """A Prestige card: its 3x3 pattern (top row first), points and Special token."""

    pattern: str
    points: int
    token: str = ""
    reconstructed: bool = True


class CosmosCard(msgspec.Struct, frozen=True, forbid_unknown_fields=True):
    """An entry of Cosmos cards: `count` identical cards with one effect and dot icon."""

    effect: str
    aliens: str = ""
    count: int = 1
    dots: int = 0
    starting: bool = False
    reconstructed: bool = True

    @property
    def code(self) -> str:
        """The card's notation: its Alien letters in order, or its effect's name."""
        return "".join(sorted(self.aliens)) if self.effect == "aliens" else self.effect


class PlanetopiaEdition(msgspec.Struct, frozen=True, forbid_unknown_fields=True):
    """A complete Planetopia edition."""

    name: str
    note: str
    reconstructed_fields: list[str]
    starting_atoms: int
    trail_size: int
    board_tokens: int
    token_slots: int
    raygun_cost: int
    goal: int
    atom_tokens: int
    special_tokens: dict[str, int]
    colours: list[AlienColour]
    prestige: list[PrestigeCard]
    cosmos: list[CosmosCard]

    def validate(self) -> None:
        """Raise ValueError when a constraint stated by the rulebook is broken."""
        _check_colours(self)
        _check_prestige(self)
        _check_cosmos(self)

    # --- derived data --------------------------------------------------------
    def prestige_card(self, pattern: str) -> PrestigeCard | None:
        """The Prestige card with this pattern, if the edition has it."""
        for card in self.prestige:
            if card.pattern == pattern:
                return card
        return None

    def alien_supply(self) -> dict[str, int]:
        """How many tokens of each Alien colour exist."""
        return {c.letter: c.tokens for c in self.colours}

    def prestige_deck(self, players: int) -> tuple[str, ...]:
        """The Prestige pile for a player count (9-point cards out with 2-3 players)."""
        return tuple(sorted(c.pattern for c in self.prestige if players >= 4 or c.points != 9))

    def cosmos_deck(self, players: int) -> tuple[str, ...]:
        """The Cosmos pile for a player count as a sorted multiset of card codes."""
        removed = {2: (2, 3), 3: (2,)}.get(players, ())
        out = []
        for card in self.cosmos:
            if not card.starting and card.dots not in removed:
                out.extend([card.code] * card.count)
        return tuple(sorted(out))

    def starting_hand(self) -> tuple[str, ...]:
        """The three starting cards every player receives."""
        return tuple(sorted(STARTING_EFFECTS))


def _check_colours(ed: PlanetopiaEdition) -> None:
    letters = "".join(sorted(c.letter for c in ed.colours))
    if letters != COLOURS:
        raise ValueError(f"the five Alien colours must be the letters {COLOURS}, not {letters}")
    if sum(c.tokens for c in ed.colours) != 80 or any(c.tokens != 16 for c in ed.colours):
        raise ValueError("there are 80 Alien tokens, 16 of each of the 5 Aliens (Components)")
    if sorted(ed.special_tokens) != list(TOKENS) or sum(ed.special_tokens.values()) != 24:
        raise ValueError(f"there are 24 Special tokens of the kinds {', '.join(TOKENS)} (Components)")
    if ed.atom_tokens != 40 or ed.starting_atoms != 2 or ed.trail_size != 5:
        raise ValueError("40 Atom tokens, 2 per player at the start, a trail of 5 Cosmos cards (Components, Setup)")
    if ed.board_tokens != 9 or ed.token_slots != 3 or ed.raygun_cost != 2 or ed.goal != 25:
        raise ValueError("boards hold 9 Aliens and 3 Special tokens, the Raygun costs 2 Atoms, the goal is 25 points")


def _check_prestige(ed: PlanetopiaEdition) -> None:
    if len(ed.prestige) != 28:
        raise ValueError(f"there are 28 Prestige cards (Components), not {len(ed.prestige)}")
    if len({c.pattern for c in ed.prestige}) != 28:
        raise ValueError("two Prestige cards have the same pattern")
    for card in ed.prestige:
        rows = card.pattern.split("/")
        if len(rows) != 3 or any(len(r) != 3 or any(ch not in PATTERN_CELLS for ch in r) for r in rows):
            raise ValueError(f"Prestige pattern {card.pattern!r} is not three rows of three cells "
                             f"from {PATTERN_CELLS!r}")
        if not any(ch in COLOURS for ch in card.pattern):
            raise ValueError(f"Prestige pattern {card.pattern!r} shows no Alien")
        if card.token not in ("",) + TOKENS:
            raise ValueError(f"Prestige card {card.pattern!r}: unknown Special token {card.token!r}")
        if card.points <= 0:
            raise ValueError(f"Prestige card {card.pattern!r} must be worth points")
    nines = sum(1 for c in ed.prestige if c.points == 9)
    if nines != 4:
        raise ValueError(f"4 Prestige cards are worth 9 points (2-3 Player Game), not {nines}")


def _check_cosmos(ed: PlanetopiaEdition) -> None:
    total = sum(c.count for c in ed.cosmos)
    if total != 60:
        raise ValueError(f"there are 60 Cosmos cards (Components), not {total}")
    start = {e: sum(c.count for c in ed.cosmos if c.starting and c.effect == e) for e in STARTING_EFFECTS}
    if any(n != 5 for n in start.values()) or sum(c.count for c in ed.cosmos if c.starting) != 15:
        raise ValueError("the 15 starting cards are 5 of each: hswap, atom, vswap (Setup)")
    for card in ed.cosmos:
        if card.effect not in CARD_EFFECTS:
            raise ValueError(f"unknown Cosmos card effect {card.effect!r}")
        if (card.effect == "aliens") != bool(card.aliens) or any(ch not in COLOURS for ch in card.aliens):
            raise ValueError(f"Cosmos card {card.code!r}: only Alien cards show Alien icons, from {COLOURS}")
        if card.starting and (card.dots or card.effect not in STARTING_EFFECTS):
            raise ValueError(f"starting card {card.code!r} cannot carry a dot icon or another effect")
        if not card.starting and card.effect in STARTING_EFFECTS:
            raise ValueError(f"{card.code!r} is a starting card effect")
        if card.dots not in (0, 2, 3) or card.count <= 0:
            raise ValueError(f"Cosmos card {card.code!r}: dots must be 0, 2 or 3 and count positive")
    two = sum(c.count for c in ed.cosmos if c.dots == 2)
    three = sum(c.count for c in ed.cosmos if c.dots == 3)
    if two != 4 or two + three != 13:
        raise ValueError(f"4 Cosmos cards carry the 2-dot icon and 13 the 2- or 3-dot icon (2-3 Player Game), "
                         f"not {two} and {two + three}")
    for effect in ("ray", "switch"):
        if not any(c.effect == effect for c in ed.cosmos):
            raise ValueError(f"the edition needs a {effect} card (Cosmos Cards)")
