"""End of Game and Scoring."""

from __future__ import annotations

from planets_log.games.four_planets.state import Tile

from .helpers import R, cols, position


def test_scoring_colour_bonus_worked_example():
    """End of Game and Scoring, the example: 1 yellow, 1 blue, 2 green bonus cards -> 2 VP per yellow,
    2 VP per blue and 3 VP per green specialist."""
    up = cols(R=["R0s"], Y=["Y0s", "Y1v1s"], G=["G0s", "G2v2s"], B=["B1v1s"])
    s = position({"up": up, "down": cols(G=["R0s"])}, phase="over", bonus=("Y0s", "G1v1s", "B2v2s", "G0s"))
    sheet = R.score(s)
    assert sheet.scores[0].breakdown["colour bonus"] == 2 * 2 + 1 * 2 + 3 * 3
    assert sheet.scores[0].breakdown["cards"] == 1 + 2 + 1


def test_scoring_colour_bonus_grows_with_more_cards_of_one_colour():
    """End of Game and Scoring: 1, 2, 3, 4 bonus cards of a colour give 2, 3, 4, 5 VP per specialist."""
    for k, per in ((1, 2), (2, 3), (3, 4), (4, 5)):
        bonus = tuple(["R0s"] * k + ["B0s"] * (4 - k))
        s = position({"up": cols(R=["R0s", "R1v1s"])}, bonus=bonus)
        assert R.score(s).scores[0].breakdown["colour bonus"] == 2 * per


def test_scoring_vp_only_on_face_up_cards():
    """End of Game and Scoring: VP printed on played (face-up) cards count; a face-down card shows none."""
    s = position({"up": cols(R=["R2v3s"]), "down": cols(R=["B2v3s"])}, bonus=("Y0s", "Y0s", "Y0s", "Y0s"))
    assert R.score(s).scores[0].breakdown["cards"] == 3


def test_scoring_boost_tiles_are_added():
    """End of Game and Scoring: VP from boost tiles."""
    s = position({"tiles": (Tile("vp4"), Tile("copy", copies="vp4"))}, bonus=("Y0s",) * 4)
    assert R.score(s).scores[0].breakdown["boost tiles"] == 8


def test_scoring_tie_goes_to_the_colour_bonus():
    """End of Game and Scoring: equal VP -> more colour-bonus points wins."""
    s = position({"up": cols(R=["R0s"], Y=["Y2v2s"])}, {"up": cols(R=["R0s", "R0s"])}, phase="over",
                 bonus=("R0s", "G0s", "G0s", "G0s"))
    sheet = R.score(s)
    assert sheet.scores[0].total == sheet.scores[1].total == 4
    assert sheet.winners == [1] and sheet.tiebreak == "colour bonus"


def test_scoring_still_tied_is_a_shared_victory():
    """End of Game and Scoring: same VP and same colour bonus -> the victory is shared."""
    s = position({"up": cols(R=["R1v1s"])}, {"up": cols(R=["R1v1s"])}, phase="over", bonus=("R0s",) * 4)
    sheet = R.score(s)
    assert sheet.winners == [0, 1] and "shared" in sheet.tiebreak and sheet.final


def test_scoring_private_marks_are_not_colour_bonus_for_the_tiebreak():
    """End of Game and Scoring (decision): the tie-break compares the table's colour bonus only."""
    s = position({"up": cols(R=["R0s"]), "tiles": (Tile("bonus1", position=1),)},
                 {"up": cols(R=["R0s"], Y=["Y1v1s"])}, phase="over", bonus=("R0s", "G0s", "G0s", "G0s"))
    sheet = R.score(s)
    assert sheet.scores[0].total == sheet.scores[1].total == 3
    assert sheet.winners == [0, 1]
