"""The board as the input: what a phone shows of a position (zones of spots) and what each move is about.

A game lays out a view's data as `Zone`s, one row each (a seat, a planet, a market), of `Spot`s (a card, a
space, a pile), and names for every move the spots it is about (`Rules.parts`). A page marks the spots some
legal move is about; each tap keeps the moves about every spot tapped so far, until one is left to confirm.
A part that is on no zone (a die's face, "keep" or "pass") is offered beside the board, under its label."""

from __future__ import annotations

import msgspec


class Spot(msgspec.Struct, frozen=True):
    """One thing on the board a move can be about."""

    id: str
    """Unique on its layout, `kind:name` ("card:G2v1ss", "planet:1", "seat:0", "choice:pass"): a move's parts
    name spots by it."""
    label: str
    """Short, as the component shows it ("G2", "3★")."""
    words: str = ""
    """The spot in plain words ("green 2 with one ship"), for a screen reader and a long press; "" = the label."""


class Zone(msgspec.Struct, frozen=True):
    """One row of the board: a seat's area, a planet, a market, a track."""

    id: str
    title: str
    """In plain words: "Ann's hand", "Planet 3 (Ben leads)"."""
    spots: tuple[Spot, ...] = ()
    note: str = ""
    """What the row says beyond its spots, in words ("4 cards face down", "12 points")."""


class Layout(msgspec.Struct, frozen=True):
    """The position laid out for a phone: a zone a row, drawn in order."""

    zones: tuple[Zone, ...] = ()

    def spot_ids(self) -> set[str]:
        """Every spot's id."""
        return {spot.id for zone in self.zones for spot in zone.spots}
