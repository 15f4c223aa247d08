"""The audit client's memory does not grow with the number of records (scale.md: the client's memory).

The workers' results are mocked as a stream of realistic `RecordAudit`s (two players,
totals, a ruling, a problem for one record in ten, a copy for one in a hundred), so that
only the client is measured: each result goes to the spool on disk as it comes, the
cross-record checks read back what they need, and the `--json` report is written piece
by piece. Measured with tracemalloc (every allocation Python makes); SQLite's own page
cache is capped apart (`spool.CACHE_KIB`).
"""

from __future__ import annotations

import hashlib
import json
import tracemalloc

import pytest

from planets_log.audit import tournament
from planets_log.audit.report import AuditConfig, Problem, RecordAudit

MB = 1 << 20
BOUND = 4 * MB


def results(n: int):
    """n results as the workers send them back: not in file order, about 2 KB each in memory."""
    for k in range(n):
        i = k * 7919 % n  # a permutation (7919 is a prime not dividing n), with no list of n held by the mock
        original = i - i % 100 if i % 100 == 99 else i  # one record in a hundred is a copy of another
        r = RecordAudit(file=f"archive/{i // 1000:03d}/table-{i:06d}.jsonl",
                        digest=hashlib.sha256(str(original).encode()).hexdigest(), lines=64, game="four-planets",
                        log_id=f"club-{original:06d}", players=[f"Player {i % 37}", f"Player {(i + 1) % 37}"],
                        valid=True, finished=True, sealed=True, seal_key="89e14dcfc0e39066", verified=True,
                        winners=[f"Player {i % 37}"], result_by="rules", declared="none", totals=[31, 24],
                        rulings=[{"seq": 12, "code": "dispatch.own-ship", "message": "a ship there already",
                                  "reason": "the arbiter let it stand"}] if i % 7 == 0 else [],
                        mode="seeded-verified")
        if i % 10 == 3:
            r.problem(64, 63, "game.unfinished", f"the game is not over: it ends at line 64 (seq 63), record {i}")
        yield r


def peak_of_streamed_audit(n: int, monkeypatch) -> tuple[int, int, bytes | None]:
    """Peak Python allocations of the client over n results, the report's size, and its bytes when small."""
    monkeypatch.setattr(tournament, "iter_checks", lambda paths, cfg, jobs, progress, cluster: results(n))
    kept = bytearray() if n <= 2000 else None
    size = 0

    def write(text: str) -> None:
        nonlocal size
        data = text.encode()
        size += len(data)
        if kept is not None:
            kept.extend(data)

    tracemalloc.start()
    try:
        with tournament.audit_spooled([], AuditConfig()) as report:
            report.write_json(write)
        peak = tracemalloc.get_traced_memory()[1] - (len(kept) if kept is not None else 0)
    finally:
        tracemalloc.stop()
    return peak, size, bytes(kept) if kept is not None else None


def test_the_client_streams_2000_and_20000_records_under_one_bound(monkeypatch):
    small, small_size, small_json = peak_of_streamed_audit(2000, monkeypatch)
    large, large_size, _ = peak_of_streamed_audit(20000, monkeypatch)
    assert small_json is not None
    report = json.loads(small_json)
    assert len(report["records"]) == 2000 and report["problems"] == 200 + 20
    assert [d["kind"] for d in report["duplicates"]] == ["copy"] * 20
    assert large_size > 9 * small_size
    assert small < BOUND and large < BOUND, f"peaks {small / MB:.2f} and {large / MB:.2f} MB"
    assert large < small * 1.5, "the client's peak grows with the number of records"


def test_the_report_kept_whole_in_memory_would_break_the_bound(monkeypatch):
    """The bound above means something: `audit` (the report as one object, for callers that want it)
    holds every result at once, as the command did before."""
    monkeypatch.setattr(tournament, "iter_checks", lambda paths, cfg, jobs, progress, cluster: results(20000))
    tracemalloc.start()
    try:
        whole = tournament.audit([], AuditConfig())
        peak = tracemalloc.get_traced_memory()[1]
    finally:
        tracemalloc.stop()
    assert len(whole.records) == 20000 and peak > 5 * BOUND, f"{peak / MB:.1f} MB"


@pytest.mark.parametrize("n", [0, 1, 257])
def test_the_streamed_json_is_the_report_encoded_whole(monkeypatch, n):
    _, _, streamed = peak_of_streamed_audit(n, monkeypatch)
    monkeypatch.setattr(tournament, "iter_checks", lambda paths, cfg, jobs, progress, cluster: results(n))
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
