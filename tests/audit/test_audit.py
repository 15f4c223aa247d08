"""`planets-log audit` on a sealed self-play tournament of every registered game, with planted problems."""

from __future__ import annotations

import csv
import io
import json
import shutil
from pathlib import Path

import pytest

from planets_log.cli.main import cli
from planets_log.audit.report import AuditConfig
from planets_log.audit.pool import collect
from planets_log.audit.tournament import audit
from planets_log.record.events import Result
from planets_log.engine.play import selfplay
from planets_log.record.lines import line_hash
from planets_log.engine.scoring import adjusted_sheet

from .tournament import (game_params, importable_games, other_edition, play_with_edition, read_lines, sealed,
                         write_lines)


def run(runner, *args):
    return runner.invoke(cli, [str(a) for a in args], catch_exceptions=False)


def found(report: dict) -> dict[str, set[tuple[str, int]]]:
    """file -> {(code, line)} of every record in a JSON report."""
    out = {}
    for rec in report["records"]:
        for p in rec["problems"]:
            assert p["file"] == rec["file"], p
        out[rec["file"]] = {(p["code"], p["line"]) for p in rec["problems"]}
    return out


# --- the planted tournament, per game --------------------------------------------------

@pytest.mark.parametrize("game", game_params())
def test_audit_reports_exactly_the_planted_problems(game, tournament_of, keys, runner):
    t = tournament_of(game)
    res = run(runner, "audit", t.folder, "--key", keys.good_pub, "--json")
    assert res.exit_code == 1, res.output
    report = json.loads(res.stdout)
    assert found(report) == t.expected
    assert report["problems"] == sum(len(v) for v in t.expected.values())
    assert report["other"] == []
    by_file = {r["file"]: r for r in report["records"]}
    for name in ("ok-1.jsonl", "ok-2.jsonl", "ok-3-result.jsonl", "ok-4-override.jsonl"):
        rec = by_file[str(t.folder / name)]
        assert rec["valid"] and rec["finished"] and rec["sealed"] and rec["verified"] and rec["counted"]
    assert by_file[str(t.folder / "ok-3-result.jsonl")]["result"]["declared"] == "match"
    assert by_file[str(t.folder / "ok-4-override.jsonl")]["result"]["by"] == "arbiter"
    assert report["duplicates"] == [
        {"kind": "copy", "files": [str(t.folder / "ok-1.jsonl"), str(t.folder / "zz-copy-of-ok-1.jsonl")]},
        {"kind": "prefix", "files": [str(t.folder / "zz-prefix-of-ok-2.jsonl"), str(t.folder / "ok-2.jsonl")]},
    ]


@pytest.mark.parametrize("game", game_params())
def test_text_and_csv_reports_name_each_problem_at_its_file_and_line(game, tournament_of, keys, runner):
    t = tournament_of(game)
    text = run(runner, "audit", t.folder, "--key", keys.good_pub)
    assert text.exit_code == 1
    lines = text.stdout.splitlines()
    for file, problems in t.expected.items():
        for code, line in problems:
            assert any(x.startswith(f"{file}:{line}:") and f"[{code}]" in x for x in lines), (file, code, line)
    assert f"{t.folder / 'ok-1.jsonl'}: ok" in text.stdout
    res = run(runner, "audit", t.folder, "--key", keys.good_pub, "--csv")
    assert res.exit_code == 1
    rows = list(csv.DictReader(io.StringIO(res.stdout)))
    got: dict[str, set] = {f: set() for f in t.expected}
    overridden = set()
    for row in rows:
        assert row["record"] == "", "a row about the record itself repeats its file in the record column"
        if row["code"] == "result.overridden":  # the arbiter's override, listed after the problems (not one)
            overridden.add(Path(row["file"]).name)
            continue
        got[row["file"]].add((row["code"], int(row["line"])))
    assert got == t.expected
    assert overridden == {"ok-4-override.jsonl"}


@pytest.mark.parametrize("game", game_params())
def test_without_a_key_seals_are_not_required_and_not_verified(game, tournament_of, runner):
    t = tournament_of(game)
    report = json.loads(run(runner, "audit", t.folder, "--json").stdout)
    want = {f: {p for p in v if p[0] not in ("seal.key", "seal.signature", "seal.missing")}
            for f, v in t.expected.items()}
    assert found(report) == want
    assert all(r["verified"] is None for r in report["records"])


def test_every_registered_game_is_in_the_audit_tests():
    ids = [p.id for p in game_params()]
    assert "countdown" in ids
    from planets_log.engine.registry import game_ids

    assert ids == game_ids()


# --- the whole tournament at once: --jobs ----------------------------------------------

def test_jobs_2_gives_the_same_report_as_jobs_1(tournament_of, keys, runner):
    folders = [tournament_of(g).folder for g in importable_games()]
    expected = {}
    for g in importable_games():
        expected.update(tournament_of(g).expected)
    one = run(runner, "audit", *folders, "--key", keys.good_pub, "--json", "--jobs", "1")
    two = run(runner, "audit", *folders, "--key", keys.good_pub, "--json", "--jobs", "2")
    assert one.exit_code == two.exit_code == 1
    assert one.stdout == two.stdout
    assert found(json.loads(one.stdout)) == expected
    text1 = run(runner, "audit", *folders, "--key", keys.good_pub, "-j", "1").stdout
    text2 = run(runner, "audit", *folders, "--key", keys.good_pub, "-j", "2").stdout
    assert text1 == text2
    csv1 = run(runner, "audit", *folders, "--key", keys.good_pub, "--csv", "-j", "1").stdout
    csv2 = run(runner, "audit", *folders, "--key", keys.good_pub, "--csv", "-j", "2").stdout
    assert csv1 == csv2


def test_progress_is_reported_once_per_record(tournament_of, keys):
    t = tournament_of("countdown")
    files = collect([str(t.folder)])
    for jobs in (1, 2):
        ticks = []
        audit(files, AuditConfig(keys=(keys.good,)), jobs=jobs, progress=ticks.append)
        assert sum(ticks) == len(files)


# --- standings ------------------------------------------------------------------------

def test_standings_count_games_wins_shared_wins_and_points(tmp_path, keys, runner):
    expect: dict[str, dict] = {}

    def tally(build, winners):
        shared = len(winners) > 1
        sheet = adjusted_sheet(build.session, build.pos)
        for s in sheet.scores:
            row = expect.setdefault(s.player, {"player": s.player, "games": 0, "wins": 0, "shared": 0, "no_winner": 0,
                                               "points": 0})
            row["games"] += 1
            row["points"] += s.total
            if s.seat in winners:
                row["shared" if shared else "wins"] += 1

    for seed in range(1, 6):
        build = selfplay("countdown", seed, ["Ann", "Ben", "Cy"][: 2 + seed % 2])
        tally(build, adjusted_sheet(build.session, build.pos).winners)
        sealed(tmp_path / f"g{seed}.jsonl", build, keys.good)
    build = selfplay("countdown", 9, ["Ann", "Ben"])
    build.add(Result(winners=[0, 1], declared_by="arbiter", reason="both agreed to share the table"))
    tally(build, [0, 1])
    sealed(tmp_path / "shared.jsonl", build, keys.good)
    bad = selfplay("countdown", 10, ["Ann", "Ben"])  # not sealed: a problem, so not counted
    write_lines(tmp_path / "unsealed.jsonl", bad.lines)
    res = run(runner, "audit", tmp_path, "--key", keys.good_pub, "--json")
    report = json.loads(res.stdout)
    assert found(report)[str(tmp_path / "unsealed.jsonl")] == {("seal.missing", len(bad.lines))}
    rows = sorted(expect.values(), key=lambda x: (-x["wins"], -x["shared"], -x["points"], x["player"]))
    assert report["standings"] == {"countdown": rows}
    assert any(r["shared"] == 1 for r in rows)
    text = run(runner, "audit", tmp_path, "--key", keys.good_pub).stdout
    assert "Standings: countdown (6 games counted)" in text


# --- the director's results file -------------------------------------------------------

def results_tournament(folder: Path, keys) -> dict[str, object]:
    folder.mkdir()
    out = {}
    for seed in (1, 2, 3):
        build = selfplay("countdown", seed, ["Ann", "Ben"])
        sealed(folder / f"t{seed}.jsonl", build, keys.good)
        out[f"t{seed}"] = build
    return out


def names(build) -> list[str]:
    return [build.session.header.players[w] for w in adjusted_sheet(build.session, build.pos).winners]


def loser(build) -> str:
    return next(p for p in build.session.header.players if p not in names(build))


def test_results_file_by_log_id(tmp_path, keys, runner):
    builds = results_tournament(tmp_path / "r", keys)
    results = tmp_path / "results.csv"
    t1, t2, t3 = builds["t1"], builds["t2"], builds["t3"]
    results.write_text(
        "log_id,winners\n"
        f"{t1.session.header.log_id},{';'.join(names(t1))}\n"
        f"{t2.session.header.log_id},{loser(t2)}\n"
        "no-such-game,Ann\n"
        f"{t3.session.header.log_id},Zed\n"
        f"{t1.session.header.log_id},{';'.join(names(t1))}\n"
        f"{t3.session.header.log_id},\n"
    )
    res = run(runner, "audit", tmp_path / "r", "--key", keys.good_pub, "--results", results, "--json")
    assert res.exit_code == 1
    report = json.loads(res.stdout)
    problems = {(r["file"], p["file"], p["code"], p["line"]) for r in report["records"] for p in r["problems"]}
    r = str(results)
    assert problems == {
        (str(tmp_path / "r" / "t2.jsonl"), r, "result.mismatch", 3),
        (str(tmp_path / "r" / "t3.jsonl"), r, "results.player", 5),
        (str(tmp_path / "r" / "t1.jsonl"), r, "results.duplicate", 6),
    }
    assert {(p["code"], p["line"]) for p in report["other"]} == {("results.unknown", 4), ("results.row", 7)}
    text = run(runner, "audit", tmp_path / "r", "--key", keys.good_pub, "--results", results).stdout
    assert f"{results}:3: [result.mismatch]" in text and f"{results}:4: [results.unknown]" in text
    rows = csv.DictReader(io.StringIO(run(runner, "audit", tmp_path / "r", "--key", keys.good_pub,
                                          "--results", results, "--csv").stdout))
    # a problem in the results file names the record it is about; a row about no record leaves it empty
    assert {(row["file"], row["line"], row["code"], row["record"]) for row in rows} == {
        (r, "3", "result.mismatch", str(tmp_path / "r" / "t2.jsonl")),
        (r, "5", "results.player", str(tmp_path / "r" / "t3.jsonl")),
        (r, "6", "results.duplicate", str(tmp_path / "r" / "t1.jsonl")),
        (r, "4", "results.unknown", ""), (r, "7", "results.row", ""),
    }
    # A result mismatch does not take the record out of the standings (the rules' result counts).
    assert all(rec["counted"] for rec in report["records"])


def test_results_file_by_file_name(tmp_path, keys, runner):
    builds = results_tournament(tmp_path / "r", keys)
    results = tmp_path / "results.csv"
    results.write_text("file,winners\n"
                       f"r/t1.jsonl,{names(builds['t1'])[0]}\n"
                       f"r/t2.jsonl,{names(builds['t2'])[0]}\n"
                       f"r/t3.jsonl,{loser(builds['t3'])}\n")
    res = run(runner, "audit", tmp_path / "r", "--key", keys.good_pub, "--results", results, "--json")
    report = json.loads(res.stdout)
    assert res.exit_code == 1
    assert [(p["file"], p["code"], p["line"]) for rec in report["records"] for p in rec["problems"]] == [
        (str(results), "result.mismatch", 4)]


def test_a_matching_results_file_gives_no_problem(tmp_path, keys, runner):
    builds = results_tournament(tmp_path / "r", keys)
    results = tmp_path / "results.csv"
    results.write_text("# round 1\nlog_id,winners\n" + "".join(
        f"{b.session.header.log_id},{';'.join(names(b))}\n" for b in builds.values()))
    res = run(runner, "audit", tmp_path / "r", "--key", keys.good_pub, "--results", results)
    assert res.exit_code == 0, res.output
    assert "0 problems" in res.stdout


def test_a_results_file_without_the_columns_is_a_usage_error(tmp_path, keys, runner):
    results_tournament(tmp_path / "r", keys)
    bad = tmp_path / "bad.csv"
    bad.write_text("table,winner\n1,Ann\n")
    res = run(runner, "audit", tmp_path / "r", "--results", bad)
    assert res.exit_code == 2 and "winners" in res.output


# --- duplicates, editions, rules versions, broken files ---------------------------------

def test_the_same_log_id_for_two_different_records(tmp_path, keys, runner):
    for seed in (1, 2):
        sealed(tmp_path / f"g{seed}.jsonl", selfplay("countdown", seed, log_id="table-7"), keys.good)
    report = json.loads(run(runner, "audit", tmp_path, "--key", keys.good_pub, "--json").stdout)
    assert found(report) == {str(tmp_path / "g1.jsonl"): {("duplicate.log_id", 1)},
                             str(tmp_path / "g2.jsonl"): {("duplicate.log_id", 1)}}
    assert report["duplicates"] == [{"kind": "log_id", "log_id": "table-7",
                                     "files": [str(tmp_path / "g1.jsonl"), str(tmp_path / "g2.jsonl")]}]
    assert report["standings"] == {}


def test_the_same_file_named_twice_is_audited_once(tmp_path, keys, runner):
    path = sealed(tmp_path / "g.jsonl", selfplay("countdown", 1), keys.good)
    res = run(runner, "audit", path, tmp_path, path, "--key", keys.good_pub, "--json")
    assert res.exit_code == 0
    assert len(json.loads(res.stdout)["records"]) == 1


def test_the_tournament_edition_can_be_chosen(tmp_path, keys, runner):
    folder = tmp_path / "r"
    folder.mkdir()
    edition = other_edition("countdown", tmp_path)
    sealed(folder / "house.jsonl", play_with_edition("countdown", 1, edition), keys.good, edition)
    sealed(folder / "reference.jsonl", selfplay("countdown", 2), keys.good)
    res = run(runner, "audit", folder, "--key", keys.good_pub, "--edition", f"countdown={edition}", "--json")
    report = json.loads(res.stdout)
    assert found(report) == {str(folder / "house.jsonl"): set(), str(folder / "reference.jsonl"): {("edition.other", 1)}}
    rec = next(r for r in report["records"] if r["file"].endswith("reference.jsonl"))
    assert rec["valid"] and "checked with that edition" in rec["problems"][0]["message"]
    res = run(runner, "audit", folder, "--edition", "countdown=nowhere.toml")
    assert res.exit_code == 2


def test_another_rules_version_an_unknown_game_and_broken_files(tmp_path, keys, runner):
    build = selfplay("countdown", 1)
    header = json.loads(build.lines[0])
    header["rules"], header["log_id"] = 99, "other-rules"
    write_lines(tmp_path / "rules.jsonl", [json.dumps(header, separators=(",", ":")).encode()])
    header["rules"], header["game"], header["log_id"] = 1, "chess960", "other-game"
    write_lines(tmp_path / "game.jsonl", [json.dumps(header, separators=(",", ":")).encode()])
    (tmp_path / "torn.jsonl").write_bytes(b"".join(x + b"\n" for x in build.lines) + b'{"type":"ta')
    (tmp_path / "garbage.jsonl").write_bytes(b"not json\n")
    (tmp_path / "empty.jsonl").write_bytes(b"")
    report = json.loads(run(runner, "audit", tmp_path, "--json").stdout)
    assert found(report) == {
        str(tmp_path / "rules.jsonl"): {("rules.other", 1)},
        str(tmp_path / "game.jsonl"): {("game.unknown", 1)},
        str(tmp_path / "torn.jsonl"): {("torn-tail", len(build.lines) + 1)},
        str(tmp_path / "garbage.jsonl"): {("json", 1)},
        str(tmp_path / "empty.jsonl"): {("header.missing", 1)},
    }


def test_usage_errors_exit_2(tmp_path, keys, runner):
    sealed(tmp_path / "g.jsonl", selfplay("countdown", 1), keys.good)
    assert run(runner, "audit", tmp_path, "--json", "--csv").exit_code == 2
    assert run(runner, "audit", tmp_path / "missing").exit_code == 2
    (tmp_path / "empty").mkdir()
    assert run(runner, "audit", tmp_path / "empty").exit_code == 2
    (tmp_path / "bad.key").write_text('{"alg": "rot13", "secret": "00"}')
    res = run(runner, "audit", tmp_path, "--key", tmp_path / "bad.key")
    assert res.exit_code == 2 and "rot13" in res.output and "Traceback" not in res.output


def test_an_untouched_tournament_passes(tmp_path, keys, runner):
    for game in importable_games():
        for seed in (1, 2):
            sealed(tmp_path / f"{game}-{seed}.jsonl", selfplay(game, seed), keys.good)
    res = run(runner, "audit", tmp_path, "--key", keys.good_pub, "--jobs", "2")
    assert res.exit_code == 0, res.output
    assert "0 problems" in res.stdout
    report = json.loads(run(runner, "audit", tmp_path, "--key", keys.good_pub, "--json").stdout)
    assert sorted(report["standings"]) == sorted(importable_games())
    # A copy moved into another folder is still the same record.
    shutil.copytree(tmp_path, tmp_path.parent / (tmp_path.name + "-again"))
    both = json.loads(run(runner, "audit", tmp_path, tmp_path.parent / (tmp_path.name + "-again"), "--json").stdout)
    assert sum(1 for d in both["duplicates"] if d["kind"] == "copy") == len(importable_games()) * 2
    assert {p["code"] for r in both["records"] for p in r["problems"]} == {"duplicate.copy"}


# --- the remaining seal and result cases -----------------------------------------------

def test_an_edit_before_the_seal_with_the_seal_prev_fixed_is_a_seal_mismatch(tmp_path, keys, runner):
    path = sealed(tmp_path / "g.jsonl", selfplay("countdown", 4), keys.good)
    lines = read_lines(path)
    lines[-2] = json.dumps(json.loads(lines[-2])).encode()
    seal = json.loads(lines[-1])
    seal["prev"] = line_hash(lines[-2])
    lines[-1] = json.dumps(seal, separators=(",", ":")).encode()
    write_lines(path, lines)
    report = json.loads(run(runner, "audit", tmp_path, "--key", keys.good_pub, "--json").stdout)
    assert found(report) == {str(path): {("seal.mismatch", len(lines))}}


def test_a_game_the_arbiter_ended_counts_with_the_declared_result(tmp_path, keys, runner):
    build = selfplay("countdown", 5, ["Ann", "Ben"])
    path = write_lines(tmp_path / "g.jsonl", build.lines[:3])
    run(runner, "result", path, "--winner", "Ben", "--by", "arbiter", "--reason", "Ann left the hall")
    assert run(runner, "seal", path, "--key", keys.good.path).exit_code == 0
    res = run(runner, "audit", tmp_path, "--key", keys.good_pub, "--json")
    assert res.exit_code == 0, res.stdout
    [rec] = json.loads(res.stdout)["records"]
    assert not rec["finished"] and rec["counted"]
    assert rec["result"] == {"winners": ["Ben"], "outcome": "win", "by": "arbiter", "declared": "unfinished"}
    # Declared by the players, an unfinished game is a problem.
    path2 = write_lines(tmp_path / "h.jsonl", selfplay("countdown", 6, ["Ann", "Ben"]).lines[:3])
    run(runner, "result", path2, "--winner", "Ben")
    report = json.loads(run(runner, "audit", tmp_path, "--json").stdout)
    assert found(report)[str(path2)] == {("game.unfinished", 4)}


def test_a_ruling_is_listed_not_reported(tmp_path, keys, runner):
    path = write_lines(tmp_path / "g.jsonl", selfplay("countdown", 7, ["Ann", "Ben"]).lines[:2])
    assert run(runner, "rule", path, "take 4", "--reason", "house rule agreed").exit_code == 0
    run(runner, "seal", path, "--key", keys.good.path)
    res = run(runner, "audit", tmp_path, "--key", keys.good_pub)
    assert "seq 3: ruled [take.count]" in res.stdout and "house rule agreed" in res.stdout
    report = json.loads(run(runner, "audit", tmp_path, "--key", keys.good_pub, "--json").stdout)
    assert report["records"][0]["rulings"] == [
        {"seq": 3, "code": "take.count", "message": "Ann may take 1 to 3, not 4", "reason": "house rule agreed"}]
    assert found(report) == {str(path): {("game.unfinished", 5)}}  # listed, but not a problem


def test_a_bad_edition_file_is_a_usage_error(tmp_path, runner):
    sealed_dir = tmp_path / "r"
    sealed_dir.mkdir()
    write_lines(sealed_dir / "g.jsonl", selfplay("countdown", 1).lines)
    bad = tmp_path / "bad.toml"
    bad.write_text("name = 3\n")
    res = run(runner, "audit", sealed_dir, "--edition", f"countdown={bad}")
    assert res.exit_code == 2 and "--edition countdown=" in res.output
