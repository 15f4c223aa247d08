"""`legal` and `candidates`: every action `check` accepts, and a wider set with illegal ones among them."""

from __future__ import annotations

from planets_log.game import Event, IllegalEvent

from .board import is_planet
from .check import check, drawable, requirement_problem
from .edition import PLANETS
from .events import Discarded, Downgraded, DrawChosen, Ended, FinalPlayed, Kept, Moved, Played
from .moves import matter_targets, planet_targets
from .state import State, card, has_marker, left, matter_on, unseen


def legal(state: State) -> list[Event]:
    """Every action the player to move may take now."""
    by, phase = state.turn, state.phase
    if phase == "discard":
        return [Discarded(by=by, card=c) for c in _hand(state) if card(state, c).deck == "final"]
    if phase == "move":
        return _moves(state)
    if phase == "draw":
        return [DrawChosen(by=by, deck=d) for d in drawable(state)]
    if phase == "keep":
        return [Kept(by=by, card=c) for c in dict.fromkeys(state.pending)
                if not unseen(c) and not _other_unseen(state, c)]
    if phase in ("card", "final"):
        out: list[Event] = _plays(state) if phase == "card" else []
        if phase == "card" and not state.final_turn:
            out += [Downgraded(by=by, card=c) for c in _hand(state) if card(state, c).downgrade and left(state, "low")]
        if state.final_turn:
            out += _finals(state)
        return out + [Ended(by=by)]
    return []


def _other_unseen(state: State, kept: str) -> bool:
    """True when the Final not kept was drawn unseen (its name is then needed, and never guessed)."""
    other = list(state.pending)
    other.remove(kept)
    return any(unseen(c) for c in other)


def _hand(state: State) -> list[str]:
    return [c for c in dict.fromkeys(state.seats[state.turn].hand) if not unseen(c)]


def _moves(state: State) -> list[Event]:
    board, by = state.board, state.turn
    out: list[Event] = []
    for i, token in enumerate(state.cells):
        if not token:
            continue
        if is_planet(token):
            out += [Moved(by=by, frm=board.names[i], to=board.names[j]) for j in planet_targets(state, i)]
        else:
            out += [Moved(by=by, frm=board.names[i], to=board.names[j], via=board.names[v] if v != -1 else "")
                    for v, j in matter_targets(state, i)]
    return out


def _plays(state: State) -> list[Event]:
    by = state.turn
    out: list[Event] = []
    for c in _hand(state):
        data = card(state, c)
        if data.deck == "final":
            continue
        for p, letter in enumerate(PLANETS):
            if requirement_problem(state, c, p):
                continue
            for marker in _marker_options(state, c, p):
                out += [Played(by=by, card=c, planet=letter, marker=marker, gravity=g, onto=o)
                        for g, o in _gravity_options(state, data.gravity)]
    return out


def _marker_options(state: State, c: str, p: int) -> list[str]:
    supply = state.seats[state.turn].markers + (1 if card(state, c).marker else 0)
    if supply > 0:
        return [""]
    return ["-"] + [x for q, x in enumerate(PLANETS) if has_marker(state, state.turn, q)]


def _gravity_options(state: State, gravity: bool) -> list[tuple[str, str]]:
    if not gravity:
        return [("", "")]
    names = state.board.names
    spaces = [names[i] for i in range(len(state.cells)) if matter_on(state, i)]
    return [("", "")] + [(s, x) for s in spaces for x in PLANETS]


def _finals(state: State) -> list[Event]:
    if state.finals_played >= state.edition.max_final_plays:
        return []
    by = state.turn
    return [FinalPlayed(by=by, card=c, planet=x) for c in _hand(state) if card(state, c).deck == "final"
            for p, x in enumerate(PLANETS) if not requirement_problem(state, c, p)]


def candidates(state: State) -> list[Event]:
    """Plausible actions, illegal ones included (the conformance suite filters them through `check`)."""
    by, board = state.turn, state.board
    out: list[Event] = []
    if state.phase == "move":
        for i, token in enumerate(state.cells):
            if token:
                out += [Moved(by=by, frm=board.names[i], to=board.names[j]) for j in board.succ[i]]
                out += [Moved(by=by, frm=board.names[i], to=board.names[j]) for j in board.ahead(i)]
        return list(dict.fromkeys(out)) + legal(state)
    if state.phase in ("card", "final", "discard", "keep", "draw"):
        hand = _hand(state)
        out += [Played(by=by, card=c, planet=x) for c in hand for x in PLANETS]
        out += [FinalPlayed(by=by, card=c, planet=x) for c in hand for x in PLANETS]
        out += [Downgraded(by=by, card=c) for c in hand] + [Discarded(by=by, card=c) for c in hand]
        out += [DrawChosen(by=by, deck=d) for d in ("low", "high", "final")] + [Ended(by=by)]
        return list(dict.fromkeys(out + legal(state)))
    return legal(state)


def accepted(state: State, event: Event) -> bool:
    """True when `check` accepts the event."""
    try:
        check(state, event)
    except IllegalEvent:
        return False
    return True
