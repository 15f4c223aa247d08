"""Planetarium (1-4 players): move Matter and Planets, play Evolution cards, race the Evolution track."""

from .rules import RULES

__all__ = ["RULES"]
