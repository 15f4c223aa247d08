"""Results belong to the game: penalties are ranked by the game's own `rank`, provisional
sheets name who leads, and results other than a win (nobody, a solo game) are said so."""

from __future__ import annotations

import json

import pytest

from planets_log.cli.main import cli
from planets_log.engine.sheet import outcome_of, rank_highest, sheet_of, SeatScore
from planets_log.engine.play import selfplay
from tests.support.helpers import write_lines

# The tie-break each game's rulebook gives, by the name its sheet reports, and the sheet
# tiebreak key that holds each seat's value (None: the rulebook has none and the win is shared).
TIEBREAKS = {
    "four-planets": ("colour bonus", "colour bonus"),  # End of Game and Scoring
    "planetopia": ("atoms", "atoms"),                  # Game End
    "space-planets": (None, None),                     # no tie-break: shared
}


def finished_with_runner_up_ahead_on_tiebreak(game: str, key: str | None):
    """A seeded finished 2-player game whose runner-up would win a tie (or any, without a tie-break)."""
    for seed in range(60):
        build = selfplay(game, seed, ["Ann", "Ben"], rng_version=1)  # the seeds searched were version 1's
        sheet = build.session.rules.score(build.pos.state)
        (a, b) = sheet.scores
        if a.total == b.total:
            continue
        lead, other = (a, b) if a.total > b.total else (b, a)
        if key is None or other.tiebreak[key] > lead.tiebreak[key]:
            return build, lead, other
    pytest.fail(f"no seed gives a {game} game whose runner-up is ahead on {key}")


@pytest.mark.parametrize("game", sorted(TIEBREAKS))
def test_a_penalty_that_creates_a_tie_is_resolved_by_the_games_own_tiebreak(game, tmp_path, runner):
    name, key = TIEBREAKS[game]
    build, lead, other = finished_with_runner_up_ahead_on_tiebreak(game, key)
    path = write_lines(tmp_path / "game.jsonl", build.lines)
    gap = other.total - lead.total
    done = runner.invoke(cli, ["penalty", str(path), "--seat", lead.player, "--points", str(gap), "--reason", "slow play"])
    assert done.exit_code == 0, done.output
    out = runner.invoke(cli, ["score", str(path), "--json"])
    sheet = json.loads(out.output)
    assert sheet["scores"][lead.seat]["total"] == sheet["scores"][other.seat]["total"]
    if name is None:
        assert sorted(sheet["winners"]) == [0, 1] and sheet["outcome"] == "shared"
    else:
        assert sheet["winners"] == [other.seat], "the penalised leader kept the win despite the tie-break"
        assert sheet["tiebreak"] == name and sheet["outcome"] == "win"
    # the declared result is checked against the re-ranked sheet
    winner = [sheet["scores"][w]["player"] for w in sheet["winners"]]
    args = ["result", str(path)] + [x for w in winner for x in ("--winner", w)]
    assert runner.invoke(cli, args).exit_code == 0
    assert json.loads(runner.invoke(cli, ["score", str(path), "--json"]).output)["declared"]["status"] == "match"


@pytest.mark.parametrize("game", sorted(TIEBREAKS))
def test_a_provisional_sheet_names_who_leads_never_a_winner(game, tmp_path, runner):
    build = selfplay(game, 3, ["Ann", "Ben"])
    lines = build.lines[: len(build.lines) // 2]
    path = write_lines(tmp_path / "half.jsonl", lines)
    sheet = json.loads(runner.invoke(cli, ["score", str(path), "--json"]).output)
    assert sheet["final"] is False and sheet["outcome"] == "leads"
    assert sheet["winners"] == [] and sheet["leaders"]
    best = max(s["total"] for s in sheet["scores"])
    assert all(sheet["scores"][i]["total"] == best for i in sheet["leaders"])
    text = runner.invoke(cli, ["score", str(path)]).output
    assert "lead" in text and " wins" not in text


def test_nobody_wins_is_declared_and_checked(tmp_path, runner):
    build = selfplay("countdown", 1, ["Ann", "Ben"])
    path = write_lines(tmp_path / "c.jsonl", build.lines)
    done = runner.invoke(cli, ["result", str(path), "--nobody"])
    assert done.exit_code == 0, done.output
    assert "nobody wins" in done.output and "mismatch" not in done.output
    assert "declared result nobody wins but the rules give" in done.output
    assert runner.invoke(cli, ["result", str(path)]).exit_code == 2


def test_results_other_than_a_win():
    assert outcome_of([0], 1) == "solo-win" and outcome_of([], 1) == "solo-loss"
    assert outcome_of([], 3) == "nobody" and outcome_of([1, 2], 3) == "shared" and outcome_of([2], 3) == "win"
    rows = [SeatScore(0, "Ann", 3, {}), SeatScore(1, "Ben", 5, {})]
    provisional = sheet_of(rows, rank_highest([3, 5], final=False))
    assert provisional.winners == [] and provisional.leaders == [1] and not provisional.final
    final = sheet_of(rows, rank_highest([3, 5], final=True))
    assert final.winners == [1] and final.outcome == "win" and final.final
