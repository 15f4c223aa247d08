"""Professional Mode for the conformance hooks: the building chance points' outcomes and plausible building actions.

`outcomes` lists what a building chance point (the deal, a take-card building's card) can
give and how likely each is; `candidates` and `extra_candidates` widen `professional.legal`
and `professional.extra` with actions `check` must refuse, so a suite can test that the
legal actions are exactly the candidates `check` accepts.
"""

from __future__ import annotations

from collections import Counter
from fractions import Fraction
from itertools import combinations
from math import perm

from planets_log.game import Chance, Event, Outcomes, pool_refusal

from . import pro_events as P
from .buildings import entry
from .chance import not_due
from .professional import HAND, KEEP, PRO, chance, due
from .state import State, pro_of


def outcomes(state: State) -> Outcomes:
    """The outcomes of the building chance point due: the ordered deal (counted), or a card of the colour (listed)."""
    pro = pro_of(state)
    if pro.step == "deal":
        return Outcomes(count=perm(len(pro.pool), 2 * HAND), sampler=lambda rng: chance(state, rng), rule=PRO,
                        admit=lambda e: _dealt_from(pro.pool, e))
    building = pro.cards[0][1]
    colour = entry(pro, building).colour
    found = Counter(c for c in state.deck if c[0] == colour)
    total = sum(found.values())
    return Outcomes(listed=tuple((P.BuildingCard(building=building, card=card), Fraction(n, total))
                                 for card, n in sorted(found.items())), rule=PRO)


def _dealt_from(pool: tuple[str, ...], e: Chance) -> str | None:
    """Why `e` cannot be the building deal from `pool`, or None."""
    if not isinstance(e, P.BuildingsDealt):
        return not_due(e)
    return pool_refusal(pool, e.buildings, "the buildings", 2 * HAND)


def candidates(state: State, by: int) -> list[Event] | None:
    """Plausible building actions while a building step is due (None: the base game's turn)."""
    kind = due(state)
    if kind is None:
        return None
    if kind is P.BuildingsChosen:
        pro = pro_of(state)
        dealt = pro.dealt[by]
        stranger = tuple(b for b in pro.pool + pro.dealt[1 - by] if b not in dealt)[:1]
        pairs = list(combinations(dealt + stranger, KEEP)) + [(b,) for b in dealt[:1]] + [(b, b) for b in dealt[:1]]
        return [P.BuildingsChosen(by=by, buildings=pair) for pair in pairs]
    if kind is P.SideChosen:
        return [P.SideChosen(by=by, side=side) for side in ("left", "right", "middle")]
    if kind is P.Oriented:
        return [P.Oriented(by=by, seat=seat) for seat in (0, 1, 2)]
    return []


def extra_candidates(state: State, by: int) -> list[Event]:
    """Plausible building actions beside the base game's: every tile stored, every building used, owned or not."""
    if state.phase != "play" or by != state.turn:
        return []
    pro = pro_of(state)
    owned = pro.owned[by]
    stranger = tuple(b.id for b in pro.catalogue if b.id not in owned)[:1]
    tiles = sorted(set(state.tiles) | set(state.tile_pool))
    return ([P.BoostStored(by=by, tile=t) for t in tiles]
            + [P.BuildingUsed(by=by, building=b) for b in owned + stranger])
