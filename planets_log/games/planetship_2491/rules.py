"""2491 Planetship's `Rules`: what the game declares; the core forwards the other hooks to its modules."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from planets_log.game import Event, Rules, Stream

from . import chance, turn
from .edition import PlanetshipEdition
from .events import EVENTS
from .options import Options
from .state import State


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
    modules = __package__

    to_move = staticmethod(turn.to_move)  # the engine asks before every event: no wrapper's frame between

    def round_of(self, state: State) -> int:
        """The round 1..4."""
        return state.round

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
