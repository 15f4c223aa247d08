"""Game End and Scoring: discards, hand VP, missions on hand cards only, the tie-breaks."""

from __future__ import annotations

from planets_log.engine.rules import TERMINAL

from .helpers import BLUE, RED, RULES, YELLOW, edit, state_of, table


def ended(n=3, missions=("M1", "M7", "M10", "M13"), first=0, **changes):
    """A finished game with these hands, discards and missions."""
    b = table(n)
    return edit(b, phase="over", round=4, missions=missions, first=first, **changes)


RED_HAND = ("3", "4", "7", "18", "28", "31")
YELLOW_HAND = ("1", "12", "13", "20", "33", "38")


def test_the_29_vp_example():
    """# Game End and Scoring: 7 discards + 13 VP in hand + 6 (shield mission) + 3 (Gr'tratki split) = 29."""
    b = ended(hands=(RED_HAND, ("B1", "B2", "B3", "B4", "B5", "B6"), YELLOW_HAND),
              discards=(("2", "5", "8", "9", "11", "14", "15"), (), ()))
    assert RULES.to_move(state_of(b)) == TERMINAL
    sheet = RULES.score(state_of(b))
    red = sheet.scores[RED]
    assert red.breakdown == {"discarded": 7, "hand": 13, "missions": 9}
    assert red.total == 29 == sum(red.breakdown.values())
    assert red.tiebreak == {"missions achieved": 2, "VP in hand": 13, "clockwise from first player": 0}
    # Gr'tratki (7 VP) is split between red and yellow at 2 icons each, rounded down to 3
    assert sheet.scores[YELLOW].breakdown["missions"] == 3 + 5 + 6  # plus hack (5) and strength (6)
    assert sheet.final and sheet.outcome == "win"


def test_discarded_cards_do_not_count_for_missions():
    """# Game End and Scoring > #3 - Accomplished Missions: only cards in hand count."""
    b = ended(hands=(("21", "35", "28", "R1", "R2", "R3"), ("B1", "B2", "B3", "B4", "B5", "B6"),
                     ("Y1", "Y2", "Y3", "Y4", "Y5", "Y6")),
              discards=(("4", "10", "18", "22", "30", "34", "6"), (), ()), missions=("M10",))
    sheet = RULES.score(state_of(b))
    # red holds one shield icon in hand (R2), like blue and yellow: a three-way split of 6
    assert [s.breakdown["missions"] for s in sheet.scores] == [2, 2, 2]


def test_a_mission_nobody_holds_an_icon_for_scores_nothing():
    """# Mission Cards: the most icons wins; with no icon at all nobody achieves it (a decision)."""
    b = ended(hands=(("7", "21"), ("28", "35"), ("B1",)), missions=("M8",))
    assert [s.breakdown["missions"] for s in RULES.score(state_of(b)).scores] == [0, 0, 0]


def test_strength_mission():
    """# Mission Cards: the strength mission goes to the highest combined strength in hand."""
    b = ended(hands=(("7",), ("20", "33"), ("1",)), missions=("M13",))
    assert [s.breakdown["missions"] for s in RULES.score(state_of(b)).scores] == [0, 6, 0]


def test_tie_broken_by_most_missions():
    """# Game End and Scoring (tie): the tied player with more missions wins."""
    b = ended(hands=(("7",), ("28",), ("21",)), missions=("M1",))
    ranking = RULES.rank(state_of(b), [10, 10, 3])
    assert ranking.winners == [RED] and ranking.tiebreak == "most missions"


def test_tie_broken_by_hand_vp_then_seat():
    """# Game End and Scoring (tie): then most VP in hand, then farthest clockwise from the first player."""
    b = ended(hands=(("21",), ("28",), ("7",)), missions=("M8",))  # VP in hand: 3, 3, 2
    ranking = RULES.rank(state_of(b), [10, 10, 10])
    assert ranking.tiebreak == "farthest clockwise from the first player"
    assert ranking.winners == [BLUE]  # first player Red: Blue is 1 seat clockwise, Red 0
    b = edit(b, first=2)  # Yellow first: Red is 1 clockwise, Blue 2
    assert RULES.rank(state_of(b), [10, 10, 10]).winners == [BLUE]
    b = edit(b, first=1)  # Blue first: Red is 2 clockwise
    assert RULES.rank(state_of(b), [10, 10, 10]).winners == [RED]
    b = edit(b, hands=(("21",), ("28",), ("27", "9")))
    r = RULES.rank(state_of(b), [10, 10, 10])
    assert r.winners == [YELLOW] and r.tiebreak == "most VP in hand"


def test_provisional_sheet_names_leaders():
    """# Game End and Scoring: before the 4th round ends the sheet names who leads, never a winner."""
    sheet = RULES.score(state_of(table(3)))
    assert not sheet.final and sheet.outcome == "leads" and sheet.winners == [] and sheet.leaders


def test_two_icons_on_one_card_both_count_for_a_mission():
    """# Mission Cards: a character with two icons of a kind counts twice (card 2 has two Scanner icons)."""
    b = ended(hands=(("2",), ("8",), ("11", "21")), missions=("M8",))
    assert [s.breakdown["missions"] for s in RULES.score(state_of(b)).scores] == [4, 0, 0]
    b = ended(hands=(("2",), ("8", "11"), ("21",)), missions=("M8",))
    assert [s.breakdown["missions"] for s in RULES.score(state_of(b)).scores] == [2, 2, 0]
