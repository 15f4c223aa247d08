"""Setup: the Prestige row, the Cosmos trail, the starting hands and Atoms, the first player."""

from __future__ import annotations

from planets_log.engine.rules import CHANCE
from planets_log.engine.play import Builder, make_header, selfplay
from planets_log.games.planetopia.events import HandDealt, RowDealt, TrailDealt

from .helpers import GAME, ROW3, RULES, TRAIL, codes, play, refused, state_of, table


def fresh(players=("Ann", "Ben", "Cal")) -> Builder:
    header, session = make_header(GAME, list(players), seed=None, log_id="setup")
    return Builder.new(header, session)


def test_setup_deals_nothing_and_chance_comes_first():
    """Setup: the state before any event has an empty row, trail and hands; a chance outcome is due."""
    state = state_of(fresh())
    assert RULES.to_move(state) == CHANCE
    assert state.row == () and state.trail == ()
    assert all(not s.hand and s.atoms == 0 for s in state.seats)
    assert "row PATTERN x4" in RULES.chance_hint(state)


def test_prestige_row_has_players_plus_one_cards():
    """Setup: draw as many Prestige cards as there are players + 1."""
    for n in (2, 3, 4, 5):
        build = selfplay(GAME, 1, [f"P{i}" for i in range(n)], max_events=0)
        first = build.session.decoder.decode(build.lines[1])
        assert isinstance(first, RowDealt) and len(first.cards) == n + 1
        assert len(state_of(build).prestige_deck) == len(RULES.setup(build.session.header,
                                                                      build.session.edition.data).prestige_deck) - n - 1


def test_row_of_the_wrong_size_is_refused():
    """Setup: a 3-player row of 3 cards is refused (4 are dealt)."""
    err = refused(fresh(), "row " + " ".join(ROW3[:3]))
    assert err.code == "row.size"


def test_nine_point_cards_are_not_in_a_three_player_pile():
    """2-3 Player Game: the 9-point Prestige cards are removed, so one cannot be dealt."""
    err = refused(fresh(), "row RoR/GYG/BPB " + " ".join(ROW3[:3]))
    assert err.code == "row.card"


def test_trail_has_five_cards_from_the_pile():
    """Setup: 5 Cosmos cards form the trail, left to right."""
    build = play(fresh(), "row " + " ".join(ROW3[:4]))
    assert refused(build, "trail PP switch ray BG").code == "trail.size"
    play(build, "trail " + " ".join(TRAIL))
    assert [t.card for t in state_of(build).trail] == list(TRAIL)
    assert len(state_of(build).cosmos_deck) == 41 - 5


def test_two_dot_cards_are_not_in_a_three_player_pile():
    """2-3 Player Game: with 3 players the 2-dot cards (here GG) are out of the Cosmos pile."""
    build = play(fresh(), "row " + " ".join(ROW3[:4]))
    assert refused(build, "trail GG switch ray BG BGR").code == "trail.card"


def test_three_dot_cards_are_out_only_with_two_players():
    """2-3 Player Game: the 3-dot card BY is in the 3-player pile but not in the 2-player one."""
    three = play(fresh(), "row " + " ".join(ROW3[:4]))
    play(three, "trail BY switch ray BG BGR")
    two = play(fresh(("Ann", "Ben")), "row " + " ".join(ROW3[:3]))
    assert refused(two, "trail BY switch ray BG BGR").code == "trail.card"


def test_each_player_gets_the_three_starting_cards_and_two_atoms():
    """Setup: each player receives 2 Atoms and the starting hand hswap, atom, vswap."""
    build = table()
    for seat in state_of(build).seats:
        assert seat.hand == ("atom", "hswap", "vswap")
        assert seat.atoms == 2 and seat.played == () and seat.board == ("", "", "")


def test_starting_hand_is_the_only_outcome_and_goes_in_seat_order():
    """Setup: the starting hands are dealt seat by seat and are always the three starting cards."""
    build = play(fresh(), "row " + " ".join(ROW3[:4]), "trail " + " ".join(TRAIL))
    assert RULES.legal(state_of(build)) == []  # a chance point: its outcomes are chance_outcomes
    assert RULES.chance_outcomes(state_of(build)).events() == [HandDealt(seat=0, cards=("atom", "hswap", "vswap"))]
    assert refused(build, "hand Ben atom hswap vswap").code == "hand.seat"
    assert refused(build, "hand Ann atom atom vswap").code == "hand.cards"


def test_first_player_is_seat_zero():
    """Setup: the first player (the one most recently in space) is the record's first seat."""
    build = table()
    assert RULES.to_move(state_of(build)) == 0
    assert "take 1 BGR" in codes(build)


def test_seeded_setup_is_drawn_by_the_engine():
    """Setup: in a seeded game the row, the trail and the hands are chance outcomes the engine draws."""
    build = selfplay(GAME, 4, ["A", "B"], max_events=0)
    kinds = [type(build.session.decoder.decode(raw)) for raw in build.lines[1:]]
    assert kinds == [RowDealt, TrailDealt, HandDealt, HandDealt]
