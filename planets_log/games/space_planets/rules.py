"""Space Planets' `Rules`: the hooks the core calls, wired to the game's modules."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from planets_log.game import CHANCE, TERMINAL, Chance, Event, Header, Option, Outcomes, Ranking, Rules, ScoreSheet

from . import apply, chance, check, legal, score, view
from .edition import SpacePlanetsEdition
from .events import EVENTS
from .options import Options
from .state import State, setup


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

    # --- setup and turn order -------------------------------------------------
    def setup(self, header: Header, edition: SpacePlanetsEdition) -> State:
        """Crystals handed out, nothing dealt: the grid's deal is the first chance event."""
        return setup(header, edition)

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

    # --- the rules ------------------------------------------------------------
    def legal(self, state: State) -> list[Event]:
        """Every legal action of the seat to move ([] at a chance point: its outcomes are chance_outcomes)."""
        return legal.legal(state)

    def check(self, state: State, event: Event) -> None:
        """Raise IllegalEvent naming the rulebook section the event breaks."""
        check.check(state, event)

    def apply(self, state: State, event: Event) -> State:
        """The next state (pure)."""
        return apply.apply(state, event)

    def chance(self, state: State, rng: Any) -> Chance:
        """The seeded outcome: a shuffled deal, a uniform refill, or the landing model."""
        return chance.outcome(state, rng)

    def chance_outcomes(self, state: State) -> Outcomes:
        """The deal counted; a refill's cards and the landing model listed with their probabilities."""
        return chance.outcomes(state)

    def candidates(self, state: State) -> list[Event]:
        """Plausible actions, illegal ones included (for the conformance suite)."""
        return legal.candidates(state)

    def chance_hint(self, state: State) -> str:
        """What to type at a chance point of a table game."""
        if state.phase == "deal":
            return "enter the 9 cards dealt to the grid row by row: 'deal C C C / C C C / C C C'"
        if state.phase == "refill":
            left = " ".join(sorted(set(state.deck)))
            return f"enter the card drawn into space {state.refill}: 'refill {state.refill} CARD' (in the deck: {left})"
        return "enter where the die landed: 'land SPACE FACE', or 'off' if it missed the grid"

    # --- results and views ----------------------------------------------------
    def score(self, state: State, seat: int | None = None) -> ScoreSheet:
        """Stars on planet cards plus one star per two crystals; ties share the win (every seat sees it all)."""
        return score.score(state)

    def rank(self, state: State, totals: list[int]) -> Ranking:
        """Most stars wins; the rulebook gives no tie-break, so tied players share the win."""
        return score.rank(state, totals)

    def parse(self, text: str, state: State) -> Event | tuple[Event, Event]:
        """Read one move or outcome (see docs/games/space-planets.md)."""
        from . import notation  # imported when first needed: replay and validate never parse

        return notation.parse(text, state)

    def format(self, event: Event, state: State, seat: int | None = None) -> str:
        """Write one move or outcome (the same for every seat: nothing is hidden)."""
        from . import notation

        return notation.format(event, state)

    def render(self, state: State, seat: int | None = None) -> str:
        """The position as text (Space Planets hides nothing but the deck's order)."""
        return view.render(state, seat)

    def view(self, state: State, seat: int | None = None) -> Any:
        """The position as JSON-able data (the same for every seat: nothing is hidden)."""
        return view.view(state, seat)

    def picture(self, state: State, seat: int | None = None) -> str:
        """The position as SVG, drawn from `view(state, seat)` only."""
        from planets_log.game.svg import frame_for

        return self.draw(self.view(state, seat), frame_for(self, state, seat), state)

    def draw(self, data: Any, frame: Any, state: State) -> str:
        """The SVG of a view's data (a seat's, or a spectator's) and its frame; the state only for the public layout."""
        from . import picture

        return picture.svg(data, frame)


RULES = SpacePlanets()
