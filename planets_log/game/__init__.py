"""What a game package imports: the plug-in boundary, the event bases, errors and helpers (the one stable surface)."""

from planets_log.engine import multiset
from planets_log.engine.edition import Edition, load_edition
from planets_log.engine.outcomes import Outcomes, listed, pool_refusal, sampled, uniform
from planets_log.engine.rng import Stream
from planets_log.engine.rules import CHANCE, TERMINAL, Option, Rules
from planets_log.engine.seats import parse_seat, seat_label, seat_words
from planets_log.engine.spots import Layout, Spot, Zone
from planets_log.engine.sheet import (Ranking, ScoreSheet, SeatScore, known_totals, rank_highest, sheet_of,
                                      tiebreaks_of)
from planets_log.record.errors import IllegalEvent, NotationError, PlanetsLogError, UsageError
from planets_log.record.events import UNKNOWN, Action, Chance, Disclosure, Event, Header
from planets_log.record.text import is_number

__all__ = [
    "CHANCE", "TERMINAL", "UNKNOWN", "Action", "Chance", "Disclosure", "Edition", "Event", "Header", "IllegalEvent",
    "Layout",     "NotationError", "Option", "Outcomes", "PlanetsLogError", "Ranking", "Rules", "ScoreSheet", "SeatScore",
    "Stream", "UsageError", "is_number", "known_totals", "listed", "load_edition", "multiset", "parse_seat",
    "pool_refusal", "rank_highest", "sampled", "seat_label", "seat_words", "sheet_of", "tiebreaks_of", "uniform",
    "Spot", "Zone",
]
