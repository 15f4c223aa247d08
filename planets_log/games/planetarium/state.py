"""Planetarium's game state: frozen msgspec Structs and tuples, replaced rather than changed."""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

import msgspec
from msgspec.structs import replace

from planets_log.game import Header

from .board import Board, board_of, is_planet
from .edition import PLANETS, CardData, PlanetariumEdition, card_order

CHANCE_PHASES = ("matter", "deal", "first", "drawn", "roll")
FACE_DOWN = "x"
"""A Matter token the solo variant's dice put face down on the track."""
UNSEEN = {"low": "?L", "high": "?H", "final": "?F"}
"""A card in hand the record's keeper could not see, by the deck it came from (its back shows that much)."""


class Seat(msgspec.Struct, frozen=True):
    """One player: hand, mat (Matter under planets A-D), markers in supply, points, the Final discarded at setup."""

    hand: tuple[str, ...] = ()
    mat: tuple[str, str, str, str] = ("", "", "", "")
    markers: int = 8
    points: int = 0
    discarded: str = ""


class Placed(msgspec.Struct, frozen=True):
    """A card along a planet's edge: who played it and whether their marker is on it."""

    card: str
    by: int
    marker: bool


class State(msgspec.Struct, frozen=True):
    """The whole table.

    `cells` holds, per board space, "" or a Matter letter or a planet letter. `track` lists
    the Matter tokens on the Evolution track in order (the ones past the last space lie on
    the final space). `phase`: matter, deal, discard, first, move, card, draw, drawn, keep,
    final, roll or over. `trigger` is the seat whose Matter reached the final space (-1 before).
    """

    players: tuple[str, ...]
    edition: PlanetariumEdition
    seats: tuple[Seat, ...]
    low: tuple[str, ...]
    high: tuple[str, ...]
    final: tuple[str, ...]
    high_discard: tuple[str, ...] = ()
    final_discard: tuple[str, ...] = ()
    cells: tuple[str, ...] = ()
    rows: tuple[tuple[Placed, ...], ...] = ((), (), (), ())
    habitable: tuple[bool, bool, bool, bool] = (False, False, False, False)
    track: tuple[str, ...] = ()
    phase: str = "matter"
    turn: int = 0
    turns: int = 0
    drawing: str = ""
    pending: tuple[str, ...] = ()
    finals_played: int = 0
    final_turn: bool = False
    trigger: int = -1
    target: int = 0
    round_limit: int = 0
    dice: tuple[int, ...] = ()
    end_reason: str = ""
    unknown: tuple[int, int, int] = (0, 0, 0)
    """Table records kept by one player: cards drawn as `?` from the Low, High and Final decks and not yet
    revealed. They stay listed in their deck (nobody knows which they are) but are no longer in it."""
    keeper: int = -1
    """The seat keeping the record (`Header.kept_by`), -1 when the record sees everything."""

    @property
    def board(self) -> Board:
        """The board's geometry."""
        return board_of(self.edition)

    @property
    def solo(self) -> bool:
        """True in the solo variant."""
        return len(self.players) == 1

    @property
    def over(self) -> bool:
        """True when the game has ended."""
        return self.phase == "over"

    @property
    def accelerated(self) -> bool:
        """True once a token lies on the acceleration space (Acceleration)."""
        return len(self.track) >= self.edition.track.acceleration

    @property
    def final_reached(self) -> bool:
        """True once a token lies on the final space (The Final Turn)."""
        return len(self.track) >= self.edition.track.spaces


_CARDS: dict[int, tuple[PlanetariumEdition, dict[str, CardData]]] = {}


def cards_of(edition: PlanetariumEdition) -> dict[str, CardData]:
    """The edition's cards by id."""
    hit = _CARDS.get(id(edition))
    if hit is not None and hit[0] is edition:
        return hit[1]
    table = {c.id: c for c in edition.cards}
    _CARDS[id(edition)] = (edition, table)
    return table


def card(state: State, cid: str) -> CardData:
    """A card's data."""
    return cards_of(state.edition)[cid]


DECK_INDEX = {"low": 0, "high": 1, "final": 2}


def deck_cards(state: State, kind: str) -> tuple[str, ...]:
    """The cards listed in a deck (those drawn unseen included)."""
    return {"low": state.low, "high": state.high, "final": state.final}[kind]


def left(state: State, kind: str) -> int:
    """How many cards a deck really holds (those drawn as `?` are out)."""
    return len(deck_cards(state, kind)) - state.unknown[DECK_INDEX[kind]]


def with_seat(state: State, i: int, **changes: Any) -> State:
    """The state with seat i's fields changed."""
    seats = list(state.seats)
    seats[i] = msgspec.structs.replace(seats[i], **changes)
    return msgspec.structs.replace(state, seats=tuple(seats))


def unseen(cid: str) -> bool:
    """True for a card written `?` (in an event) or held unseen (`?L`, `?H`, `?F` in a hand)."""
    return cid.startswith("?")


def sort_cards(cards: Iterable[str]) -> tuple[str, ...]:
    """Cards in canonical order (deck, then number; unseen cards last)."""
    return tuple(sorted(cards, key=lambda c: ("~" + c[1:], 0) if unseen(c) else card_order(c)))


def kind_of(state: State, cid: str) -> str:
    """The deck (low, high, final) a card in hand comes from, unseen ones included."""
    for kind, mark in UNSEEN.items():
        if cid == mark:
            return kind
    return card(state, cid).deck


def remove(items: tuple[str, ...], *gone: str) -> tuple[str, ...]:
    """The tuple without one copy of each of `gone`."""
    out = list(items)
    for g in gone:
        out.remove(g)
    return tuple(out)


def contains(items: Iterable[str], wanted: Iterable[str]) -> bool:
    """True when the multiset `items` holds every element of `wanted` (with repeats)."""
    pool = list(items)
    for w in wanted:
        if w not in pool:
            return False
        pool.remove(w)
    return True


def planet_space(state: State, letter: str) -> int:
    """The space index where planet `letter` stands."""
    return state.cells.index(letter)


def planet_orbit(state: State, letter: str) -> int:
    """The orbit (1-7) planet `letter` is on."""
    return state.board.orbit[planet_space(state, letter)]


def matter_on(state: State, space: int) -> bool:
    """True when a Matter token lies on the space."""
    token = state.cells[space]
    return bool(token) and not is_planet(token)


def has_marker(state: State, seat: int, planet: int) -> bool:
    """True when `seat` has a marker on a card of planet index `planet`."""
    return any(p.by == seat and p.marker for p in state.rows[planet])


def markers_on_cards(state: State, seat: int) -> int:
    """How many of the seat's markers lie on cards."""
    return sum(1 for row in state.rows for p in row if p.by == seat and p.marker)


def setup(header: Header, edition: PlanetariumEdition) -> State:
    """The table before the Matter is placed: planets on A-D, tokens Hostile side up, full decks."""
    a, b, c, d = (p.token == "habitable" for p in sorted(edition.planets, key=lambda p: p.letter))  # A-D (edition)
    state = State(players=tuple(header.players), edition=edition,
                  seats=tuple(Seat(markers=edition.markers) for _ in header.players),
                  low=edition.deck("low"), high=edition.deck("high"), final=edition.deck("final"),
                  habitable=(a, b, c, d),
                  target=int(header.options.get("target", 100)),
                  round_limit=int(header.options.get("round_limit", 0)),
                  keeper=header.kept_by if isinstance(header.kept_by, int) else -1)
    cells = [""] * len(state.board.names)
    for letter, start in zip(PLANETS, state.board.starts):
        cells[start] = letter
    return replace(state, cells=tuple(cells))
