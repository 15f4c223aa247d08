"""What every measure shares: the clock, contenders run in turn, seeded self-play records, one run's report."""

from __future__ import annotations

import os
import resource
import statistics
import sys
from collections.abc import Callable
from concurrent.futures import ProcessPoolExecutor
from dataclasses import dataclass, field
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))

from planets_log.audit.validate import validate_file  # noqa: E402
from planets_log.engine.play import selfplay  # noqa: E402
from planets_log.engine.registry import game_ids, get_rules  # noqa: E402
from planets_log.engine.replay import Replay  # noqa: E402
from planets_log.engine.rng import NEWEST  # noqa: E402

CLI = "from planets_log.cli.main import main; main()"
Target = tuple[str, str, str, bool]
"""(what, wanted, measured, met)."""


def cpu_time() -> float:
    """CPU seconds used so far by this process and the commands it ran (finished children)."""
    me, kids = resource.getrusage(resource.RUSAGE_SELF), resource.getrusage(resource.RUSAGE_CHILDREN)
    return me.ru_utime + me.ru_stime + kids.ru_utime + kids.ru_stime


@dataclass
class Settings:
    """The clock of every measurement but the audit's speed-up (`--wall`: wall time), and the records' stream version."""

    clock: Callable[[], float] = cpu_time
    rng: int = NEWEST


SETTINGS = Settings()


def interleave(contenders: dict, rounds: int, clock=None) -> dict:
    """Median seconds per contender, running them in turn each round."""
    clock = clock or SETTINGS.clock
    times: dict = {k: [] for k in contenders}
    for _ in range(rounds):
        for name, fn in contenders.items():
            t0 = clock()
            fn()
            times[name].append(clock() - t0)
    return {k: statistics.median(v) for k, v in times.items()}


def repeated(fn, times: int):
    """`fn` run `times` times (to lift a very short measurement above the timer's noise)."""
    def run():
        for _ in range(times):
            fn()
    return run


def as_long_as(short, long) -> int:
    """How many runs of `short` take as long as one of `long` (each timed once, after a warm-up run)."""
    short(), long()
    t0 = SETTINGS.clock()
    short()
    t1 = SETTINGS.clock()
    long()
    t2 = SETTINGS.clock()
    return max(1, min(100, round((t2 - t1) / max(t1 - t0, 1e-6))))


def players(game: str) -> list[str]:
    """The fewest seats a game plays with (two for a game that also plays solo)."""
    rules = get_rules(game)
    return [f"P{k + 1}" for k in range(max(2, rules.min_players) if rules.max_players > 1 else 1)]


def _write_one(job: tuple[str, int, str, int]) -> None:
    game, seed, target, version = job
    Path(target).write_text(selfplay(game, seed, players(game), rng_version=version).text())


def write_records(folder: Path, game: str, count: int, seed: int = 1) -> list[Path]:
    """`count` seeded self-play records of `game` (made by a process pool)."""
    folder.mkdir(parents=True, exist_ok=True)
    jobs = [(game, seed + i, str(folder / f"{game}-{seed + i}.jsonl"), SETTINGS.rng) for i in range(count)]
    with ProcessPoolExecutor(max_workers=os.cpu_count() or 1) as pool:
        list(pool.map(_write_one, jobs, chunksize=8))
    return [Path(job[2]) for job in jobs]


def line_count(path: Path) -> int:
    with open(path, "rb") as handle:
        return sum(1 for _ in handle)


def count_events(paths: list[Path]) -> int:
    """Events in `paths` (every line but the header)."""
    return sum(line_count(p) - 1 for p in paths)


def decode_only(paths: list[Path]):
    """The limit: msgspec decoding every event line into the game's typed events."""
    decoder = Replay(str(paths[0])).session.decoder

    def run():
        for path in paths:
            with open(path, "rb") as handle:
                handle.readline()
                for line in handle:
                    decoder.decode(line)
    return run


def validate_all(paths: list[Path]):
    def run():
        for path in paths:
            report = validate_file(str(path))
            assert report.valid, report.errors
    return run


def replay_all(paths: list[Path]):
    def run():
        for path in paths:
            Replay(str(path)).final()
    return run


def trusted_all(paths: list[Path]):
    def run():
        for path in paths:
            Replay(str(path)).trusted()
    return run


def load() -> str:
    """The 1-minute load average (other work on the machine skews a ratio of parallel runs most)."""
    return f"{os.getloadavg()[0]:.2f}" if hasattr(os, "getloadavg") else "n/a"


def importable_games() -> list[str]:
    """Every registered game whose rules import."""
    out = []
    for game in game_ids():
        try:
            get_rules(game)
        except Exception:
            continue
        out.append(game)
    return out


@dataclass
class Run:
    """One run of the measures: its sizes, the records they share, what it prints, the targets it checks."""

    quick: bool
    rounds: int
    games: list[str]
    folder: Path
    lines: list[str] = field(default_factory=list)
    records: dict[str, list[Path]] = field(default_factory=dict)
    targets: list[Target] = field(default_factory=list)

    @property
    def first(self) -> str:
        return self.games[0]

    def say(self, text: str = "") -> None:
        print(text, flush=True)
        self.lines.append(text)

    def table(self, *header: str) -> None:
        self.say("| " + " | ".join(header) + " |")
        self.say("|" + "---|" * len(header))

    def target(self, name: str, wanted: str, measured: str, met: bool) -> None:
        self.targets.append((name, wanted, measured, met))
