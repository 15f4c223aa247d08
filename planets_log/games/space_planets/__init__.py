"""Space Planets: roll the probe onto a 3x3 grid of planet cards, explore, and collect stars."""

from .rules import RULES

__all__ = ["RULES"]
