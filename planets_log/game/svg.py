"""The drawing kit a game's `render` hook uses for its SVG: palette, seat shapes, text, cards, escaping."""

from planets_log.engine.svg import MUTED, Canvas, Frame, colour, frame_for, header, shape

__all__ = ["MUTED", "Canvas", "Frame", "colour", "frame_for", "header", "shape"]
