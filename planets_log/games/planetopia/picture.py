"""Planetopia as an SVG picture, drawn only from `view(state, seat)` data."""

from __future__ import annotations

from typing import Any

from planets_log.game.svg import MUTED, Canvas, Frame, colour, header, shape

from .board import COLUMNS, HEIGHT

HUE = {"B": "blue", "G": "green", "P": "purple", "R": "vermillion", "Y": "yellow", "J": "#ffffff"}
"""Alien colours in Okabe–Ito hues; every token also carries its colour letter."""
WIDTH = 1000
SEAT_W, SEAT_H = 478, 230


def svg(view: dict[str, Any], frame: Frame) -> str:
    """The Prestige row, the Cosmos trail and each player's planet, hand and tokens."""
    seats = view["seats"]
    canvas = Canvas(WIDTH, 380 + ((len(seats) + 1) // 2) * (SEAT_H + 12))
    header(canvas, frame, _status(view, frame))
    _row(canvas, view)
    _trail(canvas, view)
    for i, side in enumerate(seats):
        _seat(canvas, view, i, side, 16 + (i % 2) * (SEAT_W + 12), 370 + (i // 2) * (SEAT_H + 12))
    words = f"Planetopia, round {view['round']}, {frame.mover_text()}, {frame.viewer_text()}"
    return canvas.document("Planetopia position", words)


def _token(canvas: Canvas, x: float, y: float, letter: str, r: float = 11) -> None:
    """An Alien (or Joker) token: a coloured disc with its letter."""
    canvas.add(shape("circle", x, y, r, colour(HUE.get(letter, "#ffffff"))))
    canvas.text(x, y + 4, letter, 11, anchor="middle", weight="bold",
                fill="#ffffff" if letter in ("B", "P", "G", "R") else "black")


def _pattern(canvas: Canvas, x: float, y: float, pattern: str) -> None:
    """A Prestige pattern: rows top first; '.' empty, 'o' any Alien, a letter that colour."""
    for r, line in enumerate(pattern.split("/")):
        for c, cell in enumerate(line):
            cx, cy = x + c * 24, y + r * 24
            if cell == ".":
                canvas.rect(cx, cy, 22, 22, stroke="#cccccc", rx=3)
            elif cell == "o":
                canvas.rect(cx, cy, 22, 22, fill="#eeeeee", stroke=MUTED, rx=3)
                canvas.text(cx + 11, cy + 16, "o", 11, anchor="middle")
            else:
                _token(canvas, cx + 11, cy + 11, cell, 10)


def _row(canvas: Canvas, view: dict[str, Any]) -> None:
    pile = view["prestige_deck"] if isinstance(view["prestige_deck"], int) else len(view["prestige_deck"])
    with canvas.panel("prestige-row", 16, 100):
        canvas.text(0, 0, f"Prestige row (pile {pile})", 14, weight="bold")
        for i, card in enumerate(view["row"]):
            points, token = view["config"]["prestige"].get(card, (0, ""))
            x = i * 150
            canvas.rect(x, 10, 140, 120, fill="#fafafa", stroke=MUTED, rx=6, cls="card")
            canvas.text(x + 8, 28, f"{i + 1})", 12, fill=MUTED)
            _pattern(canvas, x + 34, 16, card)
            canvas.text(x + 70, 124, f"{points} pt" + (f" + {token}" if token else ""), 12, anchor="middle")


def _trail(canvas: Canvas, view: dict[str, Any]) -> None:
    pile = view["cosmos_deck"] if isinstance(view["cosmos_deck"], int) else len(view["cosmos_deck"])
    n = len(view["trail"])
    with canvas.panel("trail", 16, 250):
        canvas.text(0, 0, f"Cosmos trail, slot 1 free (pile {pile})", 14, weight="bold")
        for i, slot in enumerate(view["trail"]):
            x = i * 130
            _cosmos(canvas, x, 10, slot["card"], 120, 80)
            atoms = f" · {slot['atoms']} Atoms" if slot["atoms"] else ""
            canvas.text(x + 60, 106, f"slot {n - i}{atoms}", 11, anchor="middle", fill=MUTED)


def _cosmos(canvas: Canvas, x: float, y: float, card: str, w: float, h: float) -> None:
    """A Cosmos card: its Aliens as tokens (in a column on a small card), or an action card by name."""
    canvas.rect(x, y, w, h, fill="#ffffff", stroke="black", width=2, rx=6, cls="card")
    small = w < 80
    if card and all(ch in HUE for ch in card):
        for k, letter in enumerate(card):
            if small:
                _token(canvas, x + w / 2, y + 10 + k * 17, letter, 8)
            else:
                _token(canvas, x + 18 + k * 26, y + h / 2, letter)
    else:
        canvas.text(x + w / 2, y + h / 2 + 4, card, 9 if small else 13, anchor="middle", weight="bold")


def _seat(canvas: Canvas, view: dict[str, Any], i: int, side: dict[str, Any], x: float, y: float) -> None:
    with canvas.panel(f"seat seat-{i}", x, y):
        canvas.rect(0, 0, SEAT_W, SEAT_H, stroke=MUTED, rx=8)
        canvas.seat_mark(16, 20, i)
        canvas.text(32, 26, f"{view['players'][i]} · {side['points']} pts · {side['atoms']} Atoms", 14, weight="bold")
        tokens = " ".join(side["tokens"]) or "-"
        canvas.text(16, 48, f"Prestige cards {len(side['prestige'])} · tokens {tokens}", 12, fill=MUTED)
        _board(canvas, 16, 60, side["board"])
        hand = side["hand"]
        if isinstance(hand, int):
            canvas.text(130, 76, f"Hand: {hand} cards, face down", 12)
            for k in range(min(hand, 8)):
                canvas.back(130 + k * 20, 84, 34, 56)
        else:
            canvas.text(130, 76, "Hand", 12, weight="bold")
            _cards(canvas, 84, hand)
        canvas.text(130, 158, "Played", 12, weight="bold")
        _cards(canvas, 164, side["played"])


def _cards(canvas: Canvas, y: float, cards: list[str]) -> None:
    """Up to eight small Cosmos cards in a line, and how many more there are."""
    for k, card in enumerate(cards[:8]):
        _cosmos(canvas, 130 + k * 42, y, card, 40, 56)
    if len(cards) > 8:
        canvas.text(SEAT_W - 4, y + 70, f"+{len(cards) - 8} more", 11, anchor="end")


def _board(canvas: Canvas, x: float, y: float, board: list[str]) -> None:
    """The 3×3 planet: columns a–c left to right, row 1 at the bottom."""
    for c, column in enumerate(board):
        for r in range(HEIGHT):
            cx, cy = x + c * 34, y + (HEIGHT - 1 - r) * 34
            canvas.rect(cx, cy, 32, 32, fill="#f7f7f7", stroke="#bbbbbb", rx=3)
            if r < len(column):
                _token(canvas, cx + 16, cy + 16, column[r], 13)
    for c, name in enumerate(COLUMNS):
        canvas.text(x + c * 34 + 16, y + HEIGHT * 34 + 14, name, 11, anchor="middle", fill=MUTED)


def _status(view: dict[str, Any], frame: Frame) -> str:
    if view["over"]:
        return f"game over: {view['end_reason']}"
    if view["due"]:
        return f"setting out: {view['due']} due"
    return f"{frame.mover_text()} (mandatory {view['mandatory']}, optional {view['optional']})"
