"""What one seat may know: an event's notation as that seat sees it."""

from __future__ import annotations

from typing import Any

import msgspec

from planets_log.record.events import Event

from .rules import TERMINAL, Rules


def format_as(rules: Rules, event: Event, state: Any, seat: int | None) -> str:
    """`event` in notation; with a seat, as that seat sees it (None: the scorekeeper's full view).

    A game without hidden information is asked without a seat, so its `format` may keep
    the two-argument form.
    """
    if seat is None or not rules.hidden_information:
        return rules.format(event, state)
    return rules.format(event, state, seat)


HIDDEN = "?"
"""What a spectator is shown wherever the seats' own views of the position differ."""


def _seats(rules: Rules, state: Any) -> range:
    return range(len(rules.seat_names(state)))


def _plain(data: Any) -> Any:
    """`data` as JSON gives it back (Structs and tuples become dicts and lists): what the views are compared as."""
    return msgspec.json.decode(msgspec.json.encode(data))


def public_view(rules: Rules, state: Any) -> Any:
    """The position as a spectator may know it: what every seat sees alike, HIDDEN wherever two seats differ."""
    if not rules.hidden_information:
        return rules.view(state)
    return meet([rules.view(state, seat) for seat in _seats(rules, state)])


def public_format(rules: Rules, event: Event, state: Any) -> str:
    """`event` in notation as a spectator may know it (word by word, as `public_view`)."""
    if not rules.hidden_information:
        return rules.format(event, state)
    return meet_text([rules.format(event, state, s) for s in _seats(rules, state)])


def public_words(rules: Rules, event: Event, state: Any) -> str:
    """`event` in plain words as a spectator may know it: word by word what every seat is told, a word that
    differs said as "(hidden)"."""
    if not rules.hidden_information:
        return rules.words(event, state)
    met = meet_text([rules.words(event, state, s) for s in _seats(rules, state)])
    return " ".join("(hidden)" if word == HIDDEN else word for word in met.split(" "))


def public_render(rules: Rules, state: Any) -> str:
    """The position as text as a spectator may know it (line by line and word by word, as `public_view`)."""
    if not rules.hidden_information:
        return rules.render(state)
    return meet_text([rules.render(state, s) for s in _seats(rules, state)])


def meet(seen: list[Any]) -> Any:
    """What all of `seen` (one view per seat) hold alike, leaf by leaf; HIDDEN wherever they differ.

    The views are compared as JSON (a Struct is a dict, a tuple a list): a dict is looked into at the keys
    every view has (the others are left out), a list when it has the same length in every view; a leaf
    is kept only when it is the same value of the same type in every view, and where some views hold a
    list and the others a number, that number when every list has that many items. No seat's value is ever chosen over another's, so no seat's
    secret can stand in for what the others see, whatever containers hold it.
    """
    return _meet([_plain(v) for v in seen])


def _meet(seen: list[Any]) -> Any:
    first = seen[0]
    if all(_same(v, first) for v in seen[1:]):
        return first
    if all(isinstance(v, dict) for v in seen):  # a key some view lacks is left out, its name with it
        return {k: _meet([v[k] for v in seen]) for k in first if all(k in v for v in seen)}
    if all(isinstance(v, list) and len(v) == len(first) for v in seen):
        return [_meet([v[i] for v in seen]) for i in range(len(first))]
    sizes = {_size(v) for v in seen}  # a hand one seat sees and the others count: its size, which each view tells
    return sizes.pop() if len(sizes) == 1 and None not in sizes else HIDDEN


def _size(v: Any) -> int | None:
    return len(v) if isinstance(v, list) else v if type(v) is int else None


def _same(a: Any, b: Any) -> bool:
    """True when `a` and `b` are the same JSON (1, 1.0 and True are three values here)."""
    return type(a) is type(b) and msgspec.json.encode(a, order="sorted") == msgspec.json.encode(b, order="sorted")


def meet_text(seen: list[str]) -> str:
    """`meet` for text: line by line, word by word; a line whose words do not line up is HIDDEN."""
    split = [s.split("\n") for s in seen]
    if any(len(s) != len(split[0]) for s in split):
        return HIDDEN
    lines = []
    for i in range(len(split[0])):
        words = [s[i].split(" ") for s in split]
        line = _meet(words) if all(len(w) == len(words[0]) for w in words) else HIDDEN
        lines.append(" ".join(line) if isinstance(line, list) else line)
    return "\n".join(lines)


def public_scores(rules: Rules, state: Any) -> list[int | None] | None:
    """The totals a spectator may know: each one every seat may know (None where some seat may not)."""
    seen = [rules.public_scores(state, seat) for seat in _seats(rules, state)]
    if not rules.hidden_information:
        return rules.public_scores(state)
    if any(s is None for s in seen):
        return None
    first = seen[0]
    assert first is not None
    return [v if all(s is not None and s[i] == v for s in seen) else None for i, v in enumerate(first)]


def public_picture(rules: Rules, state: Any) -> str:
    """The position as SVG as a spectator may see it: drawn from `public_view` with the totals every seat may know."""
    from .svg import Frame

    scores = public_scores(rules, state)
    frame = Frame(tuple(rules.seat_names(state)), None, rules.to_move(state), rules.round_of(state),
                  None if scores is None else tuple(scores), rules.title, spectator=True)
    return rules.draw(public_view(rules, state), frame, state)


def withheld(rules: Rules, state: Any, seat: int | None) -> bool:
    """True when `seat` may not be shown what may come next: another seat's choices or the possible draws
    of a game with hidden information (they could tell which cards the others hold)."""
    if seat is None or not rules.hidden_information:
        return False
    mover = rules.to_move(state)
    return mover != seat and mover != TERMINAL
