"""Never type what carries no information: each table fixture typed with the shortest input."""

from __future__ import annotations

import json

import pytest

from planets_log.cli.main import cli
from planets_log.engine.replay import Replay
from planets_log.record.errors import IllegalEvent
from planets_log.record.events import Chance, Meta, strip_place
from planets_log.engine.implied import only_outcome

from tests.support.tables import TABLE_FIXTURES, new_like


def shortest(path) -> list[str]:
    """The fixture's lines without the outcomes that were the only one possible and without
    the actions that the next line implies."""
    replay = Replay(str(path))
    rules = replay.session.rules
    steps = [s for s in replay.steps() if not isinstance(s.event, Meta)]
    texts = [rules.format(s.event, s.before.state) for s in steps]
    out = []
    for i, step in enumerate(steps):
        if isinstance(step.event, Chance) and only_outcome(rules, step.before.state) is not None:
            continue
        if i + 1 < len(steps):
            try:
                implied = rules.parse(texts[i + 1], step.before.state)
            except IllegalEvent:  # the next line cannot even be read here: it implies nothing
                implied = None
            if isinstance(implied, tuple) and strip_place(implied[0]) == strip_place(step.event):
                continue
        out.append(texts[i])
    return out


def events(path) -> list[dict]:
    """The game's lines (notes left out), without their place in the file."""
    lines = [json.loads(line) for line in path.read_text().splitlines()[1:]]
    return [{k: v for k, v in e.items() if k not in ("prev", "seq")} for e in lines if e["type"] != "note"]


@pytest.mark.parametrize("game", list(TABLE_FIXTURES))
def test_the_shortest_input_gives_the_full_record(runner, tmp_path, game):
    fixture = TABLE_FIXTURES[game]
    typed = shortest(fixture)
    path = new_like(runner, fixture, tmp_path / "t.jsonl")
    res = runner.invoke(cli, ["record", str(path), *typed])
    assert res.exit_code == 0, res.output
    assert events(path) == events(fixture)
    assert runner.invoke(cli, ["validate", str(path)]).exit_code == 0


def test_the_shortest_input_is_shorter_where_a_game_has_implied_lines():
    full = {game: len(events(path)) for game, path in TABLE_FIXTURES.items()}
    short = {game: len(shortest(path)) for game, path in TABLE_FIXTURES.items()}
    assert short["planetopia"] <= full["planetopia"] - 2  # no 'hand NAME atom hswap vswap' per player
    assert short["space-planets"] < full["space-planets"]  # no 'roll' before 'land'
    typed = shortest(TABLE_FIXTURES["space-planets"])
    assert "roll" not in typed and not any(t.startswith("hand ") for t in shortest(TABLE_FIXTURES["planetopia"]))


def test_undo_of_a_landing_leaves_the_roll_and_the_landing_can_be_typed_again(runner, tmp_path):
    fixture = TABLE_FIXTURES["space-planets"]
    path = new_like(runner, fixture, tmp_path / "t.jsonl")
    typed = shortest(fixture)
    assert typed[1].startswith("land ")
    runner.invoke(cli, ["record", str(path), typed[0], "land 2 3"])
    assert [e["type"] for e in events(path)] == ["dealt", "rolled", "landed"]
    res = runner.invoke(cli, ["undo", str(path)])
    assert res.exit_code == 0, res.output
    assert runner.invoke(cli, ["record", str(path), *typed[1:]]).exit_code == 0
    assert runner.invoke(cli, ["validate", str(path)]).exit_code == 0
