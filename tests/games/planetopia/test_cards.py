"""Cosmos Cards (Raygun, Switch), the starting swaps, and the F.A.Q. on swapping into empty slots."""

from __future__ import annotations

from .helpers import codes, edit, play, refused, seat_of, table


def with_hand(board, *cards, atoms=2):
    return edit(table(), seat=0, board=board, hand=tuple(sorted(cards + ("atom",))), atoms=atoms)


# --- Raygun ---------------------------------------------------------------------------

def test_raygun_recolours_one_alien_for_two_atoms():
    """Cosmos Cards (Raygun): one Alien on the board turns into another colour for 2 Atoms."""
    build = with_hand(("PG", "", ""), "ray", atoms=3)
    play(build, "play ray a2 R")
    assert seat_of(build, 0).board == ("PR", "", "") and seat_of(build, 0).atoms == 1


def test_raygun_needs_two_atoms():
    """Cosmos Cards (Raygun): with 1 Atom the Raygun cannot be used."""
    build = with_hand(("PG", "", ""), "ray", atoms=1)
    err = refused(build, "play ray a2 R")
    assert err.code == "ray.atoms" and "1 Atoms" in err.message
    assert not [c for c in codes(build) if c.startswith("play ray")]


def test_raygun_changes_the_colour():
    """Cosmos Cards (Raygun): the new colour must differ from the old one."""
    assert refused(with_hand(("PG", "", ""), "ray"), "play ray a2 G").code == "ray.colour"


def test_raygun_needs_an_alien():
    """Cosmos Cards (Raygun): an empty slot cannot be recoloured."""
    assert refused(with_hand(("PG", "", ""), "ray"), "play ray b1 G").code == "ray.cell"


def test_raygun_takes_the_new_colour_from_the_supply():
    """Cosmos Cards (Raygun) / F.A.Q.: the token comes from the supply; a colour that ran out cannot be chosen."""
    build = with_hand(("P", "", ""), "ray")
    edit(build, seat=1, board=("RRR", "RRR", "RRR"))
    edit(build, seat=2, board=("RRR", "RRR", "R"))
    assert refused(build, "play ray a1 R").code == "ray.supply"
    play(build, "play ray a1 Y")


# --- Switch and the starting swaps -------------------------------------------------------

def test_switch_swaps_two_diagonal_neighbours():
    """Cosmos Cards (Switch): two Aliens adjacent diagonally trade places."""
    build = with_hand(("PG", "R", ""), "switch")
    play(build, "play switch b1 a2")
    assert seat_of(build, 0).board == ("PR", "G", "")


def test_switch_refuses_non_diagonal_cells():
    """Cosmos Cards (Switch): cells side by side are not a diagonal pair."""
    assert refused(with_hand(("PG", "R", ""), "switch"), "play switch a1 b1").code == "swap.adjacent"


def test_hswap_swaps_horizontal_neighbours():
    """Setup (starting cards): swap two Aliens horizontally."""
    build = with_hand(("PG", "R", ""), "hswap")
    play(build, "play hswap a1 b1")
    assert seat_of(build, 0).board == ("RG", "P", "")
    assert refused(with_hand(("PG", "R", ""), "hswap"), "play hswap a1 a2").code == "swap.adjacent"


def test_vswap_swaps_vertical_neighbours():
    """Setup (starting cards): swap two Aliens vertically."""
    build = with_hand(("PG", "R", ""), "vswap")
    play(build, "play vswap a1 a2")
    assert seat_of(build, 0).board == ("GP", "R", "")
    assert refused(with_hand(("PG", "R", ""), "vswap"), "play vswap a1 b1").code == "swap.adjacent"


def test_swaps_never_move_a_token_into_an_empty_slot():
    """F.A.Q.: the Switch and the starting cards swap two tokens only, never into an empty slot."""
    build = with_hand(("P", "", ""), "switch")
    err = refused(build, "play switch a1 b2")
    assert err.code == "swap.empty" and "b2" in err.message
    assert refused(with_hand(("P", "", ""), "hswap"), "play hswap a1 b1").code == "swap.empty"
    assert refused(with_hand(("P", "", ""), "vswap"), "play vswap a1 a2").code == "swap.empty"


def test_swap_cards_are_unplayable_without_a_pair_of_tokens():
    """F.A.Q.: on an empty board no swap card can be played, so none is listed."""
    build = table()
    assert [c for c in codes(build) if c.startswith("play")] == ["play atom"]


def test_a_joker_can_be_switched_like_an_alien():
    """F.A.Q.: the Joker token on the board is swapped like any Alien token."""
    build = with_hand(("PJ", "R", ""), "switch")
    play(build, "play switch b1 a2")
    assert seat_of(build, 0).board == ("PR", "J", "")


def test_the_raygun_cannot_recolour_a_joker():
    """Special Tokens (Joker): a Joker is no Alien, so the Raygun cannot target it (decision)."""
    assert refused(with_hand(("J", "", ""), "ray"), "play ray a1 R").code == "ray.cell"
