"""Planetarium as an SVG picture, drawn only from `view(state, seat)` data and the board's public layout."""

from __future__ import annotations

import math
from typing import Any

from planets_log.game.svg import MUTED, Canvas, Frame, colour, header, num, shape

from .board import Board
from .edition import PLANETS

HUE = {"G": "#FFEE99", "R": "#7B3F00", "W": "#88CCEE", "M": "#000000", "x": "#d9d9d9"}
"""Matter colours (Gas pale yellow, Rock brown, Water light blue, Metal black; `x` face down), chosen to stay apart
under protanopia, deuteranopia and tritanopia and apart from every seat's colour; each token carries its letter too."""
NAMES = {"G": "Gas", "R": "Rock", "W": "Water", "M": "Metal", "x": "face down"}
WIDTH = 1100
CX, CY, RING = 330, 430, 40
RIGHT = 680
"""Where the right-hand column (track, planet rows, seats) starts."""
PER_LINE = 8
"""Evolution cards drawn on one line of a planet's row."""


def svg(view: dict[str, Any], frame: Frame, board: Board) -> str:
    """The orbits with their spaces, lines, Matter and Planets, the Evolution track, the planets' cards, each player."""
    seats = view["seats"]
    rows_at = 100 + _track_height(view)
    seats_at = rows_at + _rows_height(view)
    heights = [_seat_height(side) for side in seats]
    canvas = Canvas(WIDTH, max(800, seats_at + sum(heights) + 10 * len(seats) + 10))
    header(canvas, frame, _status(view, frame))
    _board(canvas, view, board)
    _legend(canvas)
    _track(canvas, view)
    _rows(canvas, view, rows_at)
    y = seats_at
    for i, side in enumerate(seats):
        _seat(canvas, view, i, side, y, heights[i])
        y += heights[i] + 10
    words = f"Planetarium, round {frame.round}, {frame.mover_text()}, {frame.viewer_text()}"
    return canvas.document("Planetarium position", words)


def _token(canvas: Canvas, x: float, y: float, letter: str, r: float = 9) -> None:
    """A Matter token (coloured, lettered) or a Planet (large white disc with its letter)."""
    if letter in PLANETS:
        canvas.add(shape("circle", x, y, r + 5, "#ffffff", cls="planet"))
        canvas.text(x, y + 5, letter, 15, anchor="middle", weight="bold")
        return
    canvas.add(shape("circle", x, y, r, colour(HUE.get(letter, "#ffffff")), cls=f"matter matter-{letter}"))
    canvas.text(x, y + r * 0.42, letter, round(r * 1.1), anchor="middle", weight="bold",
                fill="#ffffff" if letter in "RM" else "black")


def _where(board: Board, i: int) -> tuple[float, float]:
    """Where space `i` lies: its orbit's ring, space 1 at the top, numbered clockwise."""
    k, j = (int(p) for p in board.names[i].split("."))
    angle = 2 * math.pi * (j - 1) / len(board.on_orbit(k)) - math.pi / 2
    return CX + RING * k * math.cos(angle), CY + RING * k * math.sin(angle)


def _board(canvas: Canvas, view: dict[str, Any], board: Board) -> None:
    """The board in two panels: what never changes (orbits, orbit 7 as four arms, the one-way thin lines, every
    space with its name), which the HTML replay stores once, and the tokens on it now."""
    dots = set(board.dots)
    with canvas.panel("board"):
        for i, j in enumerate(board.next_on_orbit):
            if j != -1:
                (x1, y1), (x2, y2), r = _where(board, i), _where(board, j), RING * board.orbit[i]
                canvas.path(f"M {num(x1)} {num(y1)} A {r} {r} 0 0 1 {num(x2)} {num(y2)}", stroke="#bbbbbb", width=2.5,
                            cls="orbit")
        arrows = [_arrow_at(_where(board, i), _where(board, j)) for i, ends in enumerate(board.lines) for j in ends]
        for i, ends in enumerate(board.lines):
            for j in ends:
                _connection(canvas, _where(board, i), _where(board, j))
        for i, name in enumerate(board.names):
            with canvas.group("space", name + (" · white dot" if i in dots else "")):
                _space(canvas, board, i, i in dots, arrows)
    with canvas.panel("tokens"):
        for i, name in enumerate(board.names):
            token = view["cells"].get(name, "")
            if token:
                with canvas.group("token", _token_title(name, token)):
                    _token(canvas, *_where(board, i), token)


def _token_title(name: str, token: str) -> str:
    """A token's tooltip: the space it is on and what it is."""
    return f"{name}: " + (f"planet {token}" if token in PLANETS else f"{NAMES.get(token, token)} ({token})")


def _space(canvas: Canvas, board: Board, i: int, dot: bool, arrows: list[tuple[float, float]]) -> None:
    """The space's point (a white dot where Matter starts) and its name just outside its orbit, clear of a token
    (or a planet) on it."""
    x, y = _where(board, i)
    if dot:
        canvas.add(shape("circle", x, y, 5, "#ffffff"))
    else:
        canvas.add(f'<circle cx="{num(x)}" cy="{num(y)}" r="3" fill="#9a9a9a"/>')
    lx, ly = _label_at(board, i, arrows)
    canvas.text(lx, ly, board.names[i], 8, anchor="middle", fill=MUTED, halo=True)


def _label_at(board: Board, i: int, arrows: list[tuple[float, float]]) -> tuple[float, float]:
    """Where space `i`'s name is written (its baseline's middle): outward from the centre, beside the space, moved
    along the orbit where it would cover an arrowhead (its halo would hide the arrow)."""
    x, y = _where(board, i)
    name = board.names[i]
    length = max(1.0, math.hypot(x - CX, y - CY))
    ux, uy = (x - CX) / length, (y - CY) / length
    away = 14 + 2.2 * len(name) * abs(ux) + 3 * abs(uy)
    spots = [(x + ux * away - uy * shift, y + uy * away + ux * shift + 3) for shift in (0, 10, -10, 16, -16)]
    return next((p for p in spots if not any(_covers(p, name, a) for a in arrows)), spots[0])


def _covers(at: tuple[float, float], name: str, arrow: tuple[float, float]) -> bool:
    """Whether a name written at `at` (8 px, about 5 units a character, with its halo) touches an arrowhead."""
    half = 2.5 * len(name) + 2
    return at[0] - half - 5 <= arrow[0] <= at[0] + half + 5 and at[1] - 13 <= arrow[1] <= at[1] + 7


def _arrow_at(a: tuple[float, float], z: tuple[float, float]) -> tuple[float, float]:
    """Where a thin line's arrowhead lies: a little past its middle."""
    return a[0] + (z[0] - a[0]) * 0.55, a[1] + (z[1] - a[1]) * 0.55


def _connection(canvas: Canvas, a: tuple[float, float], z: tuple[float, float]) -> None:
    """A thin line between orbits, with an arrowhead halfway: it is travelled from `a` to `z` only."""
    canvas.line(*a, *z, stroke="#8a8a8a", width=1.2, cls="connection")
    length = max(1.0, math.hypot(z[0] - a[0], z[1] - a[1]))
    ux, uy = (z[0] - a[0]) / length, (z[1] - a[1]) / length
    mx, my = _arrow_at(a, z)
    canvas.polygon([(mx + ux * 5, my + uy * 5), (mx - ux * 3 - uy * 4, my - uy * 3 + ux * 4),
                    (mx - ux * 3 + uy * 4, my - uy * 3 - ux * 4)], fill="#6a6a6a")


def _legend(canvas: Canvas) -> None:
    """What the board's marks mean."""
    with canvas.panel("legend", 16, CY + RING * 7 + 30):
        for n, letter in enumerate("GRWM"):
            _token(canvas, 10 + n * 80, 0, letter, 8)
            canvas.text(22 + n * 80, 4, NAMES[letter], 11)
        canvas.add(shape("circle", 340, 0, 5, "#ffffff"))
        canvas.text(350, 4, "white dot", 11)
        canvas.text(0, 26, "Spaces are ORBIT.SPACE, numbered clockwise from the top; a thin line is travelled in its "
                    "arrow's direction.", 11, fill=MUTED)


def _track_height(view: dict[str, Any]) -> int:
    return 112 + (20 if view.get("pending") else 0)


def _track(canvas: Canvas, view: dict[str, Any]) -> None:
    """Every Matter token on the Evolution track, 24 a line (the 68 tokens fit in three)."""
    with canvas.panel("track", RIGHT, 100):
        canvas.text(0, 0, f"Evolution track: {len(view['track'])} Matter", 14, weight="bold")
        for n, letter in enumerate(view["track"]):
            _token(canvas, 8 + (n % 24) * 17, 16 + (n // 24) * 17, letter, 7)
        decks = [f"{name} {_count(view[name])}" for name in ("low", "high", "final")]
        canvas.text(0, 84, "Decks: " + " · ".join(decks) + f" · Final discard {len(view['final_discard'])}", 12)
        pending = view.get("pending")
        if pending:
            shown = f"{pending} face down" if isinstance(pending, int) else " ".join(pending)
            canvas.text(0, 104, f"Final cards drawn: {shown}", 12)


def _row_lines(view: dict[str, Any], p: int) -> int:
    return max(1, -(-len(view["rows"][p]) // PER_LINE))


def _rows_height(view: dict[str, Any]) -> int:
    return 24 + sum(38 * _row_lines(view, p) for p in range(len(PLANETS))) + 10


def _rows(canvas: Canvas, view: dict[str, Any], top: float) -> None:
    """Each planet's side and every Evolution card along it, with who played it and whose marker is on it."""
    with canvas.panel("planet-rows", RIGHT, top):
        canvas.text(0, 0, "Planets and their Evolution cards", 14, weight="bold")
        y = 14
        for p, letter in enumerate(PLANETS):
            side = "Habitable" if view["habitable"][p] else "Hostile"
            canvas.text(0, y + 20, f"{letter} · {side}", 12, weight="bold")
            for n, placed in enumerate(view["rows"][p]):
                x, cy = 110 + (n % PER_LINE) * 37, y + (n // PER_LINE) * 38
                canvas.rect(x, cy, 34, 30, fill="#fafafa", stroke=MUTED, rx=4, cls="card")
                canvas.text(x + 17, cy + 14, placed["card"], 10, anchor="middle")
                canvas.seat_mark(x + 17, cy + 24, placed["by"], r=4)
                if placed["marker"]:
                    canvas.rect(x + 1, cy + 1, 32, 28, stroke="black", width=2, rx=4, cls="marker")
            y += 38 * _row_lines(view, p)


def _seat_height(side: dict[str, Any]) -> int:
    deepest = max([len(m) for m in side["mat"]] + [1])
    return 100 + 16 * ((deepest - 1) // 4)


def _seat(canvas: Canvas, view: dict[str, Any], i: int, side: dict[str, Any], y: float, height: int) -> None:
    """A player: points and markers, the Matter on their mat under each planet, their hand."""
    with canvas.panel(f"seat seat-{i}", RIGHT, y):
        canvas.rect(0, 0, 404, height, stroke=MUTED, rx=8)
        canvas.seat_mark(16, 18, i)
        canvas.text(32, 24, f"{view['players'][i]} · {side['points']} pts · {side['markers']} markers", 13, weight="bold")
        for p, letter in enumerate(PLANETS):
            x = 12 + p * 98
            canvas.text(x, 48, f"{letter}:", 11, weight="bold")
            for n, m in enumerate(side["mat"][p]):
                _token(canvas, x + 24 + (n % 4) * 18, 44 + (n // 4) * 16, m, 7)
        hand, low = side["hand"], height - 16
        if isinstance(hand, int):
            canvas.text(12, low - 10, f"Hand: {hand} cards, face down", 11)
            for k in range(hand):
                canvas.back(180 + k * 14, low - 22, 22, 32)
        else:
            canvas.text(12, low, "Hand: " + (" ".join(hand) or "-"), 11)


def _count(deck: Any) -> int:
    return deck if isinstance(deck, int) else len(deck)


def _status(view: dict[str, Any], frame: Frame) -> str:
    if view["phase"] == "over":
        return f"game over: {view['end_reason']}"
    final = " · final turn" if view["final_turn"] else ""
    return f"{view['phase']} · {frame.mover_text()}{final}"
