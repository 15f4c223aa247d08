"""The rulebook's printed examples, as scenario tests on a 5-player table (LAYOUT5)."""

from __future__ import annotations

from planets_log.games.planetship_2491.flow import totals, zone_winner

from .helpers import GREEN, PINK, RED, YELLOW, at, play, refused, scene, state_of, table


def test_hacker_then_scanner_in_zone_6():
    """# Character Abilities > Hacker, Scanner: red hacks pink's III, green scans; red wins the tie on space I."""
    b = scene(table(5), {"6.I": ("13", RED), "6.II": ("G6", GREEN), "6.III": ("P6", PINK)}, zone=6)
    assert state_of(b).cursor == 1 and at(b, "6.III").down is False  # revealed before abilities
    play(b, "hack III")
    assert at(b, "6.III") is None and "P6" in state_of(b).hands[PINK]
    assert totals(state_of(b), 6) == {RED: 3, GREEN: 3}
    play(b, "scan", "draw 20")
    assert state_of(b).zones[6].rewards == ("6", "20")
    play(b, "bury 6")
    s = state_of(b)
    assert s.bottom[0] == "6" and "20" in s.hands[RED] and s.zone != 6


def test_tractor_beam_from_zone_4_into_zone_2_tie_at_5():
    """# Character Abilities > Tractor Beam: yellow pulls red's 5 from zone 4; tied at 5, yellow wins on space I."""
    b = scene(table(5), {"2.I": ("Y5", YELLOW), "2.III": ("Y6", YELLOW), "4.III": ("19", RED)}, zone=2)
    play(b, "tractor 4.III II")
    s = state_of(b)
    assert at(b, "2.II").card == "19" and at(b, "2.II").disabled and at(b, "4.III") is None
    assert totals(s, 2) == {YELLOW: 5, RED: 5} and zone_winner(s, 2) == YELLOW


def test_a_tractored_character_uses_no_ability():
    """# Character Abilities > Tractor Beam: the pulled hacker is skipped when its space comes."""
    b = scene(table(5), {"2.I": ("Y5", YELLOW), "2.III": ("Y6", YELLOW), "4.III": ("19", RED)}, zone=2)
    play(b, "tractor 4.III II")
    # II (red's hacker) is skipped; III (yellow's scanner) is next
    assert state_of(b).cursor == 3


def test_shield_protects_from_tractor_beam():
    """# Character Abilities > Shield: yellow shields its character in zone 8; green cannot pull it."""
    b = scene(table(5), {"2.I": ("Y2", YELLOW), "2.II": ("G5", GREEN), "8.III": ("Y6", YELLOW)}, zone=2)
    play(b, "shield 8.III")
    assert at(b, "8.III").shield and state_of(b).shields == 9
    err = refused(b, "tractor 8.III III")
    assert err.code == "tractor.unusable"  # nothing unshielded left to pull


def test_team_radio_plus_three():
    """# Character Abilities > Team Radio: +1 each for friends in zone 2 and in zones 0 and 1: 3 becomes 6."""
    chars = {"2.I": ("Y1", YELLOW), "2.II": ("17", YELLOW), "2.III": ("35", GREEN), "2.IV": ("21", GREEN),
             "0.I": ("Y2", YELLOW), "1.I": ("Y3", YELLOW), "6.I": ("Y6", YELLOW)}
    b = scene(table(5), chars, zone=2)
    play(b, "done")  # Y1's Hacker is declined
    assert state_of(b).cursor == 2 and totals(state_of(b), 2) == {YELLOW: 3, GREEN: 5}
    play(b, "radio")  # Y6 in zone 6 is not adjacent to zone 2 and does not count
    assert "3" in state_of(b).hands[YELLOW]  # 6 beats green's 5


def test_team_radio_bonus_ends_with_its_zone():
    """# Character Abilities > Team Radio: the bonus lasts until the zone is resolved, then is gone."""
    chars = {"2.I": ("Y1", YELLOW), "2.II": ("17", YELLOW), "2.III": ("35", GREEN), "0.I": ("Y2", YELLOW),
             "8.I": ("G2", GREEN)}
    b = scene(table(5), chars, zone=2)
    play(b, "done", "radio")
    assert state_of(b).zone == 8 and all(ch is None or ch.radio == 0 for ch in state_of(b).zones[2].spaces)


def test_teleport_before_the_hack():
    """# Character Abilities > Teleport: yellow leaves for 8.IV before green's hacker acts, and uses nothing more."""
    b = scene(table(5), {"2.I": ("10", YELLOW), "2.II": ("G1", GREEN), "9.I": ("G2", GREEN)}, zone=2)
    play(b, "teleport 8.IV")
    assert at(b, "2.I") is None and at(b, "8.IV").card == "10" and at(b, "8.IV").disabled
    s = state_of(b)
    # green's hacker has no target left, so zone 2 is decided: green alone; zone 8 goes to yellow
    assert s.zone == 9 and "3" in s.hands[GREEN] and "8" in s.hands[YELLOW]


def test_tie_at_two_goes_to_the_lower_space():
    """# Round End > #2 - Gaining Reward Cards: green (I) and red (II) tie at 2; green wins."""
    b = scene(table(5), {"6.I": ("21", GREEN), "6.II": ("R4", RED)}, zone=6)
    play(b, "done")
    assert "6" in state_of(b).hands[GREEN]
