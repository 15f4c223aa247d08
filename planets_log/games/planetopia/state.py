"""Planetopia's game state: frozen msgspec Structs, replaced rather than changed."""

from __future__ import annotations

from typing import Any, TypeVar

import msgspec

from planets_log.game import Header

from .board import EMPTY, Board
from .edition import PlanetopiaEdition

T = TypeVar("T")


class TrailCard(msgspec.Struct, frozen=True):
    """A Cosmos card of the trail with the Atoms paid onto it."""

    card: str
    atoms: int = 0


class Seat(msgspec.Struct, frozen=True):
    """One player's planet, cards, Atoms, Prestige cards and Special tokens."""

    hand: tuple[str, ...] = ()
    played: tuple[str, ...] = ()
    atoms: int = 0
    board: Board = EMPTY
    prestige: tuple[str, ...] = ()
    points: int = 0
    tokens: tuple[str, ...] = ()
    fresh: tuple[str, ...] = ()


class Config(msgspec.Struct, frozen=True):
    """The edition values the rules read during play, copied into the state at setup."""

    goal: int
    atoms: int
    raygun: int
    trail: int
    slots: int
    aliens: tuple[tuple[str, int], ...]
    """(colour letter, tokens) in edition order; `colours` and `prestige` too, keyed by letter and card."""
    colours: tuple[tuple[str, str], ...]
    prestige: tuple[tuple[str, tuple[int, str]], ...]
    hand: tuple[str, ...]

    def alien_tokens(self, colour: str) -> int:
        """How many Alien tokens of a colour exist (0 for a colour the edition lacks)."""
        return next((n for c, n in self.aliens if c == colour), 0)

    def colour_name(self, letter: str) -> str:
        """The name of an Alien colour."""
        return _lookup(self.colours, letter)

    def prestige_of(self, card: str) -> tuple[int, str]:
        """A Prestige card's points and Special token."""
        return _lookup(self.prestige, card)


def _lookup(pairs: tuple[tuple[str, T], ...], key: str) -> T:
    """The value paired with `key` (KeyError when none is)."""
    for k, value in pairs:
        if k == key:
            return value
    raise KeyError(key)


class State(msgspec.Struct, frozen=True):
    """The whole table.

    `due` names the chance outcome expected next ('' when a player acts): 'row', 'trail',
    'hand', 'refill' or 'reveal'. `gap` is where the next Prestige card goes in the row.
    `mandatory`/`optional` count the actions the player to move still may take this turn
    (an Extra turn token adds one of each); `recover` is set when they played their last
    card in hand, so their played cards return at the end of the turn.
    """

    players: tuple[str, ...]
    config: Config
    seats: tuple[Seat, ...]
    prestige_deck: tuple[str, ...]
    cosmos_deck: tuple[str, ...]
    round_limit: int = 0
    row: tuple[str, ...] = ()
    trail: tuple[TrailCard, ...] = ()
    due: str = "row"
    gap: int = 0
    turn: int = 0
    round: int = 1
    mandatory: int = 1
    optional: int = 1
    recover: bool = False
    over: bool = False
    end_reason: str = ""


def with_seat(state: State, i: int, **changes: Any) -> State:
    """The state with seat i's fields changed."""
    seats = list(state.seats)
    seats[i] = msgspec.structs.replace(seats[i], **changes)
    return msgspec.structs.replace(state, seats=tuple(seats))


def multiset_remove(items: tuple[str, ...], *gone: str) -> tuple[str, ...]:
    """A sorted tuple without one copy of each of `gone` (each must be present)."""
    out = list(items)
    for g in gone:
        out.remove(g)
    return tuple(sorted(out))


def multiset_add(items: tuple[str, ...], *new: str) -> tuple[str, ...]:
    """A sorted tuple with `new` added."""
    return tuple(sorted(items + tuple(new)))


def contains(items: tuple[str, ...], wanted: tuple[str, ...] | list[str]) -> bool:
    """True when the multiset `items` holds every element of `wanted` (with repeats)."""
    pool = list(items)
    for w in wanted:
        if w not in pool:
            return False
        pool.remove(w)
    return True


def usable_tokens(seat: Seat) -> tuple[str, ...]:
    """The Special tokens the seat may play now (not those gained this turn)."""
    pool = list(seat.tokens)
    for f in seat.fresh:
        pool.remove(f)
    return tuple(pool)


def setup(header: Header, edition: PlanetopiaEdition) -> State:
    """The table before any card is dealt: the piles with the 2-3 player removals made."""
    n = len(header.players)
    config = Config(
        goal=edition.goal, atoms=edition.starting_atoms, raygun=edition.raygun_cost, trail=edition.trail_size,
        slots=edition.token_slots, aliens=tuple(edition.alien_supply().items()),
        colours=tuple((c.letter, c.name) for c in edition.colours),
        prestige=tuple((c.pattern, (c.points, c.token)) for c in edition.prestige),
        hand=edition.starting_hand(),
    )
    limit = int(header.options.get("round_limit", 0))
    return State(players=tuple(header.players), config=config, seats=tuple(Seat() for _ in range(n)),
                 prestige_deck=edition.prestige_deck(n), cosmos_deck=edition.cosmos_deck(n), round_limit=limit)
