"""The WCAG 2.x contrast of every text of an SVG picture against the colour painted behind it.

How it is computed (docs/pictures.md, "Contrast"):
- the SVG is parsed as XML (defusedxml, as the other picture tests); `<defs>`, `<title>` and
  `<desc>` are not painted;
- each text's colour is its `fill` (inherited from its groups), with `opacity` and `fill-opacity` of the text and
  its groups;
- what lies behind a text is every filled shape painted before it whose area holds the text's sample points,
  composited in paint order over white (the page). Circles, ellipses and polygons are hit exactly, rectangles
  without their rounded corners, paths by the box of their coordinates; strokes and lines are not counted (thin);
  a pattern fill counts as each colour it paints, the worst one wins;
- a text with a halo (a stroke at least 2 units wide painted first, `paint-order="stroke"`) is read against its
  halo, since the halo is what touches its letters (WCAG's understanding of 1.4.3 counts a wide outline as
  background);
- a text is also refused where a shape painted after it (at least half opaque) covers one of its sample points;
- the sample points are the middle of the text's first and last character and of the whole text, at half the
  font size above the baseline, with an estimated advance of 0.6 em a character (0.65 bold): a text that runs off
  its disc onto the paper is measured against both;
- the ratio is WCAG 2.x's, of relative luminances (coloraide's `wcag21`); a text needs 4.5:1, or 3:1 when large
  (at least 24 px, or 18.66 px and bold), in the picture's own units.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from functools import lru_cache
from typing import Callable, Iterator
from xml.etree.ElementTree import Element

from coloraide import Color

from tests.support.pictures import parse

NS = "{http://www.w3.org/2000/svg}"
RGB = tuple[float, float, float]
NORMAL, LARGE = 4.5, 3.0
PAPER: RGB = (1.0, 1.0, 1.0)
_INHERITED = ("fill", "font-size", "font-weight", "text-anchor")
_NUMBER = re.compile(r"-?\d+(?:\.\d+)?(?:e-?\d+)?")


@dataclass(frozen=True)
class Measure:
    """One text of a picture, its colour, the worst colour behind it, and their contrast."""

    text: str
    fill: str
    behind: str
    ratio: float
    need: float
    covered: str = ""
    """The colour of a shape painted over the text, hiding some of it ("" where none does)."""

    @property
    def fails(self) -> bool:
        """Under its WCAG AA ratio, or hidden in part."""
        return self.ratio < self.need or bool(self.covered)

    def __str__(self) -> str:
        hidden = f"; covered by a {self.covered} shape painted over it" if self.covered else ""
        return f"{self.text!r} {self.fill} on {self.behind}: {self.ratio:.2f}:1, needs {self.need}:1{hidden}"


@dataclass(frozen=True)
class _Paint:
    """A filled shape as painted: where it is, the colours it paints (a pattern paints several), its opacity."""

    box: tuple[float, float, float, float]
    hit: Callable[[float, float], bool]
    colours: tuple[RGB, ...]
    alpha: float


def measure(svg: str) -> list[Measure]:
    """Every text of the picture with its contrast against what is painted behind it."""
    root = parse(svg)
    patterns = {p.get("id", ""): _pattern_colours(p) for p in root.iter(f"{NS}pattern")}
    painted: list[_Paint] = []
    texts: list[tuple[Element, dict[str, str], float, float, float, int]] = []
    for element, style, (dx, dy), alpha in _walk(root, {}, (0.0, 0.0), 1.0):
        tag = element.tag.removeprefix(NS)
        if tag == "text":
            texts.append((element, style, dx, dy, alpha, len(painted)))
            continue
        paint = _paint(element, tag, style, dx, dy, alpha, patterns)
        if paint is not None:
            painted.append(paint)
    return [_measure(element, style, dx, dy, alpha, painted[:k], painted[k:])
            for element, style, dx, dy, alpha, k in texts]


def failures(svg: str) -> list[Measure]:
    """The texts under their WCAG AA ratio, or covered in part by a shape painted over them."""
    return [m for m in measure(svg) if m.fails]


def _walk(element: Element, style: dict[str, str], at: tuple[float, float],
          alpha: float) -> Iterator[tuple[Element, dict[str, str], tuple[float, float], float]]:
    """Every painted element in paint order, with its inherited style, offset and group opacity."""
    for child in element:
        tag = child.tag.removeprefix(NS)
        if tag in ("defs", "title", "desc", "pattern"):
            continue
        inner = {**style, **{k: v for k in _INHERITED if (v := child.get(k)) is not None}}
        moved = _translate(child.get("transform", ""), at)
        if tag == "g":
            yield from _walk(child, inner, moved, alpha * float(child.get("opacity", 1)))
        else:
            yield child, inner, moved, alpha


def _translate(transform: str, at: tuple[float, float]) -> tuple[float, float]:
    """The offset after a `translate(x,y)` transform (the only kind the pictures use; any other fails loudly)."""
    if not transform:
        return at
    match = re.fullmatch(r"translate\(\s*(-?[\d.]+)[\s,]+(-?[\d.]+)\s*\)", transform.strip())
    assert match, f"a transform the contrast check does not know: {transform}"
    return at[0] + float(match.group(1)), at[1] + float(match.group(2))


@lru_cache(maxsize=None)
def _rgb(value: str) -> tuple[RGB, float]:
    """A CSS colour as sRGB channels and its alpha."""
    c = Color(value).convert("srgb")
    r, g, b = (min(1.0, max(0.0, v)) for v in c.coords())
    return (r, g, b), c.alpha()


def _pattern_colours(pattern: Element) -> tuple[RGB, ...]:
    """Every colour a pattern paints (its shapes' fills and strokes)."""
    found = [e.get(k, "none") for e in pattern.iter() for k in ("fill", "stroke")]
    return tuple(_rgb(v)[0] for v in found if v != "none" and not v.startswith("url("))


def _paint(element: Element, tag: str, style: dict[str, str], dx: float, dy: float, alpha: float,
           patterns: dict[str, tuple[RGB, ...]]) -> _Paint | None:
    """The shape as painted, or None when it fills nothing."""
    fill = element.get("fill", style.get("fill", "black"))
    shape = _shape(element, tag, dx, dy)
    if fill in ("none", "transparent") or shape is None:
        return None
    alpha *= float(element.get("opacity", 1)) * float(element.get("fill-opacity", 1))
    if fill.startswith("url(#"):
        return _Paint(*shape, patterns[fill[5:-1]], alpha)
    rgb, own = _rgb(fill)
    return _Paint(*shape, (rgb,), alpha * own)


Shape = tuple[tuple[float, float, float, float], Callable[[float, float], bool]]


def _shape(element: Element, tag: str, dx: float, dy: float) -> Shape | None:
    """The shape's box and whether a point lies inside it (None for what fills no area)."""
    def f(key: str) -> float:
        return float(element.get(key, 0))

    if tag in ("circle", "ellipse"):
        cx, cy = f("cx") + dx, f("cy") + dy
        rx, ry = (f("r"), f("r")) if tag == "circle" else (f("rx"), f("ry"))
        if rx <= 0 or ry <= 0:
            return None
        return (cx - rx, cy - ry, cx + rx, cy + ry), lambda x, y: ((x - cx) / rx) ** 2 + ((y - cy) / ry) ** 2 <= 1
    if tag == "rect":
        x0, y0 = f("x") + dx, f("y") + dy
        return (x0, y0, x0 + f("width"), y0 + f("height")), lambda x, y: True
    if tag in ("polygon", "path"):
        nums = [float(n) for n in _NUMBER.findall(element.get("points" if tag == "polygon" else "d", ""))]
        points = [(px + dx, py + dy) for px, py in zip(nums[::2], nums[1::2])]
        if not points:
            return None
        xs, ys = [x for x, _ in points], [y for _, y in points]
        return (min(xs), min(ys), max(xs), max(ys)), _inside(points) if tag == "polygon" else lambda x, y: True
    return None


def _inside(points: list[tuple[float, float]]) -> Callable[[float, float], bool]:
    """Point in polygon (even-odd ray casting)."""
    def hit(x: float, y: float) -> bool:
        inside = False
        for (x1, y1), (x2, y2) in zip(points, points[1:] + points[:1]):
            if (y1 > y) != (y2 > y) and x < x1 + (y - y1) * (x2 - x1) / (y2 - y1):
                inside = not inside
        return inside
    return hit


def _samples(element: Element, style: dict[str, str], dx: float, dy: float) -> list[tuple[float, float]]:
    """The middle of the first and the last character and of the whole text, at half its height."""
    size = float(style.get("font-size", 16))
    n = max(1, len(element.text or ""))
    em = 0.65 if style.get("font-weight") == "bold" else 0.6
    width, char = n * em * size, em * size
    x = float(element.get("x", 0)) + dx
    start = {"middle": x - width / 2, "end": x - width}.get(style.get("text-anchor", "start"), x)
    y = float(element.get("y", 0)) + dy - size * 0.35
    return [(start + char / 2, y), (start + width / 2, y), (start + width - char / 2, y)]


def _over(top: RGB, alpha: float, under: RGB) -> RGB:
    """`top` at `alpha` composited over an opaque `under`."""
    r, g, b = (alpha * t + (1 - alpha) * u for t, u in zip(top, under))
    return (r, g, b)


def _inside_of(paint: _Paint, x: float, y: float) -> bool:
    """Whether the point lies in the painted shape."""
    x0, y0, x1, y1 = paint.box
    return x0 <= x <= x1 and y0 <= y <= y1 and paint.hit(x, y)


def _behind(painted: list[_Paint], x: float, y: float) -> list[RGB]:
    """Every colour that may lie behind the point: the shapes holding it composited in order over the paper."""
    colours = [PAPER]
    for paint in painted:
        if _inside_of(paint, x, y):
            colours = [_over(c, paint.alpha, under) for c in paint.colours for under in colours]
    return colours


def _halo(element: Element) -> tuple[RGB, float] | None:
    """The text's halo (an outline at least 2 units wide painted under its letters), as colour and alpha."""
    stroke = element.get("stroke", "none")
    if stroke == "none" or not element.get("paint-order", "").startswith("stroke"):
        return None
    if float(element.get("stroke-width", 1)) < 2:
        return None
    rgb, alpha = _rgb(stroke)
    return rgb, alpha * float(element.get("stroke-opacity", 1))


@lru_cache(maxsize=None)
def _ratio(a: RGB, b: RGB) -> float:
    """WCAG 2.x contrast of two opaque colours."""
    return float(Color("srgb", list(a)).contrast(Color("srgb", list(b)), method="wcag21"))


def _hex(rgb: RGB) -> str:
    """The colour as #rrggbb."""
    return Color("srgb", list(rgb)).to_string(hex=True)


def _measure(element: Element, style: dict[str, str], dx: float, dy: float, alpha: float,
             painted: list[_Paint], over: list[_Paint]) -> Measure:
    """The text's worst contrast over its sample points, and a shape painted over any of them."""
    size = float(style.get("font-size", 16))
    bold = style.get("font-weight") in ("bold", "bolder", "700", "800", "900")
    need = LARGE if size >= 24 or (bold and size >= 18.66) else NORMAL
    ink, own = _rgb(style.get("fill", "black"))
    alpha *= own * float(element.get("opacity", 1)) * float(element.get("fill-opacity", 1))
    worst: tuple[float, str, str] | None = None
    halo = _halo(element)
    samples = _samples(element, style, dx, dy)
    covers = [_hex(p.colours[0]) for p in over if p.alpha >= 0.5 and any(_inside_of(p, x, y) for x, y in samples)]
    for x, y in samples:
        for under in _behind(painted, x, y):
            under = _over(*halo, under) if halo else under
            seen = _over(ink, alpha, under)
            ratio = _ratio(seen, under)
            if worst is None or ratio < worst[0]:
                worst = (ratio, _hex(seen), _hex(under))
    assert worst is not None
    return Measure(element.text or "", worst[1], worst[2], worst[0], need, covers[0] if covers else "")
