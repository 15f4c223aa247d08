"""Four Planets' `Rules`: what the game declares and where Professional Mode branches; the core forwards the
other hooks to its modules."""

from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING, Any

from planets_log.game import Chance, Event, Header, IllegalEvent, Option, Outcomes, Rules, Stream, known_totals

from . import apply, chance, check, professional
from .edition import FourPlanetsEdition
from .events import EVENTS, BonusShown
from .options import Options
from .pro_events import PRO_EVENTS, PRO_TYPES
from .state import State, setup

if TYPE_CHECKING:
    from .campaign import FourPlanetsCampaign


class FourPlanets(Rules):
    """Four Planets, base game, 2 players."""

    id = "four-planets"
    title = "Four Planets"
    min_players = 2
    max_players = 2
    rules_version = 1
    options = {
        "first_game": Option(False, "use the five first-game boost tiles (Setup, step 5)", (False, True)),
        "professional": Option(False, "play with buildings: 4 dealt, 2 kept (Professional Mode)", (False, True),
                               implicit=True),
        "buildings": Option("", "the buildings each seat has, no deal (a campaign game): seat 1's ids / seat 2's",
                            implicit=True),
        "orienter": Option(0, "who turns the start tile, by name or number from 1; random (or 0): at random "
                           "(Mini-Campaign)", minimum=0, maximum=2, implicit=True, seat=True, no_seat="random"),
    }
    options_type = Options
    events = EVENTS + PRO_EVENTS
    supports_kept_by = True
    notation_key = chance.KEY
    edition_type = FourPlanetsEdition
    edition_dir = Path(__file__).parent / "editions"
    hidden_information = True
    rulebook = "four-planets.txt"
    modes = {"Professional Mode": "--option professional=true",
             "Mini-Campaign": "planets-log campaign new four-planets (three professional games)"}
    modules = __package__

    @property
    def campaign(self) -> FourPlanetsCampaign:
        """The mini-campaign's rules (Mini-Campaign), for `planets-log campaign`."""
        from .campaign import FourPlanetsCampaign  # only `planets-log campaign` asks

        return FourPlanetsCampaign()

    def setup(self, header: Header, edition: FourPlanetsEdition) -> State:
        """The table before the first chance event."""
        return professional.setup(setup(header, edition), header.options, edition)

    def edition_name(self, options: dict[str, Any]) -> str:
        """Professional records default to the edition with the buildings."""
        return "professional" if options.get("professional") else "reference"

    def to_move(self, state: State) -> int:
        """The seat to act, CHANCE or TERMINAL."""
        if state.pro is not None:
            mover = professional.to_move(state)
            if mover is not None:
                return mover
        return apply.to_move(state)

    def legal(self, state: State) -> list[Event]:
        """Exactly the actions check() accepts ([] at a chance point: its outcomes are chance_outcomes)."""
        from . import legal  # imported when first needed: replay and validate never list moves

        if state.pro is None:
            return legal.legal(state)
        by = self.to_move(state)
        due = professional.legal(state, by)
        return due if due is not None else legal.legal(state) + professional.extra(state, by)

    def check(self, state: State, event: Event) -> None:
        """Raise IllegalEvent naming the rulebook section the event breaks."""
        if state.pro is None:
            if type(event) in PRO_TYPES:  # a set lookup: isinstance on a tuple of Struct classes costs ~1 µs
                raise IllegalEvent("pro.off", "buildings are played only with option professional=true",
                                   professional.PRO)
            check.check(state, event)
        elif not professional.check(state, event):
            check.check(state, event)

    def apply(self, state: State, event: Event) -> State:
        """The next state (pure)."""
        return apply.apply(state, event) if state.pro is None else professional.apply(state, event)

    def chance(self, state: State, rng: Stream) -> Chance | BonusShown:
        """The seeded outcome at this chance point."""
        if self.reveal_due(state) is not None:  # a kept record (never seeded): any card still possible
            from . import kept

            return rng.choice(kept.observed_outcomes(state))
        if state.pro is not None and state.pro.step is not None:
            return professional.chance(state, rng)
        return chance.outcome(state, rng)

    def chance_outcomes(self, state: State) -> Outcomes:
        """The outcomes possible here; a building chance point's from Professional Mode."""
        if self.reveal_due(state) is not None:
            from planets_log.game import uniform

            from . import kept

            return uniform(kept.observed_outcomes(state), rule=kept.OBSERVATORIUM)  # reveals: Disclosures
        if state.pro is not None and state.pro.step is not None:
            from . import pro_chance

            return pro_chance.outcomes(state)
        return chance.outcomes(state)

    def candidates(self, state: State) -> list[Event]:
        """Plausible actions, illegal ones included: a building step's, or the base game's plus building actions."""
        from . import legal

        if state.pro is None:
            return legal.candidates(state)
        from . import pro_chance

        by = self.to_move(state)
        own = pro_chance.candidates(state, by)
        return own if own is not None else legal.candidates(state) + pro_chance.extra_candidates(state, by)

    def chance_hint(self, state: State) -> str:
        """What to type at a chance point of a table game."""
        due = self.reveal_due(state)
        if due is not None:
            return f"{due[0]} ({due[1]})"
        if state.pro is not None and state.pro.step is not None:
            return professional.hint(state)
        return chance.hint(state)

    def missing_reveals(self, state: State) -> list[str]:
        """In a kept record: the `?` cards the score still needs, with the line that reveals each."""
        from . import kept

        return kept.missing_reveals(state)

    def reveal_due(self, state: State) -> tuple[str, str] | None:
        """In a kept record: the Observatorium's card, which the game waits for before anything else."""
        if state.kept_by is None or state.pro is None or not state.pro.revealed:
            return None
        from . import kept

        return kept.observed_due(state)

    def round_of(self, state: State) -> int:
        """The round 1..5 (a deal between rounds belongs to the round it ends)."""
        return state.round

    def parse(self, text: str, state: State) -> Event:
        """Read a move or outcome in the notation."""
        from . import notation, pro_notation  # imported when first needed, like `legal`

        if pro_notation.claims(text):
            return pro_notation.parse(text, state)
        return notation.parse(text, state)

    def format(self, event: Event, state: State, seat: int | None = None) -> str:
        """Write an event in the notation; with a seat, as that seat sees it (hidden cards as `?`)."""
        from . import notation, pro_notation

        if isinstance(event, PRO_EVENTS):
            return pro_notation.format_event(event, state, seat)
        return notation.format_event(event, state, seat)

    def public_scores(self, state: State, seat: int | None = None) -> list[int | None] | None:
        """A seat may not know the totals before the end: the colour bonus counts and stays secret
        until all of it is revealed for scoring (Setup, step 3; End of Game and Scoring)."""
        if seat is None or state.phase == "over":
            return list(known_totals(self.score(state)))
        return None
