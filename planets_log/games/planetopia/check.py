"""`check`: whether an event may happen now, with an error naming the rule it breaks."""

from __future__ import annotations

from collections.abc import Callable, Iterable
from typing import Any

from planets_log.game import Event, IllegalEvent

from . import board as bd
from .edition import COLOURS, JOKER
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
    RowDealt,
    Took,
    TrailDealt,
)
from .state import State, contains, usable_tokens

SETUP, TURN, COSMOS, BOARD, PRESTIGE, SPECIAL, FAQ = (
    "Setup", "Turn of Play", "Cosmos Cards", "Game Board", "Prestige Cards", "Special Tokens", "F.A.Q.")
SWAP_KIND = {"switch": ("d", "diagonally"), "hswap": ("h", "horizontally"), "vswap": ("v", "vertically")}


def effect_of(code: str) -> str:
    """The effect of a Cosmos card from its code: 'aliens' for Alien letters, else the code."""
    return "aliens" if code and all(ch in COLOURS for ch in code) else code


def supply(state: State, colour: str, boards: str | None = None) -> int:
    """Alien tokens of a colour still in the common supply (`boards`: every planet's tokens, if joined already)."""
    if boards is None:
        boards = "".join("".join(seat.board) for seat in state.seats)
    return state.config.alien_tokens(colour) - boards.count(colour)


def received(state: State, card: str) -> str:
    """The Aliens a played card brings: each icon's colour while the supply lasts (F.A.Q.)."""
    boards = "".join("".join(seat.board) for seat in state.seats)
    return "".join(ch * min(card.count(ch), supply(state, ch, boards)) for ch in sorted(set(card)))


def check(state: State, event: Event) -> None:
    """Raise IllegalEvent when `event` breaks a rule in `state`."""
    handler = _HANDLERS.get(type(event))
    if handler is None:
        raise IllegalEvent("type", f"{type(event).__name__} is not a Planetopia event", TURN)
    handler(state, event)


# --- chance --------------------------------------------------------------------

def _due(state: State, kind: str, what: str) -> None:
    if state.due != kind:
        want = state.due or "a player's action"
        raise IllegalEvent("chance.order", f"{what} is not due now ({want} is)", SETUP)


def _row(state: State, e: RowDealt) -> None:
    _due(state, "row", "the Prestige row")
    want = min(len(state.players) + 1, len(state.prestige_deck))
    if len(e.cards) != want:
        raise IllegalEvent("row.size", f"the Prestige row holds {want} cards (players + 1), not {len(e.cards)}", SETUP)
    for card in e.cards:
        if card not in state.prestige_deck:
            raise IllegalEvent("row.card", f"{card} is not a Prestige card of this game's pile", SETUP)
    if len(set(e.cards)) != len(e.cards):
        raise IllegalEvent("row.card", "the same Prestige card appears twice in the row", SETUP)


def _trail(state: State, e: TrailDealt) -> None:
    _due(state, "trail", "the Cosmos trail")
    want = min(state.config.trail, len(state.cosmos_deck))
    if len(e.cards) != want:
        raise IllegalEvent("trail.size", f"the Cosmos trail starts with {want} cards, not {len(e.cards)}", SETUP)
    if not contains(state.cosmos_deck, e.cards):
        raise IllegalEvent("trail.card", f"{_missing(state.cosmos_deck, e.cards)} is not (or not that often) in "
                           f"this game's Cosmos pile of {len(state.cosmos_deck)} cards", SETUP)


def _missing(pile: tuple[str, ...], cards: Iterable[str]) -> str:
    """The first card of `cards` the pile cannot supply."""
    pool = list(pile)
    for card in cards:
        if card not in pool:
            return card
        pool.remove(card)
    return ""


def _hand(state: State, e: HandDealt) -> None:
    _due(state, "hand", "a starting hand")
    seat = next_to_deal(state)
    if e.seat != seat:
        raise IllegalEvent("hand.seat", f"{state.players[seat]}'s starting hand is due, not seat {e.seat + 1}'s", SETUP)
    if tuple(sorted(e.cards)) != state.config.hand:
        raise IllegalEvent("hand.cards", f"every player starts with {' '.join(state.config.hand)}, "
                           f"not {' '.join(e.cards)}", SETUP)


def next_to_deal(state: State) -> int:
    """The seat whose starting hand is dealt next."""
    return sum(1 for s in state.seats if s.hand or s.played)


def _refill(state: State, e: Refilled) -> None:
    _due(state, "refill", "a Cosmos card for the trail")
    if e.card not in state.cosmos_deck:
        raise IllegalEvent("refill.card", f"no {e.card} card is left in the Cosmos pile", TURN)


def _reveal(state: State, e: Revealed) -> None:
    _due(state, "reveal", "a Prestige card for the row")
    if e.card not in state.prestige_deck:
        raise IllegalEvent("reveal.card", f"{e.card} is not in the Prestige pile", PRESTIGE)


# --- mandatory actions -------------------------------------------------------------

def _mandatory(state: State, what: str) -> None:
    if state.mandatory <= 0:
        name = state.players[state.turn]
        raise IllegalEvent("action.mandatory", f"{name} has already taken this turn's mandatory action; {what} "
                           "is a second one", TURN)


def _take(state: State, e: Took) -> None:
    _mandatory(state, f"taking {e.card}")
    name, seat = state.players[state.turn], state.seats[state.turn]
    n = len(state.trail)
    if not 1 <= e.slot <= n:
        raise IllegalEvent("take.slot", f"the trail has {n} cards; there is no slot {e.slot}", TURN)
    there = state.trail[n - e.slot].card
    if there != e.card:
        raise IllegalEvent("take.card", f"slot {e.slot} of the trail holds {there}, not {e.card}", TURN)
    cost = e.slot - 1
    if seat.atoms < cost:
        raise IllegalEvent("take.atoms", f"{name} has {seat.atoms} Atoms but taking {e.card} from slot {e.slot} "
                           f"costs {cost} (one on each card to its right)", TURN)


def _play(state: State, e: Played) -> None:
    _mandatory(state, f"playing {e.card}")
    name, seat = state.players[state.turn], state.seats[state.turn]
    if e.card not in seat.hand:
        raise IllegalEvent("play.hand", f"{name} has no {e.card} card in hand (hand: {' '.join(seat.hand) or 'empty'})",
                           TURN, f"{name} has no {e.card} card in hand")  # another seat sees the hand's size only
    effect = effect_of(e.card)
    if effect != "aliens" and e.place != ("", "", ""):
        raise IllegalEvent("play.form", f"{e.card} places no Aliens", COSMOS)
    if effect not in ("ray", "switch", "hswap", "vswap") and (e.cells or e.colour):
        raise IllegalEvent("play.form", f"{e.card} names no cells or colour", COSMOS)
    if effect == "aliens":
        _place(state, e, name)
    elif effect == "ray":
        _ray(state, e, name)
    elif effect in SWAP_KIND:
        _swap(state, e, effect)


def _place(state: State, e: Played, name: str) -> None:
    board = state.seats[state.turn].board
    got = received(state, e.card)
    placed = "".join(e.place)
    for col, gain in zip(bd.COLUMNS, e.place):
        if len(board[bd.COLUMNS.index(col)]) + len(gain) > bd.HEIGHT:
            raise IllegalEvent("play.column", f"column {col} of {name}'s planet has room for "
                               f"{bd.HEIGHT - len(board[bd.COLUMNS.index(col)])} tokens, not {len(gain)}", BOARD)
    if not contains(tuple(got), tuple(placed)):
        raise IllegalEvent("play.aliens", f"{e.card} brings {got or 'no Alien'} (while the supply lasts): "
                           f"{placed} cannot all be placed from it", COSMOS)
    room = bd.free_slots(board)
    need = min(len(got), room)
    if len(placed) != need:
        raise IllegalEvent("play.surplus", f"{name}'s planet has {room} free slots for the {len(got)} Aliens of "
                           f"{e.card}: {need} must be placed, not {len(placed)} (only surplus is discarded)", TURN)


def _ray(state: State, e: Played, name: str) -> None:
    seat = state.seats[state.turn]
    if len(e.cells) != 1:
        raise IllegalEvent("ray.form", "the Raygun turns exactly one Alien: name one cell and a colour", COSMOS)
    _cell(e.cells[0])
    have = bd.token_at(seat.board, e.cells[0])
    if not have or have == JOKER:
        what = "empty" if not have else "a Joker, not an Alien"
        raise IllegalEvent("ray.cell", f"{e.cells[0]} of {name}'s planet is {what}", COSMOS)
    if len(e.colour) != 1 or e.colour not in COLOURS or e.colour == have:
        others = ", ".join(c for c in COLOURS if c != have)
        raise IllegalEvent("ray.colour", f"the Raygun must turn the {have} Alien at {e.cells[0]} into another "
                           f"colour ({others}), not {e.colour or 'nothing'}", COSMOS)
    if supply(state, e.colour) <= 0:
        colour = state.config.colour_name(e.colour)
        raise IllegalEvent("ray.supply", f"no {colour} Alien is left in the supply", FAQ)
    if seat.atoms < state.config.raygun:
        cost = state.config.raygun
        raise IllegalEvent("ray.atoms", f"{name} has {seat.atoms} Atoms; the Raygun costs {cost}", COSMOS)


def _swap(state: State, e: Played, effect: str) -> None:
    board = state.seats[state.turn].board
    kind, how = SWAP_KIND[effect]
    if len(e.cells) != 2:
        raise IllegalEvent("swap.form", f"{e.card} swaps two Aliens: name two cells", COSMOS)
    a, b = _cell(e.cells[0]), _cell(e.cells[1])
    if bd.cell_order((a, b)) != [a, b] or a == b:
        raise IllegalEvent("swap.order", f"write the two cells in board order (bottom row first, left to right): "
                           f"{' '.join(bd.cell_order((a, b)))}", "Notation")
    if not bd.adjacent(a, b, kind):
        raise IllegalEvent("swap.adjacent", f"{a} and {b} are not neighbours {how}; {e.card} swaps two Aliens "
                           f"adjacent {how}", COSMOS if effect == "switch" else SETUP)
    empty = [c for c in (a, b) if not bd.token_at(board, c)]
    if empty:
        what = f"{empty[0]} is empty" if len(empty) == 1 else f"{empty[0]} and {empty[1]} are empty"
        raise IllegalEvent("swap.empty", f"{what} on {state.players[state.turn]}'s planet: {e.card} swaps two tokens "
                           "only, never into an empty slot", FAQ)


def _cell(cell: str) -> str:
    try:
        bd.cell_xy(cell)
    except ValueError:
        raise IllegalEvent("cell", f"{cell!r} is not a cell of the planet (a1..c3)", BOARD) from None
    return cell


def _recover(state: State, e: Recovered) -> None:
    _mandatory(state, "recovering cards")
    if not state.seats[state.turn].played:
        raise IllegalEvent("recover.none", f"{state.players[state.turn]} has no played cards to recover", TURN)


# --- optional actions and tokens ------------------------------------------------------

def _optional(state: State, what: str) -> None:
    if state.optional <= 0:
        name = state.players[state.turn]
        raise IllegalEvent("action.optional", f"{name} has already taken this turn's optional action; {what} is "
                           "a second one", TURN)


def _usable(state: State, token: str, what: str) -> None:
    seat, name = state.seats[state.turn], state.players[state.turn]
    if token in usable_tokens(seat):
        return
    if token in seat.tokens:
        raise IllegalEvent("token.fresh", f"{name} gained the {token} token this turn; it can be played from a later "
                           "round on", SPECIAL)
    raise IllegalEvent("token.none", f"{name} holds no {token} token for {what} (tokens: "
                       f"{' '.join(seat.tokens) or 'none'})", SPECIAL)


def _atomize(state: State, e: Atomized) -> None:
    _optional(state, "atomizing")
    board, name = state.seats[state.turn].board, state.players[state.turn]
    if not 1 <= len(e.cells) <= 2:
        raise IllegalEvent("atomize.count", f"atomize discards 1 or 2 Aliens, not {len(e.cells)}", TURN)
    cells = [_cell(c) for c in e.cells]
    if len(set(cells)) != len(cells) or bd.cell_order(cells) != cells:
        raise IllegalEvent("atomize.order", "name distinct cells in board order (bottom row first, left to right)",
                           "Notation")
    for c in cells:
        have = bd.token_at(board, c)
        if not have or have == JOKER:
            what = "empty" if not have else "a Joker token, not an Alien"
            raise IllegalEvent("atomize.cell", f"{c} of {name}'s planet is {what}", TURN)
    if e.double:
        _usable(state, "double", "doubling the Atoms")


def _combo(state: State, e: Combo) -> None:
    _optional(state, f"the combo {e.card}")
    seat, name = state.seats[state.turn], state.players[state.turn]
    if e.card not in state.row:
        raise IllegalEvent("combo.row", f"{e.card} is not in the Prestige row ({' '.join(state.row) or 'empty'})",
                           TURN)
    why = bd.mismatch(seat.board, e.card)
    if why:
        raise IllegalEvent("combo.pattern", f"{name}'s planet does not show the pattern {e.card}: {why}", PRESTIGE)
    token = state.config.prestige_of(e.card)[1]
    full = token and len(seat.tokens) >= state.config.slots
    if not full and e.drop:
        why = f"{name} has room for the {token} token" if token else f"{e.card} gives no Special token"
        raise IllegalEvent("combo.drop", f"{why}; no token is discarded", SPECIAL)
    if full and e.drop not in set(seat.tokens) | {token}:
        raise IllegalEvent("combo.drop", f"{name} holds {state.config.slots} Special tokens ({' '.join(seat.tokens)}) "
                           f"and gains a {token} token: name the one to discard", SPECIAL)


def _extra(state: State, e: ExtraTurn) -> None:
    _usable(state, "extra", "an extra turn")


def _joker(state: State, e: JokerPlaced) -> None:
    _usable(state, "joker", "placing a Joker")
    if e.column not in bd.COLUMNS or len(e.column) != 1:
        raise IllegalEvent("joker.column", f"{e.column!r} is not a column (a, b or c)", BOARD)
    if len(state.seats[state.turn].board[bd.COLUMNS.index(e.column)]) >= bd.HEIGHT:
        raise IllegalEvent("joker.full", f"column {e.column} of {state.players[state.turn]}'s planet is full", BOARD)


def _end(state: State, e: Ended) -> None:
    if state.mandatory > 0:
        raise IllegalEvent("end.mandatory", f"{state.players[state.turn]} must still take a mandatory action "
                           "(take a Cosmos card, play a card or recover cards)", TURN)


_HANDLERS: dict[type[Event], Callable[[State, Any], None]] = {  # each check takes the event type it is filed under
    RowDealt: _row, TrailDealt: _trail, HandDealt: _hand, Refilled: _refill, Revealed: _reveal,
    Took: _take, Played: _play, Recovered: _recover, Atomized: _atomize, Combo: _combo,
    ExtraTurn: _extra, JokerPlaced: _joker, Ended: _end,
}
