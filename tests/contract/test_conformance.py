"""The conformance suite every registered game passes (docs/adding-a-game.md).

In every configuration a game declares (playouts.py), seeded playouts validate and replay
identically (legality both ways, apply's purity and chance distributions: test_boundary.py);
every event round-trips through JSON and through the game's notation; a changed chance
outcome of every kind in a seeded record is caught; table mode accepts the same outcomes;
every line satisfies the game's JSON Schema.
"""

from __future__ import annotations

import json

import jsonschema
import msgspec
import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from planets_log.engine.replay import Replay, digest
from planets_log.record.events import Chance, Meta, strip_place
from planets_log.engine.play import selfplay
from planets_log.engine.registry import game_ids, get_rules
from planets_log.engine.rng import rng
from planets_log.engine.schema import record_schema
from planets_log.audit.validate import validate_file
from tests.support.playouts import build as play_config
from tests.support.positions import cases, playouts
from tests.support.helpers import rechain, write_lines

GAMES = game_ids()


def play(game: str, seed: int, n: int):
    return selfplay(game, seed, [f"P{i + 1}" for i in range(n)])


@pytest.mark.parametrize("game,config", cases())
def test_playouts_validate_and_replay_identically(game, config, tmp_path):
    for build in playouts(game, range(4), config):
        path = write_lines(tmp_path / "game.jsonl", build.lines)
        report = validate_file(str(path))
        assert report.valid, [str(e) for e in report.errors]
        assert report.finished
        first = digest(Replay(str(path)).final().state)
        second = digest(Replay(str(path)).final().state)
        assert first == second == digest(build.pos.state)


@pytest.mark.parametrize("game,config", cases())
def test_same_seed_same_record(game, config):
    first = play_config(game, config, 11).lines
    assert first == play_config(game, config, 11).lines
    assert first != play_config(game, config, 12).lines


def replay_states(build, visit):
    """Call visit(state_before, event) for every game event of a built record."""
    session = build.session
    decoder = session.decoder
    pos = session.start(build.lines[0])
    from planets_log.record.lines import line_hash

    for raw in build.lines[1:]:
        event = decoder.decode(raw)
        if not isinstance(event, Meta):
            visit(pos.state, event)
        pos = session.step(pos, event, line_hash(raw))


@pytest.mark.parametrize("game,config", cases())
def test_events_round_trip_through_json_and_notation(game, config):
    build = play_config(game, config, 7)
    rules = build.session.rules

    def visit(state, event):
        raw = msgspec.json.encode(event)
        assert build.session.decoder.decode(raw) == event
        text = rules.format(event, state)
        assert isinstance(text, str) and text and "\n" not in text
        again = rules.parse(text, state)
        assert strip_place(again) == strip_place(event), f"{text!r} parsed as {again!r}"

    replay_states(build, visit)
    for raw in build.lines[1:]:  # a line read back and written again keeps its exact bytes
        assert build.session.encode(build.session.decoder.decode(raw)) == raw


@pytest.mark.parametrize("game,config", cases())
def test_a_changed_chance_outcome_of_every_kind_is_caught(game, config, tmp_path):
    build = play_config(game, config, 3)
    chances = chance_lines_with_alternatives(build)
    assert chances, "no chance outcome with an alternative in the record"
    kinds = {}
    for index, other in chances:
        kinds.setdefault(json.loads(build.lines[index])["type"], (index, other))
    for index, other in {chances[0], chances[-1], *kinds.values()}:
        report = validate_file(str(flipped(build, index, other, tmp_path)))
        assert [(e.line, e.code) for e in report.errors] == [(index + 1, "chance.tampered")]


def flipped(build, index: int, other, tmp_path):
    """The record with line `index` replaced by the chance outcome `other`, chain re-made."""
    lines = list(build.lines)
    obj = json.loads(msgspec.json.encode(other))
    old = json.loads(lines[index])
    obj["seq"], obj["prev"] = old["seq"], old["prev"]
    lines[index] = json.dumps(obj, separators=(",", ":")).encode()
    return write_lines(tmp_path / f"flip-{index}.jsonl", rechain(lines))


@pytest.mark.parametrize("game,config", cases())
def test_table_mode_accepts_the_same_outcomes(game, config, tmp_path):
    build = play_config(game, config, 2)
    header = json.loads(build.lines[0])
    header["seed"] = None
    lines = rechain([json.dumps(header, separators=(",", ":")).encode()] + build.lines[1:])
    report = validate_file(str(write_lines(tmp_path / "table.jsonl", lines)))
    assert report.valid, [str(e) for e in report.errors]


@pytest.mark.parametrize("game,config", cases())
def test_every_line_satisfies_the_json_schema(game, config):
    schema = record_schema(game)
    jsonschema.Draft202012Validator.check_schema(schema)
    validator = jsonschema.Draft202012Validator(schema)
    for raw in play_config(game, config, 4).lines:
        validator.validate(json.loads(raw))


@pytest.mark.parametrize("game", GAMES)
def test_rules_object_is_complete(game):
    rules = get_rules(game)
    assert rules.id == game
    assert rules.title and 1 <= rules.min_players <= rules.max_players
    tags = [e.__struct_config__.tag for e in rules.events]
    assert len(set(tags)) == len(tags)
    assert not set(tags) & {"header", "note", "retract", "ruling", "penalty", "result", "seal"}
    for event_type in rules.events:
        assert event_type.__struct_config__.forbid_unknown_fields


@pytest.mark.parametrize("game", GAMES)
@settings(max_examples=8, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(seed=st.integers(min_value=0, max_value=2**40))
def test_any_seed_plays_to_a_valid_end(game, seed, tmp_path):
    rules = get_rules(game)
    build = selfplay(game, seed, [f"P{i + 1}" for i in range(max(2, rules.min_players) if rules.max_players > 1 else 1)])
    path = write_lines(tmp_path / f"h{seed}.jsonl", build.lines)
    assert validate_file(str(path)).valid
    assert digest(Replay(str(path)).final().state) == digest(build.pos.state)


HYPOTHESIS = settings(max_examples=6, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
SEEDS = st.integers(min_value=0, max_value=2**40)


def default_players(game: str) -> int:
    rules = get_rules(game)
    return max(2, rules.min_players) if rules.max_players > 1 else 1


@pytest.mark.parametrize("game", GAMES)
@HYPOTHESIS
@given(seed=SEEDS)
def test_any_seed_round_trips_every_event(game, seed):
    build = play(game, seed, default_players(game))
    rules = build.session.rules

    def visit(state, event):
        assert build.session.decoder.decode(msgspec.json.encode(event)) == event
        assert strip_place(rules.parse(rules.format(event, state), state)) == strip_place(event)

    replay_states(build, visit)


@pytest.mark.parametrize("game", GAMES)
@HYPOTHESIS
@given(seed=SEEDS, pick=st.integers(min_value=0, max_value=10_000))
def test_any_flipped_chance_outcome_is_caught(game, seed, pick, tmp_path):
    build = play(game, seed, default_players(game))
    chances = chance_lines_with_alternatives(build)
    if not chances:
        return  # a record whose every chance point had only one possible outcome
    index, other = chances[pick % len(chances)]
    report = validate_file(str(flipped(build, index, other, tmp_path)))
    assert [(e.line, e.code) for e in report.errors] == [(index + 1, "chance.tampered")]


def chance_lines_with_alternatives(build) -> list:
    """Every chance line of a record with a different outcome that was possible there."""
    from planets_log.record.lines import line_hash

    session, rules = build.session, build.session.rules
    pos = session.start(build.lines[0])
    found = []
    for i, raw in enumerate(build.lines[1:], start=1):
        event = session.decoder.decode(raw)
        if isinstance(event, Chance):
            for k in range(8):
                alt = rules.chance(pos.state, rng(7, f"alt/{i}/{k}"))
                if strip_place(alt) != strip_place(event):
                    rules.check(pos.state, alt)
                    found.append((i, alt))
                    break
        pos = session.step(pos, event, line_hash(raw))
    return found


def fixture_records():
    from pathlib import Path

    root = Path(__file__).resolve().parents[2] / "fixtures"
    for game in GAMES:
        for path in sorted((root / game).glob("*.jsonl")):
            yield pytest.param(game, path, id=f"{game}/{path.name}")


@pytest.mark.parametrize("game,path", list(fixture_records()))
def test_golden_fixture_records_validate_and_satisfy_the_schema(game, path):
    report = validate_file(str(path))
    assert report.valid, [str(e) for e in report.errors]
    validator = jsonschema.Draft202012Validator(record_schema(game))
    for line in path.read_text().splitlines():
        validator.validate(json.loads(line))
