"""Four Planets: dispatch spaceships, recruit specialists, pair their symbols (base game)."""

from .rules import FourPlanets

RULES = FourPlanets()

__all__ = ["RULES"]
