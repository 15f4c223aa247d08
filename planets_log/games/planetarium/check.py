"""`check`: whether an event may happen now, with an error naming the rule it breaks."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from planets_log.game import Event, IllegalEvent

from .board import is_planet
from .chance import check_chance
from .edition import PLANETS
from .events import (
    UNKNOWN,
    Discarded,
    Downgraded,
    DrawChosen,
    Ended,
    FinalPlayed,
    HandShown,
    Kept,
    Moved,
    Played,
)
from .kept import check_hidden, check_shown
from .moves import matter_targets, planet_targets, sweep_blocked
from .state import (
    DECK_INDEX,
    UNSEEN,
    State,
    card,
    cards_of,
    contains,
    deck_cards,
    has_marker,
    kind_of,
    left,
    matter_on,
    planet_orbit,
    unseen,
)

SETUP, START, MOVE, PLAY, REQ, GRAVITY, DOWNGRADE, DRAW, HAND, FAQ, FINAL, FINALS, ACCEL = (
    "Set-Up", "Starting the Game", "Making a Move", "Playing a Card", "Card Requirements", "Gravity", "Downgrade",
    "Drawing Cards", "Hand Size", "FAQ", "The Final Turn", "Playing Final Cards", "Acceleration")


def check(state: State, event: Event) -> None:
    """Raise IllegalEvent when `event` breaks a rule in `state`."""
    check_hidden(state, event)
    handler = _HANDLERS.get(type(event))
    if handler is None:
        check_chance(state, event)
        return
    handler(state, event)


def _phase(state: State, allowed: tuple[str, ...], what: str, rule: str) -> None:
    if state.phase not in allowed:
        raise IllegalEvent("turn.phase", f"{what} is not possible now ({_doing(state)})", rule)


def _doing(state: State) -> str:
    """What the game waits for, in words."""
    name = state.players[state.turn] if state.players else ""
    return {
        "discard": f"{name} discards one of the two Final cards dealt",
        "move": f"{name} moves one token first",
        "card": f"{name} may play a card, downgrade one, or end the turn",
        "draw": f"{name} draws after playing a card",
        "keep": f"{name} keeps one of the two Final cards drawn",
        "final": f"{name} may play Final cards or end the final turn",
    }.get(state.phase, f"a chance outcome is due ({state.phase})")


def _in_hand(state: State, cid: str, deck: str | None, rule: str) -> None:
    name, hand = state.players[state.turn], state.seats[state.turn].hand
    known = cards_of(state.edition)
    if cid not in known:
        raise IllegalEvent("card.unknown", f"{cid!r} is not a card of this edition", rule)
    kind = known[cid].deck
    if cid not in hand and not (UNSEEN[kind] in hand and _unseen(state, cid)):
        why = f"; none of {name}'s unseen cards is a {kind.capitalize()} card" if any(map(unseen, hand)) else ""
        raise IllegalEvent("card.hand", f"{name} holds no {cid} ({known[cid].name}){why}", rule)
    if deck is not None and known[cid].deck not in deck.split("|"):
        raise IllegalEvent("card.deck", f"{cid} ({known[cid].name}) is a {known[cid].deck} card; "
                           f"only a {deck.replace('|', ' or ')} card is allowed here", rule)


def _unseen(state: State, cid: str) -> bool:
    """True when card `cid` may be one of the `?` cards a table record holds (not seen anywhere)."""
    kind = card(state, cid).deck
    return state.unknown[DECK_INDEX[kind]] > 0 and cid in deck_cards(state, kind)


def _planet(letter: str) -> int:
    if len(letter) != 1 or letter not in PLANETS:
        raise IllegalEvent("planet.unknown", f"{letter!r} is not a planet (A, B, C or D)", PLAY)
    return PLANETS.index(letter)


# --- setup ---------------------------------------------------------------------

def _discard(state: State, e: Discarded) -> None:
    _phase(state, ("discard",), "discarding a Final card", SETUP)
    _in_hand(state, e.card, "final", SETUP)


# --- the move ----------------------------------------------------------------------

def _space(state: State, name: str, what: str) -> int:
    i = state.board.index.get(name)
    if i is None:
        raise IllegalEvent("move.space", f"{name!r} is not a space of the board ({what}; spaces are ORBIT.INDEX, "
                           "e.g. 3.5)", MOVE)
    return i


def _move(state: State, e: Moved) -> None:
    _phase(state, ("move",), "moving a token", MOVE)
    i, j = _space(state, e.frm, "from"), _space(state, e.to, "to")
    token = state.cells[i]
    if not token:
        raise IllegalEvent("move.empty", f"no token lies on {e.frm}", MOVE)
    if is_planet(token):
        _planet_move(state, e, i, j)
    else:
        _matter_move(state, e, i, j)


def _planet_move(state: State, e: Moved, i: int, j: int) -> None:
    token = state.cells[i]
    if e.via:
        raise IllegalEvent("move.planet-via", f"planet {token} moves one space or sweeps its orbit; no middle "
                           "space is named", ACCEL)
    if j in planet_targets(state, i):
        return
    if is_planet(state.cells[j]):
        raise IllegalEvent("move.planet-on-planet", f"planet {token} cannot end its move on {e.to}, where planet "
                           f"{state.cells[j]} stands", MOVE)
    why = sweep_blocked(state, i, j)
    if why == "matter":
        raise IllegalEvent("move.sweep-matter", f"planet {token} sweeping from {e.frm} stops at the first Matter "
                           f"token it meets, before {e.to}", MOVE)
    raise IllegalEvent("move.unreachable", f"{e.to} is not one space from {e.frm} along a line, nor ahead on "
                       f"planet {token}'s orbit (tokens move clockwise)", MOVE)


def _matter_move(state: State, e: Moved, i: int, j: int) -> None:
    via = _space(state, e.via, "via") if e.via else -1
    if (via, j) in matter_targets(state, i):
        return
    board = state.board
    if via != -1 and not state.accelerated:
        raise IllegalEvent("move.accelerate", "Matter moves one space only until a token lies on the track's "
                           "acceleration space", ACCEL)
    if via == -1 and j not in board.succ[i]:
        raise IllegalEvent("move.unreachable", f"{e.to} is not one space clockwise from {e.frm} along an orbit "
                           "or a line", MOVE)
    if via != -1 and (via not in board.succ[i] or j not in board.succ[via]):
        raise IllegalEvent("move.unreachable", f"{e.frm}-{e.via}-{e.to} is not a path of two spaces clockwise "
                           "along orbits and lines", ACCEL)
    if via != -1 and state.cells[via]:
        what = "a planet (the Matter is collected there)" if is_planet(state.cells[via]) else "Matter"
        raise IllegalEvent("move.matter-through", f"Matter cannot move through {e.via}: it holds {what}", MOVE)
    if matter_on(state, j):
        raise IllegalEvent("move.matter-on-matter", f"Matter cannot move onto {e.to}: a Matter token lies there",
                           MOVE)
    raise IllegalEvent("move.unreachable", f"{e.frm} to {e.to} is not a Matter move", MOVE)


# --- cards ---------------------------------------------------------------------------

def requirement_problem(state: State, cid: str, p: int) -> str:
    """Why card `cid` cannot be played to planet index p by the player to move ('' when it can)."""
    c, seat = card(state, cid), state.seats[state.turn]
    letter = PLANETS[p]
    gaseous = state.board.gaseous[p]
    if c.system == "gaseous" and not gaseous:
        return f"{c.name} needs a Gaseous planet; {letter} is Terrestrial"
    if c.system == "terrestrial" and gaseous:
        return f"{c.name} needs a Terrestrial planet; {letter} is Gaseous"
    k = planet_orbit(state, letter)
    lo, hi = c.orbits
    if not lo <= k <= hi:
        return f"{c.name} needs a planet in orbits {lo}-{hi}; {letter} is in orbit {k}"
    habitable = state.habitable[p]
    if c.climate == "habitable" and not habitable:
        return f"{c.name} needs a Habitable planet; {letter} is Hostile"
    if c.climate == "hostile" and habitable:
        return f"{c.name} needs a Hostile planet; {letter} is Habitable"
    if not contains(seat.mat[p], c.matter):
        return (f"{c.name} costs {c.matter} from the mat under {letter}; {state.players[state.turn]} has "
                f"{seat.mat[p] or 'nothing'} there")
    if (c.marker or c.deck == "final") and not has_marker(state, state.turn, p):
        return f"{c.name} needs one of {state.players[state.turn]}'s markers on a card of planet {letter} to remove"
    return ""


def _play(state: State, e: Played) -> None:
    _phase(state, ("card",), f"playing {e.card}", PLAY)
    _in_hand(state, e.card, "low|high", PLAY)
    p = _planet(e.planet)
    why = requirement_problem(state, e.card, p)
    if why:
        raise IllegalEvent("play.requirement", why, REQ)
    _marker(state, e, p)
    _gravity(state, e)


def _marker(state: State, e: Played, p: int) -> None:
    seat = state.seats[state.turn]
    supply = seat.markers + (1 if card(state, e.card).marker else 0)
    if supply > 0:
        if e.marker:
            raise IllegalEvent("play.marker", f"{state.players[state.turn]} still has a marker in supply to place "
                               f"on {e.card}", FAQ)
        return
    if e.marker == "-":
        return
    if not e.marker:
        raise IllegalEvent("play.marker-none", f"{state.players[state.turn]} has no marker left: move one from a "
                           "planet (marker A..D) or play without one (marker -)", FAQ)
    if not has_marker(state, state.turn, _planet(e.marker)):
        raise IllegalEvent("play.marker-from", f"{state.players[state.turn]} has no marker on a card of planet "
                           f"{e.marker} to move", FAQ)


def _gravity(state: State, e: Played) -> None:
    if not e.gravity and not e.onto:
        return
    if not card(state, e.card).gravity:
        raise IllegalEvent("play.gravity", f"{e.card} ({card(state, e.card).name}) has no Gravity icon", GRAVITY)
    i = state.board.index.get(e.gravity)
    if i is None or not matter_on(state, i):
        raise IllegalEvent("play.gravity-space", f"no Matter token lies on {e.gravity!r} to take", GRAVITY)
    _planet(e.onto)


def _final(state: State, e: FinalPlayed) -> None:
    _phase(state, ("card", "final"), f"playing the Final card {e.card}", FINALS)
    if not state.final_turn:
        raise IllegalEvent("final.not-final-turn", f"Final cards are played only on a player's final turn "
                           f"({e.card})", FINALS)
    _in_hand(state, e.card, "final", FINALS)
    if state.finals_played >= state.edition.max_final_plays:
        raise IllegalEvent("final.limit", f"at most {state.edition.max_final_plays} Final cards on the final turn",
                           FINALS)
    why = requirement_problem(state, e.card, _planet(e.planet))
    if why:
        raise IllegalEvent("final.requirement", why, FINALS if "marker" in why else REQ)


def _downgrade(state: State, e: Downgraded) -> None:
    _phase(state, ("card",), f"downgrading {e.card}", DOWNGRADE)
    if state.final_turn:
        raise IllegalEvent("downgrade.final-turn", "no card is drawn on the final turn, so none is downgraded",
                           FINAL)
    _in_hand(state, e.card, None, DOWNGRADE)
    if not card(state, e.card).downgrade:
        raise IllegalEvent("downgrade.icon", f"{e.card} ({card(state, e.card).name}) has no Downgrade icon", DOWNGRADE)
    if not left(state, "low"):
        raise IllegalEvent("downgrade.empty", "the Low Evolution deck is empty: no Low card can be drawn", DRAW)


def drawable(state: State) -> list[str]:
    """The decks the player to move may draw from after playing a card."""
    out = []
    if left(state, "low"):
        out.append("low")
    if left(state, "high") or state.high_discard:
        out.append("high")
    finals = sum(1 for c in state.seats[state.turn].hand if kind_of(state, c) == "final")
    if (left(state, "final") or state.final_discard) and finals < state.edition.max_finals:
        out.append("final")
    return out


def _draw(state: State, e: DrawChosen) -> None:
    _phase(state, ("draw",), "drawing", DRAW)
    if e.deck not in drawable(state):
        full = e.deck == "final" and (left(state, "final") or state.final_discard)
        why = "holds the most Final cards allowed" if full else "cannot draw from it: it is empty"
        raise IllegalEvent("draw.deck", f"{e.deck!r}: {state.players[state.turn]} {why} "
                           f"(possible: {', '.join(drawable(state)) or 'none'})", HAND if "most" in why else DRAW)


def _keep(state: State, e: Kept) -> None:
    _phase(state, ("keep",), "keeping a Final card", DRAW)
    pending = list(state.pending)
    if e.card in pending or (e.card == UNKNOWN and UNKNOWN in pending):
        pending.remove(e.card)
    elif UNKNOWN in pending and e.card in cards_of(state.edition) and _unseen(state, e.card):
        pending.remove(UNKNOWN)
    else:
        raise IllegalEvent("keep.card", f"{e.card} is not one of the Final cards drawn "
                           f"({' '.join(state.pending)})", DRAW,
                           f"{e.card} is not one of the Final cards drawn")  # they are seen by the drawer alone
    other = pending[0] if pending else ""
    if other != UNKNOWN:
        if e.discard:
            raise IllegalEvent("keep.discard", f"the other Final card drawn is known ({other or 'none'}); write "
                               f"keep {e.card} alone", "Discard Piles",
                               f"the other Final card drawn is known; write keep {e.card} alone")
        return
    if not e.discard:
        raise IllegalEvent("keep.discard", "the Final card not kept goes face up to the discard pile: name it "
                           "(keep CARD discard CARD)", "Discard Piles")
    if e.discard == e.card or e.discard not in cards_of(state.edition) or not _unseen(state, e.discard):
        raise IllegalEvent("keep.discard", f"{e.discard} cannot be the other Final card drawn (it is not "
                           "unseen)", "Discard Piles")


def _end(state: State, e: Ended) -> None:
    _phase(state, ("card", "final"), "ending the turn", "Ending a Turn")


_HANDLERS: dict[type[Event], Callable[[State, Any], None]] = {  # each takes the event type it is keyed by
    Discarded: _discard, Moved: _move, Played: _play, FinalPlayed: _final, Downgraded: _downgrade,
    DrawChosen: _draw, Kept: _keep, Ended: _end, HandShown: check_shown,
}
