"""The board and plain words through the API (issue 37, docs/phone.md "In the API"), in all five games: the
recorder's options carry words and parts that single out every move; every line, stream line, position's words
and layout is told to each reader as that reader may know it (a seat's made with that seat, a spectator's from
what every seat is told alike), never with a secret of the scorekeeper's; the legend; a refusal in words."""

from __future__ import annotations

import json
import random
import re
from typing import Any

import msgspec
import pytest

from planets_log.engine.redact import public_view, public_words
from planets_log.engine.registry import get_rules
from planets_log.serve import phone, stream

from .conftest import Served
from .test_stream import events

GAMES = ["four-planets", "space-planets", "planetopia", "planetarium", "planetship-2491"]
PLAYERS = ("Ann", "Ben", "Cat")
MOVES = 30


def tokens(text: str | None) -> set[str]:
    """The words of `text`, punctuation left out (a secret joined by no-break spaces splits into its words)."""
    return set(re.findall(r"[\w'-]+", (text or "").lower()))


def secrets(scorekeeper: str | None, own: str | None) -> set[str]:
    """The words of the scorekeeper's text that the reader's own text (as the game tells that reader) lacks."""
    return tokens(scorekeeper) - tokens(own)


def layout_text(layout: dict[str, Any] | None) -> str:
    """Every title, note, label and spot's words of a layout (the API's JSON), as one text."""
    if layout is None:
        return ""
    return " ".join(" ".join([z["title"], z["note"]] + [f"{s['id']} {s['label']} {s['words']}" for s in z["spots"]])
                    for z in layout["zones"])


def get(served: Served, path: str, headers: dict[str, str]) -> Any:
    res = served.client.get(f"/api/tables/t/{path}", headers=headers)
    assert res.status_code == 200, res.text
    return res.json()


def readers(served: Served, seats: list[str]) -> dict[str, tuple[dict[str, str], int | None]]:
    """Each reader's headers and seat: every seat by its name, then the spectators ('', seat None)."""
    out = {name: (served.links["t"][name], n) for n, name in enumerate(seats)}
    out[""] = ({}, None)
    return out


def check_options(served: Served, game: str) -> dict[str, Any]:
    """The recorder's moves now: an option per move, in order, with words and parts that single it out; the
    seats and the spectators get none."""
    moves = get(served, "moves", served.links["t"]["recorder"])
    assert [o["text"] for o in moves["options"]] == moves["moves"], game
    board = {s["id"] for z in get(served, "position", served.director)["layout"]["zones"] for s in z["spots"]}
    taps: dict[frozenset[str], str] = {}
    for option in moves["options"]:
        assert option["words"].strip() and option["words"] != option["text"], (game, option)
        assert option["parts"] and all(p["id"] and p["label"] for p in option["parts"]), (game, option)
        ids = frozenset(p["id"] for p in option["parts"])
        assert taps.setdefault(ids, option["text"]) == option["text"], f"{game}: two moves are the same taps {ids}"
        if not moves["chance"]:
            assert ids & board, f"{game}: no part of {option['text']!r} is on the recorder's board"
    for headers in [h for name, h in served.links["t"].items() if name != "recorder"] + [{}]:
        assert get(served, "moves", headers)["options"] == [], game
    return moves


def played(served: Served, game: str) -> list[str]:
    """A public table of `game` (public seed) with MOVES random legal moves, every step's options checked."""
    seats = list(PLAYERS[:2] if game == "four-planets" else PLAYERS)
    served.table("t", game=game, players=tuple(seats), public=True)
    pick = random.Random(game)
    for _ in range(MOVES):
        moves = check_options(served, game)
        if not moves["options"]:
            break
        typed = pick.choice(moves["options"])["text"]
        assert served.play("t", typed).status_code == 200, typed
    return seats


def line_problem(served: Served, seats: list[str]) -> tuple[str | None, int]:
    """The first line whose words a reader is told otherwise than as it may know them (a seat: the game's words
    for that seat; the spectators: `public_words`), or that name a secret of the scorekeeper's its own words lack;
    and how many (line, reader) pairs had such a secret to keep."""
    live = served.server.live("t")
    rules = live.session.rules
    kept = 0
    everyone = get(served, "lines?limit=5000", served.director)["lines"]
    for name, (headers, seat) in readers(served, seats).items():
        told = get(served, "lines?limit=5000", headers)["lines"]
        assert [ln["seq"] for ln in told] == [ln["seq"] for ln in everyone]
        for mine, full in zip(told, everyone):
            event, before = live.events[mine["seq"]], live.positions[mine["seq"] - 1].state
            if mine["kind"] not in ("action", "chance"):
                continue
            own = public_words(rules, event, before) if seat is None else rules.words(event, before, seat)
            hidden = secrets(full["words"], own)
            kept += bool(hidden)
            if tokens(mine["words"]) & hidden or mine["words"] != own:
                return f"{name or 'a spectator'} is told line {mine['seq']} as {mine['words']!r}", kept
    return None, kept


def position_problem(served: Served, seats: list[str], seq: int) -> tuple[str | None, int]:
    """As `line_problem`, for the position after `seq`: its layout and words, drawn from the reader's own view."""
    live = served.server.live("t")
    rules, state = live.session.rules, live.positions[seq].state
    full = get(served, f"position?seq={seq}", served.director)
    kept = 0
    for name, (headers, seat) in readers(served, seats).items():
        mine = get(served, f"position?seq={seq}", headers)
        data = public_view(rules, state) if seat is None else rules.view(state, seat)
        layout, words = phone.board(rules, data, state)
        own = msgspec.to_builtins(layout)
        hidden = secrets(layout_text(full["layout"]) + " " + full["words"], layout_text(own) + " " + words)
        kept += bool(hidden)
        if tokens(layout_text(mine["layout"]) + " " + mine["words"]) & hidden or mine["layout"] != own:
            return f"{name or 'a spectator'} is shown the position after seq {seq} as {mine['words']!r}", kept
        assert mine["words"] == words
    return None, kept


@pytest.mark.parametrize("game", GAMES)
def test_every_reader_is_told_the_board_and_the_lines_as_it_may_know_them(served: Served, game: str, monkeypatch):
    monkeypatch.setattr(stream, "STREAM_SECONDS", 0.2)
    seats = played(served, game)
    last = served.seq("t")
    assert last > 10
    problem, kept = line_problem(served, seats)
    assert problem is None, f"{game}: {problem}"
    shown = 0
    for seq in range(1, last + 1, 3):
        problem, hidden = position_problem(served, seats, seq)
        assert problem is None, f"{game}: {problem}"
        shown += hidden
    if get_rules(game).hidden_information:
        assert kept and shown, f"{game}: the playout held no secret to keep ({kept} lines, {shown} positions)"
    for name, (headers, _seat) in readers(served, seats).items():  # the stream tells each reader the same words
        body = served.client.get("/api/tables/t/stream?after=0", headers=headers).text
        heard = [json.loads(e["data"]) for e in events(body) if e.get("event") == "line"]
        told = get(served, "lines?limit=5000", headers)["lines"]
        assert [(ln["seq"], ln["words"]) for ln in heard] == [(ln["seq"], ln["words"]) for ln in told], name


@pytest.mark.parametrize("game", ["four-planets", "planetarium"])
def test_the_check_sees_a_seat_told_the_scorekeepers_words(served: Served, game: str, monkeypatch):
    """The sweep above fails when a seat's line is worded with the scorekeeper's words (the bug it guards)."""
    seats = played(served, game)
    real = phone.event_words
    monkeypatch.setattr(phone, "event_words", lambda rules, event, state, viewer, seat: real(
        rules, event, state, "scorekeeper" if viewer == "seat" else viewer, None))
    problem, _ = line_problem(served, seats)
    assert problem is not None and problem.startswith(("Ann", "Ben")), problem


@pytest.mark.parametrize("game", GAMES)
def test_the_legend_needs_no_token(served: Served, game: str):
    res = served.client.get(f"/api/games/{game}/legend")
    assert res.status_code == 200
    assert res.json() == [{"example": e, "meaning": m} for e, m in get_rules(game).legend()]
    assert len(res.json()) >= 3


def test_an_unknown_games_legend_is_a_404_problem(served: Served):
    res = served.client.get("/api/games/chess/legend")
    assert res.status_code == 404 and res.json()["code"] == "game.missing"
    assert "four-planets" in res.json()["message"]


def test_a_refused_move_says_the_rule_in_words_before_the_notation(served: Served):
    served.table("t")
    refused = served.play("t", "d9").json()
    assert refused["words"].startswith("Nothing was recorded: 'd9' breaks the rule “Dispatch Spaceships”")
    assert "planets are 1 to 4" in refused["words"]
    assert "'d9'" in refused["message"] and refused["rule"] == "Dispatch Spaceships"
    unread = served.play("t", "zz").json()
    assert unread["code"] == "notation" and "'zz' is not a move" in unread["words"]
    assert "d3x2" in unread["message"]  # the notation stays in the message
    second = served.play("t", "d1", "d9").json()
    assert second["index"] == 1 and second["words"].startswith("Nothing was recorded: move 2 sent, 'd9',")
    turn = served.play("t", "Ben: d1").json()
    assert "turn order" in turn["words"] and "Ann's turn" in turn["words"]
    stale = served.client.post("/api/tables/t/moves", json={"seq": 0, "moves": ["d1"]},
                               headers=served.links["t"]["recorder"]).json()
    assert stale["status"] == 409 and stale["words"] is None


def test_a_chance_points_listed_outcomes_get_options(served: Served):
    """At a table's chance point (no seed: the outcome is typed) each listed outcome has words and parts."""
    served.table("t", game="planetship-2491", players=PLAYERS, seed="table", public=True)
    moves = check_options(served, "planetship-2491")
    assert moves["chance"] and len(moves["options"]) > 10
    assert all(len(o["parts"]) == 4 for o in moves["options"])  # four face-up missions, each offered by its label


def test_notes_and_takebacks_read_as_sentences(served: Served):
    served.table("t")
    served.play("t", "d1")
    rec = served.links["t"]["recorder"]
    last = served.seq("t")
    assert served.client.post("/api/tables/t/notes", json={"target": last, "text": "a bold start"},
                              headers=served.links["t"]["Ben"]).status_code == 200
    assert served.client.post("/api/tables/t/undo", json={"seq": served.seq("t"), "reason": "misheard"},
                              headers=rec).status_code == 200
    said = [ln["words"] for ln in get(served, "lines", rec)["lines"][-2:]]
    assert said == [f"Ben on line {last}: a bold start.", f"Taken back from line {last} on: misheard."]
