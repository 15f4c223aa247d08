"""Space Planets in plain words: every move and outcome as a sentence, and the notation's legend.

Nothing is hidden in this game, so every seat (and the spectators) is told the same words."""

from __future__ import annotations

import re

from planets_log.game import Event

from .check import reroll_card
from .events import Collected, Dealt, Explored, Landed, Passed, Refilled, Rerolled, Rolled
from .state import Kind, State, explore_cost, final_seat, occupied

CARDED = ("fuel", "reroll", "consume")
"""Effects whose cards the rulebook calls "… card" ("Re-roll card")."""
DEFAULT = {"fuel": "{amount}-crystal fuel card", "reroll": "re-roll card", "consume": "increased fuel consumption card",
           "distant": "distant planet", "hole": "black hole", "none": "{stars}-star planet"}
"""A card's words where the edition gives no usable name (a numbered plain planet: "Planet, 2 stars")."""


def stars(n: int) -> str:
    """'1 star', '3 stars'."""
    return f"{n} star" if n == 1 else f"{n} stars"


def crystals(n: int) -> str:
    """'1 fuel crystal', '3 fuel crystals'."""
    return f"{n} fuel crystal" if n == 1 else f"{n} fuel crystals"


def article(noun: str) -> str:
    """`noun` with "a" or "an" before it."""
    vowel = noun[:1] in "aeiou" and not noun.startswith(("one ", "uni", "eu"))  # "a one fuel crystal card"
    return ("an " if vowel else "a ") + noun


def kind_words(kind: Kind) -> str:
    """A kind of card without its article: "oasis planet", "re-roll card", "2-star planet"."""
    if kind.name and not re.search(r"\d", kind.name):
        base = kind.name.lower()
        return base + " card" if kind.effect in CARDED and not base.endswith("card") else base
    return DEFAULT.get(kind.effect, "{stars}-star planet").format(amount=kind.amount, stars=kind.stars)


def card_words(state: State, code: str | None, worth: bool = True) -> str:
    """A card as a newcomer reads it: "an oasis planet (3 stars)", "a black hole", "a 2-star planet"."""
    kind = None if code is None else state.book.kind(code)
    return f"the card {code}" if kind is None else describe(kind, worth)


def describe(kind: Kind, worth: bool = True) -> str:
    """A kind of card with its article and, where its name does not say them, its stars."""
    base = kind_words(kind)
    plain = kind.effect == "hole" or f"{kind.stars}-star" in base
    return article(base) + ("" if plain or not worth else f" ({stars(kind.stars)})")


def words(event: Event, state: State, seat: int | None = None) -> str:
    """`event` (about to be applied to `state`) as one sentence; the same for every seat: nothing is hidden."""
    said = _sentence(event, state)
    return said[:-1] + "; the game is over." if _ends_game(event, state) else said


def _ends_game(event: Event, state: State) -> bool:
    """True when `event` ends the last turn of the last round (End of the game), or leaves no planet card on the
    grid and in the deck (where the rulebook is silent)."""
    off_or_hole = isinstance(event, Landed) and (event.space is None or _effect(state, event.card) == "hole")
    ends_turn = off_or_hole or isinstance(event, (Explored, Collected, Passed))
    if state.ender is not None and state.turn == final_seat(state):
        return ends_turn
    roll = state.roll.space if state.roll is not None else None
    taken = roll if isinstance(event, Explored) else getattr(event, "space", None)
    left = [space for space in occupied(state) if not (ends_turn and space == taken)]
    return ends_turn and not isinstance(event, Collected) and not state.deck and not left


def _effect(state: State, code: str | None) -> str | None:
    """The effect of a card, or None."""
    kind = None if code is None else state.book.kind(code)
    return None if kind is None else kind.effect


def _sentence(event: Event, state: State) -> str:
    """The sentence, before what it ends."""
    by = getattr(event, "by", state.turn)
    who = state.players[by] if 0 <= by < len(state.players) else "The player"
    if isinstance(event, Dealt):
        return _dealt(event, state)
    if isinstance(event, Landed):
        return _landed(event, state, who)
    if isinstance(event, Refilled):
        return f"{card_words(state, event.card).capitalize()} is drawn from the deck into space {event.space}."
    if isinstance(event, Explored):
        return _explored(event, state, who)
    if isinstance(event, Collected):
        return _collected(state, who)
    if isinstance(event, Rerolled):
        code = reroll_card(state, by) if 0 <= by < len(state.seats) else None
        card = card_words(state, code, worth=False) if code is not None else "a re-roll card"
        return f"{who} turns {card} over and rolls the die again."
    if isinstance(event, Passed):
        return f"{who} passes: declines the one more roll of the last round."
    if isinstance(event, Rolled):
        return f"{who} sends out the probe: rolls the die at the planet cards."
    return f"{who}: {type(event).__name__}"


def _dealt(event: Dealt, state: State) -> str:
    """The grid's deal, row by row."""
    rows = [", ".join(card_words(state, c, worth=False) for c in event.cards[i:i + 3])
            for i in range(0, len(event.cards), 3)]
    return f"The grid is dealt row by row: {'; '.join(rows)}."


def _landed(event: Landed, state: State, who: str) -> str:
    """Where the die stopped, and what that does at once."""
    again = " again" if state.rerolls else ""
    if event.space is None:
        gain = "takes 1 fuel crystal" if state.stock else "gets no crystal: the stockpile is empty"
        return f"{who}'s die lands off the grid{again}: {who} {gain}."
    card = card_words(state, event.card)
    if _effect(state, event.card) == "hole":
        return (f"{who}'s die lands{again} on {card} on space {event.space}: "
                f"{who}'s turn ends with nothing and the black hole leaves the game.")
    return f"{who}'s die lands{again} on {card} on space {event.space}, showing {event.face}."


def _explored(event: Explored, state: State, who: str) -> str:
    """Paying for the card and taking it, with what it does at once."""
    card = card_words(state, event.card)
    if state.phase != "choose" or state.roll is None or state.roll.card is None:
        return f"{who} explores {card}."
    cost, parts = explore_cost(state, event.by)
    why = f" ({' + '.join(parts)})" if len(parts) > 1 else ""
    said = f"{who} pays {crystals(cost)}{why} and explores {card}"
    kind = state.book.kind(event.card)
    if kind is not None and kind.effect == "fuel":
        said += f", which gives {crystals(kind.amount)} at once"
    if kind is not None and kind.effect in ("reroll", "consume"):
        said += ", kept face up"
    held = len(state.seats[event.by].cards) + 1
    if state.ender is None and held >= state.book.end_cards:
        said += f"; it is {who}'s planet card number {held}: every other player rolls once more"
    return said + "."


def _collected(state: State, who: str) -> str:
    """Crystals instead of the card, as far as the stockpile goes."""
    face = state.roll.face if state.roll is not None and state.roll.face is not None else 0
    got = min(face, state.stock)
    short = f" (the stockpile had only {got})" if got < face else ""
    return f"{who} does not explore and takes {crystals(got)} from the stockpile{short}."


def legend() -> tuple[tuple[str, str], ...]:
    """The notation explained, a pair per kind of line; cards are written by their code."""
    return (
        ("deal p1 p2 p3 / oasis distant hole / fuel2 reroll consume",
         "The 9 planet cards laid face up as the grid, row by row from the top left (spaces 1 to 9): p1 to p4 are "
         "plain planets of 1 to 4 stars; fuel2, fuel1, reroll and consume the two fuel crystals, one fuel crystal, "
         "re-roll and increased fuel consumption cards; oasis, distant and hole the oasis planet, the distant "
         "planet and the black hole."),
        ("roll", "The player to move sends out the probe: rolls the die at the grid (also 'r')."),
        ("land 5 distant 3", "The die stops on space 5, on the distant planet, showing 3; the card may be left out "
                             "('land 5 3'), and typed before 'roll' it stands for the roll too."),
        ("off", "The die misses the grid: the player takes 1 fuel crystal and the turn ends."),
        ("explore distant", "The player pays the crystals the die shows (plus one for the distant planet and one "
                            "for each other player's face-up consumption card) and takes that card ('explore' "
                            "or 'x' alone: the card the die is on)."),
        ("collect", "The player does not explore and takes as many crystals as the die shows (also 'c')."),
        ("reroll", "The player turns a face-up re-roll card over and rolls the die again."),
        ("pass", "In the last round, the player declines the one more roll."),
        ("refill 5 fuel1", "The card drawn from the deck into the emptied space 5, here a one fuel crystal card."),
    )
