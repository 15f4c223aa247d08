"""Game End: 25 Prestige points end the game once the round is complete; the tie-breaks."""

from __future__ import annotations

from planets_log.engine.rules import TERMINAL

from .helpers import RULES, edit, play, refused, state_of, table


def test_reaching_25_finishes_the_round_first():
    """Game End: after a player reaches 25, the other players still play so every seat has the same turns."""
    build = edit(table(), seat=1, points=22, board=("R", "G", "B"))
    play(build, "play atom", "end", "combo .../.../RGB", "reveal .../Y.B/YoB", "play atom", "end")
    assert state_of(build).seats[1].points == 25
    assert RULES.to_move(state_of(build)) == 2
    play(build, "play atom", "end")
    state = state_of(build)
    assert RULES.to_move(state) == TERMINAL and state.over
    assert "25 Prestige points" in state.end_reason
    sheet = RULES.score(state)
    assert sheet.final and sheet.winners == [1] and sheet.tiebreak is None


def test_the_first_player_reaching_25_lets_everyone_else_play():
    """Game End: when the first player reaches 25, the whole round is still played."""
    build = edit(table(), seat=0, points=24, board=("R", "G", "B"))
    play(build, "combo .../.../RGB", "reveal .../Y.B/YoB", "play atom", "end")
    play(build, "play atom", "end")
    assert not state_of(build).over
    play(build, "play atom", "end")
    assert state_of(build).over and state_of(build).round == 1


def test_no_move_after_the_end():
    """Game End: once the game is over, no move is accepted."""
    build = edit(table(), seat=2, points=30)
    play(build, "play atom", "end", "play atom", "end", "play atom", "end")
    assert refused(build, "play atom").code == "game-over"


def over_with(*seats):
    build = table()
    for i, (points, atoms, board) in enumerate(seats):
        edit(build, seat=i, points=points, atoms=atoms, board=board)
    return edit(build, over=True)


def test_most_points_wins():
    """Game End: the player with the most Prestige points wins."""
    sheet = RULES.score(state_of(over_with((25, 0, ("", "", "")), (27, 0, ("", "", "")), (3, 9, ("", "", "")))))
    assert sheet.winners == [1] and sheet.tiebreak is None


def test_tie_broken_by_atoms():
    """Game End: on equal points the player with the most Atoms wins."""
    sheet = RULES.score(state_of(over_with((26, 3, ("", "", "")), (26, 5, ("", "", "")), (3, 9, ("", "", "")))))
    assert sheet.winners == [1] and sheet.tiebreak == "atoms"


def test_tie_broken_by_aliens_left():
    """Game End: on equal points and Atoms, the most Aliens left on the planet wins (a Joker is no Alien)."""
    sheet = RULES.score(state_of(over_with((26, 3, ("PP", "", "")), (26, 3, ("P", "JJ", "")), (3, 9, ("", "", "")))))
    assert sheet.winners == [0] and sheet.tiebreak == "aliens"
    assert sheet.scores[1].tiebreak["aliens"] == 1


def test_full_tie_is_shared():
    """Game End: still tied after Atoms and Aliens, the players share the victory."""
    sheet = RULES.score(state_of(over_with((26, 3, ("P", "", "")), (26, 3, ("", "G", "")), (3, 9, ("", "", "")))))
    assert sheet.winners == [0, 1] and sheet.tiebreak == "shared"


def test_round_limit_safeguard():
    """Safeguard (not in the rulebook): the game also ends after the round limit (option round_limit)."""
    build = table(options={"round_limit": 1})
    play(build, "play atom", "end", "play atom", "end", "play atom", "end")
    state = state_of(build)
    assert state.over and "round limit" in state.end_reason


def test_no_round_limit_with_zero():
    """Safeguard: round_limit=0 turns the safeguard off."""
    build = table(options={"round_limit": 0})
    for _ in range(3):
        play(build, "play atom", "end", "play atom", "end", "play atom", "end")
        for i in range(3):
            edit(build, seat=i, hand=("atom", "hswap", "vswap"), played=())
    assert not state_of(build).over and state_of(build).round == 4


def test_no_prestige_card_left_ends_the_game():
    """Game End (decision): with the row and the pile empty no one can score, so the game ends with the round."""
    build = edit(table(), row=(), prestige_deck=())
    play(build, "play atom", "end", "play atom", "end", "play atom", "end")
    assert state_of(build).over and "no Prestige card" in state_of(build).end_reason
