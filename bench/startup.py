"""Start-up: the whole process of `planets-log --help` and of `planets-log replay` of a short record, against
`python -c "import msgspec, click"`.

    python bench/startup.py [--rounds 25] [--game four-planets] [--record FILE] [--wall] [--against OLD_TREE]
    python bench/run.py --only startup

CPU time of each whole process (user and system; `--wall`: wall time), the three commands in turn in every
round, the median kept; the bytecode is compiled once beforehand into a temporary cache, as `pip install`
does. The short record is the shortest of 20 seeded self-play games unless `--record` names one.

`--against OLD_TREE` (a folder holding another `planets_log`, e.g. `git archive main planets_log | tar -x -C
/tmp/old`) also replays with each tree as `python -c` with its folder first on the path, in the same rounds:
before and after side by side.
"""

from __future__ import annotations

import argparse
import os
import subprocess
import sys
import tempfile
import time
from pathlib import Path

if __package__ in (None, ""):
    sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from bench.common import CLI, ROOT, SETTINGS, Run, interleave, write_records  # noqa: E402

TITLE = "start-up (CPU time of the whole process, wall time with --wall)"
BASE = "python -c 'import msgspec, click'"


def startup(rounds: int, short_record: Path, cache: Path, against: Path | None = None) -> dict[str, float]:
    """Median seconds of each command, as a user runs it: bytecode compiled once, as pip install does."""
    short_record = short_record.resolve()
    env = dict(os.environ, PYTHONPYCACHEPREFIX=str(cache))
    env.pop("PYTHONDONTWRITEBYTECODE", None)
    exe = [sys.executable]
    console = Path(sys.executable).parent / "planets-log"
    script = [str(console)] if console.exists() else exe + ["-c", CLI]

    def command(argv: list[str], tree: Path | None = None):
        run_env = env if tree is None else dict(env, PYTHONPATH=str(tree))
        # from a folder of no tree: `python -c` puts the working folder first on the path
        return lambda: subprocess.run(argv, env=run_env, cwd=cache.parent, check=True, capture_output=True)

    contenders = {
        BASE: command(exe + ["-c", "import msgspec, click"]),
        "planets-log --help": command(script + ["--help"]),
        "planets-log replay (short record)": command(script + ["replay", str(short_record)]),
    }
    for label, tree in ([("this tree", ROOT), ("old tree", against)] if against else []):
        contenders[f"python -c, replay, {label}"] = command(exe + ["-c", CLI, "replay", str(short_record)], tree)
    interleave(contenders, 2)  # compile the bytecode, warm the file cache
    return interleave(contenders, rounds)


def report(run: Run, times: dict[str, float]) -> None:
    """The table of commands and their ratio to the baseline, and a target for each planets-log command."""
    base = times[BASE]
    run.table("command", "ms", "ratio to importing msgspec and click")
    for name, took in times.items():
        run.say(f"| {name} | {took * 1000:.1f} | {took / base:.2f} |")
        if name.startswith("planets-log"):
            run.target(f"start-up of {name} ≤ 1.25× importing msgspec and click", "1.25", f"{took / base:.2f}",
                       took / base <= 1.25)


def section(run: Run) -> None:
    short = min(run.records[run.first], key=lambda p: p.stat().st_size)
    report(run, startup(7 if run.quick else 25, short, run.folder / "pycache"))


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--rounds", type=int, default=25)
    parser.add_argument("--game", default="four-planets")
    parser.add_argument("--record", type=Path, default=None, help="The record to replay (default: a short self-play).")
    parser.add_argument("--wall", action="store_true", help="Wall time instead of CPU time.")
    parser.add_argument("--against", type=Path, default=None, help="Another tree's planets_log, measured in turn.")
    args = parser.parse_args()
    if args.wall:
        SETTINGS.clock = time.perf_counter
    with tempfile.TemporaryDirectory() as tmp:
        run = Run(quick=False, rounds=args.rounds, games=[args.game], folder=Path(tmp))
        record = args.record or min(write_records(run.folder / "records", args.game, 20),
                                    key=lambda p: p.stat().st_size)
        run.say(f"{'wall' if args.wall else 'CPU'} time, median of {args.rounds} interleaved rounds, "
                f"replaying {record.name}; load average {os.getloadavg()[0]:.2f}")
        run.say()
        report(run, startup(args.rounds, record, run.folder / "pycache", args.against))


if __name__ == "__main__":
    main()
