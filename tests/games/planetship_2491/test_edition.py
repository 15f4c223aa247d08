"""The reference edition: complete and consistent with every number the rulebook gives."""

from __future__ import annotations

import msgspec
import pytest

from planets_log.engine.edition import load_edition
from planets_log.games.planetship_2491.edition import PlanetshipEdition

from .helpers import RULES


def reference() -> PlanetshipEdition:
    return load_edition(RULES).data


def test_reference_counts():
    """# Components: 38 characters, 6 starting per colour (30), 13 missions, 10 zones, 10 shields."""
    ed = reference()
    assert len(ed.characters) == 38 and len(ed.starting) * 5 == 30
    assert len(ed.missions) == 13 and sorted(z.number for z in ed.zones) == list(range(10)) and ed.shields == 10


def test_zone_facts():
    """# Zones and Zone Special Rules: 3-4 spaces, Observatory one more, Hangar without face-down icons,
    Harvests two rewards."""
    zones = {z.number: z for z in reference().zones}
    assert all(3 <= z.size <= 4 for n, z in zones.items() if n != 8) and zones[8].size == 5
    assert not zones[2].face_down and not zones[2].reward_face_down
    assert zones[9].rewards == 2 and all(z.rewards == 1 for n, z in zones.items() if n != 9)


def test_shield_mission_is_worth_six():
    """# Game End and Scoring example: the shield mission gives 6 VP."""
    assert next(m for m in reference().missions if m.icon == "shield").vp == 6


def change(**kw) -> PlanetshipEdition:
    return msgspec.structs.replace(reference(), **kw)


@pytest.mark.parametrize("broken,words", [
    (lambda ed: change(characters=ed.characters[:37]), "38 characters"),
    (lambda ed: change(missions=ed.missions[:12]), "13 missions"),
    (lambda ed: change(shields=9), "10 shields"),
    (lambda ed: change(zones=tuple(msgspec.structs.replace(z, face_down=(1,)) if z.number == 2 else z
                                   for z in ed.zones)), "Hangar"),
    (lambda ed: change(zones=tuple(msgspec.structs.replace(z, rewards=1) if z.number == 9 else z
                                   for z in ed.zones)), "Harvests"),
    (lambda ed: change(zones=tuple(msgspec.structs.replace(z, rows=("12R", "3.4", "5..")) if z.number == 0 else z
                                   for z in ed.zones)), "3-4 spaces"),
])
def test_validate_refuses_broken_data(broken, words):
    """Editions: data breaking a rulebook number is refused with the rule named."""
    with pytest.raises(ValueError) as info:
        broken(reference()).validate()
    assert words in str(info.value)


def test_edition_option_takes_printed_data(tmp_path):
    """--edition: a JSON edition with other (printed) values is loaded and pinned by its digest."""
    ed = change(name="printed")
    path = tmp_path / "printed.json"
    path.write_bytes(msgspec.json.encode(ed))
    loaded = load_edition(RULES, path)
    assert loaded.data.name == "printed" and loaded.ref.sha256 != load_edition(RULES).ref.sha256
