"""Helpers for the Planetopia tests: scripted table games and a greedy seeded policy."""

from __future__ import annotations

from pathlib import Path

import msgspec

from planets_log.engine.rules import CHANCE, TERMINAL
from planets_log.engine.play import Builder, make_header
from planets_log.engine.registry import get_rules
from planets_log.engine.rng import rng
from planets_log.games.planetopia import board as bd
from planets_log.games.planetopia.events import Combo, Ended, ExtraTurn
from planets_log.games.planetopia.state import State

GAME = "planetopia"
RULES = get_rules(GAME)
ROOT = Path(__file__).resolve().parents[3]
FIXTURES = ROOT / "fixtures" / "planetopia"

ROW3 = (".../.../RGB", ".../.R./oGo", ".../B../Bo.", ".../.P./RPG", ".../Y.B/YoB", ".../o.o/BGB")
"""Prestige cards for the opening row (the first players + 1 are used)."""
TRAIL = ("PP", "switch", "ray", "BG", "BGR")
"""Left to right: slot 5 is PP, slot 1 (free) is BGR. Every card is in the 3-player pile."""


def table(players=("Ann", "Ben", "Cal"), row=ROW3, trail=TRAIL, options=None) -> Builder:
    """A table game (no seed) set out with the given Prestige row and Cosmos trail."""
    header, session = make_header(GAME, list(players), seed=None, options=options, log_id=f"test-{GAME}")
    build = Builder.new(header, session)
    play(build, "row " + " ".join(row[: len(players) + 1]), "trail " + " ".join(trail))
    for seat in range(len(players)):
        play(build, f"hand {seat + 1} atom hswap vswap")
    return build


def play(build: Builder, *moves: str) -> Builder:
    """Parse and add each move (actions and chance outcomes alike) through the engine's gates."""
    for text in moves:
        build.add(RULES.parse(text, build.pos.state))
    return build


def state_of(build: Builder) -> State:
    """The current state of a builder."""
    return build.pos.state


def seat_of(build: Builder, i: int):
    """Seat i of the current state."""
    return build.pos.state.seats[i]


def edit(build: Builder, seat: int | None = None, **changes) -> Builder:
    """Set up a position by hand: replace fields of the state (or of one seat) in place.

    Scenario tests use it to reach a position quickly; every later event still passes the gates.
    """
    state = build.pos.state
    if seat is not None:
        seats = list(state.seats)
        seats[seat] = msgspec.structs.replace(seats[seat], **changes)
        state = msgspec.structs.replace(state, seats=tuple(seats))
    else:
        state = msgspec.structs.replace(state, **changes)
    build.pos = msgspec.structs.replace(build.pos, state=state)
    return build


# --- a greedy policy, for playthroughs that reach the 25-point end ----------------------

def distance(board, pattern: str) -> int:
    """How many cells of a pattern the board does not satisfy yet."""
    miss = 0
    for cell, need in bd.pattern_cells(pattern).items():
        have = bd.token_at(board, cell)
        if not have or (need != "o" and have not in (need, "J")):
            miss += 1
    return miss


def potential(state: State, seat: int) -> float:
    """How good a position looks for a seat: points first, then closeness to a row card."""
    s = state.seats[seat]
    near = min((distance(s.board, c) for c in state.row), default=9)
    return s.points * 10 - near * 2 + min(s.atoms, 6) * 0.3 + min(len(s.hand), 6) * 0.2


def greedy(game_seed: int, players: list[str], options=None, max_events: int = 20000) -> Builder:
    """A seeded game: a combo when possible, an Extra turn token as soon as it can be played, else the action
    that helps most (ties broken by a seeded stream)."""
    header, session = make_header(GAME, players, seed=game_seed, options=options, log_id=f"greedy-{game_seed}",
                                  rng_version=1)  # golden records keep their bytes
    build = Builder.new(header, session)
    pick = rng(game_seed, "greedy-policy")
    build.draw_chance()
    for _ in range(max_events):
        mover = session.to_move(build.pos)
        if mover == TERMINAL:
            break
        assert mover != CHANCE
        state = build.pos.state
        actions = RULES.legal(state)
        combos = [a for a in actions if isinstance(a, Combo)]
        extras = [a for a in actions if isinstance(a, ExtraTurn)]
        if extras:
            choice = extras[0]
        elif combos:
            choice = max(combos, key=lambda a: (state.config.prestige_of(a.card)[0], a.card, a.drop))
        else:
            scored = []
            for a in actions:
                value = potential(RULES.apply(state, a), mover) if not isinstance(a, Ended) else potential(state, mover)
                scored.append((round(value, 3), a))
            best = max(v for v, _ in scored)
            top = [a for v, a in scored if v >= best - 1e-9]
            choice = pick.choice(top)
        build.add(choice)
        build.draw_chance()
    return build


def refused(build: Builder, text: str):
    """The IllegalEvent the engine raises for a move (the record is left unchanged)."""
    from planets_log.record.errors import IllegalEvent

    before = list(build.lines)
    try:
        play(build, text)
    except IllegalEvent as err:
        assert build.lines == before
        return err
    raise AssertionError(f"{text!r} was accepted")


def codes(build: Builder) -> list[str]:
    """The legal moves now, in notation."""
    state = build.pos.state
    return [RULES.format(e, state) for e in RULES.legal(state)]


def next_turns(build: Builder, *moves_per_player: str) -> Builder:
    """Let the other players pass quickly: each given move string is one whole turn ('; ' separated)."""
    for turn in moves_per_player:
        play(build, *[m.strip() for m in turn.split(";") if m.strip()])
    return build
