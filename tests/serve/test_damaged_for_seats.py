"""A damaged record on the server is reported to seats and spectators in the words `--as` uses: the public text of
the refusal, never the hidden cards the full text quotes (issue 25: no secret to the wrong seat, in any output)."""

from __future__ import annotations

import json
from pathlib import Path

from tests.support.helpers import rechain, write_lines
from tests.trust.test_seat_outputs import _table

from .conftest import serve_folder

SECRET = ("R2v3s", "G1v1s")  # the tampered colour bonus: face-down cards nobody at the table has seen yet


def _tampered(folder: Path) -> None:
    """A Four Planets table record whose colour bonus names a card twice (the deck holds one of it)."""
    lines = _table("four-planets", 5, 16)
    bonus = json.loads(lines[1])
    bonus["cards"] = ["R2v3s", "R2v3s", "G1v1s", "B0s"]
    lines[1] = json.dumps(bonus, separators=(",", ":")).encode()
    folder.mkdir(parents=True)
    write_lines(folder / "g.jsonl", rechain(lines))


def test_a_spectator_of_a_damaged_public_table_reads_no_hidden_card(tmp_path):
    _tampered(tmp_path / "served")
    for served in serve_folder(tmp_path / "served"):
        assert served.client.patch("/api/tables/g", json={"public": True}, headers=served.director).status_code == 200
        full = served.client.get("/api/audit", headers=served.director).text
        assert "R2v3s" in full  # the director's audit keeps the whole story
        for path in ("/api/tables/g", "/api/tables/g/position", "/api/tables"):
            answer = served.client.get(path)
            assert "bonus.card" in answer.text, (path, answer.text)
            assert not any(card in answer.text for card in SECRET), (path, answer.text)
