"""Notation of the building events: `buildings A B C D / E F G H`, `choose A B`, `orient Ann`,
`side right`, `card greenhouse G1v1s`, `store TILE`, `use galactic-bank`."""

from __future__ import annotations

from planets_log.game import Event, NotationError, is_number

from . import cards as C
from . import pro_events as P
from .state import State

HEADS = ("buildings", "choose", "orient", "side", "card", "store", "use")


def claims(text: str) -> bool:
    """True when the text is a building move (its first word is one of HEADS)."""
    words = text.split()
    return bool(words) and words[0].lower() in HEADS


def _seat(text: str, who: str, state: State) -> int:
    for i, player in enumerate(state.players):
        if who == player or who.casefold() == player.casefold():
            return i
    if is_number(who) and 1 <= int(who) <= len(state.players):
        return int(who) - 1
    raise NotationError(text, f"{who!r} is not a player ({', '.join(state.players)}) or a seat number 1..2")


def _mover(state: State) -> int:
    from . import RULES

    mover = RULES.to_move(state)
    return mover if mover >= 0 else state.turn


def parse(text: str, state: State) -> Event:
    """Read one building move or outcome."""
    words = text.split()
    head, args = words[0].lower(), [w.lower() for w in words[1:]]
    if head == "buildings":
        joined = " ".join(args).split("/")
        if len(joined) > 2 or (len(joined) == 2 and [len(side.split()) for side in joined] != [4, 4]):
            raise NotationError(text, "write the deal as seat 1's 4 buildings / seat 2's 4 (Professional Mode): "
                                      "buildings A B C D / E F G H")
        return P.BuildingsDealt(buildings=tuple(" ".join(joined).split()))
    if head == "card":
        code = C.normalise(args[1]) if len(args) == 2 else None
        if code is None:
            raise NotationError(text, "write the card a building takes as: card BUILDING CARD, e.g. card greenhouse G1s")
        return P.BuildingCard(building=args[0], card=code)
    by = _mover(state)
    if head == "choose":
        return P.BuildingsChosen(by=by, buildings=tuple(args))
    if head == "orient":
        return P.Oriented(by=by, seat=_seat(text, text.strip()[len(words[0]):].strip(), state))
    if len(args) != 1:
        raise NotationError(text, f"expected exactly one word after {head!r}")
    if head == "side":
        return P.SideChosen(by=by, side=args[0])
    if head == "store":
        return P.BoostStored(by=by, tile=args[0])
    return P.BuildingUsed(by=by, building=args[0])


def _name(state: State, seat: int) -> str:
    if 0 <= seat < len(state.players) and state.players[seat] == state.players[seat].strip() and state.players[seat]:
        return state.players[seat]
    return str(seat + 1)


def format_event(event: P.ProEvent, state: State, seat: int | None = None) -> str:
    """The notation of a building event; with a seat, the opponent's deal and choice as '?'."""
    if isinstance(event, P.BuildingsDealt):
        hands = [list(event.buildings[:4]), list(event.buildings[4:])]
        if seat is not None:
            hands[1 - seat] = ["?"] * len(hands[1 - seat])
        return "buildings " + " / ".join(" ".join(h) for h in hands)
    if isinstance(event, P.BuildingsChosen):
        hidden = seat is not None and seat != event.by
        return "choose " + " ".join("?" if hidden else b for b in event.buildings)
    if isinstance(event, P.Oriented):
        return f"orient {_name(state, event.seat)}"
    if isinstance(event, P.SideChosen):
        return f"side {event.side}"
    if isinstance(event, P.BuildingCard):
        return f"card {event.building} {event.card}"
    if isinstance(event, P.BoostStored):
        return f"store {event.tile}"
    return f"use {event.building}"
