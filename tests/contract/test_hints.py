"""Chance hints are built from the position (docs/table.md: what the prompt says): the example every hint
printed during the contract playouts carries, typed back into a table game at that point, is accepted."""

from __future__ import annotations

import pytest

from planets_log.engine.hints import EXAMPLE, hint, typed_example
from planets_log.engine.registry import get_rules
from planets_log.engine.rules import CHANCE
from planets_log.engine.session import Position
from tests.support.positions import cases, playouts, positions
from tests.contract.test_chance_outcomes import table_session


@pytest.mark.parametrize(("game", "config"), cases())
def test_every_hint_typed_back_is_accepted(game, config):
    rules = get_rules(game)
    seen = 0
    for build in playouts(game, range(2), config):
        session = table_session(build)
        for state, _event in positions(build):
            if rules.to_move(state) != CHANCE:
                continue
            printed = hint(rules, state)
            typed = typed_example(printed)
            assert typed is not None, f"{game}: the hint {printed!r} gives nothing to type"
            pos = Position(state=state, seq=7, head="0" * 32)
            event = session.seal(pos, rules.parse(typed, state))
            session.step(pos, event, "1" * 32)  # raises IllegalEvent when refused
            seen += 1
    assert seen, f"{game} {config.id}: no chance point in the playouts"


def test_the_planetship_reward_hint_names_the_zones_of_this_grid():
    """Start of Round: the rewards hint's slots are the grid's zones, not a fixed example's (zone 2 and 9 may be
    missing), and its cards are cards still in the deck."""
    from tests.games.planetship_2491.helpers import GAME, NAMES

    from planets_log.engine.play import selfplay

    build = selfplay(GAME, 3, NAMES[:2], rng_version=1)
    rules = get_rules(GAME)
    for state, _event in positions(build):
        if rules.to_move(state) == CHANCE and state.phase == "rewards":
            printed = hint(rules, state)
            zones = sorted({z for z, _ in state.grid})
            shown = [int(w.split(":")[0]) for w in printed.split(EXAMPLE)[0].split() if ":" in w and w[0].isdigit()]
            assert shown == zones, printed
            cards = [c for w in typed_example(printed).split()[1:] for c in w.split(":")[1].split("+")]
            assert all(c in state.deck + state.bottom for c in cards if c != "-"), printed
            break
    else:
        pytest.fail("no rewards point")
