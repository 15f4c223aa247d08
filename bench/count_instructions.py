"""Instructions per event of validate and of the decoding limit, counted by callgrind (deterministic).

    python bench/count_instructions.py [--games planetship-2491,planetarium] [--records 10]

CPU time on a shared machine moves by 2x between identical runs; instruction counts do not.
For each game this writes seeded two-player self-play records (seeds 1000 on, random-stream
version 2), then runs `valgrind --tool=callgrind` over validating them (or only decoding their
event lines) once and three times: the difference, divided by twice the events, is the cost of
one event with every cache warm. Needs valgrind (apt-get install valgrind).
"""

from __future__ import annotations

import argparse
import os
import re
import shutil
import subprocess
import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from bench.common import write_records  # seeded self-play records (two players, seeds from `seed` on)

from planets_log.engine.registry import game_ids

RUN = """
import sys
from pathlib import Path
from planets_log.audit.validate import validate_file
from planets_log.engine.replay import Replay
folder, mode, reps = Path(sys.argv[1]), sys.argv[2], int(sys.argv[3])
paths = sorted(folder.glob("*.jsonl"))
decoder = Replay(str(paths[0])).session.decoder
for _ in range(reps):
    for path in paths:
        if mode == "validate":
            assert validate_file(str(path)).valid
        else:
            with open(path, "rb") as handle:
                handle.readline()
                for line in handle:
                    decoder.decode(line)
"""


def instructions(folder: Path, mode: str, reps: int) -> int:
    """Instructions callgrind counts for one run of RUN."""
    env = {**os.environ, "PYTHONHASHSEED": "0", "PYTHONPATH": str(ROOT)}
    out = subprocess.run(["valgrind", "--tool=callgrind", "--callgrind-out-file=/dev/null", sys.executable, "-c", RUN,
                          str(folder), mode, str(reps)], capture_output=True, text=True, env=env, check=True)
    return int(re.search(r"Collected : (\d+)", out.stderr).group(1))


def per_event(folder: Path, mode: str, events: int) -> float:
    return (instructions(folder, mode, 3) - instructions(folder, mode, 1)) / (2 * events)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--games", default=",".join(game_ids()), help="Comma-separated game ids.")
    parser.add_argument("--records", type=int, default=10, help="Self-play records per game.")
    args = parser.parse_args()
    if shutil.which("valgrind") is None:
        sys.exit("count_instructions.py needs valgrind (apt-get install valgrind)")
    print("| game | events | validate | decoding limit | limit / validate |")
    print("|---|---|---|---|---|")
    with tempfile.TemporaryDirectory() as tmp:
        for game in args.games.split(","):
            folder = Path(tmp) / game
            write_records(folder, game, args.records, seed=1000)
            events = sum(len(p.read_bytes().splitlines()) - 1 for p in folder.glob("*.jsonl"))
            validate, decode = per_event(folder, "validate", events), per_event(folder, "decode", events)
            print(f"| {game} | {events:,} | {validate:,.0f} | {decode:,.0f} | {decode / validate:.3f} |", flush=True)


if __name__ == "__main__":
    main()
