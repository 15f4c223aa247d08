"""Space Planets notation: short words for moves, cards written as printed (see the docs)."""

from __future__ import annotations

from planets_log.game import Event, NotationError, is_number

from .apply import apply
from .events import Collected, Dealt, Explored, Landed, Passed, Refilled, Rerolled, Rolled
from .state import SPACES, State

ACTIONS = {"roll": Rolled, "r": Rolled, "pass": Passed, "collect": Collected, "c": Collected, "reroll": Rerolled}
HELP = ("roll, explore [CARD], collect, reroll, pass; outcomes: deal C1 .. C9, land SPACE [CARD] FACE, off, "
        "refill SPACE CARD")


def parse(text: str, state: State) -> Event | tuple[Event, Event]:
    """Read one move or chance outcome; actions are by the seat whose turn it is.

    Before a roll, `land …` or `off` gives two events, the roll and its landing.
    """
    words = text.replace("/", " / ").lower().split()
    if not words:
        raise NotationError(text, f"empty move; write one of: {HELP}")
    head, args = words[0], words[1:]
    if head in ACTIONS or head in ("explore", "x"):
        return _action(text, head, args, state)
    if head == "deal":
        cards = tuple(_card(text, w, state) for w in args if w != "/")
        return Dealt(cards=cards)
    if head in ("off", "land"):
        if state.phase == "roll":  # the landing implies the roll before it
            rolled = Rolled(by=state.turn)
            return rolled, _landing(text, head, args, apply(state, rolled))
        return _landing(text, head, args, state)
    if head == "refill" and len(args) == 2:
        return Refilled(space=_int(text, args[0], "space"), card=_card(text, args[1], state))
    raise NotationError(text, f"unknown move; write one of: {HELP}")


def _action(text: str, head: str, args: list[str], state: State) -> Event:
    """roll / pass / collect / reroll (no arguments) or explore [CARD]."""
    by = state.turn  # the seat to move; at a chance point or after the end, the seat whose turn it was
    if head in ("explore", "x"):
        if len(args) > 1:
            raise NotationError(text, "write 'explore' or 'explore CARD'")
        if args:
            return Explored(by=by, card=_card(text, args[0], state))
        if state.roll is None or state.roll.card is None:
            raise NotationError(text, "the die has not landed on a card; name the card: 'explore CARD'")
        return Explored(by=by, card=state.roll.card)
    if args:
        raise NotationError(text, f"'{head}' takes no arguments")
    return ACTIONS[head](by=by)


def _landing(text: str, head: str, args: list[str], state: State) -> Landed:
    """off (no arguments) or land ...."""
    if head == "off":
        if args:
            raise NotationError(text, f"unknown move; write one of: {HELP}")
        return Landed()
    return _landed(text, args, state)


def _landed(text: str, args: list[str], state: State) -> Landed:
    """land SPACE FACE or land SPACE CARD FACE."""
    if len(args) not in (2, 3):
        raise NotationError(text, "write 'land SPACE FACE' or 'land SPACE CARD FACE', e.g. 'land 5 3'")
    space = _int(text, args[0], "space")
    face = _int(text, args[-1], "face")
    card: str | None
    if len(args) == 3:
        card = _card(text, args[1], state)
    else:
        card = state.grid[space - 1] if 1 <= space <= SPACES else None
    return Landed(space=space, card=card, face=face)


def _int(text: str, word: str, what: str) -> int:
    """A whole number."""
    if not is_number(word):
        raise NotationError(text, f"the {what} must be a number, not {word!r}")
    return int(word)


def _card(text: str, word: str, state: State) -> str:
    """A card code of the edition."""
    if state.book.kind(word) is None:
        raise NotationError(text, f"no planet card {word!r} (cards: {' '.join(state.book.codes())})")
    return word


def format(event: Event, state: State) -> str:
    """Write an event in the notation; parse(format(e, s), s) == e."""
    if isinstance(event, Explored):
        return f"explore {event.card}"
    for word, kind in (("roll", Rolled), ("pass", Passed), ("collect", Collected), ("reroll", Rerolled)):
        if type(event) is kind:
            return word
    if isinstance(event, Dealt):
        rows = [" ".join(event.cards[i:i + 3]) for i in range(0, len(event.cards), 3)]
        return "deal " + " / ".join(rows)
    if isinstance(event, Landed):
        if event.space is None:
            return "off"
        card = f" {event.card}" if event.card is not None else ""
        return f"land {event.space}{card} {event.face}"
    if isinstance(event, Refilled):
        return f"refill {event.space} {event.card}"
    raise NotationError(type(event).__name__, "not a Space Planets event")
