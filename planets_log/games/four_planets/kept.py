"""A record kept by one player (`new --kept-by`): `?` for what that player cannot see, reveals later.

Hidden from the keeper: the colour-bonus cards other than the one nearest them, the
opponent's face-down draws (green ability), the five cards the opponent's look-at-five tile
draws and the one kept in hand (named when it is played, kept or searched by name). A `?` card's identity stays among the deck's
candidates (`State.unseen` counts them), so a later reveal is checked against what was
possible: a card seen since it was hidden cannot be it. When the keeper's Observatorium
shows both players the opponent's nearest colour-bonus card at setup (Professional Mode),
the game waits for its reveal before anything else (`observed`).
"""

from __future__ import annotations

from typing import NoReturn

from planets_log.game import UNKNOWN, Event, IllegalEvent

from . import cards as C
from . import events as E
from .state import State, contains, deck_left, minus, plus, pro_of, replace, with_item, with_seat

SETUP = "Setup"
ABILITIES = "Specialist Abilities"
SCORING = "End of Game and Scoring"
BOOSTS = "The Boost Tiles"
KEPT = "docs/table.md: records kept by one player"
OBSERVATORIUM = "Professional Mode > Observatorium"


def _fail(code: str, message: str, rule: str, public: str | None = None) -> NoReturn:
    raise IllegalEvent(code, message, rule, public)


def _keeper(state: State) -> int:
    if state.kept_by is None:
        _fail("hidden.not-kept", "'?' is only for a record kept by one player (new --table --kept-by SEAT)", KEPT)
    return state.kept_by


def nearest(seat: int) -> int:
    """The colour-bonus position (1..4) a seat looks at during setup."""
    return 1 if seat == 0 else 4


def check_hidden_bonus(state: State, cards: tuple[str, ...]) -> None:
    """The keeper types `?` for every bonus card but the one nearest them."""
    keeper = _keeper(state)
    position = nearest(keeper)
    if cards[position - 1] == UNKNOWN:
        _fail("bonus.seen", f"{state.players[keeper]} looks at the colour-bonus card at position {position} "
              "(the one nearest them): type it", SETUP)


def check_hidden_draw(state: State) -> None:
    """Only the opponent's face-down draw is unseen by the keeper."""
    keeper = _keeper(state)
    if state.turn == keeper:
        _fail("draw.seen", f"{state.players[keeper]} draws this card and looks at it: type it", ABILITIES)


def check_draw(state: State, cards: tuple[str, ...], code: str, rule: str) -> None:
    """Known cards drawn must be among the deck's candidates (then the discard pile's, after it runs out)."""
    for card in cards:
        if card != UNKNOWN and C.normalise(card) != card:
            _fail(code + ".card", f"{card!r} is not a specialist code (e.g. G2v1ss)", rule)
    real = deck_left(state)
    head = [c for c in cards[:real] if c != UNKNOWN]
    tail = [c for c in cards[real:] if c != UNKNOWN]
    if not contains(state.deck, head):
        _fail(code + ".card", f"{' '.join(head)}: not all can be in the deck ({real} cards; every copy of one of them "
              f"has been seen); the outcome was {' '.join(cards)}", rule,
              f"the cards of this outcome cannot all be in the deck ({real} cards)")
    if tail and not contains(plus(state.discard, minus(state.deck, head)), tail):
        _fail(code + ".card", f"after the deck ran out the discard pile became the deck, but {' '.join(tail)} cannot "
              f"all be in it; the outcome was {' '.join(cards)}", rule, "after the deck ran out the discard pile "
              "became the deck, but the cards of this outcome cannot all be in it")


def check_hidden_buildings(state: State, dealt: tuple[str, ...], hand: int) -> None:
    """The keeper sees the buildings dealt to them (Professional Mode), not the opponent's: only those are `?`."""
    keeper = _keeper(state)
    if UNKNOWN in dealt[keeper * hand:(keeper + 1) * hand]:
        _fail("buildings.seen", f"{state.players[keeper]} looks at the {hand} buildings dealt to them: type them",
              "Professional Mode")


def check_hidden_look(state: State, cards: tuple[str, ...]) -> None:
    """The opponent looks at the look-at-five cards alone: all of them are `?` to the keeper, or all typed."""
    keeper = _keeper(state)
    if state.turn == keeper:
        _fail("reveal.seen", f"{state.players[keeper]} draws these cards and looks at them: type them", BOOSTS)
    if any(card != UNKNOWN for card in cards):
        _fail("reveal.mixed", f"{state.players[state.turn]} looks at these cards without showing them: type each as "
              "'?' (or all of them, if they were shown)", BOOSTS)


def resolve(state: State, by: int, cards: list[str], pile: str = "hand") -> State:
    """The state with the seat's hand (or the discard pile) holding `cards`: a named card it does not hold by
    name is its `?` card, now seen, when that card was possible (still among the deck's candidates)."""
    have = list(state.seats[by].hand if pile == "hand" else state.discard)
    named: list[str] = []
    for card in cards:
        if card in have:
            have.remove(card)
        elif card != UNKNOWN and UNKNOWN in have and card in minus(state.deck, named):
            have.remove(UNKNOWN)
            named.append(card)
    if not named:
        return state
    state = replace(state, deck=minus(state.deck, named), unseen=state.unseen - len(named))
    if pile != "hand":
        return replace(state, discard=plus(minus(state.discard, [UNKNOWN] * len(named)), named))
    seat = state.seats[by]
    seat = replace(seat, hand=plus(minus(seat.hand, [UNKNOWN] * len(named)), named))
    return replace(state, seats=with_seat(state, by, seat))


def check_shown(state: State, event: E.BonusShown | E.DownShown) -> None:
    """A reveal names a `?` card still hidden, as a card that was possible when it was hidden."""
    _keeper(state)
    if isinstance(event, E.BonusShown):
        if not 1 <= event.position <= 4:
            _fail("shown.position", f"the colour-bonus cards are at positions 1 to 4, not {event.position}", SETUP)
        if state.bonus[event.position - 1] != UNKNOWN:
            _fail("shown.not-hidden", f"colour-bonus card {event.position} is known ({state.bonus[event.position - 1]}), "
                  "not '?'", KEPT, f"colour-bonus card {event.position} is known, not '?'")
    else:
        if event.seat not in (0, 1) or event.colour not in C.COLOURS:
            _fail("shown.column", f"no column {event.colour!r} of seat {event.seat + 1}", KEPT)
        if UNKNOWN not in state.seats[event.seat].down[C.colour_index(event.colour)]:
            _fail("shown.not-hidden", f"{state.players[event.seat]} has no '?' face-down card in the "
                  f"{event.colour} column", KEPT)
    if C.normalise(event.card) != event.card:
        _fail("shown.card", f"{event.card!r} is not a specialist code (e.g. G2v1ss)", KEPT)
    if event.card not in state.deck:
        _fail("shown.impossible", f"{event.card} cannot be the hidden card: every {event.card} has been seen since "
              "it was hidden", KEPT)


def apply_shown(state: State, event: E.BonusShown | E.DownShown) -> State:
    """The `?` card replaced by the card now seen; that card leaves the deck's candidates."""
    state = replace(state, deck=minus(state.deck, [event.card]), unseen=state.unseen - 1)
    if isinstance(event, E.BonusShown):
        return replace(state, bonus=with_item(state.bonus, event.position - 1, event.card))
    seat = state.seats[event.seat]
    ci = C.colour_index(event.colour)
    column = list(seat.down[ci])
    column[column.index(UNKNOWN)] = event.card
    seat = replace(seat, down=with_item(seat.down, ci, tuple(column)))
    return replace(state, seats=with_seat(state, event.seat, seat))


def observed(state: State) -> int | None:
    """The colour-bonus position a reveal-bonus building (the Observatorium) showed both players at setup and
    the record still holds as `?`: the keeper owns it and the card is the opponent's nearest. None: nothing due."""
    if state.kept_by is None or state.pro is None:
        return None
    return next((p for p in state.pro.revealed if p <= len(state.bonus) and state.bonus[p - 1] == UNKNOWN), None)


def observed_due(state: State) -> tuple[str, str] | None:
    """The reveal the game waits for, in words with the line to type, and its rule; None when none is due."""
    position = observed(state)
    if position is None:
        return None
    owner = 1 if position == nearest(0) else 0  # the card nearest the owner's opponent
    pro = pro_of(state)
    names = [b.name for b in pro.catalogue if b.effect == "reveal-bonus" and b.id in pro.owned[owner]]
    return (f"{state.players[owner]}'s {names[0] if names else 'building'} shows colour-bonus card {position} to "
            f"both players at setup: type it now, shown bonus {position} CARD", OBSERVATORIUM)


def check_observed(state: State, event: Event) -> None:
    """While the Observatorium's card is due, only its reveal is taken."""
    due = observed_due(state)
    if due is None:  # nothing waits (the rules ask only while the card is due)
        return
    if not isinstance(event, E.BonusShown) or event.position != observed(state):
        _fail("reveal.due", due[0], OBSERVATORIUM)


def observed_outcomes(state: State) -> list[E.BonusShown]:
    """The reveals possible for the Observatorium's card: any card still among the deck's candidates."""
    position = observed(state)
    if position is None:  # nothing waits (the rules ask only while the card is due)
        return []
    return [E.BonusShown(position=position, card=card) for card in state.deck]


def missing_reveals(state: State) -> list[str]:
    """What is still `?` and counts for the score, with the line that reveals it (the Observatorium's first: it is
    due now)."""
    due = observed_due(state)
    first = [f"{due[0]} ({due[1]})"] if due is not None else []
    out = first + [f"colour-bonus card {i + 1}: shown bonus {i + 1} CARD" for i, code in enumerate(state.bonus)
                   if code == UNKNOWN and i + 1 != observed(state)]
    for i, seat in enumerate(state.seats):
        counts_bp = any(t.id == "bp3" or t.copies == "bp3" for t in seat.tiles)
        for ci, column in enumerate(seat.down):
            for _ in range(column.count(UNKNOWN) if counts_bp else 0):
                out.append(f"{state.players[i]}'s face-down card in the {C.COLOURS[ci]} column (it counts for bp3): "
                           f"shown {state.players[i]} {C.COLOURS[ci]} CARD")
    return out
