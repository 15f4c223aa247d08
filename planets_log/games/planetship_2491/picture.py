"""2491 Planetship as an SVG picture, drawn only from `view(state, seat)` data and the grid's public layout."""

from __future__ import annotations

from typing import Any

from planets_log.game.svg import MUTED, Canvas, Frame, header

from .board import ROMAN, ZoneLayout, place
from .events import HIDDEN

WIDTH = 1000
CELL = 64
"""A zone card is 3 x 3 cells; zones lie side by side so that cells touching across zones show as touching."""
GAP = 10
ZW, ZH = 3 * CELL, 3 * CELL + 20
ICONS = (("docks", "⚓", "space dock"), ("face_down", "⊘", "placed face down"), ("probes", "◎", "probe icon"))
PER_LINE = 14
"""Cards of a hand or a pile drawn on one line."""


def svg(view: dict[str, Any], frame: Frame, layout: dict[int, ZoneLayout]) -> str:
    """The grid of zone cards as they lie (characters, rewards, probes), the supply, each player's hand and pile."""
    rows = 1 + max([zl.where[0] for zl in layout.values()] + [0])
    top = 150 + rows * (ZH + GAP) + 24
    seats = view["seats"]
    heights = [_seat_height(side) for side in seats]
    canvas = Canvas(WIDTH, top + sum(heights) + 8 * len(seats) + 10)
    header(canvas, frame, _status(view, frame))
    _supply(canvas, view)
    probes: dict[tuple[int, int], list[int]] = {}
    for seat, z, s in view["probes"]:
        probes.setdefault((z, s), []).append(seat)
    for zone in view["grid"]:
        zl = layout[zone["zone"]]
        _zone(canvas, zone, zl, probes, 16 + zl.where[1] * (ZW + GAP), 130 + zl.where[0] * (ZH + GAP))
    _legend(canvas, top - 30)
    y = top
    for i, side in enumerate(seats):
        _seat(canvas, i, side, y, heights[i])
        y += heights[i] + 8
    words = f"2491 Planetship, round {view['round']}, {frame.mover_text()}, {frame.viewer_text()}"
    return canvas.document("2491 Planetship position", words)


def _card(canvas: Canvas, x: float, y: float, code: str, w: float, h: float, sub: str = "") -> None:
    if code == HIDDEN:
        canvas.back(x, y, w, h)
    else:
        canvas.card(x, y, w, h, code, None, sub=sub)


def _supply(canvas: Canvas, view: dict[str, Any]) -> None:
    with canvas.panel("supply", 16, 100):
        missions = " ".join(view["missions"]) or "-"
        removed = " ".join(view["removed"]) or "-"
        canvas.text(0, 0, f"Missions: {missions} · deck {view['deck']} · reserve zones {view['reserve']} · "
                    f"shields {view['shields']} · removed {removed}", 13)
        if view["bottom"]:
            canvas.text(0, 18, f"Under the deck: {' '.join(view['bottom'])}", 12, fill=MUTED)


def _zone(canvas: Canvas, zone: dict[str, Any], zl: ZoneLayout, probes: dict[tuple[int, int], list[int]], x: float,
          y: float) -> None:
    """One zone card as it lies: its 3 x 3 cells turned, the number in the centre, the reward space framed."""
    z = zone["zone"]
    at = {cell: n for n, cell in zl.cells.items()}
    with canvas.panel(f"zone zone-{z}", x, y):
        turned = f" ↻{90 * zone['turns']}°" if zone["turns"] else ""
        canvas.text(2, 12, f"{z} {zone['name']}{turned}", 10, weight="bold")
        for r in range(3):
            for c in range(3):
                cx, cy = c * CELL, 18 + r * CELL
                n = at.get((r, c))
                if n is None:
                    canvas.rect(cx, cy, CELL, CELL, fill="#f4f4f4", stroke="#dddddd")
                    if (r, c) == (1, 1):
                        canvas.text(cx + CELL / 2, cy + CELL / 2 + 9, z, 26, anchor="middle", weight="bold",
                                    fill="#808080")
                elif n == 0:
                    _reward(canvas, zone, probes.get((z, 0), []), cx, cy)
                else:
                    _space(canvas, zone, zl, n, probes.get((z, n), []), cx, cy)


def _space(canvas: Canvas, zone: dict[str, Any], zl: ZoneLayout, n: int, probes: list[int], x: float, y: float) -> None:
    """A space: numeral, printed icons, the character on it (owner, strength, marks), the probes on it."""
    ch = zone["spaces"][n - 1] if n - 1 < len(zone["spaces"]) else None
    icons = [(mark, words) for key, mark, words in ICONS if n in getattr(zl, key)]
    title = f"{place(zone['zone'], n)}" + "".join(f" · {words}" for _, words in icons)
    if ch is not None:
        title += f": {ch['card']}" + (f", strength {ch['strength']}" if "strength" in ch else "")
    with canvas.group("space", title):
        canvas.rect(x, y, CELL, CELL, fill="#ffffff", stroke="#9a9a9a")
        canvas.text(x + 3, y + 10, ROMAN[n] if n < len(ROMAN) else n, 9, fill=MUTED)
        if icons:
            canvas.text(x + CELL - 3, y + 10, "".join(mark for mark, _ in icons), 10, anchor="end", fill=MUTED)
        if ch is None:
            canvas.rect(x + 7, y + 13, CELL - 14, 38, stroke="#cccccc", rx=4, dash=True)
        else:
            _card(canvas, x + 7, y + 13, ch["card"], CELL - 14, 38, sub=f"str {ch['strength']}" if "strength" in ch else "")
            canvas.seat_mark(x + 14, y + 20, ch["owner"], r=5)
            flags = ["shield"] * bool(ch.get("shield")) + ["off"] * bool(ch.get("disabled"))
            flags += ["down"] * bool(ch.get("face_down"))
            if flags:
                canvas.text(x + 3, y + CELL - 4, " ".join(flags), 7)
        _probes(canvas, probes, x, y)


def _reward(canvas: Canvas, zone: dict[str, Any], probes: list[int], x: float, y: float) -> None:
    """The framed reward space with every reward card on it (backs where face down and unseen) and its probes."""
    cards = zone["rewards"]
    down = " · face down" if zone.get("rewards_face_down") else ""
    with canvas.group("space reward", f"{place(zone['zone'], 0)}: reward space{down}, {' '.join(cards) or 'empty'}"):
        canvas.rect(x + 1, y + 1, CELL - 2, CELL - 2, fill="#fff8e1", stroke="black", width=2.5, rx=3)
        canvas.text(x + 4, y + 11, "R", 9, weight="bold", fill=MUTED)
        step = 0 if len(cards) < 2 else min(26.0, (CELL - 34) / (len(cards) - 1))
        for k, code in enumerate(cards):
            _card(canvas, x + 5 + k * step, y + 14, code, 24, 32)
        _probes(canvas, probes, x, y)


def _probes(canvas: Canvas, probes: list[int], x: float, y: float) -> None:
    """Every probe on a space, in its owner's shape and colour, from the bottom right corner leftwards."""
    for k, seat in enumerate(probes):
        canvas.seat_mark(x + CELL - 8 - k * 11, y + CELL - 8, seat, r=4.5, kind="probe")


def _legend(canvas: Canvas, y: float) -> None:
    with canvas.panel("legend", 16, y):
        canvas.text(0, 0, "R reward space (framed) · centre: zone number · I–V resolve order · ⚓ space dock · "
                    "⊘ placed face down · ◎ probe icon · ↻ turned clockwise · marks at a space's corner: probes", 11, fill=MUTED)


def _seat_height(side: dict[str, Any]) -> int:
    lines = max(1, -(-len(side["hand"]) // PER_LINE), -(-len(side["discards"]) // PER_LINE))
    return 92 + 50 * (lines - 1)


def _seat(canvas: Canvas, i: int, side: dict[str, Any], y: float, height: int) -> None:
    """A player: ships and probes left, every card of the hand and of the pile."""
    with canvas.panel(f"seat seat-{i}", 16, y):
        canvas.rect(0, 0, WIDTH - 32, height, stroke=MUTED, rx=8)
        canvas.seat_mark(16, 18, i)
        canvas.text(32, 24, f"{side['player']} · {side['ships']} ships · {side['probes']} probes", 13, weight="bold")
        canvas.text(12, 52, "Hand", 11, weight="bold")
        for k, code in enumerate(side["hand"]):
            _card(canvas, 46 + (k % PER_LINE) * 31, 34 + (k // PER_LINE) * 50, code, 29, 44)
        canvas.text(490, 52, "Pile", 11, weight="bold")
        for k, code in enumerate(side["discards"]):
            _card(canvas, 520 + (k % PER_LINE) * 31, 34 + (k // PER_LINE) * 50, code, 29, 44)


def _status(view: dict[str, Any], frame: Frame) -> str:
    return f"{view['phase']} · {frame.mover_text()}"
