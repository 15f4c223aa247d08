"""Views: render and view, complete or as one seat may know (Setup step 3, Specialist Abilities)."""

from __future__ import annotations

import json

from planets_log.games.four_planets.state import Pending, Tile

from .helpers import R, cols, position, step


def hidden_position():
    return position({"hand": ("G2v2s", "R0s"), "up": cols(G=["G0s"]), "down": cols(G=["B2v3s"]), "moves": 1,
                     "tiles": (Tile("discount", colour="G"),)},
                    {"hand": ("Y1v1s",), "up": cols(B=["B0s"]), "down": cols(B=["P1v1s"])},
                    bonus=("R0s", "Y0s", "P0s", "B0s"), discard=("G1v1s",))


def test_render_full_shows_everything():
    """render(state): the whole table."""
    text = R.render(hidden_position())
    for part in ("1:R0s  2:Y0s  3:P0s  4:B0s", "hand: G2v2s R0s", "hand: Y1v1s", "face down B2v3s",
                 "face down P1v1s", "discount@G", "discard 1 G1v1s"):
        assert part in text


def test_render_for_a_seat_hides_what_it_may_not_know():
    """render(state, seat): hidden cards (opponent hand and face-down cards, unexplored bonus cards) show only
    their backs, i.e. buying power (Costs and Buying Power: open information); piles show counts."""
    ann = R.render(hidden_position(), 0)
    assert "1:R0s  2:Y0s  3:?bp1  4:?bp1" in ann
    assert "hand: G2v2s R0s" in ann and "hand: 1 card(s) bp2" in ann
    assert "face down B2v3s" in ann and "face down bp2" in ann and "P1v1s" not in ann
    assert "G1v1s" not in ann
    ben = R.render(hidden_position(), 1)
    assert "1:?bp1  2:?bp1  3:?bp1  4:B0s" in ben and "face down bp3" in ben and "B2v3s" not in ben


def test_view_redacts_for_a_seat_and_is_json():
    """view(state, seat): JSON-able and redacted like render."""
    s = hidden_position()
    full = R.view(s)
    assert json.loads(json.dumps(full))["seats"][1]["hand"] == ["Y1v1s"]
    mine = R.view(s, 0)
    json.dumps(mine)
    assert mine["seats"][1]["hand"] == ["bp2"] and mine["seats"][1]["down"][4] == ["bp2"]
    assert mine["deck"] == len(s.deck) and mine["discard"] == 1
    assert mine["bonus"] == ["R0s", "Y0s", "bp1", "bp1"]


def test_view_hides_a_drawn_card_from_the_opponent():
    """Specialist Abilities: the drawn card is looked at without showing it."""
    s = position({"hand": ("G0s",), "up": cols(G=["G0s"])})
    s = step(s, "p G0s", "draw Y2v2s")
    assert s.pending == Pending("place", cards=("Y2v2s",))
    assert "Y2v2s" in R.render(s, 0) and "Y2v2s" not in R.render(s, 1)
    assert R.view(s, 1)["pending"]["cards"] == ["bp3"]


def test_views_reveal_bonus_cards_at_game_end():
    """End of Game and Scoring: all colour bonus cards are revealed."""
    s = position(phase="over", bonus=("R0s", "Y0s", "P0s", "B0s"))
    assert "1:R0s  2:Y0s  3:P0s  4:B0s" in R.render(s, 1)
    assert "Final score" in R.render(s)
