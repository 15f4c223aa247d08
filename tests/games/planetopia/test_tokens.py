"""Special Tokens: gaining them, at most 3 held, played in a later round, extra turn, double, joker."""

from __future__ import annotations

from planets_log.games.planetopia.events import Combo

from .helpers import RULES, codes, edit, play, refused, seat_of, state_of, table


def holding(*tokens, board=("", "", ""), hand=("atom", "hswap", "vswap")):
    return edit(table(), seat=0, tokens=tuple(sorted(tokens)), board=board, hand=hand)


def test_a_combo_gives_the_card_s_special_token():
    """Special Tokens: the Prestige card's token is placed on the player's board."""
    build = edit(table(), seat=0, board=("R", "G", "B"))
    play(build, "combo .../.../RGB")
    assert seat_of(build, 0).tokens == ("extra",) and seat_of(build, 0).fresh == ("extra",)


def test_a_token_gained_this_turn_waits_for_a_later_round():
    """Special Tokens: a token's effect can only be used in a later round."""
    build = edit(table(), seat=0, board=("R", "G", "B"))
    play(build, "combo .../.../RGB", "reveal .../Y.B/YoB")
    assert refused(build, "extra").code == "token.fresh"
    play(build, "play atom", "end", "play atom", "end", "play atom", "end")
    assert seat_of(build, 0).fresh == ()
    play(build, "extra")
    assert state_of(build).mandatory == 2


def test_a_token_needs_to_be_held():
    """Special Tokens: a token the player does not hold cannot be played."""
    err = refused(table(), "extra")
    assert err.code == "token.none"


def test_extra_turn_gives_two_mandatory_and_two_optional_actions():
    """Special Tokens (extra turn) / F.A.Q.: with the token, 2 mandatory and 2 optional actions, in any order."""
    build = holding("extra", board=("PY", "G", ""))
    play(build, "play atom", "extra", "atomize a2", "atomize b1")
    assert refused(build, "end").code == "end.mandatory"
    play(build, "take 1 BGR", "refill GP")
    assert refused(build, "atomize a1").code == "action.optional"
    play(build, "end")
    assert seat_of(build, 0).tokens == () and RULES.to_move(state_of(build)) == 1


def test_tokens_are_not_actions_and_any_number_can_be_played():
    """Special Tokens: playing tokens is no action; up to 3 can be played in one turn."""
    build = holding("extra", "extra", "joker", board=("P", "", ""))
    play(build, "play atom", "atomize a1", "extra", "extra", "joker b")
    state = state_of(build)
    assert state.mandatory == 2 and state.optional == 2 and seat_of(build, 0).tokens == ()


def test_double_earnings_doubles_an_atomize():
    """Special Tokens (double): atomizing 2 Aliens with the token gives 4 Atoms."""
    build = holding("double", board=("PY", "", ""))
    assert "atomize a1 a2 double" in codes(build)
    play(build, "atomize a1 a2 double")
    assert seat_of(build, 0).atoms == 6 and seat_of(build, 0).tokens == ()


def test_double_earnings_needs_the_token():
    """Special Tokens (double): without the token an atomize is not doubled."""
    build = holding(board=("PY", "", ""))
    assert refused(build, "atomize a1 a2 double").code == "token.none"


def test_joker_falls_into_a_column_like_an_alien():
    """Special Tokens (joker) / Game Board: the Joker is placed on the planet, subject to gravity."""
    build = holding("joker", board=("P", "", ""))
    play(build, "joker a")
    assert seat_of(build, 0).board == ("PJ", "", "") and seat_of(build, 0).tokens == ()


def test_joker_needs_room_in_the_column():
    """Game Board: a full column cannot take the Joker."""
    build = holding("joker", board=("PPP", "", ""))
    assert refused(build, "joker a").code == "joker.full"
    assert "joker a" not in codes(build)


def test_joker_stands_for_any_colour_and_is_discarded_by_the_combo():
    """Special Tokens (joker): the Joker counts as an Alien of any colour and leaves with the combo."""
    build = holding(board=("R", "J", "BP"))
    play(build, "combo .../.../RGB")
    assert seat_of(build, 0).board == ("", "", "P")
    assert seat_of(build, 0).points == 3


def test_joker_is_not_an_alien_to_atomize():
    """Turn of Play (atomize): only Aliens are atomized, not the Joker token (decision)."""
    build = holding(board=("J", "", ""))
    assert refused(build, "atomize a1").code == "atomize.cell"


def test_at_most_three_tokens_a_fourth_forces_a_discard():
    """Special Tokens: with 3 tokens held, gaining one means discarding one, possibly the new one."""
    build = holding("double", "double", "joker", board=("R", "G", "B"))
    err = refused(build, "combo .../.../RGB")
    assert err.code == "combo.drop"
    options = [e.drop for e in RULES.legal(state_of(build)) if isinstance(e, Combo)]
    assert options == ["double", "extra", "joker"]
    play(build, "combo .../.../RGB drop extra")
    assert seat_of(build, 0).tokens == ("double", "double", "joker")


def test_discarding_an_old_token_keeps_the_new_one():
    """Special Tokens: the discarded token may be an old one; the new one is then held."""
    build = holding("double", "double", "joker", board=("R", "G", "B"))
    play(build, "combo .../.../RGB drop joker")
    assert seat_of(build, 0).tokens == ("double", "double", "extra")
    assert seat_of(build, 0).fresh == ("extra",)


def test_no_discard_when_there_is_room():
    """Special Tokens: with fewer than 3 tokens nothing is discarded."""
    build = holding("double", board=("R", "G", "B"))
    assert refused(build, "combo .../.../RGB drop double").code == "combo.drop"


def test_two_combos_in_one_turn_with_an_extra_turn():
    """F.A.Q. (multiple combos): with an extra turn, a second combo on the tokens left after gravity."""
    build = holding("extra", board=("YR", "GRG", "YB"))
    play(build, "combo .../.R./oGo", "reveal .../o.o/BGB")
    assert seat_of(build, 0).board == ("R", "G", "B")
    assert refused(build, "combo .../.../RGB").code == "action.optional"
    play(build, "extra", "combo .../.../RGB", "reveal .../Y.B/YoB", "play atom", "take 1 BGR", "refill GP", "end")
    assert seat_of(build, 0).points == 6
    assert seat_of(build, 0).prestige == (".../.R./oGo", ".../.../RGB")
