"""The Boost Tiles: the five VP tiles and the five immediate tiles."""

from __future__ import annotations

from planets_log.engine.rules import CHANCE
from planets_log.games.four_planets.score import tiles_vp
from planets_log.games.four_planets.state import Tile, replace

from .helpers import R, cols, legal_texts, position, refuse, step

ALL = ("bonus1", "bp3", "columns5", "copy", "discount", "look5", "search", "sets5", "thirteen", "vp4")


def science(hand=("B0s", "P1ss"), **seat):
    """Ann plays a purple two-symbol card: the Science ability asks her to take a tile."""
    return step(position({"hand": hand, **seat}, tiles=ALL), "p P1ss -B0s")


def test_tiles_vp4_is_worth_four():
    """The Boost Tiles: 4 VP."""
    assert tiles_vp(position({"tiles": (Tile("vp4"),)}).seats[0]) == 4


def test_tiles_columns5_three_per_column_of_five():
    """The Boost Tiles: 3 VP per own column of 5 or more specialists (face-down ones count)."""
    seat = position({"tiles": (Tile("columns5"),), "up": cols(R=["R0s"] * 3 + ["R1v1s"], G=["G0s"] * 4),
                     "down": cols(R=["B0s"])}).seats[0]
    assert tiles_vp(seat) == 3


def test_tiles_sets5_three_per_set_of_five_colours():
    """The Boost Tiles: 3 VP per own set of 5 specialists in 5 different colours."""
    up = cols(R=["R0s", "R0s"], Y=["Y0s", "Y0s"], G=["G0s"] * 3, P=["P0s", "P0s"], B=["B0s"])
    seat = position({"tiles": (Tile("sets5"),), "up": up, "down": cols(B=["R1v1s"])}).seats[0]
    assert tiles_vp(seat) == 6


def test_tiles_thirteen_worked_example_seventeen_specialists():
    """The Boost Tiles, the example: 17 specialists played (one face down from green) -> 5 VP."""
    up = cols(R=["R0s", "R0s", "R0s", "R1v1s"], Y=["Y0s", "Y0s", "Y0s", "Y1v1s"], G=["G0s", "G0s", "G0s"],
              P=["P0s", "P0s", "P0s"], B=["B0s", "B0s"])
    seat = position({"tiles": (Tile("thirteen"),), "up": up, "down": cols(G=["Y2v3s"])}).seats[0]
    assert sum(len(c) for c in seat.up + seat.down) == 17
    assert tiles_vp(seat) == 5
    assert tiles_vp(replace(seat, down=cols())) == 4


def test_tiles_bp3_two_per_specialist_of_buying_power_three():
    """The Boost Tiles: 2 VP per own specialist with buying power 3 (face-down ones too: bp is on the back)."""
    seat = position({"tiles": (Tile("bp3"),), "up": cols(R=["R2v3s", "R0s"], Y=["Y2v1ss"]),
                     "down": cols(R=["G2v2s", "B1v1s"])}).seats[0]
    assert tiles_vp(seat) == 6


def test_tiles_search_takes_a_card_from_the_discard_pile():
    """The Boost Tiles: search the discard pile and take 1 specialist into hand."""
    s = step(position({"hand": ("B0s", "P1ss")}, tiles=ALL, discard=("R2v3s", "Y0s")), "p P1ss -B0s", "take search")
    assert legal_texts(s) == ["search B0s", "search R2v3s", "search Y0s"]
    refuse(s, "search G0s", "search.card")
    s = step(s, "search R2v3s")
    assert s.seats[0].hand == ("R2v3s",) and s.discard == ("B0s", "Y0s")


def test_tiles_search_with_an_empty_discard_pile_has_no_effect():
    """The Boost Tiles / Specialist Abilities: nothing to search -> no effect."""
    s = step(position({"hand": ("P1ss", "P0s"), "coins": 1}, tiles=ALL), "p P0s", "p P1ss -c", "take search")
    assert s.pending is None


def test_tiles_look5_keeps_one_and_shuffles_the_rest_back():
    """The Boost Tiles: draw the top 5, keep 1 in hand, the other 4 go back into the deck."""
    s = step(position({"hand": ("B0s", "P1ss")}, tiles=ALL), "p P1ss -B0s", "take look5")
    assert R.to_move(s) == CHANCE
    deck = len(s.deck)
    refuse(s, "reveal R0s Y0s G0s", "reveal.count")
    s = step(s, "reveal R2v3s Y0s G0s P2v2s B1v1s")
    assert len(s.deck) == deck - 5
    refuse(s, "keep R0s", "keep.card")
    assert "keep one of bp3 bp1 bp1 bp3 bp2" in R.render(s, 1) and "R2v3s" in R.render(s, 0)
    s = step(s, "keep R2v3s")
    assert s.seats[0].hand == ("R2v3s",) and len(s.deck) == deck - 1 and "P2v2s" in s.deck


def test_tiles_look5_with_a_short_deck_continues_from_the_discard_pile():
    """The Boost Tiles: fewer than 5 in the deck -> the discard pile becomes the deck for the rest."""
    s = step(position({"hand": ("B0s", "P1ss")}, tiles=ALL), "p P1ss -B0s")
    s = replace(s, deck=("R0s", "Y0s"), discard=("B0s", "G0s", "G1v1s", "P0s"))
    s = step(s, "take look5")
    err = refuse(s, "reveal R0s G0s Y0s G1v1s P0s", "reveal.reshuffle")
    assert "first 2 drawn" in err.message
    s = step(s, "reveal Y0s R0s G1v1s G0s P0s", "keep G1v1s")
    assert s.deck == ("B0s", "G0s", "P0s", "R0s", "Y0s") and s.discard == ()


def test_tiles_discount_makes_a_colour_cheaper():
    """The Boost Tiles: attach to a non-empty column; that colour costs 1 less (never below 0)."""
    s = step(position({"hand": ("B0s", "P1ss", "P2v3s", "P1v1s", "P0s")}, tiles=ALL), "p P1ss -B0s", "take discount")
    refuse(s, "discount G", "discount.empty-column")
    assert legal_texts(s) == ["discount P"]
    s = step(s, "discount P")
    assert s.seats[0].tiles == (Tile("discount", colour="P"),)
    refuse(s, "p P2v3s", "play.unpaid")
    s = step(s, "p P1v1s", "p P2v3s -P0s")
    assert s.credit == 0 and s.seats[0].up[3] == ("P1ss", "P1v1s", "P2v3s")


def test_tiles_bonus1_marks_a_colour_bonus_card_for_its_owner_only():
    """The Boost Tiles: +1 VP per own specialist of the marked card's colour; the opponent scores normally."""
    s = step(position({"hand": ("B0s", "P1ss"), "up": cols(R=["R0s", "R0s"])}, {"up": cols(R=["R0s"])},
                      tiles=ALL, bonus=("G0s", "Y0s", "R1v1s", "B0s")), "p P1ss -B0s", "take bonus1")
    refuse(s, "mark 5", "mark.position")
    s = step(s, "mark 3")
    sheet = R.score(s)
    assert sheet.scores[0].breakdown["bonus marks"] == 2
    assert sheet.scores[1].breakdown["bonus marks"] == 0
    assert sheet.scores[0].breakdown["colour bonus"] == 4 and sheet.scores[1].breakdown["colour bonus"] == 2


def test_tiles_copy_a_vp_tile_scores_it_again():
    """The Boost Tiles: copy attaches to another own tile and copies it (a VP tile counts twice)."""
    s = step(science(tiles=(Tile("vp4"),)), "take copy")
    assert legal_texts(s) == ["copy vp4"]
    refuse(s, "copy sets5", "copy.tile")
    s = step(s, "copy vp4")
    assert tiles_vp(s.seats[0]) == 8 and s.pending is None


def test_tiles_copy_discount_may_go_on_another_column():
    """The Boost Tiles: copying the discount tile lets you attach the copy to any non-empty column."""
    s = step(science(tiles=(Tile("discount", colour="G"),), up=cols(G=["G0s"])), "take copy", "copy discount")
    assert legal_texts(s) == ["discount G", "discount P"]
    s = step(s, "discount G")
    assert s.seats[0].tiles[1] == Tile("copy", copies="discount", colour="G")


def test_tiles_copy_bonus1_marks_another_card():
    """The Boost Tiles: copying the colour-bonus tile lets you place the copy on another bonus card."""
    s = step(science(tiles=(Tile("bonus1", position=1),), up=cols(R=["R0s"])), "take copy", "copy bonus1", "mark 2")
    assert s.seats[0].tiles[1] == Tile("copy", copies="bonus1", position=2)


def test_tiles_copy_search_and_look5_act_again():
    """The Boost Tiles: copying an immediate tile (search, look at five) performs it again."""
    s = step(position({"hand": ("B0s", "P1ss"), "tiles": (Tile("search"),)}, tiles=ALL, discard=("Y0s",)),
             "p P1ss -B0s", "take copy", "copy search", "search Y0s")
    assert s.seats[0].hand == ("Y0s",)
    s = step(science(tiles=(Tile("look5"),)), "take copy", "copy look5")
    assert R.to_move(s) == CHANCE and s.pending.tile == "copy"


def test_tiles_copy_without_another_tile_has_no_effect():
    """The Boost Tiles: with no other own tile to attach to, the copy tile does nothing."""
    s = step(science(), "take copy")
    assert s.pending is None and s.seats[0].tiles == (Tile("copy"),)
