"""2491 Planetship as an SVG picture, drawn only from `view(state, seat)` data and the grid's public layout."""

from __future__ import annotations

from typing import Any

from planets_log.game.svg import MUTED, Canvas, Frame, header

from .events import HIDDEN

NUMERALS = ("I", "II", "III", "IV", "V", "VI")
WIDTH = 1000
ZW, ZH = 318, 150
CW, CH = 50, 58


def svg(view: dict[str, Any], frame: Frame, where: dict[int, tuple[int, int]]) -> str:
    """The grid of zones with their characters and rewards, the supply, each player's hand and pile."""
    rows = 1 + max([r for r, _ in where.values()] + [0])
    top = 150 + rows * (ZH + 10)
    seats = view["seats"]
    canvas = Canvas(WIDTH, top + len(seats) * 100 + 10)
    header(canvas, frame, _status(view, frame))
    _supply(canvas, view)
    probes = {(z, s): seat for seat, z, s in view["probes"]}
    for zone in view["grid"]:
        r, c = where.get(zone["zone"], (0, 0))
        _zone(canvas, zone, probes, 16 + c * (ZW + 8), 140 + r * (ZH + 10))
    for i, side in enumerate(seats):
        _seat(canvas, i, side, top + i * 100)
    words = f"2491 Planetship, round {view['round']}, {frame.mover_text()}, {frame.viewer_text()}"
    return canvas.document("2491 Planetship position", words)


def _card(canvas: Canvas, x: float, y: float, code: str, w: float = CW, h: float = CH) -> None:
    if code == HIDDEN:
        canvas.back(x, y, w, h)
    else:
        canvas.card(x, y, w, h, code, None)


def _supply(canvas: Canvas, view: dict[str, Any]) -> None:
    with canvas.panel("supply", 16, 100):
        missions = " ".join(view["missions"]) or "-"
        removed = " ".join(view["removed"]) or "-"
        canvas.text(0, 0, f"Missions: {missions} · deck {view['deck']} · reserve zones {view['reserve']} · "
                    f"shields {view['shields']} · removed {removed}", 13)
        if view["bottom"]:
            canvas.text(0, 20, f"Under the deck: {' '.join(view['bottom'])}", 12, fill=MUTED)


def _zone(canvas: Canvas, zone: dict[str, Any], probes: dict[tuple[int, int], int], x: float, y: float) -> None:
    with canvas.panel(f"zone zone-{zone['zone']}", x, y):
        canvas.rect(0, 0, ZW, ZH, fill="#fafafa", stroke=MUTED, rx=8)
        canvas.text(10, 18, f"{zone['zone']} {zone['name']} (turned {90 * zone['turns']}°)", 12, weight="bold")
        canvas.text(ZW - 10, 18, "reward", 11, anchor="end", fill=MUTED)
        for k, code in enumerate(zone["rewards"][:3]):
            _card(canvas, ZW - 10 - (k + 1) * 40, 24, code, 36, 40)
        for s, ch in enumerate(zone["spaces"][:6]):
            sx = 10 + s * (CW + 4)
            canvas.text(sx + CW / 2, 80, NUMERALS[s], 10, anchor="middle", fill=MUTED)
            if ch is None:
                canvas.rect(sx, 84, CW, CH, stroke="#cccccc", rx=4, dash=True)
            else:
                _card(canvas, sx, 84, ch["card"])
                canvas.seat_mark(sx + 9, 84 + CH - 9, ch["owner"], r=6)
                flags = [f"str {ch['strength']}"] if "strength" in ch else []
                flags += ["shield"] * bool(ch.get("shield")) + ["off"] * bool(ch.get("disabled"))
                flags += ["down"] * bool(ch.get("face_down"))
                if flags:
                    canvas.text(sx + CW / 2, 80 + CH + 18, " ".join(flags), 9, anchor="middle")
            if (zone["zone"], s + 1) in probes:
                canvas.seat_mark(sx + CW - 8, 92, probes[(zone["zone"], s + 1)], r=5)


def _seat(canvas: Canvas, i: int, side: dict[str, Any], y: float) -> None:
    with canvas.panel(f"seat seat-{i}", 16, y):
        canvas.rect(0, 0, WIDTH - 32, 92, stroke=MUTED, rx=8)
        canvas.seat_mark(16, 18, i)
        canvas.text(32, 24, f"{side['player']} · {side['ships']} ships · {side['probes']} probes", 13, weight="bold")
        canvas.text(12, 52, "Hand", 11, weight="bold")
        for k, code in enumerate(side["hand"][:10]):
            _card(canvas, 48 + k * 40, 34, code, 36, 50)
        canvas.text(500, 52, "Pile", 11, weight="bold")
        for k, code in enumerate(side["discards"][-10:]):
            _card(canvas, 530 + k * 40, 34, code, 36, 50)


def _status(view: dict[str, Any], frame: Frame) -> str:
    return f"{view['phase']} · {frame.mover_text()}"
