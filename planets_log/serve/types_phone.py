"""The API's messages for the board and plain words (docs/phone.md, "In the API"); `types` exports them."""

from __future__ import annotations

import msgspec
from msgspec import Struct


class SpotInfo(Struct, kw_only=True):
    """One thing on the board a move can be about (docs/phone.md): `id` names it in a move's parts."""

    id: str
    label: str
    words: str = ""


class ZoneInfo(Struct, kw_only=True):
    """One row of the board: a seat's area, a planet, a market."""

    id: str
    title: str
    note: str = ""
    spots: list[SpotInfo] = msgspec.field(default_factory=list)


class LayoutInfo(Struct, kw_only=True):
    """The position laid out for a phone, a zone a row, from the caller's own view only."""

    zones: list[ZoneInfo] = msgspec.field(default_factory=list)


class MoveOption(Struct, kw_only=True):
    """A legal move (or a listed outcome) for the board: its notation, its words, the spots to tap in order."""

    text: str
    words: str = ""
    parts: list[SpotInfo] = msgspec.field(default_factory=list)


class LegendLine(Struct, kw_only=True):
    """One kind of line of a game's notation: an example and what it means."""

    example: str
    meaning: str
