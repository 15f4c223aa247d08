"""The game registry: game id -> module holding `RULES`, imported only when used."""

from __future__ import annotations

import importlib
from functools import cache

from .errors import UsageError
from .game import Rules

GAMES: dict[str, str] = {
    "four-planets": "planets_log.games.four_planets",
    "space-planets": "planets_log.games.space_planets",
    "planetopia": "planets_log.games.planetopia",
    "planetarium": "planets_log.games.planetarium",
    "planetship-2491": "planets_log.games.planetship_2491",
}


def register(game_id: str, module: str) -> None:
    """Add a game (tests use this for toy games)."""
    GAMES[game_id] = module
    get_rules.cache_clear()


def game_ids() -> list[str]:
    """Registered game ids, in registry order."""
    return list(GAMES)


@cache
def get_rules(game_id: str) -> Rules:
    """The RULES object of a registered game."""
    try:
        module = GAMES[game_id]
    except KeyError:
        known = ", ".join(GAMES)
        raise UsageError(f"unknown game {game_id!r}; known games: {known}", code="game.unknown") from None
    return importlib.import_module(module).RULES
