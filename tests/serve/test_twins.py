"""No hidden card reaches the wrong caller through the API: on two records that differ only in what a seat cannot
see (the twin records of tests/trust), that seat's answers and a spectator's are the same, endpoint by endpoint
and on the live stream, while the scorekeeper's differ (so a leak would show)."""

from __future__ import annotations

import functools
from pathlib import Path
from typing import Any

import pytest

from planets_log.serve import stream
from tests.support.helpers import write_lines
from tests.trust.test_per_seat_games import GAMES
from tests.support.twins import Table, table_game, twin

from tests.support.natsd import Nats

from .conftest import Served, serve_folder

POINT = 0.6  # where in the game the records are cut (the first cut after it with a twin, per seat)


@functools.cache
def _cases(name: str) -> list[tuple[int, int, Table, Table, list[int]]]:
    """(seat, cut, real game, twin, seqs changed), one per seat."""
    options, players, face_down = GAMES[name]
    real = table_game(name.split()[0], 3, players, options)
    last, out = len(real.events), []
    for seat in range(players):
        for end in range(int(last * POINT), last, max(1, last // 60)):
            found = twin(real, seat, end, f"{name}/{end}", face_down)
            if found is not None:
                out.append((seat, end, real, found[0], found[1]))
                break
        else:
            pytest.fail(f"{name}: no twin for seat {seat + 1}")
    return out


def _answers(s: Served, headers: dict[str, str], seqs: list[int]) -> list[Any]:
    """Every reading endpoint's answer for one caller (JSON, the picture's text, the stream's body)."""
    out: list[Any] = []
    for seq in seqs:
        for what in ("position", "moves"):
            out.append(s.client.get(f"/api/tables/g/{what}?seq={seq}", headers=headers).json())
        out.append(s.client.get(f"/api/tables/g/picture?seq={seq}", headers=headers).text)
    for url in ("/api/tables/g/score", "/api/tables/g/lines?after=0", "/api/tables/g/header", "/api/tables/g",
                "/api/tables/g/stream?after=0"):
        res = s.client.get(url, headers=headers)
        assert res.status_code == 200, (url, res.text)
        answer = res.text if url.endswith("stream?after=0") else res.json()
        if url == "/api/tables/g":
            answer.pop("last_move_at")  # when the twin's file was written, not what it holds
        out.append(answer)
    return out


def _serve(folder: Path, table: Table, end: int, nats: Nats | None):
    folder.mkdir(parents=True)
    write_lines(folder / "g.jsonl", table.lines[:end + 1])
    return serve_folder(folder, nats=nats)


@pytest.mark.parametrize("name", list(GAMES))
def test_a_seat_and_a_spectator_get_the_same_answers_on_a_twin(tmp_path, monkeypatch, name, nats_or_files):
    monkeypatch.setattr(stream, "STREAM_SECONDS", 0.05)
    for seat, end, real, other, changed in _cases(name):
        where = f"{name}, seat {seat + 1}, cut after seq {end}, seqs {changed} changed"
        seqs = sorted({0, changed[0], end})
        seen: dict[str, list[Any]] = {"seat": [], "spectator": [], "scorekeeper": []}
        for side, table in (("a", real), ("b", other)):
            for s in _serve(tmp_path / f"{end}-{seat}" / side, table, end, nats_or_files):
                s.client.patch("/api/tables/g", json={"public": True}, headers=s.director)
                link = s.client.post("/api/tables/g/links", json={"role": "seat", "seat": str(seat + 1)},
                                     headers=s.director).json()
                mine = {"Authorization": f"Bearer {link['token']}"}
                seen["seat"].append(_answers(s, mine, seqs))
                seen["spectator"].append(_answers(s, {}, seqs))
                seen["scorekeeper"].append(_answers(s, s.director, seqs))
        for who in ("seat", "spectator"):
            a, b = seen[who]
            for i, (x, y) in enumerate(zip(a, b)):
                assert x == y, (where, who, i, x, y)
        assert seen["scorekeeper"][0] != seen["scorekeeper"][1], where
