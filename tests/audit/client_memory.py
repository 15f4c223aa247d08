"""The audit client's peak memory, measured in a fresh interpreter: `python client_memory.py MODE N [OUT]`.

The test starts this file in a process of its own, so that nothing the test run loaded or
interned before (CPython's global tables grow with everything a process has seen) moves
the figure. MODE is `streamed` (the `--json` report written piece by piece from the spool)
or `whole` (`audit`, the report as one object); it prints the peak of Python's
allocations in bytes and the report's size (its record count for `whole`), and writes the report to OUT when given.
The workers' results are mocked as a stream of realistic `RecordAudit`s (two players,
totals, a ruling, a problem for one record in ten, a copy for one in a hundred), so that
only the client is measured. SQLite's own page cache is capped apart (`spool.CACHE_KIB`).
"""

from __future__ import annotations

import hashlib
import json
import sys
import tracemalloc
from typing import Iterator

from planets_log.audit import tournament
from planets_log.audit.report import AuditConfig, RecordAudit


def results(n: int) -> Iterator[RecordAudit]:
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


def mock_workers(n: int) -> None:
    """Workers that send back `results(n)` whatever they are asked."""
    tournament.iter_checks = lambda paths, cfg, jobs, progress, cluster: results(n)  # type: ignore[assignment]


def streamed(n: int, out: str | None) -> tuple[int, int]:
    """Peak Python allocations of the client writing the `--json` report of n results, and the report's size."""
    mock_workers(n)
    size = 0
    sink = open(out, "wb", buffering=0) if out else None  # no buffer of its own to count

    def write(text: str) -> None:
        nonlocal size
        data = text.encode()
        size += len(data)
        if sink is not None:
            sink.write(data)

    tracemalloc.start()
    try:
        with tournament.audit_spooled([], AuditConfig()) as report:
            report.write_json(write)
        peak = tracemalloc.get_traced_memory()[1]
    finally:
        tracemalloc.stop()
        if sink is not None:
            sink.close()
    return peak, size


def whole(n: int) -> tuple[int, int]:
    """Peak Python allocations of `audit` (every result held at once) over n results, and its record count."""
    mock_workers(n)
    tracemalloc.start()
    try:
        report = tournament.audit([], AuditConfig())
        peak = tracemalloc.get_traced_memory()[1]
    finally:
        tracemalloc.stop()
    return peak, len(report.records)


def main(argv: list[str]) -> None:
    mode, n, out = argv[0], int(argv[1]), (argv[2] if len(argv) > 2 else None)
    if mode == "streamed":
        peak, size = streamed(n, out)
        print(json.dumps({"peak": peak, "size": size}))
    else:
        peak, records = whole(n)
        print(json.dumps({"peak": peak, "records": records}))


if __name__ == "__main__":
    main(sys.argv[1:])
