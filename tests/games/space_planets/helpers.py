"""Shared helpers for the Space Planets tests: table games typed in notation."""

from __future__ import annotations

from pathlib import Path

import msgspec

from planets_log.engine.play import Builder, make_header
from planets_log.engine.registry import get_rules

GAME = "space-planets"
RULES = get_rules(GAME)
ROOT = Path(__file__).resolve().parents[3]
FIXTURES = ROOT / "fixtures" / "space-planets"
GRID = "deal p1 p2 p3 / oasis distant hole / fuel2 reroll consume"
"""A standard test grid: spaces 1..9 hold p1 p2 p3 oasis distant hole fuel2 reroll consume."""


def table(players=("Ann", "Ben"), edition_path=None, **options) -> Builder:
    """A new table game (seed null)."""
    header, session = make_header(GAME, list(players), seed=None, options=options, edition_path=edition_path,
                                  log_id=f"test-{GAME}")
    return Builder.new(header, session)


def seeded(seed: int, players=("Ann", "Ben"), **options) -> Builder:
    """A new seeded game with its chance outcomes drawn as they fall due."""
    header, session = make_header(GAME, list(players), seed=seed, options=options, log_id=f"test-{GAME}-{seed}",
                                  rng_version=1)  # golden records keep their bytes
    build = Builder.new(header, session)
    build.draw_chance()
    return build


def play(build: Builder, *moves: str) -> Builder:
    """Parse and add each move in turn (seeded games then draw their chance outcomes)."""
    for text in moves:
        build.add(RULES.parse(text, build.pos.state))
        build.draw_chance()
    return build


def started(players=("Ann", "Ben"), grid: str = GRID, **options) -> Builder:
    """A table game with the standard grid dealt."""
    return play(table(players, **options), grid)


def state(build: Builder):
    """The current state."""
    return build.pos.state


def seat(build: Builder, index: int):
    """One seat's spaceship card."""
    return build.pos.state.seats[index]


def set_state(build: Builder, **changes) -> Builder:
    """Force fields of the current state (for positions hard to reach by play)."""
    build.pos = msgspec.structs.replace(build.pos, state=msgspec.structs.replace(build.pos.state, **changes))
    return build


def crystals(build: Builder) -> list[int]:
    """Every seat's crystals."""
    return [s.crystals for s in build.pos.state.seats]
