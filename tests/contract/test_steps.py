"""The steps a recorder writes by itself (docs/adding-a-game.md: `noop`, `forced`, `owed`), for every game:
what a game gives is a legal move of the seat to move, and nothing is given at a chance point or the end."""

from __future__ import annotations

import pytest

from planets_log.engine.registry import get_rules
from tests.support.positions import cases, playouts, positions


@pytest.mark.parametrize(("game", "config"), cases())
def test_declined_and_forced_steps_are_legal_moves_of_the_seat_to_move(game, config):
    rules = get_rules(game)
    for build in playouts(game, range(1), config):
        for state, _event in positions(build):
            mover = rules.to_move(state)
            for hook in (rules.noop, rules.forced):
                step = hook(state)
                if step is None:
                    continue
                assert mover >= 0, f"{game}: {hook.__name__} gives a move where no seat is to move"
                assert getattr(step, "by", None) == mover, f"{game}: {hook.__name__} gives another seat's move"
                rules.check(state, step)  # raises IllegalEvent when the step is not legal
            if mover < 0:
                assert rules.owed(state) is None, f"{game}: owed() speaks where no seat is to move"
