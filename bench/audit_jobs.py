"""`planets-log audit --jobs 1` against `--jobs 2` on a tournament of 1,000 sealed records.

    python bench/audit_jobs.py [--records 1000] [--jobs 2] [--rounds 3] [--games a,b] [--dir DIR]
    python bench/run.py --only audit      (200 records with --quick)

The records are seeded self-play games of the real games (round robin), each sealed with
an Ed25519 key, written to DIR (a temporary folder by default; an existing DIR with the
right number of records is reused). Each round runs the command once with --jobs 1 and
once with --jobs N, in turn, as a subprocess (start-up included, as a director would run
it); the figure kept is the median over rounds. Prints both times and the ratio.

In `bench/run.py` the machine's own ceiling is measured in the same rounds: fixed pure-Python work in 2
processes against 1 (with other work on the machine it falls below 2). Not run by the tests: it takes a few
minutes on a 2-core machine.
"""

from __future__ import annotations

import argparse
import os
import statistics
import subprocess
import sys
import tempfile
import time
from concurrent.futures import ProcessPoolExecutor
from pathlib import Path

if __package__ in (None, ""):
    sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from bench.common import CLI, ROOT, Run, interleave  # noqa: E402
from planets_log.audit.seal import keygen, load_key, make_seal  # noqa: E402
from planets_log.engine.play import selfplay  # noqa: E402
from planets_log.engine.registry import game_ids, get_rules  # noqa: E402

TITLE = "audit --jobs 1 against --jobs 2"


def real_games() -> list[str]:
    out = []
    for game in game_ids():
        try:
            get_rules(game)
        except Exception as exc:  # a game that does not import is left out, and said so
            print(f"leaving out {game}: {type(exc).__name__}: {exc}", file=sys.stderr)
            continue
        out.append(game)
    return out


def make_record(args: tuple[str, int, str, str]) -> None:
    game, seed, key_file, target = args
    build = selfplay(game, seed)
    build.add(make_seal(load_key(key_file), build.session.header.log_id, build.pos.seq, build.pos.head))
    Path(target).write_text(build.text())


def build(folder: Path, count: int, games: list[str], jobs: int) -> str:
    folder.mkdir(parents=True, exist_ok=True)
    pub = folder.parent / f"{folder.name}-key.pub"
    if len(list(folder.glob("*.jsonl"))) == count and pub.exists():
        return str(pub)
    for old in folder.glob("*.jsonl"):
        old.unlink()
    for suffix in (".key", ".pub"):
        Path(f"{folder.parent / (folder.name + '-key')}{suffix}").unlink(missing_ok=True)
    keygen(str(folder.parent / f"{folder.name}-key"))
    key_file = str(folder.parent / f"{folder.name}-key.key")
    work = [(games[i % len(games)], 1000 + i, key_file, str(folder / f"{games[i % len(games)]}-{i:04d}.jsonl"))
            for i in range(count)]
    t0 = time.perf_counter()
    with ProcessPoolExecutor(max_workers=jobs) as pool:
        list(pool.map(make_record, work, chunksize=16))
    print(f"built {count} sealed records of {', '.join(games)} in {time.perf_counter() - t0:.1f} s", file=sys.stderr)
    return str(pub)


def run_audit(folder: Path, pub: str, jobs: int) -> float:
    t0 = time.perf_counter()
    res = subprocess.run([sys.executable, "-c", CLI, "audit", str(folder), "--key", pub, "--jobs", str(jobs), "--quiet"],
                         stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
    took = time.perf_counter() - t0
    if res.returncode != 0:
        sys.exit(f"audit failed (exit {res.returncode}):\n{res.stdout[-2000:]}{res.stderr[-2000:]}")
    return took


def _spin(n: int) -> int:
    total = 0
    for i in range(n):
        total += i * i
    return total


def _burn(workers: int) -> None:
    """Fixed pure-Python work in two halves, on `workers` processes (pool start-up included, as in audit)."""
    with ProcessPoolExecutor(max_workers=workers) as pool:
        list(pool.map(_spin, [3_000_000, 3_000_000]))


def audit_ratio(folder: Path, count: int, rounds: int, games: list[str]):
    """(records, median s with --jobs 1 and with --jobs 2, the machine's 2-process ceiling), or why it was skipped."""
    if not (ROOT / "planets_log" / "cli" / "audit.py").exists():
        return "the audit command has not landed: skipped"
    try:
        pub = build(folder / "records", count, games, max(1, os.cpu_count() or 1))
        t = interleave({1: lambda: run_audit(folder / "records", pub, 1),
                        2: lambda: run_audit(folder / "records", pub, 2),
                        "burn 1": lambda: _burn(1), "burn 2": lambda: _burn(2)}, rounds, time.perf_counter)
    except (Exception, SystemExit) as exc:
        return f"audit could not be measured ({type(exc).__name__}: {exc}): skipped"
    return count, t[1], t[2], t["burn 1"] / t["burn 2"]


def section(run: Run) -> None:
    """The speed-up of --jobs 2, beside the machine's ceiling measured in the same rounds (wall time)."""
    result = audit_ratio(run.folder / "audit", 200 if run.quick else 1000, 1 if run.quick else 3, run.games)
    if isinstance(result, str):
        run.say(result)
        return
    count, one, two, ceiling = result
    run.table("records", "--jobs 1 s", "--jobs 2 s", "speed-up", "the machine's own ceiling now")
    run.say(f"| {count:,} | {one:.2f} | {two:.2f} | {one / two:.2f} | {ceiling:.2f} |")
    run.say()
    run.say("the ceiling: the same pure-Python work in 2 processes against 1, measured in the same rounds; "
            "with other work on the machine it falls below 2")
    run.target(f"audit of {count:,} records: --jobs 2 ≥ 1.7× faster than --jobs 1", "1.7", f"{one / two:.2f}",
               one / two >= 1.7)


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--records", type=int, default=1000)
    ap.add_argument("--jobs", type=int, default=2)
    ap.add_argument("--rounds", type=int, default=3)
    ap.add_argument("--games", default=None, help="comma-separated game ids (default: every real game that imports)")
    ap.add_argument("--dir", default=None, help="folder for the records (kept; reused when it matches)")
    args = ap.parse_args()
    games = args.games.split(",") if args.games else real_games()
    if not games:
        sys.exit("no game imports")
    folder = Path(args.dir) if args.dir else Path(tempfile.mkdtemp(prefix="bench-audit-")) / "records"
    pub = build(folder, args.records, games, max(1, os.cpu_count() or 1))
    one, many = [], []
    for _ in range(args.rounds):
        one.append(run_audit(folder, pub, 1))
        many.append(run_audit(folder, pub, args.jobs))
    t1, tn = statistics.median(one), statistics.median(many)
    print(f"audit of {args.records} records ({', '.join(games)}), {os.cpu_count()} CPUs, median of {args.rounds} rounds")
    print(f"  --jobs 1: {t1:.2f} s")
    print(f"  --jobs {args.jobs}: {tn:.2f} s")
    print(f"  ratio (jobs 1 / jobs {args.jobs}): {t1 / tn:.2f}x")


if __name__ == "__main__":
    main()
