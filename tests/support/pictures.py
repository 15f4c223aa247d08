"""Helpers of the picture tests: positions from fixtures, SVG parsing, the export's data."""

from __future__ import annotations

import base64
import json
import re
import zlib
from pathlib import Path
from xml.etree.ElementTree import Element

from defusedxml import ElementTree

from planets_log.cli.common import position_at
from planets_log.engine.replay import Replay

ROOT = Path(__file__).resolve().parents[2]
FIXTURES = ROOT / "fixtures"
NS = "{http://www.w3.org/2000/svg}"


def position(record: str, seq: int | None = None):
    """The rules and the position after `seq` (or at the end) of a fixture record."""
    rep = Replay(str(FIXTURES / record))
    return rep.session.rules, position_at(rep, seq=seq)


def parse(svg: str) -> Element:
    """The SVG parsed as XML (defusedxml: no entities, no external references)."""
    return ElementTree.fromstring(svg)


def panels(root: Element, name: str) -> list[Element]:
    """The top-level groups whose class starts with `name`."""
    return [g for g in root.findall(f"{NS}g") if (g.get("class") or "").split()[0] == name]


def texts(element: Element) -> list[str]:
    """Every text element's content, in order."""
    return [t.text or "" for t in element.iter(f"{NS}text")]


def count_class(element: Element, cls: str) -> int:
    """How many elements below carry the class `cls`."""
    return sum(1 for e in element.iter() if cls in (e.get("class") or "").split())


def outline(root: Element) -> list[str]:
    """A readable structure of a picture for snapshots: each panel, its cards, backs and texts."""
    out = [f"svg {root.get('viewBox')} title={root.find(f'{NS}title').text!r}"]
    for g in root.findall(f"{NS}g"):
        out.append(f"{g.get('class')}: cards={count_class(g, 'card')} backs={count_class(g, 'card-back')} "
                   f"| {' | '.join(texts(g))}")
    return out


def page_data(html: str) -> dict:
    """The data an exported page carries (base64 of deflated JSON), decoded."""
    match = re.search(r'<script type="application/octet-stream" id="data">([^<]*)</script>', html)
    assert match, "no data block in the page"
    return json.loads(zlib.decompress(base64.b64decode(match.group(1))))
