"""Countdown: a toy game for testing the core alone (registered only in tests).

A chance `pile` of 5..12 counters is dealt; players alternately take 1–3; whoever takes
the last counter wins.
"""

from __future__ import annotations

from pathlib import Path

import msgspec

from planets_log.record.errors import IllegalEvent, NotationError
from planets_log.record.events import Action, Chance
from planets_log.engine.rules import CHANCE, TERMINAL, Option, Rules
from planets_log.engine.spots import Layout, Spot, Zone
from planets_log.engine.sheet import SeatScore, rank_highest, sheet_of
from planets_log.engine.outcomes import uniform


class Pile(Chance, tag="pile"):
    size: int


class Take(Action, tag="take"):
    n: int


class ToyEdition(msgspec.Struct, frozen=True):
    name: str
    min_pile: int
    max_pile: int


class State(msgspec.Struct, frozen=True):
    players: tuple[str, ...]
    pile: int = -1
    turn: int = 0
    last: int = -1
    max_take: int = 3
    edition: ToyEdition | None = None


class Countdown(Rules):
    id = "countdown"
    title = "Countdown"
    min_players = 2
    max_players = 3
    options = {"max_take": Option(3, "most counters one turn may take", (2, 3, 4))}
    events = (Pile, Take)
    edition_type = ToyEdition
    edition_dir = Path(__file__).parent / "editions"

    def setup(self, header, edition):
        return State(players=tuple(header.players), max_take=header.options.get("max_take", 3), edition=edition)

    def to_move(self, s):
        if s.pile < 0:
            return CHANCE
        if s.pile == 0:
            return TERMINAL
        return s.turn

    def legal(self, s):
        if s.pile < 0:
            return []  # a chance point: its outcomes are chance_outcomes
        return [Take(by=s.turn, n=n) for n in range(1, min(s.max_take, s.pile) + 1)]

    def candidates(self, s):
        return [Take(by=s.turn, n=n) for n in range(0, s.max_take + 2)]

    def chance_outcomes(self, s):
        return uniform([Pile(size=n) for n in range(s.edition.min_pile, s.edition.max_pile + 1)], rule="Setup")

    def check(self, s, e):
        if isinstance(e, Pile):
            if not s.edition.min_pile <= e.size <= s.edition.max_pile:
                raise IllegalEvent("pile.size", f"a pile of {e.size} is not possible", "Setup")
            return
        if not 1 <= e.n <= min(s.max_take, s.pile):
            raise IllegalEvent("take.count", f"{s.players[e.by]} may take 1 to {min(s.max_take, s.pile)}, not {e.n}", "Turn")

    def apply(self, s, e):
        if isinstance(e, Pile):
            return msgspec.structs.replace(s, pile=e.size)
        return msgspec.structs.replace(s, pile=s.pile - e.n, turn=(s.turn + 1) % len(s.players), last=e.by)

    def chance(self, s, rng):
        return Pile(size=s.edition.min_pile + rng.below(s.edition.max_pile - s.edition.min_pile + 1))

    def chance_hint(self, s):
        return f"the pile: 'pile N' with N from {s.edition.min_pile} to {s.edition.max_pile}"

    def score(self, s):
        over = s.pile == 0
        scores = [SeatScore(i, p, int(over and i == s.last), {"last counter": int(over and i == s.last)})
                  for i, p in enumerate(s.players)]
        return sheet_of(scores, self.rank(s, [x.total for x in scores]))

    def rank(self, s, totals):
        return rank_highest(totals, s.pile == 0)

    def parse(self, text, s):
        word, _, arg = text.partition(" ")
        if not arg.strip().isdigit():
            raise NotationError(text, "expected 'take N' or 'pile N'")
        if word == "pile":
            return Pile(size=int(arg))
        if word == "take":
            return Take(by=max(self.to_move(s), 0), n=int(arg))
        raise NotationError(text, "expected 'take N' or 'pile N'")

    def format(self, e, s):
        return f"pile {e.size}" if isinstance(e, Pile) else f"take {e.n}"

    def render(self, s, seat=None):
        return f"pile: {s.pile}; {s.players[s.turn]} to move"

    def view(self, s, seat=None):
        return {"pile": s.pile, "turn": s.turn}

    def words(self, e, s, seat=None):
        if isinstance(e, Pile):
            return f"A pile of {e.size} counters is dealt."
        return f"{s.players[e.by]} takes {e.n} counter{'s' * (e.n != 1)}."

    def legend(self):
        return (("pile 7", "a pile of 7 counters is dealt"), ("take 2", "the player to move takes 2 counters"),
                ("take 1", "the player to move takes one counter"))

    def layout(self, data, s):
        pile = Zone("pile", "The pile", (Spot("pile", f"{max(data['pile'], 0)}", "the pile"),))
        takes = Zone("take", "Take", tuple(Spot(f"take:{n}", str(n), f"take {n}") for n in range(1, s.max_take + 1)))
        return Layout((pile, takes))

    def parts(self, e, s):
        if isinstance(e, Pile):
            return (Spot(f"pile:{e.size}", str(e.size), f"a pile of {e.size}"),)
        return (Spot(f"take:{e.n}", str(e.n), f"take {e.n}"),)


RULES = Countdown()
