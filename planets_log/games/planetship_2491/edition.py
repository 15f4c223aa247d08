"""The component data of a 2491 Planetship edition: characters, missions and the ten zones."""

from __future__ import annotations

import re

import msgspec

from planets_log.game import is_number

ABILITIES = ("hack", "scan", "tractor", "shield", "radio", "teleport")
COLOURS = ("R", "B", "Y", "G", "P")
"""Player colours in seat order: red, blue, yellow, green, pink (2 players: red and blue)."""
ZONE_RULES = ("senate", "leisure", "hangar", "military", "prison", "command", "hibernation", "radioactive",
              "observatory", "harvests")
"""Zone Special Rules, by zone number."""
SIDE = 3
"""A zone card is SIDE x SIDE cells; the centre shows the zone number."""


class Character(msgspec.Struct, frozen=True, forbid_unknown_fields=True):
    """One character card: strength, race, VP and ability icons (repeats allowed)."""

    id: str
    strength: int
    race: str
    vp: int
    abilities: tuple[str, ...] = ()


class Mission(msgspec.Struct, frozen=True, forbid_unknown_fields=True):
    """A mission: most cards of a race, most icons of an ability, or the highest strength."""

    id: str
    kind: str
    icon: str = ""
    vp: int = 0


class Zone(msgspec.Struct, frozen=True, forbid_unknown_fields=True):
    """A zone card: its cells (digits: spaces by numeral, R: reward space, '.': nothing)
    and which spaces carry a space dock, the face-down icon or the probe icon."""

    number: int
    name: str
    rows: tuple[str, ...]
    docks: tuple[int, ...]
    face_down: tuple[int, ...] = ()
    probes: tuple[int, ...] = ()
    reward_face_down: bool = False
    rewards: int = 1

    @property
    def size(self) -> int:
        """How many spaces the zone has."""
        return sum(is_number(ch) for row in self.rows for ch in row)


class PlanetshipEdition(msgspec.Struct, frozen=True, forbid_unknown_fields=True):
    """A complete edition: the deck, the starting set (the same in every colour), missions, zones."""

    name: str
    characters: tuple[Character, ...]
    starting: tuple[Character, ...]
    missions: tuple[Mission, ...]
    zones: tuple[Zone, ...]
    races: tuple[str, ...]
    description: str = ""
    shields: int = 10
    reconstructed: tuple[str, ...] = ()

    def validate(self) -> None:
        """Raise ValueError when the data breaks a number or rule the rulebook states."""
        _check_cards(self)
        _check_missions(self)
        for zone in self.zones:
            _check_zone(zone)
        if sorted(z.number for z in self.zones) != list(range(10)):
            raise ValueError("the box holds 10 zones numbered 0 to 9 (Components)")
        if self.shields != 10:
            raise ValueError(f"the box holds 10 shields (Components), not {self.shields}")


def _check_cards(ed: PlanetshipEdition) -> None:
    if len(ed.characters) != 38:
        raise ValueError(f"the deck holds 38 characters (Components), not {len(ed.characters)}")
    if len(ed.starting) != 6:
        raise ValueError(f"each colour has 6 starting characters (Components), not {len(ed.starting)}")
    ids = [c.id for c in ed.characters]
    if len(set(ids)) != len(ids) or any(not (is_number(i) and 1 <= int(i) <= 99 and i[0] != "0") for i in ids):
        raise ValueError("character ids must be distinct card numbers 1-99")
    if [c.id for c in ed.starting] != [str(i) for i in range(1, 7)]:
        raise ValueError("the starting characters are numbered 1 to 6 (their colour is prefixed in play)")
    if len(set(ed.races)) != 6:
        raise ValueError("there are 6 races (Character Cards)")
    for card in ed.characters + ed.starting:
        if card.race not in ed.races:
            raise ValueError(f"character {card.id}: race {card.race!r} is not one of the edition's races")
        if card.strength < 0 or card.vp < 0:
            raise ValueError(f"character {card.id}: strength and VP are never negative")
        for ability in card.abilities:
            if ability not in ABILITIES:
                raise ValueError(f"character {card.id}: {ability!r} is not an ability ({', '.join(ABILITIES)})")


def _check_missions(ed: PlanetshipEdition) -> None:
    if len(ed.missions) != 13:
        raise ValueError(f"there are 13 missions (Components), not {len(ed.missions)}")
    icons = sorted((m.kind, m.icon) for m in ed.missions if m.kind != "strength")
    want = sorted([("race", r) for r in ed.races] + [("ability", a) for a in ABILITIES])
    if icons != want or sum(m.kind == "strength" for m in ed.missions) != 1:
        raise ValueError("the missions are one per race, one per ability and the strength mission (Mission Cards)")
    shield = next(m for m in ed.missions if m.icon == "shield")
    if shield.vp != 6:
        raise ValueError("the shield mission is worth 6 VP (Game End and Scoring example)")
    if len({m.id for m in ed.missions}) != 13 or any(not re.fullmatch(r"M[1-9][0-9]?", m.id) for m in ed.missions):
        raise ValueError("mission ids must be distinct, M1 to M99")


def _check_zone(zone: Zone) -> None:
    where = f"zone {zone.number}"
    cells = "".join(zone.rows)
    if len(zone.rows) != SIDE or any(len(row) != SIDE for row in zone.rows) or set(cells) - set("R.12345"):
        raise ValueError(f"{where}: rows are {SIDE} strings of {SIDE} cells (digits, R or .)")
    if cells[len(cells) // 2] != ".":
        raise ValueError(f"{where}: the centre cell shows the zone number")
    n = zone.size
    if sorted(ch for ch in cells if is_number(ch)) != [str(i) for i in range(1, n + 1)] or cells.count("R") != 1:
        raise ValueError(f"{where}: spaces numbered I.. once each and one reward space (Zones)")
    low, high = (4, 5) if zone.number == 8 else (3, 4)
    if not low <= n <= high:
        raise ValueError(f"{where}: a zone has 3-4 spaces, the Observatory one more (Zones)")
    for name in ("docks", "face_down", "probes"):
        if any(not 1 <= s <= n for s in getattr(zone, name)):
            raise ValueError(f"{where}: {name} names a space it does not have")
    if not zone.docks:
        raise ValueError(f"{where}: needs at least one space dock")
    if zone.number == 2 and (zone.face_down or zone.reward_face_down):
        raise ValueError("zone 2 (Hangar) has no face-down icons (Zone Special Rules)")
    if zone.rewards != (2 if zone.number == 9 else 1):
        raise ValueError(f"{where}: Harvests (zone 9) has 2 reward cards, every other zone 1")
