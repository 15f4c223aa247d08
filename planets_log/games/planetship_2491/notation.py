"""The table notation, both ways.

Places are `ZONE.NUMERAL` (`7.III`; `7.R` the reward space); a card is its number (`17`)
or a starting character as colour and number (`R3`); `?` a card the recorder cannot see.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from typing import Any

from planets_log.game import NotationError, is_number

from . import events as E
from .board import ROMAN, place, rows_of
from .state import State, reward_slots, zone_spec
from .turn import to_move

CARD_RE = re.compile(r"^(\d{1,2}|[RBYGP][1-6]|\?)$", re.I)
PLACE_RE = re.compile(r"^(\d)\.([IVX]+|R|\d)$", re.I)
TURNS = {"0": 0, "90": 1, "180": 2, "270": 3, "-90": 3, "-": 0}
DEGREES = {0: "0", 1: "90", 2: "180", 3: "270"}

ChanceParser = Callable[[str, list[str], State], E.Event]
"""Reads a chance outcome: (the whole text, the words after its head, the state)."""
ActionParser = Callable[[str, list[str], int], E.Event]
"""Reads an action: (the whole text, the words after its head, the seat to move)."""


def _card(text: str, word: str) -> str:
    if not CARD_RE.match(word):
        raise NotationError(text, f"{word!r} is not a card (a number like 17, a starting card like R3, or ?)")
    return word.upper()


def _numeral(text: str, word: str) -> int:
    w = word.upper()
    if w in ROMAN:
        return ROMAN.index(w)
    if is_number(w) and len(w) == 1:
        return int(w)
    raise NotationError(text, f"{word!r} is not a space numeral (I..V, or R for the reward space)")


def _place(text: str, word: str) -> tuple[int, int]:
    m = PLACE_RE.match(word)
    if not m:
        raise NotationError(text, f"{word!r} is not a place (ZONE.NUMERAL, e.g. 7.III or 6.R)")
    return int(m.group(1)), _numeral(text, m.group(2))


def _zone_turn(text: str, word: str) -> tuple[int, int]:
    zone, _, deg = word.partition("@")
    if not (is_number(zone) and len(zone) == 1) or (deg and deg not in TURNS):
        raise NotationError(text, f"{word!r} is not a zone with its turn (ZONE or ZONE@90/180/270)")
    return int(zone), TURNS[deg or "0"]


def _one(text: str, args: list[str], what: str) -> str:
    if len(args) != 1:
        raise NotationError(text, f"expected exactly one {what}")
    return args[0]


def parse(text: str, state: State) -> E.Event:
    """Read one move or chance outcome; actions are by the seat to move."""
    words = text.split()
    if not words:
        raise NotationError(text, "empty move")
    head, args = words[0].lower(), words[1:]
    by = to_move(state)
    by = by if by >= 0 else state.turn
    if head in CHANCE_PARSERS:
        return CHANCE_PARSERS[head](text, args, state)
    if head in ACTION_PARSERS:
        return ACTION_PARSERS[head](text, args, by)
    if len(words) == 2 and (CARD_RE.match(words[0]) or PLACE_RE.match(words[1])):
        zone, space = _place(text, words[1])
        return E.Placed(by=by, card=_card(text, words[0]), zone=zone, space=space)
    raise NotationError(text, "not a Planetship move (CARD ZONE.NUMERAL, rotate DEG, probe ZONE.NUMERAL|-, hack N, "
                        "scan, bury CARD, tractor ZONE.N N, shield ZONE.N, radio, teleport ZONE.N, done, keep CARD, "
                        "remove N, discard CARD)")


def _parse_layout(text: str, args: list[str], state: State) -> E.Formed:
    lower = [a.lower() for a in args]
    if "reserve" not in lower:
        raise NotationError(text, "write the reserve after the grid: layout ... reserve Z Z")
    cut = lower.index("reserve")
    grid = [_zone_turn(text, w) for w in args[:cut] if w != "/"]
    reserve = [_zone_turn(text, w)[0] for w in args[cut + 1:]]
    return E.Formed(zones=tuple(z for z, _ in grid), turns=tuple(t for _, t in grid), reserve=tuple(reserve))


def _parse_shift(text: str, args: list[str], state: State) -> E.Shifted:
    aside = None
    lower = [a.lower() for a in args]
    if "aside" in lower:
        cut = lower.index("aside")
        aside = _zone_turn(text, _one(text, args[cut + 1:], "zone set aside"))[0]
        args = args[:cut]
    col = [_zone_turn(text, w) for w in args]
    return E.Shifted(zones=tuple(z for z, _ in col), turns=tuple(t for _, t in col), aside=aside)


def _parse_rewards(text: str, args: list[str], state: State) -> E.RewardsDealt:
    given: dict[int, list[str]] = {}
    for word in args:
        zone, sep, cards = word.partition(":")
        if not sep or not is_number(zone):
            raise NotationError(text, f"{word!r}: write each reward as ZONE:CARD (Harvests ZONE:CARD+CARD, '-' none)")
        if int(zone) in given:
            raise NotationError(text, f"zone {int(zone)}'s reward is given twice")
        given[int(zone)] = [c if c == "-" else _card(text, c) for c in cards.split("+")]
    out: list[str] = []
    for number in dict.fromkeys(reward_slots(state)):
        named = given.pop(number, ["-"])
        want = zone_spec(state, number).rewards
        out += (named + ["-"] * want)[:want]
        if len(named) > want:
            raise NotationError(text, f"zone {number} has {want} reward slot(s)")
    if given:
        raise NotationError(text, f"zone {min(given)} is not in the grid this round")
    return E.RewardsDealt(cards=tuple(out))


CHANCE_PARSERS: dict[str, ChanceParser] = {
    "missions": lambda t, a, s: E.MissionsDrawn(missions=tuple(w.upper() for w in a)),
    "layout": _parse_layout,
    "shift": _parse_shift,
    "rewards": _parse_rewards,
    "draw": lambda t, a, s: E.ScanDrawn(card=_card(t, _one(t, a, "card"))),
    "reveal": lambda t, a, s: E.Revealed(cards=tuple(_card(t, w) for w in a)),
}


def _parse_rotate(text: str, args: list[str], by: int) -> E.Rotated:
    word = _one(text, args, "angle (0, 90, 180, 270)")
    if word not in TURNS:
        raise NotationError(text, f"{word!r}: rotate by 0, 90, 180 or 270 degrees (270 is 90 the other way)")
    return E.Rotated(by=by, turns=TURNS[word])


def _parse_probe(text: str, args: list[str], by: int) -> E.Probed:
    word = _one(text, args, "place or '-'")
    if word == "-":
        return E.Probed(by=by)
    zone, space = _place(text, word)
    return E.Probed(by=by, zone=zone, space=space)


def _parse_tractor(text: str, args: list[str], by: int) -> E.Pulled:
    if len(args) != 2:
        raise NotationError(text, "write tractor ZONE.NUMERAL NUMERAL (from there to this zone's space)")
    zone, space = _place(text, args[0])
    return E.Pulled(by=by, zone=zone, space=space, to=_numeral(text, args[1]))


def _at(cls: type[E.Shielded] | type[E.Teleported]) -> ActionParser:
    def parse_at(text: str, args: list[str], by: int) -> E.Event:
        zone, space = _place(text, _one(text, args, "place ZONE.NUMERAL"))
        return cls(by=by, zone=zone, space=space)
    return parse_at


def _bare(cls: type[E.Scanned] | type[E.Radioed] | type[E.Passed]) -> ActionParser:
    def parse_bare(text: str, args: list[str], by: int) -> E.Event:
        if args:
            raise NotationError(text, f"'{text.split()[0]}' takes nothing after it")
        return cls(by=by)
    return parse_bare


ACTION_PARSERS: dict[str, ActionParser] = {
    "rotate": _parse_rotate,
    "probe": _parse_probe,
    "hack": lambda t, a, by: E.Hacked(by=by, space=_numeral(t, _one(t, a, "space numeral"))),
    "scan": _bare(E.Scanned),
    "bury": lambda t, a, by: E.Buried(by=by, card=_card(t, _one(t, a, "card"))),
    "tractor": _parse_tractor,
    "shield": _at(E.Shielded),
    "radio": _bare(E.Radioed),
    "teleport": _at(E.Teleported),
    "done": _bare(E.Passed),
    "keep": lambda t, a, by: E.Kept(by=by, card=_card(t, _one(t, a, "card"))),
    "remove": lambda t, a, by: E.Removed(by=by, space=_numeral(t, _one(t, a, "space numeral"))),
    "discard": lambda t, a, by: E.Discarded(by=by, card=_card(t, _one(t, a, "card"))),
}


def _numeral_text(space: int) -> str:
    return ROMAN[space] if 0 < space < len(ROMAN) else str(space)


def _format_layout(e: E.Formed, state: State, seat: int | None) -> str:
    rows = rows_of(len(state.players))
    cells = [f"{z}@{DEGREES[t]}" if t else str(z) for z, t in zip(e.zones, e.turns)]
    cols = [" ".join(cells[i:i + rows]) for i in range(0, len(cells), max(rows, 1))]
    reserve = e.reserve if seat is None else sorted(e.reserve)  # a seat sees which zones, not their face-down order
    return "layout " + " / ".join(cols) + " reserve " + " ".join(map(str, reserve))


def _format_shift(e: E.Shifted) -> str:
    col = " ".join(f"{z}@{DEGREES[t]}" if t else str(z) for z, t in zip(e.zones, e.turns))
    return f"shift {col}" + (f" aside {e.aside}" if e.aside is not None else "")


def _format_rewards(e: E.RewardsDealt, state: State, seat: int | None) -> str:
    groups: dict[int, list[str]] = {}
    for zone, code in zip(reward_slots(state), e.cards):
        hide = seat is not None and code not in ("-",) and zone_spec(state, zone).reward_face_down
        groups.setdefault(zone, []).append("?" if hide else code)
    return "rewards " + " ".join(f"{z}:{'+'.join(c)}" for z, c in groups.items())


def _format_placed(e: E.Placed, state: State, seat: int | None) -> str:
    spec = zone_spec(state, e.zone)
    probed = any(p.seat == seat and p.zone == e.zone and p.space == e.space for p in state.probes)
    hidden = seat is not None and seat != e.by and e.space in spec.face_down and e.zone != 2 and not probed
    return f"{'?' if hidden else e.card} {place(e.zone, e.space)}"


def format_event(event: E.Event, state: State, seat: int | None = None) -> str:
    """The notation of an event about to be applied to `state`; with a seat, as that seat sees it."""
    e = event
    if isinstance(e, E.Formed):
        return _format_layout(e, state, seat)
    if isinstance(e, E.RewardsDealt):
        return _format_rewards(e, state, seat)
    if isinstance(e, E.Placed):
        return _format_placed(e, state, seat)
    if isinstance(e, E.Discarded):
        return f"discard {'?' if seat is not None and seat != e.by else e.card}"
    return FORMATTERS[type(e)](e)


FORMATTERS: dict[type[E.Event], Callable[[Any], str]] = {  # each takes the event type it is keyed by
    E.MissionsDrawn: lambda e: "missions " + " ".join(e.missions),
    E.Shifted: _format_shift,
    E.ScanDrawn: lambda e: f"draw {e.card}",
    E.Revealed: lambda e: "reveal " + " ".join(e.cards),
    E.Rotated: lambda e: f"rotate {DEGREES.get(e.turns, e.turns)}",
    E.Probed: lambda e: "probe -" if e.zone is None else f"probe {place(e.zone, e.space)}",
    E.Hacked: lambda e: f"hack {_numeral_text(e.space)}",
    E.Scanned: lambda e: "scan",
    E.Buried: lambda e: f"bury {e.card}",
    E.Pulled: lambda e: f"tractor {place(e.zone, e.space)} {_numeral_text(e.to)}",
    E.Shielded: lambda e: f"shield {place(e.zone, e.space)}",
    E.Radioed: lambda e: "radio",
    E.Teleported: lambda e: f"teleport {place(e.zone, e.space)}",
    E.Passed: lambda e: "done",
    E.Kept: lambda e: f"keep {e.card}",
    E.Removed: lambda e: f"remove {_numeral_text(e.space)}",
}
