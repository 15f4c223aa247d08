"""Planetopia's events in plain words, one sentence each, and the notation's legend.

Components are named as the rulebook names them: Cosmos cards by their Alien icons or their effect,
Prestige cards by their points and the Aliens they need, the planet's slots by their place on the
3 by 3 grid ("bottom left", "centre"). The only secret is a starting hand: a seat that may see it
reads each card as one word (joined by no-break spaces), the others read "a card" there.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from planets_log.game import Event

from . import apply as ap
from . import board as bd
from .check import effect_of, received
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
    RowDealt,
    Took,
    TrailDealt,
)
from .state import State

NBSP = "\u00a0"
ROWS = {1: "bottom", 2: "middle", 3: "top"}
SIDES = {"a": "left", "b": "middle", "c": "right"}
COLUMN_WORDS = {"a": "the left column", "b": "the middle column", "c": "the right column"}
EFFECT_CARDS = {"ray": "the Raygun card", "switch": "the Switch card", "hswap": "the horizontal swap card",
                "vswap": "the vertical swap card", "atom": "the Atom card"}
TOKEN_WORDS = {"extra": "Extra turn token", "double": "Double earnings token", "joker": "Joker token"}


def cell_words(cell: str) -> str:
    """A slot of the planet by its place: `a1` is "bottom left", `b2` "centre"."""
    row, side = ROWS[int(cell[1])], SIDES[cell[0]]
    if row == "middle" and side == "middle":
        return "centre"
    return f"{row} {side}"


def colour_words(state: State, letter: str) -> str:
    """An Alien's colour by name ("green"); the Joker as "Joker"."""
    if letter == JOKER:
        return "Joker"
    try:
        return state.config.colour_name(letter)
    except KeyError:
        return letter


def listing(items: list[str]) -> str:
    """Items joined as English: "a", "a and b", "a, b and c"."""
    if len(items) <= 1:
        return "".join(items)
    return ", ".join(items[:-1]) + " and " + items[-1]


def card_words(state: State, code: str) -> str:
    """A Cosmos card: "the Raygun card", "the Cosmos card with 2 purple Aliens"."""
    if effect_of(code) != "aliens":
        return EFFECT_CARDS.get(code, f"the {code} card")
    if len(set(code)) == 1 and len(code) > 1:
        return f"the Cosmos card with {len(code)} {colour_words(state, code[0])} Aliens"
    named = listing([colour_words(state, ch) for ch in code])
    return f"the Cosmos card with {named} Aliens" if len(code) > 1 else f"the Cosmos card with a {named} Alien"


def need_words(state: State, pattern: str) -> str:
    """What a Prestige pattern needs, slot by slot, bottom row first: "red bottom left, any Alien centre"."""
    cells = bd.pattern_cells(pattern)
    needs = []
    for cell in bd.cell_order(cells):
        need = cells[cell]
        needs.append(f"{'any Alien' if need == 'o' else colour_words(state, need)} {cell_words(cell)}")
    return listing(needs)


def prestige_words(state: State, pattern: str, article: str = "a") -> str:
    """A Prestige card: its points, the Aliens it needs and its Special token."""
    try:
        points, token = state.config.prestige_of(pattern)
    except KeyError:
        points, token = 0, ""
    gives = f", with {a_or_an(TOKEN_WORDS[token])}" if token in TOKEN_WORDS else ""
    return f"{article} {points}-point Prestige card needing {need_words(state, pattern)}{gives}"


def alien_words(state: State, board: bd.Board, cell: str) -> str:
    """The token in a slot: "the green Alien bottom left"."""
    token = bd.token_at(board, cell)
    what = "the Joker" if token == JOKER else f"the {colour_words(state, token)} Alien" if token else "the empty slot"
    return f"{what} {cell_words(cell)}"


def words(event: Event, state: State, seat: int | None = None) -> str:
    """`event` (about to be applied to `state`) as one sentence; with a seat, as that seat may know it."""
    if isinstance(event, HandDealt):
        return _hand(event, state, seat)
    for kind, say in _SAY:
        if isinstance(event, kind):
            return say(event, state)
    raise ValueError(f"not a Planetopia event: {event!r}")


def _name(state: State, event: Event) -> str:
    by = getattr(event, "by", state.turn)
    return state.players[by] if isinstance(by, int) and 0 <= by < len(state.players) else state.players[state.turn]


def _row(e: RowDealt, state: State) -> str:
    return "The Prestige row is dealt, left to right: " + "; ".join(prestige_words(state, c) for c in e.cards)


def _trail(e: TrailDealt, state: State) -> str:
    n = len(e.cards)
    cards = [f"{card_words(state, c)} in slot {n - i}" for i, c in enumerate(e.cards)]
    return "The Cosmos trail is dealt, left to right (slot 1, on the right, is free): " + listing(cards)


def _hand(e: HandDealt, state: State, seat: int | None) -> str:
    sees = seat is None or seat == e.seat
    cards = [NBSP.join(card_words(state, c).split(" ")) if sees else f"a{NBSP}card" for c in e.cards]
    cards = [c + "," for c in cards[:-2]] + cards[-2:]
    tail = " ".join(cards[:-1]) + " and " + cards[-1] if len(cards) > 1 else "".join(cards)
    return (f"{state.players[e.seat]} receives {state.config.atoms} Atoms and {len(e.cards)} starting "
            f"cards: {tail}")


def _refill(e: Refilled, state: State) -> str:
    return f"A new Cosmos card is drawn to the left end of the trail: {card_words(state, e.card)}"


def _reveal(e: Revealed, state: State) -> str:
    return f"A new Prestige card is drawn into place {state.gap + 1} of the row: {prestige_words(state, e.card)}"


def _take(e: Took, state: State) -> str:
    said = f"{_name(state, e)} takes {card_words(state, e.card)} from slot {e.slot} of the trail"
    if e.slot == 1:
        said += ", for free"
    else:
        right = e.slot - 1
        said += f", placing an Atom on each of the {right} cards to its right" if right > 1 else (
            ", placing an Atom on the card to its right")
    i = len(state.trail) - e.slot
    atoms = state.trail[i].atoms if 0 <= i < len(state.trail) else 0
    if atoms:
        said += f", and gains the {atoms} Atom{'s' if atoms > 1 else ''} on it"
    return said


def _play(e: Played, state: State) -> str:
    name, card = _name(state, e), card_words(state, e.card)
    seat = state.seats[e.by]
    effect = effect_of(e.card)
    if effect == "aliens":
        said = f"{name} plays {card}: " + _landings(e, state)
    elif effect == "atom":
        said = f"{name} plays {card} and gains 1 Atom"
    elif effect == "ray":
        cell = e.cells[0] if e.cells else "a1"
        said = (f"{name} plays {card} and pays {state.config.raygun} Atoms: {alien_words(state, seat.board, cell)} "
                f"becomes {colour_words(state, e.colour)}")
    else:
        pair = [alien_words(state, seat.board, c) for c in e.cells]
        said = f"{name} plays {card}: {listing(pair)} swap places"
    if len(seat.hand) == 1 and e.card in seat.hand:
        said += "; it was the last card in hand, so the played cards return to hand at the end of the turn"
    return said


def _landings(e: Played, state: State) -> str:
    """Where each Alien of a played card lands, what surplus is discarded, what the supply lacks."""
    board = state.seats[e.by].board
    lands = []
    for x, gain in enumerate(e.place):
        for k, letter in enumerate(gain):
            cell = f"{bd.COLUMNS[x]}{len(board[x]) + k + 1}"
            lands.append(f"a {colour_words(state, letter)} Alien lands {cell_words(cell)}")
    got = list(received(state, e.card))
    for letter in "".join(e.place):
        if letter in got:
            got.remove(letter)
    missing = list(e.card)
    for letter in received(state, e.card):
        missing.remove(letter)
    said = listing(lands) if lands else "the planet is full, so no Alien lands"
    if got:
        said += f"; the surplus {listing([colour_words(state, c) for c in got])} {_aliens(got)} discarded"
    if missing:
        said += f"; the supply has no {listing(sorted({colour_words(state, c) for c in missing}))} Alien left"
    return said


def _aliens(letters: list[str]) -> str:
    return "Aliens are" if len(letters) > 1 else "Alien is"


def _recover(e: Recovered, state: State) -> str:
    n = len(state.seats[e.by].played)
    return f"{_name(state, e)} recovers the {n} played card{'s' if n != 1 else ''} into hand"


def _atomize(e: Atomized, state: State) -> str:
    board = state.seats[e.by].board
    gain = len(e.cells) * (2 if e.double else 1)
    said = f"{_name(state, e)} "
    if e.double:
        said += "plays a Double earnings token and "
    aliens = listing([alien_words(state, board, c) for c in e.cells])
    return said + f"atomizes {aliens} for {gain} Atom{'s' if gain > 1 else ''}"


def _combo(e: Combo, state: State) -> str:
    try:
        points, token = state.config.prestige_of(e.card)
    except KeyError:
        points, token = 0, ""
    place = f" in place {state.row.index(e.card) + 1} of the row" if e.card in state.row else ""
    gives = f", with {a_or_an(TOKEN_WORDS[token])}" if token in TOKEN_WORDS else ""
    cells = listing([cell_words(c) for c in bd.cell_order(bd.pattern_cells(e.card))])
    said = (f"{_name(state, e)} makes a combo with the {points}-point Prestige card{place}{gives}, "
            f"discarding the tokens {cells}")
    if e.drop and e.drop == token:
        said += f", and returns the new {TOKEN_WORDS[token]} at once (3 Special tokens at most)"
    elif e.drop:
        said += f", and returns {a_or_an(TOKEN_WORDS.get(e.drop, e.drop))} to make room for the new one"
    return said


def a_or_an(noun: str) -> str:
    """The noun with its indefinite article."""
    return f"{'an' if noun[:1] in 'AEIOU' else 'a'} {noun}"


def _extra(e: ExtraTurn, state: State) -> str:
    return f"{_name(state, e)} plays an Extra turn token: one more mandatory and one more optional action this turn"


def _joker(e: JokerPlaced, state: State) -> str:
    x = bd.COLUMNS.index(e.column)
    cell = f"{e.column}{len(state.seats[e.by].board[x]) + 1}"
    return f"{_name(state, e)} plays a Joker token into {COLUMN_WORDS[e.column]}: it lands {cell_words(cell)}"


def _end(e: Ended, state: State) -> str:
    said = f"{_name(state, e)} ends the turn"
    n = len(state.seats[e.by].played)
    if state.recover and n:
        said += f" and recovers the {n} played card{'s' if n != 1 else ''} into hand"
    after = ap.apply(state, e)
    if after.over:
        said += f"; the game ends: {after.end_reason}"
    elif after.round != state.round:
        said += f"; round {after.round} begins"
    return said


_SAY: tuple[tuple[type[Event], Callable[[Any, State], str]], ...] = (
    (RowDealt, _row), (TrailDealt, _trail), (Refilled, _refill), (Revealed, _reveal), (Took, _take),
    (Played, _play), (Recovered, _recover), (Atomized, _atomize), (Combo, _combo), (ExtraTurn, _extra),
    (JokerPlaced, _joker), (Ended, _end),
)


def legend() -> tuple[tuple[str, str], ...]:
    """The notation explained: an example line of each kind and what it means."""
    return LEGEND


LEGEND: tuple[tuple[str, str], ...] = (
    ("row .../.../RGB .../.R./oGo .../B../Bo.", "The Prestige row is dealt, left to right; each card is its "
     "pattern, top row first: a letter is an Alien of that colour (B blue, G green, P purple, R red, Y yellow), "
     "o any Alien, . a slot the card does not need"),
    ("trail PP switch ray BG BGR", "The Cosmos trail is dealt, left to right; the rightmost card is slot 1, free "
     "to take; an Alien card is written by its Alien letters"),
    ("hand Ann atom hswap vswap", "Ann receives the three starting cards (Atom, horizontal swap, vertical swap)"),
    ("refill GPR", "A Cosmos card is drawn to the left end of the trail after one was taken"),
    ("reveal .G./.Y./YRY", "A Prestige card is drawn into the gap a combo left in the row"),
    ("take 3 BG", "Take the card in slot 3 of the trail, paying an Atom onto each card to its right"),
    ("play BGR a:G b:RB", "Play an Alien card: green falls into column a (left), then red and blue into "
     "column b (middle); Aliens not placed are the surplus, discarded"),
    ("play ray b1 R", "Play the Raygun: pay 2 Atoms and turn the Alien in slot b1 (bottom middle) red"),
    ("play switch a1 b2", "Play the Switch: swap two diagonally adjacent Aliens (slots are column a-c, then "
     "row 1-3 from the bottom)"),
    ("play hswap a1 b1", "Play the horizontal swap starting card: swap two Aliens side by side"),
    ("play vswap a1 a2", "Play the vertical swap starting card: swap two Aliens one above the other"),
    ("play atom", "Play the Atom starting card: gain 1 Atom"),
    ("recover", "Take every played card back into hand"),
    ("atomize b2 a3 double", "Discard the Aliens in slots b2 and a3 for an Atom each; with double, a Double "
     "earnings token doubles the Atoms"),
    ("combo .../.R./oGo drop joker", "Discard the Aliens of a Prestige card's pattern and take the card; drop "
     "names the Special token given up when 4 would be held"),
    ("extra", "Play an Extra turn token: one more mandatory and one more optional action"),
    ("joker b", "Play a Joker token: it falls into column b as an Alien of any colour"),
    ("end", "End the turn once the mandatory action is done; the next player clockwise acts"),
)
