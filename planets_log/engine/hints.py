"""What a table's scorekeeper is told at a chance point: the game's hint, an outcome that can
happen here (built from the position, so it can be typed as it stands), and the words Tab completes;
and who acts next, in words (`mover_text`, for the command line and the server alike)."""

from __future__ import annotations

import re
from typing import TYPE_CHECKING, Any

from planets_log.record.events import Chance, Disclosure

from .outcomes import Outcomes
from .rng import rng
from .rules import CHANCE, TERMINAL, Rules

if TYPE_CHECKING:
    from .session import Position, Session

EXAMPLE = " — e.g. "
"""Between the game's hint and the example outcome in every hint printed."""
LISTED_WORDS = 80
"""`?` lists a counted outcome's words up to this many distinct ones (more: only how many)."""
_TOKEN = re.compile(r"[^\s:+]+:?")
"""A typed word of an outcome: `0:27` is the two words `0:` and `27` (a zone's reward slot, then its card)."""


def outcomes_here(rules: Rules, state: Any) -> Outcomes | None:
    """The game's outcomes at this chance point, or None (not a chance point, or the game lists none)."""
    if rules.to_move(state) != CHANCE:
        return None
    try:
        return rules.chance_outcomes(state)
    except (NotImplementedError, ValueError):
        return None


def example(rules: Rules, state: Any) -> Chance | Disclosure | None:
    """An outcome that can happen here: the first one listed, or one drawn by the game's sampler from a fixed stream."""
    outcomes = outcomes_here(rules, state)
    if outcomes is None:
        return None
    listed = outcomes.events()
    if listed:
        return listed[0]
    if outcomes.sampler is None or not outcomes.count:
        return None
    return outcomes.sampler(rng(0, "hint"))


def hint(rules: Rules, state: Any, seat: int | None = None, spectator: bool = False) -> str:
    """The game's hint at this chance point followed by an example outcome as it would be typed: the
    one text the command line and the server print.

    To a seat (or a spectator) of a game with hidden information, the hint alone: an example drawn
    from what is still possible could tell which cards the others hold.
    """
    text = rules.chance_hint(state)
    private = seat is not None or spectator
    shown = None if private and rules.hidden_information else example(rules, state)
    if shown is None:
        return text
    return f"{text}{EXAMPLE}{rules.format(shown, state)}"


def typed_example(printed: str) -> str | None:
    """The example outcome of a printed hint (what typing the hint back types), or None."""
    _, sep, tail = printed.rpartition(EXAMPLE)
    return tail if sep else None


def counted(rules: Rules, state: Any) -> Outcomes | None:
    """The outcomes here when they are only counted (too many to list), else None."""
    outcomes = outcomes_here(rules, state)
    return outcomes if outcomes is not None and outcomes.listed is None and outcomes.count else None


def word_completions(rules: Rules, state: Any, line: str) -> list[str]:
    """At a counted chance point: `line` completed by its outcome's first word, or by one more of the
    outcome's words (the cards still possible, less those already typed)."""
    outcomes = counted(rules, state)
    shown = example(rules, state) if outcomes is not None else None
    if outcomes is None or shown is None:
        return []
    head = rules.format(shown, state).split()[0]
    typed = line.lstrip()
    if " " not in typed:
        return [head + " "] if head.startswith(typed) else []
    return _next_word(outcomes.words, line)


def _next_word(words: tuple[str, ...], line: str) -> list[str]:
    """`line` with one more of `words` after it, less the words typed already."""
    cut = max(line.rfind(" "), line.rfind(":"), line.rfind("+")) + 1
    done, partial = line[:cut], line[cut:]
    left = list(words)
    for token in _TOKEN.findall(done.lstrip().partition(" ")[2]):
        if token in left:
            left.remove(token)
    slots = [w for w in left if w.endswith(":")]
    # a word ending in ':' opens a slot (`0:`) and a card fills it: after a space only slots, after ':' only cards
    left = slots if slots and done.endswith(" ") else [w for w in left if not w.endswith(":")]
    return [done + w for w in dict.fromkeys(left) if w.startswith(partial)]


def words_listing(outcomes: Outcomes) -> str:
    """What `?` says of a counted outcome: how many there are, and the words they are typed with."""
    distinct = list(dict.fromkeys(outcomes.words))
    if not distinct:
        return f"({outcomes.count:,} possible outcomes; the hint says how they are typed)"
    head = f"({outcomes.count:,} possible outcomes; Tab completes them word by word)"
    if len(distinct) > LISTED_WORDS:
        return f"{head}\n({len(distinct)} different words are possible here)"
    return f"{head}\nthe words possible here: {' '.join(distinct)}"


def mover_text(session: Session, pos: Position, seat: int | None = None) -> str:
    """Who acts next, in words (with `seat`, as that seat may be told it)."""
    mover = session.to_move(pos)
    if mover == TERMINAL:
        return "the game is over"
    if mover == CHANCE:
        what = "chance is next" if session.rules.reveal_due(pos.state) is None else "a reveal is due"
        return f"{what}: {hint(session.rules, pos.state, seat)}"
    owed = session.rules.owed(pos.state)
    return f"{session.name(mover)} {owed}" if owed else f"{session.name(mover)} to move"
