"""Hidden information, safe by default: what a seat sees is the same in the real state and in
any state `resample_hidden` makes for that seat (OpenSpiel's resample-from-information-state)."""

from __future__ import annotations

import inspect

import msgspec
import pytest

from planets_log.engine.rules import Rules
from planets_log.engine.registry import get_rules
from planets_log.engine.rng import rng
from tests.contract.playouts import configurations
from tests.contract.positions import cases, games, playouts, positions

HIDDEN = [g for g in games() if get_rules(g).hidden_information]


def formats_per_seat(rules) -> bool:
    """True once the game's `format` takes a seat (the per-seat notation)."""
    return "seat" in inspect.signature(rules.format).parameters


def leak(rules, state, event, seat: int, stream) -> str | None:
    """What differs for `seat` between `state` and a resampled state, or None."""
    other = rules.resample_hidden(state, seat, stream)
    if rules.view(state, seat) != rules.view(other, seat):
        return "view"
    if rules.render(state, seat) != rules.render(other, seat):
        return "render"
    if event is not None and formats_per_seat(rules) and same_consequence(rules, state, other, event, seat):
        if rules.format(event, state, seat) != rules.format(event, other, seat):
            return "format"
    return None


def same_consequence(rules, state, other, event, seat: int) -> bool:
    """True when `event` may happen in the resampled state too and leaves `seat` seeing the same there.

    A move can reveal what was hidden (a card discarded face up): the move text is compared
    only between states that agree with what the move shows the seat.
    """
    from planets_log.record.errors import IllegalEvent

    try:
        rules.check(other, event)
        after = rules.apply(other, event)
    except IllegalEvent:
        return False
    return rules.view(after, seat) == rules.view(rules.apply(state, event), seat)


def resample_problem(rules, build, tag: str, every: int = 1) -> tuple[str | None, int]:
    """The first leak over every position (or every `every`-th) and seat of a playout, and how many resamples
    changed the state."""
    changed = 0
    for k, (state, event) in enumerate(positions(build)):
        if k % every:
            continue
        for seat in range(len(rules.seat_names(state))):
            stream = rng(k, f"resample/{tag}/{seat}")
            what = leak(rules, state, event, seat, stream)
            if what is not None:
                return f"seat {seat + 1}'s {what} differs after resample_hidden at position {k}", changed
            other = rules.resample_hidden(state, seat, rng(k, f"resample/{tag}/{seat}"))
            changed += msgspec.json.encode(other) != msgspec.json.encode(state)
    return None, changed


@pytest.mark.parametrize("game,config", cases(HIDDEN))
def test_every_seat_sees_the_same_in_a_resampled_state(game, config):
    rules = get_rules(game)
    changed = 0
    for i, build in enumerate(playouts(game, range(2), config)):
        problem, n = resample_problem(rules, build, f"{game}/{i}", config.every)
        assert problem is None, problem
        changed += n
    hidden = "resample_hidden never changed anything: it does not redraw what is hidden"
    assert changed > 10 or config.players == 1, hidden


@pytest.mark.parametrize("game", HIDDEN)
def test_a_game_with_hidden_information_gives_its_own_per_seat_hooks(game):
    rules = get_rules(game)
    for hook in ("view", "render", "resample_hidden"):
        assert getattr(type(rules), hook) is not getattr(Rules, hook), f"{game} must give its own {hook}"


def test_the_default_view_refuses_a_seat_in_a_game_with_hidden_information():
    from tests.core.toy import RULES as toy

    class Secretive(type(toy)):
        hidden_information = True
        view = Rules.view

    build = next(playouts("countdown", range(1)))
    state = build.pos.state
    assert Secretive().view(state) is not None
    with pytest.raises(NotImplementedError):
        Secretive().view(state, 0)


@pytest.mark.parametrize("game", HIDDEN)
def test_a_hidden_card_shown_in_a_seats_view_is_caught(game):
    rules = get_rules(game)

    class Leaky(type(rules)):
        def view(self, state, seat=None):
            return super().view(state, None)  # everything, to every seat

    config = next(c for c in configurations(game) if c.players > 1)  # a solo seat has no one to hide from
    problems = [resample_problem(Leaky(), build, "leaky")[0] for build in playouts(game, range(1), config)]
    assert any(p is not None and "view" in p for p in problems)
