"""The reference edition and the 2-3 player removals (Components; 2-3 Player Game)."""

from __future__ import annotations

import msgspec
import pytest

from planets_log.engine.edition import load_edition
from planets_log.record.errors import PlanetsLogError
from planets_log.games.planetopia import board as bd
from planets_log.games.planetopia.edition import PlanetopiaEdition

from .helpers import RULES

ED = load_edition(RULES).data


def test_components_counts_match_the_rulebook():
    """Components: 28 Prestige cards, 60 Cosmos cards (15 starting), 80 Aliens (5 x 16), 24 Special tokens."""
    assert len(ED.prestige) == 28
    assert sum(c.count for c in ED.cosmos) == 60
    assert sum(c.count for c in ED.cosmos if c.starting) == 15
    assert sorted((c.letter, c.tokens) for c in ED.colours) == [(x, 16) for x in "BGPRY"]
    assert sum(ED.special_tokens.values()) == 24
    assert ED.atom_tokens == 40


def test_starting_cards_are_the_three_of_the_rulebook():
    """Setup: each player's starting hand is swap horizontally, gain 1 Atom, swap vertically (5 of each)."""
    assert ED.starting_hand() == ("atom", "hswap", "vswap")
    for effect in ("atom", "hswap", "vswap"):
        assert sum(c.count for c in ED.cosmos if c.starting and c.effect == effect) == 5


def test_rulebook_colours_named_and_others_reconstructed():
    """Cosmos Cards: green, red and purple Aliens are named; the two other names are reconstructed."""
    by = {c.name: c.reconstructed for c in ED.colours}
    assert by["green"] is by["red"] is by["purple"] is False
    assert by["blue"] is by["yellow"] is True


def test_every_card_value_not_in_the_rulebook_is_marked_reconstructed():
    """Every Prestige card and every non-starting Cosmos card is marked reconstructed."""
    assert all(c.reconstructed for c in ED.prestige)
    assert all(c.reconstructed for c in ED.cosmos if not c.starting)
    assert not any(c.reconstructed for c in ED.cosmos if c.starting)
    assert ED.reconstructed_fields


def test_four_prestige_cards_worth_nine():
    """2-3 Player Game: the Prestige cards worth 9 points are the 4 removed."""
    assert sum(1 for c in ED.prestige if c.points == 9) == 4


def test_dot_icons_mark_four_and_nine_cosmos_cards():
    """2-3 Player Game: 4 cards carry the 2-dot icon and 9 the 3-dot icon (13 removed with 2 players)."""
    assert sum(c.count for c in ED.cosmos if c.dots == 2) == 4
    assert sum(c.count for c in ED.cosmos if c.dots == 3) == 9


@pytest.mark.parametrize("players,prestige,cosmos", [(2, 24, 32), (3, 24, 41), (4, 28, 45), (5, 28, 45)])
def test_piles_per_player_count(players, prestige, cosmos):
    """2-3 Player Game: 2 players lose 4 Prestige and 13 Cosmos cards, 3 players 4 and 4; 4-5 use all."""
    assert len(ED.prestige_deck(players)) == prestige
    assert len(ED.cosmos_deck(players)) == cosmos
    if players <= 3:
        assert all(points_of(p) != 9 for p in ED.prestige_deck(players))


def points_of(pattern: str) -> int:
    return ED.prestige_card(pattern).points


def test_the_rulebook_example_card_exists():
    """Cosmos Cards: the example card brings a green, a red and a purple Alien."""
    assert "GPR" in ED.cosmos_deck(5)
    assert {"ray", "switch"} <= set(ED.cosmos_deck(2))


def test_most_prestige_cards_give_a_special_token():
    """Special Tokens: most Prestige cards offer a Special token, of the three kinds."""
    tokens = [c.token for c in ED.prestige]
    assert sum(1 for t in tokens if t) > 14
    assert {t for t in tokens if t} == {"double", "extra", "joker"}


def test_patterns_respect_gravity():
    """Game Board: a pattern cell above the bottom row always rests on another pattern cell."""
    for card in ED.prestige:
        cells = bd.pattern_cells(card.pattern)
        for cell in cells:
            x, y = bd.cell_xy(cell)
            if y:
                assert f"{cell[0]}{y}" in cells, card.pattern


def test_total_points_let_someone_reach_25_when_the_piles_run_out():
    """Game End: with every Prestige card taken, some player holds at least 25 points."""
    for players in (2, 3, 4, 5):
        total = sum(points_of(p) for p in ED.prestige_deck(players))
        assert total / players >= 25


def _broken(**changes) -> PlanetopiaEdition:
    return msgspec.structs.replace(ED, **changes)


@pytest.mark.parametrize("change,words", [
    (lambda: {"prestige": ED.prestige[:-1]}, "28 Prestige"),
    (lambda: {"prestige": [msgspec.structs.replace(c, points=9) for c in ED.prestige[:5]] + ED.prestige[5:]},
     "worth 9"),
    (lambda: {"cosmos": ED.cosmos[1:]}, "60 Cosmos"),
    (lambda: {"cosmos": [msgspec.structs.replace(c, dots=2 if c.dots == 3 else c.dots) for c in ED.cosmos]}, "2-dot"),
    (lambda: {"goal": 30}, "25"),
])
def test_validate_refuses_an_edition_that_breaks_the_rulebook(change, words):
    """An edition file that breaks a stated constraint is refused on load."""
    with pytest.raises(ValueError, match=words):
        _broken(**change()).validate()


def test_a_broken_edition_file_is_refused(tmp_path):
    """load_edition reports a broken edition file instead of playing with it."""
    text = (RULES.edition_dir / "reference.toml").read_text().replace("points = 9", "points = 8", 1)
    path = tmp_path / "bad.toml"
    path.write_text(text)
    with pytest.raises(PlanetsLogError, match="worth 9"):
        load_edition(RULES, path)
