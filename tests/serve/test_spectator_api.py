"""A spectator of a public table is answered only what every seat is answered alike (issue 35, item 1), in all
five games: `position`, `picture`, `lines`, `moves`, `score` and the stream, at every seq of a game in progress,
compared with each seat's own answer as tests/contract/spectator.py compares them."""

from __future__ import annotations

import json
from typing import Any

import pytest

from planets_log.serve import stream
from tests.contract.spectator import data_problem, picture_problem, text_problem

from .conftest import Served
from .test_stream import events

GAMES = ["four-planets", "space-planets", "planetopia", "planetarium", "planetship-2491"]
PLAYERS = ("Ann", "Ben", "Cat")
MOVES = 24


def played(served: Served, game: str) -> list[str]:
    """A public table of `game` with the first legal move played MOVES times; the seats' names."""
    players = PLAYERS[:2] if game == "four-planets" else PLAYERS
    served.table("t", game=game, players=players, public=True)
    for _ in range(MOVES):
        legal = served.legal("t")
        if not legal:
            break
        assert served.play("t", legal[0]).status_code == 200, legal[0]
    return list(players)


def answers(served: Served, path: str, seats: list[str]) -> tuple[Any, list[Any]]:
    """The spectator's answer at `path` and each seat's."""
    def get(headers: dict[str, str]) -> Any:
        res = served.client.get(f"/api/tables/t/{path}", headers=headers)
        assert res.status_code == 200, res.text
        return res.text if path.startswith("picture") else res.json()

    return get({}), [get(served.links["t"][seat]) for seat in seats]


def line_texts(body: str) -> list[str]:
    return [json.loads(e["data"])["text"] for e in events(body) if e.get("event") == "line"]


@pytest.mark.parametrize("game", GAMES)
def test_a_spectator_is_answered_only_what_every_seat_is_answered(served: Served, game: str, monkeypatch):
    monkeypatch.setattr(stream, "STREAM_SECONDS", 0.2)
    seats = played(served, game)
    last = served.seq("t")
    assert last > 10
    for seq in range(1, last + 1):
        mine, theirs = answers(served, f"position?seq={seq}", seats)
        where = f"{game} position at seq {seq}"
        assert data_problem(mine["view"], [t["view"] for t in theirs]) is None, where
        assert text_problem(mine["text"], [t["text"] for t in theirs]) is None, where
        mine, theirs = answers(served, f"moves?seq={seq}", seats)
        assert all(all(m in t["moves"] for t in theirs) for m in mine["moves"]), f"{game} moves at seq {seq}"
        if seq % 4 == 0 or seq == last:
            mine, theirs = answers(served, f"picture?seq={seq}", seats)
            assert picture_problem(mine, theirs) is None, f"{game} picture at seq {seq}"
    mine, theirs = answers(served, f"lines?after=0&limit={last}", seats)
    mine, theirs = mine["lines"], [t["lines"] for t in theirs]
    assert len(mine) == last
    for n, line in enumerate(mine):
        assert text_problem(line["text"], [t[n]["text"] for t in theirs]) is None, f"{game} line {n + 1}"
    mine, theirs = answers(served, "score", seats)
    assert mine["withheld"] or data_problem(mine["sheet"], [t["sheet"] for t in theirs]) is None, f"{game} score"
    said = line_texts(served.client.get("/api/tables/t/stream?after=0").text)
    heard = [line_texts(served.client.get("/api/tables/t/stream?after=0", headers=served.links["t"][s]).text)
             for s in seats]
    assert len(said) == last
    for n, text in enumerate(said):
        assert text_problem(text, [h[n] for h in heard]) is None, f"{game} stream line {n + 1}"
