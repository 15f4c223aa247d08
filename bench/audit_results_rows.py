"""`audit --results` on rows that all name one record: the time for 2N rows against N (2 when linear, 4 when quadratic).

    python bench/audit_results_rows.py [--rows 2500] [--rounds 3] [--game four-planets]

One seeded self-play record; results files of 0, N and 2N rows, each giving the record's
log_id and its winner (every row after the first is a `results.duplicate` problem). Each
round audits the record once with each file, in turn, in this process (CPU time); the
figure kept is the median over rounds. Prints the times, the ratio of 2N to N, and the
same ratio with the audit without results (the fixed part) taken off both.

Not run by the tests.
"""

from __future__ import annotations

import argparse
import statistics
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from planets_log.audit.report import AuditConfig  # noqa: E402
from planets_log.audit.tournament import audit  # noqa: E402
from planets_log.engine.play import selfplay  # noqa: E402


def results_file(folder: Path, log_id: str, winner: str, rows: int) -> str:
    path = folder / f"results-{rows}.csv"
    path.write_text("log_id,winners\n" + f"{log_id},{winner}\n" * rows)
    return str(path)


def timed(record: str, results: str | None, rows: int) -> float:
    start = time.process_time()
    report = audit([record], AuditConfig(), results=results)
    spent = time.process_time() - start
    assert report.count == max(0, rows - 1), (report.count, rows)  # every row after the first is a duplicate
    return spent


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--rows", type=int, default=2500)
    parser.add_argument("--rounds", type=int, default=3)
    parser.add_argument("--game", default="four-planets")
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as tmp:
        folder = Path(tmp)
        build = selfplay(args.game, 1)
        record = folder / "game.jsonl"
        record.write_text(build.text())
        header = build.session.header
        winner = audit([str(record)], AuditConfig()).records[0].winners[0]  # type: ignore[index]
        sizes = (0, args.rows, 2 * args.rows)
        files = {n: results_file(folder, header.log_id, winner, n) if n else None for n in sizes}
        times: dict[int, list[float]] = {n: [] for n in sizes}
        for _ in range(args.rounds):
            for n in sizes:
                times[n].append(timed(str(record), files[n], n))
    fixed, one, two = (statistics.median(times[n]) for n in sizes)
    print(f"no results file: {fixed:.2f} s; {args.rows} rows: {one:.2f} s; {2 * args.rows} rows: {two:.2f} s "
          f"(CPU, median of {args.rounds})")
    print(f"ratio {2 * args.rows} rows / {args.rows} rows: {two / one:.2f}; without the fixed part: "
          f"{(two - fixed) / (one - fixed):.2f} (2 is linear, 4 quadratic)")


if __name__ == "__main__":
    main()
