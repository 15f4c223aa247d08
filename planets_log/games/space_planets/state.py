"""The Space Planets position: grid, deck, crystals, each seat's planet cards, the turn; and the setup."""

from __future__ import annotations

import msgspec

from planets_log.game import Header, PlanetsLogError

from .edition import SpacePlanetsEdition

SPACES = 9
"""Grid spaces, numbered 1..9 row by row from the top left."""


class Kind(msgspec.Struct, frozen=True):
    """What the rules need to know about one kind of planet card."""

    code: str
    stars: int
    effect: str
    amount: int = 0
    name: str = ""
    """As printed ("Oasis planet"), for plain words."""


class Book(msgspec.Struct, frozen=True):
    """The edition's data the rules read, carried in the state so `apply` needs nothing else."""

    kinds: tuple[Kind, ...]
    faces: tuple[int, ...]
    end_cards: int
    crystals_per_star: int

    def kind(self, code: str) -> Kind | None:
        """The card kind printed as `code`, or None."""
        last = _LAST_BOOK[0]  # one tuple read once, so two threads never mix two Books' tables
        if last[0] is not self:  # every state of a game shares one Book; check and apply ask it often
            last = _LAST_BOOK[0] = (self, {k.code: k for k in reversed(self.kinds)})  # the first of a code wins
        return last[1].get(code)

    def known(self, code: str | None) -> Kind:
        """The kind of a card `check` found in the edition; a missing or unknown card (ruled past) cannot be carried out."""
        kind = None if code is None else self.kind(code)
        if kind is None:
            raise ValueError(f"there is no planet card {code!r}")
        return kind

    def codes(self) -> tuple[str, ...]:
        """Every card code of the edition, in edition order."""
        return tuple(kind.code for kind in self.kinds)


_LAST_BOOK: list[tuple[object, dict[str, Kind]]] = [(None, {})]


class Seat(msgspec.Struct, frozen=True):
    """One player's spaceship card: crystals, planet cards taken, cards still face up."""

    crystals: int
    cards: tuple[str, ...] = ()
    face_up: tuple[str, ...] = ()


class Roll(msgspec.Struct, frozen=True):
    """Where the die landed this turn: space and card, or off the grid; and its face."""

    space: int | None
    card: str | None
    face: int | None


class State(msgspec.Struct, frozen=True):
    """The whole position. `phase` is deal, roll, landing, choose, refill or over."""

    players: tuple[str, ...]
    book: Book
    phase: str
    turn: int
    first: int
    miss_percent: int
    round: int
    grid: tuple[str | None, ...]
    deck: tuple[str, ...]
    """The face-down deck as a multiset (`planets_log.engine.multiset`): one code per card, sorted."""
    stock: int
    seats: tuple[Seat, ...]
    removed: tuple[str, ...] = ()
    roll: Roll | None = None
    rerolls: int = 0
    refill: int | None = None
    ender: int | None = None
    end_reason: str = ""


def setup(header: Header, edition: SpacePlanetsEdition) -> State:
    """Crystals handed out, nothing dealt: the grid's deal is the first chance event."""
    n = len(header.players)
    first = header.options.get("first", 0)
    if not 0 <= first < n:
        raise PlanetsLogError(f"option first names no seat: the {n} players are seats 1 to {n}, not {first + 1}",
                              code="header.option", rule="How to play")
    book = Book(kinds=tuple(Kind(k.code, k.stars, k.effect, k.amount, k.name) for k in edition.cards),
                faces=tuple(edition.die.faces), end_cards=edition.end_cards,
                crystals_per_star=edition.crystals_per_star)
    return State(
        players=tuple(header.players), book=book, phase="deal", turn=first, first=first,
        miss_percent=header.options.get("miss_percent", 15), round=1, grid=(None,) * SPACES,
        deck=tuple(sorted(k.code for k in edition.cards for _ in range(k.count))),
        stock=edition.crystals - n * edition.start_crystals,
        seats=tuple(Seat(crystals=edition.start_crystals) for _ in range(n)),
    )


def deck_size(state: State) -> int:
    """Cards left in the face-down deck."""
    return len(state.deck)


def deck_cards(deck: tuple[str, ...]) -> list[str]:
    """The deck as a sorted list with one entry per card."""
    return list(deck)


def deck_counts(state: State) -> dict[str, int]:
    """How many of each card the deck holds, in edition order (the cards it still holds only)."""
    return {code: n for code in state.book.codes() if (n := state.deck.count(code))}


def with_seat(state: State, seat: int, new: Seat) -> tuple[Seat, ...]:
    """The seats tuple with one seat replaced."""
    return tuple(new if i == seat else old for i, old in enumerate(state.seats))


def occupied(state: State) -> list[int]:
    """Grid spaces (1..9) that hold a card."""
    return [i + 1 for i, code in enumerate(state.grid) if code is not None]


def surcharge(state: State, seat: int) -> int:
    """Extra crystals `seat` pays to explore: every face-up consumption card of another seat."""
    extra = 0
    for other, held in enumerate(state.seats):
        if other == seat:
            continue
        for code in held.face_up:
            kind = state.book.kind(code)
            if kind is not None and kind.effect == "consume":
                extra += kind.amount
    return extra


def landing(state: State) -> Roll:
    """Where the die landed this turn: there is a landing from the die's rest to the end of the turn."""
    assert state.roll is not None, "the die has not landed this turn"
    return state.roll


def refill_space(state: State) -> int:
    """The emptied grid space (1..9) a refill is due for."""
    assert state.refill is not None, "no grid space waits for a refill"
    return state.refill


def on_card(state: State) -> tuple[int, str, int]:
    """The space, card and face of a die that landed on a card this turn (the seat chooses, or explored it)."""
    roll = landing(state)
    assert roll.space is not None and roll.card is not None and roll.face is not None, "the die is off the grid"
    return roll.space, roll.card, roll.face


def explore_cost(state: State, seat: int) -> tuple[int, list[str]]:
    """What exploring the landed card costs `seat`, with the parts of the price in words."""
    _, card, face = on_card(state)
    cost, parts = face, [f"die {face}"]
    kind = state.book.kind(card)
    if kind is not None and kind.effect == "distant":
        cost += kind.amount
        parts.append(f"{kind.amount} for the distant planet")
    extra = surcharge(state, seat)
    if extra:
        cost += extra
        parts.append(f"{extra} for increased fuel consumption")
    return cost, parts


def final_seat(state: State) -> int | None:
    """The seat whose turn is the last one, once someone has reached the card limit."""
    if state.ender is None:
        return None
    return (state.ender - 1) % len(state.players)
