"""Issue 25, the audit over URLs: a record read through fsspec is checked as the same file on disk is.

Two kinds of record read their file a second time: a secret seed's reveal is looked up
before the main pass, and a retraction reaching past the undo window (1,024 standing
actions, format.md: retractions) reads the record again. Both once failed on every URL
with an internal TypeError (fsspec's files take no readline limit). A name holding '::'
is a name, not fsspec's URL chaining. Each test runs here and on a local Dask cluster
whose worker reads the URL itself.
"""

from __future__ import annotations

import json
import logging
from pathlib import Path

import pytest
from click.testing import CliRunner
from distributed import LocalCluster

from planets_log.engine.play import selfplay
from planets_log.engine.replay import Replay
from planets_log.engine.session import UNDO_WINDOW
from planets_log.record.commit import seed_path
from planets_log.record.events import Retract
from tests.engine.test_undo_window import countdown, take

from .served import serving
from .test_audit import run

DEEP_TAKES = 2 * UNDO_WINDOW + 50
"""Standing actions before the retraction: more than the undo window keeps (it is cut to the window
every UNDO_WINDOW lines, so between one and two windows stand)."""


@pytest.fixture(scope="module")
def scheduler():
    """A local cluster of one worker process; its worker reads the URLs as this process does."""
    with LocalCluster(n_workers=1, threads_per_worker=1, processes=True, dashboard_address=":0",
                      silence_logs=logging.ERROR) as cluster:
        yield cluster.scheduler_address


def _secret_record(folder: Path) -> None:
    """A Countdown game with a secret seed, played to its end: its last line reveals the secret."""
    runner, path = CliRunner(), folder / "secret.jsonl"
    assert run(runner, "new", "countdown", "--player", "Ann", "--player", "Ben", path).exit_code == 0
    for _ in range(50):
        if "the game is over" in run(runner, "record", path, "take 1").output:
            break
    seed_path(path).unlink()  # what a reader of the URL has: the record alone
    assert b'"reveal-seed"' in path.read_bytes().splitlines()[-1]


def _deep_record(folder: Path) -> str:
    """A finished Countdown table game whose retraction reaches past the undo window; its edition's path."""
    out, edition = countdown(folder, pile=2 * DEEP_TAKES)
    for _ in range(DEEP_TAKES):
        take(out)
    out.add(Retract(target=5, reason="back to the fourth take"))
    while out.session.to_move(out.pos) >= 0:
        take(out)
    out.close()
    path = Path(out.handle.name).rename(folder / "deep.jsonl")
    replay = Replay(str(path), edition)
    replay.final()
    assert replay.undo_window is None, "the retraction did not reach past the window"
    return edition


@pytest.fixture(scope="module")
def served(tmp_path_factory):
    """(root folder, its URL, the deep record's edition): secret/secret.jsonl, deep/deep.jsonl, colons/a::b.jsonl."""
    root = tmp_path_factory.mktemp("urls")
    for name in ("secret", "deep", "colons"):
        (root / name).mkdir()
    _secret_record(root / "secret")
    edition = _deep_record(root / "deep")
    (root / "colons" / "a::b.jsonl").write_text(selfplay("countdown", 3).text())
    with serving(root) as url:
        yield root, url, edition


def _same_report(runner, local: str, remote: str, *args: str) -> dict:
    """The --json report of `remote` (a URL of the folder `local`), checked against the local one."""
    want = run(runner, "audit", local, "--json", *args)
    got = run(runner, "audit", remote, "--json", *args)
    assert "[internal]" not in got.output and "Traceback" not in got.output, got.output
    assert got.exit_code == want.exit_code, got.output
    assert got.stdout.replace(remote, local) == want.stdout
    return json.loads(got.stdout)


HOW = [pytest.param(False, id="here"), pytest.param(True, id="on-a-cluster")]


@pytest.mark.parametrize("on_cluster", HOW)
def test_a_secret_seed_record_over_http_is_checked_with_its_revealed_seed(on_cluster, served, scheduler, runner):
    root, url, _ = served
    where = ["--scheduler", scheduler] if on_cluster else []
    report = _same_report(runner, f"{root}/secret/", f"{url}secret/", *where)
    (rec,) = report["records"]
    assert rec["valid"] and rec["finished"] and rec["mode"] == "seeded-verified" and rec["problems"] == []


@pytest.mark.parametrize("on_cluster", HOW)
def test_a_retraction_past_the_undo_window_over_http_reads_the_url_again(on_cluster, served, scheduler, runner):
    root, url, edition = served
    where = ["--scheduler", scheduler] if on_cluster else []
    report = _same_report(runner, f"{root}/deep/", f"{url}deep/", "--edition", f"countdown={edition}", *where)
    (rec,) = report["records"]
    assert rec["valid"] and rec["finished"] and rec["problems"] == []


@pytest.mark.parametrize("on_cluster", HOW)
def test_a_name_with_two_colons_under_a_file_url_is_a_name(on_cluster, served, scheduler, runner):
    root, _, _ = served
    where = ["--scheduler", scheduler] if on_cluster else []
    report = _same_report(runner, f"{root}/colons/", f"file://{root}/colons/", *where)
    (rec,) = report["records"]
    assert rec["file"] == f"file://{root}/colons/a::b.jsonl" and rec["valid"] and rec["problems"] == []
    alone = run(runner, "audit", f"file://{root}/colons/a::b.jsonl", *where)
    assert alone.exit_code == 0, alone.output


def test_fsspec_url_chaining_is_refused_with_a_clear_message(served, runner):
    root, url, _ = served
    for chained in (f"simplecache::file://{root}/colons/", f"filecache::{url}secret/secret.jsonl"):
        res = run(runner, "audit", chained)
        assert res.exit_code == 2 and "Traceback" not in res.output
        assert "[url.chained]" in res.output and "'::'" in res.output, res.output
