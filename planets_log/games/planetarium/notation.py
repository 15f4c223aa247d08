"""Planetarium's notation: one short line per action or chance outcome, both ways.

Spaces are `ORBIT.INDEX` (`3.5`); a move is `FROM-TO` (`3.5-3.6`), an accelerated
two-space Matter move `FROM-VIA-TO`; FROM may be a planet's letter. Cards are their ids
(`L3`, `H18`, `F2`), `?` for a card the record's keeper could not see. Seats are a player's
name or a number counted from 1.
"""

from __future__ import annotations

from collections.abc import Callable

from planets_log.game import Event, NotationError, is_number

from .edition import MATTER, PLANETS
from .events import (
    UNKNOWN,
    Dealt,
    Discarded,
    Downgraded,
    DrawChosen,
    Drawn,
    Ended,
    FinalPlayed,
    FirstPlayer,
    HandShown,
    Kept,
    MatterPlaced,
    Moved,
    Played,
    Rolled,
)
from .state import State, sort_cards

Parser = Callable[[list[str], str, State], Event]
"""Reads one line: (the words after its head, the whole text, the state)."""
KEYWORDS = ("matter", "deal", "first", "drawn", "roll", "discard", "play", "final", "downgrade", "draw", "keep", "end")


def parse(text: str, state: State) -> Event:
    """Read one action or chance outcome."""
    words = text.split()
    if not words:
        raise NotationError(text, "empty move")
    head, args = words[0].lower(), words[1:]
    if head in _PARSERS:
        return _PARSERS[head](args, text, state)
    if "-" in head and len(words) == 1:
        return _move(words[0], text, state)
    raise NotationError(text, "write a move FROM-TO (3.5-3.6, or B-3.9 for a planet) or start with "
                        + ", ".join(KEYWORDS))


def _card(word: str, whole: str) -> str:
    if word == UNKNOWN:
        return UNKNOWN
    cid = word.upper()
    if len(cid) < 2 or cid[0] not in "LHF" or not is_number(cid[1:]):
        raise NotationError(whole, f"{word!r} is not a card id (L1..L18, H1..H18, F1..F16, or ? if unseen)")
    return cid


def _planet(word: str, whole: str) -> str:
    if word.upper() not in PLANETS or len(word) != 1:
        raise NotationError(whole, f"{word!r} is not a planet (A, B, C or D)")
    return word.upper()


def seat_of(word: str, whole: str, state: State) -> int:
    """A seat from a number counted from 1 or a player's name (a number wins: names that are digits are written as
    their seat's number)."""
    if is_number(word) and 1 <= int(word) <= len(state.players):
        return int(word) - 1
    if word in state.players:
        return state.players.index(word)
    raise NotationError(whole, f"{word!r} is not a player ({', '.join(state.players)}) or a seat number "
                        f"1-{len(state.players)}")


def seat_word(seat: int, state: State) -> str:
    """A player's name when it reads back as that seat, else the seat's number counted from 1."""
    if 0 <= seat < len(state.players):
        name = state.players[seat]
        if name.split() == [name] and not is_number(name) and name.lower() not in KEYWORDS:
            return name
    return str(seat + 1)


def _move(word: str, whole: str, state: State) -> Moved:
    parts = word.split("-")
    if len(parts) not in (2, 3) or not all(parts):
        raise NotationError(whole, "write FROM-TO or FROM-VIA-TO, e.g. 3.5-3.6")
    frm = parts[0].upper()
    if frm in PLANETS and len(frm) == 1:
        if frm not in state.cells:
            raise NotationError(whole, f"planet {frm} is not on the board")
        frm = state.board.names[state.cells.index(frm)]
    else:
        frm = parts[0]
    return Moved(by=state.turn, frm=frm, to=parts[-1], via=parts[1] if len(parts) == 3 else "")


def _args(n: int, usage: str) -> Callable[[list[str], str], None]:
    def check(args: list[str], whole: str) -> None:
        if len(args) != n:
            raise NotationError(whole, f"write {usage}")
    return check


def _matter(args: list[str], whole: str, state: State) -> Event:
    _args(1, "matter LETTERS (68 of G R W M)")(args, whole)
    tokens = args[0].upper()
    if any(ch not in MATTER for ch in tokens):
        raise NotationError(whole, f"Matter letters are {', '.join(MATTER)}")
    return MatterPlaced(tokens=tokens)


def _deal(args: list[str], whole: str, state: State) -> Event:
    if len(args) < 2:
        raise NotationError(whole, "write deal PLAYER L L H H F F")
    cards = tuple(_card(a, whole) for a in args[1:])
    return Dealt(seat=seat_of(args[0], whole, state), cards=sort_cards(cards))


def _first(args: list[str], whole: str, state: State) -> Event:
    _args(1, "first PLAYER")(args, whole)
    return FirstPlayer(seat=seat_of(args[0], whole, state))


def _drawn(args: list[str], whole: str, state: State) -> Event:
    if not args:
        raise NotationError(whole, "write drawn CARD [CARD]")
    return Drawn(cards=sort_cards(_card(a, whole) for a in args))


def _roll(args: list[str], whole: str, state: State) -> Event:
    _args(2, "roll D D, e.g. roll 3 5")(args, whole)
    if not all(is_number(a) for a in args):
        raise NotationError(whole, "the dice are numbers 1-6")
    return Rolled(dice=(int(args[0]), int(args[1])))


def _one_card(kind: type[Discarded] | type[Downgraded]) -> Parser:
    def parse_one(args: list[str], whole: str, state: State) -> Event:
        _args(1, f"{kind.__struct_config__.tag} CARD")(args, whole)
        return kind(by=state.turn, card=_card(args[0], whole))
    return parse_one


def _play(args: list[str], whole: str, state: State) -> Event:
    if len(args) < 2:
        raise NotationError(whole, "write play CARD PLANET [marker A-D|-] [gravity SPACE PLANET], e.g. play H18 B")
    cid, planet, rest = _card(args[0], whole), _planet(args[1], whole), [a.lower() for a in args[2:]]
    marker = gravity = onto = ""
    while rest:
        if rest[0] == "marker" and len(rest) >= 2:
            marker = "-" if rest[1] == "-" else _planet(rest[1], whole)
            rest = rest[2:]
        elif rest[0] == "gravity" and len(rest) >= 3:
            gravity, onto = rest[1], _planet(rest[2], whole)
            rest = rest[3:]
        else:
            raise NotationError(whole, f"{rest[0]!r}: after the planet come only marker X and gravity SPACE PLANET")
    return Played(by=state.turn, card=cid, planet=planet, marker=marker, gravity=gravity, onto=onto)


def _final(args: list[str], whole: str, state: State) -> Event:
    _args(2, "final CARD PLANET, e.g. final F3 B")(args, whole)
    return FinalPlayed(by=state.turn, card=_card(args[0], whole), planet=_planet(args[1], whole))


def _draw(args: list[str], whole: str, state: State) -> Event:
    if len(args) != 1 or args[0].lower() not in ("low", "high", "final"):
        raise NotationError(whole, "write draw low, draw high or draw final")
    return DrawChosen(by=state.turn, deck=args[0].lower())


def _keep(args: list[str], whole: str, state: State) -> Event:
    if len(args) == 3 and args[1].lower() == "discard":
        return Kept(by=state.turn, card=_card(args[0], whole), discard=_card(args[2], whole))
    _args(1, "keep CARD [discard CARD], e.g. keep F5 (or keep ? discard F9 for a draw you could not see)")(args, whole)
    return Kept(by=state.turn, card=_card(args[0], whole))


def _shown(args: list[str], whole: str, state: State) -> Event:
    if len(args) < 2:
        raise NotationError(whole, "write shown SEAT CARD… (the cards of that hand that were '?')")
    return HandShown(seat=seat_of(args[0], whole, state), cards=tuple(_card(w, whole) for w in args[1:]))


def _end(args: list[str], whole: str, state: State) -> Event:
    _args(0, "end")(args, whole)
    return Ended(by=state.turn)


_PARSERS: dict[str, Parser] = {
    "matter": _matter, "deal": _deal, "first": _first, "drawn": _drawn, "roll": _roll,
    "discard": _one_card(Discarded), "play": _play, "final": _final, "downgrade": _one_card(Downgraded),
    "draw": _draw, "keep": _keep, "end": _end, "shown": _shown,
}


def format(event: Event, state: State, seat: int | None = None) -> str:
    """Write an event in the notation; with a seat, cards that seat cannot see are `?`."""
    if isinstance(event, Moved):
        return "-".join(x for x in (event.frm, event.via, event.to) if x)
    if isinstance(event, Played):
        out = f"play {event.card} {event.planet}"
        if event.marker:
            out += f" marker {event.marker}"
        if event.gravity:
            out += f" gravity {event.gravity} {event.onto}"
        return out
    if isinstance(event, FinalPlayed):
        return f"final {event.card} {event.planet}"
    if isinstance(event, (Discarded, Downgraded)):
        return f"{event.__struct_config__.tag} {event.card}"
    if isinstance(event, Kept):
        return _format_keep(event, state, seat)
    if isinstance(event, DrawChosen):
        return f"draw {event.deck}"
    if isinstance(event, Ended):
        return "end"
    if isinstance(event, HandShown):
        return f"shown {seat_word(event.seat, state)} " + " ".join(event.cards)
    return _format_chance(event, state, seat)


def _format_keep(event: Kept, state: State, seat: int | None) -> str:
    """`keep CARD [discard CARD]`; for another seat the kept card is `?` and the face-up discard is named."""
    if seat is None or seat == event.by:
        return f"keep {event.card}" + (f" discard {event.discard}" if event.discard else "")
    other = list(state.pending)
    other.remove(event.card if event.card in other else UNKNOWN)
    gone = event.discard or (other[0] if other else "")
    return f"keep {UNKNOWN}" + (f" discard {gone}" if gone else "")


def _format_chance(event: Event, state: State, seat: int | None) -> str:
    if isinstance(event, MatterPlaced):
        return f"matter {event.tokens}"
    if isinstance(event, Dealt):
        hidden = seat is not None and seat != event.seat
        cards = [UNKNOWN] * len(event.cards) if hidden else list(event.cards)
        return f"deal {seat_word(event.seat, state)} " + " ".join(cards)
    if isinstance(event, FirstPlayer):
        return f"first {seat_word(event.seat, state)}"
    if isinstance(event, Drawn):
        hidden = seat is not None and seat != state.turn
        return "drawn " + " ".join([UNKNOWN] * len(event.cards) if hidden else event.cards)
    if isinstance(event, Rolled):
        return f"roll {event.dice[0]} {event.dice[1]}"
    raise ValueError(f"not a Planetarium event: {event!r}")
