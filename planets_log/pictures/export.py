"""The HTML replay: every position's picture and move text, computed here by the engine.

The page holds no rule: per position and per permitted view it carries the SVG the game
drew from `view(state, seat)`, the move in notation as that seat sees it (`format` with the
seat) and the totals that seat may know (`public_scores`). Identical SVG lines (panels) are
stored once; the whole data is deflated and base64-encoded into the page.
"""

from __future__ import annotations

import base64
import zlib
from dataclasses import dataclass, field
from typing import Any

import msgspec

from planets_log.engine.replay import Replay
from planets_log.engine.svg import SEAT_COLOURS, SEAT_SHAPES, colour, esc, printable, shape
from planets_log.record.errors import RecordError
from planets_log.record.events import Chance, Meta, Note, Penalty, Result, Retract, Ruling, Seal


@dataclass
class Collected:
    """What the page shows, before it is packed: lines of SVG, steps, pictures per view."""

    views: list[int | None]
    lines: list[str] = field(default_factory=list)
    index: dict[str, int] = field(default_factory=dict)
    steps: list[dict[str, Any]] = field(default_factory=list)
    pictures: list[list[list[int]]] = field(default_factory=list)
    scores: list[list[list[int | None] | None]] = field(default_factory=list)
    error: str | None = None

    def intern(self, svg: str) -> list[int]:
        """The SVG as indexes into the shared table of lines."""
        out = []
        for line in svg.splitlines():
            at = self.index.get(line)
            if at is None:
                at = self.index[line] = len(self.lines)
                self.lines.append(line)
            out.append(at)
        return out


def collect(replay: Replay, views: list[int | None], lenient: bool = False) -> Collected:
    """Replay the record once, keeping each position's pictures, texts and scores per view."""
    rules = replay.session.rules
    out = Collected(views, pictures=[[] for _ in views], scores=[[] for _ in views])
    # texts shared by every view: the scorekeeper's, unless the page is one seat's only (`export --as`)
    reader = views[0] if len(views) == 1 else None
    _position(out, rules, replay.start.state, {"seq": 0, "kind": "start", "who": "",
                                               "moves": ["start of the game"] * len(views)})
    try:
        for step in replay.steps():
            event, before = step.event, step.before.state
            if isinstance(event, Meta):
                texts = [_meta_text(event, replay.header.players)] * len(views)
            else:
                texts = [rules.format(event, before, v) for v in views]
            kind = type(event).__name__.lower() if isinstance(event, Meta) else "chance" if isinstance(event, Chance) else "move"
            _position(out, rules, step.after.state, {"seq": event.seq, "kind": kind, "who": _who(rules, before, kind),
                                                     "moves": [printable(t) for t in texts]})
            if isinstance(event, Note):
                _attach_note(out, event)
            if len(step.after.arbiter.ruled) > len(step.before.arbiter.ruled):
                r = step.after.arbiter.ruled[-1]
                broke = r.public if reader is not None and r.public is not None else r.message
                out.steps[-1]["notes"].append(printable(f"ruled [{r.code}]: {broke} — stands by ruling: {r.reason}"))
    except RecordError as exc:
        if not lenient:
            raise
        out.error = str(exc if reader is None else exc.for_seat())
    return out


def _who(rules: Any, before: Any, kind: str) -> str:
    """Who made the move: the player to move before it, `chance` for an outcome, nobody for a meta line."""
    if kind == "chance":
        return "chance"
    seat = rules.to_move(before) if kind == "move" else -1
    names = rules.seat_names(before)
    return printable(names[seat]) if 0 <= seat < len(names) else ""


def _position(out: Collected, rules: Any, state: Any, step: dict[str, Any]) -> None:
    step["round"] = rules.round_of(state)
    step["notes"] = []
    out.steps.append(step)
    for k, seat in enumerate(out.views):
        out.pictures[k].append(out.intern(rules.picture(state, seat)))
        out.scores[k].append(rules.public_scores(state, seat))




def _attach_note(out: Collected, note: Note) -> None:
    for step in out.steps:
        if step["seq"] == note.target:
            glyph = f"{note.glyph} " if note.glyph else ""
            author = f" — {note.author}" if note.author else ""
            step["notes"].append(printable(f"{glyph}{note.text}{author}"))
            return


def _meta_text(event: Meta, players: list[str]) -> str:
    """A meta line in words (notes, retractions and the arbiter's events)."""
    def name(seat: int) -> str:
        return players[seat] if 0 <= seat < len(players) else f"seat {seat + 1}"

    if isinstance(event, Note):
        return f"note on seq {event.target}"
    if isinstance(event, Retract):
        return f"retract seq {event.target}" + (f": {event.reason}" if event.reason else "")
    if isinstance(event, Ruling):
        return f"arbiter ruling on seq {event.target}: {event.reason}"
    if isinstance(event, Penalty):
        return f"arbiter penalty: {name(event.seat)} {event.points:+d} ({event.reason})"
    if isinstance(event, Result):
        who = " and ".join(name(w) for w in event.winners)
        return f"result declared by {event.declared_by}: {who}" + (f" ({event.reason})" if event.reason else "")
    if isinstance(event, Seal):
        return f"sealed ({event.alg}, key {event.key_id})"
    return type(event).__name__


def score_plot(scores: list[list[int | None] | None], players: list[str]) -> dict[str, Any]:
    """An inline SVG of every player's total over the game: one polyline per player, and beside the name of a
    player whose total this view may not know (at some positions or all) a note saying so."""
    width, height, pad, top = 420, 214, 30, 44
    step = (width - pad) / max(1, len(players))
    known = [v for s in scores if s is not None for v in s if v is not None]
    high = max(known + [1])
    low = min(known + [0])
    dx = (width - 2 * pad) / max(1, len(scores) - 1)

    def y(v: int) -> float:
        return round(height - pad - (v - low) * (height - pad - top) / max(1, high - low), 1)

    parts = [f'<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 {width} {height}" width="{width}" '
             f'height="{height}" class="score-plot" role="img"><title>Scores over the game</title>',
             f'<line x1="{pad}" y1="{height - pad}" x2="{width - pad}" y2="{height - pad}" stroke="#999"/>',
             f'<text x="4" y="{y(high) + 4}" font-size="11">{high}</text>',
             f'<text x="4" y="{y(low) + 4}" font-size="11">{low}</text>']
    for seat, player in enumerate(players):
        pts = [(round(pad + i * dx, 1), y(v)) for i, s in enumerate(scores) if s is not None and (v := s[seat]) is not None]
        hue = colour(SEAT_COLOURS[seat % len(SEAT_COLOURS)])
        dash = ["", ' stroke-dasharray="6 3"', ' stroke-dasharray="2 3"', ' stroke-dasharray="8 3 2 3"', ""][seat % 5]
        points = " ".join(f"{a},{b}" for a, b in pts)
        parts.append(f'<polyline class="score-line seat-{seat}" points="{points}" fill="none" stroke="{hue}" '
                     f'stroke-width="2.5"{dash}/>')
        if pts:
            parts.append(shape(SEAT_SHAPES[seat % len(SEAT_SHAPES)], pts[-1][0], pts[-1][1], 5, hue))
        parts.append(shape(SEAT_SHAPES[seat % len(SEAT_SHAPES)], pad + 8 + seat * step, 14, 5, hue))
        parts.append(f'<text x="{round(pad + 18 + seat * step)}" y="18" font-size="12">{esc(player)}</text>')
        last = scores[-1] if scores else None
        hidden = _hidden_note(len(pts), len(scores), last is not None and last[seat] is not None)
        if hidden:
            parts.append(f'<text class="score-hidden seat-{seat}" x="{round(pad + 18 + seat * step)}" y="32" '
                         f'font-size="10" fill="#5f5f5f">{hidden}</text>')
    if not known:
        parts.append(f'<text x="{pad}" y="{height / 2}" font-size="12">no totals this view may know</text>')
    parts.append(f'<line id="cursor" x1="{pad}" y1="{top - 6}" x2="{pad}" y2="{height - pad}" stroke="#000" '
                 'stroke-dasharray="3 3"/></svg>')
    return {"svg": "".join(parts), "x0": pad, "dx": dx}


def _hidden_note(shown: int, positions: int, at_the_end: bool) -> str:
    """What the plot says of a total the view may not know: hidden throughout, or until the end."""
    if shown == positions:
        return ""
    if shown == 0:
        return "hidden from this view"
    return "hidden until the end" if at_the_end else "hidden at times"


def pack(replay: Replay, out: Collected) -> dict[str, Any]:
    """The page's data: everything the script needs, nothing it would have to compute."""
    players = list(replay.header.players)
    labels = ["everything (scorekeeper)" if v is None else printable(f"as {players[v]} sees it") for v in out.views]
    return {
        "game": replay.session.rules.title, "players": [printable(p) for p in players],
        "meta": {printable(k): printable(v) for k, v in replay.header.meta.items()},
        "views": labels, "lines": out.lines, "steps": out.steps, "pictures": out.pictures,
        "plots": [score_plot(s, players) for s in out.scores], "error": out.error,
    }


def encoded(data: dict[str, Any]) -> str:
    """The data as base64 of deflated JSON (the page inflates it with DecompressionStream)."""
    return base64.b64encode(zlib.compress(msgspec.json.encode(data), 9)).decode("ascii")
