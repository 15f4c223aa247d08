"""A table's line as the director's page and the spectators' index show it (issue 37): the last move in words and
when it was written, and the totals so far where anyone may know them."""

from __future__ import annotations

import time

from .conftest import Served


def test_a_tables_line_says_its_last_move_when_and_the_scores_so_far(served: Served):
    served.table("t1", game="space-planets", public=True)  # no hidden information: anyone may know the totals
    start = served.client.get("/api/tables/t1", headers=served.director).json()
    assert start["last_move"] is None and start["last_move_at"] is None
    before = time.time()
    for _ in range(3):
        assert served.play("t1", served.legal("t1")[0]).status_code == 200
    info = served.client.get("/api/tables/t1", headers=served.director).json()
    lines = served.client.get("/api/tables/t1/lines", headers=served.director).json()["lines"]
    assert info["last_move"] == [ln["text"] for ln in lines if ln["kind"] == "action"][-1]
    assert before <= info["last_move_at"] <= time.time()
    sheet = served.client.get("/api/tables/t1/score").json()["sheet"]
    assert info["scores"] == ", ".join(f"{s['player']} {s['total']}" for s in sheet["scores"])
    assert served.client.get("/api/tables/t1").json()["last_move"] == info["last_move"], "a spectator sees it too"


def test_a_spectator_held_back_learns_neither_the_last_move_nor_its_time(served: Served):
    served.table("t1", public=True, delay=1)
    served.play("t1", served.legal("t1")[-1])
    served.play("t1", served.legal("t1")[-1])
    info = served.client.get("/api/tables/t1").json()
    lines = served.client.get("/api/tables/t1/lines", headers=served.director).json()["lines"]
    first = next(ln["text"] for ln in lines if ln["kind"] == "action")
    assert info["moves"] == 1 and info["last_move"] == first and info["last_move_at"] is None


def test_the_scores_of_a_game_with_hidden_cards_are_not_shown_before_its_end(served: Served):
    served.table("p1", game="planetship-2491", players=("Ann", "Ben"), public=True)
    served.play("p1", served.legal("p1")[-1])
    assert served.client.get("/api/tables/p1", headers=served.director).json()["scores"] is None
    assert served.client.get("/api/tables/p1").json()["scores"] is None
