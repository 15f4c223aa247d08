"""Issue 25, every input of the audit bounded: a URL gets the caps a file has, a results file any bytes.

An HTTP server that answers without end once made the audit hang while the client grew
past 1 GiB (fsspec read the body whole to look for a folder's links); a NUL byte in a
results file or a path was an internal error.
"""

from __future__ import annotations

import threading
import tracemalloc
from pathlib import Path

import pytest

from planets_log.engine.play import selfplay

from .served import Endless, Failing, http_server
from .test_audit import run

CAP = 4 << 20
"""The record cap, lowered for the test (1 GiB in use)."""
SERVED = 64 << 20
"""What the endless server sends one client at most, so that a test of a hanging audit ends."""


class Capped(Endless):
    limit = SERVED


@pytest.fixture
def endless(monkeypatch):
    monkeypatch.setattr("planets_log.audit.checks.MAX_RECORD", CAP)
    monkeypatch.setattr("planets_log.audit.urls.MAX_RESPONSE", CAP)
    with http_server(Capped) as url:
        yield url


def _audit_peak(runner, *args: str) -> tuple[object, int]:
    """The result of `planets-log audit ARGS` run in a thread (it must end within a minute) and the peak of
    the memory Python allocated meanwhile."""
    done: list[object] = []
    tracemalloc.start()
    try:
        thread = threading.Thread(target=lambda: done.append(run(runner, "audit", *args)), daemon=True)
        thread.start()
        thread.join(60)
        peak = tracemalloc.get_traced_memory()[1]
    finally:
        tracemalloc.stop()
    assert done, "the audit did not end within a minute"
    return done[0], peak


def test_an_endless_record_over_http_stops_at_the_record_cap(endless, runner):
    res, peak = _audit_peak(runner, f"{endless}endless.jsonl", "--json")
    assert res.exit_code == 1, res.output
    assert f'"code":"file.too-large","message":"the record {endless}endless.jsonl is over the limit of {CAP} bytes"' \
        in res.stdout
    assert peak < 4 * CAP, f"the client held {peak >> 20} MiB"


def test_an_endless_folder_listing_over_http_is_refused_at_the_response_cap(endless, runner):
    res, peak = _audit_peak(runner, f"{endless}tournament/")
    assert res.exit_code == 2 and "Traceback" not in res.output
    assert f"[file.too-large]: the answer from {endless}tournament/ is over the limit of {CAP} bytes" in res.output
    assert peak < 4 * CAP, f"the client held {peak >> 20} MiB"


def test_a_file_growing_past_the_cap_while_it_is_audited_stops_there(tmp_path, monkeypatch):
    """A local record at the cap when it is opened, longer when it is read."""
    from planets_log.audit import checks
    from planets_log.audit.report import AuditConfig

    path = tmp_path / "g.jsonl"
    path.write_text(selfplay("countdown", 3).text())
    monkeypatch.setattr(checks, "MAX_RECORD", path.stat().st_size)
    real_open = checks.open_regular

    def open_then_grow(*args, **kwargs):
        fd = real_open(*args, **kwargs)
        with open(path, "ab") as grow:
            grow.write(b'{"type":"note","text":"more"}\n')
        return fd

    monkeypatch.setattr(checks, "open_regular", open_then_grow)
    out = checks.audit_record(str(path), AuditConfig())
    assert [(p.code, p.line) for p in out.problems] == [("file.too-large", None)] and out.digest == ""


@pytest.mark.parametrize("row", ["file,winners\nabc\0.jsonl,Ann\n", "log_id,winners\nabc\0,Ann\n"],
                         ids=["file", "log_id"])
def test_a_nul_byte_in_a_results_row_is_a_problem_at_its_line(row, tmp_path, runner):
    (tmp_path / "g.jsonl").write_text(selfplay("countdown", 3).text())
    (tmp_path / "results.csv").write_text(row)
    res = run(runner, "audit", tmp_path / "g.jsonl", "--results", tmp_path / "results.csv")
    assert res.exit_code == 1 and "internal" not in res.output, res.output
    assert f"{tmp_path / 'results.csv'}:2: [results.unknown] no audited record has" in res.output


def test_a_nul_byte_in_a_path_is_a_usage_error(tmp_path, runner):
    (tmp_path / "g.jsonl").write_text(selfplay("countdown", 3).text())
    for args in (["--results", f"{tmp_path}/r\0.csv"], [f"{tmp_path}/x\0.jsonl"]):
        res = run(runner, "audit", tmp_path / "g.jsonl", *args)
        assert res.exit_code == 2 and "internal" not in res.output, res.output
        assert "NUL byte" in res.output


def test_rows_repeating_one_record_read_and_write_it_once(tmp_path, monkeypatch):
    """5,000 rows naming one log_id took 133 s: each row read the record back from the spool and wrote it
    again with one more problem. Now each record named is read and written once (bench/audit_results_rows.py
    times it)."""
    from planets_log.audit.report import AuditConfig
    from planets_log.audit.spool import Spool
    from planets_log.audit.tournament import audit

    files = [str(tmp_path / "g.jsonl"), str(tmp_path / "h.jsonl")]
    for seed, file in enumerate(files, 3):
        Path(file).write_text(selfplay("countdown", seed).text())
    won = [r.winners[0] for r in audit(files, AuditConfig()).records]
    rows = 500  # the same file spelled seven ways, then the other record once
    (tmp_path / "results.csv").write_text("file,winners\n" + "".join(
        f"{'./' * (i % 7)}g.jsonl,{won[0]}\n" for i in range(rows)) + f"h.jsonl,{won[1]}\n")
    calls = {"load": 0, "save": 0}
    for name in calls:
        real = getattr(Spool, name)
        monkeypatch.setattr(Spool, name, lambda self, *a, _real=real, _name=name: (
            calls.__setitem__(_name, calls[_name] + 1), _real(self, *a))[1])
    report = audit(files, AuditConfig(), results=str(tmp_path / "results.csv"))
    assert calls == {"load": 2, "save": 2}
    g, h = report.records
    duplicates = [p for p in g.problems if p.code == "results.duplicate"]
    assert [p.line for p in duplicates] == list(range(3, rows + 2))
    assert all(p.message.endswith("(the first is line 2)") for p in duplicates)
    assert len(g.problems) == rows - 1 and h.problems == []


def test_a_fifo_under_a_file_url_is_reported_not_waited_on(tmp_path, runner):
    """A file:// URL is opened as the local file it names: non-blocking, a regular file or nothing."""
    import os

    (tmp_path / "g.jsonl").write_text(selfplay("countdown", 3).text())
    os.mkfifo(tmp_path / "fifo.jsonl")
    res, _ = _audit_peak(runner, f"file://{tmp_path}/", "--json")
    assert res.exit_code == 1, res.output
    assert f'"code":"file.not-regular","message":"the record {tmp_path}/fifo.jsonl is a FIFO' in res.stdout


def test_an_http_error_status_is_the_records_problem_or_a_usage_error_never_internal(runner):
    """A host answering 500: for a record named alone, a usage error naming its URL; for a record of a listed
    folder, a file.open problem of that record in the report (not an internal error ending the audit)."""
    import json

    with http_server(Failing) as url:
        alone = run(runner, "audit", f"{url}x.jsonl")
        listed = run(runner, "audit", f"{url}tournament/", "--json")
    assert alone.exit_code == 2 and "internal" not in alone.output, alone.output
    assert f"{url}x.jsonl" in alone.output and "500" in alone.output
    assert listed.exit_code == 1 and "internal" not in listed.output, listed.output
    [record] = json.loads(listed.stdout)["records"]
    assert record["file"] == f"{url}tournament/x.jsonl"
    assert [p["code"] for p in record["problems"]] == ["file.open"]
