"""planets-log benchmarks: ratios from one run, contenders interleaved.

    python bench/run.py [--quick] [--games four-planets,space-planets] [--skip audit,startup] [--out FILE]

Each measurement is repeated in rounds; within a round every contender runs once, in
turn, so a noisy machine slows them alike. The figure kept is the median over rounds, and
every target is a ratio of two figures from the same run. Times are CPU time (this
process and the commands it runs), which other work on the machine moves far less than
wall time; the audit's speed-up over processes (6, 6b) is wall time; `--wall` measures
everything in wall time. Sections:

  1-2. the decoding limit (msgspec decoding each event line into the game's typed events,
       nothing else) against validate (every gate, the chain, the seed, the rules),
       replay (Replay.final: the same gates) and trusted replay (Replay.trusted: apply only);
       the decoding is repeated until its round lasts as long as validate's (a round of a few
       milliseconds moved the limit by 1.7x between two runs)
  3.   python-chess reading and replaying a PGN of random legal games (pip install '.[bench]')
  4.   growth: validating 1, 100 and 10,000 records; records of growing length; one record
       stepped through every state in one pass
  5.   start-up of the command line against `python -c "import msgspec, click"`
  6.   audit --jobs 1 against --jobs 2 on 1,000 sealed records (bench/bench_audit.py builds them)
  6b.  audit on a local two-worker Dask cluster against --jobs 2 (bench/bench_dask.py; 10,000 records:
       run bench/bench_dask.py on its own)
  7.   self-play games per second
  8.   where validate's time goes, per event (Four Planets)
  9.   `planets-log serve` under load (bench/serve_load.py): one table alone, 50 tables at once as fast as answered
       and each a move every 0.5 s, moves/s, p50/p99 per move and the server's CPU, against `planets-log record`
       as a process; every record checked afterwards (--quick: 10 tables, one round)
"""

from __future__ import annotations

import argparse
import io
import os
import random
import resource
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
from concurrent.futures import ProcessPoolExecutor
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from planets_log.engine.replay import Replay  # noqa: E402
from planets_log.record.events import Chance, strip_place  # noqa: E402
from planets_log.engine.play import selfplay  # noqa: E402
from planets_log.record.lines import iter_lines, line_hash  # noqa: E402
from planets_log.engine.registry import game_ids, get_rules  # noqa: E402
from planets_log.engine.rng import NEWEST, chance_stream  # noqa: E402
from planets_log.record.strict import decode_line  # noqa: E402
from planets_log.audit.validate import validate_file  # noqa: E402

CLI = "from planets_log.cli.main import main; main()"


# --- measuring -------------------------------------------------------------------------------


def cpu_time() -> float:
    """CPU seconds used so far by this process and the commands it ran (finished children)."""
    me, kids = resource.getrusage(resource.RUSAGE_SELF), resource.getrusage(resource.RUSAGE_CHILDREN)
    return me.ru_utime + me.ru_stime + kids.ru_utime + kids.ru_stime


CLOCK = cpu_time
"""The clock of every measurement but the audit's speed-up: `--wall` makes it time.perf_counter."""


def interleave(contenders: dict, rounds: int, clock=None) -> dict[str, float]:
    """Median seconds per contender, running them in turn each round."""
    clock = clock or CLOCK
    times: dict[str, list[float]] = {k: [] for k in contenders}
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


def _as_long_as(short, long) -> int:
    """How many runs of `short` take as long as one of `long` (each timed once, after a warm-up run)."""
    short(), long()
    t0 = CLOCK()
    short()
    t1 = CLOCK()
    long()
    t2 = CLOCK()
    return max(1, min(100, round((t2 - t1) / max(t1 - t0, 1e-6))))


# --- records -------------------------------------------------------------------------------


def _players(game: str) -> list[str]:
    rules = get_rules(game)
    return [f"P{k + 1}" for k in range(max(2, rules.min_players) if rules.max_players > 1 else 1)]


RNG_VERSION = NEWEST
"""The random-stream version of the records built here (--rng)."""


def _write_one(job: tuple[str, int, str, int]) -> None:
    game, seed, target, version = job
    Path(target).write_text(selfplay(game, seed, _players(game), rng_version=version).text())


def write_records(folder: Path, game: str, count: int, seed: int = 1) -> list[Path]:
    """`count` seeded self-play records of `game` (made by a process pool)."""
    folder.mkdir(parents=True, exist_ok=True)
    jobs = [(game, seed + i, str(folder / f"{game}-{seed + i}.jsonl"), RNG_VERSION) for i in range(count)]
    with ProcessPoolExecutor(max_workers=os.cpu_count() or 1) as pool:
        list(pool.map(_write_one, jobs, chunksize=8))
    return [Path(job[2]) for job in jobs]


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


def _lines(path: Path) -> int:
    return sum(1 for _ in open(path, "rb"))


def count_events(paths: list[Path]) -> int:
    return sum(sum(1 for _ in open(p, "rb")) - 1 for p in paths)


# --- contenders ----------------------------------------------------------------------------


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


def step_every_state(path: Path):
    """One record stepped through every state in one pass (replay --each, without printing)."""
    def run():
        rep = Replay(str(path))
        for step in rep.steps():
            rep.session.rules.view(step.after.state)
    return run


def chess_contender(games: int, seed: int = 1):
    """python-chess reading and replaying a PGN of random legal games: (fn, plies)."""
    import chess
    import chess.pgn

    rnd = random.Random(seed)
    buf, plies = io.StringIO(), 0
    for _ in range(games):
        board = chess.Board()
        game = chess.pgn.Game()
        node = game
        while not board.is_game_over() and board.ply() < 200:
            move = rnd.choice(list(board.legal_moves))
            node = node.add_variation(move)
            board.push(move)
        plies += board.ply()
        print(game, file=buf, end="\n\n")
    text = buf.getvalue()

    def run():
        handle = io.StringIO(text)
        while True:
            game = chess.pgn.read_game(handle)
            if game is None:
                break
            board = game.board()
            for move in game.mainline_moves():
                board.push(move)
    return run, plies


def startup(rounds: int, short_record: Path, cache: Path) -> dict[str, float]:
    """Median time of each command (CPU time unless --wall), as a user runs it: bytecode compiled once, as pip install does."""
    env = dict(os.environ, PYTHONPYCACHEPREFIX=str(cache))
    env.pop("PYTHONDONTWRITEBYTECODE", None)
    exe = [sys.executable]
    console = Path(sys.executable).parent / "planets-log"
    script = [str(console)] if console.exists() else exe + ["-c", CLI]

    def command(argv: list[str]):
        return lambda: subprocess.run(argv, env=env, check=True, capture_output=True)

    contenders = {
        "python -c 'import msgspec, click'": command(exe + ["-c", "import msgspec, click"]),
        "planets-log --help": command(script + ["--help"]),
        "planets-log replay (short record)": command(script + ["replay", str(short_record)]),
    }
    interleave(contenders, 2)  # compile the bytecode, warm the file cache
    return interleave(contenders, rounds)


def selfplay_rate(game: str, count: int) -> float:
    players = _players(game)
    t0 = CLOCK()
    for i in range(count):
        selfplay(game, 1000 + i, players)
    return count / (CLOCK() - t0)


def breakdown(paths: list[Path], rounds: int) -> dict[str, float]:
    """Seconds spent in each part of validating `paths`, each part timed on its own."""
    names = [str(p) for p in paths]
    opened = [Replay(n) for n in names]
    steps = [list(Replay(n).steps()) for n in names]
    decoder = opened[0].session.decoder

    def lines():
        for n in names:
            for _ in iter_lines(n):
                pass

    def hashes():
        for record in steps:
            for st in record:
                line_hash(st.line.data)

    def decode():
        for record in steps:
            for st in record:
                decode_line(decoder, st.line.data)

    def open_records():
        for n in names:
            Replay(n)

    def seed():
        for rep, record in zip(opened, steps):
            for st in record:
                if isinstance(st.event, Chance):
                    strip_place(rep.session.expected_chance(st.before)) != strip_place(st.event)  # noqa: B015

    def check():
        for rep, record in zip(opened, steps):
            for st in record:
                rep.session.rules.check(st.before.state, st.event)

    def apply():
        for rep, record in zip(opened, steps):
            for st in record:
                rep.session.rules.apply(st.before.state, st.event)

    def bare():
        """The same work in one loop, without the engine around it."""
        for n in names:
            rep = Replay(n)
            rules, seed_of, state, chances = rep.session.rules, rep.session.header.seed, rep.start.state, 0
            version = rep.header.rng or 1
            for line in rep._lines:
                line_hash(line.data)
                event = decode_line(decoder, line.data)
                if isinstance(event, Chance):
                    strip_place(rules.chance(state, chance_stream(seed_of, chances, version))) != strip_place(event)  # noqa: B015
                    chances += 1
                rules.check(state, event)
                state = rules.apply(state, event)

    parts = {"read lines (record.iter_lines)": lines, "hash chain (record.line_hash)": hashes,
             "strict decode (strict.decode_line)": decode, "open record + header + edition": open_records,
             "seed re-derivation (rules.chance)": seed, "rules check": check, "rules apply": apply,
             "bare fold": bare, "validate": validate_all(paths)}
    return interleave(parts, rounds)


# --- the run -------------------------------------------------------------------------------


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--quick", action="store_true", help="Smaller sizes (about half a minute).")
    parser.add_argument("--games", default=None, help="Comma-separated game ids (default: every game that imports).")
    parser.add_argument("--skip", default="", help="Comma-separated sections to leave out: chess,growth,startup,audit,dask,selfplay,breakdown,serve.")
    parser.add_argument("--out", default=None, help="Also write the report to this file.")
    parser.add_argument("--rng", type=int, default=NEWEST, help="Random-stream version of the records (default: newest).")
    parser.add_argument("--wall", action="store_true", help="Measure wall time instead of CPU time.")
    args = parser.parse_args()
    global RNG_VERSION, CLOCK
    RNG_VERSION = args.rng
    if args.wall:
        CLOCK = time.perf_counter
    quick, skip = args.quick, set(filter(None, args.skip.split(",")))
    games = args.games.split(",") if args.games else [g for g in game_ids() if _imports(g)]
    lines: list[str] = []

    def say(text: str = "") -> None:
        print(text, flush=True)
        lines.append(text)

    rounds = 3 if quick else 5
    per_game = 20 if quick else 100
    started = time.perf_counter()
    targets: list[tuple[str, str, str, bool | None]] = []
    with tempfile.TemporaryDirectory() as tmp:
        folder = Path(tmp)
        say(f"planets-log benchmarks ({'quick' if quick else 'full'}): Python {sys.version.split()[0]}, "
            f"{os.cpu_count()} CPUs, median of {rounds} interleaved rounds, {'wall' if args.wall else 'CPU'} time, "
            f"load average at the start {_load()}")
        say(f"command: python bench/run.py{' --quick' if quick else ''}{f' --rng {args.rng}' if args.rng != NEWEST else ''}{' --games ' + args.games if args.games else ''}"
            f"{' --skip ' + args.skip if args.skip else ''}")
        say()
        say("## 1-2. decoding limit against validate, replay and trusted replay (events/s; ratio to the limit)")
        say()
        say("| game | records | events | decode (limit) | validate | replay | trusted replay | validate/limit | replay/limit | trusted/limit |")
        say("|---|---|---|---|---|---|---|---|---|---|")
        records = {}
        for game in games:
            paths = records[game] = write_records(folder / game, game, per_game)
            events = count_events(paths)
            times = _as_long_as(decode_only(paths), validate_all(paths))
            t = interleave({"decode": repeated(decode_only(paths), times), "validate": validate_all(paths),
                            "replay": replay_all(paths), "trusted": trusted_all(paths)}, rounds)
            r = {k: events * (times if k == "decode" else 1) / v for k, v in t.items()}
            say(f"| {game} | {len(paths)} | {events:,} | {r['decode']:,.0f} | {r['validate']:,.0f} | {r['replay']:,.0f} "
                f"| {r['trusted']:,.0f} | {r['validate'] / r['decode']:.3f} | {r['replay'] / r['decode']:.3f} "
                f"| {r['trusted'] / r['decode']:.3f} |")
            if game == "four-planets":
                targets.append(("Four Planets validate ≥ 0.10× the decoding limit", "0.10", f"{r['validate'] / r['decode']:.3f}",
                                r["validate"] / r["decode"] >= 0.10))
                targets.append(("Four Planets trusted replay ≥ 0.20× the decoding limit", "0.20",
                                f"{r['trusted'] / r['decode']:.3f}", r["trusted"] / r["decode"] >= 0.20))
        first = games[0]
        say()

        if "chess" not in skip:
            say("## 3. against python-chess (chess.pgn.read_game + replay of random legal games)")
            say()
            try:
                chess_run, plies = chess_contender(20 if quick else 100)
            except ImportError:
                say("python-chess is not installed (pip install '.[bench]'): skipped")
            else:
                paths = records[first]
                events = count_events(paths)
                t = interleave({"chess": chess_run, "validate": validate_all(paths), "trusted": trusted_all(paths)}, rounds)
                chess_rate = plies / t["chess"]
                say("| contender | rate | ratio to python-chess |")
                say("|---|---|---|")
                say(f"| python-chess read_game + replay | {chess_rate:,.0f} plies/s | 1.00 |")
                for name in ("validate", "trusted"):
                    rate = events / t[name]
                    label = "validate" if name == "validate" else "trusted replay"
                    say(f"| {first} {label} | {rate:,.0f} events/s | {rate / chess_rate:.2f} |")
                    if name == "validate":
                        targets.append((f"{first} {label} ≥ 4× python-chess (events against plies)", "4",
                                        f"{rate / chess_rate:.2f}", rate / chess_rate >= 4))
            say()

        if "growth" not in skip:
            say("## 4. growth with archive size and record length")
            say()
            sizes = [1, 100] + ([1000] if quick else [10_000])
            distinct = records[first] + write_records(folder / "more", first, min(max(sizes), 1000) - len(records[first]),
                                                      seed=10_000)
            archive = copies(distinct, max(sizes), folder / "archive")
            say(f"{first}: {len(distinct):,} distinct self-play records, copied in turn to make the larger archives")
            say()
            say("| records | events | seconds | events/s | ms/record |")
            say("|---|---|---|---|---|")
            per_size = {}
            for size in sizes:
                subset = archive[:size]
                events = count_events(subset)
                fn = repeated(validate_all(subset), 50) if size == 1 else validate_all(subset)
                t = interleave({"v": fn}, 1 if size >= 1000 else rounds)["v"] / (50 if size == 1 else 1)
                per_size[size] = events / t
                say(f"| {size:,} | {events:,} | {t:.3f} | {events / t:,.0f} | {t / size * 1000:.2f} |")
            lo, hi = min(per_size.values()), max(per_size.values())
            targets.append((f"cost linear in records: events/s from 1 to {max(sizes):,} records within ±15%", "≤ 1.15",
                            f"{hi / lo:.2f}", hi / lo <= 1.15))
            say()
            game = "planetopia" if "planetopia" in games else first
            group = records[game][:10 if quick else 25]
            quarters = {k: [prefix(p, max(2, _lines(p) * k // 4), folder / f"q{k}") for p in group] for k in (1, 2, 3)}
            quarters[4] = group
            t = interleave({k: validate_all(paths) for k, paths in quarters.items()}, rounds)
            say(f"{game}: {len(group)} records validated up to a quarter, half, three quarters and all of their lines")
            say()
            say("| part of each record | events | ms | µs/event |")
            say("|---|---|---|---|")
            per_event = []
            for k, paths in quarters.items():
                events = count_events(paths)
                per_event.append(t[k] / events)
                say(f"| {k}/4 | {events:,} | {t[k] * 1000:.1f} | {t[k] / events * 1e6:.1f} |")
            spread = max(per_event) / min(per_event)
            targets.append((f"cost linear in events: µs/event over a quarter to all of {game} records within ±15%", "≤ 1.15",
                            f"{spread:.2f}", spread <= 1.15))
            say()
            longest = max(group, key=lambda p: p.stat().st_size)
            total = _lines(longest)
            t = interleave({"each": step_every_state(longest), "final": replay_all([longest])}, rounds)
            say(f"every state of that record ({total - 1} events) in one pass, with rules.view of each: "
                f"{t['each'] * 1000:.1f} ms against replay to the end {t['final'] * 1000:.1f} ms "
                f"(ratio {t['each'] / t['final']:.2f})")
            say()

        if "startup" not in skip:
            say(f"## 5. start-up ({'wall' if CLOCK is time.perf_counter else 'CPU'} time of the whole process)")
            say()
            short = min(records[first], key=lambda p: p.stat().st_size)
            t = startup(7 if quick else 25, short, folder / "pycache")
            base = t["python -c 'import msgspec, click'"]
            say("| command | ms | ratio to importing msgspec and click |")
            say("|---|---|---|")
            for name, v in t.items():
                say(f"| {name} | {v * 1000:.1f} | {v / base:.2f} |")
                if name.startswith("planets-log"):
                    targets.append((f"start-up of {name} ≤ 1.25× importing msgspec and click", "1.25",
                                    f"{v / base:.2f}", v / base <= 1.25))
            say()

        if "audit" not in skip:
            say("## 6. audit --jobs 1 against --jobs 2")
            say()
            result = audit_ratio(folder / "audit", 200 if quick else 1000, 1 if quick else 3, games)
            if isinstance(result, str):
                say(result)
            else:
                count, one, two, ceiling = result
                say("| records | --jobs 1 s | --jobs 2 s | speed-up | the machine's own ceiling now |")
                say("|---|---|---|---|---|")
                say(f"| {count:,} | {one:.2f} | {two:.2f} | {one / two:.2f} | {ceiling:.2f} |")
                say()
                say("the ceiling: the same pure-Python work in 2 processes against 1, measured in the same rounds; "
                    "with other work on the machine it falls below 2")
                targets.append((f"audit of {count:,} records: --jobs 2 ≥ 1.7× faster than --jobs 1", "1.7",
                                f"{one / two:.2f}", one / two >= 1.7))
            say()

        if "dask" not in skip:
            say("## 6b. audit on a local two-worker Dask cluster against --jobs 2 (bench/bench_dask.py)")
            say()
            for line in dask_ratio(folder / "audit", 200 if quick else 1000, 1 if quick else 2, games, targets):
                say(line)
            say()

        if "selfplay" not in skip:
            say("## 7. self-play games per second")
            say()
            say("| game | games/s |")
            say("|---|---|")
            for game in games:
                say(f"| {game} | {selfplay_rate(game, 5 if quick else 20):.1f} |")
            say()

        if "breakdown" not in skip:
            say(f"## 8. where validate's time goes ({first}, µs per event, each part timed on its own)")
            say()
            paths = records[first]
            events = count_events(paths)
            t = breakdown(paths, rounds)
            whole, bare = t.pop("validate"), t.pop("bare fold")
            alone = sum(t.values())
            say("| part | µs/event | share of validate |")
            say("|---|---|---|")
            for name, v in t.items():
                say(f"| {name} | {v / events * 1e6:.2f} | {v / whole:.0%} |")
            say(f"| the parts run together in one loop, less their sum alone (caches, the interpreter) "
                f"| {(bare - alone) / events * 1e6:.2f} | {(bare - alone) / whole:.0%} |")
            say(f"| the engine around them: gates, positions, undo, steps (validate less the bare loop) "
                f"| {(whole - bare) / events * 1e6:.2f} | {(whole - bare) / whole:.0%} |")
            say(f"| **validate** | **{whole / events * 1e6:.2f}** | 100% |")
            say()
            decode_rate = interleave({"d": decode_only(paths)}, rounds)["d"]
            say(f"for scale: the decoding limit is {decode_rate / events * 1e6:.2f} µs/event; "
                f"0.10× of it leaves {decode_rate / events * 10e6:.2f} µs/event for everything validate does")
            say()

        if "serve" not in skip:
            say("## 9. `planets-log serve` under load (bench/serve_load.py)")
            say()
            sys.path.insert(0, str(ROOT / "bench"))
            import serve_load

            opts = serve_load.options(tables=10, rounds=1, cli=3) if quick else serve_load.options()
            text, serve_targets = serve_load.run(opts)
            for line in text.splitlines():
                say(line)
            targets.extend(serve_targets)
            say()

        say("## targets")
        say()
        say("| target | wanted | measured | met |")
        say("|---|---|---|---|")
        for name, wanted, got, met in targets:
            say(f"| {name} | {wanted} | {got} | {'yes' if met else 'no'} |")
        say()
        say(f"whole run: {time.perf_counter() - started:.0f} s; load average at the end {_load()}")
    if args.out:
        Path(args.out).write_text("\n".join(lines) + "\n")


def audit_ratio(folder: Path, count: int, rounds: int, games: list[str]):
    """(records, median s with --jobs 1 and with --jobs 2, the machine's 2-process ceiling), or why it was skipped."""
    if not (ROOT / "planets_log" / "cli" / "audit.py").exists():
        return "the audit command has not landed: skipped"
    try:
        sys.path.insert(0, str(ROOT / "bench"))
        import bench_audit
        pub = bench_audit.build(folder / "records", count, games, max(1, os.cpu_count() or 1))
        t = interleave({1: lambda: bench_audit.run_audit(folder / "records", pub, 1),
                        2: lambda: bench_audit.run_audit(folder / "records", pub, 2),
                        "burn 1": lambda: _burn(1), "burn 2": lambda: _burn(2)}, rounds, time.perf_counter)
    except (Exception, SystemExit) as exc:  # the audit is another engineer's work in progress
        return f"audit could not be measured ({type(exc).__name__}: {exc}): skipped"
    return count, t[1], t[2], t["burn 1"] / t["burn 2"]


def dask_ratio(folder: Path, count: int, rounds: int, games: list[str], targets: list) -> list[str]:
    """The lines of section 6b (the records of section 6 reused), adding its target."""
    try:
        import distributed  # noqa: F401
    except ImportError:
        return ["dask is not installed (pip install '.[dask]'): skipped"]
    sys.path.insert(0, str(ROOT / "bench"))
    import bench_audit
    import bench_dask

    pub = bench_audit.build(folder / "records", count, games, max(1, os.cpu_count() or 1))
    t = bench_dask.measure(folder / "records", pub, rounds, None)
    base = t["--jobs 2"]
    cluster = t["--scheduler ADDRESS (2 workers running)"]
    targets.append((f"audit of {count:,} records on a running 2-worker cluster ≤ 1.2× --jobs 2", "1.2",
                    f"{cluster / base:.2f}", cluster / base <= 1.2))
    return (["| command | s | ratio to --jobs 2 |", "|---|---|---|"]
            + [f"| audit {name} | {took:.2f} | {took / base:.2f} |" for name, took in t.items()]
            + ["", "every --json report identical to --jobs 2's (checked in each round)"])


def _spin(n: int) -> int:
    total = 0
    for i in range(n):
        total += i * i
    return total


def _burn(workers: int) -> None:
    """Fixed pure-Python work in two halves, on `workers` processes (pool start-up included, as in audit)."""
    with ProcessPoolExecutor(max_workers=workers) as pool:
        list(pool.map(_spin, [3_000_000, 3_000_000]))


def _load() -> str:
    """The 1-minute load average (other work on the machine skews a ratio of parallel runs most)."""
    return f"{os.getloadavg()[0]:.2f}" if hasattr(os, "getloadavg") else "n/a"


def _imports(game: str) -> bool:
    try:
        get_rules(game)
        return True
    except Exception:
        return False


if __name__ == "__main__":
    main()
