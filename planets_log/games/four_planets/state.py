"""The Four Planets game state (frozen msgspec Structs) and the setup before any deal."""

from __future__ import annotations

from typing import Iterable, TypeVar

import msgspec

from planets_log.game import UNKNOWN, Header, multiset

from . import cards as C
from .buildings import Pro
from .edition import FIRST_GAME, FourPlanetsEdition

ROUNDS = 5
PLANETS = 4
MAX_MOVES = 3
DEAL = 2 * PLANETS
LOOK = 5
replace = msgspec.structs.replace
T = TypeVar("T")
Piles = tuple[tuple[str, ...], tuple[str, ...]]
"""A deck and a discard pile."""


class Ship(msgspec.Struct, frozen=True):
    """A spaceship on a planet: its owner and how many parts it is built of."""

    seat: int
    parts: int


class Planet(msgspec.Struct, frozen=True):
    """A planet's face-up specialists and its spaceships in order of arrival."""

    cards: tuple[str, ...] = ()
    ships: tuple[Ship, ...] = ()


class Tile(msgspec.Struct, frozen=True, omit_defaults=True):
    """An owned boost tile and what it is attached to (column, bonus card or copied tile)."""

    id: str
    copies: str | None = None
    colour: str | None = None
    position: int | None = None


class Seat(msgspec.Struct, frozen=True):
    """One player's side of the table."""

    parts: int
    left: int = 0
    hand: tuple[str, ...] = ()
    up: tuple[tuple[str, ...], ...] = ((),) * 5
    down: tuple[tuple[str, ...], ...] = ((),) * 5
    coins: int = 0
    coins_used: int = 0
    tiles: tuple[Tile, ...] = ()
    moves: int = 0


class Pending(msgspec.Struct, frozen=True, omit_defaults=True):
    """The ability step the play turn must resolve before anything else."""

    step: str
    tile: str | None = None
    cards: tuple[str, ...] = ()


class State(msgspec.Struct, frozen=True):
    """The whole table: phase, planets, piles, supplies and both seats."""

    players: tuple[str, ...]
    seats: tuple[Seat, ...]
    deck: tuple[str, ...]
    phase: str = "setup-bonus"
    round: int = 1
    bonus: tuple[str, ...] = ()
    planets: tuple[Planet, ...] = (Planet(),) * PLANETS
    discard: tuple[str, ...] = ()
    tiles: tuple[str, ...] = ()
    spaceship: int = 0
    turn: int = 0
    cursor: int = 0
    finished: int = 0
    credit: int = 0
    pending: Pending | None = None
    coins_total: int = 6
    max_parts: int = 7
    tile_pool: tuple[str, ...] = ()
    first_game: tuple[str, ...] | None = None
    pro: Pro | None = None
    kept_by: int | None = None
    """In a record kept by one player, that seat: cards it cannot see are `?`."""
    unseen: int = 0
    """`?` cards whose identity is still among `deck`: the deck really holds len(deck) - unseen cards."""


def setup(header: Header, edition: FourPlanetsEdition) -> State:
    """The table before anything is dealt: full deck, empty planets, 4 parts each (the first game's deck)."""
    first_game = bool(header.options.get("first_game", False))
    seat = Seat(parts=edition.start_parts, left=edition.start_parts)
    return State(
        players=tuple(header.players), seats=(seat, seat), deck=edition.deck(),
        coins_total=edition.coins, max_parts=edition.ship_parts,
        tile_pool=tuple(sorted(tile.id for tile in edition.tiles)),
        first_game=tuple(sorted(FIRST_GAME)) if first_game else None,
        kept_by=header.kept_by if isinstance(header.kept_by, int) else None,
    )


# --- multisets as sorted tuples ------------------------------------------------------------


def minus(pile: Iterable[str], cards: Iterable[str]) -> tuple[str, ...]:
    """`pile` without `cards` (each removed once), sorted; a known card not there is an error (core
    multiset). A `?` (a card the keeper of the record cannot see) leaves the pile as it is when the
    pile holds no `?`: it was not taken by name."""
    cards = tuple(cards)
    if UNKNOWN not in cards:
        return multiset.remove(pile, cards)
    pile = tuple(pile)
    hidden = min(cards.count(UNKNOWN), pile.count(UNKNOWN))
    return multiset.remove(pile, [c for c in cards if c != UNKNOWN] + [UNKNOWN] * hidden)


def plus(pile: Iterable[str], cards: Iterable[str]) -> tuple[str, ...]:
    """`pile` with `cards` added, sorted."""
    return tuple(sorted([*pile, *cards]))


def contains(pile: Iterable[str], cards: Iterable[str]) -> bool:
    """True when every card of `cards` (with repeats) is in `pile`."""
    rest = list(pile)
    for card in cards:
        try:
            rest.remove(card)
        except ValueError:
            return False
    return True


def take_piles(deck: tuple[str, ...], discard: tuple[str, ...], cards: tuple[str, ...]) -> Piles:
    """Deck and discard after drawing `cards` in order, the discard becoming the deck when it runs out."""
    if len(cards) <= len(deck):
        return minus(deck, cards), discard
    return minus(discard, cards[len(deck):]), ()


def pending_of(state: State) -> Pending:
    """The ability step due (the caller's event or phase says one is: an event of a step comes only then)."""
    if state.pending is None:
        raise ValueError("no ability step is pending")
    return state.pending


def pro_of(state: State) -> Pro:
    """The professional part of the table (the Professional Mode hooks run only when there is one)."""
    if state.pro is None:
        raise ValueError("not a Professional Mode game: the table has no buildings")
    return state.pro


def deck_left(state: State) -> int:
    """How many cards the deck really holds (a kept record's `?` draws are counted out)."""
    return len(state.deck) - state.unseen


def take(state: State, cards: tuple[str, ...]) -> tuple[tuple[str, ...], tuple[str, ...], int]:
    """Deck, discard and unseen count after drawing `cards` (`?` for one the keeper did not see).

    When the deck runs out the discard pile becomes the deck; in a kept record what is left
    of the old deck is the identity of its `?` cards, kept among the candidates.
    """
    if state.unseen == 0 and UNKNOWN not in cards:
        deck, discard = take_piles(state.deck, state.discard, cards)
        return deck, discard, 0
    real = deck_left(state)
    head, tail = cards[:real], cards[real:]
    deck = minus(state.deck, [c for c in head if c != UNKNOWN])
    unseen = state.unseen + head.count(UNKNOWN)
    if not tail:
        return deck, state.discard, unseen
    known = [c for c in state.discard if c != UNKNOWN]  # a `?` discarded is in the new deck: no longer counted out
    deck = minus(plus(known, deck), [c for c in tail if c != UNKNOWN])
    return deck, (), unseen - (len(state.discard) - len(known)) + tail.count(UNKNOWN)


# --- reading the table ---------------------------------------------------------------------


def other(seat: int) -> int:
    """The opponent's seat."""
    return 1 - seat


def column_size(seat: Seat, index: int) -> int:
    """Specialists in a column, face-down ones included."""
    return len(seat.up[index]) + len(seat.down[index])


def column_symbols(seat: Seat, index: int) -> int:
    """Symbols in a column: printed ones on face-up cards plus one per face-down card."""
    total = len(seat.down[index])
    for code in seat.up[index]:
        total += C.symbols(code)
    return total


def played(seat: Seat) -> int:
    """Every specialist the seat has played, face-down ones included."""
    return sum(column_size(seat, i) for i in range(5))


def coins_supply(state: State) -> int:
    """Coins left in the general supply."""
    return state.coins_total - sum(seat.coins for seat in state.seats)


def discounts(seat: Seat, letter: str) -> int:
    """How many discount tiles (a copy counts) are attached to the column of `letter`."""
    return [tile.colour for tile in seat.tiles].count(letter)


def effective_cost(seat: Seat, code: str) -> int:
    """What a card costs the seat after its discount tiles, never below 0."""
    return max(0, C.cost(code) - discounts(seat, code[0]))


def seen_positions(seat_index: int, moves: int) -> tuple[int, ...]:
    """Colour-bonus positions (1..4) a seat's exploration marker has reached."""
    if seat_index == 0:
        return tuple(range(1, 2 + moves))
    return tuple(range(4 - moves, 5))


def marker(seat_index: int, moves: int) -> int:
    """The colour-bonus position the seat's exploration marker is on."""
    return 1 + moves if seat_index == 0 else 4 - moves


def recruit_step(state: State) -> int:
    """+1 when recruiting goes planet 1 to 4, -1 when a building turned it to start at planet 4."""
    return -1 if state.pro is not None and state.pro.reverse else 1


def with_seat(state: State, index: int, seat: Seat) -> tuple[Seat, ...]:
    """The seats tuple with one seat replaced."""
    return with_item(state.seats, index, seat)


def with_item(items: tuple[T, ...], index: int, item: T) -> tuple[T, ...]:
    """`items` with the one at `index` replaced by `item` (an index outside 0..len-1 changes nothing)."""
    out = list(items)
    if 0 <= index < len(out):
        out[index] = item
    return tuple(out)


def has_ship(planet: Planet, seat: int) -> bool:
    """True when `seat` has a spaceship at `planet`."""
    for ship in planet.ships:
        if ship.seat == seat:
            return True
    return False


def unvisited(state: State, seat: int) -> list[int]:
    """Indexes of the planets where `seat` has no spaceship yet."""
    return [i for i, planet in enumerate(state.planets) if not has_ship(planet, seat)]


def owned_ids(seat: Seat) -> tuple[str, ...]:
    """Ids of the boost tiles the seat owns."""
    return tuple(tile.id for tile in seat.tiles)
