"""Planetopia (2-5 players): collect Aliens under gravity, match Prestige patterns, reach 25 points."""

from .rules import RULES

__all__ = ["RULES"]
