"""A served folder and the framework's test client, with the director's link and helpers to make tables."""

from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Iterator

import pytest
from litestar.testing import TestClient

from planets_log.serve.app import create_app
from planets_log.serve.routes_director import link
from planets_log.serve.server import Server


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


def serve_folder(folder: Path, key: str | None = None, public_delay: int = 0) -> Iterator[Served]:
    server = Server(folder, "http://test", key, public_delay)
    director = bearer(link(server, "director", None, None, None).token)
    with TestClient(create_app(server)) as client:
        yield Served(folder, server, client, director)


@pytest.fixture
def served(tmp_path: Path) -> Iterator[Served]:
    yield from serve_folder(tmp_path / "served")
