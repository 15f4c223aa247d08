"""How validate's cost grows: with the records of an archive, with a record's length, and every state in one pass.

    python bench/run.py --only growth

Validates 1, 100 and 10,000 records (`--quick`: 1,000), copies in turn of up to 1,000 distinct self-play
games; Planetopia records cut after a quarter, half and three quarters of their lines and whole; the longest
of them stepped through every state in one pass against a replay to its end.
"""

from __future__ import annotations

import shutil
from pathlib import Path

from planets_log.engine.replay import Replay

from bench.common import Run, count_events, interleave, line_count, repeated, replay_all, validate_all, write_records

TITLE = "growth with archive size and record length"


def copies(paths: list[Path], count: int, folder: Path) -> list[Path]:
    """`count` record files cycling through `paths` (an archive larger than the distinct games made)."""
    folder.mkdir(parents=True, exist_ok=True)
    out = []
    for i in range(count):
        target = folder / f"{i:05d}-{paths[i % len(paths)].name}"
        shutil.copyfile(paths[i % len(paths)], target)
        out.append(target)
    return out


def prefix(path: Path, lines: int, folder: Path) -> Path:
    """A record cut after its first `lines` lines (a valid, unfinished record)."""
    folder.mkdir(parents=True, exist_ok=True)
    target = folder / f"{path.stem}-first-{lines}.jsonl"
    with open(path, "rb") as handle:
        target.write_bytes(b"".join(handle.readline() for _ in range(lines)))
    return target


def step_every_state(path: Path):
    """One record stepped through every state in one pass (replay --each, without printing)."""
    def run():
        rep = Replay(str(path))
        for step in rep.steps():
            rep.session.rules.view(step.after.state)
    return run


def with_archive(run: Run) -> None:
    """Events/s over 1, 100 and 10,000 records."""
    sizes = [1, 100] + ([1000] if run.quick else [10_000])
    first = run.records[run.first]
    distinct = first + write_records(run.folder / "more", run.first, min(max(sizes), 1000) - len(first), seed=10_000)
    archive = copies(distinct, max(sizes), run.folder / "archive")
    run.say(f"{run.first}: {len(distinct):,} distinct self-play records, copied in turn to make the larger archives")
    run.say()
    run.table("records", "events", "seconds", "events/s", "ms/record")
    per_size = {}
    for size in sizes:
        subset = archive[:size]
        events = count_events(subset)
        fn = repeated(validate_all(subset), 50) if size == 1 else validate_all(subset)
        t = interleave({"v": fn}, 1 if size >= 1000 else run.rounds)["v"] / (50 if size == 1 else 1)
        per_size[size] = events / t
        run.say(f"| {size:,} | {events:,} | {t:.3f} | {events / t:,.0f} | {t / size * 1000:.2f} |")
    spread = max(per_size.values()) / min(per_size.values())
    run.target(f"cost linear in records: events/s from 1 to {max(sizes):,} records within ±15%", "≤ 1.15",
               f"{spread:.2f}", spread <= 1.15)


def with_length(run: Run) -> None:
    """µs/event over a quarter, half, three quarters and all of each record, then every state in one pass."""
    game = "planetopia" if "planetopia" in run.games else run.first
    group = run.records[game][:10 if run.quick else 25]
    quarters = {k: [prefix(p, max(2, line_count(p) * k // 4), run.folder / f"q{k}") for p in group] for k in (1, 2, 3)}
    quarters[4] = group
    t = interleave({k: validate_all(paths) for k, paths in quarters.items()}, run.rounds)
    run.say(f"{game}: {len(group)} records validated up to a quarter, half, three quarters and all of their lines")
    run.say()
    run.table("part of each record", "events", "ms", "µs/event")
    per_event = []
    for k, paths in quarters.items():
        events = count_events(paths)
        per_event.append(t[k] / events)
        run.say(f"| {k}/4 | {events:,} | {t[k] * 1000:.1f} | {t[k] / events * 1e6:.1f} |")
    spread = max(per_event) / min(per_event)
    run.target(f"cost linear in events: µs/event over a quarter to all of {game} records within ±15%", "≤ 1.15",
               f"{spread:.2f}", spread <= 1.15)
    run.say()
    longest = max(group, key=lambda p: p.stat().st_size)
    t = interleave({"each": step_every_state(longest), "final": replay_all([longest])}, run.rounds)
    run.say(f"every state of that record ({line_count(longest) - 1} events) in one pass, with rules.view of each: "
            f"{t['each'] * 1000:.1f} ms against replay to the end {t['final'] * 1000:.1f} ms "
            f"(ratio {t['each'] / t['final']:.2f})")


def section(run: Run) -> None:
    with_archive(run)
    run.say()
    with_length(run)
