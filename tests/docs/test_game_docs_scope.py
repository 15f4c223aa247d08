"""docs/games/: each game's page says truthfully what is implemented (its scope against the registry's modes)."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from planets_log.engine.registry import game_ids, get_rules

GAMES = Path(__file__).resolve().parents[2] / "docs" / "games"
BUILT_IN = ("four-planets", "space-planets", "planetopia", "planetship-2491", "planetarium")
MISSING = re.compile(r"not (yet )?(implemented|supported|available|offered|playable)|unimplemented|unsupported"
                     r"|base game only|only the base game", re.I)
"""Words by which a page would say a mode is missing."""


def page(game: str) -> list[str]:
    """A game's page as sentences: a paragraph's lines joined (a sentence may break anywhere), a heading, a list
    item or a table row on its own."""
    blocks = re.split(r"\n\s*\n|\n(?=#|\||- |\d+\. )", (GAMES / f"{game}.md").read_text())
    return [s for block in blocks for s in re.split(r"(?<=[.!?])\s+", " ".join(block.split()))]


def scope(game: str) -> str:
    """The page's **Scope:** paragraph, before its first section."""
    text = (GAMES / f"{game}.md").read_text().split("\n## ", 1)[0]
    found = [p for p in text.split("\n\n") if p.startswith("**Scope")]
    assert len(found) == 1, f"docs/games/{game}.md: one **Scope:** paragraph before the first section"
    return " ".join(found[0].split())


def claims_missing(sentences: list[str], mode: str) -> list[str]:
    """The sentences that name `mode` (or the base game alone) as missing."""
    return [s for s in sentences if MISSING.search(s) and (mode.casefold() in s.casefold() or "base game" in s)]


def test_every_game_has_a_page_and_every_page_a_game():
    assert {p.stem for p in GAMES.glob("*.md")} == set(BUILT_IN) <= set(game_ids())


@pytest.mark.parametrize("game", BUILT_IN)
def test_a_page_names_every_mode_the_registry_offers_and_none_as_missing(game):
    """Every rulebook mode the game's rules offer is named in the page's scope, and no sentence of the page says an
    offered mode (or "the base game only") is missing."""
    rules, said = get_rules(game), scope(game)
    for mode in rules.modes:
        assert mode.casefold() in said.casefold(), f"docs/games/{game}.md's scope does not name {mode}"
    problems = [s for mode in rules.modes for s in claims_missing(page(game), mode)]
    assert not problems, f"docs/games/{game}.md says an offered mode is missing: {problems}"


@pytest.mark.parametrize("game", BUILT_IN)
def test_each_mode_offered_is_reachable_as_the_registry_says(game):
    """A mode's way in is real: an option the game has, the campaign it has, a player count it seats."""
    rules = get_rules(game)
    for mode, how in rules.modes.items():
        options = re.findall(r"--option (\w+)=", how)
        players = [int(n) for n in re.findall(r"(\d) players?\b", how)]
        assert options or players or "campaign" in how, f"{game}: {mode}: {how!r} says no way in"
        assert all(key in rules.options for key in options), f"{game}: {mode}: no option {options}"
        assert all(rules.min_players <= n <= rules.max_players for n in players), f"{game}: {mode}: {players}"
        assert "campaign" not in how or getattr(rules, "campaign", None) is not None, f"{game}: {mode}: no campaign"


def test_the_check_catches_the_old_four_planets_scope():
    """The page's first line before issue 39 is caught: it called two offered modes missing."""
    old = ["Scope: the base game only.", "The Professional Mode and the Mini-Campaign are not implemented: they need "
           "the 15 building cards."]
    assert claims_missing(old, "Professional Mode") and claims_missing(old, "Mini-Campaign")


def test_games_lists_each_games_modes():
    """`planets-log games` shows the modes a page's scope is checked against, in text and JSON."""
    import json

    from click.testing import CliRunner

    from planets_log.cli.main import cli

    rows = {row["id"]: row for row in json.loads(CliRunner().invoke(cli, ["games", "--json"]).output)}
    assert rows["four-planets"]["modes"] == get_rules("four-planets").modes and rows["planetship-2491"]["modes"] == {}
    assert "mode Mini-Campaign: planets-log campaign new" in CliRunner().invoke(cli, ["games"]).output
