"""planets-log benchmarks: ratios from one run, contenders interleaved.

    python bench/run.py [--quick] [--games four-planets,space-planets] [--skip audit,startup] [--only growth]
                        [--out FILE] [--rng N] [--wall]

Each measurement is repeated in rounds; within a round every contender runs once, in turn, so a noisy
machine slows them alike. The figure kept is the median over rounds, and every target is a ratio of two
figures from the same run. Times are CPU time (this process and the commands it runs), which other work on
the machine moves far less than wall time; the audit's speed-up over processes is wall time; `--wall`
measures everything in wall time. Each section is one module of bench/ (bench/README.md lists them); the
run makes seeded self-play records of every game once and every section reads them.
"""

from __future__ import annotations

import argparse
import os
import sys
import tempfile
import time
from pathlib import Path

if __package__ in (None, ""):
    sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from bench import (audit_dask, audit_jobs, decoding_limit, growth, python_chess, selfplay_rate,  # noqa: E402
                   serve_load, startup, validate_breakdown)
from bench.common import SETTINGS, Run, importable_games, load, write_records  # noqa: E402
from planets_log.engine.rng import NEWEST  # noqa: E402

SECTIONS = {"limit": ("1-2", decoding_limit), "chess": ("3", python_chess), "growth": ("4", growth),
            "startup": ("5", startup), "audit": ("6", audit_jobs), "dask": ("6b", audit_dask),
            "selfplay": ("7", selfplay_rate), "breakdown": ("8", validate_breakdown), "serve": ("9", serve_load)}
"""Each section's name (for --skip and --only): its number in the report and its module."""


def arguments() -> argparse.Namespace:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--quick", action="store_true", help="Smaller sizes (about half a minute).")
    parser.add_argument("--games", default=None, help="Comma-separated game ids (default: every game that imports).")
    parser.add_argument("--skip", default="", help=f"Comma-separated sections to leave out: {','.join(SECTIONS)}.")
    parser.add_argument("--only", default="", help="Comma-separated sections to run, and no other.")
    parser.add_argument("--out", default=None, help="Also write the report to this file.")
    parser.add_argument("--rng", type=int, default=NEWEST, help="Random-stream version of the records.")
    parser.add_argument("--wall", action="store_true", help="Measure wall time instead of CPU time.")
    return parser.parse_args()


def chosen(args: argparse.Namespace) -> list[str]:
    """The sections to run, in order."""
    skip, only = set(filter(None, args.skip.split(","))), set(filter(None, args.only.split(",")))
    unknown = (skip | only) - set(SECTIONS)
    if unknown:
        sys.exit(f"no such section: {', '.join(sorted(unknown))} (the sections: {', '.join(SECTIONS)})")
    return [name for name in SECTIONS if name not in skip and (not only or name in only)]


def command(args: argparse.Namespace) -> str:
    """The command line that made the report, as a user would type it again."""
    given = [("--quick", args.quick), (f"--rng {args.rng}", args.rng != NEWEST),
             (f"--games {args.games}", args.games), (f"--skip {args.skip}", args.skip),
             (f"--only {args.only}", args.only), ("--wall", args.wall)]
    return " ".join(["python bench/run.py", *(text for text, on in given if on)])


def main() -> None:
    args = arguments()
    sections = chosen(args)
    SETTINGS.rng = args.rng
    if args.wall:
        SETTINGS.clock = time.perf_counter
    games = args.games.split(",") if args.games else importable_games()
    started = time.perf_counter()
    with tempfile.TemporaryDirectory() as tmp:
        run = Run(quick=args.quick, rounds=3 if args.quick else 5, games=games, folder=Path(tmp))
        run.say(f"planets-log benchmarks ({'quick' if args.quick else 'full'}): Python {sys.version.split()[0]}, "
                f"{os.cpu_count()} CPUs, median of {run.rounds} interleaved rounds, "
                f"{'wall' if args.wall else 'CPU'} time, load average at the start {load()}")
        run.say(f"command: {command(args)}")
        run.say()
        for game in games:
            run.records[game] = write_records(run.folder / game, game, 20 if args.quick else 100)
        for name in sections:
            number, module = SECTIONS[name]
            run.say(f"## {number}. {module.TITLE}")
            run.say()
            began = time.perf_counter()
            module.section(run)
            run.say()
            run.say(f"({name}: {time.perf_counter() - began:.0f} s)")
            run.say()
        run.say("## targets")
        run.say()
        run.table("target", "wanted", "measured", "met")
        for what, wanted, got, met in run.targets:
            run.say(f"| {what} | {wanted} | {got} | {'yes' if met else 'no'} |")
        run.say()
        run.say(f"whole run: {time.perf_counter() - started:.0f} s; load average at the end {load()}")
    if args.out:
        Path(args.out).write_text("\n".join(run.lines) + "\n")


if __name__ == "__main__":
    main()
