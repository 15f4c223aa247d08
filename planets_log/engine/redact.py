"""What one seat may know: an event's notation as that seat sees it."""

from __future__ import annotations

from typing import Any

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
"""What a spectator is shown where the seats' own views disagree and no seat's hidden form can stand in."""
_NOTHING = object()


def _seats(rules: Rules, state: Any) -> range:
    return range(len(rules.seat_names(state)))


def public_view(rules: Rules, state: Any) -> Any:
    """The position as a spectator may know it: what every seat sees alike; where the seats see it differently,
    the form a seat that may not see it is shown (a card's back, a hand's size)."""
    if not rules.hidden_information:
        return rules.view(state)
    return meet(rules.view(state), [rules.view(state, seat) for seat in _seats(rules, state)])


def public_format(rules: Rules, event: Event, state: Any) -> str:
    """`event` in notation as a spectator may know it (word by word, as `public_view`)."""
    if not rules.hidden_information:
        return rules.format(event, state)
    return meet_text(rules.format(event, state), [rules.format(event, state, s) for s in _seats(rules, state)])


def public_render(rules: Rules, state: Any) -> str:
    """The position as text as a spectator may know it (line by line and word by word, as `public_view`)."""
    if not rules.hidden_information:
        return rules.render(state)
    return meet_text(rules.render(state), [rules.render(state, s) for s in _seats(rules, state)])


def meet(full: Any, seen: list[Any]) -> Any:
    """What all of `seen` (JSON data, one per seat) agree on; where they differ, the first seat's value that is
    not the full view's (`full`, the scorekeeper's), or HIDDEN when the full view cannot tell which that is."""
    first = seen[0]
    if all(v == first for v in seen[1:]):
        return first
    if all(isinstance(v, dict) and v.keys() == first.keys() for v in seen):
        inner = full if isinstance(full, dict) else {}
        return {k: meet(inner.get(k, _NOTHING), [v[k] for v in seen]) for k in first}
    if all(isinstance(v, list) and len(v) == len(first) for v in seen):
        same = isinstance(full, list) and len(full) == len(first)
        return [meet(full[i] if same else _NOTHING, [v[i] for v in seen]) for i in range(len(first))]
    if full is _NOTHING:
        return HIDDEN
    return next(v for v in seen if v != full)


def meet_text(full: str, seen: list[str]) -> str:
    """`meet` for text: line by line, word by word; a line whose words do not line up is HIDDEN."""
    split = [s.split("\n") for s in seen]
    if any(len(s) != len(split[0]) for s in split):
        return HIDDEN
    full_lines = full.split("\n")
    lines = []
    for i in range(len(split[0])):
        words = [s[i].split(" ") for s in split]
        if any(len(w) != len(words[0]) for w in words):
            lines.append(HIDDEN)
            continue
        mine = full_lines[i].split(" ") if len(full_lines) == len(split[0]) else []
        line = meet(mine if len(mine) == len(words[0]) else _NOTHING, words)
        lines.append(" ".join(line) if isinstance(line, list) else str(line))
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
