"""The reference edition (Game contents) and the checks on any edition."""

from __future__ import annotations

import msgspec
import pytest

from planets_log.engine.edition import load_edition
from planets_log.games.space_planets.edition import SpacePlanetsEdition

from .helpers import RULES


def reference() -> SpacePlanetsEdition:
    """The reference edition's data."""
    return load_edition(RULES).data


def test_edition_game_contents_forty_cards_and_forty_crystals():
    """Game contents: 40 planet cards, 40 fuel crystals; 4 crystals each (Preparation)."""
    ed = reference()
    assert sum(k.count for k in ed.cards) == 40
    assert ed.crystals == 40 and ed.start_crystals == 4 and ed.grid_size == 3


def test_edition_special_cards_have_the_rulebooks_stars():
    """Planet cards and special effects: the stars and effects printed in the rulebook."""
    cards = {k.code: k for k in reference().cards}
    assert (cards["fuel2"].stars, cards["fuel2"].effect, cards["fuel2"].amount) == (1, "fuel", 2)
    assert (cards["fuel1"].stars, cards["fuel1"].effect, cards["fuel1"].amount) == (2, "fuel", 1)
    assert (cards["reroll"].stars, cards["consume"].stars, cards["consume"].amount) == (2, 2, 1)
    assert (cards["oasis"].stars, cards["distant"].stars, cards["distant"].amount) == (3, 4, 1)
    assert (cards["hole"].stars, cards["hole"].effect) == (0, "hole")
    assert {cards[f"p{n}"].stars for n in range(1, 5)} == {1, 2, 3, 4}


def test_edition_every_value_not_in_the_rulebook_is_marked_reconstructed():
    """Every count, the plain planets and the die's faces are marked reconstructed."""
    ed = reference()
    assert all("count" in k.reconstructed for k in ed.cards)
    assert all("stars" in k.reconstructed for k in ed.cards if k.code.startswith("p"))
    assert not any("stars" in k.reconstructed for k in ed.cards if not k.code.startswith("p"))
    assert ed.die.faces == [1, 1, 2, 2, 3, 3] and ed.die.reconstructed == ["faces"]
    assert "die.faces" in ed.reconstructed


def broken(**changes) -> SpacePlanetsEdition:
    """The reference edition with some fields changed."""
    return msgspec.structs.replace(reference(), **changes)


@pytest.mark.parametrize("change", [
    "drop-a-card", "hole-with-stars", "unknown-effect", "zero-face", "duplicate-code", "bad-code", "more-crystals",
])
def test_edition_validate_refuses_what_the_rulebook_forbids(change):
    """Game contents / Planet cards: validate() refuses an edition that breaks a stated constraint."""
    cards = list(reference().cards)
    if change == "drop-a-card":
        ed = broken(cards=cards[1:])
    elif change == "hole-with-stars":
        ed = broken(cards=[msgspec.structs.replace(k, stars=1) if k.effect == "hole" else k for k in cards])
    elif change == "unknown-effect":
        ed = broken(cards=[msgspec.structs.replace(cards[0], effect="warp")] + cards[1:])
    elif change == "zero-face":
        ed = broken(die=msgspec.structs.replace(reference().die, faces=[0, 1, 2]))
    elif change == "duplicate-code":
        ed = broken(cards=[msgspec.structs.replace(cards[0], code="p1")] + cards[1:])
    elif change == "bad-code":
        ed = broken(cards=[msgspec.structs.replace(cards[0], code="Fuel 2")] + cards[1:])
    else:
        ed = broken(crystals=50)
    with pytest.raises(ValueError):
        ed.validate()


def test_edition_reference_validates():
    """The reference edition passes its own checks."""
    reference().validate()
