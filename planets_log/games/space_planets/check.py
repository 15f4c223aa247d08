"""Space Planets `check`: every rule an event must keep, each refusal naming its section."""

from __future__ import annotations

from collections.abc import Callable, Iterable
from typing import Any

from planets_log.game import Action, Event, IllegalEvent, multiset

from .events import Collected, Dealt, Explored, Landed, Passed, Refilled, Rerolled, Rolled
from .state import SPACES, Roll, State, explore_cost, landing, on_card

PREP = "Preparation"
PLAY = "How to play"
CARDS = "Planet cards and special effects"
END = "End of the game"
SILENT = "docs/games/space-planets.md: where the rulebook is silent"


def name(state: State, seat: int) -> str:
    """A seat's player name."""
    return state.players[seat]


def describe_roll(roll: Roll) -> str:
    """The current landing in words."""
    if roll.space is None:
        return "off the grid"
    return f"on space {roll.space} ({roll.card}) showing {roll.face}"


def crystals(n: int) -> str:
    """'1 fuel crystal', '3 fuel crystals'."""
    return f"{n} fuel crystal" if n == 1 else f"{n} fuel crystals"


def reroll_card(state: State, seat: int) -> str | None:
    """The code of a face-up re-roll card `seat` holds, or None."""
    for code in state.seats[seat].face_up:
        kind = state.book.kind(code)
        if kind is not None and kind.effect == "reroll":
            return code
    return None


def check(state: State, event: Event) -> None:
    """Raise IllegalEvent if `event` (already in turn) breaks a rule in `state`."""
    handler = CHECKS.get(type(event))
    if handler is None:
        raise IllegalEvent("type", f"{type(event).__name__} is not a Space Planets event", "format.md")
    handler(state, event)


def _chance_kind(state: State, want: str, what: str) -> None:
    """Refuse a chance outcome of the wrong kind for this point of the game."""
    if state.phase != want:
        due = {"deal": "the grid's deal", "landing": "the die's landing", "refill": "a refill of the grid"}
        raise IllegalEvent("chance.kind", f"{due.get(state.phase, 'another outcome')} is due, not {what}", PLAY)


def check_dealt(state: State, event: Dealt) -> None:
    """The deal: 9 known cards that the shuffled deck can supply."""
    _chance_kind(state, "deal", "a deal")
    if len(event.cards) != SPACES:
        raise IllegalEvent("deal.count", f"the grid is dealt {SPACES} cards, not {len(event.cards)}", PREP)
    _known(state, event.cards)
    short = multiset.missing(state.deck, event.cards)
    if short is not None:
        have = state.deck.count(short)
        raise IllegalEvent("deal.deck", f"the deal has more {short} cards than the deck holds ({have})", PREP)


def _known(state: State, codes: Iterable[str]) -> None:
    """Refuse a card code the edition does not have."""
    for code in codes:
        if state.book.kind(code) is None:
            known = " ".join(state.book.codes())
            raise IllegalEvent("card.unknown", f"there is no planet card {code!r} (cards: {known})", PREP)


def check_rolled(state: State, event: Rolled) -> None:
    """A roll starts a turn: only when the die has not landed yet."""
    if state.phase == "choose":
        again = " (or reroll with the re-roll card)" if reroll_card(state, event.by) else ""
        raise IllegalEvent("roll.twice", f"{name(state, event.by)}'s die already landed {describe_roll(landing(state))}: "
                           f"explore or collect{again}", PLAY)


def check_passed(state: State, event: Passed) -> None:
    """Declining the one more roll is only possible in the last round, before rolling."""
    if state.phase == "choose":
        raise IllegalEvent("pass.after-roll", f"{name(state, event.by)}'s die already landed "
                           f"{describe_roll(landing(state))}: explore or collect", END)
    if state.ender is None:
        raise IllegalEvent("pass.not-final", f"{name(state, event.by)} must roll: only the one more roll after a "
                           "player has collected 5 planet cards may be declined", END)


def _rolled_first(state: State, event: Action, verb: str) -> None:
    """An answer to a landing needs a landing."""
    if state.phase != "choose":
        raise IllegalEvent(f"{verb}.no-roll", f"{name(state, event.by)} has not rolled yet this turn; roll first", PLAY)


def check_landed(state: State, event: Landed) -> None:
    """A landing: off the grid, or an occupied space with its card and a face of the die."""
    _chance_kind(state, "landing", "a landing")
    if event.space is None:
        if event.card is not None or event.face is not None:
            raise IllegalEvent("landed.off", "a roll off the grid has no card and no face", PLAY)
        return
    if not 1 <= event.space <= SPACES:
        raise IllegalEvent("landed.space", f"space {event.space} is not on the grid (spaces 1 to {SPACES})", PLAY)
    here = state.grid[event.space - 1]
    if here is None:
        raise IllegalEvent("landed.empty", f"space {event.space} is empty (the deck ran out); a die that lands there "
                           "is not on a planet card: record it as 'off'", SILENT)
    if event.card != here:
        raise IllegalEvent("landed.card", f"the card on space {event.space} is {here}, not {event.card}", PLAY)
    if event.face not in state.book.faces:
        faces = ", ".join(str(f) for f in sorted(set(state.book.faces)))
        raise IllegalEvent("landed.face", f"the die has no face {event.face} (its faces show {faces})", "Game contents")


def check_explored(state: State, event: Explored) -> None:
    """Exploring: the landed card, paid in full."""
    _rolled_first(state, event, "explore")
    space, card, face = on_card(state)
    if event.card != card:
        raise IllegalEvent("explore.card", f"the die landed on {card} (space {space}), not on {event.card}", PLAY)
    cost, parts = explore_cost(state, event.by)
    have = state.seats[event.by].crystals
    if have < cost:
        raise IllegalEvent("explore.fuel", f"{name(state, event.by)} has {crystals(have)} but exploring "
                           f"{card} costs {cost} ({' + '.join(parts)})", PLAY if cost == face else CARDS)


def check_collected(state: State, event: Collected) -> None:
    """Taking crystals instead: needs a landing on a card."""
    _rolled_first(state, event, "collect")


def check_rerolled(state: State, event: Rerolled) -> None:
    """A re-roll: after a landing on a card, with a face-up re-roll card."""
    _rolled_first(state, event, "reroll")
    if reroll_card(state, event.by) is None:
        raise IllegalEvent("reroll.none", f"{name(state, event.by)} has no face-up re-roll card", CARDS)


def check_refilled(state: State, event: Refilled) -> None:
    """A refill: the emptied space, with a card still in the deck."""
    _chance_kind(state, "refill", "a refill")
    if event.space != state.refill:
        raise IllegalEvent("refill.space", f"space {state.refill} is the one to refill, not {event.space}", PLAY)
    _known(state, (event.card,))
    if event.card not in state.deck:
        raise IllegalEvent("refill.deck", f"no {event.card} card is left in the deck", PLAY)


CHECKS: dict[type[Event], Callable[[State, Any], None]] = {  # each check takes the event type it is filed under
    Dealt: check_dealt, Rolled: check_rolled, Passed: check_passed, Landed: check_landed,
    Explored: check_explored, Collected: check_collected, Rerolled: check_rerolled, Refilled: check_refilled,
}
