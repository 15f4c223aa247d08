"""Chance outcomes at the boundary, for every registered game (docs/adding-a-game.md, docs/table.md).

`legal()` lists no outcome at a chance point; `chance_outcomes` admits every seeded outcome
in its canonical form and refuses a crafted impossible one, and the engine of a table game
refuses it too; a record kept by one player types `?` parts that are admitted.
"""

from __future__ import annotations

import json

import msgspec
import pytest

from planets_log.engine.session import Position
from planets_log.record.errors import IllegalEvent, PlanetsLogError
from planets_log.record.events import UNKNOWN, Chance
from planets_log.engine.rules import CHANCE
from planets_log.engine.outcomes import canonical
from planets_log.engine.play import Builder, make_header, selfplay
from planets_log.record.lines import line_hash
from planets_log.engine.registry import get_rules
from tests.support.positions import games, playouts, positions

SENTINEL_CARD, SENTINEL_NUMBER = "no-such-card", 999


def chance_points(game: str, seeds: range):
    """(build, state, outcome) at every chance point of seeded playouts."""
    rules = get_rules(game)
    for build in playouts(game, seeds):
        for state, event in positions(build):
            if event is not None and rules.to_move(state) == CHANCE:
                yield build, state, event


def table_session(build):
    """The build's session as a table game (no seed): typed outcomes pass the table gates."""
    from planets_log.engine.session import Session

    session = build.session
    return Session(msgspec.structs.replace(session.header, seed=None), session.rules, session.edition)


def typed_at(session, state, event):
    """Type `event` into a table game at `state` (seq and prev filled in); the position after it."""
    pos = Position(state=state, seq=7, head="0" * 32)
    return session.step(pos, session.seal(pos, event), "1" * 32)


def crafted(event: Chance) -> Chance | None:
    """`event` with its first card, number or list item replaced by one no component has (None: nothing to replace)."""
    data = msgspec.to_builtins(event)
    for name, value in data.items():
        if name in ("type", "seq", "prev"):
            continue
        bad = _impossible(value)
        if bad is not None:
            data[name] = bad
            return msgspec.convert(data, type=type(event))
    return None


def _impossible(value):
    if isinstance(value, bool) or value is None:
        return None
    if isinstance(value, str):
        return SENTINEL_CARD
    if isinstance(value, int):
        return SENTINEL_NUMBER
    if isinstance(value, (list, tuple)) and value and _impossible(value[0]) is not None:
        return [_impossible(value[0]), *value[1:]]
    return None


@pytest.mark.parametrize("game", games())
def test_legal_lists_no_outcome_at_a_chance_point(game):
    rules = get_rules(game)
    seen = 0
    for _, state, _ in chance_points(game, range(3)):
        assert rules.legal(state) == [], f"{game}: legal() lists outcomes at a chance point"
        seen += 1
    assert seen > 5


@pytest.mark.parametrize("game", games())
def test_every_seeded_outcome_is_admitted_and_typed_at_a_table_passes(game):
    rules = get_rules(game)
    for build, state, event in chance_points(game, range(3)):
        outcomes = rules.chance_outcomes(state)
        assert outcomes.refusal(event) is None, f"{game}: the seed gave {event!r}, chance_outcomes refuses it"
        assert outcomes.rule, f"{game}: chance_outcomes names no rule at {type(event).__name__}"
        typed_at(table_session(build), state, event)


@pytest.mark.parametrize("game", games())
def test_a_crafted_impossible_outcome_is_refused_by_the_outcomes_and_the_table_gates(game):
    rules = get_rules(game)
    tried = set()
    for build, state, event in chance_points(game, range(2)):
        bad = crafted(event)
        if bad is None:
            continue
        assert rules.chance_outcomes(state).refusal(bad) is not None, f"{game}: {bad!r} admitted"
        with pytest.raises(IllegalEvent):
            typed_at(table_session(build), state, bad)
        tried.add(type(event))
    assert tried, f"{game}: no chance outcome could be crafted impossible"


def kept_outcomes(game: str, seat: int, seed: int):
    """(kept state, typed outcome) for every chance line of a seeded playout retyped by `seat` as its own record,
    up to the first line that needs a reveal this test does not type."""
    rules = get_rules(game)
    full = selfplay(game, seed, [f"P{i + 1}" for i in range(max(2, rules.min_players))])
    head = json.loads(full.lines[0])
    header, session = make_header(game, head["players"], seed=None, options=head.get("options"), kept_by=seat)
    kept = Builder.new(header, session)
    src, pos = full.session, full.session.start(full.lines[0])
    for raw in full.lines[1:]:
        event = src.decoder.decode(raw)
        before = kept.pos.state
        try:  # an outcome as the keeper sees it; an action as played (the keeper watches it)
            typed = rules.parse(rules.format(event, pos.state, seat if isinstance(event, Chance) else None), before)
        except PlanetsLogError:
            return
        typed = typed_by_keeper(kept, typed, event)
        if typed is None:
            return  # the game asks for a reveal here, which this test does not type
        if isinstance(typed, Chance):
            yield before, typed
        pos = src.step(pos, event, line_hash(raw))


def typed_by_keeper(kept: Builder, typed, event):
    """Add the seat's form of `event` to the kept record; where `check` wants a `?` named (a card the keeper
    looks at), name one more part from the full event. The form added, or None when none is taken."""
    tries = [typed] + [named for named in _one_named(typed, event)]
    for attempt in tries:
        try:
            kept.add(attempt)
            return attempt
        except PlanetsLogError as exc:
            assert exc.code != "chance.impossible", f"the kept form {attempt!r} is refused: {exc}"
    return None


def _one_named(typed, event):
    """`typed` with one of its `?` list items named as in `event`, for each such item."""
    if not isinstance(typed, Chance) or type(typed) is not type(event):
        return
    for name in typed.__struct_fields__:
        mine, real = getattr(typed, name), getattr(event, name)
        if isinstance(mine, tuple) and isinstance(real, tuple) and len(mine) == len(real):
            for i, part in enumerate(mine):
                if part == UNKNOWN:
                    yield msgspec.structs.replace(typed, **{name: mine[:i] + (real[i],) + mine[i + 1:]})


@pytest.mark.parametrize("game", [g for g in games() if get_rules(g).supports_kept_by])
def test_the_kept_by_form_with_unknown_parts_is_admitted(game):
    rules = get_rules(game)
    hidden = 0
    for seat in (0, 1):
        for seed in range(2):
            for state, typed in kept_outcomes(game, seat, seed):
                assert rules.chance_outcomes(state).refusal(typed) is None, f"{game}: {typed!r} refused"
                hidden += UNKNOWN in json.dumps(canonical(typed))
    assert hidden > 0, f"{game}: no kept outcome had a '?' part"


def test_the_canonical_form_compares_hands_as_multisets_and_unknowns_as_anything():
    from planets_log.engine.outcomes import uniform
    from tests.support.toy import Pile

    class Hand(Chance, tag="hand"):
        cards: tuple[str, ...]

    outcomes = uniform([Hand(cards=("a", "b", "b")), Hand(cards=("a", "c", "d"))], unordered=True, rule="Deal")
    assert outcomes.admits(Hand(cards=("b", "a", "b")))
    assert outcomes.admits(Hand(cards=("?", "b", "?")))
    assert outcomes.admits(Hand(cards=("d", "?", "?")))
    assert not outcomes.admits(Hand(cards=("a", "a", "?")))  # two a: no listed hand holds them
    assert not outcomes.admits(Hand(cards=("a", "b")))
    ordered = uniform([Hand(cards=("a", "b"))], rule="Deal")
    assert ordered.admits(Hand(cards=("a", "b"))) and not ordered.admits(Hand(cards=("b", "a")))
    assert not uniform([Pile(size=3)]).admits(Pile(size=4))


def test_the_pool_test_counts_copies_and_unknowns():
    from planets_log.engine.outcomes import pool_refusal

    deck = ("a", "b", "b", "c")
    assert pool_refusal(deck, ["b", "b", "?"], "the deck") is None
    assert "named 2 times; the deck holds 1" in pool_refusal(deck, ["a", "a"], "the deck")
    assert "not among the 4 cards left in the deck" in pool_refusal(deck, ["z"], "the deck")
    assert "5 cards named" in pool_refusal(deck, ["?"] * 5, "the deck")
    assert "3 cards come from the deck, not 2" in pool_refusal(deck, ["a", "b"], "the deck", 3)
