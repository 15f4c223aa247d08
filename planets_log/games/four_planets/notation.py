"""The table notation: `d3x2`, `r2 G1v1s`, `p G2v1ss -B0s -c`, `done keep R0s`, `deal A B / C D / ...`."""

from __future__ import annotations

import re
from typing import Any, Callable

from planets_log.game import UNKNOWN, Event, NotationError, is_number, parse_seat, seat_label, seat_words

from . import cards as C
from . import events as E
from .apply import to_move
from .state import State

DISPATCH_RE = re.compile(r"^d\s*(\d+)\s*(?:x\s*(\d+))?$", re.I)
RECRUIT_RE = re.compile(r"^r\s*(\d+)\s+(\S+)$", re.I)
COIN_RE = re.compile(r"^-c(\d*)$", re.I)


def _card(text: str, word: str, hidden: bool = False) -> str:
    if hidden and word == UNKNOWN:
        return UNKNOWN
    code = C.normalise(word)
    if code is None:
        raise NotationError(text, f"{word!r} is not a specialist code (colour R/Y/G/P/B, cost 0-2, optional vN "
                            "for N victory points, one s per symbol, e.g. G2v1ss)")
    return code


def _colour(text: str, word: str) -> str:
    letter = C.parse_colour(word)
    if letter is None:
        raise NotationError(text, f"{word!r} is not a colour (R Y G P B, or red/yellow/green/purple/blue)")
    return letter


def _one(text: str, args: list[str], what: str) -> str:
    if len(args) != 1 or not args[0]:
        raise NotationError(text, f"expected exactly one {what}")
    return args[0]


def parse(text: str, state: State) -> Event:
    """Read one move or chance outcome; actions are by the seat to move."""
    words = text.split()
    if not words:
        raise NotationError(text, "empty move")
    head, args = words[0].lower(), words[1:]
    mover = to_move(state)
    by = mover if mover >= 0 else state.turn
    if head == "start":
        return _parse_start(text, text.strip()[len(words[0]):].strip(), state)
    if head in CHANCE_PARSERS:
        return CHANCE_PARSERS[head](text, args, state)
    if head in ("p", "play"):
        return _parse_play(text, args, by)
    if head == "done":
        if args and args[0].lower() == "keep":
            args = args[1:] or [""]
        return E.Done(by=by, keep=_card(text, _one(text, args, "card to keep"), hidden=True) if args else None)
    if head in ACTION_PARSERS:
        return ACTION_PARSERS[head](text, args, by)
    return _parse_short(text, by)


def _parse_short(text: str, by: int) -> Event:
    m = DISPATCH_RE.match(text.strip())
    if m:
        return E.Dispatched(by=by, planet=int(m.group(1)), parts=int(m.group(2) or 1))
    m = RECRUIT_RE.match(text.strip())
    if m:
        return E.Recruited(by=by, planet=int(m.group(1)), card=_card(text, m.group(2)))
    raise NotationError(text, "not a Four Planets move (d3, d3x2, r2 CARD, p CARD -DISCARD -c, place C, take TILE, "
                        "search CARD, keep CARD, discount C, mark N, copy TILE, done, done keep CARD)")


def _parse_play(text: str, args: list[str], by: int) -> E.Played:
    if not args:
        raise NotationError(text, "name the specialist to play, e.g. p G2v1ss")
    card, discards, coins = _card(text, args[0]), list[str](), 0
    for word in args[1:]:
        m = COIN_RE.match(word)
        if m:
            coins += int(m.group(1) or 1)
        elif word.startswith("-") and len(word) > 1:
            discards.append(_card(text, word[1:], hidden=True))
        else:
            raise NotationError(text, f"{word!r}: write discards as -CARD and coins as -c or -c2")
    return E.Played(by=by, card=card, discards=tuple(sorted(discards)), coins=coins)


def _position(text: str, word: str) -> int:
    if not is_number(word):
        raise NotationError(text, f"{word!r} is not a colour-bonus position 1..4")
    return int(word)


ACTION_PARSERS: dict[str, Callable[[str, list[str], int], Event]] = {
    "place": lambda t, a, by: E.Placed(by=by, colour=_colour(t, _one(t, a, "colour"))),
    "take": lambda t, a, by: E.TookTile(by=by, tile=_one(t, a, "boost tile").lower()),
    "search": lambda t, a, by: E.Searched(by=by, card=_card(t, _one(t, a, "card"))),
    "keep": lambda t, a, by: E.Kept(by=by, card=_card(t, _one(t, a, "card"), hidden=True)),
    "discount": lambda t, a, by: E.Discounted(by=by, colour=_colour(t, _one(t, a, "colour"))),
    "mark": lambda t, a, by: E.Marked(by=by, position=_position(t, _one(t, a, "position"))),
    "copy": lambda t, a, by: E.Copied(by=by, tile=_one(t, a, "boost tile").lower()),
}


def _parse_deal(text: str, args: list[str], state: State) -> E.Dealt:
    joined = " ".join(args)
    if "/" not in joined:
        return E.Dealt(cards=tuple(_card(text, w) for w in args if w != "-"))
    groups = [[w for w in g.split() if w != "-"] for g in joined.split("/")]
    if len(groups) > 4 or any(len(g) > 2 for g in groups):
        raise NotationError(text, "write the deal as 4 groups of 2 cards separated by '/', planet 1 first")
    filled = [i for i, g in enumerate(groups) if g]
    if filled and any(len(groups[i]) != 2 for i in range(filled[-1])):
        raise NotationError(text, "only the last planet dealt to may get fewer than 2 cards (the deck ran out)")
    return E.Dealt(cards=tuple(_card(text, w) for g in groups for w in g))


def _parse_start(text: str, who: str, state: State) -> E.StartTile:
    seat = parse_seat(who, list(state.players))
    if seat is None:
        raise NotationError(text, f"{who!r} is not a player: name {seat_words(list(state.players))}")
    return E.StartTile(seat=seat)


def _parse_draw(text: str, args: list[str], state: State) -> E.Drawn:
    return E.Drawn(card=_card(text, _one(text, args, "card"), hidden=True))


def _parse_shown(text: str, args: list[str], state: State) -> E.BonusShown | E.DownShown:
    """`shown bonus N CARD` or `shown PLAYER COLOUR CARD`: a `?` of a kept record revealed."""
    if len(args) == 3 and args[0].lower() == "bonus":
        return E.BonusShown(position=_position(text, args[1]), card=_card(text, args[2]))
    if len(args) == 3:
        seat = parse_seat(args[0], list(state.players))
        if seat is None:
            raise NotationError(text, f"{args[0]!r} is not a player: name {seat_words(list(state.players))}")
        return E.DownShown(seat=seat, colour=_colour(text, args[1]), card=_card(text, args[2]))
    raise NotationError(text, "write 'shown bonus POSITION CARD' or 'shown PLAYER COLOUR CARD'")


CHANCE_PARSERS: dict[str, Callable[[str, list[str], State], Event]] = {
    "bonus": lambda t, a, s: E.BonusDealt(cards=tuple(_card(t, w, hidden=True) for w in a)),
    "deal": _parse_deal,
    "boosts": lambda t, a, s: E.BoostsRevealed(tiles=tuple(w.lower() for w in a)),
    "draw": _parse_draw,
    "reveal": lambda t, a, s: E.Revealed(cards=tuple(_card(t, w, hidden=True) for w in a)),
    "shown": _parse_shown,
}


def format_event(event: Event, state: State, seat: int | None = None) -> str:
    """The notation of an event about to be applied to `state`; with a seat, as that seat sees it."""
    if seat is not None and not _sees_all(event, state, seat):
        event = _hidden(event)
    return FORMATTERS[type(event)](event, state)


def _sees_all(event: Event, state: State, seat: int) -> bool:
    """True when `seat` may know every part of `event`."""
    if isinstance(event, E.BonusDealt):
        return False  # secret until a marker reaches a card; the view shows what a seat has seen
    if isinstance(event, (E.Drawn, E.Revealed)):
        return seat == state.turn  # the card(s) the seat to move draws, face down to the others
    if isinstance(event, E.Played):
        return seat == event.by or not event.discards  # discards go face down to the discard pile
    if isinstance(event, (E.Searched, E.Kept)) or (isinstance(event, E.Done) and event.keep is not None):
        return seat == event.by
    return True


def _hidden(event: Event) -> Event:
    """`event` with its hidden cards written as `?`."""
    if isinstance(event, E.Played):
        return E.Played(by=event.by, card=event.card, discards=("?",) * len(event.discards), coins=event.coins)
    if isinstance(event, E.Done):
        return E.Done(by=event.by, keep="?")
    if isinstance(event, (E.Searched, E.Kept)):
        return type(event)(by=event.by, card="?")
    if isinstance(event, E.Drawn):
        return E.Drawn(card="?")
    if isinstance(event, (E.BonusDealt, E.Revealed)):
        return type(event)(cards=("?",) * len(event.cards))
    return event  # seen by every seat (`_sees_all`): nothing to hide


def _format_play(e: E.Played) -> str:
    coins = "" if not e.coins else " -c" if e.coins == 1 else f" -c{e.coins}"
    return "p " + " ".join([e.card, *(f"-{d}" for d in e.discards)]) + coins


def _format_deal(e: E.Dealt) -> str:
    groups = [" ".join(e.cards[2 * i:2 * i + 2]) or "-" for i in range(4)]
    return "deal " + " / ".join(groups)


def _format_start(e: E.StartTile, s: State) -> str:
    return f"start {seat_label(e.seat, list(s.players))}"


FORMATTERS: dict[type[Event], Callable[[Any, State], str]] = {  # each takes the event type of its key
    E.BonusDealt: lambda e, s: "bonus " + " ".join(e.cards) if e.cards else "bonus",
    E.Dealt: lambda e, s: _format_deal(e),
    E.BoostsRevealed: lambda e, s: "boosts " + " ".join(e.tiles) if e.tiles else "boosts",
    E.StartTile: lambda e, s: _format_start(e, s),
    E.Drawn: lambda e, s: f"draw {e.card}",
    E.Revealed: lambda e, s: "reveal " + " ".join(e.cards) if e.cards else "reveal",
    E.Dispatched: lambda e, s: f"d{e.planet}" + (f"x{e.parts}" if e.parts != 1 else ""),
    E.Recruited: lambda e, s: f"r{e.planet} {e.card}",
    E.Played: lambda e, s: _format_play(e),
    E.Placed: lambda e, s: f"place {e.colour}",
    E.TookTile: lambda e, s: f"take {e.tile}",
    E.Searched: lambda e, s: f"search {e.card}",
    E.Kept: lambda e, s: f"keep {e.card}",
    E.Discounted: lambda e, s: f"discount {e.colour}",
    E.Marked: lambda e, s: f"mark {e.position}",
    E.Copied: lambda e, s: f"copy {e.tile}",
    E.Done: lambda e, s: "done" if e.keep is None else f"done keep {e.keep}",
    E.BonusShown: lambda e, s: f"shown bonus {e.position} {e.card}",
    E.DownShown: lambda e, s: f"shown {seat_label(e.seat, list(s.players))} {e.colour} {e.card}",
}
