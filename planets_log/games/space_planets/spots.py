"""Space Planets on a phone: the grid a row of three spaces at a time, the table (die, stockpile, deck), each
spaceship card; and what each move is about (the die to roll, the planet to explore, the stockpile to collect).

Drawn from a view's data only: the scorekeeper's, a seat's or the spectators' (where a leaf may be "?")."""

from __future__ import annotations

from typing import Any

from planets_log.game import Event, Layout, Spot, Zone

from .check import reroll_card
from .events import Collected, Explored, Landed, Passed, Refilled, Rerolled, Rolled
from .state import SPACES, Kind, State
from .view import view
from .words import crystals, describe, stars

DIE = Spot("die:probe", "die", "the die, the probe: tap to roll it at the grid")
STOCK_ID = "pile:stock"
DECK_ID = "pile:deck"


def _get(data: Any, key: str, default: Any = None) -> Any:
    """`data[key]` where `data` is a dict holding it, else `default` (a spectator's view may lack it or say "?")."""
    return data.get(key, default) if isinstance(data, dict) else default


def _int(value: Any) -> int | None:
    """A whole number, or None for "?" and anything else."""
    return value if type(value) is int else None


def _seq(value: Any) -> list[Any] | None:
    """A list (a view's tuple or the spectators' JSON list), or None for "?" and anything else."""
    return list(value) if isinstance(value, (list, tuple)) else None


def _kinds(data: Any) -> dict[str, dict[str, Any]]:
    """The edition's card kinds by code."""
    kinds = _seq(_get(_get(data, "book"), "kinds")) or []
    return {k["code"]: k for k in kinds if isinstance(k, dict) and isinstance(k.get("code"), str)}


def _card_label(code: Any, kinds: dict[str, dict[str, Any]]) -> str:
    """As on the card: its code and its stars ("oasis 3★"); a black hole shows none."""
    if not isinstance(code, str):
        return "?"
    kind = kinds.get(code)
    if kind is None or kind.get("effect") == "hole":
        return code
    return f"{code} {kind.get('stars')}★"


def _card_words(code: Any, kinds: dict[str, dict[str, Any]]) -> str:
    """The card in plain words, from the view's kinds ("an oasis planet, 3 stars")."""
    if not isinstance(code, str) or code == "?":
        return "a card not known"
    raw = kinds.get(code)
    if raw is None:
        return f"the card {code}"
    kind = Kind(code, _int(raw.get("stars")) or 0, str(raw.get("effect", "none")), _int(raw.get("amount")) or 0,
                str(raw.get("name", "")))
    return describe(kind)


def space_spot(space: int, code: Any, kinds: dict[str, dict[str, Any]], roll: Any = None) -> Spot:
    """One grid space: its card, or empty; the die on it if it landed there."""
    here = isinstance(roll, dict) and roll.get("space") == space
    die = f", the die on it showing {roll.get('face')}" if here else ""
    if code is None:
        return Spot(f"space:{space}", f"{space} empty", f"space {space}, empty{die}")
    return Spot(f"space:{space}", _card_label(code, kinds), f"space {space}: {_card_words(code, kinds)}{die}")


def stock_spot(stock: Any) -> Spot:
    """The stockpile of fuel crystals."""
    n = _int(stock)
    count = "?" if n is None else str(n)
    return Spot(STOCK_ID, f"stock {count}", f"the stockpile: {count} fuel crystals; tap to collect crystals")


def card_spot(seat: int, index: int, code: Any, up: bool, kinds: dict[str, dict[str, Any]]) -> Spot:
    """A planet card a player has taken; face up while its effect waits."""
    label = _card_label(code, kinds) + (" ↑" if up else "")
    side = "face up" if up else "face down"
    return Spot(f"card:{seat}-{index}", label, f"{_card_words(code, kinds)}, {side}")


def _face_up_marks(cards: list[Any], face_up: Any) -> list[bool]:
    """Which of a player's cards lie face up: the first ones of each code that `face_up` names."""
    left = _seq(face_up) or []
    marks = []
    for code in cards:
        marks.append(code in left)
        if code in left:
            left.remove(code)
    return marks


def layout(data: Any, state: Any) -> Layout:
    """The grid in three rows, the table (die, stockpile, deck) and each player's spaceship card."""
    kinds = _kinds(data)
    grid = _seq(_get(data, "grid"))
    roll = _get(data, "roll")
    zones = []
    for row in range(3):
        spaces = range(row * 3 + 1, row * 3 + 4)
        spots = tuple(space_spot(s, grid[s - 1] if grid is not None and len(grid) == SPACES else "?", kinds,
                                 roll) for s in spaces)
        zones.append(Zone(f"grid-{row + 1}", f"Grid, row {row + 1} (spaces {spaces[0]} to {spaces[-1]})", spots))
    zones.append(_table(data, roll, list(getattr(state, "players", ()))))
    zones += _seats(data, state, kinds)
    return Layout(tuple(zones))


def _status(data: Any, names: list[str]) -> str:
    """Whose turn it is and what is due, in words."""
    phase, turn = _get(data, "phase"), _int(_get(data, "turn"))
    who = names[turn] if turn is not None and 0 <= turn < len(names) else "The player"
    last = " (the last round)" if _int(_get(data, "ender")) is not None and phase != "over" else ""
    due = {"deal": "The grid is to be dealt.", "roll": f"{who} to roll{last}.", "landing": f"{who}'s die is rolling.",
           "choose": f"{who}'s die has landed: explore or collect{last}.", "refill": "A space is to be refilled.",
           "over": "The game is over."}
    return due.get(phase, "") if isinstance(phase, str) else ""


def _table(data: Any, roll: Any, names: list[str]) -> Zone:
    """The die, the stockpile and the deck, with the black holes removed."""
    deck = _get(data, "deck")
    size = sum(v for v in deck.values() if type(v) is int) if isinstance(deck, dict) else _int(deck)
    count = "?" if size is None else str(size)
    deck_spot = Spot(DECK_ID, f"deck {count}", f"the face-down deck: {count} planet cards")
    die = DIE
    if isinstance(roll, dict):
        face = roll.get("face")
        where = f"on space {roll.get('space')}" if roll.get("space") is not None else "off the grid"
        die = Spot(DIE.id, f"die {face}" if face is not None else "die", f"the die, {where}"
                   + (f", showing {face}" if face is not None else ""))
    removed = _seq(_get(data, "removed"))
    gone = f" Removed from the game: {len(removed)} black holes." if removed else ""
    note = _status(data, names) + gone
    return Zone("table", "The die, the stockpile and the deck", (die, stock_spot(_get(data, "stock")), deck_spot),
                note)


def _seats(data: Any, state: Any, kinds: dict[str, dict[str, Any]]) -> list[Zone]:
    """Each player's spaceship card: crystals, the planet cards taken, stars so far."""
    seats = _get(data, "seats")
    names = list(getattr(state, "players", ()))
    turn, phase = _get(data, "turn"), _get(data, "phase")
    zones = []
    for i, seat in enumerate(_seq(seats) or []):
        name = names[i] if i < len(names) else f"Player {i + 1}"
        cards = _seq(_get(seat, "cards")) or []
        marks = _face_up_marks(cards, _get(seat, "face_up"))
        spots = (Spot(f"seat:{i}", name, f"{name}'s spaceship card"),
                 *(card_spot(i, j, code, up, kinds) for j, (code, up) in enumerate(zip(cards, marks))))
        held = sum(_int(kinds[c].get("stars")) or 0 for c in cards if isinstance(c, str) and c in kinds)
        fuel = _int(_get(seat, "crystals"))
        taken = "1 planet card" if len(cards) == 1 else f"{len(cards)} planet cards"
        note = f"{'?' if fuel is None else crystals(fuel)}; {taken} worth {stars(held)}"
        mark = " (to move)" if turn == i and phase not in ("over", "deal") else ""
        zones.append(Zone(f"seat-{i}", f"{name}'s spaceship{mark}", spots, note))
    return zones


def parts(event: Event, state: State) -> tuple[Spot, ...]:
    """What a move or an outcome is about, in tapping order: the die, a planet, the stockpile, a re-roll card."""
    data = view(state)
    board = {spot.id: spot for zone in layout(data, state).zones for spot in zone.spots}
    if isinstance(event, Rolled):
        return (board[DIE.id],)
    if isinstance(event, Passed):
        return board[f"seat:{event.by}"], Spot("choice:pass", "pass", "decline the one more roll")
    if isinstance(event, Explored):
        space = state.roll.space if state.roll is not None else None
        return (board.get(f"space:{space}") or Spot(f"choice:explore-{event.card}", event.card),)
    if isinstance(event, Collected):
        return (board[STOCK_ID],)
    if isinstance(event, Rerolled):
        return (board.get(_reroll_id(state, event.by)) or Spot("choice:reroll", "re-roll"),)
    if isinstance(event, Landed):
        if event.space is None:
            return (Spot("choice:off", "off grid", "the die missed the grid"),)
        return (board.get(f"space:{event.space}") or Spot(f"choice:space-{event.space}", str(event.space)),
                Spot(f"choice:face-{event.face}", f"shows {event.face}", f"the die shows {event.face}"))
    if isinstance(event, Refilled):
        drawn = Spot(f"choice:card-{event.card}", event.card, f"{_card_words(event.card, _kinds(data))} drawn")
        return drawn, board.get(f"space:{event.space}") or Spot(f"choice:space-{event.space}", str(event.space))
    return (Spot("choice:deal", "deal", "the 9 cards dealt to the grid"),)


def _reroll_id(state: State, seat: int) -> str:
    """The spot of the face-up re-roll card the player turns over (the first such card on the spaceship's row)."""
    held = state.seats[seat]
    code = reroll_card(state, seat)
    marks = _face_up_marks(list(held.cards), list(held.face_up))
    index = next((j for j, (c, up) in enumerate(zip(held.cards, marks)) if c == code and up), 0)
    return f"card:{seat}-{index}"
