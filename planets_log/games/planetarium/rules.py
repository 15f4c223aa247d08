"""Planetarium's `Rules`: what the game declares; the core forwards the other hooks to its modules."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from planets_log.game import CHANCE, TERMINAL, Chance, Event, Option, Rules, ScoreSheet, Stream

from . import chance, score
from .edition import PlanetariumEdition
from .events import EVENTS
from .options import PlanetariumOptions
from .state import CHANCE_PHASES, State


class PlanetariumRules(Rules):
    """Planetarium for 2-4 players, and the solo variant for 1."""

    id = "planetarium"
    title = "Planetarium"
    min_players = 1
    max_players = 4
    rules_version = 1
    rules_versions = (1,)
    hidden_information = True
    supports_kept_by = True
    options_type = PlanetariumOptions
    options = {
        "target": Option(100, "solo variant: the starting target score (90 easier, 110 harder)", (90, 100, 110)),
        "round_limit": Option(0, "safeguard not in the rulebook: the game also ends after this many rounds "
                              "(0 = no limit, as the rulebook)", None, minimum=0),
    }
    selfplay_options = {"round_limit": 100}
    events = EVENTS
    edition_type = PlanetariumEdition
    edition_dir = Path(__file__).parent / "editions"
    rulebook = "planetarium.txt"
    modes = {"Solo Variant": "1 player (--option target=N: the starting target score)"}
    modules = __package__

    def options_problem(self, options: dict[str, Any], players: int) -> str | None:
        """The target score belongs to the solo variant only (Solo Variant)."""
        if players > 1 and options.get("target", 100) != 100:
            return (f"option target={options['target']} belongs to the solo variant (Solo Variant); "
                    f"this game has {players} players")
        return None

    def to_move(self, state: State) -> int:
        if state.phase == "over":
            return TERMINAL
        return CHANCE if state.phase in CHANCE_PHASES else state.turn

    def legal(self, state: State) -> list[Event]:
        from . import legal

        if state.phase in CHANCE_PHASES:
            return []  # its outcomes are chance_outcomes
        return legal.legal(state) if state.phase != "over" else []

    def chance(self, state: State, rng: Stream) -> Chance:
        return chance.chance(state, rng)

    # No `seat` parameter on purpose: the engine scores per seat only a game whose `score` takes one
    # (engine/scoring.py reads the signature); Planetarium's points lie face up for everyone.
    def score(self, state: State) -> ScoreSheet:  # type: ignore[override]
        return score.score(state)

    def round_of(self, state: State) -> int:
        return state.turns // len(state.players) + 1

    def draw(self, data: Any, frame: Any, state: State) -> str:
        """The SVG of a view's data (a seat's, or a spectator's) and its frame; the state only for the public layout."""
        from . import picture

        return picture.svg(data, frame, state.board)

    def public_scores(self, state: State, seat: int | None = None) -> list[int | None] | None:
        """Points come from cards played face up: every seat may know every total."""
        totals: list[int | None] = [s.points for s in state.seats]
        return totals


RULES = PlanetariumRules()
