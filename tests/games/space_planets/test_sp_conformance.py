"""Contract checks on random games: legal == accepted, purity, JSON and notation round trips, replay."""

from __future__ import annotations

import msgspec
import pytest

from planets_log.core.engine import Replay, digest
from planets_log.core.errors import IllegalEvent
from planets_log.core.events import strip_place
from planets_log.core.game import CHANCE, TERMINAL
from planets_log.core.play import selfplay

from .events_all import candidate_actions
from .helpers import RULES, play, started, state

GAME = "space-planets"


def accepted(st, event) -> bool:
    """True when check lets the event through."""
    try:
        RULES.check(st, event)
    except IllegalEvent:
        return False
    return True


def check_position(session, st) -> None:
    """Every legal event passes check; among all actions, exactly the legal ones pass."""
    legal = RULES.legal(st)
    assert len(legal) == len({msgspec.json.encode(e) for e in legal})
    for event in legal:
        RULES.check(st, event)
        line = session.encode(event)
        assert strip_place(session.decode(line)) == strip_place(event)
        text = RULES.format(event, st)
        assert strip_place(RULES.parse(text, st)) == strip_place(event), text
        before = msgspec.json.encode(st, order="sorted")
        RULES.apply(st, event)
        assert msgspec.json.encode(st, order="sorted") == before
    mover = RULES.to_move(st)
    if mover >= 0:
        ok = [e for e in candidate_actions(st, mover) if accepted(st, e)]
        assert sorted(msgspec.json.encode(e) for e in ok) == sorted(msgspec.json.encode(e) for e in legal)


@pytest.mark.parametrize("players", [2, 3, 4])
@pytest.mark.parametrize("seed", range(4))
def test_contract_random_games(players, seed, tmp_path):
    """Random seeded games: every position obeys the contract; the record replays identically."""
    build = selfplay(GAME, seed, [f"P{i}" for i in range(players)], options={"first": seed % players})
    session = build.session
    pos = session.start(build.lines[0])
    from planets_log.core.record import line_hash

    for raw in build.lines[1:]:
        check_position(session, pos.state)
        event = session.decode(raw)
        assert session.encode(event) == raw
        assert strip_place(RULES.parse(RULES.format(event, pos.state), pos.state)) == strip_place(event)
        pos = session.step(pos, event, line_hash(raw))
    assert RULES.to_move(pos.state) == TERMINAL
    path = tmp_path / "game.jsonl"
    path.write_text(build.text())
    final = Replay(str(path)).final()
    assert digest(final.state) == digest(build.pos.state)
    assert final.state.stock + sum(s.crystals for s in final.state.seats) == 40


def test_contract_table_chance_points_list_every_outcome():
    """At the landing and refill points of a table game every listed outcome passes check."""
    build = started()
    play(build, "roll")
    assert RULES.to_move(state(build)) == CHANCE
    assert RULES.legal(state(build)) == []
    for event in RULES.chance_outcomes(state(build)).events():
        RULES.check(state(build), event)
    play(build, "land 1 1", "explore")
    refills = RULES.chance_outcomes(state(build)).events()
    assert {e.card for e in refills} == set(state(build).deck)


def test_contract_deal_point_has_a_hint():
    """The deal has too many outcomes to list; the hint says what to type."""
    from .helpers import table

    build = table()
    assert RULES.legal(state(build)) == [] and RULES.chance_outcomes(state(build)).listed is None
    assert "deal" in RULES.chance_hint(state(build))


def test_contract_view_is_json_and_same_for_every_seat():
    """view() is JSON-able; no seat sees less (nothing on the table is hidden)."""
    build = started()
    full = RULES.view(state(build))
    msgspec.json.encode(full)
    assert RULES.view(state(build), 1) == full
    assert "(as seen by Ben)" in RULES.render(state(build), 1)


def test_contract_schema_of_events():
    """The events give a JSON Schema (for `planets-log schema`)."""
    from typing import Union

    schema = msgspec.json.schema(Union[tuple(RULES.events)])
    names = set(schema["$defs"])
    assert {"Dealt", "Rolled", "Landed", "Explored", "Collected", "Rerolled", "Passed", "Refilled"} <= names
