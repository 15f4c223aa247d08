"""The plug-in boundary's contract, for every registered game (docs/adding-a-game.md).

`legal` is exactly the candidates `check` accepts on every position of many seeded
playouts in every configuration a game declares (playouts.py); `apply` never changes its
input; the chance outcomes at every chance point are a distribution that holds what
happened, and seeded draws follow it.
"""

from __future__ import annotations

from collections import Counter
from fractions import Fraction

import msgspec
import pytest

from planets_log.engine.rules import CHANCE
from planets_log.engine.outcomes import possible
from planets_log.engine.registry import get_rules
from planets_log.engine.rng import rng
from tests.support.positions import (
    apply_problem, cases, chi_square_p, games, key, legality_problem, playouts, positions, probe_events,
)

PLAYOUTS = range(6)


@pytest.mark.parametrize("game,config", cases())
def test_legal_is_exactly_the_candidates_check_accepts_on_every_position(game, config):
    rules = get_rules(game)
    seen = probed = 0
    for build in playouts(game, PLAYOUTS, config):
        for i, (state, _) in enumerate(positions(build)):
            if i % config.every:
                continue
            wide = config.probe and i % config.stride == 0 and rules.to_move(state) >= 0
            problem = legality_problem(rules, state, probe_events(config, state) if wide else None)
            assert problem is None, f"{game} {config.id}: {problem}"
            seen += 1
            probed += bool(wide)
    assert seen > 20 // config.every and probed >= bool(config.probe)


@pytest.mark.parametrize("game", games())
def test_apply_never_changes_its_input(game):
    rules = get_rules(game)
    for build in playouts(game, range(2)):
        for state, event in positions(build):
            if event is None:
                continue
            problem = apply_problem(rules, state, event)
            assert problem is None, problem


@pytest.mark.parametrize("game", games())
def test_chance_outcomes_are_a_distribution_holding_what_happened(game):
    rules = get_rules(game)
    for build in playouts(game, range(3)):
        for state, event in positions(build):
            if event is None or rules.to_move(state) != CHANCE:
                continue
            outcomes = rules.chance_outcomes(state)
            if outcomes.listed is not None:
                assert sum(p for _, p in outcomes.listed) == 1
                assert len({key(e) for e, _ in outcomes.listed}) == len(outcomes.listed), "an outcome listed twice"
                for outcome, _ in outcomes.listed:
                    rules.check(state, outcome)
                assert possible(outcomes, event), f"{event!r} happened but is not listed"
            else:
                assert outcomes.count and outcomes.count >= 1 and outcomes.sampler is not None
                drawn = outcomes.sampler(rng(1, "sampler"))
                rules.check(state, drawn)


def first_listed_chance_point(game: str, pick):
    """The first chance point of a seeded playout where `pick(state)` holds."""
    rules = get_rules(game)
    for build in playouts(game, range(4)):
        for state, event in positions(build):
            if event is not None and rules.to_move(state) == CHANCE and pick(rules, state):
                return rules, state
    pytest.fail(f"no such chance point in {game}")


def seeded_draws_follow(rules, state, draws: int = 4000) -> float:
    """The chi-square p-value of `draws` seeded outcomes against the listed distribution."""
    outcomes = rules.chance_outcomes(state).listed
    counts = Counter(key(rules.chance(state, rng(99, f"chi/{i}"))) for i in range(draws))
    assert set(counts) <= {key(e) for e, _ in outcomes}, "a seeded draw that is not listed"
    return chi_square_p([counts[key(e)] for e, _ in outcomes], [float(p * draws) for _, p in outcomes])


def test_seeded_die_follows_the_listed_distribution():
    """Space Planets: the die's landing (a miss, or a space and a face) drawn as listed."""
    rules, state = first_listed_chance_point(
        "space-planets", lambda r, s: s.phase == "landing" and len(r.chance_outcomes(s).listed) > 20)
    assert seeded_draws_follow(rules, state) > 1e-4


def test_seeded_card_follows_the_listed_distribution():
    """Planetopia: a Cosmos card drawn to refill the trail, one per card left in the pile."""
    rules, state = first_listed_chance_point(
        "planetopia", lambda r, s: s.due == "refill" and len(r.chance_outcomes(s).listed) > 3)
    assert seeded_draws_follow(rules, state) > 1e-4


def test_a_non_uniform_seeded_die_is_caught():
    """The chi-square test fails for a die that favours one face."""
    rules, state = first_listed_chance_point(
        "space-planets", lambda r, s: s.phase == "landing" and len(r.chance_outcomes(s).listed) > 20)

    class Loaded(type(rules)):
        def chance(self, s, stream):
            out = super().chance(s, stream)
            if out.face is not None and stream.below(4) == 0:
                return msgspec.structs.replace(out, face=max(s.book.faces))
            return out

    assert seeded_draws_follow(Loaded(), state) < 1e-4


def test_a_pile_lists_each_card_kind_once_with_its_share():
    """Planetopia refill: each kind of card in the pile listed once, with its count over the pile size."""
    rules, state = first_listed_chance_point("planetopia", lambda r, s: s.due == "refill")
    listed = {e.card: p for e, p in rules.chance_outcomes(state).listed}
    pile = Counter(state.cosmos_deck)
    assert listed == {c: Fraction(n, len(state.cosmos_deck)) for c, n in pile.items()}


# --- the suite catches broken games ------------------------------------------------------

@pytest.mark.parametrize("game", ["four-planets", "space-planets", "planetopia"])
def test_a_legal_move_removed_from_legal_is_caught(game):
    rules = get_rules(game)

    class Forgetful(type(rules)):
        def legal(self, state):
            return super().legal(state)[:-1]

    broken = Forgetful()
    problems = (legality_problem(broken, state) for build in playouts(game, range(1)) for state, _ in positions(build))
    assert any(p is not None and "misses" in p for p in problems)


def test_a_mutated_input_in_apply_is_caught():
    from tests.support.toy import RULES as toy

    class Leaky(type(toy)):
        def apply(self, s, e):
            # states are frozen all the way down (test_immutable.py): only a forced write changes one
            msgspec.structs.force_setattr(s.edition, "name", s.edition.name + "!")
            return super().apply(s, e)

    build = next(playouts("countdown", range(1)))
    state, event = list(positions(build))[1]
    # a private copy of the edition: the forced write must not reach the cached one later tests use
    state = msgspec.structs.replace(state, edition=msgspec.structs.replace(state.edition))
    assert "changed its input" in apply_problem(Leaky(), state, event)
    assert not build.session.edition.data.name.endswith("!")


def test_a_legal_move_left_out_of_legal_and_candidates_alike_is_caught_by_the_probe():
    """A game whose `candidates` share `legal`'s blind spot passes the plain check; the game's probe catches it."""
    from tests.support.playouts import configurations

    rules = get_rules("space-planets")
    config = configurations("space-planets")[0]

    class Blind(type(rules)):
        def legal(self, state):
            return [e for e in super().legal(state) if type(e).__name__ != "Collected"]

        def candidates(self, state):
            return [e for e in super().candidates(state) if type(e).__name__ != "Collected"]

    blind, plain, probed = Blind(), [], []
    for state, _ in positions(next(playouts("space-planets", range(1), config))):
        if blind.to_move(state) >= 0:
            plain.append(legality_problem(blind, state))
            probed.append(legality_problem(blind, state, probe_events(config, state)))
    assert plain and all(p is None for p in plain)
    assert any(p is not None and "misses" in p for p in probed)
