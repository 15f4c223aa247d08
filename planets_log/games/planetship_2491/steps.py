"""What the recorder writes or says by itself: the step a typed line declines (`noop`), the move
nobody decides (`forced`), and what the seat to move owes now, in words (`owed`)."""

from __future__ import annotations

from planets_log.game import Event

from . import events as E
from .apply import friends
from .board import place
from .legal import legal
from .state import HAND, State, occupant
from .turn import to_move, usable

ABILITY_WORDS = {"hack": "hack N", "scan": "scan", "tractor": "tractor ZONE.N N", "shield": "shield ZONE.N",
                 "radio": "radio", "teleport": "teleport ZONE.N"}


def noop(state: State) -> Event | None:
    """The optional step due now, declined: the Military Area left as it is, no probe, an ability not used."""
    by = to_move(state)
    if by < 0:
        return None
    if state.phase == "place" and state.pending == "rotate":
        return E.Rotated(by=by, turns=0)
    if state.phase == "place" and state.pending == "probe":
        return E.Probed(by=by)
    if state.phase == "resolve" and state.pending is None:
        return E.Passed(by=by)
    return None


def forced(state: State) -> Event | None:
    """`done` for a character whose only usable ability is a Team Radio that adds nothing (no friendly
    character near it); else the only legal move, where there is one (never in a record kept by one
    player: the keeper may not know the others' hands)."""
    by = to_move(state)
    if by < 0:
        return None
    if state.phase == "resolve" and state.pending is None and _radio_adds_nothing(state):
        return E.Passed(by=by)
    if state.keeper >= 0:
        return None
    moves = legal(state)
    return moves[0] if len(moves) == 1 else None


def _radio_adds_nothing(state: State) -> bool:
    """True when the resolving character's usable abilities are a Team Radio alone, worth +0 here (Team Radio)."""
    abilities = usable(state, state.zone, state.cursor)
    return abilities == ["radio"] and friends(state, state.zone, state.cursor) == 0


def owed(state: State) -> str | None:
    """What the seat to move does next, after its name: 'places a probe next: probe ZONE.NUMERAL …'."""
    if to_move(state) < 0:
        return None
    if state.phase == "place":
        return _placing(state)
    if state.phase == "discard":
        return f"discards down to {HAND} cards next: discard CARD"
    return _resolving(state)


def _placing(state: State) -> str:
    if state.pending == "rotate":
        return "may turn the Military Area next: rotate 90, 180 or 270 (any other move leaves it as it is)"
    if state.pending == "probe":
        zone, space = state.at
        return (f"places a probe next ({place(zone, space)} shows the probe icon): probe ZONE.NUMERAL in zone {zone} "
                "or next to it (any other move places none)")
    return "places a character next: CARD ZONE.NUMERAL"


def _resolving(state: State) -> str:
    zone = state.zone
    if state.pending == "keep":
        return "keeps one of the two Harvests rewards next: keep CARD"
    if state.pending == "remove":
        return "removes one of their characters from the Radioactive Area next: remove NUMERAL"
    if state.pending == "bury":
        return f"puts one of zone {zone}'s reward cards under the deck next (Scanner): bury CARD"
    char = occupant(state, zone, state.cursor)
    words = " or ".join(ABILITY_WORDS[name] for name in usable(state, zone, state.cursor))
    card = char.card if char is not None else "the character"
    return (f"decides for {card} on {place(zone, state.cursor)} next: {words}, or done "
            "(any other move passes it)")
