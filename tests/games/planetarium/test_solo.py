"""Solo Variant: the target score, the dice moving planets, face-down Matter lowering the target, the end."""

from __future__ import annotations

from fractions import Fraction

import pytest

from planets_log.record.errors import PlanetsLogError
from planets_log.engine.play import make_header

from .helpers import GAME, RULES, at, board, edit, give, mat, play, refused, state_of, table


def solo(**where):
    """A solo game where the player has just ended a turn: the dice are due."""
    build = board(table(("Sol",)), G="7.20")
    play(build, "7.20-6.1", "end")
    return board(build, **where)


def test_target_score_option():
    """Solo Variant > Set-Up: the target is 100, or 90 (easier) or 110 (harder)."""
    assert state_of(table(("Sol",))).target == 100
    assert state_of(table(("Sol",), options={"target": 90})).target == 90
    with pytest.raises(PlanetsLogError):
        make_header(GAME, ["Sol"], seed=None, options={"target": 95})


def test_target_score_is_refused_outside_the_solo_variant(tmp_path):
    """Solo Variant: the target score is the solo game's; with 2 players `new` refuses it (exit 2)."""
    from click.testing import CliRunner

    from planets_log.cli.main import cli

    out = tmp_path / "g.jsonl"
    result = CliRunner().invoke(cli, ["new", GAME, str(out), "--player", "Ann", "--player", "Ben",
                                       "--option", "target=90", "--seed", "3"])
    assert result.exit_code == 2, result.output
    assert "option target=90 belongs to the solo variant" in result.output
    assert not out.exists()
    with pytest.raises(PlanetsLogError, match="solo variant"):
        make_header(GAME, ["Ann", "Ben"], seed=None, options={"target": 110})
    make_header(GAME, ["Sol"], seed=None, options={"target": 110})


def test_two_dice_are_rolled_after_each_turn():
    """Solo Variant > Turn Summary: after each turn, roll two dice (36 equally likely outcomes)."""
    build = solo()
    state = state_of(build)
    assert state.phase == "roll"
    listed = RULES.chance_outcomes(state).listed
    assert len(listed) == 36 and sum(p for _, p in listed) == 1 and listed[0][1] == Fraction(1, 36)
    assert refused(build, "roll 0 7").code == "roll.dice"


def test_eight_or_more_moves_no_planet():
    """Solo Variant > Turn Summary: 8+ moves no planet."""
    build = solo(G="2.5")
    before = state_of(build).cells
    play(build, "roll 4 4")
    assert state_of(build).cells == before and state_of(build).phase == "move"


def test_a_planet_sweeps_to_the_first_matter_on_its_orbit_face_down_lowering_the_target():
    """When Dice Move Planets: sweep until a Matter token; collected Matter goes face down, target -2."""
    build = solo(G="2.5 3.9")
    play(build, "roll 1 1")  # 2: only orbits 1-2 move
    state = state_of(build)
    assert at(build, "2.5") == "A" and at(build, "3.9") == "G" and at(build, "3.4") == "B"
    assert state.track == ("x",) and state.target == 98


def test_planets_move_in_order_a_to_d():
    """Solo Variant > Turn Summary: planets on the orbits rolled or lower move, in the order A, B, C, D."""
    build = solo(A="3.1", G="3.3")
    play(build, "roll 2 1")  # 3: A (orbit 3) first takes 3.3; B then finds no Matter on orbit 3
    assert at(build, "3.3") == "A" and at(build, "3.4") == ""
    assert state_of(build).target == 98


def test_with_no_matter_on_its_orbit_a_planet_moves_to_the_neighbour_with_most_matter():
    """When Dice Move Planets: along a thin line onto the adjacent orbit with the most Matter."""
    build = solo(G="1.5 3.7 3.8")
    play(build, "roll 1 1")
    assert at(build, "3.7") == "A" and at(build, "2.1") == ""


def test_a_tie_sends_the_planet_to_the_orbit_closer_to_the_sun():
    """When Dice Move Planets: on a tie, the adjacent orbit closest to the sun."""
    build = solo(G="1.5 3.7")
    play(build, "roll 1 1")
    assert at(build, "1.5") == "A" and at(build, "3.7") == "G"


def test_the_last_space_of_orbit_seven_leads_onto_orbit_six_then_sweeps():
    """When Dice Move Planets (note): planets on the last space of orbit 7 move onto orbit 6, then sweep."""
    build = solo(C="7.5", G="6.7")
    play(build, "roll 3 4")
    assert at(build, "6.7") == "C" and at(build, "7.5") == ""


def test_on_orbit_seven_with_matter_only_on_other_arms_a_planet_moves_forward_one_space():
    """When Dice Move Planets: orbit 7 holds Matter (on another arm), none ahead on C's arm: C cannot sweep onto
    it, so it moves directly forward one space; only from the arm's last space does it go onto orbit 6 (note)."""
    build = solo(C="7.1", G="7.13 6.7")
    play(build, "roll 3 4")
    assert at(build, "7.2") == "C" and at(build, "7.13") == "G"


def test_on_orbit_seven_with_no_matter_at_all_a_planet_takes_a_line_onto_orbit_six():
    """When Dice Move Planets: no Matter on orbit 7, so C goes along a thin line onto orbit 6 and sweeps."""
    build = solo(C="7.1", G="6.7")
    play(build, "roll 3 4")
    assert at(build, "6.7") == "C" and at(build, "7.1") == ""


def test_dice_filling_the_final_space_give_the_player_a_final_turn_then_the_end():
    """Ending the Solo Game: when the final space fills (by the Virtual Player too), play a final turn."""
    build = solo(G="2.2")
    edit(build, track=("x",) * 31)
    play(build, "roll 1 1")
    state = state_of(build)
    assert state.final_reached and state.final_turn and state.phase == "move"
    play(build, "B-3.5", "end")
    assert state_of(build).over


def end_with(points: int):
    build = solo(G="2.2")
    edit(build, track=("x",) * 31, target=100)
    edit(build, seat=0, points=points)
    play(build, "roll 1 1", "B-3.5", "end")
    return RULES.score(state_of(build))


def test_a_score_above_the_target_wins():
    """Ending the Solo Game: a score higher than the target score wins."""
    sheet = end_with(99)  # target 100 - 2 = 98
    assert sheet.outcome == "solo-win" and sheet.winners == [0]
    assert sheet.scores[0].target == 98 and sheet.scores[0].breakdown == {"cards": 99}  # the target is no point
    assert sheet.scores[0].tiebreak == {}  # a solo game is ranked against its target only


def test_a_score_equal_to_or_below_the_target_loses():
    """Ending the Solo Game: only a higher score wins; equal loses."""
    sheet = end_with(98)
    assert sheet.outcome == "solo-loss" and sheet.winners == []


def test_the_player_filling_the_final_space_plays_finals_at_once_and_no_dice_follow():
    """Ending the Solo Game: the player's own Matter on the final space makes this turn final."""
    build = board(table(("Sol",)), G="7.20")
    play(build, "7.20-6.1")
    give(build, 0, "H18", "F1", "F3", "L1", "L2")
    mat(build, 0, B="GRWM")
    edit(build, track=("x",) * 30)
    play(build, "play H18 B")
    assert state_of(build).phase == "final"
    play(build, "end")
    assert state_of(build).over
