"""The board and plain words for the API (docs/phone.md): a view's layout, the legal moves' words and parts, each
line in words as its reader may know it, a game's legend."""

from __future__ import annotations

import logging
from typing import Any

from planets_log.engine.redact import public_words
from planets_log.engine.rules import Rules
from planets_log.engine.scoring import result_words
from planets_log.engine.session import Session
from planets_log.engine.spots import Layout, Spot
from planets_log.record.events import Event, Meta, Note, Penalty, Result, Retract, Ruling

from .types_phone import LayoutInfo, LegendLine, MoveOption, SpotInfo, ZoneInfo

log = logging.getLogger("planets_log.serve")


def spot_info(spot: Spot) -> SpotInfo:
    return SpotInfo(id=spot.id, label=spot.label, words=spot.words or spot.label)


def layout_info(layout: Layout) -> LayoutInfo:
    """A layout as JSON."""
    return LayoutInfo(zones=[ZoneInfo(id=z.id, title=z.title, note=z.note, spots=[spot_info(s) for s in z.spots])
                             for z in layout.zones])


def _sentence(text: str) -> str:
    text = text.strip()
    return text if not text or text[-1] in ".!?" else text + "."


def layout_words(layout: Layout) -> str:
    """The layout read aloud: a sentence a zone, its title, note and spots' words."""
    out = []
    for zone in layout.zones:
        said = zone.title + (f", {zone.note}" if zone.note else "")
        spots = [s.words or s.label for s in zone.spots]
        out.append(_sentence(said + (": " + ", ".join(spots) if spots else "")))
    return " ".join(out)


def board(rules: Rules, data: Any, state: Any) -> tuple[LayoutInfo, str]:
    """The layout of a view's `data` (a seat's own view or the public one; `state` as `Rules.layout` asks) and its
    words."""
    layout = rules.layout(data, state)
    return layout_info(layout), layout_words(layout)


def options(rules: Rules, state: Any, events: list[Event], texts: list[str]) -> list[MoveOption]:
    """For each notation in `texts`, the first of `events` (the legal moves, the scorekeeper's) written so: its words
    and parts at `state`."""
    by_text: dict[str, Event] = {}
    for event in events:
        by_text.setdefault(rules.format(event, state), event)
    return [MoveOption(text=text, words=rules.words(by_text[text], state),
                       parts=[spot_info(p) for p in rules.parts(by_text[text], state)]) for text in texts]


def event_words(rules: Rules, event: Event, state: Any, viewer: str, seat: int | None) -> str | None:
    """A game's line in words as its reader may know it: the scorekeeper's, a seat's own, or the spectators'
    (`redact.public_words`); None where the game cannot say it (logged: a bug in its words)."""
    try:
        if viewer == "spectator":
            return public_words(rules, event, state)
        if viewer == "seat" and rules.hidden_information:
            return rules.words(event, state, seat)
        return rules.words(event, state)
    except Exception as exc:  # a line always reads, at worst in notation only
        log.warning("no words for a %s line in %s: %s: %s", type(event).__name__, rules.id, type(exc).__name__, exc)
        return None


def meta_words(session: Session, event: Meta) -> str | None:
    """A note, retraction, ruling, penalty or result as a sentence; None for the others (their text says it)."""
    if isinstance(event, Note):
        return _sentence(f"{event.author or 'A note'} on line {event.target}: {event.text}")
    if isinstance(event, Retract):
        return _sentence(f"Taken back from line {event.target} on" + (f": {event.reason}" if event.reason else ""))
    if isinstance(event, Ruling):
        return _sentence(f"The arbiter lets line {event.target} stand: {event.reason}")
    if isinstance(event, Penalty):
        points = f"{abs(event.points)} point{'s' if abs(event.points) != 1 else ''}"
        change = "gains" if event.points >= 0 else "loses"
        return _sentence(f"{session.name(event.seat)} {change} {points}: {event.reason}")
    if isinstance(event, Result):
        why = f" ({event.reason})" if event.reason else ""
        return _sentence(f"The result is declared: {result_words(session, event.winners)}{why}")
    return None


def legend(rules: Rules) -> list[LegendLine]:
    """The game's notation explained, a line per kind."""
    return [LegendLine(example=example, meaning=meaning) for example, meaning in rules.legend()]
