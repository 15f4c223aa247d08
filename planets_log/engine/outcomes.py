"""Chance outcomes as a game lists them: weighted, uniform or sampled, and the test of a typed one."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, Callable, Hashable, Sequence

import msgspec

from planets_log.record.events import UNKNOWN, Chance, Disclosure

from . import multiset

if TYPE_CHECKING:
    from fractions import Fraction  # imported by `listed`: replaying a seeded record lists no outcome

Outcome = Chance | Disclosure
"""A chance outcome, or in a kept record the reveal a chance point waits for (a Disclosure)."""


class Outcomes(msgspec.Struct, frozen=True):
    """The chance outcomes possible at a chance point.

    Either `listed`: every outcome with its probability (summing to 1), or, where listing
    is impractical (a shuffled deck), `count` (how many outcomes) and `sampler(rng)`,
    which draws one with the right probabilities from a core random stream.

    A table game's typed outcome is checked against them (`refusal`): a listed outcome in
    its canonical form (`unordered`: its lists are multisets, a hand of cards written in
    any order; a `?` part stands for anything the listed outcomes hold there), a counted
    one by `admit` (every named card still there, as often as named). `rule` is the
    rulebook section that says what can happen here. `words`: for counted outcomes, the
    words they are typed with here after their first (the cards still possible, as often
    as they are there, and any separators), which the prompt lists and Tab completes.
    """

    listed: tuple[tuple[Outcome, Fraction], ...] | None = None
    count: int | None = None
    sampler: Callable[[Any], Outcome] | None = None
    rule: str = ""
    unordered: bool = False
    admit: Callable[[Chance], str | None] | None = None
    words: tuple[str, ...] = ()

    def refusal(self, event: Chance) -> str | None:
        """Why `event` cannot be one of these outcomes, or None (also when they are only counted, untested)."""
        if self.admit is not None:
            return self.admit(event)
        if self.listed is None:
            return None
        exact = msgspec.structs.replace(event, seq=0, prev="")
        if any(p and e == exact for e, p in self.listed):  # the usual case: written as the game lists it
            return None
        want = canonical(event, self.unordered)
        hidden = UNKNOWN.encode() in msgspec.json.encode(want)
        if self.unordered or hidden:
            for e, p in self.listed:
                if p and ((have := canonical(e, self.unordered)) == want or (hidden and fits(want, have))):
                    return None
        elif any(p and canonical(e) == want for e, p in self.listed):
            return None
        return f"it is not one of the {len(self.listed)} outcomes possible here"

    def admits(self, event: Chance) -> bool:
        """True when `event` can be one of these outcomes."""
        return self.refusal(event) is None

    def events(self) -> list[Outcome]:
        """The listed outcomes that can happen ([] when they are only counted)."""
        return [e for e, p in self.listed or () if p]


def canonical(event: Outcome, unordered: bool = False) -> Any:
    """An outcome's contents as plain data, without seq and prev; `unordered`: every list sorted."""
    data = msgspec.to_builtins(event)
    data.pop("seq", None)
    data.pop("prev", None)
    return _sorted_lists(data) if unordered else data


def _sorted_lists(value: Any) -> Any:
    if isinstance(value, dict):
        return {k: _sorted_lists(v) for k, v in value.items()}
    if isinstance(value, (list, tuple)):
        return sorted((_sorted_lists(v) for v in value), key=msgspec.json.encode)
    return value


def fits(typed: Any, listed: Any) -> bool:
    """True when `typed` (with `?` parts) can be `listed`: a `?` stands for any value there;
    a list with `?` items fits when its named items are among the listed ones, as often."""
    if typed == UNKNOWN:
        return True
    if isinstance(typed, dict) and isinstance(listed, dict):
        return typed.keys() == listed.keys() and all(fits(v, listed[k]) for k, v in typed.items())
    if isinstance(typed, (list, tuple)) and isinstance(listed, (list, tuple)):
        if len(typed) != len(listed):
            return False
        if UNKNOWN in typed and all(not isinstance(v, (dict, list, tuple)) for v in listed):
            named = [v for v in typed if v != UNKNOWN]
            return multiset.missing(listed, named) is None
        return all(fits(t, x) for t, x in zip(typed, listed))
    return bool(typed == listed)


def pool_refusal(pool: Sequence[Hashable], named: Sequence[Hashable], where: str, size: int | None = None) -> str | None:
    """Why the cards `named` cannot all come from `pool` (`?` is any card of it; repeats count), or None.

    `where` names the pile in the message; `size`, when given, is how many cards the outcome holds.
    """
    if size is not None and len(named) != size:
        return f"{size} card{'s' if size != 1 else ''} come from {where}, not {len(named)}"
    known = [c for c in named if c != UNKNOWN]
    gone = multiset.missing(pool, known)
    if gone is not None:
        held = sum(1 for c in pool if c == gone)
        if held == 0:
            return f"{gone} is not among the {len(pool)} cards left in {where}"
        return f"{gone} is named {known.count(gone)} times; {where} holds {held}"
    if len(named) > len(pool):
        return f"{len(named)} cards named; {where} holds {len(pool)}"
    return None


def listed(weighted: Sequence[tuple[Outcome, int]], **how: Any) -> Outcomes:
    """Outcomes from (outcome, weight) pairs: equal outcomes merged, probabilities as Fractions
    (`how`: Outcomes' rule, unordered, admit)."""
    from fractions import Fraction

    total = sum(w for _, w in weighted)
    merged: dict[bytes, tuple[Outcome, int]] = {}
    for event, w in weighted:
        key = msgspec.json.encode(event)
        old = merged.get(key)
        merged[key] = (event, w + (old[1] if old else 0))
    odds = {w: Fraction(w, total) for w in {w for _, w in merged.values()}}  # most outcomes share one weight
    return Outcomes(listed=tuple((e, odds[w]) for e, w in merged.values() if w), **how)


def uniform(events: Sequence[Outcome], **how: Any) -> Outcomes:
    """Each of `events` equally likely (repeats count as often as they appear: cards of one kind in a pile)."""
    return listed([(e, 1) for e in events], **how)


def sampled(count: int, sampler: Callable[[Any], Outcome], **how: Any) -> Outcomes:
    """Outcomes too many to list: `count` equally likely draws, and the seeded sampler (`how`: rule, admit, words)."""
    return Outcomes(count=count, sampler=sampler, **how)


def possible(outcomes: Outcomes, event: Chance) -> bool | None:
    """Whether `event` can be one of `outcomes` (None when they are only counted, with no test)."""
    if outcomes.listed is None and outcomes.admit is None:
        return None
    return outcomes.admits(event)
