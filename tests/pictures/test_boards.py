"""Boards a scorekeeper can map to the notation (issue 24): Planetarium's spaces labelled with their names, its
one-way lines drawn, its Matter in colours that survive colour-blindness; Planetship's zone cards as the 3 x 3
cards they are, turned as they lie, and its probes wherever they are (a reward space too)."""

from __future__ import annotations

import re
from itertools import combinations

import pytest
from click.testing import CliRunner
from coloraide import Color

from planets_log.cli.main import cli

from tests.support.pictures import FIXTURES, NS, panels, parse, position, texts
from .test_pieces import groups, named, panel

PLANETARIUM = "planetarium/seeded-3p.jsonl"
PLANETSHIP = "planetship-2491/seeded-3p.jsonl"
DEFICIENCIES = ("protan", "deutan", "tritan")
APART = 25
"""The least CIEDE2000 distance between two Matter colours, with normal vision and each simulated deficiency."""
FROM_SEATS = 12
"""The least CIEDE2000 distance between a Matter colour and a seat's colour, likewise."""


def test_every_planetarium_space_shows_its_name_and_each_tokens_tooltip_says_where_it_lies():
    rules, pos = position(PLANETARIUM, 40)
    root = parse(rules.picture(pos.state, None))
    spaces, tokens = named(panel(root, "board"), "space"), named(panel(root, "tokens"), "token")
    assert len(spaces) == len(pos.state.board.names) == 98
    for name, token in zip(pos.state.board.names, pos.state.cells):
        assert name in texts(spaces[name]), f"{name} is written beside its space"
        if token:
            tip = tokens[name].find(f"{NS}title").text
            assert tip.startswith(f"{name}: ") and (f"({token})" in tip or f"planet {token}" in tip), tip
    dots = {pos.state.board.names[i] for i in pos.state.board.dots}
    assert {n for n, g in spaces.items() if "white dot" in g.find(f"{NS}title").text} == dots


def _centre(g) -> tuple[float, float]:
    circle = g.find(f"{NS}circle")
    return float(circle.get("cx")), float(circle.get("cy"))


def test_planetarium_draws_each_thin_line_between_its_two_spaces_and_orbit_7_as_four_arms():
    rules, pos = position(PLANETARIUM, 0)
    board = panel(parse(rules.picture(pos.state, None)), "board")
    spaces = named(board, "space")
    drawn = {((float(e.get("x1")), float(e.get("y1"))), (float(e.get("x2")), float(e.get("y2"))))
             for e in board.iter(f"{NS}line") if e.get("class") == "connection"}
    lines = pos.state.edition.board.lines
    assert len(drawn) == len(lines) == 52
    for a, z in lines:
        (ax, ay), (zx, zy) = _centre(spaces[a]), _centre(spaces[z])
        assert any(abs(p[0] - ax) < 0.2 and abs(p[1] - ay) < 0.2 and abs(q[0] - zx) < 0.2 and abs(q[1] - zy) < 0.2
                   for p, q in drawn), f"the line {a}-{z}, from {a} to {z}"
    arcs = [e for e in board.iter(f"{NS}path") if e.get("class") == "orbit"]
    assert len(arcs) == len(pos.state.board.names) - 4, "every step along an orbit, none between orbit 7's arms"


def test_planetarium_no_space_name_covers_an_arrowhead():
    """A name's paper halo would hide the arrow under it: the name moves along its orbit instead."""
    rules, pos = position(PLANETARIUM, 0)
    board = panel(parse(rules.picture(pos.state, None)), "board")
    heads = [[float(n) for n in re.findall(r"-?[\d.]+", e.get("points"))] for e in board.iter(f"{NS}polygon")]
    tips = [(sum(h[0::2]) / 3, sum(h[1::2]) / 3) for h in heads]
    assert len(tips) == 52
    for t in board.iter(f"{NS}text"):
        x, y, half = float(t.get("x")), float(t.get("y")), 2.5 * len(t.text) + 1.5
        on = [(round(a), round(b)) for a, b in tips if x - half <= a <= x + half and y - 8 <= b <= y + 1.5]
        assert not on, f"the name {t.text} lies on the arrowhead at {on}"


def _matter_colours(root) -> dict[str, str]:
    found: dict[str, set[str]] = {}
    for e in root.iter(f"{NS}circle"):
        for cls in (e.get("class") or "").split():
            if cls.startswith("matter-"):
                found.setdefault(cls[7:], set()).add(e.get("fill"))
    assert all(len(fills) == 1 for fills in found.values()), found
    return {letter: fills.pop() for letter, fills in found.items()}


def _seen(hexa: str, deficiency: str | None) -> Color:
    colour = Color(hexa)
    return colour if deficiency is None else colour.filter(deficiency, method="machado")


@pytest.mark.parametrize("record", [PLANETARIUM, "planetarium/seeded-4p.jsonl"])  # every seat colour: 4 players
@pytest.mark.parametrize("deficiency", [None, *DEFICIENCIES])
def test_planetarium_matter_colours_stay_apart_with_colour_blindness(deficiency, record):
    """Machado et al. (2009) simulations at full severity; CIEDE2000 distances."""
    rules, pos = position(record, 1)
    root = parse(rules.picture(pos.state, None))
    matter = _matter_colours(root)
    assert sorted(matter) == ["G", "M", "R", "W"]
    for (a, x), (b, y) in combinations(sorted(matter.items()), 2):
        apart = _seen(x, deficiency).delta_e(_seen(y, deficiency), method="2000")
        assert apart >= APART, f"{a} {x} and {b} {y}: {apart:.1f} apart ({deficiency or 'normal vision'})"
    seats = {e.get("fill") for g in panels(root, "header") for e in g.iter()
             if re.fullmatch(r"seat-\d", e.get("class") or "")}
    assert len(seats) == len(pos.state.players)
    for (a, x), seat in ((m, s) for m in matter.items() for s in seats):
        apart = _seen(x, deficiency).delta_e(_seen(seat, deficiency), method="2000")
        assert apart >= FROM_SEATS, f"{a} {x} and the seat colour {seat}: {apart:.1f} apart"


def test_planetarium_matter_tokens_carry_their_letter():
    rules, pos = position(PLANETARIUM, 1)
    board = panel(parse(rules.picture(pos.state, None)), "tokens")
    tokens = 0
    for g in groups(board, "token"):
        for circle in (e for e in g.iter(f"{NS}circle") if "matter" in (e.get("class") or "")):
            assert circle.get("class").split()[1][7:] in texts(g)
            tokens += 1
    assert tokens == 68, "the 68 Matter tokens are on the board after the opening matter line"


def _cells(root, zone_panel) -> dict[str, tuple[int, int]]:
    """Each space's cell on the whole grid (row, column), from where the picture puts it."""
    from planets_log.games.planetship_2491.picture import CELL, GAP, ZH, ZW

    tx, ty = (float(v) for v in re.findall(r"[\d.]+", zone_panel.get("transform")))
    out = {}
    for name, g in named(zone_panel, "space").items():
        rect = g.find(f"{NS}rect")
        col = round((tx - 16) / (ZW + GAP)) * 3 + round(float(rect.get("x")) / CELL)
        row = round((ty - 130) / (ZH + GAP)) * 3 + round((float(rect.get("y")) - 18) / CELL)
        out[name] = (row, col)
    return out


@pytest.mark.parametrize("record", [PLANETSHIP, "planetship-2491/seeded-4p.jsonl", "planetship-2491/seeded-5p.jsonl"])
def test_planetship_spaces_touch_in_the_picture_exactly_when_the_rules_call_them_adjacent(record):
    from planets_log.games.planetship_2491.board import place
    from planets_log.games.planetship_2491.state import geo

    rules, pos = position(record, 40)
    root = parse(rules.picture(pos.state, None))
    where: dict[str, tuple[int, int]] = {}
    for g in panels(root, "zone"):
        where.update(_cells(root, g))
    assert len(set(where.values())) == len(where), "no two spaces share a cell"
    adjacent = geo(pos.state).adjacent_spaces
    spaces = [s for s in adjacent]
    for a, b in combinations(spaces, 2):
        (ra, ca), (rb, cb) = where[place(*a)], where[place(*b)]
        touching = abs(ra - rb) + abs(ca - cb) == 1
        assert touching == (b in adjacent[a]), f"{place(*a)} and {place(*b)} (Zone Grid)"


def test_planetship_zone_card_shows_its_number_in_the_centre_and_its_printed_icons():
    rules, pos = position(PLANETSHIP, 40)
    root = parse(rules.picture(pos.state, None))
    from planets_log.games.planetship_2491.state import zone_spec

    for z, _ in pos.state.grid:
        g = panel(root, f"zone-{z}")
        assert str(z) in texts(g)
        spec = zone_spec(pos.state, z)
        for name, space in named(g, "space").items():
            numeral = name.split(".")[1]
            tip = space.find(f"{NS}title").text
            n = ["R", "I", "II", "III", "IV", "V"].index(numeral)
            assert ("space dock" in tip) == (n in spec.docks), tip
            assert ("probe icon" in tip) == (n in spec.probes), tip


def test_a_probe_on_a_reward_space_is_drawn_there_and_shown_by_replay():
    lines = (FIXTURES / PLANETSHIP).read_text().splitlines()
    at = next(i for i, line in enumerate(lines) if '"type":"probe"' in line and '"space":0' in line
              and '"zone":null' not in line)
    rules, pos = position(PLANETSHIP, at)
    probe = next(p for p in pos.state.probes if p.space == 0)
    root = parse(rules.picture(pos.state, None))
    reward = named(panel(root, f"zone-{probe.zone}"), "space")[f"{probe.zone}.R"]
    assert sum(1 for e in reward.iter() if {"probe", f"seat-{probe.seat}"} <= set((e.get("class") or "").split())) == 1
    res = CliRunner().invoke(cli, ["replay", str(FIXTURES / PLANETSHIP), "--at", str(at)])
    assert res.exit_code == 0, res.output
    assert f"{pos.state.players[probe.seat]} {probe.zone}.R" in res.output
    for seat in (None, 0):
        assert f"{pos.state.players[probe.seat]} {probe.zone}.R" in rules.render(pos.state, seat)
