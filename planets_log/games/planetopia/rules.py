"""Planetopia's `Rules`: the hooks the core calls, wired to the game's modules."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from planets_log.game import CHANCE, TERMINAL, Chance, Event, Header, Option, Outcomes, Ranking, Rules, ScoreSheet

from . import apply, chance, check, legal, score, view
from .edition import PlanetopiaEdition
from .events import EVENTS
from .options import Options
from .state import State, setup


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

    hidden_information = True

    def setup(self, header: Header, edition: PlanetopiaEdition) -> State:
        """The table before any card is dealt: the piles with the 2-3 player removals made."""
        return setup(header, edition)

    def to_move(self, state: State) -> int:
        if state.over:
            return TERMINAL
        return CHANCE if state.due else state.turn

    def legal(self, state: State) -> list[Event]:
        if state.over:
            return []
        return [] if state.due else legal.legal_actions(state)  # a chance point's outcomes: chance_outcomes

    def candidates(self, state: State) -> list[Event]:
        return legal.candidates(state)

    def chance_outcomes(self, state: State) -> Outcomes:
        return chance.outcomes(state)

    def check(self, state: State, event: Event) -> None:
        check.check(state, event)

    def apply(self, state: State, event: Event) -> State:
        return apply.apply(state, event)

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

    def rank(self, state: State, totals: list[int]) -> Ranking:
        return score.rank(state, totals)

    def round_of(self, state: State) -> int:
        return state.round

    def parse(self, text: str, state: State) -> Event:
        from . import notation  # imported when first needed: replay and validate never parse

        return notation.parse(text, state)

    def format(self, event: Event, state: State, seat: int | None = None) -> str:
        from . import notation

        return notation.format(event, state, seat)

    def resample_hidden(self, state: State, seat: int, rng: Any) -> State:
        """A state `seat` cannot tell from this one (what it has not seen, redrawn)."""
        return view.resample_hidden(state, seat, rng)

    def render(self, state: State, seat: int | None = None) -> str:
        return view.render(state, seat)

    def view(self, state: State, seat: int | None = None) -> dict[str, Any]:
        return view.view(state, seat)

    def picture(self, state: State, seat: int | None = None) -> str:
        """The position as SVG, drawn from `view(state, seat)` only."""
        from planets_log.game.svg import frame_for

        return self.draw(self.view(state, seat), frame_for(self, state, seat), state)

    def draw(self, data: Any, frame: Any, state: State) -> str:
        """The SVG of a view's data (a seat's, or a spectator's) and its frame; the state only for the public layout."""
        from . import picture

        return picture.svg(data, frame)

    def public_scores(self, state: State, seat: int | None = None) -> list[int | None] | None:
        """Prestige points are open information: every seat may know every total."""
        return [s.points for s in state.seats]


RULES = PlanetopiaRules()
