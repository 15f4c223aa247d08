"""2491 Planetship: place characters on Planetship Alpha's zones, resolve abilities, win rewards."""

from .rules import Planetship

RULES = Planetship()

__all__ = ["RULES"]
