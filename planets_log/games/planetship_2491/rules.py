"""The 2491 Planetship rules object: wires the plug-in boundary's hooks to this package."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from planets_log.game import Chance, Event, Header, Outcomes, Ranking, Rules, ScoreSheet, Stream

from . import apply, chance, check, score, steps, turn, view
from .edition import PlanetshipEdition
from .events import EVENTS
from .options import Options
from .state import State, setup


class Planetship(Rules):
    """2491 Planetship, 2-5 players, 4 rounds."""

    id = "planetship-2491"
    title = "2491 Planetship"
    min_players = 2
    max_players = 5
    rules_version = 2
    rules_versions = (1, 2)
    """Version 2: a hacked character's Ship goes back to its owner's hand with it (Character Abilities > Hacker);
    version 1 left the Ship out until the round's end. A record replays with the version its header names."""
    hidden_information = True
    supports_kept_by = True
    notation_key = ("a card is its number (17) or a starting card as colour and number (R3); a place is "
                    "ZONE.NUMERAL (7.III, 6.R for the reward space); ? is a card the keeper cannot see")
    options_type = Options
    events = EVENTS
    edition_type = PlanetshipEdition
    edition_dir = Path(__file__).parent / "editions"
    rulebook = "planetship-2491.txt"

    def setup(self, header: Header, edition: PlanetshipEdition) -> State:
        """The table before the first chance outcome."""
        return setup(header, edition)

    to_move = staticmethod(turn.to_move)  # the engine asks before every event: no wrapper's frame between

    def legal(self, state: State) -> list[Event]:
        """Exactly the candidates check() accepts."""
        from . import legal

        return legal.legal(state)

    def candidates(self, state: State) -> list[Event]:
        """Plausible actions, illegal ones included."""
        from . import legal

        return legal.candidates(state)

    def chance_outcomes(self, state: State) -> Outcomes:
        """The outcomes possible at this chance point."""
        return chance.outcomes(state)

    check = staticmethod(check.check)  # as to_move: called for every event
    apply = staticmethod(apply.apply)

    def chance(self, state: State, rng: Stream) -> Chance:
        """The seeded outcome at this chance point."""
        return chance.outcome(state, rng)

    def chance_hint(self, state: State) -> str:
        """What to type at a chance point of a table game."""
        return chance.hint(state)

    def owed(self, state: State) -> str | None:
        """What the seat to move does next: places a character, a probe, decides for a character, discards."""
        return steps.owed(state)

    def noop(self, state: State) -> Event | None:
        """The optional step due now, declined: `rotate 0`, `probe -`, `done`."""
        return steps.noop(state)

    def forced(self, state: State) -> Event | None:
        """The only legal move (not in a record kept by one player), or `done` for a Team Radio worth +0."""
        return steps.forced(state)

    def score(self, state: State, seat: int | None = None) -> ScoreSheet:
        """The score sheet (final once the game is over); with a seat, a game in progress as that seat may know it."""
        return score.score(state, seat)

    def rank(self, state: State, totals: list[int]) -> Ranking:
        """Rank totals with the rulebook's tie-breaks."""
        return score.rank(state, totals)

    def round_of(self, state: State) -> int:
        """The round 1..4."""
        return state.round

    def parse(self, text: str, state: State) -> Event:
        """Read a move or outcome in the notation."""
        from . import notation

        return notation.parse(text, state)

    def format(self, event: Event, state: State, seat: int | None = None) -> str:
        """Write an event in the notation; with a seat, hidden cards as '?'."""
        from . import notation

        return notation.format_event(event, state, seat)

    def resample_hidden(self, state: State, seat: int, rng: Stream) -> State:
        """A state `seat` cannot tell apart from this one."""
        from . import hidden

        return hidden.resample(state, seat, rng)

    def missing_reveals(self, state: State) -> list[str]:
        """In a kept record: a zone's '?' cards must be named before it is resolved."""
        if state.phase in ("reveal", "peek", "piles"):
            return [chance.hint(state)]
        return []

    def reveal_due(self, state: State) -> tuple[str, str] | None:
        """A kept record waits for the keeper's probe's card, or the turned piles' discards, before anything else."""
        from . import kept

        return kept.due(state)

    def render(self, state: State, seat: int | None = None) -> str:
        """The table as text."""
        return view.render(state, seat)

    def view(self, state: State, seat: int | None = None) -> Any:
        """The table as JSON-able data."""
        return view.view(state, seat)

    def picture(self, state: State, seat: int | None = None) -> str:
        """The position as SVG, drawn from `view(state, seat)` and the grid's public layout only."""
        from planets_log.game.svg import frame_for

        return self.draw(self.view(state, seat), frame_for(self, state, seat), state)

    def draw(self, data: Any, frame: Any, state: State) -> str:
        """The SVG of a view's data (a seat's, or a spectator's) and its frame; the state only for the grid's layout."""
        from . import picture
        from .board import layout, rows_of
        from .state import info

        grid = layout(info(state.ed).zones, state.grid, rows_of(len(state.players))) if state.grid else {}
        return picture.svg(data, frame, grid)

    def public_scores(self, state: State, seat: int | None = None) -> list[int | None] | None:
        """Before the end a seat knows no total, not even its own: the missions compare every hand."""
        return [s.total for s in self.score(state, seat).scores]
