"""`planets-log audit --scheduler`: the per-record checks on a Dask cluster give the report of `--jobs 1`."""

from __future__ import annotations

import json
import logging

import pytest
from distributed import LocalCluster

from planets_log.audit.report import AuditConfig
from planets_log.audit.pool import collect
from planets_log.audit.cluster import Cluster, batch_size
from planets_log.audit.tournament import audit

from .faults import failing_batch
from .served import BreaksOff, http_server
from .test_audit import found, run
from .tournament import importable_games


@pytest.fixture(scope="module")
def scheduler():
    """The address of a local cluster of two worker processes, one thread each."""
    with LocalCluster(n_workers=2, threads_per_worker=1, processes=True, dashboard_address=":0",
                      silence_logs=logging.ERROR) as cluster:
        yield cluster.scheduler_address


@pytest.fixture(scope="module")
def planted(tournament_of):
    """Every game's tournament with its planted problems: (folders, expected problems)."""
    folders, expected = [], {}
    for game in importable_games():
        t = tournament_of(game)
        folders.append(t.folder)
        expected.update(t.expected)
    return folders, expected


@pytest.mark.parametrize("how", [[], ["--send-records"], ["--batch", "1"]], ids=["shared-path", "bytes", "batch-1"])
def test_the_cluster_gives_the_report_of_jobs_1_byte_for_byte(how, scheduler, planted, keys, runner):
    folders, expected = planted
    one = run(runner, "audit", *folders, "--key", keys.good_pub, "--json", "--jobs", "1")
    dask = run(runner, "audit", *folders, "--key", keys.good_pub, "--json", "--scheduler", scheduler, *how)
    assert one.exit_code == dask.exit_code == 1, dask.output
    assert dask.stdout == one.stdout
    assert found(json.loads(dask.stdout)) == expected  # the planted problems, each at its line


def test_text_and_csv_reports_are_the_same_on_the_cluster(scheduler, planted, keys, runner):
    folders, _ = planted
    for form in ([], ["--csv"]):
        one = run(runner, "audit", *folders, "--key", keys.good_pub, *form)
        dask = run(runner, "audit", *folders, "--key", keys.good_pub, *form, "--scheduler", scheduler)
        assert dask.stdout == one.stdout


def test_a_record_the_workers_cannot_read_is_reported_not_fatal(scheduler, planted, tmp_path, keys):
    folders, _ = planted
    files = collect([str(folders[0])])[:3] + [str(tmp_path / "gone.jsonl")]  # removed after it was listed
    cfg = AuditConfig(keys=(keys.good,))
    one = audit(files, cfg).to_json()
    for send in (False, True):
        assert audit(files, cfg, cluster=Cluster(scheduler, send=send)).to_json() == one
    gone = next(r for r in one["records"] if r["file"].endswith("gone.jsonl"))
    assert [p["code"] for p in gone["problems"]] == ["file.open"]


def test_an_http_error_while_a_sent_record_is_read_is_that_records_problem(scheduler, runner):
    """--send-records reads each record here: a host answering 500 once the record is open (after its HEAD) is a
    file.read problem of that record, as with --jobs 1, not a crash of the audit."""
    with http_server(BreaksOff) as url:
        one = run(runner, "audit", f"{url}tournament/", "--json", "--jobs", "1")
        sent = run(runner, "audit", f"{url}tournament/", "--json", "--scheduler", scheduler, "--send-records")
    assert sent.exit_code == one.exit_code == 1, sent.output
    assert sent.stdout == one.stdout
    [record] = json.loads(sent.stdout)["records"]
    assert [p["code"] for p in record["problems"]] == ["file.read"], record
    assert "500" in record["problems"][0]["message"]


def test_records_at_an_fsspec_url(scheduler, planted, keys, runner):
    folders, expected = planted
    folder = folders[0]
    url = f"file://{folder}"
    res = run(runner, "audit", url, "--key", keys.good_pub, "--json", "--scheduler", scheduler)
    assert res.exit_code == 1, res.output
    report = json.loads(res.stdout)
    assert all(r["file"].startswith("file://") for r in report["records"])
    mine = {f: v for f, v in expected.items() if f.startswith(str(folder))}
    assert {f.removeprefix("file://"): v for f, v in found(report).items()} == mine
    assert [d["kind"] for d in report["duplicates"]] == ["copy", "prefix"]


def test_progress_comes_back_batch_by_batch(scheduler, planted, keys):
    folders, _ = planted
    files = collect([str(f) for f in folders])
    ticks: list[int] = []
    audit(files, AuditConfig(keys=(keys.good,)), progress=ticks.append, cluster=Cluster(scheduler, batch=3))
    assert sum(ticks) == len(files)
    assert len(ticks) == -(-len(files) // 3) and max(ticks) == 3


def test_a_local_cluster_is_started_and_stopped(planted, keys, runner):
    folders, _ = planted
    one = run(runner, "audit", folders[0], "--key", keys.good_pub, "--json")
    local = run(runner, "audit", folders[0], "--key", keys.good_pub, "--json", "--scheduler", "local", "--jobs", "2")
    assert local.stdout == one.stdout


def test_batch_size_keeps_several_tasks_per_thread_and_a_ceiling():
    assert batch_size(10, 2) == 1
    assert batch_size(10_000, 4) == 256
    assert batch_size(1_000, 4) == 32


def test_usage_errors(tmp_path, runner):
    (tmp_path / "a.jsonl").write_bytes(b"")
    for args in (["--send-records"], ["--batch", "5"], ["--scheduler", "tcp://10.0.0.1:8786", "--jobs", "2"],
                 ["--scheduler", " "]):
        res = run(runner, "audit", tmp_path, *args)
        assert res.exit_code == 2, (args, res.output)


def test_a_batch_that_fails_on_a_worker_is_a_one_line_error(scheduler, planted, runner, monkeypatch):
    folders, _ = planted
    monkeypatch.setattr("planets_log.audit.cluster.audit_batch", failing_batch)
    res = run(runner, "audit", folders[0], "--scheduler", scheduler, "--json")
    assert res.exit_code == 2 and res.stdout == ""
    message = res.output.strip()
    assert "cluster failed on the batch starting at" in message and "elsewhere" in message
    assert "\n" not in message and "Traceback" not in message


def test_an_unreachable_scheduler_is_a_one_line_error(tmp_path, runner, monkeypatch):
    monkeypatch.setattr("planets_log.audit.cluster.CONNECT_TIMEOUT", 2.0)
    (tmp_path / "a.jsonl").write_bytes(b"")
    res = run(runner, "audit", tmp_path, "--scheduler", "tcp://127.0.0.1:9")
    assert res.exit_code == 2
    assert "cannot reach the Dask scheduler at tcp://127.0.0.1:9" in res.output
    assert "Traceback" not in res.output


def test_a_scheduler_without_workers_is_a_one_line_error(planted, runner, monkeypatch):
    folders, _ = planted
    monkeypatch.setattr("planets_log.audit.cluster.CONNECT_TIMEOUT", 2.0)
    with LocalCluster(n_workers=0, dashboard_address=":0", silence_logs=logging.ERROR) as empty:
        res = run(runner, "audit", folders[0], "--scheduler", empty.scheduler_address)
    assert res.exit_code == 2
    assert f"the Dask scheduler at {empty.scheduler_address} has no workers" in res.output
