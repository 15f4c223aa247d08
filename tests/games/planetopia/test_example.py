"""The rulebook's worked example (Tips): atomize two Aliens, play a card, extra turn, combo, buy a card."""

from __future__ import annotations

from .helpers import RULES, edit, play, seat_of, state_of, table


def test_martins_turn():
    """Tips (example): Martin atomizes 2 Aliens for 2 Atoms, plays a card bringing the 2 missing Aliens,
    plays his extra-turn token, makes the combo and buys a Cosmos card from the trail."""
    build = table(players=("Martin", "Ben", "Cal"))
    # Martin got an Extra turn token in an earlier round; his planet has R at a1 and G at c1,
    # with two yellow Aliens in the middle column where the purple ones of `.../.P./RPG` must go.
    edit(build, seat=0, board=("R", "YY", "G"), hand=("PP", "atom", "hswap", "vswap"), tokens=("extra",), atoms=0)
    play(build, "atomize b1 b2")
    assert seat_of(build, 0).atoms == 2 and seat_of(build, 0).board == ("R", "", "G")
    play(build, "play PP b:PP")
    assert seat_of(build, 0).board == ("R", "PP", "G")
    play(build, "extra")
    assert state_of(build).mandatory == 1 and state_of(build).optional == 1
    play(build, "combo .../.P./RPG", "reveal .../Y.B/YoB")
    play(build, "take 3 ray", "refill GP")
    martin = seat_of(build, 0)
    assert martin.points == 4 and martin.prestige == (".../.P./RPG",)
    assert martin.board == ("", "", "") and martin.atoms == 0
    assert "ray" in martin.hand and martin.tokens == ("extra",) and martin.fresh == ("extra",)
    play(build, "end")
    assert RULES.to_move(state_of(build)) == 1
