"""Specialist Abilities: symbol pairs and their five abilities, limits and chains."""

from __future__ import annotations

from planets_log.engine.rules import CHANCE
from planets_log.games.four_planets.state import column_symbols, replace

from .helpers import R, cols, legal_texts, position, refuse, step


def test_abilities_michael_worked_example():
    """Specialist Abilities, Michael's example: green card paid with a bp-1 discard and a coin; the
    green pair draws a card placed face down in blue, which forms a blue pair and moves the marker;
    the bp-3 card left in hand cannot be paid and is kept."""
    michael = {"hand": ("G2v1ss", "P2v3s", "R0s"), "coins": 1, "up": cols(Y=["Y0s"], P=["P0s"], B=["B1v1s"])}
    s = position(michael, bonus=("R0s", "B2v2s", "Y0s", "G0s"))
    s = step(s, "p G2v1ss -R0s -c")
    assert s.seats[0].coins_used == 1 and s.discard == ("R0s",)
    assert R.to_move(s) == CHANCE and s.pending.step == "draw"
    s = step(s, "draw Y1v1s")
    assert legal_texts(s) == ["place Y", "place G", "place P", "place B"]
    assert "1:R0s  2:?bp3" in R.render(s, 0)
    s = step(s, "place B")
    assert s.seats[0].down[4] == ("Y1v1s",) and s.seats[0].moves == 1
    assert "1:R0s  2:B2v2s  3:?bp1" in R.render(s, 0)
    assert [t for t in legal_texts(s) if t.startswith("p ")] == []
    s = step(s, "done keep P2v3s")
    assert s.seats[0].hand == ("P2v3s",)
    assert column_symbols(s.seats[0], 3) == 1 and column_symbols(s.seats[0], 1) == 1


def test_abilities_red_pair_gives_a_spaceship_part_for_later_rounds():
    """Specialist Abilities (Spaceflight): +1 part, usable in the following rounds; 7 at most."""
    s = step(position({"hand": ("R0s",), "up": cols(R=["R0s"])}, {"hand": ()}), "p R0s")
    assert s.seats[0].parts == 5 and s.seats[0].left == 0
    s = step(s, "done", "done", "deal R1v1s Y0s / G0s P0s / B0s R1v1s / Y1v1s G1v1s")
    assert s.seats[0].left == 5
    full = step(position({"hand": ("R0s",), "up": cols(R=["R0s"]), "parts": 7}), "p R0s")
    assert full.seats[0].parts == 7


def test_abilities_yellow_pair_gives_a_coin_usable_at_once():
    """Specialist Abilities (Economy): +1 coin from the supply, usable immediately."""
    s = step(position({"hand": ("G1v1s", "Y1ss")}), "p Y1ss -G1v1s")
    assert s.seats[0].coins == 1
    s2 = step(position({"hand": ("G1v1s", "Y0s"), "up": cols(Y=["Y0s"])}), "p Y0s", "p G1v1s -c")
    assert s2.seats[0].coins_used == 1


def test_abilities_yellow_pair_without_coins_left_has_no_effect():
    """Specialist Abilities: no components of that kind left -> no effect (6 coins in all)."""
    s = step(position({"hand": ("Y0s",), "up": cols(Y=["Y0s"])}, {"coins": 6}), "p Y0s")
    assert s.seats[0].coins == 0


def test_abilities_green_pair_draws_a_card_face_down_into_a_non_empty_column():
    """Specialist Abilities (Botany): draw, then place face down in a column that is not empty."""
    s = step(position({"hand": ("G0s",), "up": cols(G=["G0s"], R=["R0s"])}), "p G0s")
    assert R.to_move(s) == CHANCE
    s = step(s, "draw P2v3s")
    err = refuse(s, "place Y", "place.empty-column")
    assert "yellow" in err.message
    refuse(s, "done", "pending")
    refuse(s, "p R0s", "pending")
    s = step(s, "place R")
    assert s.seats[0].down[0] == ("P2v3s",) and s.seats[0].parts == 5


def test_abilities_face_down_card_counts_one_symbol_of_its_column():
    """Specialist Abilities (Botany): the face-down card is a 1-symbol specialist of its column's colour."""
    s = step(position({"hand": ("G0s",), "up": cols(G=["G0s"], P=["P1ss"])}), "p G0s", "draw R2v1ss", "place P")
    assert column_symbols(s.seats[0], 3) == 3
    assert s.pending is None


def test_abilities_green_chain_draws_again():
    """Specialist Abilities: a pair formed by the face-down card triggers at once, even green again."""
    s = step(position({"hand": ("B0s", "G1ss"), "up": cols(G=["G0s"])}), "p G1ss -B0s", "draw B1v1s", "place G")
    assert s.pending.step == "draw"
    s = step(s, "draw Y0s", "place G")
    assert s.pending is None and column_symbols(s.seats[0], 2) == 5
    assert s.seats[0].down[2] == ("B1v1s", "Y0s")


def test_abilities_green_draw_reforms_the_deck_from_the_discard_pile():
    """Specialist Abilities: the discard pile counts when the deck is used up."""
    s = position({"hand": ("G0s",), "up": cols(G=["G0s"])}, discard=("B0s", "Y0s"))
    s = step(replace(s, deck=()), "p G0s")
    refuse(s, "draw R0s", "draw.card")
    s = step(s, "draw Y0s")
    assert s.deck == ("B0s",) and s.discard == ()


def test_abilities_green_with_no_cards_anywhere_has_no_effect():
    """Specialist Abilities: with deck and discard empty the green pair does nothing."""
    s = position({"hand": ("G0s",), "up": cols(G=["G0s"])})
    s = replace(s, deck=(), discard=())
    s = step(s, "p G0s")
    assert s.pending is None and R.to_move(s) == 0


def test_abilities_purple_pair_takes_a_face_up_boost_tile():
    """Specialist Abilities (Science): take any one face-up boost tile."""
    s = step(position({"hand": ("P1ss", "B0s")}), "p P1ss -B0s")
    assert legal_texts(s) == ["take bp3", "take columns5", "take sets5", "take thirteen", "take vp4"]
    refuse(s, "take copy", "take.tile")
    s = step(s, "take sets5")
    assert s.tiles == ("bp3", "columns5", "thirteen", "vp4") and s.seats[0].tiles[0].id == "sets5"
    none_left = step(position({"hand": ("P1ss", "B0s")}, tiles=()), "p P1ss -B0s")
    assert none_left.pending is None


def test_abilities_blue_pair_moves_the_marker_at_most_three_times():
    """Specialist Abilities (Exploration): the marker moves one card further, at most 3 times."""
    s = step(position({"hand": ("B1ss", "R0s")}, bonus=("R0s", "Y0s", "G0s", "B0s")), "p B1ss -R0s")
    assert s.seats[0].moves == 1 and R.view(s, 0)["bonus"] == ["R0s", "Y0s", "bp1", "bp1"]
    far = step(position({"hand": ("B0s",), "up": cols(B=["B0s"]), "moves": 3}), "p B0s")
    assert far.seats[0].moves == 3
    ben = step(position({}, {"hand": ("B1ss", "R0s")}, turn=1), "p B1ss -R0s")
    assert R.view(ben, 1)["bonus"] == ["bp1", "bp1", "P0s", "B0s"]


def test_abilities_pairs_build_up_across_rounds():
    """Specialist Abilities: one symbol now and one later still form a pair (Michael is '1 symbol short')."""
    s = step(position({"hand": ("Y0s",), "up": cols(Y=["Y0s"])}), "p Y0s")
    assert s.seats[0].coins == 1
    s = step(position({"hand": ("Y0s",), "up": cols(Y=["Y0s", "Y0s"])}), "p Y0s")
    assert s.seats[0].coins == 0


def test_abilities_a_two_symbol_card_forms_a_pair_on_its_own():
    """Specialist Abilities: a few specialists show two symbols and form a pair alone."""
    s = step(position({"hand": ("R1ss", "G0s")}), "p R1ss -G0s")
    assert s.seats[0].parts == 5
