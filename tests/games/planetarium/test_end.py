"""Final Stages: acceleration, the final turns, Final cards, and Winning the Game with its tie-breaks."""

from __future__ import annotations

from msgspec.structs import replace

from planets_log.games.planetarium.state import Placed

from .helpers import RULES, board, edit, give, mat, moves, play, refused, state_of, table


def near_the_end(players=("Ann", "Ben"), filled=30):
    """Ann has moved; the track holds `filled` tokens; she holds Magnetic Field and Intelligent Life."""
    build = board(table(players), G="3.6 4.2")
    play(build, "3.6-3.7")
    give(build, 0, "H18", "F1", "F3", "F16", "L1")
    mat(build, 0, A="R", B="GRWMWMM")
    edit(build, track=("G",) * filled)
    return build


def test_acceleration_starts_when_a_token_reaches_its_space():
    """Final Stages > Acceleration: a Matter token placed on the acceleration space."""
    build = near_the_end(filled=16)
    assert not state_of(build).accelerated
    play(build, "play H18 B")
    assert len(state_of(build).track) == 20 and state_of(build).accelerated


def test_matter_on_the_final_space_makes_the_placers_turn_final():
    """The Final Turn: the player who placed a token on the final space plays Final cards now; no draw."""
    build = near_the_end()
    play(build, "play H18 B")
    state = state_of(build)
    assert state.final_reached and state.final_turn and state.trigger == 0 and state.phase == "final"
    assert "draw low" not in moves(build) and "final F1 B" in moves(build)


def test_a_final_card_needs_and_removes_a_marker_on_that_planet():
    """Playing Final Cards: a marker of yours on a card of that planet is needed, and removed."""
    build = near_the_end()
    play(build, "play H18 B")
    assert "markers on a card of planet A" in str(refused(build, "final F3 A"))
    play(build, "final F1 B")
    state = state_of(build)
    assert state.rows[1] == (Placed("H18", 0, False), Placed("F1", 0, False))
    assert state.seats[0].points == 11 + 15 and state.seats[0].markers == 8
    err = refused(build, "final F16 B")
    assert err.code == "final.requirement" and err.rule == "Playing Final Cards"


def test_final_turn_matter_goes_to_the_final_space():
    """The Final Turn: Matter paid during the final turn is placed on the final space."""
    build = near_the_end()
    play(build, "play H18 B", "final F1 B")
    state = state_of(build)
    assert len(state.track) == 36 and "5 on the final space" in RULES.render(state)
    assert state.track[-2:] == ("W", "M")


def test_at_most_four_final_cards_on_the_final_turn():
    """Playing Final Cards: a maximum of 4 Final cards on your final turn."""
    build = near_the_end()
    play(build, "play H18 B")
    edit(build, finals_played=4)
    assert refused(build, "final F1 B").code == "final.limit"


def test_each_other_player_then_takes_a_final_turn_and_the_game_ends():
    """The Final Turn: then each other player in turn takes their final turn; no cards are drawn."""
    build = near_the_end(("Ann", "Ben", "Cal"))
    play(build, "play H18 B", "end")
    state = state_of(build)
    assert state.turn == 1 and state.final_turn and state.phase == "move"
    give(build, 1, "L9", "L3", "L4", "H3", "F3")
    mat(build, 1, A="G")
    play(build, "4.2-4.3", "play L9 A")
    assert state_of(build).phase == "final"
    assert refused(build, "draw low").code == "turn.phase"
    play(build, "end", "4.3-4.4")
    assert refused(build, "downgrade H5").code == "downgrade.final-turn"  # Cal's H5 has the icon
    play(build, "end")
    assert state_of(build).over and RULES.to_move(state_of(build)) == -2


def test_the_final_turn_may_skip_the_low_or_high_card():
    """The Final Turn: play a Low/High card as normal (optionally), then Final cards."""
    build = near_the_end()
    play(build, "play H18 B", "end", "4.2-4.3")
    assert state_of(build).final_turn and "end" in moves(build)


def over(build, **seats):
    state = state_of(build)
    new = [replace(s, **seats.get(f"s{i}", {})) for i, s in enumerate(state.seats)]
    return edit(build, seats=tuple(new), phase="over")


def test_most_points_wins():
    """Winning the Game: the player with the most points wins."""
    build = over(table(), s0={"points": 30}, s1={"points": 31})
    sheet = RULES.score(state_of(build))
    assert sheet.winners == [1] and sheet.outcome == "win" and sheet.tiebreak is None


def test_tie_broken_by_matter_on_the_mat():
    """Winning the Game: ties go to the most Matter tokens remaining on the player mat."""
    build = over(table(), s0={"points": 30, "mat": ("G", "", "", "")}, s1={"points": 30, "mat": ("G", "R", "", "")})
    sheet = RULES.score(state_of(build))
    assert sheet.winners == [1] and sheet.tiebreak == "matter on mat"


def test_tie_broken_by_markers_on_cards():
    """Winning the Game: then the most player markers remaining on cards."""
    build = over(table(), s0={"points": 30}, s1={"points": 30})
    edit(build, rows=((Placed("L1", 0, True),), (), (), ()))
    sheet = RULES.score(state_of(build))
    assert sheet.winners == [0] and sheet.tiebreak == "markers on cards"


def test_tie_broken_by_fewest_cards_in_hand_then_shared():
    """Winning the Game: then the fewest cards in hand; still equal, the win is shared."""
    build = over(table(), s0={"points": 30, "hand": ("F1",)}, s1={"points": 30, "hand": ()})
    sheet = RULES.score(state_of(build))
    assert sheet.winners == [1] and sheet.tiebreak == "fewest cards in hand"
    build = over(table(), s0={"points": 30, "hand": ()}, s1={"points": 30, "hand": ()})
    sheet = RULES.score(state_of(build))
    assert sheet.winners == [0, 1] and sheet.outcome == "shared"


def test_rank_reads_adjusted_totals():
    """Winning the Game: rank() ranks the totals it is given (after an arbiter's penalties)."""
    build = over(table(), s0={"points": 30}, s1={"points": 20})
    assert RULES.rank(state_of(build), [30, 31]).winners == [1]


def test_a_game_not_over_only_leads():
    """Winning the Game: before the end the sheet is provisional and names leaders, never winners."""
    build = table()
    edit(build, seat=1, points=5)
    sheet = RULES.score(state_of(build))
    assert not sheet.final and sheet.outcome == "leads" and sheet.winners == [] and sheet.leaders == [1]


def test_the_contract_suites_greedy_playouts_reach_the_final_turns():
    """The Final Turn, Playing Final Cards: the greedy playouts the contract suite checks (tests/support/playouts.py)
    reach every final-turn phase and offer Final cards, which uniform self-play rarely does; uniform self-play
    runs under the 100-round safeguard."""
    from tests.support.playouts import TABLE, build
    from tests.support.positions import positions

    phases, finals = set(), 0
    for config in TABLE["planetarium"]:
        played = build("planetarium", config, 0)
        if config.policy == "uniform":
            assert played.pos.state.round_limit == 100
            continue
        for state, _ in positions(played):
            if state.final_turn and RULES.to_move(state) >= 0:
                phases.add(state.phase)
                finals += sum(1 for e in RULES.legal(state) if e.__struct_config__.tag == "final")
    assert phases == {"move", "card", "final"} and finals > 0
