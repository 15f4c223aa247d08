"""Helpers for the Planetarium tests: scripted table games, hand-set positions and a greedy seeded policy."""

from __future__ import annotations

from pathlib import Path

import msgspec

from planets_log.record.errors import IllegalEvent
from planets_log.engine.rules import CHANCE, TERMINAL
from planets_log.engine.play import Builder, make_header
from planets_log.engine.registry import get_rules
from planets_log.engine.rng import rng
from planets_log.games.planetarium.events import DrawChosen, Ended, FinalPlayed, Kept, Moved, Played
from planets_log.games.planetarium.state import State, card

GAME = "planetarium"
RULES = get_rules(GAME)
ROOT = Path(__file__).resolve().parents[3]
FIXTURES = ROOT / "fixtures" / "planetarium"
MATTER = "G" * 22 + "R" * 22 + "W" * 16 + "M" * 8
"""A fixed placement: the dots in edition order get 22 G, 22 R, 16 W, then 8 M."""
DEALS = {
    0: "L1 L2 H1 H2 F1 F2", 1: "L3 L4 H3 H4 F3 F4", 2: "L5 L6 H5 H6 F5 F6", 3: "L7 L8 H7 H8 F7 F8",
}
DISCARDS = {0: "F2", 1: "F4", 2: "F6", 3: "F8"}
"""F2 (14 points) is the highest discard, so Ann starts."""


def table(players=("Ann", "Ben"), options=None, matter=MATTER, discards=DISCARDS, deals=DEALS) -> Builder:
    """A table game (no seed) set up with fixed Matter, fixed deals and discards."""
    header, session = make_header(GAME, list(players), seed=None, options=options, log_id=f"test-{GAME}")
    build = Builder.new(header, session)
    play(build, f"matter {matter}")
    for seat in range(len(players)):
        play(build, f"deal {seat + 1} {deals[seat]}")
    for seat in range(len(players)):
        play(build, f"discard {discards[seat]}")
    return build


def play(build: Builder, *moves: str) -> Builder:
    """Parse and add each move (actions and chance outcomes alike) through the engine's gates."""
    for text in moves:
        build.add(RULES.parse(text, build.pos.state))
    return build


def state_of(build: Builder) -> State:
    """The current state."""
    return build.pos.state


def edit(build: Builder, seat: int | None = None, **changes) -> Builder:
    """Set up a position by hand (scenario tests); every later event still passes the gates."""
    state = build.pos.state
    if seat is not None:
        seats = list(state.seats)
        seats[seat] = msgspec.structs.replace(seats[seat], **changes)
        state = msgspec.structs.replace(state, seats=tuple(seats))
    else:
        state = msgspec.structs.replace(state, **changes)
    build.pos = msgspec.structs.replace(build.pos, state=state)
    return build


def board(build: Builder, clear: bool = True, **where: str) -> Builder:
    """Place tokens by hand: board(build, A="3.1", G="3.2 3.4") clears the Matter first unless clear=False."""
    state = build.pos.state
    names = state.board.index
    cells = [("" if clear and c not in "ABCD" else c) for c in state.cells]
    for token, spaces in where.items():
        if token in "ABCD":
            cells[cells.index(token)] = ""
        for space in spaces.split():
            cells[names[space]] = token
    return edit(build, cells=tuple(cells))


def at(build: Builder, space: str) -> str:
    """The token on a space ('' if empty)."""
    state = build.pos.state
    return state.cells[state.board.index[space]]


def refused(build: Builder, text: str) -> IllegalEvent:
    """The IllegalEvent the engine raises for a move (the record is left unchanged)."""
    before = list(build.lines)
    try:
        play(build, text)
    except IllegalEvent as err:
        assert build.lines == before
        return err
    raise AssertionError(f"{text!r} was accepted")


def moves(build: Builder) -> list[str]:
    """The legal moves now, or at a chance point the listed outcomes, in notation (as `moves` lists them)."""
    from planets_log.engine.rules import next_events

    state = build.pos.state
    return [RULES.format(e, state) for e in next_events(RULES, state)]


# --- a greedy policy, for playthroughs that reach the final turns ------------------------

def _value(state: State, action) -> float:
    if isinstance(action, FinalPlayed):
        return 100 + card(state, action.card).points
    if isinstance(action, Played):
        return 50 + card(state, action.card).points - (5 if action.gravity else 0)
    if isinstance(action, Moved):
        before = sum(len(m) for m in state.seats[state.turn].mat)
        after = sum(len(m) for m in RULES.apply(state, action).seats[state.turn].mat)
        return 10 * (after - before)
    if isinstance(action, Ended):
        return 1
    return 0


def greedy(seed: int, players: list[str], options=None, max_events: int = 20000, log_id: str = "") -> Builder:
    """A seeded game: Final cards, then the best card, then a move that collects Matter (ties by a seeded stream)."""
    header, session = make_header(GAME, players, seed=seed, options=options, log_id=log_id or f"greedy-{seed}",
                                  rng_version=1)  # golden records keep their bytes
    build = Builder.new(header, session)
    pick = rng(seed, "greedy-policy")
    build.draw_chance()
    for _ in range(max_events):
        mover = session.to_move(build.pos)
        if mover == TERMINAL:
            break
        assert mover != CHANCE
        state = build.pos.state
        actions = RULES.legal(state)
        if isinstance(actions[0], DrawChosen):
            finals = sum(1 for c in state.seats[mover].hand if c.startswith("F"))
            want = [a for a in actions if (a.deck == "final") == (finals < 2)] or actions
            build.add(pick.choice(want))
        elif isinstance(actions[0], Kept):
            build.add(max(actions, key=lambda a: card(state, a.card).points))
        else:
            scored = [(_value(state, a), a) for a in actions]
            best = max(v for v, _ in scored)
            build.add(pick.choice([a for v, a in scored if v == best]))
        build.draw_chance()
    return build


def give(build: Builder, seat: int, *cards: str) -> Builder:
    """Set a seat's hand to exactly `cards`, taking them out of the decks (scenario tests)."""
    state = build.pos.state
    edit(build, low=tuple(c for c in state.low if c not in cards), high=tuple(c for c in state.high if c not in cards),
         final=tuple(c for c in state.final if c not in cards))
    return edit(build, seat=seat, hand=tuple(sorted(cards)))


def mat(build: Builder, seat: int, **planets: str) -> Builder:
    """Set Matter on a seat's mat: mat(build, 0, B="GRWM")."""
    current = list(build.pos.state.seats[seat].mat)
    for letter, matter in planets.items():
        current["ABCD".index(letter)] = "".join(sorted(matter))
    return edit(build, seat=seat, mat=tuple(current))
