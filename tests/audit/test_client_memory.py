"""The audit client's memory does not grow with the number of records (scale.md: the client's memory).

Each measurement runs in a fresh interpreter (`client_memory.py`), so that it is the
client's: in the test process, CPython's table of interned strings, grown by everything
collected and run before, can double at any moment and add megabytes that are not the
audit's. The workers' results are mocked, each result goes to the spool on disk as it
comes, the cross-record checks read back what they need, and the `--json` report is
written piece by piece. Measured with tracemalloc (every allocation Python makes).
"""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest

from planets_log.audit import tournament
from planets_log.audit.report import AuditConfig, Problem

from . import client_memory
from .client_memory import results

MB = 1 << 20
BOUND = 4 * MB


def measured(mode: str, n: int, out: Path | None = None) -> dict[str, int]:
    """What `client_memory.py` prints for one measurement over n results, from a fresh interpreter."""
    args = [sys.executable, client_memory.__file__, mode, str(n), *([str(out)] if out else [])]
    done = subprocess.run(args, capture_output=True, text=True, timeout=120)
    assert done.returncode == 0, done.stderr
    return json.loads(done.stdout)


def test_the_client_streams_2000_and_20000_records_under_one_bound(tmp_path):
    small = measured("streamed", 2000, tmp_path / "small.json")
    large = measured("streamed", 20000)
    report = json.loads((tmp_path / "small.json").read_bytes())
    assert len(report["records"]) == 2000 and report["problems"] == 200 + 20
    assert [d["kind"] for d in report["duplicates"]] == ["copy"] * 20
    assert large["size"] > 9 * small["size"]
    assert small["peak"] < BOUND and large["peak"] < BOUND, f"peaks {small['peak'] / MB:.2f} and {large['peak'] / MB:.2f} MB"
    assert large["peak"] < small["peak"] * 1.5, "the client's peak grows with the number of records"


def test_the_report_kept_whole_in_memory_would_break_the_bound():
    """The bound above means something: `audit` (the report as one object, for callers that want it)
    holds every result at once, as the command did before."""
    whole = measured("whole", 20000)
    assert whole["records"] == 20000 and whole["peak"] > 5 * BOUND, f"{whole['peak'] / MB:.1f} MB"


def streamed_json(n: int, monkeypatch) -> bytes:
    """The `--json` report of n mocked results, written piece by piece."""
    monkeypatch.setattr(tournament, "iter_checks", lambda paths, cfg, jobs, progress, cluster: results(n))
    kept = bytearray()
    with tournament.audit_spooled([], AuditConfig()) as report:
        report.write_json(lambda text: kept.extend(text.encode()))
    return bytes(kept)


@pytest.mark.parametrize("n", [0, 1, 257])
def test_the_streamed_json_is_the_report_encoded_whole(monkeypatch, n):
    streamed = streamed_json(n, monkeypatch)
    whole = tournament.audit([], AuditConfig(), results=None)
    from planets_log.record.text import json_safe
    import msgspec

    assert streamed == (json_safe(msgspec.json.encode(whole.to_json()).decode()) + "\n").encode()


def test_problems_come_back_sorted_as_the_report_sorts_them(monkeypatch):
    monkeypatch.setattr(tournament, "iter_checks", lambda paths, cfg, jobs, progress, cluster: results(300))
    with tournament.audit_spooled([], AuditConfig()) as report:
        streamed = [p for p, _ in report.problems()]
        assert report.count == len(streamed) == 30 + 3
    whole = tournament.audit([], AuditConfig())
    assert streamed == whole.problems and streamed == sorted(streamed, key=Problem.sort_key)


def test_a_file_name_that_is_not_utf8_goes_through_the_spool(tournament_of, tmp_path, runner):
    """A name read from the disk may hold bytes that are not UTF-8 (a lone surrogate in Python):
    the spool keeps it, sorts it as Python does, and the text report names it escaped."""
    import os

    from .test_audit import run

    folder = tournament_of("four-planets").folder
    bad = os.fsencode(tmp_path) + b"/table-\xff.jsonl"
    with open(bad, "wb") as out:
        out.write((folder / "ok-1.jsonl").read_bytes())
    (tmp_path / "table-a.jsonl").write_bytes((folder / "ok-2.jsonl").read_bytes())
    res = run(runner, "audit", tmp_path)
    assert res.exit_code == 0, res.output
    lines = [line for line in res.stdout.splitlines() if ": ok (" in line]
    assert [line.split(": ok")[0].rsplit("/", 1)[1] for line in lines] == ["table-a.jsonl", "table-\\udcff.jsonl"]
