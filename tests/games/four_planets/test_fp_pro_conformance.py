"""Professional Mode through the conformance checks the shared suite runs on base games only (docs/adding-a-game.md).

Seeded professional games validate and replay identically, keep their bytes per seed, are
accepted again as table records, satisfy the JSON Schema; a changed building deal or
building card is caught; `apply` never changes its input; at each building chance point
`chance_outcomes` holds the seeded outcome with the right odds; the legal building actions
are exactly the `candidates` that `check` accepts.
"""

from __future__ import annotations

import json
from fractions import Fraction

import jsonschema
import msgspec
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from planets_log.core.engine import Replay, digest
from planets_log.core.errors import IllegalEvent
from planets_log.core.events import Chance, Meta, strip_place
from planets_log.core.game import CHANCE
from planets_log.core.play import selfplay
from planets_log.core.record import line_hash
from planets_log.core.rng import rng
from planets_log.core.schema import record_schema
from planets_log.core.validate import validate_file
from planets_log.games.four_planets import pro_chance
from planets_log.games.four_planets import pro_events as P
from tests.helpers import rechain, write_lines

from .fp_helpers import R

PRO = {"professional": True}
SEEDS = range(4)


def play(seed: int):
    """A seeded professional self-play game."""
    return selfplay("four-planets", seed, options=PRO, rng_version=1)  # the seeds chosen were version 1's


def positions(build):
    """(state before, event) for every game event of a built record."""
    session = build.session
    pos = session.start(build.lines[0])
    for raw in build.lines[1:]:
        event = session.decoder.decode(raw)
        if not isinstance(event, Meta):
            yield pos.state, event
        pos = session.step(pos, event, line_hash(raw))


def accepted(state, actions) -> list:
    """The actions `check` lets through."""
    out = []
    for action in actions:
        try:
            R.check(state, action)
        except IllegalEvent:
            continue
        out.append(action)
    return out


def building_moves(actions) -> list[bytes]:
    """The building actions of a list, encoded, sorted."""
    return sorted(msgspec.json.encode(a) for a in actions if isinstance(a, P.PRO_EVENTS))


@pytest.mark.parametrize("seed", SEEDS)
def test_professional_games_validate_replay_and_keep_their_bytes(seed, tmp_path):
    """Professional Mode: a seeded game validates, replays to the same state, and the same seed gives the same bytes."""
    build = play(seed)
    path = write_lines(tmp_path / "pro.jsonl", build.lines)
    report = validate_file(str(path))
    assert report.valid and report.finished, [str(e) for e in report.errors]
    assert digest(Replay(str(path)).final().state) == digest(build.pos.state)
    assert play(seed).lines == build.lines and play(seed + 10).lines != build.lines


@pytest.mark.parametrize("seed", SEEDS)
def test_professional_game_is_accepted_as_a_table_record(seed, tmp_path):
    """Professional Mode: the same outcomes typed at a table (seed null) are accepted."""
    build = play(seed)
    header = json.loads(build.lines[0])
    header["seed"] = None
    lines = rechain([json.dumps(header, separators=(",", ":")).encode()] + build.lines[1:])
    report = validate_file(str(write_lines(tmp_path / "table.jsonl", lines)))
    assert report.valid, [str(e) for e in report.errors]


def test_professional_lines_satisfy_the_json_schema():
    """Professional Mode: every line of a professional record satisfies the game's JSON Schema."""
    validator = jsonschema.Draft202012Validator(record_schema("four-planets"))
    for raw in play(1).lines:
        validator.validate(json.loads(raw))


@pytest.mark.parametrize("seed", SEEDS)
def test_apply_is_pure_and_every_played_action_was_legal(seed):
    """Professional Mode: `apply` leaves its input alone; each action played was one `legal` listed."""
    for state, event in positions(play(seed)):
        before = msgspec.json.encode(state, order="sorted")
        if R.to_move(state) != CHANCE:
            assert any(strip_place(event) == strip_place(a) for a in R.legal(state))
        R.apply(state, event)
        assert msgspec.json.encode(state, order="sorted") == before


def building_chances(build) -> list:
    """(line index, state, event) of each building chance line: the deal and each take-card building's card."""
    return [(i, state, event) for i, (state, event) in enumerate(positions(build), start=1)
            if isinstance(event, P.PRO_CHANCE)]


def seeds_with_a_building_card(n: int = 2) -> list[int]:
    """The first seeds whose game has a take-card building (Greenhouse or a reconstructed one) drawing a card."""
    found = [s for s in range(40) if any(isinstance(e, P.BuildingCard) for _, _, e in building_chances(play(s)))]
    return found[:n]


def test_a_changed_building_outcome_is_caught(tmp_path):
    """Professional Mode: a building deal, or a building's card, not the one the seed gives is caught at its line."""
    kinds = set()
    for seed in [0] + seeds_with_a_building_card(1):
        build = play(seed)
        for index, state, event in building_chances(build):
            other = next(alt for k in range(20) if strip_place(alt := R.chance(state, rng(7, f"alt/{k}"))) !=
                         strip_place(event))
            R.check(state, other)
            lines = list(build.lines)
            obj, old = json.loads(msgspec.json.encode(other)), json.loads(lines[index])
            obj["seq"], obj["prev"] = old["seq"], old["prev"]
            lines[index] = json.dumps(obj, separators=(",", ":")).encode()
            report = validate_file(str(write_lines(tmp_path / f"flip-{seed}-{index}.jsonl", rechain(lines))))
            assert [(e.line, e.code) for e in report.errors] == [(index + 1, "chance.tampered")]
            kinds.add(type(event))
    assert kinds == {P.BuildingsDealt, P.BuildingCard}


def test_chance_outcomes_of_the_building_deal():
    """Professional Mode: 4 buildings dealt to each of 2 players from 15, in order: 15!/7! outcomes, sampled as
    seeded."""
    build = play(3)
    index, state, event = building_chances(build)[0]
    outcomes = R.chance_outcomes(state)
    assert outcomes.listed is None and outcomes.count == 15 * 14 * 13 * 12 * 11 * 10 * 9 * 8
    assert strip_place(outcomes.sampler(rng(3, "chance/0"))) == strip_place(R.chance(state, rng(3, "chance/0")))
    R.check(state, outcomes.sampler(rng(99, "x")))


def test_chance_outcomes_of_a_building_card():
    """Components (building cards): a take-card building finds each card of its colour left in the deck, as often
    as the deck holds it; the seeded card is one of them."""
    for seed in seeds_with_a_building_card():
        for _, state, event in building_chances(play(seed)):
            if not isinstance(event, P.BuildingCard):
                continue
            listed = R.chance_outcomes(state).listed
            assert sum(p for _, p in listed) == 1
            colour = event.card[0]
            in_deck = [c for c in state.deck if c[0] == colour]
            assert {o.card: p for o, p in listed} == {c: Fraction(in_deck.count(c), len(in_deck)) for c in in_deck}
            assert strip_place(event) in [strip_place(o) for o, _ in listed]
            for outcome, _ in listed:
                R.check(state, outcome)


CAMPAIGN_GAME = {"buildings": "greenhouse,tower/galactic-bank,tech-tornillo", "orienter": 2}


def test_legal_building_actions_are_the_candidates_check_accepts():
    """Professional Mode: at a building step, legal == the candidates `check` accepts, with some refused; in a
    play turn, the building actions among the legal ones == the building candidates `check` accepts."""
    refused, seen = 0, set()
    games = [play(seed) for seed in (0, 6, 7)] + [selfplay("four-planets", 1, options={**PRO, **CAMPAIGN_GAME})]
    for build in games:
        for state, event in positions(build):
            by = R.to_move(state)
            if by < 0:
                continue
            seen.add(type(event))
            own = pro_chance.candidates(state, by)
            if own is not None:
                assert own == R.candidates(state)
                ok = accepted(state, own)
                refused += len(own) - len(ok)
                assert building_moves(ok) == building_moves(R.legal(state))
            else:
                extra = pro_chance.extra_candidates(state, by)
                assert building_moves(accepted(state, extra)) == building_moves(R.legal(state))
    assert refused > 0 and set(P.PRO_ACTIONS) <= seen


@settings(max_examples=6, deadline=None)
@given(seed=st.integers(min_value=0, max_value=2**40))
def test_any_seed_plays_validates_and_round_trips(seed):
    """Professional Mode: any seed plays to a valid end, and every event round-trips through JSON and the notation."""
    import tempfile
    from pathlib import Path

    build = play(seed)
    for state, event in positions(build):
        assert build.session.decoder.decode(msgspec.json.encode(event)) == event
        assert strip_place(R.parse(R.format(event, state), state)) == strip_place(event)
    with tempfile.TemporaryDirectory() as tmp:
        path = write_lines(Path(tmp) / "pro.jsonl", build.lines)
        assert validate_file(str(path)).valid
