"""Hidden information, safe by default: what a seat sees is the same in the real state and in
any state `resample_hidden` makes for that seat (OpenSpiel's resample-from-information-state).

What a seat sees: the view, the text, the phone's layout, the move just made (in notation and in words), the moves listed to it (`moves`, the
prompt's `?` and Tab), its score sheet and the totals its export plots, and (issue 25) every
refusal of a move or outcome that both states refuse, as the seat reads it (`for_seat`)."""

from __future__ import annotations

import importlib
import inspect

import msgspec
import pytest

from planets_log.engine.redact import format_as, withheld
from planets_log.engine.registry import get_rules
from planets_log.engine.rng import rng
from planets_log.engine.rules import HOOKS, Rules, next_events
from planets_log.engine.scoring import seat_sheet
from tests.support.playouts import configurations
from tests.support.positions import cases, games, key, playouts, positions, probe_events

HIDDEN = [g for g in games() if get_rules(g).hidden_information]


def formats_per_seat(rules) -> bool:
    """True once the game's `format` takes a seat (the per-seat notation)."""
    return "seat" in inspect.signature(rules.format).parameters


def leak(rules, state, event, seat: int, stream, refusals: bool = True, probe=None) -> str | None:
    """What differs for `seat` between `state` and a resampled state, or None (`refusals`: the refusals too, of
    the candidates, the event and what `probe(state)` gives in either state)."""
    other = rules.resample_hidden(state, seat, stream)
    if rules.view(state, seat) != rules.view(other, seat):
        return "view"
    if rules.render(state, seat) != rules.render(other, seat):
        return "render"
    if event is not None and formats_per_seat(rules) and same_consequence(rules, state, other, event, seat):
        if rules.format(event, state, seat) != rules.format(event, other, seat):
            return "format"
        if rules.words(event, state, seat) != rules.words(event, other, seat):
            return "words"
    if rules.layout(rules.view(state, seat), state) != rules.layout(rules.view(other, seat), other):
        return "phone layout"
    if listed_to(rules, state, seat) != listed_to(rules, other, seat):
        return "moves listed"
    if seat_sheet(rules, state, seat)[0] != seat_sheet(rules, other, seat)[0]:
        return "score sheet"
    if rules.public_scores(state, seat) != rules.public_scores(other, seat):
        return "public scores"
    if not refusals:
        return None
    tried = ([event] if event is not None else []) + (probe(state) + probe(other) if probe is not None else [])
    return refusal_leak(rules, state, other, tried)


def listed_to(rules, state, seat: int) -> list[str]:
    """The moves `moves --as`, the prompt's `?` and Tab list to `seat`: none where they are withheld from it."""
    if withheld(rules, state, seat):
        return []
    return list(dict.fromkeys(format_as(rules, e, state, seat) for e in next_events(rules, state)))


def refusal_leak(rules, state, other, tried: list) -> str | None:
    """The first move or outcome both states refuse whose refusal a seat reads differently there, or None.

    Tried: the candidates of both states (illegal ones included), and `tried`. A refusal tells
    whoever types the move that it breaks a rule, and which one, as an accepted move tells that
    it breaks none (typing 'Ann: p R0s' probes Ann's hand either way); what it must not tell is
    more: so the texts of refusals under the same rule (code) are compared.
    """
    events = {key(e): e for s in (state, other) if rules.to_move(s) >= 0 for e in rules.candidates(s)}
    events.update((key(e), e) for e in tried)
    for event in events.values():
        seen = [refused(rules, s, event) for s in (state, other)]
        if seen[0] is not None and seen[1] is not None and seen[0][0] == seen[1][0] and seen[0] != seen[1]:
            return f"refusal of {key(event).decode()[:120]}: {seen[0][1]!r} / {seen[1][1]!r}"
    return None


def refused(rules, state, event) -> tuple[str, str] | None:
    """How a seat reads `check`'s refusal of `event` in `state`: (code, text); None if it is accepted."""
    from planets_log.record.errors import IllegalEvent

    try:
        rules.check(state, event)
    except IllegalEvent as exc:
        return exc.code, exc.for_seat().message
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


def resample_problem(rules, build, tag: str, every: int = 1, config=None) -> tuple[str | None, int]:
    """The first leak over every position (or every `every`-th) and seat of a playout, and how many resamples
    changed the state (`config`: its probe's wider net of moves is refused too, every `stride` positions)."""
    changed = 0
    for k, (state, event) in enumerate(positions(build)):
        if k % every:
            continue
        wide = config is not None and config.probe and k % config.stride == 0
        probe = (lambda s: probe_events(config, s) if rules.to_move(s) >= 0 else []) if wide else None
        for seat in range(len(rules.seat_names(state))):
            stream = rng(k, f"resample/{tag}/{seat}")
            # the refusals, the costliest to compare, for one seat a position in turn
            turn = (k // every) % len(rules.seat_names(state)) == seat
            what = leak(rules, state, event, seat, stream, refusals=turn, probe=probe)
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
        problem, n = resample_problem(rules, build, f"{game}/{i}", config.every, config)
        assert problem is None, problem
        changed += n
    hidden = "resample_hidden never changed anything: it does not redraw what is hidden"
    assert changed > 10 or config.players == 1, hidden


@pytest.mark.parametrize("game", HIDDEN)
def test_a_game_with_hidden_information_gives_its_own_per_seat_hooks(game):
    rules = get_rules(game)
    for hook in ("view", "render", "resample_hidden"):
        module, function = HOOKS[hook]
        forwarded = rules.modules is not None and hasattr(importlib.import_module(f"{rules.modules}.{module}"), function)
        assert forwarded or getattr(type(rules), hook) is not getattr(Rules, hook), f"{game} must give its own {hook}"


def test_the_default_view_refuses_a_seat_in_a_game_with_hidden_information():
    from tests.support.toy import RULES as toy

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
