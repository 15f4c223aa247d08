"""Space Planets as an SVG picture, drawn only from `view(state, seat)` data."""

from __future__ import annotations

from typing import Any

from planets_log.game.svg import MUTED, Canvas, Frame, header

HUE = {"fuel": "orange", "reroll": "sky", "consume": "vermillion", "distant": "purple", "hole": "#7f7f7f",
       "none": "green"}
"""Card kinds by effect in Okabe–Ito hues; the kind's initial is printed on the card as well."""
CW, CH = 110, 80
WIDTH = 900


def svg(view: dict[str, Any], frame: Frame) -> str:
    """The 3×3 grid, the supply, the die and each player's spaceship card."""
    kinds = {k["code"]: k for k in view["book"]["kinds"]}
    rows = len(view["seats"])
    canvas = Canvas(WIDTH, 420 + rows * 120)
    header(canvas, frame, _status(view, frame))
    _grid(canvas, view, kinds)
    for i, side in enumerate(view["seats"]):
        _seat(canvas, view, kinds, i, side, 400 + i * 120)
    words = f"Space Planets, round {view['round']}, {frame.mover_text()}, {frame.viewer_text()}"
    return canvas.document("Space Planets position", words)


def _card(canvas: Canvas, x: float, y: float, code: str, kinds: dict[str, Any], w: float = CW, h: float = CH) -> None:
    kind = kinds.get(code, {"effect": "none", "stars": 0})
    stars = kind["stars"]
    canvas.card(x, y, w, h, code, HUE.get(kind["effect"], "green"), letter=kind["effect"][0].upper(),
                sub=f"{stars} star{'s' if stars != 1 else ''}")


def _grid(canvas: Canvas, view: dict[str, Any], kinds: dict[str, Any]) -> None:
    roll = view.get("roll") or {}
    with canvas.panel("grid", 16, 100):
        canvas.text(0, 0, "Grid", 14, weight="bold")
        for i, code in enumerate(view["grid"]):
            x, y = (i % 3) * (CW + 12), 12 + (i // 3) * (CH + 12)
            if code is None:
                canvas.rect(x, y, CW, CH, stroke=MUTED, rx=5, dash=True)
            else:
                _card(canvas, x, y, code, kinds)
            canvas.text(x + CW - 8, y + 16, i + 1, 12, anchor="end", fill=MUTED)
            if roll.get("space") == i + 1:
                canvas.rect(x - 4, y - 4, CW + 8, CH + 8, stroke="black", width=3, rx=8, cls="die-here")
    deck = sum(view["deck"].values()) if isinstance(view["deck"], dict) else view["deck"]
    with canvas.panel("supply", 400, 100):
        canvas.text(0, 0, "Supply", 14, weight="bold")
        canvas.text(0, 24, f"Deck: {deck} cards", 13)
        canvas.text(0, 46, f"Stockpile: {view['stock']} crystals", 13)
        if roll:
            face = roll.get("face")
            where = f"on space {roll['space']}" if roll.get("space") else "off the grid"
            canvas.text(0, 68, f"Die: {face if face is not None else '-'} · {where}", 13)
        if view.get("removed"):
            canvas.text(0, 90, "Removed: " + " ".join(view["removed"]), 12, fill=MUTED)
        if view.get("ender") is not None and view["phase"] != "over":
            canvas.text(0, 112, f"Last round: {view['players'][view['ender']]} reached the end", 12)


def _seat(canvas: Canvas, view: dict[str, Any], kinds: dict[str, Any], i: int, side: dict[str, Any], y: int) -> None:
    with canvas.panel(f"seat seat-{i}", 16, y):
        canvas.rect(0, 0, WIDTH - 32, 110, stroke=MUTED, rx=8)
        canvas.seat_mark(18, 20, i)
        stars = sum(kinds.get(code, {"stars": 0})["stars"] for code in side["cards"])
        canvas.text(34, 26, f"{view['players'][i]} · {side['crystals']} crystals · {stars} stars", 14, weight="bold")
        up = list(side["face_up"])
        for j, code in enumerate(side["cards"]):
            x = 18 + j * 66
            _card(canvas, x, 36, code, kinds, 60, 64)
            if code in up:
                up.remove(code)
                canvas.text(x + 30, 108, "face up", 9, anchor="middle")


def _status(view: dict[str, Any], frame: Frame) -> str:
    if view["phase"] == "over":
        return f"game over: {view['end_reason']}"
    return f"{view['phase']} · {frame.mover_text()}"
