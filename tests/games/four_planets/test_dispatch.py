"""1. Dispatch Spaceships."""

from __future__ import annotations

from .helpers import R, legal_texts, planets, position, refuse, run, step, table

SETUP = ("bonus R2v3s Y0s G1v1s B0s", "deal R0s Y0s / G0s P0s / B0s R1v1s / Y1v1s G1v1s",
         "boosts vp4 columns5 sets5 thirteen bp3", "start Ann")


def dispatching():
    return run(table(), *SETUP).pos.state


def test_dispatch_alternates_starting_with_the_spaceship_symbol():
    """Dispatch Spaceships: starting with the spaceship-symbol seat, players alternate."""
    s = dispatching()
    assert R.to_move(s) == 0
    s = step(s, "d1")
    assert R.to_move(s) == 1
    s = step(s, "d2")
    assert R.to_move(s) == 0


def test_dispatch_a_built_up_spaceship_uses_several_parts():
    """Dispatch Spaceships: a ship of several parts is dispatched in one turn."""
    s = step(dispatching(), "d2x3")
    assert s.planets[1].ships[0].parts == 3 and s.seats[0].left == 1


def test_dispatch_only_to_a_planet_without_an_own_ship():
    """Dispatch Spaceships: each planet at most once per round per player (so a ship cannot be built up later)."""
    s = step(dispatching(), "d1", "d2")
    err = refuse(s, "d1", "dispatch.own-ship")
    assert "Ann already has a spaceship at planet 1" in err.message
    assert "d1" not in legal_texts(s)


def test_dispatch_below_an_opponents_ship():
    """Dispatch Spaceships: a later ship goes below the one already there (arrival order)."""
    s = step(dispatching(), "d3", "d3x2")
    assert [(x.seat, x.parts) for x in s.planets[2].ships] == [(0, 1), (1, 2)]


def test_dispatch_parts_must_be_owned_and_planets_exist():
    """Dispatch Spaceships: a ship uses 1..left parts and goes to planet 1..4."""
    s = dispatching()
    refuse(s, "d1x5", "dispatch.parts")
    refuse(s, "d1x0", "dispatch.parts")
    refuse(s, "d5", "dispatch.planet")


def test_dispatch_the_other_player_continues_alone():
    """Dispatch Spaceships: with no parts left, the other dispatches until they have none."""
    s = step(dispatching(), "d1x4", "d1")
    assert R.to_move(s) == 1
    s = step(s, "d2")
    assert R.to_move(s) == 1


def test_dispatch_no_parts_may_be_stranded():
    """Dispatch Spaceships: all parts leave every round, so the last free planet takes them all."""
    ships = planets((["R0s", "Y0s"], [(0, 1)]), (["G0s", "P0s"], [(0, 1)]), (["B0s", "R1v1s"], [(0, 1)]),
                    (["Y1v1s", "G1v1s"], []))
    s = position({"parts": 5, "left": 2}, phase="dispatch", turn=0, planets=ships)
    err = refuse(s, "d4", "dispatch.strand")
    assert "last planet Ann can still visit" in err.message
    assert legal_texts(s) == ["d4x2"]
    s = step(s, "d4x2")
    assert s.phase == "recruit"


def test_dispatch_parts_may_be_split_while_planets_remain():
    """Dispatch Spaceships: with free planets left, any ship size is allowed."""
    ships = planets((["R0s", "Y0s"], [(0, 3)]), (["G0s", "P0s"], []), (["B0s", "R1v1s"], []), (["Y1v1s", "G1v1s"], []))
    s = position({"parts": 5, "left": 2}, phase="dispatch", turn=0, planets=ships)
    assert legal_texts(s) == ["d2", "d2x2", "d3", "d3x2", "d4", "d4x2"]


def test_dispatch_ends_when_every_part_is_out():
    """Dispatch Spaceships then Recruit Specialists: recruiting starts at planet 1."""
    s = step(dispatching(), "d1", "d1", "d2", "d2", "d3", "d3", "d4", "d4")
    assert s.phase == "recruit" and s.cursor == 0
