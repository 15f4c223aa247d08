"""Helpers for the Four Planets tests: positions built by hand, moves typed in notation."""

from __future__ import annotations

import pytest

from planets_log.record.errors import IllegalEvent
from planets_log.engine.rules import TERMINAL
from planets_log.engine.play import Builder, make_header
from planets_log.engine.rng import rng
from planets_log.games.four_planets import RULES
from planets_log.games.four_planets import events as E
from planets_log.games.four_planets.cards import COLOURS
from planets_log.games.four_planets.state import Planet, Ship, State, minus, replace

R = RULES
PLAYERS = ["Ann", "Ben"]
FIRST_GAME_TILES = "boosts vp4 columns5 sets5 thirteen bp3"


def table(first_game: bool = False, players: list[str] | None = None) -> Builder:
    """A table game (seed null): every chance outcome is typed in."""
    header, session = make_header("four-planets", players or PLAYERS, seed=None,
                                  options={"first_game": first_game}, log_id="fp-test")
    return Builder.new(header, session)


def run(build: Builder, *moves: str) -> Builder:
    """Type moves and outcomes into a record, through every gate."""
    for text in moves:
        build.add(R.parse(text, build.pos.state))
    return build


def eager(seed: int, players: list[str] | None = None, options: dict | None = None) -> Builder:
    """A seeded game whose policy plays a card 9 times in 10 when it can (richer than uniform)."""
    header, session = make_header("four-planets", players or PLAYERS, seed=seed, options=options,
                                  log_id=f"fp-eager-{seed}", rng_version=1)
    build = Builder.new(header, session)
    policy = rng(seed, "eager-policy")
    build.draw_chance()
    while session.to_move(build.pos) != TERMINAL:
        actions = R.legal(build.pos.state)
        plays = [a for a in actions if not isinstance(a, E.Done)]
        pick = policy.choice(plays) if plays and policy.below(10) < 9 else policy.choice(actions)
        build.add(pick)
        build.draw_chance()
    return build


def base() -> State:
    """The state right after setup(): nothing dealt."""
    header, session = make_header("four-planets", PLAYERS, seed=None, log_id="fp-base")
    return R.setup(header, session.edition.data)


def cols(**by_colour) -> tuple[tuple[str, ...], ...]:
    """Five columns in colour order from keyword lists, e.g. cols(G=["G0s"])."""
    return tuple(tuple(by_colour.get(c, ())) for c in COLOURS)


def position(seat0: dict | None = None, seat1: dict | None = None, *, bonus=("R0s", "Y0s", "P0s", "B0s"),
             **fields) -> State:
    """A play-phase position: Ann (seat 0) to play first; the deck holds every card not named."""
    s = base()
    seats = tuple(replace(s.seats[i], **{"left": 0, **(given or {})}) for i, given in enumerate((seat0, seat1)))
    used = list(bonus)
    for seat in seats:
        used += list(seat.hand) + [c for col in seat.up + seat.down for c in col]
    fields.setdefault("tiles", ("bp3", "columns5", "sets5", "thirteen", "vp4"))
    fields.setdefault("phase", "play")
    fields.setdefault("spaceship", 1)
    fields.setdefault("turn", 0)
    fields.setdefault("cursor", 4)
    for planet in fields.get("planets", ()):
        used += list(planet.cards)
    used += list(fields.get("discard", ()))
    deck = list(s.deck)
    for card in used:  # a made-up position may name a card more often than the deck holds it
        if card in deck:
            deck.remove(card)
    return replace(s, seats=seats, bonus=tuple(bonus), deck=tuple(deck), **fields)


def step(state: State, *moves: str) -> State:
    """Parse, check and apply moves in turn (no record)."""
    for text in moves:
        event = R.parse(text, state)
        R.check(state, event)
        state = R.apply(state, event)
    return state


def refuse(state: State, text: str, code: str) -> IllegalEvent:
    """Assert that the move is refused with `code`; return the error."""
    with pytest.raises(IllegalEvent) as info:
        R.check(state, R.parse(text, state))
    assert info.value.code == code, str(info.value)
    return info.value


def legal_texts(state: State) -> list[str]:
    """The legal actions, in notation."""
    return [R.format(a, state) for a in R.legal(state)]


def planets(*specs) -> tuple[Planet, ...]:
    """Planets from (cards, [(seat, parts), ...]) pairs."""
    return tuple(Planet(cards=tuple(cards), ships=tuple(Ship(s, p) for s, p in ships)) for cards, ships in specs)
