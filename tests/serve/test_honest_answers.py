"""Honest answers when the disk or a record fails (issue 35, item 9): a full disk is 507, never the rules' 422;
a damaged table's 503 names the seq of its damage; a record cut before a drawn outcome is drawn again."""

from __future__ import annotations

import errno
import os

from .conftest import Served


def test_making_a_table_on_a_full_disk_is_507_and_leaves_nothing(served: Served, monkeypatch):
    real = os.fsync

    def full(fd: int) -> None:
        raise OSError(errno.ENOSPC, os.strerror(errno.ENOSPC))

    monkeypatch.setattr(os, "fsync", full)
    body = {"name": "t", "game": "four-planets", "players": ["Ann", "Ben"], "seed": "public", "public_seed": 7}
    res = served.client.post("/api/tables", json=body, headers=served.director)
    assert res.status_code == 507, res.text
    assert res.json()["code"] == "file.write" and "No space left on device" in res.json()["message"]
    assert not list(served.folder.glob("t.jsonl*")) and not list(served.folder.glob(".*.tmp"))
    monkeypatch.setattr(os, "fsync", real)
    assert served.client.post("/api/tables", json=body, headers=served.director).status_code == 201
