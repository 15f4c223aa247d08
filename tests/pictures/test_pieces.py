"""Every piece the state holds is in the picture: per game, at every position of a fixture, the scorekeeper's SVG
shows each card, token, probe and ship where the state has it (issue 24: a probe on a reward space went undrawn,
and long rows, tracks and piles were cut short)."""

from __future__ import annotations

from collections import Counter
from xml.etree.ElementTree import Element

import pytest

from planets_log.engine.replay import Replay

from tests.support.pictures import FIXTURES, NS, count_class, panels, parse, texts


def states(record: str):
    """Every position of a fixture record: the rules and each state from the start to the end."""
    rep = Replay(str(FIXTURES / record))
    yield rep.session.rules, rep.start.state
    for step in rep.steps():
        yield rep.session.rules, step.after.state


def panel(root: Element, name: str) -> Element:
    """The one top-level panel whose classes include `name`."""
    found = [g for g in root.findall(f"{NS}g") if name in (g.get("class") or "").split()]
    assert len(found) == 1, f"one panel {name}, not {len(found)}"
    return found[0]


def groups(element: Element, cls: str) -> list[Element]:
    """The groups below `element` whose classes include `cls`."""
    return [g for g in element.iter(f"{NS}g") if cls in (g.get("class") or "").split()]


def named(element: Element, cls: str) -> dict[str, Element]:
    """The groups of class `cls` by the name their tooltip starts with (up to ':' or ' ·')."""
    out = {}
    for g in groups(element, cls):
        title = g.find(f"{NS}title")
        assert title is not None and title.text, f"a {cls} without a tooltip"
        out[title.text.split(":")[0].split(" ·")[0]] = g
    return out


def lacking(expected, element: Element) -> Counter:
    """What of `expected` (strings, with repeats) is not among the element's texts."""
    return Counter(expected) - Counter(texts(element))


def marks(element: Element, kind: str, seat: int) -> int:
    """How many seat tokens of this kind (`probe`, or '' for any) and seat lie below the element."""
    want = {f"seat-{seat}", kind} - {""}
    return sum(1 for e in element.iter() if want <= set((e.get("class") or "").split()))


def test_four_planets_draws_every_piece():
    from planets_log.games.four_planets.state import coins_supply

    checked = 0
    for rules, s in states("four-planets/table-game.jsonl"):
        root = parse(rules.picture(s, None))
        assert not lacking(s.bonus, panel(root, "bonus"))
        assert not lacking(s.tiles, panel(root, "supply"))
        for i, planet in enumerate(s.planets):
            g = panel(root, f"planet-{i + 1}")
            assert not lacking(planet.cards, g), f"planet {i + 1}"
            assert [marks(g, "", k) for k in range(2)] == [sum(x.seat == k for x in planet.ships) for k in range(2)]
        for i, seat in enumerate(s.seats):
            g = panel(root, f"seat-{i}")
            columns = [c for col in seat.up + seat.down for c in col]
            assert not lacking(list(seat.hand) + columns, g), f"seat {i}"
            assert all(any(t.id in line for line in texts(g)) for t in seat.tiles)
            assert f"coins {seat.coins} ({seat.coins_used} used)" in " ".join(texts(g)), f"seat {i}'s coins"
        assert f"coins in supply {coins_supply(s)}" in " ".join(texts(panel(root, "supply")))
        checked += 1
    assert checked > 40


def test_space_planets_draws_every_piece():
    for rules, s in states("space-planets/seeded-3p.jsonl"):
        root = parse(rules.picture(s, None))
        assert not lacking([c for c in s.grid if c], panel(root, "grid"))
        supply = " ".join(texts(panel(root, "supply")))
        assert all(c in supply for c in s.removed)
        for i, seat in enumerate(s.seats):
            assert not lacking(seat.cards, panel(root, f"seat-{i}")), f"seat {i}"


@pytest.mark.parametrize("record", ["planetopia/seeded-3p.jsonl", "planetopia/seeded-5p.jsonl"])
def test_planetopia_draws_every_piece(record):
    for rules, s in states(record):
        root = parse(rules.picture(s, None))
        assert count_class(panel(root, "prestige-row"), "card") == len(s.row)
        trail = panel(root, "trail")
        assert count_class(trail, "card") == len(s.trail)
        assert sum(slot.atoms for slot in s.trail) == sum(int(t.split(" · ")[1].split()[0])
                                                          for t in texts(trail) if " Atoms" in t)
        for i, seat in enumerate(s.seats):
            g = panel(root, f"seat-{i}")
            assert count_class(groups(g, "planet")[0], "alien") == sum(len(col) for col in seat.board), f"seat {i}"
            assert len(groups(g, "prestige")) == len(seat.prestige), f"seat {i}: every Prestige card won"
            assert count_class(g, "card") == len(seat.hand) + len(seat.played) + len(seat.prestige), f"seat {i}"


@pytest.mark.parametrize("record", ["planetarium/seeded-3p.jsonl", "planetarium/selfplay-2p.jsonl"])
def test_planetarium_draws_every_piece(record):
    for rules, s in states(record):
        root = parse(rules.picture(s, None))
        spaces = named(panel(root, "board"), "space")
        assert sorted(spaces) == sorted(s.board.names), "every space, labelled"
        tokens = named(panel(root, "tokens"), "token")
        assert sorted(tokens) == sorted(name for name, token in zip(s.board.names, s.cells) if token)
        for name, token in zip(s.board.names, s.cells):
            if token:
                assert token in texts(tokens[name]), f"{token} on {name}"
        track = panel(root, "track")
        assert count_class(track, "matter") == len(s.track)
        assert not lacking(s.track, track)
        rows = panel(root, "planet-rows")
        assert not lacking([p.card for row in s.rows for p in row], rows)
        assert count_class(rows, "marker") == sum(p.marker for row in s.rows for p in row)
        for i, seat in enumerate(s.seats):
            g = panel(root, f"seat-{i}")
            assert count_class(g, "matter") == sum(len(m) for m in seat.mat), f"seat {i}: every Matter on the mat"
            hand = " ".join(t for t in texts(g) if t.startswith("Hand: ")).split()
            assert Counter(seat.hand) <= Counter(hand)
        drawn = " ".join(texts(track))
        assert all(c in drawn for c in s.pending)


@pytest.mark.parametrize("record", ["planetship-2491/seeded-3p.jsonl", "planetship-2491/seeded-5p.jsonl"])
def test_planetship_draws_every_piece(record):
    from planets_log.games.planetship_2491.board import place
    from planets_log.games.planetship_2491.state import deck_size

    probes_on_rewards = 0
    for rules, s in states(record):
        root = parse(rules.picture(s, None))
        for z, _ in s.grid:
            spaces = named(panel(root, f"zone-{z}"), "space")
            assert sorted(spaces) == sorted(place(z, n) for n in range(len(s.zones[z].spaces) + 1))
            for n, ch in enumerate(s.zones[z].spaces, 1):
                if ch is not None:
                    assert ch.card in texts(spaces[place(z, n)]), f"{ch.card} on {place(z, n)}"
            assert not lacking(s.zones[z].rewards, spaces[place(z, 0)])
            for n in range(len(s.zones[z].spaces) + 1):
                for seat in range(len(s.players)):
                    here = sum(p.seat == seat and p.zone == z and p.space == n for p in s.probes)
                    assert marks(spaces[place(z, n)], "probe", seat) == here, f"probes on {place(z, n)}"
            probes_on_rewards += any(p.zone == z and p.space == 0 for p in s.probes)
        for i in range(len(s.players)):
            seat = panel(root, f"seat-{i}")
            assert not lacking(list(s.hands[i]) + list(s.discards[i] if s.discards else ()), seat)
            assert f"{s.ships[i]} ships · {s.probes_left[i]} probes" in " ".join(texts(seat))
        supply = " ".join(texts(panel(root, "supply")))  # the missions, the deck, the reserve, shields, removed
        assert all(m in supply.split() for m in s.missions), supply
        assert f"deck {deck_size(s)} " in supply and f"reserve zones {len(s.reserve)} " in supply, supply
        assert f"shields {s.shields} " in supply and all(c in supply.split() for c in s.removed), supply
    assert probes_on_rewards, "the record has a probe on a reward space (else this test proves less)"
