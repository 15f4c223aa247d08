"""The hot path's caches (issue 17): a lookup found by identity is never one of another edition or grid."""

from __future__ import annotations

import dataclasses

import msgspec

from planets_log.engine.edition import load_edition
from planets_log.games.planetship_2491.board import geometry, rows_of
from planets_log.games.planetship_2491.state import geo, info, occupant, size, zone_spec
from planets_log.games.planetship_2491.turn import placements

from .helpers import LAYOUT5, RULES, state_of, table

replace = msgspec.structs.replace


def _other_edition():
    """The reference edition with one character's strength and the shields changed: equal shape, other data."""
    ed = load_edition(RULES).data
    first = replace(ed.characters[0], strength=ed.characters[0].strength + 5)
    return ed, replace(ed, characters=(first,) + ed.characters[1:], shields=3)


def test_info_follows_the_edition_asked_for():
    """Two editions asked for in turn: each gets its own cards, never the last one's."""
    ed, other = _other_edition()
    code = ed.characters[0].id
    for _ in range(3):
        assert info(ed).cards[code].strength == ed.characters[0].strength
        assert info(other).cards[code].strength == other.characters[0].strength


def _geometry_of(state):
    """The geometry of the state's grid built afresh, with its edition's cards (what `geo` carries)."""
    made = geometry(info(state.ed).zones, state.grid, rows_of(len(state.players)))
    return dataclasses.replace(made, cards=info(state.ed).cards, power=info(state.ed).power)


def test_geo_follows_the_grid_and_the_players():
    """Zone Grid: the geometry is that of the state's own grid, whatever grid was asked for just before."""
    two, five = state_of(table(2)), state_of(table(5))
    for _ in range(2):
        for state in (two, five):
            assert geo(state) == _geometry_of(state) and list(geo(state).zones()) == sorted(z for z, _ in state.grid)
    turned = replace(five, grid=tuple((z, (t + 1) % 4) for z, t in five.grid))  # an equal grid as a new tuple
    assert geo(turned) == _geometry_of(turned) != geo(five)


def test_geo_carries_the_cards_of_the_state_s_own_edition():
    """Two editions of the same zones share a layout's adjacency, never each other's cards or strengths."""
    ed, other = _other_edition()
    state = state_of(table(2))
    assert state.ed is ed or state.ed == ed
    mine, theirs = state, replace(state, ed=other, grid=tuple(state.grid))  # the same layout, another edition
    code = ed.characters[0].id
    for _ in range(2):
        assert geo(mine).cards[code].strength == ed.characters[0].strength
        assert geo(theirs).cards[code].strength == other.characters[0].strength
        assert geo(theirs).power[code][0] == other.characters[0].strength


def _placements_by_definition(state, seat):
    """Player's Turn, Space Docks: every free space that has a dock or lies next to one of the seat's characters."""
    g = geo(state)
    mine = [(z, s) for z in g.zones() for s in range(1, size(state, z) + 1)
            if (ch := occupant(state, z, s)) is not None and ch.owner == seat]
    near = set().union(*(g.adjacent_spaces[m] for m in mine))
    return [(z, s) for z in g.zones() for s in range(1, size(state, z) + 1)
            if occupant(state, z, s) is None and (s in zone_spec(state, z).docks or (z, s) in near)]


def test_placements_match_the_rule_through_a_round():
    """The lazy neighbour lookup gives exactly the spaces the rule names, for every seat, after every placement."""
    build = table(5, LAYOUT5)
    seen = 0
    while state_of(build).phase == "place" and seen < 40:
        state = state_of(build)
        for seat in range(5):
            assert placements(state, seat) == _placements_by_definition(state, seat)
            assert placements(state, seat, limit=1) == _placements_by_definition(state, seat)[:1]
        build.add(RULES.legal(state)[seen % 7 % len(RULES.legal(state))])  # a different placement each time
        if state_of(build).pending:
            build.add(RULES.legal(state_of(build))[0])  # a probe or a rotation offered: take the first
        seen += 1
    assert seen >= 10


def test_the_fast_questions_answer_as_the_lists_do_through_whole_games():
    """The hot path asks "is there any?" (can_place, first_actor, is_*_target, probe_reaches): each answers as the
    lists legal() and check() read (placements, usable, the *_targets, probe_targets), at every position."""
    from planets_log.engine.play import selfplay
    from planets_log.games.planetship_2491 import turn
    from planets_log.games.planetship_2491.turn import can_place, probe_reaches, probe_targets

    for seed, n in ((1, 2), (2, 3), (3, 5)):
        build = selfplay(RULES.id, seed, [f"P{i}" for i in range(n)])
        for state in _states(build)[::3]:
            if not state.grid:
                continue
            zones = geo(state).zones()
            for seat in range(n):
                assert can_place(state, seat) == bool(placements(state, seat))
            for z in zones:
                for s in range(1, size(state, z) + 1):
                    if occupant(state, z, s) is not None:  # the first from s on that can act is s itself, if it can
                        assert (turn.first_actor(state, z, s, geo(state)) == s) == bool(turn.usable(state, z, s))
                    for here in zones:
                        pulled = (z, s) in turn.tractor_targets(state, here)
                        assert turn.is_tractor_target(state, here, z, s) == pulled
                        assert turn.is_shield_target(state, here, z, s) == ((z, s) in turn.shield_targets(state, here))
                        assert turn.is_teleport_target(state, here, z, s) == \
                            ((z, s) in turn.teleport_targets(state, here))
            for here in zones:
                for z in zones:
                    if z != 6:
                        assert probe_reaches(geo(state), here, z) == any(t[0] == z for t in probe_targets(state, here))


def _states(build):
    """Every state of a built record, in order."""
    from planets_log.record.lines import line_hash

    session = build.session
    pos = session.start(build.lines[0])
    out = []
    for raw in build.lines[1:]:
        pos = session.step(pos, session.decoder.decode(raw), line_hash(raw))
        out.append(pos.state)
    return out
