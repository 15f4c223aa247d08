"""render, view and the score sheet: what each seat may see (hands are held, piles are face down)."""

from __future__ import annotations

import msgspec

from .helpers import RULES, edit, play, state_of, table


def test_render_shows_row_trail_and_planets():
    """render: the Prestige row with points and tokens, the trail by slot, every planet bottom row last."""
    build = edit(table(), seat=0, board=("RY", "G", ""))
    text = RULES.render(state_of(build))
    assert "1) .../.../RGB 3pt+extra" in text
    assert "[1] BGR" in text and "[5] PP" in text
    lines = text.splitlines()
    i = lines.index("   2 Y . .")
    assert lines[i + 1] == "   1 R G ." and lines[i + 2] == "     a b c"


def test_render_for_a_seat_hides_the_other_hands():
    """render(seat): a player sees their own hand and only the size of the others'."""
    build = play(table(), "take 1 BGR", "refill GP")
    mine = RULES.render(state_of(build), seat=0)
    theirs = RULES.render(state_of(build), seat=1)
    assert "hand: BGR atom hswap vswap" in mine
    assert "hand: 4 cards" in theirs and "BGR atom" not in theirs


def test_view_redacts_hands_and_piles_for_a_seat():
    """view(seat): other hands become counts and the face-down piles their sizes."""
    state = state_of(table())
    data = RULES.view(state, seat=1)
    assert data["seats"][0]["hand"] == 3 and list(data["seats"][1]["hand"]) == ["atom", "hswap", "vswap"]
    assert data["cosmos_deck"] == len(state.cosmos_deck)
    assert msgspec.json.encode(data)
    assert list(RULES.view(state)["seats"][0]["hand"]) == ["atom", "hswap", "vswap"]


def test_render_marks_fresh_tokens_and_the_end():
    """render: tokens gained this turn are marked (new); a finished game says why it ended."""
    build = edit(table(), seat=0, board=("R", "G", "B"))
    play(build, "combo .../.../RGB")
    assert "tokens: extra(new)" in RULES.render(state_of(build))
    edit(build, over=True, end_reason="a player reached 25 Prestige points")
    assert RULES.render(state_of(build)).startswith("Planetopia - game over")


def test_score_breakdown_and_round():
    """score: the breakdown lists the Prestige points, Atoms and Aliens are tie-breaks apart; round_of counts."""
    build = edit(table(), seat=0, points=7, prestige=(".../.../RGB", ".../B../Bo."), board=("PJ", "", ""))
    sheet = RULES.score(state_of(build))
    assert sheet.scores[0].breakdown == {"prestige": 7}
    assert sheet.scores[0].tiebreak == {"atoms": 2, "aliens": 1}
    assert not sheet.final
    assert RULES.round_of(state_of(build)) == 1
