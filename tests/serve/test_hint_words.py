"""The same words from both doors (issue 35, item 8): at every chance point of a table game, the server's hint
(`position`, `moves`) is the command line's (`moves --json`), for the scorekeeper and for a seat; a spectator is
told it as a seat is."""

from __future__ import annotations

import json

import pytest
from click.testing import CliRunner

from planets_log.cli.main import cli
from planets_log.engine.hints import EXAMPLE
from planets_log.engine.rules import CHANCE
from tests.support.positions import positions
from tests.support.playouts import build, default

from .conftest import Served

GAMES = ["four-planets", "space-planets", "planetopia", "planetarium", "planetship-2491"]
LINES = 40


def cli_hint(served: Served, *seat: str) -> str | None:
    out = CliRunner().invoke(cli, ["moves", str(served.folder / "t.jsonl"), "--json", *seat])
    assert out.exit_code == 0, out.output
    return json.loads(out.output)["hint"]


@pytest.mark.parametrize("game", GAMES)
def test_the_server_and_the_command_line_give_one_hint(served: Served, game: str):
    played = build(game, default(game), 1)
    players = json.loads(played.lines[0])["players"]
    served.table("t", game=game, players=tuple(players), seed="table", public=True)
    rules, seen = played.session.rules, 0
    for n, (state, event) in enumerate(positions(played)):
        if event is None or n > LINES:
            break
        if rules.to_move(state) == CHANCE and served.seq("t") > 0:
            seen += 1
            for headers, cli_args in ((served.director, ()), (served.links["t"][players[0]], ("--as", players[0]))):
                said = cli_hint(served, *cli_args)
                for path in ("position", "moves"):
                    got = served.client.get(f"/api/tables/t/{path}", headers=headers).json()["hint"]
                    assert got == said, f"{game} at seq {served.seq('t')}, {path}, {cli_args or 'scorekeeper'}"
            spectator = served.client.get("/api/tables/t/position").json()["hint"]
            assert spectator == cli_hint(served, "--as", players[0])
        served.play("t", rules.format(event, state))
    assert seen > 1


def test_four_planets_green_ability_hint_carries_its_example_on_both_doors(served: Served):
    """The case the issue found: `draw C` from the server where the command line said `draw C — e.g. draw B0s`."""
    played = build("four-planets", default("four-planets"), 1)  # its 54th line is that draw
    served.table("t", players=tuple(json.loads(played.lines[0])["players"]), seed="table")
    rules = played.session.rules
    for state, event in positions(played):
        if event is None:
            break
        if rules.to_move(state) == CHANCE and "green ability" in rules.chance_hint(state):
            said = served.client.get("/api/tables/t/position", headers=served.director).json()["hint"]
            assert said == cli_hint(served) and EXAMPLE in said
            return
        served.play("t", rules.format(event, state))
    pytest.fail("the playout reached no green ability's draw")
