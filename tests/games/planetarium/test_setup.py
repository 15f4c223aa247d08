"""Set-Up and Starting the Game: Matter on the dots, planets, tokens, markers, opening hands, the first player."""

from __future__ import annotations

from fractions import Fraction
from math import factorial

from planets_log.engine.play import Builder, make_header

from .helpers import GAME, MATTER, RULES, at, play, refused, state_of, table


TIE_DEALS = {0: "L1 L2 H1 H2 F1 F5", 1: "L3 L4 H3 H4 F3 F4", 2: "L5 L6 H5 H6 F6 F11"}


def fresh(players=("Ann", "Ben")) -> Builder:
    header, session = make_header(GAME, list(players), seed=None, log_id="setup")
    return Builder.new(header, session)


def test_planets_start_on_a_to_d_hostile_with_eight_markers_each():
    """Set-Up: planets on A-D, Habitable/Hostile tokens Hostile side up, eight markers and a mat per player."""
    state = state_of(fresh())
    names = [state.board.names[i] for i in state.board.starts]
    assert [state.cells[state.board.index[n]] for n in names] == ["A", "B", "C", "D"]
    assert state.habitable == (False,) * 4
    assert [s.markers for s in state.seats] == [8, 8] and [s.mat for s in state.seats] == [("",) * 4] * 2


def test_matter_is_placed_on_the_68_dots_as_a_chance_outcome():
    """Set-Up: the 68 Matter tokens (22 gas, 22 rock, 16 water, 8 metal) go at random on the white dots."""
    build = fresh()
    outcomes = RULES.chance_outcomes(state_of(build))
    assert outcomes.count == factorial(68) // (factorial(22) ** 2 * factorial(16) * factorial(8))
    play(build, f"matter {MATTER}")
    state = state_of(build)
    dots = state.edition.board.dots
    assert "".join(at(build, d) for d in dots) == MATTER
    assert sum(1 for c in state.cells if c in "GRWM" and c) == 68


def test_a_wrong_mix_of_matter_is_refused():
    """Set-Up / Components: exactly 22 G, 22 R, 16 W and 8 M."""
    build = fresh()
    assert refused(build, "matter " + "G" * 68).code == "matter.tokens"
    assert refused(build, "matter " + MATTER[:-1]).code == "matter.tokens"


def test_each_player_is_dealt_two_low_two_high_two_final():
    """Set-Up: each player draws two Low, two High and two Final cards."""
    build = fresh()
    play(build, f"matter {MATTER}")
    assert refused(build, "deal Ann L1 L2 L3 H1 F1 F2").code == "deal.cards"
    assert refused(build, "deal Ben L1 L2 H1 H2 F1 F2").code == "deal.seat"
    play(build, "deal Ann L1 L2 H1 H2 F1 F2")
    assert refused(build, "deal Ben L1 L3 H3 H4 F3 F4").code == "deal.card"
    assert state_of(build).seats[0].hand == ("F1", "F2", "H1", "H2", "L1", "L2")


def test_each_player_discards_one_final_face_up():
    """Set-Up: each player discards one of the two Final cards; a discard pile forms."""
    build = fresh()
    play(build, f"matter {MATTER}", "deal Ann L1 L2 H1 H2 F1 F2", "deal Ben L3 L4 H3 H4 F3 F4")
    assert refused(build, "discard L1").code == "card.deck"
    assert refused(build, "discard F3").code == "card.hand"
    play(build, "discard F1")
    state = state_of(build)
    assert state.final_discard == ("F1",) and len(state.seats[0].hand) == 5 and state.turn == 1


def test_the_highest_scoring_discard_starts():
    """Starting the Game: whoever discarded the highest-scoring Final takes the first turn."""
    build = table(("Ann", "Ben", "Cal"), discards={0: "F1", 1: "F4", 2: "F6"})  # 15, 13, 10 points
    assert state_of(build).turn == 0 and state_of(build).phase == "move"
    build = table(("Ann", "Ben", "Cal"), discards={0: "F5", 1: "F4", 2: "F11"}, deals=TIE_DEALS)  # 11, 13, 13
    assert state_of(build).phase == "first"
    build = table(("Ann", "Ben", "Cal"), discards={0: "F5", 1: "F3", 2: "F11"}, deals=TIE_DEALS)  # 11, 12, 13
    assert state_of(build).turn == 2 and state_of(build).phase == "move"


def test_a_tie_for_the_highest_discard_is_decided_at_random():
    """Starting the Game: a tie for the highest discarded Final is decided randomly (a chance outcome)."""
    build = table(("Ann", "Ben", "Cal"), discards={0: "F5", 1: "F4", 2: "F11"}, deals=TIE_DEALS)  # 11, 13, 13
    state = state_of(build)
    assert state.phase == "first"
    outcomes = RULES.chance_outcomes(state).listed
    assert [(e.seat, p) for e, p in outcomes] == [(1, Fraction(1, 2)), (2, Fraction(1, 2))]
    assert refused(build, "first Ann").code == "first.seat"
    play(build, "first Cal")
    assert state_of(build).turn == 2 and state_of(build).phase == "move"


def test_the_solo_player_takes_the_first_turn():
    """Solo Variant > Turn Summary: you take the first turn."""
    build = table(("Solo",))
    assert state_of(build).turn == 0 and state_of(build).phase == "move"


def test_play_passes_clockwise():
    """Ending a Turn: play passes to the next player in clockwise (seat) order, round the table."""
    build = table(("Ann", "Ben", "Cal"), discards={0: "F5", 1: "F4", 2: "F11"}, deals=TIE_DEALS)
    play(build, "first Cal")
    order = []
    for move in ("4.2-4.3", "1.2-1.3", "1.5-1.6", "2.2-2.3"):
        order.append(state_of(build).turn)
        play(build, move, "end")
    assert order == [2, 0, 1, 2]
