"""The reference edition: the rulebook's counts hold, reconstructed values are marked, bad editions are refused."""

from __future__ import annotations

import msgspec
import pytest

from planets_log.engine.edition import load_edition
from planets_log.record.errors import PlanetsLogError

from .helpers import RULES

EDITION = load_edition(RULES).data


def test_reference_edition_counts():
    """Components: 68 Matter (22/22/16/8), 52 cards (18/18/16), 4 planets, 8 markers; 68 dots on the board."""
    assert EDITION.matter.items() == [("G", 22), ("R", 22), ("W", 16), ("M", 8)]
    assert [len(EDITION.deck(k)) for k in ("low", "high", "final")] == [18, 18, 16]
    assert len(EDITION.board.dots) == 68 and EDITION.markers == 8
    assert {p.letter: p.system for p in EDITION.planets} == {
        "A": "terrestrial", "B": "terrestrial", "C": "gaseous", "D": "gaseous"}


def test_only_magnetic_field_is_printed():
    """Playing a Card > Example: Magnetic Field as printed; every other card is marked reconstructed."""
    printed = [c for c in EDITION.cards if not c.reconstructed]
    assert [(c.name, c.matter, c.points, c.side) for c in printed] == [("Magnetic Field", "GRWM", 11, "habitable")]
    assert "track" in EDITION.reconstructed_fields and "board.lines" in EDITION.reconstructed_fields


def broken(tmp_path, change):
    data = msgspec.json.decode(msgspec.json.encode(EDITION))  # plain lists and dicts to break
    change(data)
    path = tmp_path / "broken.json"
    path.write_bytes(msgspec.json.encode(data))
    with pytest.raises(PlanetsLogError) as info:
        load_edition(RULES, path)
    return str(info.value)


@pytest.mark.parametrize("change,words", [
    (lambda d: d["matter"].update(G=21), "68 Matter tokens"),
    (lambda d: d["cards"].pop(), "52 Evolution cards"),
    (lambda d: d["board"]["dots"].pop(), "68 distinct white dots"),
    (lambda d: d["board"]["lines"].append(["1.1", "3.1"]), "adjacent orbits"),
    (lambda d: d["planets"][0].update(token="habitable"), "Hostile side up"),
    (lambda d: d["cards"][-17].update(points=10), "Magnetic Field"),
    (lambda d: d["cards"][0].update(downgrade=True), "Downgrade"),
    (lambda d: d["track"].update(acceleration=40), "acceleration space"),
    (lambda d: d["board"]["orbits"].__setitem__(0, 10**9), "board-sized"),
])
def test_a_broken_edition_is_refused(tmp_path, change, words):
    """Editions: validate() refuses data that breaks a count or constraint the rulebook states."""
    assert words in broken(tmp_path, change)


def test_an_edition_file_with_other_values_loads_with_its_own_digest(tmp_path):
    """--edition PATH: printed values replace the reconstructed ones; the record pins the file's digest."""
    data = msgspec.to_builtins(EDITION)
    data["track"]["spaces"] = 36
    path = tmp_path / "printed.json"
    path.write_bytes(msgspec.json.encode(data))
    other = load_edition(RULES, path)
    assert other.data.track.spaces == 36 and other.ref.sha256 != load_edition(RULES).ref.sha256
