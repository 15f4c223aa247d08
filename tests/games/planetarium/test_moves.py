"""Making a Move: clockwise one space, Matter never onto/through/over Matter, collisions, sweeps, acceleration."""

from __future__ import annotations

from .helpers import at, board, edit, moves, play, refused, state_of, table


def test_a_token_moves_one_space_clockwise_along_an_orbit():
    """Making a Move > Token Movement: one space, clockwise."""
    build = board(table(), G="3.6")
    play(build, "3.6-3.7")
    assert at(build, "3.6") == "" and at(build, "3.7") == "G"


def test_anticlockwise_or_farther_is_refused():
    """Making a Move > Token Movement: tokens always move clockwise, one space."""
    build = board(table(), G="3.6")
    assert refused(build, "3.6-3.5").code == "move.unreachable"
    assert refused(build, "3.6-3.8").code == "move.unreachable"


def test_a_token_may_follow_a_thin_connecting_line():
    """Making a Move > Token Movement: the thin lines connect the orbits (3.4 leads to 2.4 and 4.5)."""
    build = board(table(), G="3.2", B="3.10")
    edit(build, cells=state_of(build).cells)
    assert "3.10-2.9" in moves(build) and "3.10-4.12" in moves(build)
    play(build, "3.10-4.12")
    assert at(build, "4.12") == "B"


def test_matter_never_moves_onto_matter():
    """Making a Move > Token Movement: Matter cannot move onto another Matter token."""
    build = board(table(), G="3.6", R="3.7")
    err = refused(build, "3.6-3.7")
    assert err.code == "move.matter-on-matter" and err.rule == "Making a Move"


def test_matter_meeting_a_planet_goes_to_the_movers_mat_under_that_planet():
    """Making a Move > Token Movement: Matter moved onto a planet lands on the mover's mat, on that planet."""
    build = board(table(), W="3.3")
    play(build, "3.3-3.4")
    assert at(build, "3.4") == "B" and at(build, "3.3") == ""
    assert state_of(build).seats[0].mat == ("", "W", "", "")


def test_a_planet_moving_onto_matter_collects_it_for_the_mover():
    """Making a Move > Token Movement: a planet moved onto Matter puts it on the mover's mat."""
    build = board(table(), M="3.5")
    play(build, "B-3.5")
    assert at(build, "3.5") == "B" and state_of(build).seats[0].mat == ("", "M", "", "")


def test_a_planet_sweeps_its_orbit_as_far_as_wanted():
    """Making a Move > Special Planet Moves: a planet sweeps along its orbit as far as desired."""
    build = board(table())
    play(build, "3.4-3.12")
    assert at(build, "3.12") == "B"


def test_a_sweep_passes_through_a_planet_but_never_stops_on_it():
    """Making a Move > Special Planet Moves: through another planet, not ending on its space."""
    build = board(table(), A="3.6")
    assert refused(build, "3.4-3.6").code == "move.planet-on-planet"
    play(build, "3.4-3.8")
    assert at(build, "3.8") == "B" and at(build, "3.6") == "A"


def test_a_sweep_stops_at_the_first_matter_and_collects_it():
    """Making a Move > Special Planet Moves: until it moves onto the space of a Matter token."""
    build = board(table(), R="3.9")
    err = refused(build, "3.4-3.10")
    assert err.code == "move.sweep-matter"
    assert "3.4-3.9" in moves(build) and "3.4-3.10" not in moves(build)
    play(build, "3.4-3.9")
    assert state_of(build).seats[0].mat[1] == "R"


def test_matter_moves_one_space_until_the_track_accelerates():
    """Final Stages > Acceleration: two spaces only after a token lies on the acceleration space."""
    build = board(table(), G="3.6")
    assert refused(build, "3.6-3.7-3.8").code == "move.accelerate"
    edit(build, track=("G",) * (state_of(build).edition.track.acceleration - 1))
    assert refused(build, "3.6-3.7-3.8").code == "move.accelerate"
    edit(build, track=("G",) * state_of(build).edition.track.acceleration)
    play(build, "3.6-3.7-3.8")
    assert at(build, "3.8") == "G"


def test_accelerated_matter_never_passes_through_matter_or_a_planet():
    """Final Stages > Acceleration with Making a Move: never through or over Matter; a planet met collects it."""
    build = board(table(), G="3.2 3.3 3.6", R="3.7")
    edit(build, track=("G",) * 20)
    assert refused(build, "3.6-3.7-3.8").code == "move.matter-through"
    assert refused(build, "3.3-3.4-3.5").code == "move.matter-through"
    assert "3.2-3.3-3.4" not in moves(build)


def test_planets_still_move_one_space_after_acceleration():
    """Final Stages > Acceleration: planets are not affected."""
    build = board(table())
    edit(build, track=("G",) * 20)
    assert refused(build, "3.4-2.4-1.4").code == "move.planet-via"


def test_orbit_seven_arms_end_in_a_last_space():
    """Card Requirements > Orbit: orbit 7 is four arms; from an arm's last space only a thin line leads on."""
    build = board(table(), C="7.5")
    assert [m for m in moves(build) if m.startswith("7.5-")] == ["7.5-6.5"]
    assert refused(build, "7.5-7.6").code == "move.unreachable"


def test_the_move_comes_first_and_only_one_token_moves():
    """Turn Summary: move one token, then perhaps play a card."""
    build = board(table(), G="3.6")
    assert refused(build, "end").code == "turn.phase"
    play(build, "3.6-3.7")
    assert refused(build, "3.7-3.8").code == "turn.phase"


def test_an_empty_space_has_nothing_to_move():
    """Making a Move: a move starts from a token."""
    build = board(table())
    assert refused(build, "3.6-3.7").code == "move.empty"
    assert refused(build, "9.1-3.7").code == "move.space"
