"""A served folder and the framework's test client, with the director's link and helpers to make tables."""

from __future__ import annotations

import itertools
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Iterator

import pytest
from litestar.testing import TestClient

from planets_log.serve.app import create_app
from planets_log.serve.routes_director import link
from planets_log.serve.server import Server
from planets_log.store import EventStore, open_store
from planets_log.store.copy import copy_store
from planets_log.store.files import FileStore
from tests.support.natsd import Nats, running_nats


def bearer(token: str) -> dict[str, str]:
    return {"Authorization": f"Bearer {token}"}


@dataclass
class Served:
    """A server on a folder, its client and the director's headers; `links[table][role or player]` = headers."""

    folder: Path
    server: Server
    client: TestClient[Any]
    director: dict[str, str]
    links: dict[str, dict[str, dict[str, str]]] = field(default_factory=dict)

    def table(self, name: str, game: str = "four-planets", players: tuple[str, ...] = ("Ann", "Ben"), **extra: Any) -> dict[str, Any]:
        """Make a table (a public seed 7 unless told) and keep its links."""
        body = {"name": name, "game": game, "players": list(players), "seed": "public", "public_seed": 7, **extra}
        res = self.client.post("/api/tables", json=body, headers=self.director)
        assert res.status_code == 201, res.text
        made = res.json()
        self.links[name] = {(ln["player"] or ln["role"]): bearer(ln["token"]) for ln in made["links"]}
        return made

    def seq(self, name: str) -> int:
        return self.client.get(f"/api/tables/{name}", headers=self.director).json()["seq"]

    def play(self, name: str, *moves: str, who: str = "recorder") -> Any:
        """Post moves as the table's recorder at the current seq; the response."""
        return self.client.post(f"/api/tables/{name}/moves", json={"seq": self.seq(name), "moves": list(moves)},
                                headers=self.links[name][who])

    def legal(self, name: str) -> list[str]:
        return self.client.get(f"/api/tables/{name}/moves", headers=self.director).json()["moves"]


def serve_folder(folder: Path, key: str | None = None, public_delay: int = 0,
                 nats: Nats | None = None) -> Iterator[Served]:
    """A server on `folder`; with `nats`, on a new tournament in that NATS holding a copy of the folder (the server's
    own folder is then its mirror of the store)."""
    server = Server(folder if nats is None else nats_store(folder, nats), "http://test", key, public_delay)
    try:
        director = bearer(link(server, "director", None, None, None).token)
        with TestClient(create_app(server)) as client:
            yield Served(server.folder, server, client, director)
    finally:
        server.close()


def nats_store(folder: Path, nats: Nats) -> EventStore:
    """A new tournament in `nats`, holding a copy of `folder` if it has records."""
    store = open_store(nats.address(f"t{next(TOURNAMENTS)}"))
    if folder.is_dir():
        with FileStore(folder, create=False) as files:
            copy_store(files, store)
    return store


TOURNAMENTS = itertools.count(1)
STORES = ["files", "nats"]
"""The stores every test of the API runs on: a served folder, and a tournament in NATS JetStream."""


@pytest.fixture(scope="session")
def nats_node(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Nats]:
    """One NATS server (JetStream, each append synced) for the session; each test has a tournament of its own."""
    yield from running_nats(tmp_path_factory.mktemp("nats"))


@pytest.fixture(params=STORES)
def nats_or_files(request: pytest.FixtureRequest) -> Nats | None:
    """The NATS server to serve from, or None for a folder."""
    return request.getfixturevalue("nats_node") if request.param == "nats" else None


@pytest.fixture
def served(tmp_path: Path, nats_or_files: Nats | None) -> Iterator[Served]:
    yield from serve_folder(tmp_path / "served", nats=nats_or_files)


@pytest.fixture
def served_files(tmp_path: Path) -> Iterator[Served]:
    """A served folder only: for a test of the command line writing to the folder the server serves (a NATS
    store's server keeps a private mirror, which nothing else writes to)."""
    yield from serve_folder(tmp_path / "served")
