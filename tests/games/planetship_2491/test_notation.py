"""The notation: every kind of event both ways, and one-line errors for bad text."""

from __future__ import annotations

import pytest

from planets_log.record.errors import NotationError
from planets_log.games.planetship_2491 import events as E

from .helpers import RED, RULES, play, scene, state_of, table


@pytest.mark.parametrize("text,event", [
    ("R3 7.III", E.Placed(by=0, card="R3", zone=7, space=3)),
    ("17 8.v", E.Placed(by=0, card="17", zone=8, space=5)),
    ("? 4.I", E.Placed(by=0, card="?", zone=4, space=1)),
    ("rotate 270", E.Rotated(by=0, turns=3)),
    ("rotate -90", E.Rotated(by=0, turns=3)),
    ("probe 6.R", E.Probed(by=0, zone=6, space=0)),
    ("probe -", E.Probed(by=0)),
    ("hack III", E.Hacked(by=0, space=3)),
    ("tractor 4.I II", E.Pulled(by=0, zone=4, space=1, to=2)),
    ("shield 8.II", E.Shielded(by=0, zone=8, space=2)),
    ("teleport 8.IV", E.Teleported(by=0, zone=8, space=4)),
    ("scan", E.Scanned(by=0)), ("radio", E.Radioed(by=0)), ("done", E.Passed(by=0)),
    ("bury 17", E.Buried(by=0, card="17")), ("keep 9", E.Kept(by=0, card="9")),
    ("remove II", E.Removed(by=0, space=2)), ("discard r5", E.Discarded(by=0, card="R5")),
    ("missions M1 M2 M3 M4", E.MissionsDrawn(missions=("M1", "M2", "M3", "M4"))),
    ("draw 17", E.ScanDrawn(card="17")), ("reveal 12 R3", E.Revealed(cards=("12", "R3"))),
    ("shift 4 6@90", E.Shifted(zones=(4, 6), turns=(0, 1))),
    ("shift 4 6 1@180 aside 8", E.Shifted(zones=(4, 6, 1), turns=(0, 0, 2), aside=8)),
])
def test_parse(text, event):
    """Notation: each move and outcome reads as its event."""
    assert RULES.parse(text, state_of(table(2))) == event


def test_layout_and_rewards_round_trip():
    """Notation: layout and rewards, with Harvests' two cards and '-' for an empty slot."""
    b = table(5)
    s = state_of(b)
    layout = E.Formed(zones=(6, 1, 7, 0, 2, 8, 5, 4, 9), turns=(0, 1, 2, 3, 0, 0, 0, 0, 0), reserve=(3,))
    text = RULES.format(layout, s)
    assert text == "layout 6 1@90 7@180 / 0@270 2 8 / 5 4 9 reserve 3"
    rewards = E.RewardsDealt(cards=("1", "2", "3", "4", "5", "6", "7", "8", "9", "-"))
    assert RULES.format(rewards, s) == "rewards 0:1 1:2 2:3 4:4 5:5 6:6 7:7 8:8 9:9+-"
    assert RULES.parse("rewards 0:1 1:2 2:3 4:4 5:5 6:6 7:7 8:8 9:9", s) == rewards
    assert RULES.format(rewards, s, seat=1).split()[4] == "4:?"  # the Prison's reward lies face down


@pytest.mark.parametrize("text", ["", "R9 7.I", "R1 7", "R1 12.I", "rotate 45", "probe 6", "hack",
                                  "tractor 4.I", "rewards 12", "layout 0 1 2", "fly 3", "scan now"])
def test_bad_text_is_one_line_error(text):
    """Notation: bad text is refused with a one-line message."""
    with pytest.raises(NotationError) as info:
        RULES.parse(text, state_of(table(2)))
    assert "\n" not in str(info.value)


def test_resolution_moves_are_by_the_character_owner():
    """Notation: at round end a move is by the owner of the character being resolved."""
    b = scene(table(2), {"2.I": ("R2", RED)}, zone=2)
    assert RULES.parse("shield 2.I", state_of(b)).by == RED
    play(b, "shield 2.I")


def test_a_zone_s_reward_given_twice_is_refused():
    """Notation (Start of Round, step 2): a zone written twice in `rewards` is an error, not a silent overwrite."""
    with pytest.raises(NotationError) as info:
        RULES.parse("rewards 0:1 0:2 1:3 2:4 3:5 4:6 5:7", state_of(table(2)))
    assert "zone 0's reward is given twice" in str(info.value)


@pytest.mark.parametrize("card", ["R1\nFAKE: all good", "\x1b[31mRED", "9" * 200, "R7", "39"])
def test_a_crafted_card_in_a_record_gets_a_one_line_error(card):
    """A record is untrusted: a card id that is not in the edition is refused with its text escaped and cut short."""
    from planets_log.record.errors import IllegalEvent
    from planets_log.games.planetship_2491 import events as E

    with pytest.raises(IllegalEvent) as info:
        RULES.check(state_of(table(2)), E.Placed(by=RED, card=card, zone=0, space=1))
    assert info.value.code == "card.unknown" and "\n" not in str(info.value) and "\x1b" not in str(info.value)
    assert len(str(info.value)) < 120
