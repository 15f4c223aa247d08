"""`legal` and `candidates`: every action `check` accepts, and the plausible ones it is checked against."""

from __future__ import annotations

from itertools import combinations

from planets_log.game import Event

from . import board as bd
from .check import SWAP_KIND, effect_of, received, supply
from .edition import COLOURS, JOKER
from .events import Atomized, Combo, Ended, ExtraTurn, JokerPlaced, Played, Recovered, Took
from .state import State, usable_tokens


def legal_actions(state: State) -> list[Event]:
    """Every action the player to move may take now."""
    out: list[Event] = []
    if state.mandatory > 0:
        out += _takes(state) + _plays(state)
        if state.seats[state.turn].played:
            out.append(Recovered(by=state.turn))
    if state.optional > 0:
        out += _atomizes(state) + _combos(state)
    usable = set(usable_tokens(state.seats[state.turn]))
    if "extra" in usable:
        out.append(ExtraTurn(by=state.turn))
    if "joker" in usable:
        board = state.seats[state.turn].board
        out += [JokerPlaced(by=state.turn, column=c) for i, c in enumerate(bd.COLUMNS) if len(board[i]) < bd.HEIGHT]
    if state.mandatory == 0:
        out.append(Ended(by=state.turn))
    return out


def _takes(state: State) -> list[Event]:
    atoms = state.seats[state.turn].atoms
    n = len(state.trail)
    return [Took(by=state.turn, slot=s, card=state.trail[n - s].card) for s in range(1, n + 1) if s - 1 <= atoms]


def _plays(state: State) -> list[Event]:
    seat = state.seats[state.turn]
    out: list[Event] = []
    for card in sorted(set(seat.hand)):
        effect = effect_of(card)
        if effect == "aliens":
            out += [Played(by=state.turn, card=card, place=p) for p in bd.placements(seat.board, received(state, card))]
        elif effect == "atom":
            out.append(Played(by=state.turn, card=card))
        elif effect == "ray":
            out += _rays(state, card)
        elif effect in SWAP_KIND:
            kind = SWAP_KIND[effect][0]
            out += [Played(by=state.turn, card=card, cells=(a, b)) for a, b in bd.pairs(kind)
                    if bd.token_at(seat.board, a) and bd.token_at(seat.board, b)]
    return out


def _rays(state: State, card: str) -> list[Event]:
    seat = state.seats[state.turn]
    if seat.atoms < state.config.raygun:
        return []
    out: list[Event] = []
    for cell in bd.occupied(seat.board):
        have = bd.token_at(seat.board, cell)
        if have == JOKER:
            continue
        out += [Played(by=state.turn, card=card, cells=(cell,), colour=c) for c in COLOURS
                if c != have and supply(state, c) > 0]
    return out


def _atomizes(state: State) -> list[Event]:
    seat = state.seats[state.turn]
    aliens = [c for c in bd.occupied(seat.board) if bd.token_at(seat.board, c) != JOKER]
    picks = [(c,) for c in aliens] + list(combinations(aliens, 2))
    doubles = (False, True) if "double" in usable_tokens(seat) else (False,)
    return [Atomized(by=state.turn, cells=tuple(p), double=d) for p in picks for d in doubles]


def _combos(state: State) -> list[Event]:
    seat = state.seats[state.turn]
    out: list[Event] = []
    for card in state.row:
        if not bd.matches(seat.board, card):
            continue
        token = state.config.prestige_of(card)[1]
        if token and len(seat.tokens) >= state.config.slots:
            out += [Combo(by=state.turn, card=card, drop=d) for d in sorted(set(seat.tokens) | {token})]
        else:
            out.append(Combo(by=state.turn, card=card))
    return out


def candidates(state: State) -> list[Event]:
    """Plausible actions, illegal ones included: every kind of action at every point, wider ranges."""
    by, seat = state.turn, state.seats[state.turn]
    n = len(state.trail)
    out: list[Event] = [Took(by=by, slot=s, card=state.trail[n - s].card) for s in range(1, n + 1)]
    out += [Took(by=by, slot=n + 1, card=c) for c in sorted({t.card for t in state.trail})]
    for card in sorted(set(seat.hand) | set(seat.played[:1])):
        out += _any_play(state, card)
    out += [Recovered(by=by), ExtraTurn(by=by), Ended(by=by)]
    cells = bd.occupied(seat.board)
    picks = [(c,) for c in cells] + list(combinations(cells, 2))
    out += [Atomized(by=by, cells=tuple(p), double=d) for p in picks for d in (False, True)]
    for card in state.row:
        token = state.config.prestige_of(card)[1]
        out += [Combo(by=by, card=card)] + [
            Combo(by=by, card=card, drop=d) for d in sorted({t for t in seat.tokens + (token,) if t})]
    return out + [JokerPlaced(by=by, column=c) for c in bd.COLUMNS]


def _any_play(state: State, card: str) -> list[Event]:
    """A card played every way its kind allows, whether or not the board, Atoms or supply permit."""
    by, board = state.turn, state.seats[state.turn].board
    effect = effect_of(card)
    if effect == "aliens":
        return [Played(by=by, card=card, place=p) for p in bd.placements(board, received(state, card))]
    if effect == "ray":
        return [Played(by=by, card=card, cells=(cell,), colour=c) for cell in bd.occupied(board) for c in COLOURS]
    if effect in SWAP_KIND:
        return [Played(by=by, card=card, cells=pair) for pair in bd.pairs(SWAP_KIND[effect][0])]
    return [Played(by=by, card=card)]
