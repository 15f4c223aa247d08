"""Before and after: validate, trusted replay and the decoding limit, in two source trees, in turn.

    python bench/compare_trees.py OLD_TREE NEW_TREE [--game four-planets] [--records 60] [--rounds 3] [--rng 1,2]
                                  [--against planetarium]

OLD_TREE and NEW_TREE are folders holding a `planets_log` package (e.g. made with
`git archive main planets_log | tar -x -C /tmp/old`). The records are seeded self-play
games made by NEW_TREE with each random-stream version asked for; both trees read every
set, so OLD_TREE must know each version asked for (`--old-rng 1` limits it to version 1). Each round runs one
subprocess per (tree, version) in turn; each measures CPU time (process_time, the best
of 7), so other work on the machine inflates the figures less than wall time would.
Ratios are to the decoding limit measured in the same subprocess. `--against GAME` also measures
GAME's validate and limit in each subprocess (its records made alike), the two games in turn seven
times, and prints the median of the game's ratio over GAME's: 1.00 is level with GAME, and a
machine that slows down for a while slows both, so this moves less than either ratio.
"""

from __future__ import annotations

import argparse
import json
import statistics
import subprocess
import sys
import tempfile
from pathlib import Path

PROBE = r"""
import json, sys, time, timeit
sys.path.insert(0, sys.argv[1])
from planets_log.engine.replay import Replay
from planets_log.audit.validate import validate_file
cut = sys.argv.index("--against") if "--against" in sys.argv else len(sys.argv)
paths, against = sys.argv[2:cut], sys.argv[cut + 1:]

def validate(paths):
    for p in paths:
        assert validate_file(p).valid
def trusted(paths):
    for p in paths:
        Replay(p).trusted()
def decode(paths):
    dec = Replay(paths[0]).session.decoder
    for p in paths:
        with open(p, "rb") as h:
            h.readline()
            for line in h:
                dec.decode(line)
validate(paths)
best = lambda f, ps: min(timeit.Timer(lambda: f(ps), timer=time.process_time).repeat(number=3, repeat=7)) / 3
out = {"validate": best(validate, paths), "trusted": best(trusted, paths), "decode": best(decode, paths)}
if against:  # the other game in the same process, in turn with this one: both drift with the machine alike
    validate(against)
    once = lambda f, ps: min(timeit.Timer(lambda: f(ps), timer=time.process_time).repeat(number=1, repeat=2))
    levels = [(once(decode, paths) / once(validate, paths)) / (once(decode, against) / once(validate, against))
              for _ in range(7)]
    out["level"] = sorted(levels)[3]
print(json.dumps(out))
"""

MAKE = r"""
import sys
sys.path.insert(0, sys.argv[1])
from planets_log.engine.play import selfplay
game, count, version, folder = sys.argv[2], int(sys.argv[3]), int(sys.argv[4]), sys.argv[5]
for i in range(count):
    with open(f"{folder}/{game}-{i}.jsonl", "w") as f:
        f.write(selfplay(game, 1000 + i, rng_version=version).text())
"""


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("old")
    ap.add_argument("new")
    ap.add_argument("--game", default="four-planets")
    ap.add_argument("--records", type=int, default=60)
    ap.add_argument("--rounds", type=int, default=3)
    ap.add_argument("--rng", default="1,2", help="random-stream versions of the records (comma-separated)")
    ap.add_argument("--old-rng", default=None, help="the versions OLD_TREE reads (default: all of --rng)")
    ap.add_argument("--against", default=None, help="another game whose ratio each tree's is compared with")
    args = ap.parse_args()
    versions = [int(v) for v in args.rng.split(",")]
    old_versions = versions if args.old_rng is None else [int(v) for v in args.old_rng.split(",")]
    with tempfile.TemporaryDirectory() as tmp:
        sets = {}
        for v in versions:
            folder = Path(tmp) / f"v{v}"
            folder.mkdir()
            subprocess.run([sys.executable, "-c", MAKE, args.new, args.game, str(args.records), str(v), str(folder)],
                           check=True)
            sets[v] = sorted(str(p) for p in folder.glob("*.jsonl"))
            if args.against:
                other = Path(tmp) / f"against-v{v}"
                other.mkdir()
                subprocess.run([sys.executable, "-c", MAKE, args.new, args.against, str(args.records), str(v),
                                str(other)], check=True)
                sets[v] += ["--against"] + sorted(str(p) for p in other.glob("*.jsonl"))
        runs = [(name, tree, v) for v in versions for name, tree in (("old", args.old), ("new", args.new))
                if name == "new" or v in old_versions]
        got: dict[tuple, list[dict]] = {(n, v): [] for n, _, v in runs}
        for _ in range(args.rounds):
            for name, tree, v in runs:
                out = subprocess.run([sys.executable, "-c", PROBE, tree, *sets[v]], check=True,
                                     capture_output=True, text=True).stdout
                got[(name, v)].append(json.loads(out))
        events = {v: sum(sum(1 for _ in open(p, "rb")) - 1 for p in sets[v][:_cut(sets[v])]) for v in versions}
    print(f"{args.game}, {args.records} records per set, median of {args.rounds} rounds of best-of-7 CPU times")
    print()
    level = f" validate/limit over {args.against}'s |" if args.against else ""
    print(f"| tree | records' rng | µs/event validate | µs/event trusted | validate/limit | trusted/limit |{level}")
    print("|---|---|---|---|---|---|" + ("---|" if args.against else ""))
    for (name, v), rows in got.items():
        med = {k: statistics.median(r[k] for r in rows) for k in ("validate", "trusted", "decode")}
        n = events[v]
        line = (f"| {name} | {v} | {med['validate'] / n * 1e6:.2f} | {med['trusted'] / n * 1e6:.2f} "
                f"| {med['decode'] / med['validate']:.3f} | {med['decode'] / med['trusted']:.3f} |")
        if args.against:
            line += f" {statistics.median(_level(r) for r in rows):.3f} |"
        print(line)


def _cut(paths: list[str]) -> int:
    """Where the game's records end in a set (the other game's follow `--against`)."""
    return paths.index("--against") if "--against" in paths else len(paths)


def _level(row: dict) -> float:
    """One round's validate/limit ratio over the other game's: the median of 7 turns in one process."""
    return float(row["level"])


if __name__ == "__main__":
    main()
