"""Planetopia's `Rules`: what the game declares; the core forwards the other hooks to its modules."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from planets_log.game import CHANCE, TERMINAL, Chance, Event, Option, Rules, ScoreSheet

from . import chance, legal, score
from .edition import PlanetopiaEdition
from .events import EVENTS
from .options import Options
from .state import State


class PlanetopiaRules(Rules):
    """Planetopia for 2-5 players."""

    id = "planetopia"
    title = "Planetopia"
    min_players = 2
    max_players = 5
    rules_version = 1
    options = {
        "round_limit": Option(
            0, "safeguard not in the rulebook: the game also ends after this round (0 = no limit, as the rulebook)",
            None, minimum=0),
    }
    selfplay_options = {"round_limit": 60}
    options_type = Options
    events = EVENTS
    edition_type = PlanetopiaEdition
    edition_dir = Path(__file__).parent / "editions"
    hidden_information = True
    rulebook = "planetopia.txt"
    modes = {"2-3 Player Game": "2 or 3 players"}

    modules = __package__

    def to_move(self, state: State) -> int:
        if state.over:
            return TERMINAL
        return CHANCE if state.due else state.turn

    def legal(self, state: State) -> list[Event]:
        if state.over:
            return []
        return [] if state.due else legal.legal_actions(state)  # a chance point's outcomes: chance_outcomes

    def chance(self, state: State, rng: Any) -> Chance:
        return chance.chance(state, rng)

    def chance_hint(self, state: State) -> str:
        hints = {
            "row": f"row PATTERN x{min(len(state.players) + 1, len(state.prestige_deck))} "
                   "(the Prestige cards dealt, left to right)",
            "trail": f"trail CARD x{min(state.config.trail, len(state.cosmos_deck))} "
                     "(the Cosmos cards dealt, left to right)",
            "hand": "hand PLAYER " + " ".join(state.config.hand),
            "refill": "refill CARD (the Cosmos card drawn to the left end of the trail)",
            "reveal": "reveal PATTERN (the Prestige card drawn into the row)",
        }
        return hints.get(state.due, "no chance outcome is due")

    def score(self, state: State, seat: int | None = None) -> ScoreSheet:
        return score.score(state)

    def round_of(self, state: State) -> int:
        return state.round

    def public_scores(self, state: State, seat: int | None = None) -> list[int | None] | None:
        """Prestige points are open information: every seat may know every total."""
        return [s.points for s in state.seats]


RULES = PlanetopiaRules()
