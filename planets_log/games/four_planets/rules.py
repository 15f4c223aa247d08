"""The Four Planets rules object: wires the hooks of the plug-in boundary to this package."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from planets_log.core.events import Header
from planets_log.core.game import Option, Outcomes, Ranking, Rules, ScoreSheet

from . import apply, chance, check, score, view
from .edition import FourPlanetsEdition
from .events import EVENTS
from .options import Options
from .state import State, setup


class FourPlanets(Rules):
    """Four Planets, base game, 2 players."""

    id = "four-planets"
    title = "Four Planets"
    min_players = 2
    max_players = 2
    rules_version = 1
    options = {
        "first_game": Option(False, "use the five first-game boost tiles (Setup, step 5)", (False, True)),
    }
    options_type = Options
    events = EVENTS
    edition_type = FourPlanetsEdition
    edition_dir = Path(__file__).parent / "editions"
    hidden_information = True
    rulebook = "four-planets.txt"

    def setup(self, header: Header, edition: FourPlanetsEdition) -> State:
        """The table before the first chance event."""
        return setup(header, edition, bool(header.options.get("first_game", False)))

    def to_move(self, state: State) -> int:
        """The seat to act, CHANCE or TERMINAL."""
        return apply.to_move(state)

    def legal(self, state: State) -> list:
        """Exactly the actions check() accepts (chance: only the start tile's two outcomes)."""
        from . import legal  # imported when first needed: replay and validate never list moves

        return legal.legal(state)

    def check(self, state: State, event) -> None:
        """Raise IllegalEvent naming the rulebook section the event breaks."""
        check.check(state, event)

    def apply(self, state: State, event) -> State:
        """The next state (pure)."""
        return apply.apply(state, event)

    def chance(self, state: State, rng) -> Any:
        """The seeded outcome at this chance point."""
        return chance.outcome(state, rng)

    def chance_outcomes(self, state: State) -> Outcomes:
        """The outcomes possible here with their probabilities (or their count and a sampler)."""
        return chance.outcomes(state)

    def candidates(self, state: State) -> list:
        """Plausible actions, illegal ones included (for the conformance suite)."""
        from . import legal

        return legal.candidates(state)

    def chance_hint(self, state: State) -> str:
        """What to type at a chance point of a table game."""
        return chance.hint(state)

    def score(self, state: State) -> ScoreSheet:
        """The score sheet (final once the game is over)."""
        return score.score(state)

    def rank(self, state: State, totals: list[int]) -> Ranking:
        """Rank totals (after adjustments) with the colour-bonus tie-break."""
        return score.rank(state, totals)

    def round_of(self, state: State) -> int:
        """The round 1..5 (a deal between rounds belongs to the round it ends)."""
        return state.round

    def parse(self, text: str, state: State):
        """Read a move or outcome in the notation."""
        from . import notation  # imported when first needed, like `legal`

        return notation.parse(text, state)

    def format(self, event, state: State) -> str:
        """Write an event in the notation."""
        from . import notation

        return notation.format_event(event, state)

    def resample_hidden(self, state: State, seat: int, rng) -> State:
        """A state `seat` cannot tell from this one (what it has not seen, redrawn)."""
        return view.resample_hidden(state, seat, rng)

    def render(self, state: State, seat: int | None = None) -> str:
        """The table as text."""
        return view.render(state, seat)

    def view(self, state: State, seat: int | None = None) -> Any:
        """The table as JSON-able data."""
        return view.view(state, seat)
