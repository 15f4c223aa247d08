"""A spectator sees only what every seat sees alike, in every game (issue 35, the server's threat table).

For every position of seeded playouts (each configuration of each game), of records kept by
one player and of table records: the spectator's view, text, picture and lines (`redact`)
hold nothing that some seat's own answer does not hold at the same place (tests/contract/
spectator.py says how each is compared)."""

from __future__ import annotations

import json
from typing import Any, Iterator

import msgspec
import pytest

from planets_log.engine.play import Builder, make_header
from planets_log.engine.redact import HIDDEN, meet, public_format, public_picture, public_render, public_view
from planets_log.engine.registry import get_rules
from planets_log.engine.rules import Rules
from planets_log.engine.session import Session
from planets_log.record.errors import PlanetsLogError
from planets_log.record.events import Chance, Meta
from planets_log.record.lines import line_hash
from tests.support.playouts import configurations, default
from tests.support.positions import cases, games, playouts, positions
from tests.contract.spectator import data_problem, picture_problem, plain, text_problem
from tests.contract.test_chance_outcomes import typed_by_keeper


def spectator_problem(rules, state, event) -> str | None:
    """What the spectator is shown at `state` (and of `event`) that not every seat sees alike, or None."""
    seats = range(len(rules.seat_names(state)))
    problem = data_problem(plain(public_view(rules, state)), [plain(rules.view(state, s)) for s in seats])
    problem = problem or text_problem(public_render(rules, state), [rules.render(state, s) for s in seats])
    if event is not None and not isinstance(event, Meta) and rules.hidden_information:
        said = public_format(rules, event, state)
        problem = problem or text_problem(said, [rules.format(event, state, s) for s in seats])
    return problem


def picture_problem_at(rules, state) -> str | None:
    if type(rules).draw is Rules.draw:  # a game without pictures (the core's toys)
        return None
    seats = range(len(rules.seat_names(state)))
    return picture_problem(public_picture(rules, state), [rules.picture(state, s) for s in seats])


def sweep(rules, pairs: Iterator[tuple[Any, Any]], where: str, pictures: int = 1) -> int:
    """Check every position (the pictures, the costliest, at every `pictures`-th); how many were seen."""
    n = 0
    for n, (state, event) in enumerate(pairs, 1):
        problem = spectator_problem(rules, state, event) or (picture_problem_at(rules, state) if n % pictures == 0
                                                             else None)
        assert problem is None, f"{where}, position {n}: {problem}"
    return n


@pytest.mark.parametrize("game,config", cases())
def test_a_spectator_sees_only_what_every_seat_sees_in_seeded_playouts(game, config):
    rules = get_rules(game)
    for i, build in enumerate(playouts(game, range(1), config)):
        assert sweep(rules, positions(build), f"{game} {config.id} playout {i}", pictures=7) > 5


def table_positions(build) -> Iterator[tuple[Any, Any]]:
    """The positions of the build's record typed at a table (no seed: the recorder typed every outcome)."""
    source = build.session
    session = Session(msgspec.structs.replace(source.header, seed=None), source.rules, source.edition)
    pos = session.start(msgspec.json.encode(session.header))
    for raw in build.lines[1:]:
        event = session.decoder.decode(raw)
        if not isinstance(event, Meta):
            yield pos.state, event
        pos = session.step(pos, session.seal(pos, event), line_hash(raw))
    yield pos.state, None


@pytest.mark.parametrize("game", games())
def test_a_spectator_sees_only_what_every_seat_sees_at_a_table(game):
    rules = get_rules(game)
    build = next(playouts(game, range(1), default(game)))
    assert sweep(rules, table_positions(build), f"{game} at a table") > 5


def kept(game: str, seat: int) -> Builder:
    """The default playout retyped by `seat` as its own record, up to the first line needing a reveal."""
    rules = get_rules(game)
    config = next(c for c in configurations(game) if c.players > 1)  # a solo seat has no one to hide from
    full = next(playouts(game, range(1), config))
    head = json.loads(full.lines[0])
    header, session = make_header(game, head["players"], seed=None, options=head.get("options"), kept_by=seat)
    build = Builder.new(header, session)
    src, pos = full.session, full.session.start(full.lines[0])
    for raw in full.lines[1:]:
        event = src.decoder.decode(raw)
        try:
            typed = rules.parse(rules.format(event, pos.state, seat if isinstance(event, Chance) else None),
                                build.pos.state)
        except PlanetsLogError:
            break
        if typed_by_keeper(build, typed, event) is None:
            break
        pos = src.step(pos, event, line_hash(raw))
    return build


@pytest.mark.parametrize("game", [g for g in games() if get_rules(g).supports_kept_by])
@pytest.mark.parametrize("seat", [0, 1])
def test_a_spectator_sees_only_what_every_seat_sees_in_a_kept_record(game, seat):
    rules = get_rules(game)
    assert sweep(rules, positions(kept(game, seat)), f"{game} kept by seat {seat + 1}") > 5


class Hand(msgspec.Struct):
    cards: tuple[str, ...]
    size: int


@pytest.mark.parametrize("shape", [tuple, list])
def test_no_container_type_nesting_or_field_order_carries_a_seats_secret(shape):
    def seen(mine: str, theirs: str, first_key: str) -> Any:
        hands = shape([Hand((mine, "x"), 2), {"cards": shape([theirs, "x"]), "size": 2}])
        other = {"seats": hands, "round": 3}
        return other if first_key == "seats" else {"round": 3, "seats": hands}

    views = [seen("R5", "?", "seats"), seen("?", "B2", "round"), seen("?", "?", "seats")]
    spectator = meet(views)
    assert plain(spectator) == {"seats": [{"cards": [HIDDEN, "x"], "size": 2}] * 2, "round": 3}
    assert data_problem(plain(spectator), [plain(v) for v in views]) is None
