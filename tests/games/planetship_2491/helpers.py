"""Helpers for the 2491 Planetship tests: scripted table games and hand-set positions."""

from __future__ import annotations

from pathlib import Path


import msgspec
import pytest

from planets_log.record.errors import IllegalEvent
from planets_log.engine.play import Builder, make_header
from planets_log.engine.registry import get_rules
from planets_log.games.planetship_2491.flow import settle
from planets_log.games.planetship_2491.state import Char, State, ZoneState, zone_spec

GAME = "planetship-2491"
RULES = get_rules(GAME)
ROOT = Path(__file__).resolve().parents[3]
FIXTURES = ROOT / "fixtures" / GAME
NAMES = ["Red", "Blue", "Yellow", "Green", "Pink"]
RED, BLUE, YELLOW, GREEN, PINK = range(5)

LAYOUT5 = "layout 6 1 7 / 0 2 8 / 5 4 9 reserve 3"
"""5 players: zone 2 in the centre, next to 0 (above), 1 (left), 4 (right) and 8 (below)."""
LAYOUT2 = "layout 0 1 / 2 3 / 4 5 reserve 6 7 8 9"
"""2-3 players: columns 0|1, 2|3, 4|5 (top|bottom), reserve 6 7 8 9."""
MISSIONS = {2: "missions M1 M7 M10 M13", 5: "missions M1 M2 M7 M10 M13"}


def table(n: int = 2, layout: str | None = None, rewards: str | None = None, seed: int | None = None,
          kept_by: int | None = None, rules: int | None = None) -> Builder:
    """A game (table mode unless seeded, kept by one seat if given, of the newest rules version unless named) set
    out with these missions, layout and rewards."""
    header, session = make_header(GAME, NAMES[:n], seed=seed, log_id=f"test-{GAME}", kept_by=kept_by, rng_version=1,
                                  rules_version=rules)
    build = Builder.new(header, session)
    if seed is not None:
        build.draw_chance()
        return build
    play(build, MISSIONS.get(n, "missions M1 M7 M10 M13"), layout or (LAYOUT5 if n == 5 else LAYOUT2))
    if rewards is None:
        zones = [z for z, _ in build.pos.state.grid]
        cards = iter(range(1, 39))
        rewards = "rewards " + " ".join(
            f"{z}:" + "+".join(str(next(cards)) for _ in range(zone_spec(build.pos.state, z).rewards))
            for z in sorted(zones))
    return play(build, rewards)


def play(build: Builder, *moves: str) -> Builder:
    """Parse and add each move through the engine's gates."""
    for text in moves:
        build.add(RULES.parse(text, build.pos.state))
    return build


def refused(build: Builder, move: str) -> IllegalEvent:
    """The error a move gets (the record is left unchanged)."""
    before = build.pos
    with pytest.raises(IllegalEvent) as info:
        build.add(RULES.parse(move, build.pos.state))
    assert build.pos is before
    return info.value


def edit(build: Builder, **changes) -> Builder:
    """Set up a position by hand; every later event still passes the gates."""
    build.pos = msgspec.structs.replace(build.pos, state=msgspec.structs.replace(build.pos.state, **changes))
    return build


def scene(build: Builder, chars: dict[str, tuple[str, int]], zone: int,
          rewards: dict[int, tuple[str, ...]] | None = None,
          shielded: tuple[str, ...] = (), **changes) -> Builder:
    """Characters set on spaces ("6.I": (card, owner)), then round end begins at `zone`."""
    from planets_log.games.planetship_2491.notation import _place

    s: State = build.pos.state
    zones = [ZoneState(spaces=(None,) * zone_spec(s, z).size, rewards=s.zones[z].rewards)
             for z in range(10)]
    for where, (code, owner) in chars.items():
        z, sp = _place(where, where)
        spaces = list(zones[z].spaces)
        spaces[sp - 1] = Char(card=code, owner=owner, down=sp in zone_spec(s, z).face_down and z != 2,
                              shield=where in shielded)
        zones[z] = msgspec.structs.replace(zones[z], spaces=tuple(spaces))
    for z, cards in (rewards or {}).items():
        zones[z] = msgspec.structs.replace(zones[z], rewards=cards)
    hands = tuple(tuple(c for c in hand if c not in {code for code, _ in chars.values()}) for hand in s.hands)
    state = msgspec.structs.replace(s, zones=tuple(zones), hands=hands, phase="resolve", zone=zone, cursor=0,
                                    revealed=False, ships=(0,) * len(s.players),
                                    shields=s.shields - len(shielded))
    state = msgspec.structs.replace(state, **changes)
    build.pos = msgspec.structs.replace(build.pos, state=settle(state))
    return build


def at(build: Builder, where: str):
    """The character on a space ("6.I"), or None."""
    from planets_log.games.planetship_2491.notation import _place
    from planets_log.games.planetship_2491.state import occupant

    z, s = _place(where, where)
    return occupant(build.pos.state, z, s)


def state_of(build: Builder) -> State:
    """The current state."""
    return build.pos.state
