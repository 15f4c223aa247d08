"""One hash of what a game's rules say at every position of seeded self-play games: before and after a change.

    python bench/rules_digest.py [--game planetship-2491] [--games 40] [--seed 500]

For each game (seeds from `--seed` on, 2 players and up, as many as the game seats, in turn) it
hashes the record's text and, after every event, the state's digest, `to_move`, `legal`, `owed`,
`forced` and `noop`. A change meant to make the rules faster and nothing else leaves the hash
as it was: run it on the tree before and after (docs/performance.md, issue 24).
"""

from __future__ import annotations

import argparse
import hashlib
import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from planets_log.engine.play import selfplay
from planets_log.engine.registry import get_rules
from planets_log.engine.replay import Replay, Visitor, digest


class _Hashing(Visitor):
    """Feeds what the rules say after every line into one hash."""

    def __init__(self, rules, out) -> None:
        self.rules, self.out, self.positions = rules, out, 0

    def visit(self, step) -> bool:
        s, rules = step.after.state, self.rules
        said = [digest(s), str(rules.to_move(s)), repr(rules.legal(s)), repr(rules.owed(s)), repr(rules.forced(s)),
                repr(rules.noop(s))]
        self.out.update("|".join(said).encode())
        self.positions += 1
        return super().visit(step)


def rules_hash(game: str, games: int, seed: int) -> tuple[int, str]:
    """(positions, hex digest) over `games` seeded self-play games of `game`."""
    rules, out, positions = get_rules(game), hashlib.sha256(), 0
    sizes = list(range(max(2, rules.min_players), rules.max_players + 1)) or [rules.min_players]
    with tempfile.TemporaryDirectory() as tmp:
        for i in range(games):
            players = [f"P{k + 1}" for k in range(sizes[i % len(sizes)])]
            text = selfplay(game, seed + i, players).text()
            path = Path(tmp) / f"{seed + i}.jsonl"
            path.write_text(text)
            out.update(hashlib.sha256(text.encode()).digest())
            visitor = _Hashing(rules, out)
            Replay(str(path)).fold(visitor)
            positions += visitor.positions
    return positions, out.hexdigest()


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--game", default="planetship-2491", help="The game's id.")
    parser.add_argument("--games", type=int, default=40, help="Seeded self-play games.")
    parser.add_argument("--seed", type=int, default=500, help="The first game's seed.")
    args = parser.parse_args()
    positions, hexdigest = rules_hash(args.game, args.games, args.seed)
    print(f"{args.game}: {positions:,} positions, {hexdigest}")


if __name__ == "__main__":
    main()
