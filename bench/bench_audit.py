"""`planets-log audit --jobs 1` against `--jobs 2` on a tournament of 1,000 sealed records.

    python bench/bench_audit.py [--records 1000] [--jobs 2] [--rounds 3] [--games a,b] [--dir DIR]

The records are seeded self-play games of the real games (round robin), each sealed with
an Ed25519 key, written to DIR (a temporary folder by default; an existing DIR with the
right number of records is reused). Each round runs the command once with --jobs 1 and
once with --jobs N, in turn, as a subprocess (start-up included, as a director would run
it); the figure kept is the median over rounds. Prints both times and the ratio.

Not run by the tests: it takes a few minutes on a 2-core machine.
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

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from planets_log.engine.play import selfplay  # noqa: E402
from planets_log.engine.registry import game_ids, get_rules  # noqa: E402
from planets_log.audit.seal import keygen, load_key, make_seal  # noqa: E402

CLI = "from planets_log.cli.main import main; main()"


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
