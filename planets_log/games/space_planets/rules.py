"""Space Planets' `Rules`: what the game declares; the core forwards the other hooks to its modules."""

from __future__ import annotations

from pathlib import Path

from planets_log.game import CHANCE, TERMINAL, Event, Option, Rules, ScoreSheet

from . import score
from .edition import SpacePlanetsEdition
from .events import EVENTS
from .options import Options
from .state import State


class SpacePlanets(Rules):
    """The dexterity game of probes and planet cards, with the die's landing as a chance outcome."""

    id = "space-planets"
    title = "Space Planets"
    min_players = 2
    max_players = 4
    rules_version = 1
    options = {
        "first": Option(0, "the starting player, by name or number from 1 (the rulebook has the youngest start)",
                        (0, 1, 2, 3), seat=True),
        "miss_percent": Option(15, "seeded landing model: chance in percent that the die misses the grid",
                               minimum=0, maximum=90),
    }
    options_type = Options
    events = EVENTS
    edition_type = SpacePlanetsEdition
    edition_dir = Path(__file__).parent / "editions"
    rulebook = "space-planets.txt"
    modules = __package__

    def to_move(self, state: State) -> int:
        """The seat to act, CHANCE (deal, landing, refill) or TERMINAL."""
        if state.phase in ("deal", "landing", "refill"):
            return CHANCE
        if state.phase == "over":
            return TERMINAL
        return state.turn

    def round_of(self, state: State) -> int:
        """Rounds start with the first player's turn."""
        return state.round

    def chance_hint(self, state: State) -> str:
        """What to type at a chance point of a table game."""
        if state.phase == "deal":
            return "enter the 9 cards dealt to the grid row by row: 'deal C C C / C C C / C C C'"
        if state.phase == "refill":
            left = " ".join(sorted(set(state.deck)))
            return f"enter the card drawn into space {state.refill}: 'refill {state.refill} CARD' (in the deck: {left})"
        return "enter where the die landed: 'land SPACE FACE', or 'off' if it missed the grid"

    def score(self, state: State, seat: int | None = None) -> ScoreSheet:
        """Stars on planet cards plus one star per two crystals; ties share the win (every seat sees it all)."""
        return score.score(state)

    def format(self, event: Event, state: State, seat: int | None = None) -> str:
        """Write one move or outcome (the same for every seat: nothing is hidden)."""
        from . import notation  # imported when first needed: replay and validate never format

        return notation.format(event, state)


RULES = SpacePlanets()
