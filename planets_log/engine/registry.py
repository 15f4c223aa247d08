"""The game registry: game id -> module holding `RULES`, imported only when used.

Games register through the `planets_log.games` entry point (`id = "package.module"`), so
a game in another installed package appears without editing the core. The built-in games
are listed here as well, so a source checkout that is not installed still finds them, and
an installed package cannot take over one of their ids; a built-in game is found without
reading the installed packages' metadata (importing `importlib.metadata` costs about a
tenth of `replay`'s start-up). `register` adds a game at run time (tests use it for toy games).
"""

from __future__ import annotations

import gc
import importlib
from functools import cache
from types import ModuleType

from planets_log.record.errors import UsageError

from .rules import Rules

ENTRY_POINTS = "planets_log.games"

GAMES: dict[str, str] = {
    "four-planets": "planets_log.games.four_planets",
    "space-planets": "planets_log.games.space_planets",
    "planetopia": "planets_log.games.planetopia",
    "planetarium": "planets_log.games.planetarium",
    "planetship-2491": "planets_log.games.planetship_2491",
}
_ADDED: dict[str, str] = {}


def register(game_id: str, module: str) -> None:
    """Add a game (tests use this for toy games); it wins over an installed one of the same id."""
    _ADDED[game_id] = module
    get_rules.cache_clear()


def unregister(game_id: str) -> None:
    """Forget a game added by `register` (a test's toy game, once its files are gone)."""
    _ADDED.pop(game_id, None)
    get_rules.cache_clear()


@cache
def installed() -> dict[str, str]:
    """Games announced by installed packages through the `planets_log.games` entry point."""
    from importlib.metadata import entry_points

    return {ep.name: ep.value for ep in entry_points(group=ENTRY_POINTS)}


def refresh() -> None:
    """Look for installed games again (after a package was installed at run time)."""
    installed.cache_clear()
    get_rules.cache_clear()


def games() -> dict[str, str]:
    """Every known game: built in, installed, then registered at run time."""
    known = dict(GAMES)
    for game_id, module in installed().items():
        known.setdefault(game_id, module)
    return {**known, **_ADDED}


def game_ids() -> list[str]:
    """Registered game ids, in registry order."""
    return list(games())


@cache
def get_rules(game_id: str) -> Rules:
    """The RULES object of a registered game."""
    known = {**GAMES, **_ADDED} if game_id in GAMES or game_id in _ADDED else games()
    try:
        module = known[game_id]
    except KeyError:
        raise UsageError(f"unknown game {game_id!r}; known games: {', '.join(known)}", code="game.unknown") from None
    rules: Rules = load_module(module.partition(":")[0]).RULES
    return rules


def load_module(name: str) -> ModuleType:
    """Import `name` with the cyclic garbage collector paused.

    An import makes thousands of objects and no garbage cycles, so the collections it
    would trigger only cost time: about a twentieth of `replay`'s start-up.
    """
    was_on = gc.isenabled()
    gc.disable()
    try:
        return importlib.import_module(name)
    finally:
        if was_on:
            gc.enable()
