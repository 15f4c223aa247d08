"""Planetopia's notation: one short line per action or chance outcome, both ways.

Cards are written as printed: a Cosmos Alien card by its Alien letters (`GPR`), the others by
their effect (`ray`, `switch`, `hswap`, `vswap`, `atom`); a Prestige card by its pattern,
top row first (`.../.R./oGo`). Cells are `a1`..`c3` (column, row from the bottom).
"""

from __future__ import annotations

from collections.abc import Callable

from planets_log.game import Event, NotationError, is_number, parse_seat, seat_label, seat_words

from . import board as bd
from .edition import COLOURS, TOKENS
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

WORDS = {"ray": "ray", "raygun": "ray", "switch": "switch", "hswap": "hswap", "vswap": "vswap", "atom": "atom"}


def card_code(text: str, whole: str) -> str:
    """A Cosmos card's code from what was typed (Alien letters in any order, or an effect)."""
    low = text.lower()
    if low in WORDS:
        return WORDS[low]
    up = text.upper()
    if up and all(ch in COLOURS for ch in up):
        return "".join(sorted(up))
    raise NotationError(whole, f"{text!r} is not a Cosmos card (Alien letters from {COLOURS}, or one of "
                        "ray, switch, hswap, vswap, atom)")


def pattern_code(text: str, whole: str) -> str:
    """A Prestige pattern from what was typed: three rows of B G P R Y o ., top row first."""
    rows = text.split("/")
    if len(rows) != 3 or any(len(r) != 3 for r in rows):
        raise NotationError(whole, f"{text!r} is not a Prestige pattern (three rows of three cells, top row first, "
                            "like .../.R./oGo)")
    out = "/".join("".join("o" if ch in "oO" else ch.upper() for ch in r) for r in rows)
    if any(ch not in COLOURS + "o./" for ch in out):
        raise NotationError(whole, f"{text!r}: a pattern cell is one of {COLOURS}, o (any Alien) or . (free)")
    return out


def _cell(text: str, whole: str) -> str:
    cell = text.lower()
    try:
        bd.cell_xy(cell)
    except ValueError:
        raise NotationError(whole, f"{text!r} is not a cell (a1..c3: column, then row from the bottom)") from None
    return cell


def parse(text: str, state: State) -> Event:
    """Read one action or chance outcome."""
    words = text.split()
    if not words:
        raise NotationError(text, "empty move")
    head, args = words[0].lower(), words[1:]
    by = state.turn
    if head in _SIMPLE:
        if args:
            raise NotationError(text, f"{head} takes nothing after it")
        return _SIMPLE[head](by=by)
    handler = _PARSERS.get(head)
    if handler is None:
        raise NotationError(text, "start with take, play, recover, atomize, combo, extra, joker, end "
                            "(or row, trail, hand, refill, reveal for chance outcomes)")
    return handler(args, text, state)


def _take(args: list[str], text: str, state: State) -> Took:
    n = len(state.trail)
    if len(args) == 2 and is_number(args[0]):
        return Took(by=state.turn, slot=int(args[0]), card=card_code(args[1], text))
    if len(args) == 1 and is_number(args[0]):
        slot = int(args[0])
        if not 1 <= slot <= n:
            raise NotationError(text, f"the trail has {n} cards")
        return Took(by=state.turn, slot=slot, card=state.trail[n - slot].card)
    if len(args) == 1:
        card = card_code(args[0], text)
        slots = [n - i for i, t in enumerate(state.trail) if t.card == card]
        if len(slots) != 1:
            raise NotationError(text, f"{card} is {'not' if not slots else 'more than once'} in the trail; "
                                "write the slot too, e.g. take 2 " + card)
        return Took(by=state.turn, slot=slots[0], card=card)
    raise NotationError(text, "write take SLOT CARD (slot 1 is the rightmost card), e.g. take 2 GPR")


def _play(args: list[str], text: str, state: State) -> Played:
    if not args:
        raise NotationError(text, "write play CARD ..., e.g. play GPR a:G b:RP")
    card, rest = card_code(args[0], text), args[1:]
    if card == "ray":
        if len(rest) != 2:
            raise NotationError(text, "write play ray CELL COLOUR, e.g. play ray b1 R")
        return Played(by=state.turn, card=card, cells=(_cell(rest[0], text),), colour=rest[1].upper())
    if card in ("switch", "hswap", "vswap"):
        if len(rest) != 2:
            raise NotationError(text, f"write play {card} CELL CELL, e.g. play {card} a1 b2")
        cells = tuple(bd.cell_order([_cell(c, text) for c in rest]))
        return Played(by=state.turn, card=card, cells=cells)
    if card == "atom":
        if rest:
            raise NotationError(text, "play atom takes nothing after it")
        return Played(by=state.turn, card=card)
    place = ["", "", ""]
    for word in rest:
        col, sep, colours = word.partition(":")
        if not sep or col.lower() not in bd.COLUMNS or not colours or any(ch not in COLOURS for ch in colours.upper()):
            raise NotationError(text, f"{word!r}: write COLUMN:ALIENS, e.g. b:RP drops R then P into column b")
        i = bd.COLUMNS.index(col.lower())
        if place[i]:
            raise NotationError(text, f"column {col.lower()} is given twice")
        place[i] = colours.upper()
    return Played(by=state.turn, card=card, place=(place[0], place[1], place[2]))


def _atomize(args: list[str], text: str, state: State) -> Atomized:
    double = bool(args) and args[-1].lower() == "double"
    cells = args[:-1] if double else args
    if not cells:
        raise NotationError(text, "write atomize CELL [CELL] [double], e.g. atomize a3 b2")
    return Atomized(by=state.turn, cells=tuple(bd.cell_order([_cell(c, text) for c in cells])), double=double)


def _combo(args: list[str], text: str, state: State) -> Combo:
    drop = ""
    if len(args) == 3 and args[1].lower() == "drop":
        drop = args[2].lower()
        if drop not in TOKENS:
            raise NotationError(text, f"{args[2]!r} is not a Special token ({', '.join(TOKENS)})")
        args = args[:1]
    if len(args) != 1:
        raise NotationError(text, "write combo PATTERN [drop TOKEN], e.g. combo .../.R./oGo")
    if is_number(args[0]):
        i = int(args[0])
        if not 1 <= i <= len(state.row):
            raise NotationError(text, f"the Prestige row has {len(state.row)} cards")
        return Combo(by=state.turn, card=state.row[i - 1], drop=drop)
    return Combo(by=state.turn, card=pattern_code(args[0], text), drop=drop)


def _joker(args: list[str], text: str, state: State) -> JokerPlaced:
    if len(args) != 1 or args[0].lower() not in bd.COLUMNS:
        raise NotationError(text, "write joker COLUMN (a, b or c)")
    return JokerPlaced(by=state.turn, column=args[0].lower())


def _row(args: list[str], text: str, state: State) -> RowDealt:
    return RowDealt(cards=tuple(pattern_code(a, text) for a in args))


def _trail(args: list[str], text: str, state: State) -> TrailDealt:
    return TrailDealt(cards=tuple(card_code(a, text) for a in args))


def _hand(args: list[str], text: str, state: State) -> HandDealt:
    if not args:
        raise NotationError(text, "write hand PLAYER CARD CARD CARD")
    who = args[0]
    seat = parse_seat(who, list(state.players))
    if seat is None:
        raise NotationError(text, f"{who!r} is not a player: name {seat_words(list(state.players))}")
    return HandDealt(seat=seat, cards=tuple(sorted(card_code(a, text) for a in args[1:])))


def _one(kind: type[Refilled | Revealed]) -> Callable[[list[str], str, State], Refilled | Revealed]:
    def parse_one(args: list[str], text: str, state: State) -> Refilled | Revealed:
        if len(args) != 1:
            raise NotationError(text, f"write {kind.__struct_config__.tag} CARD")
        code = card_code(args[0], text) if kind is Refilled else pattern_code(args[0], text)
        return kind(card=code)
    return parse_one


_SIMPLE = {"recover": Recovered, "extra": ExtraTurn, "end": Ended}
_PARSERS: dict[str, Callable[[list[str], str, State], Event]] = {
    "take": _take, "play": _play, "atomize": _atomize, "combo": _combo, "joker": _joker,
    "row": _row, "trail": _trail, "hand": _hand, "refill": _one(Refilled), "reveal": _one(Revealed),
}


def format(event: Event, state: State, seat: int | None = None) -> str:
    """Write an event in the notation; with a seat, another player's starting hand as `?`."""
    if seat is not None and isinstance(event, HandDealt) and seat != event.seat:
        return f"hand {_who(event.seat, state)} " + " ".join("?" for _ in event.cards)
    if isinstance(event, Took):
        return f"take {event.slot} {event.card}"
    if isinstance(event, Played):
        return _format_play(event)
    if isinstance(event, Atomized):
        return "atomize " + " ".join(event.cells) + (" double" if event.double else "")
    if isinstance(event, Combo):
        return f"combo {event.card}" + (f" drop {event.drop}" if event.drop else "")
    if isinstance(event, JokerPlaced):
        return f"joker {event.column}"
    if isinstance(event, (Recovered, ExtraTurn, Ended)):
        return _tag(event)
    if isinstance(event, (RowDealt, TrailDealt)):
        return f"{_tag(event)} " + " ".join(event.cards)
    if isinstance(event, HandDealt):
        who = _who(event.seat, state)
        return f"hand {who} " + " ".join(event.cards)
    if isinstance(event, (Refilled, Revealed)):
        return f"{_tag(event)} {event.card}"
    raise ValueError(f"not a Planetopia event: {event!r}")


def _tag(event: Event) -> str:
    """The event's type tag, which is its notation's first word."""
    tag = type(event).__struct_config__.tag
    assert isinstance(tag, str), "every Planetopia event has a word as its tag"
    return tag


def _who(seat: int, state: State) -> str:
    """A player's name when it reads back unambiguously, else the seat's number from 1."""
    return seat_label(seat, list(state.players))


def _format_play(e: Played) -> str:
    parts = ["play", e.card]
    if e.card == "ray":
        parts += [*e.cells, e.colour]
    elif e.cells:
        parts += list(e.cells)
    else:
        parts += [f"{col}:{gain}" for col, gain in zip(bd.COLUMNS, e.place) if gain]
    return " ".join(parts)
