"""Golden records every game shares: `python -m tests.support.fixtures --write` writes them with the rest.

A retracted-chance record: a seeded game in which an action that brought chance outcomes
is taken back; the outcomes it brought are retracted with it and do not count (the next
outcome is drawn again from the same seeded stream).
"""

from __future__ import annotations

from pathlib import Path

from planets_log.record.events import Retract
from planets_log.engine.rules import CHANCE, TERMINAL
from planets_log.engine.play import Builder, make_header
from planets_log.engine.registry import get_rules
from planets_log.engine.rng import rng

ROOT = Path(__file__).resolve().parents[2] / "fixtures"
NAME = "retracted-chance.jsonl"


def retracted_chance(game: str, seed: int = 1) -> Builder:
    """A seeded playout whose first action followed by chance outcomes is retracted, then played on."""
    rules = get_rules(game)
    n = max(2, rules.min_players) if rules.max_players > 1 else 1
    options = dict(rules.selfplay_options)
    header, session = make_header(game, [f"P{i + 1}" for i in range(n)], seed=seed, options=options,
                                  log_id=f"golden-{game}-retracted-chance", rng_version=1,
                                  rules_version=1)  # the fixture's bytes
    build = Builder.new(header, session)
    policy = rng(seed, "policy")
    build.draw_chance()
    retracted = False
    while session.to_move(build.pos) != TERMINAL:
        action = policy.choice(rules.legal(build.pos.state))
        build.add(action)
        target = build.pos.seq
        if not retracted and session.to_move(build.pos) == CHANCE:
            build.draw_chance()
            build.add(Retract(target=target, reason="misread the rules: the chance outcome is taken back too"))
            retracted = True
            continue
        build.draw_chance()
    if not retracted:
        raise SystemExit(f"{game}: no action brought a chance outcome")
    return build
