"""Player's Turn: space docks, adjacency, face-down spaces, probes, the Military Area; per-seat views."""

from __future__ import annotations

import msgspec
import pytest

from .helpers import BLUE, RED, RULES, at, edit, play, refused, state_of, table


def test_place_on_a_dock_then_next_to_your_own():
    """# Zones > Space Docks and Player's Turn, step 1: a dock, or a space next to one of your characters."""
    b = table(2)
    assert refused(b, "R1 0.III").code == "place.unreachable"  # no dock, nothing of red's next to it
    play(b, "R1 0.I")
    assert state_of(b).turn == BLUE and state_of(b).ships == (5, 6)
    assert refused(b, "B1 0.I").code == "place.occupied"
    assert refused(b, "B1 0.III").code == "place.unreachable"  # next to red's character, not blue's
    play(b, "B1 2.I")
    play(b, "R2 0.III")  # next to red's 0.I
    assert at(b, "0.III").down  # the face-down icon


def test_adjacent_across_zones():
    """# Zones > Zone Grid: a space in another zone next to one of yours may be used."""
    b = table(2)
    play(b, "R1 1.I", "B1 2.I", "R2 1.II", "B2 2.II")
    play(b, "R3 3.I")  # Military I (a dock) -> the rotate decision comes first
    assert state_of(b).pending == "rotate"


def test_only_cards_in_hand():
    """# Player's Turn, step 1: the character comes from your hand."""
    b = table(2)
    assert refused(b, "B1 0.I").code == "place.hand"
    assert refused(b, "17 0.I").code == "place.hand"


def test_hangar_has_no_face_down_space():
    """# Zone Special Rules > #2 - Hangar: every card there lies face up."""
    b = table(2)
    play(b, "R1 2.I", "B1 0.I", "R2 2.IV", "probe -", "B2 0.II", "R3 2.II")
    assert not any(at(b, f"2.{n}").down for n in ("I", "II", "IV"))


def test_military_area_rotation_by_its_first_placer():
    """# Zone Special Rules > #3 - Military Area: the first placer may turn it 90 or 180 degrees."""
    b = table(2)
    play(b, "R1 3.I")
    assert refused(b, "B1 0.I").code == "event.kind"
    play(b, "rotate 180")
    s = state_of(b)
    assert dict(s.grid)[3] == 2 and s.turn == BLUE
    play(b, "B1 0.I")
    # a second character in the zone (red's, next to its own) brings no new rotation
    play(b, "R2 " + next(RULES.format(e, state_of(b)).split()[1] for e in RULES.legal(state_of(b))
                         if e.zone == 3))
    assert state_of(b).pending != "rotate"


def test_military_rotation_values():
    """# Zone Special Rules > #3 - Military Area: 90 either way, 180, or no turn."""
    b = table(2)
    play(b, "R1 3.I")
    assert {e.turns for e in RULES.legal(state_of(b))} == {0, 1, 2, 3}


def test_probe_on_this_or_an_adjacent_zone():
    """# Zones > Probes: a probe icon lets you place a probe in this zone or an adjacent one, reward spaces too."""
    b = table(2)
    play(b, "R1 0.I", "B1 2.I", "R2 0.III")
    assert state_of(b).pending == "probe"
    assert refused(b, "probe 5.I").code == "probe.far"
    play(b, "probe 1.R")
    s = state_of(b)
    assert s.probes[0].zone == 1 and s.probes[0].space == 0 and s.probes_left == (5, 6)


def test_probe_may_be_declined():
    """# Zones > Probes: placing a probe is optional."""
    b = table(2)
    play(b, "R1 0.I", "B1 2.I", "R2 0.III", "probe -")
    assert state_of(b).turn == BLUE and state_of(b).probes == ()


def test_no_probe_in_the_hibernation_chamber():
    """# Zone Special Rules > #6 - Hibernation Chamber: no probe on any of its spaces or its reward space."""
    b = table(5)
    play(b, "R1 0.I", "B1 0.II", "Y1 2.I", "G1 2.II", "P1 5.I", "R2 0.III")
    assert state_of(b).pending == "probe"
    assert refused(b, "probe 6.R").code == "probe.hibernation"
    play(b, "probe 0.R")


def test_views_hide_face_down_cards_except_from_owner_and_probes():
    """# Player's Turn and Zones > Probes: a face-down card is seen by its owner and by probes on its space."""
    b = table(2)
    play(b, "R1 0.I", "B1 2.I", "R2 0.III", "probe -")
    red, blue = RULES.view(state_of(b), RED), RULES.view(state_of(b), BLUE)
    zone0 = [z for z in blue["grid"] if z["zone"] == 0][0]
    assert zone0["spaces"][2]["card"] == "?" and "strength" not in zone0["spaces"][2]
    assert [z for z in red["grid"] if z["zone"] == 0][0]["spaces"][2]["card"] == "R2"
    assert blue["seats"][RED]["hand"] == ["?"] * 4 and red["seats"][RED]["hand"] == ["R3", "R4", "R5", "R6"]
    assert "deck_cards" not in blue


def test_probe_owner_sees_the_face_down_reward():
    """# Zones > Probes: a probe's owner may look at face-down cards under it, reward cards included."""
    b = table(2)
    assert [z for z in RULES.view(state_of(b), RED)["grid"] if z["zone"] == 4][0]["rewards"] == ["?"]
    play(b, "R1 2.I", "B1 0.I", "R2 2.IV", "probe 4.R")
    red = [z for z in RULES.view(state_of(b), RED)["grid"] if z["zone"] == 4][0]
    blue = [z for z in RULES.view(state_of(b), BLUE)["grid"] if z["zone"] == 4][0]
    assert red["rewards"] == ["5"] and blue["rewards"] == ["?"]


def test_format_hides_a_face_down_card_from_other_seats():
    """# Player's Turn: the notation as a seat sees it writes another player's face-down card as '?'."""
    b = table(2)
    play(b, "R1 0.I", "B1 2.I")
    event = RULES.parse("R2 0.III", state_of(b))
    assert RULES.format(event, state_of(b), BLUE) == "? 0.III"
    assert RULES.format(event, state_of(b), RED) == "R2 0.III" == RULES.format(event, state_of(b))


def test_a_probe_sees_a_card_placed_face_down_under_it_later():
    """# Zones > Probes: Red's probe on 1.II shows Red the card Blue then places there face down."""
    b = table(2)
    play(b, "R1 0.I", "B1 1.I", "R2 0.III", "probe 1.II")
    event = RULES.parse("B2 1.II", state_of(b))
    assert RULES.format(event, state_of(b), RED) == "B2 1.II"
    play(b, "B2 1.II")
    assert at(b, "1.II").down
    red = [z for z in RULES.view(state_of(b), RED)["grid"] if z["zone"] == 1][0]
    assert red["spaces"][1]["card"] == "B2"


def test_a_seat_render_shows_only_what_the_seat_may_know():
    """Per-seat views: another player's hand, face-down card and provisional score stay hidden."""
    b = table(2)
    play(b, "R1 0.I", "B1 2.I", "R2 0.III", "probe -")
    text = RULES.render(state_of(b), BLUE)
    assert "Red: hand 4 cards" in text and "0.III Red:?" in text and "Score now: Blue" in text
    assert "Score now: Red" not in text and "R2" not in text
    assert "0.III Red:R2" in RULES.render(state_of(b))


def test_a_player_who_cannot_place_is_passed_over():
    """# Player's Turn (a decision): a player with ships but no free dock and no free space next to their own
    characters is passed over; the round ends when nobody can place."""
    from planets_log.games.planetship_2491.state import Char, zone_spec

    b = table(2)
    s = state_of(b)
    zones = list(s.zones)
    for z, _ in s.grid:  # red holds every dock but 0.I
        spec = zone_spec(s, z)
        spaces = [Char(card="21", owner=RED) if n + 1 in spec.docks else None for n in range(spec.size)]
        zones[z] = msgspec.structs.replace(zones[z], spaces=tuple(spaces))
    zones[0] = msgspec.structs.replace(zones[0], spaces=(None,) + zones[0].spaces[1:])
    b = edit(b, zones=tuple(zones), ships=(2, 6))
    play(b, "R6 0.I")
    assert RULES.to_move(state_of(b)) == RED and state_of(b).ships[BLUE] == 6  # blue cannot place: red again
    play(b, "R5 " + next(RULES.format(e, state_of(b)).split()[1] for e in RULES.legal(state_of(b))))
    if state_of(b).pending == "probe":
        play(b, "probe -")
    assert state_of(b).phase != "place" and state_of(b).ships == (0, 6)


def test_random_playouts_reach_every_phase_of_the_game():
    """Self-play reaches the end of round 4 and, over a few seeds, every kind of event but the table-only reveal:
    each ability, the Scanner's bury, Harvests' keep, the Radioactive Area's remove, the discards, the shifts."""
    from planets_log.engine.play import selfplay
    from planets_log.games.planetship_2491.events import EVENTS

    seen = set()
    for n in (2, 5):
        for seed in range(4):
            build = selfplay("planetship-2491", seed, [f"P{i + 1}" for i in range(n)])
            assert build.pos.state.phase == "over" and build.pos.state.round == 4
            seen |= {msgspec.json.decode(line)["type"] for line in build.lines[1:]}
    assert {e.__struct_config__.tag for e in EVENTS} - seen == {"reveal"}


def test_char_at_names_the_empty_space_instead_of_failing_on_none():
    """The rules' `char_at` (a character they know stands there) returns it, and names an empty space plainly."""
    from planets_log.games.planetship_2491.state import char_at

    b = play(table(2), "R1 0.I")
    assert char_at(state_of(b), 0, 1).card == "R1" and char_at(state_of(b), 0, 1).owner == RED
    with pytest.raises(ValueError, match="no character on space 2 of zone 0"):
        char_at(state_of(b), 0, 2)
