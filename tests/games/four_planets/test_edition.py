"""Components and the reference edition (docs/games/four-planets.md: the edition)."""

from __future__ import annotations

from collections import Counter
from pathlib import Path

import msgspec
import pytest

from planets_log.engine.edition import load_edition
from planets_log.record.errors import PlanetsLogError
from planets_log.games.four_planets import RULES
from planets_log.games.four_planets import cards as C

REFERENCE = Path(RULES.edition_dir) / "reference.toml"


def edited(tmp_path, old: str, new: str, count: int = 1) -> Path:
    text = REFERENCE.read_text()
    assert old in text
    path = tmp_path / "edited.toml"
    path.write_text(text.replace(old, new, count))
    return path


def test_components_reference_edition_has_fifty_specialists_ten_per_colour():
    """Components: 50 specialists in 5 colours, 10 each; 10 boost tiles; 6 coins; 7 parts per colour."""
    data = load_edition(RULES).data
    deck = data.deck()
    assert len(deck) == 50
    assert Counter(code[0] for code in deck) == {c: 10 for c in C.COLOURS}
    assert len(data.tiles) == 10 and data.coins == 6 and data.ship_parts == 7 and data.start_parts == 4


def test_components_reference_edition_supports_the_rulebook_examples():
    """Specialist Abilities: a green cost-2 card with two symbols exists; cost-2 cards have buying power 3."""
    deck = set(load_edition(RULES).data.deck())
    assert "G2v1ss" in deck
    assert all(C.bp(code) == 3 for code in deck if C.cost(code) == 2)
    assert {C.symbols(code) for code in deck} == {1, 2}


def test_edition_marks_every_reconstructed_value():
    """docs/games/four-planets.md: values the rulebook does not give are marked reconstructed."""
    data = load_edition(RULES).data
    assert all(entry.reconstructed for entry in data.cards)
    assert "cards.count" in data.reconstructed and "cards.vp" in data.reconstructed


@pytest.mark.parametrize("old,new,why", [
    ("count = 3", "count = 4", "10 specialists of each colour"),
    ("cost = 2", "cost = 3", "costs 0, 1 or 2"),
    ("symbols = 2", "symbols = 3", "1 or 2 symbols"),
    ('id = "copy"', 'id = "mirror"', "10 boost tiles"),
    ('kind = "immediate"', 'kind = "vp"', "is of kind"),
    ("first_game = true", "first_game = false", "first-game tiles"),
    ("vp = 0\nsymbols = 1", "vp = 1\nsymbols = 1", "cost-0"),
])
def test_edition_validation_refuses_broken_data(tmp_path, old, new, why):
    """Components / Setup: an edition that breaks a rulebook constraint is refused on load."""
    with pytest.raises(PlanetsLogError) as info:
        load_edition(RULES, edited(tmp_path, old, new))
    assert info.value.code == "edition.invalid" and why in info.value.message


def test_card_codes_are_what_is_printed():
    """Cards are written as colour, cost, VP and symbols: G2v1ss is green, cost 2, 1 VP, 2 symbols."""
    code = "G2v1ss"
    assert (C.colour(code), C.cost(code), C.vp(code), C.symbols(code), C.bp(code)) == ("G", 2, 1, 2, 3)
    assert C.normalise("g2V1SS") == "G2v1ss" and C.normalise("G2v0s") is None and C.normalise("X1s") is None
    assert C.code_of("R", 0, 0, 1) == "R0s"
    assert msgspec.toml.decode(REFERENCE.read_bytes())["name"] == "reference"
