"""Planetarium component data: the board's geometry, the Evolution track, the planets and the 52 cards."""

from __future__ import annotations

from collections import Counter

import msgspec

from planets_log.game import is_number

MATTER = "GRWM"
"""The four kinds of Matter: Gas, Rock, Water, Metal."""
PLANETS = "ABCD"
DECKS = ("low", "high", "final")
SIDES = ("habitable", "hostile")
SYSTEMS = ("gaseous", "terrestrial")


class BoardData(msgspec.Struct, frozen=True, forbid_unknown_fields=True):
    """Orbits 1-6 (spaces each), orbit 7's arms, the thin lines (travelled first to second) and the white dots."""

    orbits: tuple[int, ...]
    arms: int
    arm: int
    lines: tuple[tuple[str, str], ...]
    dots: tuple[str, ...]


class TrackData(msgspec.Struct, frozen=True, forbid_unknown_fields=True):
    """The Evolution track: its number of spaces (the last is the final space) and its acceleration space."""

    spaces: int
    acceleration: int


class MatterCounts(msgspec.Struct, frozen=True, forbid_unknown_fields=True):
    """How many Matter tokens of each kind there are, read like a mapping from the kind's letter."""

    G: int
    R: int
    W: int
    M: int

    def __getitem__(self, kind: str) -> int:
        if kind not in self.__struct_fields__:
            raise KeyError(kind)
        count: int = getattr(self, kind)
        return count

    def items(self) -> list[tuple[str, int]]:
        """(kind, count) in edition order."""
        return [(kind, self[kind]) for kind in self.__struct_fields__]


class PlanetData(msgspec.Struct, frozen=True, forbid_unknown_fields=True):
    """A planet: its letter, start space, system (gaseous or terrestrial) and its corner token's starting side."""

    letter: str
    start: str
    system: str
    token: str = "hostile"


class CardData(msgspec.Struct, frozen=True, forbid_unknown_fields=True):
    """An Evolution card: deck, points, Habitable/Hostile side, requirements and icons."""

    id: str
    deck: str
    name: str
    points: int
    side: str
    matter: str = ""
    system: str = ""
    orbits: tuple[int, int] = (1, 7)
    climate: str = ""
    marker: bool = False
    gravity: bool = False
    downgrade: bool = False
    reconstructed: bool = True


class PlanetariumEdition(msgspec.Struct, frozen=True, forbid_unknown_fields=True):
    """A complete Planetarium edition."""

    name: str
    note: str
    reconstructed_fields: tuple[str, ...]
    matter: MatterCounts
    markers: int
    hand: int
    max_finals: int
    max_final_plays: int
    board: BoardData
    track: TrackData
    planets: tuple[PlanetData, ...]
    cards: tuple[CardData, ...]

    def validate(self) -> None:
        """Raise ValueError when a constraint the rulebook states is broken."""
        _check_counts(self)
        _check_board(self)
        _check_cards(self)

    def deck(self, kind: str) -> tuple[str, ...]:
        """The card ids of one deck, sorted."""
        return tuple(sorted((c.id for c in self.cards if c.deck == kind), key=card_order))


def card_order(card: str) -> tuple[str, int]:
    """Sort key of a card id: deck letter, then number (L2 before L10)."""
    return (card[:1], int(card[1:]) if is_number(card[1:]) else 0)


def spaces_of(board: BoardData) -> list[str]:
    """Every space of the board, orbit by orbit, clockwise."""
    out = [f"{k}.{i}" for k, n in enumerate(board.orbits, 1) for i in range(1, n + 1)]
    return out + [f"7.{i}" for i in range(1, board.arms * board.arm + 1)]


def _check_counts(ed: PlanetariumEdition) -> None:
    if ed.matter != MatterCounts(G=22, R=22, W=16, M=8):
        raise ValueError("there are 68 Matter tokens: 22 gas (G), 22 rock (R), 16 water (W), 8 metal (M) (Components)")
    if ed.markers != 8 or ed.hand != 5 or ed.max_finals != 4 or ed.max_final_plays != 4:
        raise ValueError("8 markers per player, a hand of 5 with at most 4 Final cards, at most 4 Finals played "
                         "on the final turn (Components, Hand Size, Playing Final Cards)")
    if sorted(p.letter for p in ed.planets) != list(PLANETS):
        raise ValueError("the four planets are A, B, C and D (Set-Up)")
    if any(p.token != "hostile" for p in ed.planets):
        raise ValueError("the four corner Habitable/Hostile tokens start Hostile side up (Set-Up)")
    if any(p.system not in SYSTEMS for p in ed.planets):
        raise ValueError(f"a planet's system is one of {', '.join(SYSTEMS)} (Card Requirements)")
    if not 1 <= ed.track.acceleration < ed.track.spaces:
        raise ValueError("the acceleration space lies on the track, before its final space (Acceleration)")


def _check_board(ed: PlanetariumEdition) -> None:
    b = ed.board
    if len(b.orbits) != 6 or b.arms != 4 or b.arm < 1 or any(n < 2 for n in b.orbits):
        raise ValueError("the board has orbits 1-6 and a seventh orbit of four arms (Card Requirements: Orbit)")
    if any(n > 200 for n in b.orbits) or b.arm > 50 or len(b.lines) > 2000 or ed.track.spaces > 500:
        raise ValueError("the board and track are board-sized: at most 200 spaces an orbit, 50 an arm, "
                         "2000 lines, 500 track spaces")
    spaces = set(spaces_of(b))
    for a, z in b.lines:
        if a not in spaces or z not in spaces:
            raise ValueError(f"line {a}-{z} names a space the board does not have")
        if abs(int(a.split(".")[0]) - int(z.split(".")[0])) != 1:
            raise ValueError(f"line {a}-{z} must connect adjacent orbits")
    starts = [p.start for p in ed.planets]
    if len(set(starts)) != 4 or not set(starts) <= spaces:
        raise ValueError("the four planets start on four distinct spaces of the board")
    if len(b.dots) != 68 or len(set(b.dots)) != 68 or not set(b.dots) <= spaces or set(b.dots) & set(starts):
        raise ValueError("the board has 68 distinct white dots, none on a planet's start space (Set-Up)")


def _check_cards(ed: PlanetariumEdition) -> None:
    count = Counter(c.deck for c in ed.cards)
    if count != {"low": 18, "high": 18, "final": 16}:
        raise ValueError("there are 52 Evolution cards: 18 Low, 18 High and 16 Final (Components)")
    ids = [c.id for c in ed.cards]
    if len(set(ids)) != len(ids):
        raise ValueError("two cards share an id")
    for c in ed.cards:
        prefix = {"low": "L", "high": "H", "final": "F"}.get(c.deck, "?")
        if c.id[:1] != prefix or not is_number(c.id[1:]):
            raise ValueError(f"card {c.id!r}: a {c.deck} card's id is {prefix} and a number")
        if c.side not in SIDES or c.points < 0:
            raise ValueError(f"card {c.id}: side is habitable or hostile and points are not negative")
        if any(m not in MATTER for m in c.matter) or (c.system and c.system not in SYSTEMS):
            raise ValueError(f"card {c.id}: matter letters are from {MATTER}; system is gaseous or terrestrial")
        if c.climate not in ("",) + SIDES or not 1 <= c.orbits[0] <= c.orbits[1] <= 7:
            raise ValueError(f"card {c.id}: climate is habitable or hostile; orbits lie within 1-7")
        if c.downgrade and c.deck != "high":
            raise ValueError(f"card {c.id}: only High cards carry the Downgrade icon (Discard Piles)")
    magnetic = [c for c in ed.cards if c.name == "Magnetic Field"]
    if len(magnetic) != 1 or sorted(magnetic[0].matter) != sorted(MATTER) or magnetic[0].points != 11 \
            or magnetic[0].side != "habitable":
        raise ValueError("Magnetic Field costs one Matter of each kind and scores 11 Habitable points (Example)")
