"""`planets-log audit` on a local two-worker Dask cluster against `--jobs 2`, on sealed records.

    python bench/audit_dask.py [--records 10000] [--rounds 2] [--games a,b] [--dir DIR] [--batch N]
    pip install '.[dask]' && python bench/run.py --only dask     (1,000 records; 200 with --quick)

The records are built as bench/audit_jobs.py builds them (sealed self-play, round robin
over the games; an existing DIR with the right number is reused). A LocalCluster of two
worker processes (one thread each) is started once; each round then runs, in turn, as a
subprocess: `--jobs 2`; `--scheduler ADDRESS` on that running cluster (the cost of
distributing: batches, pickling, the scheduler); `--scheduler ADDRESS --send-records`
(the bytes sent); and `--scheduler local --jobs 2` (a cluster started and stopped by the
command). The figure kept is the median over rounds; every ratio is to `--jobs 2`.
Each report is checked to be byte for byte the report of `--jobs 2`.
"""

from __future__ import annotations

import argparse
import logging
import os
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

if __package__ in (None, ""):
    sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from bench import audit_jobs  # noqa: E402
from bench.common import CLI, Run  # noqa: E402

TITLE = "audit on a local two-worker Dask cluster against --jobs 2"


def run(folder: Path, pub: str, *args: str) -> tuple[float, str]:
    """Seconds for one audit command, and its --json report."""
    t0 = time.perf_counter()
    res = subprocess.run([sys.executable, "-c", CLI, "audit", str(folder), "--key", pub, "--json", *args],
                         stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
    took = time.perf_counter() - t0
    if res.returncode != 0:
        sys.exit(f"audit {' '.join(args)} failed (exit {res.returncode}):\n{res.stdout[-2000:]}{res.stderr[-2000:]}")
    return took, res.stdout


def measure(folder: Path, pub: str, rounds: int, batch: int | None) -> dict[str, float]:
    """Median seconds per contender (interleaved), each report compared with --jobs 2's."""
    from distributed import LocalCluster

    extra = ["--batch", str(batch)] if batch else []
    with LocalCluster(n_workers=2, threads_per_worker=1, processes=True, dashboard_address=":0",
                      silence_logs=logging.ERROR) as cluster:
        address = cluster.scheduler_address
        contenders = {
            "--jobs 2": ["--jobs", "2"],
            "--scheduler ADDRESS (2 workers running)": ["--scheduler", address, *extra],
            "--scheduler ADDRESS --send-records": ["--scheduler", address, "--send-records", *extra],
            "--scheduler local --jobs 2 (cluster started by the command)": ["--scheduler", "local", "--jobs", "2",
                                                                            *extra],
        }
        times: dict[str, list[float]] = {k: [] for k in contenders}
        for _ in range(rounds):
            reports = {}
            for name, args in contenders.items():
                took, reports[name] = run(folder, pub, *args)
                times[name].append(took)
            first = reports["--jobs 2"]
            for name, text in reports.items():
                if text != first:
                    sys.exit(f"{name}: the report differs from --jobs 2's")
    return {k: statistics.median(v) for k, v in times.items()}


def section(run: Run) -> None:
    """The table of the four commands, on the records of the audit's section (made again when it was skipped)."""
    try:
        import distributed  # noqa: F401
    except ImportError:
        run.say("dask is not installed (pip install '.[dask]'): skipped")
        return
    count = 200 if run.quick else 1000
    folder = run.folder / "audit" / "records"
    pub = audit_jobs.build(folder, count, run.games, max(1, os.cpu_count() or 1))
    t = measure(folder, pub, 1 if run.quick else 2, None)
    base, cluster = t["--jobs 2"], t["--scheduler ADDRESS (2 workers running)"]
    run.table("command", "s", "ratio to --jobs 2")
    for name, took in t.items():
        run.say(f"| audit {name} | {took:.2f} | {took / base:.2f} |")
    run.say()
    run.say("every --json report identical to --jobs 2's (checked in each round)")
    run.target(f"audit of {count:,} records on a running 2-worker cluster ≤ 1.2× --jobs 2", "1.2",
               f"{cluster / base:.2f}", cluster / base <= 1.2)


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--records", type=int, default=10_000)
    ap.add_argument("--rounds", type=int, default=2)
    ap.add_argument("--games", default=None, help="comma-separated game ids (default: every real game that imports)")
    ap.add_argument("--dir", default=None, help="folder for the records (kept; reused when it matches)")
    ap.add_argument("--batch", type=int, default=None, help="--batch for the cluster runs (default: the command's)")
    args = ap.parse_args()
    games = args.games.split(",") if args.games else audit_jobs.real_games()
    folder = Path(args.dir) if args.dir else Path(tempfile.mkdtemp(prefix="bench-dask-")) / "records"
    pub = audit_jobs.build(folder, args.records, games, max(1, os.cpu_count() or 1))
    t = measure(folder, pub, args.rounds, args.batch)
    base = t["--jobs 2"]
    print(f"audit of {args.records:,} sealed records ({', '.join(games)}), {os.cpu_count()} CPUs, median of "
          f"{args.rounds} interleaved rounds, load average {os.getloadavg()[0]:.2f}; every --json report identical")
    print()
    print("| command | s | ratio to --jobs 2 |")
    print("|---|---|---|")
    for name, took in t.items():
        print(f"| audit {name} | {took:.2f} | {took / base:.2f} |")


if __name__ == "__main__":
    main()
