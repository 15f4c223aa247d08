"""Planetopia on a phone: the turn, the Prestige row, the Cosmos trail and each player's board as rows of
spots, and what each move is about, in the order a player taps it.

Spot ids: `row:N` a Prestige card (place N from the left), `trail:N` a Cosmos card (slot N, 1 the
rightmost), `cell:SEAT:a1` a slot of a planet, `hand:SEAT:CARD` and `played:SEAT:CARD` a Cosmos card
(one spot for copies of a card), `token:SEAT:KIND` a Special token, `turn:atomize` and `turn:end` the
board's reminder of the actions. Off the board: `choice:` the Alien that lands in a slot, a Raygun's new
colour, the token given up, a dealt card.
"""

from __future__ import annotations

from typing import Any

import msgspec

from planets_log.game import Event, Layout, Spot, Zone

from . import board as bd
from .check import effect_of
from .edition import JOKER
from .events import (
    Atomized,
    Combo,
    Ended,
    ExtraTurn,
    HandDealt,
    JokerPlaced,
    Played,
    Recovered,
    Refilled,
    Revealed,
    Took,
)
from .state import State
from .words import TOKEN_WORDS, a_or_an, card_words, cell_words, colour_words, need_words

SHORT = {"ray": "Raygun", "switch": "Switch", "hswap": "H-swap", "vswap": "V-swap", "atom": "Atom"}
TOKEN_LABELS = {"extra": "Extra", "double": "Double", "joker": "Joker"}
HIDDEN = "?"


def card_label(code: str) -> str:
    """A Cosmos card as short as on the card: its Alien letters, or its effect."""
    return SHORT.get(code, code)


# --- the layout ---------------------------------------------------------------------

def layout(data: Any, state: State) -> Layout:
    """The position for a phone, drawn from a view's `data` only (a seat's, the scorekeeper's or a meet)."""
    data = msgspec.json.decode(msgspec.json.encode(data))  # as JSON gives it: tuples become lists
    if not isinstance(data, dict):
        return Layout()
    zones = [_turn(data, state), _row(data, state), _trail(data, state)]
    seats = data.get("seats")
    for i, side in enumerate(seats if isinstance(seats, list) else []):
        if isinstance(side, dict):
            zones += _seat(data, state, i, side)
    return Layout(zones=tuple(zones))


def _names(data: Any, state: State) -> list[str]:
    players = data.get("players")
    return [str(p) for p in players] if isinstance(players, list) else list(state.players)


def _count(value: Any) -> str:
    """A pile's or a hand's size from a view: a list's length, a number, or "?"."""
    if isinstance(value, list):
        return str(len(value))
    return str(value) if isinstance(value, int) else HIDDEN


def _turn(data: Any, state: State) -> Zone:
    names = _names(data, state)
    if data.get("over") is True:
        return Zone("turn", f"Game over after round {data.get('round')}", (), str(data.get("end_reason", "")))
    due = data.get("due")
    if isinstance(due, str) and due:
        return Zone("turn", f"Round {data.get('round')}: setting out", (), f"the {DUE.get(due, due)} comes next")
    turn = data.get("turn")
    who = names[turn] if isinstance(turn, int) and 0 <= turn < len(names) else "?"
    note = f"{_left(data.get('mandatory'), 'mandatory')}, {_left(data.get('optional'), 'optional')}"
    if data.get("recover") is True:
        note += "; the played cards return to hand at the end of the turn"
    spots = (Spot("turn:atomize", "Atomize", "Atomize: discard 1 or 2 Aliens for an Atom each"),
             Spot("turn:end", "End turn", f"End {who}'s turn"))
    return Zone("turn", f"Round {data.get('round')}: {who} to act", spots, note)


DUE = {"row": "Prestige row", "trail": "Cosmos trail", "hand": "next starting hand",
       "refill": "Cosmos card for the trail", "reveal": "Prestige card for the row"}


def _left(n: Any, kind: str) -> str:
    return f"{n} {kind} action{'s' if n != 1 else ''} left" if isinstance(n, int) else f"? {kind} actions left"


def _prestige(data: Any, card: str) -> tuple[int, str]:
    """A Prestige card's points and token from the view's edition table."""
    found = data.get("config", {}).get("prestige", {}) if isinstance(data.get("config"), dict) else {}
    entry = found.get(card) if isinstance(found, dict) else None
    if isinstance(entry, list) and len(entry) == 2 and isinstance(entry[0], int):
        return entry[0], str(entry[1])
    return 0, ""


def prestige_spot(data: Any, state: State, place: int, card: str) -> Spot:
    """A Prestige card of the row: its points as the label, its needs and token in words."""
    points, token = _prestige(data, card)
    gives = f", gives {a_or_an(TOKEN_WORDS[token])}" if token in TOKEN_WORDS else ""
    mark = f" {TOKEN_LABELS[token][0]}" if token in TOKEN_LABELS else ""
    return Spot(f"row:{place}", f"{points}pt{mark}",
                f"Prestige card {place}: {points} points{gives}; needs {need_words(state, card)}")


def _row(data: Any, state: State) -> Zone:
    row = data.get("row")
    cards = row if isinstance(row, list) else []
    spots = tuple(prestige_spot(data, state, i + 1, c) for i, c in enumerate(cards) if isinstance(c, str))
    return Zone("row", "Prestige row", spots, f"Prestige pile: {_count(data.get('prestige_deck'))} cards")


def _trail(data: Any, state: State) -> Zone:
    trail = data.get("trail")
    slots = trail if isinstance(trail, list) else []
    spots = []
    for i, slot in enumerate(slots):
        if not isinstance(slot, dict) or not isinstance(slot.get("card"), str):
            continue
        n, card, atoms = len(slots) - i, slot["card"], slot.get("atoms")
        extra = f" +{atoms}" if isinstance(atoms, int) and atoms else ""
        on = f", {atoms} Atom{'s' if atoms != 1 else ''} on it" if extra else ""
        cost = "free" if n == 1 else f"costs {n - 1} Atom{'s' if n > 2 else ''}"
        spots.append(Spot(f"trail:{n}", card_label(card) + extra, f"Slot {n}: {card_words(state, card)}{on}; {cost}"))
    return Zone("trail", "Cosmos trail (slot 1, on the right, is free)", tuple(spots),
                f"Cosmos pile: {_count(data.get('cosmos_deck'))} cards")


def _seat(data: Any, state: State, i: int, side: dict[str, Any]) -> list[Zone]:
    name = _names(data, state)[i] if i < len(_names(data, state)) else f"Seat {i + 1}"
    tokens: list[Any] = side["tokens"] if isinstance(side.get("tokens"), list) else []
    fresh: list[Any] = side["fresh"] if isinstance(side.get("fresh"), list) else []
    spots = tuple(_token(i, kind, tokens.count(kind), fresh.count(kind)) for kind in sorted(set(tokens))
                  if isinstance(kind, str))
    won = side.get("prestige")
    note = f"Prestige cards: {_count(won)}, Atoms: {side.get('atoms')}"
    zones = [Zone(f"seat:{i}", f"{name}: {side.get('points')} points", spots, note)]
    board = side.get("board")
    columns = [c if isinstance(c, str) else "" for c in board] if isinstance(board, list) and len(board) == 3 else None
    for row in (3, 2, 1):
        cells = tuple(_cell(data, state, i, f"{col}{row}", columns) for col in bd.COLUMNS)
        zones.append(Zone(f"planet:{i}:{row}", f"{name}'s planet, {ROW_NAMES[row]} row", cells))
    zones += [_cards(state, i, "hand", f"{name}'s hand", side.get("hand")),
              _cards(state, i, "played", f"{name}'s played cards", side.get("played"))]
    return zones


ROW_NAMES = {3: "top", 2: "middle", 1: "bottom"}


def _token(seat: int, kind: str, held: int, fresh: int) -> Spot:
    many = f" x{held}" if held > 1 else ""
    later = f"; {fresh} gained this turn, usable from the next turn" if fresh else ""
    return Spot(f"token:{seat}:{kind}", TOKEN_LABELS.get(kind, kind) + many,
                f"{held} {TOKEN_WORDS.get(kind, kind)}{'s' if held > 1 else ''}{later}")


def _cell(data: Any, state: State, seat: int, cell: str, columns: list[str] | None) -> Spot:
    if columns is None:
        return Spot(f"cell:{seat}:{cell}", HIDDEN, f"{cell_words(cell)}: not known")
    x, y = bd.cell_xy(cell)
    token = columns[x][y] if y < len(columns[x]) else ""
    if not token:
        return Spot(f"cell:{seat}:{cell}", "·", f"{cell_words(cell)}: empty")
    what = "Joker" if token == JOKER else f"{colour_words(state, token)} Alien"
    return Spot(f"cell:{seat}:{cell}", token, f"{cell_words(cell)}: {what}")


def _cards(state: State, seat: int, where: str, title: str, cards: Any) -> Zone:
    """A hand or the played cards: a spot per kind of card, or only their number where the view hides them."""
    if not isinstance(cards, list):
        return Zone(f"{where}:{seat}", title, (), f"{_count(cards)} cards, face down")
    codes = [c for c in cards if isinstance(c, str)]
    spots = tuple(Spot(f"{where}:{seat}:{c}", card_label(c) + (f" x{codes.count(c)}" if codes.count(c) > 1 else ""),
                       card_words(state, c)) for c in sorted(set(codes)))
    return Zone(f"{where}:{seat}", title, spots, f"{len(codes)} card{'s' if len(codes) != 1 else ''}")


# --- what a move is about ---------------------------------------------------------------

def parts(event: Event, state: State) -> tuple[Spot, ...]:
    """What a legal action or a listed outcome is about, in tapping order."""
    if isinstance(event, Took):
        return (Spot(f"trail:{event.slot}", card_label(event.card), f"Slot {event.slot}"),)
    if isinstance(event, Played):
        return _played(event, state)
    if isinstance(event, Recovered):
        played = sorted(set(state.seats[event.by].played))
        return tuple(Spot(f"played:{event.by}:{c}", card_label(c), card_words(state, c)) for c in played) or (
            Spot("choice:recover", "Recover", "Recover the played cards"),)
    if isinstance(event, Atomized):
        return _atomized(event, state)
    if isinstance(event, Combo):
        return _combo(event, state)
    if isinstance(event, ExtraTurn):
        return (_token_part(event.by, "extra"),)
    if isinstance(event, JokerPlaced):
        x = bd.COLUMNS.index(event.column)
        cell = f"{event.column}{len(state.seats[event.by].board[x]) + 1}"
        return _token_part(event.by, "joker"), _cell_part(event.by, cell, "·")
    if isinstance(event, Ended):
        return (Spot("turn:end", "End turn", "End the turn"),)
    return _outcome(event, state)


def _cell_part(seat: int, cell: str, label: str) -> Spot:
    return Spot(f"cell:{seat}:{cell}", label or "·", cell_words(cell))


def _token_part(seat: int, kind: str) -> Spot:
    return Spot(f"token:{seat}:{kind}", TOKEN_LABELS[kind], TOKEN_WORDS[kind])


def _played(e: Played, state: State) -> tuple[Spot, ...]:
    board = state.seats[e.by].board
    card = Spot(f"hand:{e.by}:{e.card}", card_label(e.card), card_words(state, e.card))
    effect = effect_of(e.card)
    if effect == "ray":
        colour = colour_words(state, e.colour)
        return (card, *(_cell_part(e.by, c, bd.token_at(board, c)) for c in e.cells),
                Spot(f"choice:colour:{e.colour}", colour.capitalize(), f"turn it {colour}"))
    if effect != "aliens":
        return (card, *(_cell_part(e.by, c, bd.token_at(board, c)) for c in e.cells))
    out = [card]
    for x, gain in enumerate(e.place):
        for k, letter in enumerate(gain):
            cell = f"{bd.COLUMNS[x]}{len(board[x]) + k + 1}"
            colour = colour_words(state, letter)
            out += [_cell_part(e.by, cell, "·"),
                    Spot(f"choice:land:{cell}:{letter}", f"{letter} to {cell}", f"a {colour} Alien lands "
                         f"{cell_words(cell)}")]
    return tuple(out)


def _atomized(e: Atomized, state: State) -> tuple[Spot, ...]:
    board = state.seats[e.by].board
    out = [Spot("turn:atomize", "Atomize", "Atomize"), *(_cell_part(e.by, c, bd.token_at(board, c)) for c in e.cells)]
    if e.double:
        out.append(_token_part(e.by, "double"))
    return tuple(out)


def _combo(e: Combo, state: State) -> tuple[Spot, ...]:
    place = state.row.index(e.card) + 1 if e.card in state.row else 0
    points = dict(state.config.prestige).get(e.card, (0, ""))[0]
    out = [Spot(f"row:{place}", f"{points}pt", f"Prestige card {place}")]
    if e.drop:
        out.append(Spot(f"choice:drop:{e.drop}", f"Drop {TOKEN_LABELS.get(e.drop, e.drop)}",
                        f"give up {a_or_an(TOKEN_WORDS.get(e.drop, e.drop))}"))
    return tuple(out)


def _outcome(event: Event, state: State) -> tuple[Spot, ...]:
    """A listed chance outcome: the card dealt, offered beside the board."""
    if isinstance(event, HandDealt):
        name = state.players[event.seat]
        return (Spot(f"choice:hand:{event.seat}", f"{name[:10]}", f"{name}'s starting cards"),)
    if isinstance(event, Refilled):
        return (Spot(f"choice:cosmos:{event.card}", card_label(event.card), card_words(state, event.card)),)
    if isinstance(event, Revealed):
        points = dict(state.config.prestige).get(event.card, (0, ""))[0]
        return (Spot(f"choice:prestige:{event.card}", event.card, f"{points} points; needs "
                     f"{need_words(state, event.card)}"),)
    return (Spot(f"choice:{type(event).__name__.lower()}", type(event).__name__, ""),)
