"""Prestige Cards: pattern matching, which tokens a combo removes, the row's refill, the points."""

from __future__ import annotations

from planets_log.games.planetopia import board as bd

from .helpers import codes, edit, play, refused, seat_of, state_of, table


def combos(build):
    return [c for c in codes(build) if c.startswith("combo")]


def test_pattern_is_matched_cell_by_cell_over_the_grid():
    """Prestige Cards: the pattern must be in the same cells of the 3x3 grid (decision: no shifting)."""
    build = edit(table(), seat=0, board=("R", "G", "B"))
    assert combos(build) == ["combo .../.../RGB"]
    shifted = edit(table(), seat=0, board=("", "R", "G"))
    assert combos(shifted) == []


def test_mirrored_or_shifted_pattern_does_not_match():
    """Prestige Cards: a pattern shown mirrored or in another column is no match (decision)."""
    build = edit(table(), seat=0, board=("B", "G", "R"))
    err = refused(build, "combo .../.../RGB")
    assert err.code == "combo.pattern" and "a1 holds B, the card needs R" in err.message


def test_white_circles_take_any_alien_but_must_be_filled():
    """Prestige Cards: a white circle is matched by an Alien of any colour, not by an empty slot."""
    build = edit(table(), seat=0, board=("Y", "GR", "P"))
    assert "combo .../.R./oGo" in combos(build)
    empty = edit(table(), seat=0, board=("", "GR", "P"))
    assert "a1 is empty" in refused(empty, "combo .../.R./oGo").message


def test_cells_outside_the_pattern_may_hold_anything():
    """Prestige Cards: the slots a card leaves blank may be empty or hold any token (decision)."""
    build = edit(table(), seat=0, board=("RYY", "GP", "BJ"))
    assert "combo .../.../RGB" in combos(build)


def test_combo_discards_the_pattern_tokens_and_the_rest_fall():
    """Prestige Cards / F.A.Q.: the tokens on the pattern's cells (colours and circles) go; the others fall."""
    build = edit(table(), seat=0, board=("YPB", "GRY", "P"))
    play(build, "combo .../.R./oGo")
    assert seat_of(build, 0).board == ("PB", "Y", "")


def test_combo_takes_the_card_and_its_points():
    """Prestige Cards: the card is kept face up in front of the player and its points count."""
    build = edit(table(), seat=0, board=("R", "G", "B"))
    play(build, "combo .../.../RGB")
    seat = seat_of(build, 0)
    assert seat.prestige == (".../.../RGB",) and seat.points == 3
    assert ".../.../RGB" not in state_of(build).row


def test_the_row_is_refilled_into_the_gap():
    """Prestige Cards: a new card from the pile fills the gap in the row (decision: the rulebook is silent)."""
    build = edit(table(), seat=0, board=("R", "G", "B"))
    play(build, "combo .../.../RGB")
    assert state_of(build).due == "reveal"
    play(build, "reveal .../Y.B/YoB")
    assert state_of(build).row == (".../Y.B/YoB", ".../.R./oGo", ".../B../Bo.", ".../.P./RPG")


def test_the_row_shrinks_when_the_pile_is_empty():
    """Prestige Cards: with an empty pile no card is drawn; the row gets shorter."""
    build = edit(table(), seat=0, board=("R", "G", "B"))
    edit(build, prestige_deck=())
    play(build, "combo .../.../RGB")
    assert state_of(build).due == "" and len(state_of(build).row) == 3


def test_only_cards_in_the_row_can_be_taken():
    """Turn of Play (combo): the Prestige card must be one of the row."""
    build = edit(table(), seat=0, board=("R", "G", "B"))
    assert refused(build, "combo .../Y.B/YoB").code == "combo.row"


def test_combo_is_the_optional_action():
    """Turn of Play: a combo uses the turn's optional action."""
    build = edit(table(), seat=0, board=("RP", "GY", "B"))
    play(build, "atomize a2")
    assert refused(build, "combo .../.../RGB").code == "action.optional"


def test_combo_by_row_position_shorthand():
    """Notation: `combo 1` names the first card of the row."""
    build = edit(table(), seat=0, board=("R", "G", "B"))
    play(build, "combo 1")
    assert seat_of(build, 0).points == 3


def test_mismatch_explains_the_first_wrong_cell():
    """Prestige Cards: the refusal names the first cell (bottom row first) that does not fit."""
    assert bd.mismatch(("R", "P", ""), ".../.../RGB") == "b1 holds P, the card needs G"
