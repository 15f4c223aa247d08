"""3. Play Specialists, and Costs and Buying Power."""

from __future__ import annotations

import msgspec
import pytest

from planets_log.record.errors import IllegalEvent
from planets_log.games.four_planets import events as E

from .helpers import R, cols, legal_texts, position, refuse, step


def test_play_cost_zero_needs_no_payment():
    """Costs and Buying Power: a cost-0 specialist is played for free into its colour column."""
    s = step(position({"hand": ("R0s", "Y2v2s")}), "p R0s")
    assert s.seats[0].up[0] == ("R0s",) and s.seats[0].hand == ("Y2v2s",)


def test_play_cost_paid_by_discarding_enough_buying_power():
    """Costs and Buying Power: discard cards of buying power >= cost; they go face down to the discard."""
    s = position({"hand": ("B1v1s", "G2v2s", "R0s")})
    err = refuse(s, "p G2v2s -R0s", "play.unpaid")
    assert "G2v2s costs Ann 2" in err.message
    after = step(s, "p G2v2s -B1v1s")
    assert after.seats[0].up[2] == ("G2v2s",) and after.discard == ("B1v1s",)
    assert after.seats[0].hand == ("R0s",) and after.credit == 0


def test_play_one_discard_pays_several_cards():
    """Costs and Buying Power: the buying power of one discard may pay for several specialists."""
    s = step(position({"hand": ("B2v3s", "G1v1s", "P1v1s", "R0s")}), "p G1v1s -B2v3s")
    assert s.credit == 2
    s = step(s, "p P1v1s")
    assert s.credit == 1 and s.seats[0].up[3] == ("P1v1s",)
    refuse(s, "p R0s -c", "play.coins")


def test_play_several_discards_pay_one_card():
    """Costs and Buying Power: several discards may pay one specialist together."""
    s = step(position({"hand": ("G0s", "R0s", "Y2v2s")}), "p Y2v2s -G0s -R0s")
    assert s.seats[0].up[1] == ("Y2v2s",) and s.discard == ("G0s", "R0s")


def test_play_left_over_buying_power_is_lost_at_the_end_of_the_turn():
    """Costs and Buying Power / Play Specialists: unspent buying power does not carry to the other player."""
    s = step(position({"hand": ("B2v3s", "G1v1s")}, {"hand": ("P1v1s",)}), "p G1v1s -B2v3s")
    assert s.credit == 2
    s = step(s, "done")
    assert s.credit == 0 and R.to_move(s) == 1
    refuse(s, "p P1v1s", "play.unpaid")


def test_play_discards_only_when_needed():
    """Costs and Buying Power (normalised): a discard is only accepted if it is needed to pay."""
    s = position({"hand": ("B0s", "G0s", "P1v1s", "R0s")})
    refuse(s, "p P1v1s -B0s -G0s", "play.discard-unneeded")
    refuse(s, "p R0s -B0s", "play.discard-unneeded")
    assert "p P1v1s -B0s" in legal_texts(s) and "p P1v1s -B0s -G0s" not in legal_texts(s)


def test_play_discards_come_from_the_hand_only():
    """Costs and Buying Power: only specialists in hand may be discarded, never played ones."""
    s = position({"hand": ("G1v1s",), "up": cols(R=["R2v3s"])})
    refuse(s, "p G1v1s -R2v3s", "play.discard")
    refuse(s, "p G1v1s -G1v1s", "play.discard")
    refuse(s, "p Y0s", "play.card")


def test_play_discards_are_recorded_in_sorted_order():
    """Costs and Buying Power: a record lists discards sorted, so each payment has one spelling."""
    s = position({"hand": ("G0s", "R0s", "Y2v2s")})
    event = E.Played(by=0, card="Y2v2s", discards=("R0s", "G0s"))
    with pytest.raises(IllegalEvent) as info:
        R.check(s, event)
    assert info.value.code == "play.discard-order"


def test_play_coins_raise_buying_power_and_flip():
    """Specialist Abilities (Economy): a coin adds 1 buying power and is turned over when used."""
    s = position({"hand": ("G2v1ss", "R0s"), "coins": 1})
    s = step(s, "p G2v1ss -R0s -c")
    assert s.seats[0].coins_used == 1 and s.seats[0].coins == 1
    s2 = position({"hand": ("G2v2s",), "coins": 2, "coins_used": 1})
    err = refuse(s2, "p G2v2s -c2", "play.no-coins")
    assert "1 unused coin" in err.message


def test_play_coins_only_for_the_shortfall():
    """Costs and Buying Power (normalised): coins pay exactly what the discards leave unpaid."""
    s = position({"hand": ("B1v1s", "G2v2s"), "coins": 2})
    refuse(s, "p G2v2s -B1v1s -c", "play.coins")
    refuse(s, "p G2v2s -c", "play.unpaid")
    assert {"p G2v2s -B1v1s", "p G2v2s -c2"} <= set(legal_texts(s))


def test_play_keep_at_most_one_card():
    """Play Specialists: at most 1 specialist stays in hand for the next round; the rest are discarded."""
    s = position({"hand": ("B1v1s", "G2v2s", "R0s")})
    refuse(s, "done keep Y0s", "done.keep")
    after = step(s, "done keep G2v2s")
    assert after.seats[0].hand == ("G2v2s",) and after.discard == ("B1v1s", "R0s")
    assert step(s, "done").seats[0].hand == ()


def test_play_then_the_other_player_plays():
    """Play Specialists: after the card-symbol seat is done, the other seat plays."""
    s = position({"hand": ("R0s",)}, {"hand": ("Y0s",)})
    assert R.to_move(s) == 0
    s = step(s, "p R0s", "done")
    assert R.to_move(s) == 1 and s.phase == "play"
    refuse(s, "p R0s", "play.card")
    s = step(s, "p Y0s", "done")
    assert s.phase == "deal"


def test_play_legal_lists_every_payment_once():
    """Costs and Buying Power: legal() offers each distinct payment once, all accepted by check."""
    s = position({"hand": ("B1v1s", "B1v1s", "G0s", "G2v2s", "R0s"), "coins": 1})
    actions = R.legal(s)
    encoded = [msgspec.json.encode(a) for a in actions]
    assert len(set(encoded)) == len(encoded)
    for action in actions:
        R.check(s, action)
    plays = [R.format(a, s) for a in actions if isinstance(a, E.Played) and a.card == "G2v2s"]
    assert sorted(plays) == sorted(["p G2v2s -B1v1s", "p G2v2s -G0s -R0s", "p G2v2s -G0s -c", "p G2v2s -R0s -c"])
