"""Round Sequence, Preparing the Next Round, and the end of the game."""

from __future__ import annotations

from planets_log.engine.rules import CHANCE, TERMINAL
from planets_log.engine.play import selfplay
from planets_log.games.four_planets import events as E

from .helpers import R, planets, position, refuse, step

DEAL = "deal R0s Y0s / G0s P0s / B0s R1v1s / Y1v1s G1v1s"


def round_end(**fields):
    """Round 1 just played: Ann kept a card, Ben used a coin, ships still on the planets."""
    ships = planets(([], [(0, 2), (1, 1)]), ([], [(1, 3)]), ([], [(0, 2)]), ([], []))
    return position({"hand": ("G2v2s", "R0s"), "parts": 5}, {"coins": 1, "coins_used": 1},
                    planets=ships, **fields)


def test_round_sequence_five_rounds_then_the_game_ends():
    """Round Sequence: the game lasts 5 rounds; rounds 1-4 end with a new deal, round 5 without."""
    build = selfplay("four-planets", 21)
    events = [build.session.decoder.decode(raw) for raw in build.lines[1:]]
    assert sum(isinstance(e, E.Dealt) for e in events) == 5
    assert build.pos.state.round == 5 and R.to_move(build.pos.state) == TERMINAL


def test_prepare_next_round_deals_rotates_and_refreshes():
    """Preparing the Next Round: 2 cards per planet again, start tile rotated, coins turned back."""
    s = step(round_end(), "done keep G2v2s", "done")
    assert s.phase == "deal" and R.to_move(s) == CHANCE and s.round == 1
    assert R.chance_hint(s).startswith("the specialists under planets")
    s = step(s, DEAL)
    assert s.round == 2 and s.phase == "dispatch"
    assert s.spaceship == 0 and R.to_move(s) == 0
    assert s.seats[1].coins_used == 0 and s.seats[1].coins == 1
    assert [seat.left for seat in s.seats] == [5, 4]
    assert all(p.ships == () for p in s.planets)
    assert s.seats[0].hand == ("G2v2s",) and s.seats[1].hand == ()


def test_prepare_next_round_kept_card_can_be_played_later():
    """Play Specialists: the kept specialist is played in a later round."""
    s = step(round_end(), "done keep R0s", "done", DEAL)
    s = step(s, "d1", "d1", "d2", "d2", "d3", "d3", "d4x2", "d4")
    s = step(s, "r1 R0s", "r2 G0s", "r3 B0s", "r4 Y1v1s")
    assert R.to_move(s) == 1
    s = step(s, "done")
    s = step(s, "p R0s")
    assert s.seats[0].up[0] == ("R0s",)


def test_prepare_deal_continues_from_the_discard_pile():
    """Preparing the Next Round / Specialist Abilities: when the deck runs out, the discard pile is the new deck."""
    s = step(round_end(), "done", "done")
    from planets_log.games.four_planets.state import replace

    s = replace(s, deck=("B2v3s", "P2v3s", "R0s"), discard=("G0s", "G1v1s", "P0s", "R1v1s", "Y0s", "Y1v1s", "Y2v2s"))
    err = refuse(s, "deal R0s Y0s / G0s P0s / B2v3s R1v1s / P2v3s G1v1s", "deal.reshuffle")
    assert "first 3 drawn" in err.message
    refuse(s, "deal R0s P2v3s / B2v3s B0s / G0s Y0s / R1v1s G1v1s", "deal.card")
    s = step(s, "deal R0s P2v3s / B2v3s Y0s / G0s P0s / R1v1s G1v1s")
    assert s.deck == ("Y1v1s", "Y2v2s") and s.discard == ()


def test_prepare_deal_when_too_few_cards_remain():
    """Preparing the Next Round (decision): with fewer than 8 cards left, the deal stops when they run out."""
    s = step(round_end(), "done", "done")
    from planets_log.games.four_planets.state import replace

    s = replace(s, deck=("R0s", "Y0s"), discard=("G0s",))
    refuse(s, DEAL, "deal.count")
    s = step(s, "deal Y0s R0s / G0s -")
    assert [p.cards for p in s.planets] == [("Y0s", "R0s"), ("G0s",), (), ()]
    assert R.format(E.Dealt(cards=("Y0s", "R0s", "G0s")), s) == "deal Y0s R0s / G0s / - / -"


def test_end_of_game_after_round_five_hands_are_discarded():
    """End of Game and Scoring: after round 5, hands are discarded and the game is over."""
    s = step(round_end(round=5), "done keep G2v2s", "done")
    assert s.phase == "over" and R.to_move(s) == TERMINAL
    assert s.seats[0].hand == () and "G2v2s" in s.discard
    assert R.score(s).final is True
    assert R.legal(s) == []
    refuse(s, "done", "phase")


def test_selfplay_200_seeds_complete():
    """Round Sequence: 200 uniformly random seeded games all reach the end of round 5."""
    import time

    start = time.perf_counter()
    for seed in range(200):
        build = selfplay("four-planets", seed)
        assert build.pos.state.phase == "over" and build.pos.state.round == 5
    assert (time.perf_counter() - start) / 200 < 0.5
