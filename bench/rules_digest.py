"""One hash of what a game's rules say at every position of seeded self-play games: before and after a change.

    python bench/rules_digest.py [--game planetship-2491] [--games 40] [--seed 500] [--drop FIELD,...] [--rules N]

For each game (seeds from `--seed` on, 2 players and up, as many as the game seats, in turn) it
hashes the record's text and, after every event, the state's digest, `to_move`, `legal`, `owed`,
`forced` and `noop`; then what every move of the game does when applied unchecked at every
position, as an arbiter's ruling applies a move the rules refuse: the state it leads to, or that
applying it raised (the engine then refuses the ruling). The moves are the first three of each
kind among the game's `candidates`, so a move of one phase is tried in every other. A change
meant to make the rules faster and nothing else leaves the hash as it was: run it on the tree
before and after (docs/performance.md). A change that adds a state field holding what
the rules could find otherwise (a flag that spares a search) changes every digest: `--drop FIELD`
leaves it out of the state's digest, on both trees (a tree without it has nothing to drop). A change
that adds a rules version changes the hash on purpose; `--rules N` writes the games under an older
version N, whose behaviour the new tree keeps: with the new version's field dropped, that gives the
old tree's hash.
"""

from __future__ import annotations

import argparse
import hashlib
import sys
import tempfile
from pathlib import Path
from typing import Any

import msgspec

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from planets_log.engine.play import selfplay
from planets_log.engine.registry import get_rules
from planets_log.engine.replay import Replay, digest

PER_KIND = 3
"""Moves of each kind applied at every position."""
DROPPED: set[str] = set()
"""Top-level state fields left out of each state's digest (`--drop`)."""


def _digest(state: Any) -> str:
    """The state's digest, without the `--drop` fields when any are named."""
    if not DROPPED:
        return digest(state)
    data = {k: v for k, v in msgspec.to_builtins(state).items() if k not in DROPPED}
    return hashlib.sha256(msgspec.json.encode(data, order="sorted")).hexdigest()


def _ruled(rules: Any, state: Any, move: Any) -> str:
    """The digest of the state `move` leads to, applied without its check (a ruling), or 'raised'."""
    try:
        return _digest(rules.apply(state, move))
    except Exception:  # noqa: BLE001 - any failure is the engine's ruling.unplayable
        return "raised"


def _said(rules: Any, state: Any) -> list[str]:
    """What the rules say of one position."""
    return [_digest(state), str(rules.to_move(state)), repr(rules.legal(state)), repr(rules.owed(state)),
            repr(rules.forced(state)), repr(rules.noop(state))]


def _moves(rules: Any, states: list[Any]) -> list[Any]:
    """The first PER_KIND candidates of each kind over the game, in the order they first come."""
    kept: dict[type, list[Any]] = {}
    for state in states:
        for move in rules.candidates(state):
            same = kept.setdefault(type(move), [])
            if len(same) < PER_KIND and move not in same:
                same.append(move)
    return [move for same in kept.values() for move in same]


def record_hash(rules: Any, path: Path, out: Any) -> int:
    """Feed one record's positions into `out`; the number of positions."""
    states = [step.after.state for step in Replay(str(path)).steps()]
    moves = _moves(rules, states)
    for state in states:
        out.update("|".join(_said(rules, state) + [_ruled(rules, state, move) for move in moves]).encode())
    return len(states)


def rules_hash(game: str, games: int, seed: int, version: int | None = None) -> tuple[int, str]:
    """(positions, hex digest) over `games` seeded self-play games of `game`."""
    rules, out, positions = get_rules(game), hashlib.sha256(), 0
    sizes = list(range(max(2, rules.min_players), rules.max_players + 1)) or [rules.min_players]
    with tempfile.TemporaryDirectory() as tmp:
        for i in range(games):
            players = [f"P{k + 1}" for k in range(sizes[i % len(sizes)])]
            text = selfplay(game, seed + i, players, rules_version=version).text()
            path = Path(tmp) / f"{seed + i}.jsonl"
            path.write_text(text)
            out.update(hashlib.sha256(text.encode()).digest())
            positions += record_hash(rules, path, out)
    return positions, out.hexdigest()


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--game", default="planetship-2491", help="The game's id.")
    parser.add_argument("--games", type=int, default=40, help="Seeded self-play games.")
    parser.add_argument("--seed", type=int, default=500, help="The first game's seed.")
    parser.add_argument("--drop", default="", help="State fields left out of the digests (comma-separated).")
    parser.add_argument("--rules", type=int, default=None, help="The rules version the games are written under "
                        "(default: the newest).")
    args = parser.parse_args()
    DROPPED.update(f for f in args.drop.split(",") if f)
    positions, hexdigest = rules_hash(args.game, args.games, args.seed, args.rules)
    print(f"{args.game}: {positions:,} positions, {hexdigest}")


if __name__ == "__main__":
    main()
