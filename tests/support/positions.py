"""Shared harness of the contract suite: every position of seeded playouts of every game (playouts.py)."""

from __future__ import annotations

import math
from typing import Any, Iterator

import msgspec
import pytest

from planets_log.record.events import Meta
from planets_log.engine.rules import CHANCE, TERMINAL
from planets_log.record.lines import line_hash
from planets_log.engine.registry import game_ids
from tests.support.playouts import Playout, configurations, load, seeds_for
from tests.support.playouts import build as play


def playouts(game: str, seeds: range, config: Playout | None = None) -> Iterator[Any]:
    """Seeded playouts of `game` in each of its configurations (or in `config` only)."""
    for conf in [config] if config else configurations(game):
        for seed in seeds_for(conf, seeds):
            yield play(game, conf, seed)


def cases(games_: list[str] | None = None) -> list[Any]:
    """pytest params (game, configuration) for every configuration of every game."""
    return [pytest.param(g, c, id=f"{g}-{c.id}") for g in games_ or games() for c in configurations(g)]


def probe_events(config: Playout, state) -> list:
    """The configuration's wider net of plausible actions at this position ([] without a probe)."""
    return list(load(config.probe)(state)) if config.probe else []


def positions(build) -> Iterator[tuple[Any, Any]]:
    """(state before, event) for every game event of a built record, in order."""
    session = build.session
    pos = session.start(build.lines[0])
    for raw in build.lines[1:]:
        event = session.decoder.decode(raw)
        if not isinstance(event, Meta):
            yield pos.state, event
        pos = session.step(pos, event, line_hash(raw))
    yield pos.state, None


def key(event: Any) -> bytes:
    """An event's contents as bytes (without seq and prev), for set comparisons."""
    return msgspec.json.encode(msgspec.structs.replace(event, seq=0, prev=""))


def accepted(rules, state, events) -> set[bytes]:
    """The events `check` lets through."""
    from planets_log.record.errors import IllegalEvent

    out = set()
    for event in events:
        try:
            rules.check(state, event)
        except IllegalEvent:
            continue
        out.add(key(event))
    return out


def legality_problem(rules, state, extra: list | None = None) -> str | None:
    """Why `legal(state)` is not exactly the candidates (and `extra` events) `check` accepts, or None."""
    mover = rules.to_move(state)
    if mover in (CHANCE, TERMINAL):
        return None
    legal = [key(e) for e in rules.legal(state)]
    if len(set(legal)) != len(legal):
        return "legal() lists an action twice"
    candidates = rules.candidates(state) + list(extra or [])
    missing = set(legal) - {key(c) for c in candidates}
    if missing:
        return f"legal() lists actions that candidates() does not: {sorted(missing)[:3]}"
    want = accepted(rules, state, candidates)
    if want != set(legal):
        lost, extra = sorted(want - set(legal))[:3], sorted(set(legal) - want)[:3]
        return f"legal() misses actions check accepts: {lost}; lists actions check refuses: {extra}"
    return None


def apply_problem(rules, state, event) -> str | None:
    """Why `apply(state, event)` is not pure (it changed its input), or None."""
    before = msgspec.json.encode(state, order="sorted")
    rules.apply(state, event)
    if msgspec.json.encode(state, order="sorted") != before:
        return f"apply({type(event).__name__}) changed its input state"
    return None


def games() -> list[str]:
    """Every registered game."""
    return game_ids()


def chi_square_p(observed: list[int], expected: list[float]) -> float:
    """Upper tail probability of Pearson's chi-square (Wilson-Hilferty approximation)."""
    stat = sum((o - e) ** 2 / e for o, e in zip(observed, expected))
    k = len(observed) - 1
    z = ((stat / k) ** (1 / 3) - (1 - 2 / (9 * k))) / math.sqrt(2 / (9 * k))
    return 0.5 * math.erfc(z / math.sqrt(2))
