"""Planetopia as an SVG picture, drawn only from `view(state, seat)` data."""

from __future__ import annotations

from typing import Any

from planets_log.game.svg import MUTED, Canvas, Frame, colour, header, shape

from .board import COLUMNS, HEIGHT

HUE = {"B": "blue", "G": "green", "P": "purple", "R": "vermillion", "Y": "yellow", "J": "#ffffff"}
"""Alien colours in Okabe–Ito hues; every token also carries its colour letter."""
WIDTH = 1000
SEAT_W, SEAT_H = 478, 230
PER_LINE = 8
"""Small Cosmos cards drawn on one line of a hand or of the played cards (more go on further lines)."""
LINE = 64


def svg(view: dict[str, Any], frame: Frame) -> str:
    """The Prestige row, the Cosmos trail and each player's planet, hand and tokens."""
    seats = view["seats"]
    heights = [max(_seat_height(side) for side in seats[k:k + 2]) for k in range(0, len(seats), 2)]
    canvas = Canvas(WIDTH, 380 + sum(h + 12 for h in heights))
    header(canvas, frame, _status(view, frame))
    _row(canvas, view)
    _trail(canvas, view)
    for i, side in enumerate(seats):
        y = 370 + sum(h + 12 for h in heights[:i // 2])
        _seat(canvas, view, i, side, 16 + (i % 2) * (SEAT_W + 12), y, heights[i // 2])
    words = f"Planetopia, round {view['round']}, {frame.mover_text()}, {frame.viewer_text()}"
    return canvas.document("Planetopia position", words)


def _token(canvas: Canvas, x: float, y: float, letter: str, r: float = 11) -> None:
    """An Alien (or Joker) token: a coloured disc with its letter, black but on blue (white on blue)."""
    canvas.add(shape("circle", x, y, r, colour(HUE.get(letter, "#ffffff")), cls="alien"))
    canvas.text(x, y + 4, letter, 11, anchor="middle", weight="bold", fill="#ffffff" if letter == "B" else "#000000")


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


def _lines(cards: Any) -> int:
    return max(1, -(-(cards if isinstance(cards, int) else len(cards)) // PER_LINE))


def _seat_height(side: dict[str, Any]) -> int:
    """Tall enough for every card of the hand and every card played (and the Prestige cards won)."""
    right = 84 + LINE * _lines(side["hand"]) + 22 + LINE * _lines(side["played"])
    left = 186 + 40 * -(-len(side["prestige"]) // 3)
    return max(SEAT_H, right, left)


def _seat(canvas: Canvas, view: dict[str, Any], i: int, side: dict[str, Any], x: float, y: float, height: int) -> None:
    with canvas.panel(f"seat seat-{i}", x, y):
        canvas.rect(0, 0, SEAT_W, height, stroke=MUTED, rx=8)
        canvas.seat_mark(16, 20, i)
        canvas.text(32, 26, f"{view['players'][i]} · {side['points']} pts · {side['atoms']} Atoms", 14, weight="bold")
        tokens = " ".join(side["tokens"]) or "-"
        canvas.text(16, 48, f"Prestige cards {len(side['prestige'])} · tokens {tokens}", 12, fill=MUTED)
        with canvas.group("planet"):
            _board(canvas, 16, 60, side["board"])
        _won(canvas, view, side["prestige"])
        hand = side["hand"]
        if isinstance(hand, int):
            canvas.text(130, 76, f"Hand: {hand} cards, face down", 12)
            for k in range(hand):
                canvas.back(130 + (k % PER_LINE) * 42, 84 + (k // PER_LINE) * LINE, 34, 56)
        else:
            canvas.text(130, 76, "Hand", 12, weight="bold")
            _cards(canvas, 84, hand)
        played_at = 84 + LINE * _lines(hand) + 22
        canvas.text(130, played_at - 6, "Played", 12, weight="bold")
        _cards(canvas, played_at, side["played"])


def _won(canvas: Canvas, view: dict[str, Any], cards: list[str]) -> None:
    """The Prestige cards a player has won, small, three a line under their planet, each with its points."""
    for k, card in enumerate(cards):
        points, token = view["config"]["prestige"].get(card, (0, ""))
        x, y = 16 + (k % 3) * 34, 186 + (k // 3) * 40
        with canvas.group("prestige", f"Prestige card {card}: {points} pt" + (f" + {token}" if token else "")):
            canvas.rect(x, y, 30, 36, fill="#fafafa", stroke=MUTED, rx=4, cls="card")
            canvas.text(x + 15, y + 22, f"{points}", 12, anchor="middle", weight="bold")


def _cards(canvas: Canvas, y: float, cards: list[str]) -> None:
    """Every small Cosmos card, eight a line."""
    for k, card in enumerate(cards):
        _cosmos(canvas, 130 + (k % PER_LINE) * 42, y + (k // PER_LINE) * LINE, card, 40, 56)


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
