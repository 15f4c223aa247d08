"""States are immutable all the way down (docs/adding-a-game.md, the house plan's `state.py`).

Every game's state type is walked through its annotations (msgspec Struct fields,
recursively), and every state of seeded random playouts is walked value by value: a dict,
list, set or any other mutable container, a Struct or dataclass that is not frozen, fails.
"""

from __future__ import annotations

import dataclasses
import enum
import types
import typing
from fractions import Fraction
from typing import Any, Iterator

import msgspec
import pytest

from planets_log.engine.registry import game_ids, get_rules
from tests.support.positions import playouts, positions

GAMES = game_ids()
LEAVES = (str, int, float, bool, bytes, type(None), Fraction, enum.Enum, msgspec.UnsetType)
IMMUTABLE_ORIGINS = (tuple, frozenset, typing.Union, types.UnionType, typing.Literal, typing.Annotated)


def frozen(cls: type) -> bool:
    """Whether instances of a Struct or dataclass type refuse assignment."""
    if issubclass(cls, msgspec.Struct):
        return bool(cls.__struct_config__.frozen)
    return bool(cls.__dataclass_params__.frozen)  # type: ignore[attr-defined]


def type_problems(hint: Any, path: str, seen: set[type]) -> Iterator[str]:
    """Every place in the annotation `hint` where a state could hold something mutable."""
    origin = typing.get_origin(hint)
    if origin is None:
        if hint is Any or isinstance(hint, typing.TypeVar) or hint in LEAVES:
            return
        if isinstance(hint, type) and (issubclass(hint, msgspec.Struct) or dataclasses.is_dataclass(hint)):
            if not frozen(hint):
                yield f"{path}: {hint.__name__} is not frozen"
            if hint not in seen:
                seen.add(hint)
                for name, field_hint in typing.get_type_hints(hint).items():
                    yield from type_problems(field_hint, f"{path}.{name}", seen)
            return
        if isinstance(hint, type) and issubclass(hint, LEAVES):
            return
        yield f"{path}: {getattr(hint, '__name__', hint)} is not an immutable type"
        return
    if origin not in IMMUTABLE_ORIGINS:
        yield f"{path}: {hint} is a mutable container"
        return
    if origin is typing.Literal:
        return
    args = typing.get_args(hint)[:1] if origin is typing.Annotated else typing.get_args(hint)
    for arg in args:
        if arg is not Ellipsis:
            yield from type_problems(arg, f"{path}[]", seen)


def value_problems(value: Any, path: str) -> Iterator[str]:
    """Every place in `value` that is mutable: a container, or a Struct or dataclass that is not frozen."""
    if isinstance(value, LEAVES):
        return
    if isinstance(value, (tuple, frozenset)):
        for i, item in enumerate(value):
            yield from value_problems(item, f"{path}[{i}]")
        return
    cls = type(value)
    if isinstance(value, msgspec.Struct) or dataclasses.is_dataclass(value):
        if not frozen(cls):
            yield f"{path}: {cls.__name__} is not frozen"
        names = cls.__struct_fields__ if isinstance(value, msgspec.Struct) else [
            f.name for f in dataclasses.fields(value)]
        for name in names:
            yield from value_problems(getattr(value, name), f"{path}.{name}")
        return
    yield f"{path}: a {cls.__name__} ({value!r:.60})"


def state_type(game: str) -> type:
    """The type of a game's state, as its setup makes it."""
    build = next(playouts(game, range(1)))
    return type(build.session.start(build.lines[0]).state)


@pytest.mark.parametrize("game", GAMES)
def test_the_state_type_holds_no_mutable_container(game):
    cls = state_type(game)
    assert not list(type_problems(cls, cls.__name__, set()))


@pytest.mark.parametrize("game", GAMES)
def test_every_state_of_random_playouts_is_immutable_all_the_way_down(game):
    states = 0
    for build in playouts(game, range(2)):
        for state, _ in positions(build):
            problems = list(value_problems(state, "state"))
            assert not problems, f"{game} at a position of {build.session.header.log_id}: {problems[:3]}"
            states += 1
    assert states >= 20  # every position of several whole games


class _Inner(msgspec.Struct, frozen=True):
    cards: tuple[str, ...]
    counts: dict[str, int]


class _Outer(msgspec.Struct, frozen=True):
    inner: _Inner
    seats: list[int]
    loose: "_Loose | None" = None


class _Loose(msgspec.Struct):
    n: int = 0


def test_the_walks_find_a_dict_a_list_and_a_struct_that_is_not_frozen():
    """The check itself: a crafted state with a dict, a list and a mutable Struct inside is refused."""
    found = list(type_problems(_Outer, "state", set()))
    assert any("state.inner.counts" in p for p in found) and any("state.seats" in p for p in found)
    assert any("_Loose is not frozen" in p for p in found)
    value = _Outer(_Inner(("a",), {"a": 1}), [1], _Loose())
    found = list(value_problems(value, "state"))
    assert [p.split(":")[0] for p in found] == ["state.inner.counts", "state.seats", "state.loose"]
