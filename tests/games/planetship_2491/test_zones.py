"""Zone Special Rules, one test per zone (Hangar, Military Area and Hibernation Chamber are in test_turn)."""

from __future__ import annotations

from planets_log.games.planetship_2491.flow import strength, totals

from .helpers import BLUE, RED, RULES, at, play, refused, scene, state_of, table


def test_senate_characters_cannot_be_hacked():
    """# Zone Special Rules > #0 - Senate: immune to Hacker."""
    b = scene(table(2), {"0.I": ("6", RED), "0.II": ("B6", BLUE)}, zone=0)
    assert refused(b, "hack II").code == "hack.unusable"
    play(b, "shield 0.II")  # the Shield half of the card still works


def test_senate_characters_cannot_be_pulled():
    """# Zone Special Rules > #0 - Senate: immune to Tractor Beam (zone 2 is next to the Senate)."""
    b = scene(table(2), {"2.I": ("R5", RED), "0.I": ("B6", BLUE), "4.I": ("35", BLUE)}, zone=2)
    assert refused(b, "tractor 0.I III").code == "tractor.target"
    play(b, "tractor 4.I III")


def test_leisure_area_space_three_adds_one():
    """# Zone Special Rules > #1 - Leisure Area: +1 strength on space III; red's 3+1 beats blue's 3 on space I."""
    b = scene(table(2), {"1.I": ("35", BLUE), "1.III": ("R6", RED)}, zone=1)
    assert totals(state_of(b), 1) == {BLUE: 3, RED: 4}
    play(b, "done")  # red declines its Scanner
    assert "2" in state_of(b).hands[RED]


def test_prison_lowest_strength_wins():
    """# Zone Special Rules > #4 - Prison: the lowest combined strength wins the reward."""
    b = scene(table(2), {"4.I": ("7", RED), "4.II": ("28", BLUE)}, zone=4)
    assert "5" in state_of(b).hands[BLUE]


def test_prison_tie_goes_to_the_lower_space():
    """# Zone Special Rules > #4 - Prison: tiebreakers as normal."""
    b = scene(table(2), {"4.I": ("28", RED), "4.II": ("15", BLUE)}, zone=4)  # 1 each
    assert "5" in state_of(b).hands[RED]


def test_prison_moves_no_character_and_no_ship():
    """# Zone Special Rules > #4 - Prison: only who wins changes; every character stays on its space, so no Ship
    comes back before Round End #3 (zone 5's Scanner is still to decide)."""
    b = scene(table(2), {"4.I": ("7", RED), "4.II": ("28", BLUE), "5.I": ("2", RED)}, zone=4)
    s = state_of(b)
    assert s.zone == 5 and "5" in s.hands[BLUE] and s.ships == (0, 0)
    assert at(b, "4.I").card == "7" and at(b, "4.II").card == "28"


def test_command_center_adds_one_to_radio_characters_here_and_adjacent():
    """# Zone Special Rules > #5 - Command Center: +1 to a character with a Team Radio icon in zone 5 or
    next to it, even when it cannot use abilities."""
    from planets_log.games.planetship_2491.state import Char

    s = state_of(table(2))  # zone 5 is next to zones 3 and 4
    radio = Char(card="R4", owner=RED)
    assert strength(s, 5, 1, radio) == 3 and strength(s, 3, 1, radio) == 3 and strength(s, 4, 1, radio) == 3
    assert strength(s, 0, 1, radio) == 2
    assert strength(s, 3, 1, Char(card="R4", owner=RED, disabled=True)) == 3
    assert strength(s, 3, 1, Char(card="R6", owner=RED)) == 3  # no radio icon: no bonus


def test_radioactive_area_winner_removes_one_of_theirs():
    """# Zone Special Rules > #7 - Radioactive Area: the winner chooses one of its characters there to remove."""
    b = scene(table(5), {"7.I": ("7", RED), "7.II": ("21", RED), "7.III": ("28", BLUE)}, zone=7)
    s = state_of(b)
    assert s.pending == "remove" and RULES.to_move(s) == RED
    assert refused(b, "remove III").code == "remove.space"
    play(b, "remove II")
    s = state_of(b)
    assert s.removed == ("21",) and "21" not in s.hands[RED] and "7" in s.hands[RED]


def test_radioactive_area_removes_the_character_not_its_ship():
    """# Zone Special Rules > #7 - Radioactive Area: the character goes to the game box; the rule says nothing of
    its Ship, which stays out with the other played Ships until Round End #3 brings them all back (zone 8's
    Scanner is still to decide when the ships are counted)."""
    b = scene(table(5), {"7.I": ("7", RED), "7.II": ("21", RED), "7.III": ("28", BLUE), "8.I": ("2", RED)}, zone=7)
    play(b, "remove II")
    s = state_of(b)
    assert s.removed == ("21",) and s.zone == 8 and s.ships == (0,) * 5


def test_radioactive_area_single_character_is_removed_without_a_choice():
    """# Zone Special Rules > #7 - Radioactive Area: with one character there is nothing to choose."""
    b = scene(table(5), {"7.I": ("7", RED), "7.III": ("28", BLUE)}, zone=7)
    assert state_of(b).removed == ("7",)


def test_observatory_has_one_extra_space():
    """# Zone Special Rules > #8 - Observatory: 5 spaces in the reference edition (the others 3-4)."""
    s = state_of(table(5))
    from planets_log.games.planetship_2491.state import zone_spec

    assert zone_spec(s, 8).size == 5 and max(zone_spec(s, z).size for z in range(8)) == 4


def test_harvests_winner_keeps_one_of_two():
    """# Zone Special Rules > #9 - Harvests: two rewards; the winner keeps one, the other goes under the deck."""
    b = scene(table(5), {"9.I": ("7", RED)}, zone=9)
    s = state_of(b)
    assert s.pending == "keep" and s.zones[9].rewards == ("9", "10")
    assert refused(b, "keep 11").code == "keep.card"
    play(b, "keep 10")
    s = state_of(b)
    assert "10" in s.hands[RED] and s.bottom[-1] == "9"


def test_radioactive_area_without_a_reward_card_takes_nobody():
    """# Zone Special Rules > #7 - Radioactive Area: only a player who wins a Reward card there removes one
    (here the deck ran out before zone 7 got its reward)."""
    b = scene(table(5), {"7.I": ("7", RED), "7.III": ("28", BLUE)}, zone=7, rewards={7: ()})
    s = state_of(b)
    assert s.removed == () and "7" in s.hands[RED]
