"""The drawing kit a game's `render` hook uses for its SVG: palette, seat shapes, text, cards, escaping."""

from planets_log.engine.svg import MUTED, SEAT_COLOURS, Canvas, Frame, colour, frame_for, header, num, shape

__all__ = ["MUTED", "SEAT_COLOURS", "Canvas", "Frame", "colour", "frame_for", "header", "num", "shape"]
