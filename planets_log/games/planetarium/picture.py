"""Planetarium as an SVG picture, drawn only from `view(state, seat)` data and the board's public layout."""

from __future__ import annotations

import math
from typing import Any

from planets_log.game.svg import MUTED, Canvas, Frame, colour, header, shape

from .edition import PLANETS

HUE = {"G": "sky", "R": "orange", "W": "blue", "M": "#7f7f7f", "x": "#d9d9d9"}
"""Matter in Okabe–Ito hues (Gas, Rock, Water, Metal; `x` face down); each token carries its letter too."""
WIDTH = 1100
CX, CY, RING = 330, 440, 40


def svg(view: dict[str, Any], frame: Frame, spaces: tuple[str, ...]) -> str:
    """The orbits with Matter and Planets, the Evolution track, the planets' card rows, each player."""
    seats = view["seats"]
    canvas = Canvas(WIDTH, max(800, 380 + len(seats) * 110 + 20))
    header(canvas, frame, _status(view, frame))
    _board(canvas, view, spaces)
    _track(canvas, view)
    _rows(canvas, view)
    for i, side in enumerate(seats):
        _seat(canvas, view, i, side, 380 + i * 110)
    words = f"Planetarium, round {frame.round}, {frame.mover_text()}, {frame.viewer_text()}"
    return canvas.document("Planetarium position", words)


def _token(canvas: Canvas, x: float, y: float, letter: str, r: float = 9) -> None:
    """A Matter token (coloured, lettered) or a Planet (large white disc with its letter)."""
    if letter in PLANETS:
        canvas.add(shape("circle", x, y, r + 6, "#ffffff"))
        canvas.text(x, y + 6, letter, 16, anchor="middle", weight="bold")
        return
    canvas.add(shape("circle", x, y, r, colour(HUE.get(letter, "#ffffff"))))
    canvas.text(x, y + 4, letter, 10, anchor="middle", weight="bold", fill="#ffffff" if letter in "WM" else "black")


def _board(canvas: Canvas, view: dict[str, Any], spaces: tuple[str, ...]) -> None:
    """Seven concentric orbits, each space at its place around its ring, space 1 at the top."""
    sizes: dict[int, int] = {}
    for name in spaces:
        k, j = (int(p) for p in name.split("."))
        sizes[k] = max(sizes.get(k, 0), j)
    with canvas.panel("board"):
        for k in sorted(sizes):
            canvas.add(f'<circle cx="{CX}" cy="{CY}" r="{RING * k}" fill="none" stroke="#bbbbbb" stroke-width="2"/>')
        for name in spaces:
            x, y = _where(name, sizes)
            canvas.add(f'<circle cx="{x:.1f}" cy="{y:.1f}" r="3" fill="#bbbbbb"/>')
        for name, token in view["cells"].items():
            x, y = _where(name, sizes)
            _token(canvas, x, y, token)


def _where(name: str, sizes: dict[int, int]) -> tuple[float, float]:
    k, j = (int(p) for p in name.split("."))
    angle = 2 * math.pi * (j - 1) / sizes[k] - math.pi / 2
    return CX + RING * k * math.cos(angle), CY + RING * k * math.sin(angle)


def _track(canvas: Canvas, view: dict[str, Any]) -> None:
    with canvas.panel("track", 680, 100):
        canvas.text(0, 0, f"Evolution track: {len(view['track'])} Matter", 14, weight="bold")
        for n, letter in enumerate(view["track"][:36]):
            _token(canvas, 10 + (n % 18) * 22, 18 + (n // 18) * 22, letter, 9)
        decks = [f"{name} {_count(view[name])}" for name in ("low", "high", "final")]
        canvas.text(0, 72, "Decks: " + " · ".join(decks) + f" · Final discard {len(view['final_discard'])}", 12)
        pending = view.get("pending")
        if pending:
            shown = f"{pending} face down" if isinstance(pending, int) else " ".join(pending)
            canvas.text(0, 92, f"Final cards drawn: {shown}", 12)


def _rows(canvas: Canvas, view: dict[str, Any]) -> None:
    with canvas.panel("planet-rows", 680, 210):
        canvas.text(0, 0, "Planets and their Evolution cards", 14, weight="bold")
        for p, letter in enumerate(PLANETS):
            y = 14 + p * 38
            side = "Habitable" if view["habitable"][p] else "Hostile"
            canvas.text(0, y + 20, f"{letter} · {side}", 12, weight="bold")
            for n, placed in enumerate(view["rows"][p][:7]):
                x = 110 + n * 46
                canvas.rect(x, y, 42, 30, fill="#fafafa", stroke=MUTED, rx=4, cls="card")
                canvas.text(x + 21, y + 14, placed["card"], 10, anchor="middle")
                canvas.seat_mark(x + 21, y + 24, placed["by"], r=4)
                if placed["marker"]:
                    canvas.rect(x + 1, y + 1, 40, 28, stroke="black", width=2, rx=4)


def _seat(canvas: Canvas, view: dict[str, Any], i: int, side: dict[str, Any], y: float) -> None:
    with canvas.panel(f"seat seat-{i}", 680, y):
        canvas.rect(0, 0, 404, 100, stroke=MUTED, rx=8)
        canvas.seat_mark(16, 18, i)
        canvas.text(32, 24, f"{view['players'][i]} · {side['points']} pts · {side['markers']} markers", 13, weight="bold")
        for p, letter in enumerate(PLANETS):
            x = 12 + p * 98
            canvas.text(x, 48, f"{letter}:", 11, weight="bold")
            for n, m in enumerate(side["mat"][p][:4]):
                _token(canvas, x + 24 + n * 18, 44, m, 8)
        hand = side["hand"]
        if isinstance(hand, int):
            canvas.text(12, 74, f"Hand: {hand} cards, face down", 11)
            for k in range(min(hand, 10)):
                canvas.back(180 + k * 14, 62, 22, 32)
        else:
            canvas.text(12, 84, "Hand: " + (" ".join(hand) or "-"), 11)


def _count(deck: Any) -> int:
    return deck if isinstance(deck, int) else len(deck)


def _status(view: dict[str, Any], frame: Frame) -> str:
    if view["phase"] == "over":
        return f"game over: {view['end_reason']}"
    final = " · final turn" if view["final_turn"] else ""
    return f"{view['phase']} · {frame.mover_text()}{final}"
