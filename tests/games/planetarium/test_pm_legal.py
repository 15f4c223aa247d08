"""`legal` lists exactly the candidates `check` accepts, on greedy and random games of every player count."""

from __future__ import annotations

import msgspec
import pytest

from planets_log.core.events import Meta
from planets_log.core.game import CHANCE
from planets_log.core.play import selfplay
from planets_log.core.record import line_hash
from planets_log.games.planetarium.legal import accepted

from .pm_helpers import RULES, greedy


def positions(build, every: int = 3):
    session = build.session
    pos = session.start(build.lines[0])
    for k, raw in enumerate(build.lines[1:]):
        event = session.decode(raw)
        if not isinstance(event, Meta) and k % every == 0:
            yield pos.state
        pos = session.step(pos, event, line_hash(raw))


@pytest.mark.parametrize("players,seed", [(1, 0), (2, 0), (3, 2), (4, 2)])
def test_legal_is_exactly_the_accepted_candidates(players, seed):
    """Every rule: legal() == the candidates check() accepts, and legal() is among the candidates."""
    build = greedy(seed, ["Ann", "Ben", "Cal", "Dee"][:players])
    for state in positions(build):
        if RULES.to_move(state) == CHANCE:
            continue
        legal = RULES.legal(state)
        keys = {msgspec.json.encode(e) for e in legal}
        candidates = RULES.candidates(state)
        assert keys <= {msgspec.json.encode(c) for c in candidates}
        for c in candidates:
            assert accepted(state, c) == (msgspec.json.encode(c) in keys), (state.phase, c)


def test_random_games_too():
    """The same on a uniformly random 2-player game (runs into the safeguard)."""
    build = selfplay("planetarium", 4, ["Ann", "Ben"])
    for state in positions(build, every=7):
        if RULES.to_move(state) == CHANCE:
            continue
        keys = {msgspec.json.encode(e) for e in RULES.legal(state)}
        for c in RULES.candidates(state):
            assert accepted(state, c) == (msgspec.json.encode(c) in keys), (state.phase, c)


def test_every_position_of_the_final_turns():
    """The Final Turn, Playing Final Cards: legal() == the accepted candidates at every final-turn position of the
    greedy games (uniform self-play rarely gets there), and Final cards are among the legal moves."""
    phases, finals = set(), 0
    for players, seed in [(1, 0), (2, 0), (3, 2), (4, 2)]:
        build = greedy(seed, ["Ann", "Ben", "Cal", "Dee"][:players])
        for state in positions(build, every=1):
            if not state.final_turn or RULES.to_move(state) == CHANCE:
                continue
            phases.add(state.phase)
            legal = RULES.legal(state)
            finals += sum(1 for e in legal if e.__struct_config__.tag == "final")
            keys = {msgspec.json.encode(e) for e in legal}
            for c in RULES.candidates(state):
                assert accepted(state, c) == (msgspec.json.encode(c) in keys), (state.phase, c)
    assert phases == {"move", "card", "final"} and finals > 0
