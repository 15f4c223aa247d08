"""planets-log: event-sourced record and replay for five planet-themed tabletop games."""

__version__ = "0.1.0"
