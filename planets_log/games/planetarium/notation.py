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


def orbit_dots(state: State) -> dict[int, list[int]]:
    """The white dots of each orbit that has any, clockwise from the orbit's space 1 (board indexes)."""
    board = state.board
    out: dict[int, list[int]] = {}
    for i in sorted(board.dots):
        out.setdefault(board.orbit[i], []).append(i)
    return out


def matter_usage(state: State) -> str:
    """How the opening line is typed, with each orbit's count of white dots."""
    dots = orbit_dots(state)
    counts = ", ".join(f"{k}: {len(v)}" for k, v in dots.items())
    return (f"matter {' '.join(f'{k}:LETTERS' for k in dots)} — each orbit's Matter (G R W M), one letter per white "
            f"dot clockwise from its space 1; white dots per orbit {counts} ({len(state.board.dots)} in all); "
            "or the whole line as one word in the edition's dot order")


def _matter(args: list[str], whole: str, state: State) -> MatterPlaced:
    dots = orbit_dots(state)
    if not args:
        raise NotationError(whole, f"write {matter_usage(state)}")
    if len(args) == 1 and ":" not in args[0] and len(args[0]) > len(next(iter(dots.values()))):
        return MatterPlaced(tokens=_letters(args[0], whole))  # the one-word line: its check counts the letters
    groups = _orbit_groups(args, dots, whole)
    for k, letters in groups.items():
        if len(letters) != len(dots[k]):
            spaces = " ".join(state.board.names[i] for i in dots[k])
            whole_line = f"; or all {len(state.board.dots)} as one word" if len(args) == 1 and ":" not in args[0] else ""
            raise NotationError(whole, f"orbit {k} has {len(dots[k])} white dots ({spaces}); {k}:{letters} gives "
                                f"{len(letters)} letter{'s' if len(letters) != 1 else ''}{whole_line}")
    missing = [k for k in dots if k not in groups]
    if missing:
        raise NotationError(whole, _progress(state, groups, dots, missing[0]))
    order = {dot: n for n, dot in enumerate(state.board.dots)}
    tokens = [""] * len(order)
    for k, letters in groups.items():
        for dot, letter in zip(dots[k], letters):
            tokens[order[dot]] = letter
    return MatterPlaced(tokens="".join(tokens))


def _letters(word: str, whole: str) -> str:
    letters = word.upper()
    if any(ch not in MATTER for ch in letters):
        raise NotationError(whole, f"Matter letters are {', '.join(MATTER)}")
    return letters


def _orbit_groups(args: list[str], dots: dict[int, list[int]], whole: str) -> dict[int, str]:
    """The typed words as orbit -> letters: `K:LETTERS` words in any order, or plain words orbit after orbit."""
    labelled = [":" in word for word in args]
    if any(labelled) and not all(labelled):
        raise NotationError(whole, "label every orbit (1:GRWM… 2:…) or none (one word per orbit, from orbit 1)")
    if not any(labelled):
        if len(args) > len(dots):
            raise NotationError(whole, f"{len(args)} words, but only {len(dots)} orbits hold white dots")
        return {k: _letters(word, whole) for k, word in zip(dots, args)}
    groups: dict[int, str] = {}
    for word in args:
        head, _, letters = word.partition(":")
        if not is_number(head) or int(head) not in dots:
            raise NotationError(whole, f"{word!r}: the orbits with white dots are {', '.join(map(str, dots))}")
        if int(head) in groups:
            raise NotationError(whole, f"orbit {head} is typed twice")
        groups[int(head)] = _letters(letters, whole)
    return dict(sorted(groups.items()))


def _progress(state: State, groups: dict[int, str], dots: dict[int, list[int]], after: int) -> str:
    """Where a line short of orbits stands: the letters read so far by kind, and the orbit to type next."""
    typed = "".join(groups.values())
    kinds = " ".join(f"{typed.count(m)} {m}" for m in MATTER)
    wanted = " ".join(f"{n} {m}" for m, n in state.edition.matter.items())
    read = f"orbits {', '.join(map(str, groups))} read" if groups else "no orbit read"
    spaces = " ".join(state.board.names[i] for i in dots[after])
    return (f"{read}: {len(typed)} of {len(state.board.dots)} letters ({kinds}, of {wanted}); orbit {after} next: "
            f"{len(dots[after])} letters for {spaces} (type the whole line: matter 1:… 2:… …)")


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
        return _format_matter(event, state)
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


def _format_matter(event: MatterPlaced, state: State) -> str:
    """`matter 1:… 2:… … 7:…`, orbit by orbit clockwise; as one word when the letters do not fit the dots."""
    dots = orbit_dots(state)
    if len(event.tokens) != len(state.board.dots):
        return f"matter {event.tokens}"
    at = {dot: event.tokens[n] for n, dot in enumerate(state.board.dots)}
    return "matter " + " ".join(f"{k}:" + "".join(at[d] for d in spaces) for k, spaces in dots.items())
