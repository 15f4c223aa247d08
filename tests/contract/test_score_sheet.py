"""Score sheets that add up, in every game: `breakdown` holds points only and sums to `total`;
the counts a tie-break reads are in `tiebreak`, apart, in the text and the JSON alike."""

from __future__ import annotations

import inspect
import json

import pytest

from planets_log.cli.main import cli
from planets_log.engine.rules import TERMINAL
from tests.support.playouts import default
from tests.support.positions import cases, games, playouts, positions
from tests.support.playouts import build as play
from tests.support.helpers import write_lines


def sheets(rules, state):
    """The scorekeeper's sheet of a position and, in a game with hidden information, each seat's."""
    yield None, rules.score(state)
    if rules.hidden_information and "seat" in inspect.signature(rules.score).parameters:
        for seat in range(len(rules.score(state).scores)):
            yield seat, rules.score(state, seat)


def adds_up_problem(sheet, seat: int | None = None) -> str | None:
    """Why a sheet's breakdown does not sum to its totals (or holds a non-number), or None.

    A seat's sheet may hold None for what the seat cannot know (issue 25); its total is then None too."""
    for s in sheet.scores:
        values = list(s.breakdown.values()) + list(s.tiebreak.values())
        unknown = seat is not None and (s.total is None or None in s.breakdown.values())
        if unknown and s.total is not None:
            return f"{s.player}: the total {s.total} rests on a part this seat cannot know: {s.breakdown}"
        if not unknown and sum(s.breakdown.values()) != s.total:
            return f"{s.player}: breakdown {s.breakdown} sums to {sum(s.breakdown.values())}, not the total {s.total}"
        if not all(isinstance(v, int) or (seat is not None and v is None) for v in values):
            return f"{s.player}: a breakdown or tie-break value is not an integer: {s.breakdown} {s.tiebreak}"
    return None


@pytest.mark.parametrize("game,config", cases())
def test_the_breakdown_sums_to_the_total_at_every_position(game, config):
    for build in playouts(game, range(2), config):
        rules = build.session.rules
        for k, (state, _) in enumerate(positions(build)):
            if k % max(1, config.every * 3) and rules.to_move(state) != TERMINAL:
                continue  # every third position (every position of a long game's stride), and the end
            for seat, sheet in sheets(rules, state):
                problem = adds_up_problem(sheet, seat)
                assert problem is None, f"{game} seed {build.session.header.seed} position {k} as {seat}: {problem}"


@pytest.mark.parametrize("game", games())
def test_score_json_and_text_keep_points_and_tiebreaks_apart_penalty_included(game, tmp_path, runner):
    build = play(game, default(game), 1)
    path = write_lines(tmp_path / "game.jsonl", build.lines)
    first = build.session.header.players[0]
    done = runner.invoke(cli, ["penalty", str(path), "--seat", first, "--points", "-2", "--reason", "slow play"])
    assert done.exit_code == 0, done.output
    out = runner.invoke(cli, ["score", str(path), "--json"])
    assert out.exit_code == 0, out.output
    sheet = json.loads(out.output)
    for s in sheet["scores"]:
        assert set(s) >= {"breakdown", "total"}
        assert sum(s["breakdown"].values()) == s["total"], s
    assert sheet["scores"][0]["breakdown"]["penalties"] == -2
    text = runner.invoke(cli, ["score", str(path)]).output.splitlines()
    total = text.index(next(line for line in text if line.startswith("total ")))
    points = [line.split()[-len(sheet["scores"]):] for line in text[2:total]]
    for i, s in enumerate(sheet["scores"]):
        assert sum(int(row[i]) for row in points) == s["total"], "the text's point rows do not sum to its total"
    names = [k for s in sheet["scores"] for k in s.get("tiebreak", {})]
    below = "\n".join(text[total:])
    assert all(name in below for name in names), "a tie-break value is not listed below the total"
