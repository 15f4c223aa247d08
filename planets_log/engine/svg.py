"""Shared SVG drawing helpers for the games' pictures: palette, shapes, text, cards, escaping.

No game logic lives here: a game's `picture.py` draws its own table from its `view` data
with these pieces. Every picture is a standalone SVG document whose top-level panels sit
one per line, so that the HTML export can share identical panels between positions.
"""

from __future__ import annotations

import re
from contextlib import contextmanager
from dataclasses import dataclass
from typing import Any, Iterator

from .turns import CHANCE, TERMINAL

OKABE_ITO = {
    "black": "#000000", "orange": "#E69F00", "sky": "#56B4E9", "green": "#009E73",
    "yellow": "#F0E442", "blue": "#0072B2", "vermillion": "#D55E00", "purple": "#CC79A7",
}
"""The Okabe–Ito palette, told apart with any common colour-vision deficiency."""

SEAT_COLOURS = ("blue", "vermillion", "green", "purple", "orange")
SEAT_SHAPES = ("circle", "square", "triangle", "diamond", "pentagon")
"""Each seat has a colour and a shape, so that no seat is told apart by colour alone."""

INK = "#1a1a1a"
PAPER = "#ffffff"
MUTED = "#525252"
"""Secondary text: at least 4.5:1 on paper and on every `tint` (WCAG AA, tests/pictures/test_contrast.py)."""
BACK = "#d9d9d9"
FONT = "DejaVu Sans, Verdana, Arial, sans-serif"

_CONTROL = re.compile(r"[\x00-\x1f\x7f-\x9f\ufffe\uffff]")


def printable(text: Any) -> str:
    """The text with control characters shown as \\xNN (for text set as text, never as markup)."""
    return _CONTROL.sub(lambda m: f"\\x{ord(m.group()):02x}", str(text))


def esc(text: Any) -> str:
    """Text safe inside SVG/XML: markup escaped, control characters shown as \\xNN."""
    s = printable(text)
    return s.replace("&", "&amp;").replace("<", "&lt;").replace(">", "&gt;").replace('"', "&quot;")


def colour(name: str) -> str:
    """A palette colour by name (or a literal #hex)."""
    return OKABE_ITO.get(name, name)


def tint(name: str) -> str:
    """A light version of a palette colour, for card faces under dark text."""
    hexa = colour(name).lstrip("#")
    r, g, b = (int(hexa[i:i + 2], 16) for i in (0, 2, 4))
    mix = [round(c + (255 - c) * 0.7) for c in (r, g, b)]
    return "#" + "".join(f"{c:02x}" for c in mix)


@dataclass(frozen=True)
class Frame:
    """What the core knows about a position beyond the view: names, viewer, mover, round, scores."""

    players: tuple[str, ...]
    seat: int | None
    mover: int
    round: int
    scores: tuple[int | None, ...] | None
    title: str
    spectator: bool = False
    """A spectator's picture: what every seat sees alike."""

    def mover_text(self) -> str:
        """Whose turn it is, in words."""
        if self.mover == TERMINAL:
            return "game over"
        if self.mover == CHANCE:
            return "chance is next"
        return f"{self.players[self.mover]} to move"

    def viewer_text(self) -> str:
        """Whose view the picture shows."""
        if self.spectator:
            return "as a spectator sees it"
        return "everything (scorekeeper)" if self.seat is None else f"as {self.players[self.seat]} sees it"


def frame_for(rules: Any, state: Any, seat: int | None) -> Frame:
    """The frame of a position from the rules' hooks (scores only where the seat may know them)."""
    scores = rules.public_scores(state, seat)
    return Frame(tuple(rules.seat_names(state)), seat, rules.to_move(state), rules.round_of(state),
                 None if scores is None else tuple(scores), rules.title)


class Canvas:
    """An SVG document being drawn: elements in order, panels grouped one per line."""

    def __init__(self, width: int, height: int):
        self.width, self.height = width, height
        self.lines: list[str] = []
        self._group: list[str] | None = None

    def add(self, element: str) -> None:
        """Append raw, already escaped markup."""
        (self._group if self._group is not None else self.lines).append(element)

    @contextmanager
    def panel(self, name: str, x: float = 0, y: float = 0) -> Iterator[None]:
        """Group what is drawn inside into one `<g>` on one line (a class names the panel)."""
        outer, self._group = self._group, []
        try:
            yield
        finally:
            inner, self._group = self._group, outer
            move = f' transform="translate({_n(x)},{_n(y)})"' if x or y else ""
            self.add(f'<g class="{esc(name)}"{move}>' + "".join(inner) + "</g>")

    @contextmanager
    def group(self, cls: str, title: str = "") -> Iterator[None]:
        """Group what is drawn inside (within the current panel), with a tooltip `<title>` when given."""
        outer, self._group = self._group, []
        try:
            yield
        finally:
            inner, self._group = self._group, outer
            tip = f"<title>{esc(title)}</title>" if title else ""
            self.add(f'<g class="{esc(cls)}">{tip}' + "".join(inner) + "</g>")

    def text(self, x: float, y: float, content: Any, size: int = 14, *, anchor: str = "start", weight: str = "normal",
             fill: str = INK, halo: bool = False) -> None:
        """Real SVG text, escaped (`halo`: a paper-coloured outline under the letters, where lines cross the text)."""
        extra = f' text-anchor="{anchor}"' if anchor != "start" else ""
        extra += ' font-weight="bold"' if weight == "bold" else ""
        extra += f' stroke="{PAPER}" stroke-width="3" stroke-linejoin="round" paint-order="stroke"' if halo else ""
        self.add(f'<text x="{_n(x)}" y="{_n(y)}" font-size="{size}" fill="{colour(fill)}"{extra}>{esc(content)}</text>')

    def rect(self, x: float, y: float, w: float, h: float, *, fill: str = "none", stroke: str = INK,
             width: float = 1, rx: float = 0, dash: bool = False, cls: str | None = None) -> None:
        """A rectangle."""
        extra = f' rx="{_n(rx)}"' if rx else ""
        extra += ' stroke-dasharray="4 3"' if dash else ""
        extra += f' class="{esc(cls)}"' if cls else ""
        self.add(f'<rect x="{_n(x)}" y="{_n(y)}" width="{_n(w)}" height="{_n(h)}" fill="{colour(fill)}" '
                 f'stroke="{colour(stroke)}" stroke-width="{_n(width)}"{extra}/>')

    def line(self, x1: float, y1: float, x2: float, y2: float, *, stroke: str = INK, width: float = 1,
             cls: str | None = None) -> None:
        """A straight line."""
        extra = f' class="{esc(cls)}"' if cls else ""
        self.add(f'<line x1="{_n(x1)}" y1="{_n(y1)}" x2="{_n(x2)}" y2="{_n(y2)}" stroke="{colour(stroke)}" '
                 f'stroke-width="{_n(width)}"{extra}/>')

    def path(self, d: str, *, stroke: str = INK, width: float = 1, fill: str = "none", cls: str | None = None) -> None:
        """An SVG path from its `d` commands (numbers the caller formatted)."""
        extra = f' class="{esc(cls)}"' if cls else ""
        self.add(f'<path d="{esc(d)}" fill="{colour(fill)}" stroke="{colour(stroke)}" stroke-width="{_n(width)}"{extra}/>')

    def polygon(self, points: list[tuple[float, float]], *, fill: str = INK, cls: str | None = None) -> None:
        """A filled polygon without outline (an arrowhead, a marker)."""
        extra = f' class="{esc(cls)}"' if cls else ""
        pts = " ".join(f"{_n(x)},{_n(y)}" for x, y in points)
        self.add(f'<polygon points="{pts}" fill="{colour(fill)}"{extra}/>')

    def card(self, x: float, y: float, w: float, h: float, label: Any, hue: str | None, *,
             letter: str = "", sub: str = "", top: bool = False) -> None:
        """A face-up card: tinted face, coloured border, its letter large and its code small
        (beside the letter with `top`, so that it shows on a card partly covered by the next)."""
        fill = tint(hue) if hue else PAPER
        self.rect(x, y, w, h, fill=fill, stroke=hue or INK, width=3, rx=5, cls="card")
        if letter:
            self.text(x + 6, y + 20, letter, 18, weight="bold")
        if top:
            self.text(x + 22, y + 17, label, 10)
        else:
            self.text(x + w / 2, y + h - (18 if sub else 8), label, 11, anchor="middle")
        if sub:
            self.text(x + w / 2, y + h - 6, sub, 10, anchor="middle", fill=MUTED)

    def back(self, x: float, y: float, w: float, h: float, label: Any = "") -> None:
        """A face-down card: hatched grey back, with what its back shows (if anything)."""
        self.add(f'<rect x="{_n(x)}" y="{_n(y)}" width="{_n(w)}" height="{_n(h)}" rx="5" fill="url(#back)" '
                 f'stroke="{MUTED}" stroke-width="2" class="card-back"/>')
        if label != "":
            self.text(x + w / 2, y + 18, label, 11, anchor="middle", weight="bold")

    def seat_mark(self, x: float, y: float, seat: int, r: float = 8, label: Any = "", kind: str = "") -> None:
        """A seat's token: its own shape in its own colour, with an optional label beside it (`kind`: an extra
        class naming what the token is, e.g. `probe`)."""
        self.add(shape(SEAT_SHAPES[seat % len(SEAT_SHAPES)], x, y, r, colour(SEAT_COLOURS[seat % len(SEAT_COLOURS)]),
                       cls=f"{kind} seat-{seat}".strip()))
        if label != "":
            self.text(x + r + 4, y + 5, label, 13)

    def document(self, title: str, description: str) -> str:
        """The finished SVG: title and description for screen readers, then the drawing."""
        head = (f'<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 {self.width} {self.height}" '
                f'width="{self.width}" height="{self.height}" role="img" font-family="{FONT}">')
        defs = ('<defs><pattern id="back" width="8" height="8" patternUnits="userSpaceOnUse" '
                f'patternTransform="rotate(45)"><rect width="8" height="8" fill="{BACK}"/>'
                '<line x1="0" y1="0" x2="0" y2="8" stroke="#bdbdbd" stroke-width="3"/></pattern></defs>')
        body = [head, f"<title>{esc(title)}</title>", f"<desc>{esc(description)}</desc>", defs,
                f'<rect width="{self.width}" height="{self.height}" fill="{PAPER}"/>', *self.lines, "</svg>"]
        return "\n".join(body) + "\n"


def shape(kind: str, x: float, y: float, r: float, fill: str, cls: str = "") -> str:
    """A filled marker shape centred on (x, y)."""
    attrs = f'fill="{fill}" stroke="{INK}" stroke-width="1.5"' + (f' class="{esc(cls)}"' if cls else "")
    if kind == "circle":
        return f'<circle cx="{_n(x)}" cy="{_n(y)}" r="{_n(r)}" {attrs}/>'
    if kind == "square":
        return f'<rect x="{_n(x - r)}" y="{_n(y - r)}" width="{_n(2 * r)}" height="{_n(2 * r)}" {attrs}/>'
    points = {
        "triangle": [(0, -1.15), (1.1, 0.85), (-1.1, 0.85)],
        "diamond": [(0, -1.25), (1.1, 0), (0, 1.25), (-1.1, 0)],
        "pentagon": [(0, -1.1), (1.05, -0.3), (0.65, 0.95), (-0.65, 0.95), (-1.05, -0.3)],
    }[kind]
    pts = " ".join(f"{_n(x + dx * r)},{_n(y + dy * r)}" for dx, dy in points)
    return f'<polygon points="{pts}" {attrs}/>'


def header(canvas: Canvas, frame: Frame, status: str) -> None:
    """The top band every picture shares: game and round, whose turn, whose view, the scores."""
    with canvas.panel("header"):
        canvas.text(16, 28, f"{frame.title} · round {frame.round}", 20, weight="bold")
        canvas.text(16, 50, status, 14)
        canvas.text(canvas.width - 16, 28, frame.viewer_text(), 13, anchor="end", fill=MUTED)
        x = 16
        for seat, name in enumerate(frame.players):
            total = "—" if frame.scores is None or frame.scores[seat] is None else frame.scores[seat]
            turn = " ◀" if frame.mover == seat else ""
            canvas.seat_mark(x + 8, 72, seat, label=f"{name}: {total}{turn}")
            x += max(120, 9 * (len(name) + 8))


def num(value: float) -> str:
    """A coordinate as SVG text, without needless decimals."""
    return _n(value)


def _n(value: float) -> str:
    """A coordinate without needless decimals."""
    return str(int(value)) if float(value).is_integer() else f"{value:.1f}"
