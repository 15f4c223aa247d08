"""Four Planets as an SVG picture, drawn only from `view(state, seat)` data."""

from __future__ import annotations

from typing import Any

from planets_log.game.svg import MUTED, Canvas, Frame, header

from .cards import COLOURS
from .state import marker

HUE = {"R": "vermillion", "Y": "yellow", "G": "green", "P": "purple", "B": "blue"}
"""Card colours drawn in Okabe–Ito hues, the colour letter printed on every card as well."""
CW, CH = 64, 84
WIDTH = 1000


def svg(view: dict[str, Any], frame: Frame) -> str:
    """The table: colour bonus, boost tiles, piles, planets with their ships, both seats."""
    heights = [_seat_height(side) for side in view["seats"]]
    pro = view.get("pro")
    canvas = Canvas(WIDTH, 430 + sum(heights) + 20 * len(heights) + (120 if pro else 0))
    header(canvas, frame, f"{view['phase']} · {frame.mover_text()}" + _pending(view, frame))
    _supply(canvas, view, 100)
    _planets(canvas, view, 250)
    y = 430
    for i, side in enumerate(view["seats"]):
        _seat(canvas, view, i, side, y, heights[i])
        y += heights[i] + 20
    if pro:
        _buildings(canvas, view, pro, y)
    words = f"Four Planets, round {view['round']}, {frame.mover_text()}, {frame.viewer_text()}"
    return canvas.document("Four Planets position", words)


def _card(canvas: Canvas, x: float, y: float, code: str, h: float = CH, down: bool = False) -> None:
    """A specialist face up, or a back (`bpN`: the buying power its back shows; a face-down
    card its viewer may know shows its code on the back)."""
    if code.startswith("bp") or down:
        canvas.back(x, y, CW, h, code)
    else:
        canvas.card(x, y, CW, h, code, HUE.get(code[0]), letter=code[0], top=True)


def _supply(canvas: Canvas, view: dict[str, Any], y: int) -> None:
    with canvas.panel("bonus", 16, y):
        canvas.text(0, 0, "Colour bonus (markers below)", 13, weight="bold")
        for i, code in enumerate(view["bonus"]):
            _card(canvas, i * (CW + 10), 10, code)
            for seat, side in enumerate(view["seats"]):
                if marker(seat, side["moves"]) == i + 1:
                    canvas.seat_mark(i * (CW + 10) + 14 + 24 * seat, CH + 26, seat)
        if not view["bonus"]:
            canvas.text(0, 30, "not dealt yet", 12, fill=MUTED)
    with canvas.panel("supply", 330, y):
        canvas.text(0, 0, "Boost tiles face up", 13, weight="bold")
        for i, tile in enumerate(view["tiles"]):
            canvas.rect(i * 110, 10, 100, 30, fill="#f2f2f2", rx=4)
            canvas.text(i * 110 + 50, 30, tile, 12, anchor="middle")
        deck = view["deck"] if isinstance(view["deck"], int) else len(view["deck"])
        discard = view["discard"] if isinstance(view["discard"], int) else len(view["discard"])
        coins = view["coins_total"] - sum(side["coins"] for side in view["seats"])
        canvas.text(0, 70, f"Deck {deck} · discard {discard} · coins in supply {coins}", 13)
        start = view["players"][view["spaceship"]]
        if view["phase"] not in ("setup-bonus", "setup-deal", "setup-boosts", "setup-start"):
            canvas.text(0, 92, f"Start tile: {start} faces the spaceship", 12, fill=MUTED)


def _planets(canvas: Canvas, view: dict[str, Any], y: int) -> None:
    for i, planet in enumerate(view["planets"]):
        with canvas.panel(f"planet planet-{i + 1}", 16 + i * 245, y):
            canvas.rect(0, 0, 235, 165, fill="#fafafa", stroke=MUTED, rx=8,
                        dash=view["phase"] == "recruit" and view["cursor"] == i)
            canvas.text(10, 20, f"Planet {i + 1}", 14, weight="bold")
            for j, code in enumerate(planet["cards"][:3]):
                _card(canvas, 10 + j * (CW + 6), 30, code)
            for j, ship in enumerate(planet["ships"]):
                canvas.seat_mark(20 + j * 76, 145, ship["seat"], label=f"{ship['parts']} part{'s' if ship['parts'] != 1 else ''}")


def _buildings(canvas: Canvas, view: dict[str, Any], pro: dict[str, Any], y: int) -> None:
    """Professional mode: each seat's buildings (backs where not yet shown), what they hold."""
    with canvas.panel("buildings", 16, y):
        step = f" ({pro['step']})" if pro.get("step") else ""
        canvas.text(0, 10, f"Buildings{step} · recruiting starts on the {pro['recruit_from']}", 13, weight="bold")
        for i, side in enumerate(pro["seats"]):
            row = 22 + i * 50
            canvas.seat_mark(8, row + 20, i)
            shown = side["buildings"] or side["dealt"]
            for k, code in enumerate(shown[:6]):
                x = 24 + k * 112
                if code == "?":
                    canvas.back(x, row, 104, 40)
                else:
                    used = code in pro["turned_over"]
                    canvas.rect(x, row, 104, 40, fill="#f2f2f2", rx=4, cls="card")
                    canvas.text(x + 52, row + (18 if used else 24), code, 10, anchor="middle")
                    if used:  # on a line of its own: beside the name it ran onto the next building
                        canvas.text(x + 52, row + 32, "turned over", 10, anchor="middle", fill=MUTED)
            if side["stored"]:
                canvas.text(24 + 6 * 112, row + 24, "stored " + " ".join(side["stored"]), 11)


def _seat_height(side: dict[str, Any]) -> int:
    deepest = max([len(side["up"][j]) + len(side["down"][j]) for j in range(5)] + [1])
    return 175 + (deepest - 1) * 26 + CH


def _seat(canvas: Canvas, view: dict[str, Any], i: int, side: dict[str, Any], y: int, height: int) -> None:
    with canvas.panel(f"seat seat-{i}", 16, y):
        canvas.rect(0, 0, WIDTH - 32, height, stroke=MUTED, rx=8)
        canvas.seat_mark(18, 22, i)
        name = view["players"][i]
        canvas.text(34, 28, name, 16, weight="bold")
        canvas.text(34 + 10 * len(name) + 20, 28, f"parts {side['parts']} ({side['left']} to dispatch) · coins "
                    f"{side['coins']} ({side['coins_used']} used) · {side['moves']}/3 moves", 13)
        tiles = " ".join(_tile(t) for t in side["tiles"]) or "-"
        canvas.text(18, 50, f"Tiles: {tiles}", 12, fill=MUTED)
        canvas.text(18, 76, "Hand", 12, weight="bold")
        for j, code in enumerate(side["hand"]):
            _card(canvas, 60 + j * (CW + 6), 60, code, 56)
        if not side["hand"]:
            canvas.text(60, 76, "empty", 12, fill=MUTED)
        for j, letter in enumerate(COLOURS):
            x = 18 + j * 190
            canvas.text(x, 140, f"{letter} column", 12, weight="bold")
            cards = list(side["up"][j]) + list(side["down"][j])
            for k, code in enumerate(cards):
                _card(canvas, x, 150 + k * 26, code, down=k >= len(side["up"][j]))


def _tile(tile: dict[str, Any]) -> str:
    text: str = tile["id"]
    for key in ("copies", "colour", "position"):
        if tile.get(key):
            text += f"@{tile[key]}"
    return text


def _pending(view: dict[str, Any], frame: Frame) -> str:
    pending = view.get("pending")
    if not pending:
        return ""
    return f" · pending: {view['players'][view['turn']]} must resolve '{pending['step']}'"
