"""`planets-log serve` under load: many tables recording at once on loopback, against `planets-log record`.

    python bench/serve_load.py [--tables 50] [--moves 20] [--pace 0.5] [--rounds 3] [--game four-planets]
                               [--cli 5] [--streams 0] [--dir DIR] [--out FILE] [--profile FILE]

A server is started on 127.0.0.1 (a free port, its own process, exactly as `planets-log serve DIR` runs) on a fresh
folder. Each round, the director makes `--tables` new tables (a public seed, so that the moves can be chosen
beforehand: the first legal move each time, on a copy of the table's record) and their scorekeepers' links; then
three phases, each `--moves` moves per table, one move per request, each request timed (wall clock, from sending to
the whole answer read):

  solo    one table alone, each move sent as soon as the last is answered: what one move costs;
  burst   every table at once from a barrier, each move sent as soon as the last is answered: the server saturated,
          so its moves per second (and latency that is mostly waiting in line: in-flight / throughput);
  paced   every table at once, each a move every `--pace` seconds (from a random offset): the latency scorekeepers
          see; 0.5 s a move at each of 50 tables is 100 moves a second, far above a real tournament's pace.

Then `--cli` moves are recorded by `planets-log record RECORD MOVE` as a process (on copies of the round's
records), each timed the same way. With `--streams N`, N live streams per table (its seats' links, each from its
own address) are open and read throughout. The server's CPU time is read from /proc for each phase.

Afterwards every record is validated and must hold exactly the moves sent, in order (the run fails otherwise).
Targets: p99 per move under 50 ms at 50 tables; a move through the server at least 10x faster (median
against median) than through the command line.
"""

from __future__ import annotations

import argparse
import http.client
import os
import random
import shutil
import signal
import statistics
import subprocess
import sys
import tempfile
import threading
import time
from pathlib import Path
from typing import Any

if __package__ in (None, ""):
    sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from bench.common import Run  # noqa: E402
from bench.loopback import CLI, HOST, Client, Disk, cpu_seconds, profiler, start_server  # noqa: E402
from planets_log.audit.validate import validate_file  # noqa: E402
from planets_log.engine.recorder import Recorder  # noqa: E402
from planets_log.engine.redact import format_as  # noqa: E402
from planets_log.engine.rules import TERMINAL, next_events  # noqa: E402
from planets_log.record.events import Action  # noqa: E402
from planets_log.engine.replay import Replay  # noqa: E402

TITLE = "`planets-log serve` under load"
P99_TARGET_MS, SPEEDUP_TARGET = 50.0, 10.0


def plan(record: Path, count: int) -> list[str]:
    """The first `count` moves of a game played from `record` (the first legal move each time), in notation."""
    with tempfile.TemporaryDirectory() as tmp:
        copy = Path(tmp) / record.name
        shutil.copy(record, copy)
        rec = Recorder(str(copy), fsync=False)
        moves: list[str] = []
        while len(moves) < count:
            if rec.session.to_move(rec.pos) == TERMINAL:
                raise SystemExit(f"the game ends after {len(moves)} moves: ask for fewer (--moves)")
            legal = next_events(rec.rules, rec.pos.state)
            moves.append(format_as(rec.rules, legal[0], rec.pos.state, None))
            rec.play(moves[-1])
        return moves


def make_tables(port: int, director: str, args: argparse.Namespace, prefix: str) -> dict[str, dict[str, Any]]:
    """Each new table's name -> its scorekeeper's and seats' tokens, the moves it will be sent, its first seq."""
    boss, tables = Client(port, director), {}
    for i in range(args.tables):
        name = f"{prefix}table-{i + 1:02d}"
        status, made = boss.call("POST", "/api/tables", {"name": name, "game": args.game, "players": ["Ann", "Ben"],
                                                         "seed": "public", "public_seed": 7})
        assert status == 201, made
        tokens = {ln["player"] or ln["role"]: ln["token"] for ln in made["links"]}
        count = args.moves * (3 if i == 0 else 2)  # the first table records alone first, then with the others
        if args.store == "nats":  # the record as the store has it, beside the copy out
            args.dir.mkdir(parents=True, exist_ok=True)
            (args.dir / f"{name}.jsonl").write_bytes(Client(port, tokens["recorder"]).get_bytes(
                f"/api/tables/{name}/record"))
        tables[name] = {"tokens": tokens, "start": made["table"]["seq"], "seq": made["table"]["seq"],
                        "moves": plan(args.dir / f"{name}.jsonl", count), "sent": 0}
    return tables


def record(port: int, tables: dict[str, dict[str, Any]], count: int, pace: float) -> tuple[list[float], float]:
    """`count` moves to each table, all tables at once, one request per move; with `pace`, each table waits that long
    between its moves (first at a random offset). (Each move's seconds, the whole run's seconds.)"""
    barrier = threading.Barrier(len(tables) + 1)
    latencies: list[float] = []
    failures: list[str] = []
    offsets = random.Random(7)

    def table(name: str, info: dict[str, Any], offset: float) -> None:
        client, mine = Client(port, info["tokens"]["recorder"]), []
        barrier.wait()
        due = time.perf_counter() + offset
        for move in info["moves"][info["sent"]:info["sent"] + count]:
            time.sleep(max(0.0, due - time.perf_counter()))
            t0 = time.perf_counter()
            status, written = client.call("POST", f"/api/tables/{name}/moves", {"seq": info["seq"], "moves": [move]})
            mine.append(time.perf_counter() - t0)
            if status != 200:
                failures.append(f"{name}: {move}: {status} {written}")
                return
            info["seq"], info["sent"], due = written["seq"], info["sent"] + 1, due + pace
        latencies.extend(mine)

    threads = [threading.Thread(target=table, args=(*item, offsets.uniform(0, pace))) for item in tables.items()]
    for t in threads:
        t.start()
    barrier.wait()
    t0 = time.perf_counter()
    for t in threads:
        t.join()
    took = time.perf_counter() - t0
    if failures:
        raise SystemExit("moves refused:\n" + "\n".join(failures[:10]))
    return latencies, took


def open_streams(port: int, tables: dict[str, dict[str, Any]], per_table: int, stop: threading.Event) -> list[int]:
    """`per_table` live streams per table (its seats' links, in turn), each read in its own thread and from its own
    address (X-Forwarded-For, which the server trusts from 127.0.0.1); the lines each has read so far."""
    counts: list[int] = []

    def follow(name: str, token: str, k: int) -> None:
        conn = http.client.HTTPConnection(HOST, port, timeout=120)
        phone = f"10.0.{k // 250}.{k % 250 + 1}"  # each stream another device (as behind a proxy on this machine)
        conn.request("GET", f"/api/tables/{name}/stream", headers={"Authorization": f"Bearer {token}",
                                                                   "X-Forwarded-For": phone})
        res = conn.getresponse()
        if res.status != 200:
            raise SystemExit(f"a stream was refused: {res.status} {res.read()!r}")
        while not stop.is_set():
            raw = res.readline()
            if not raw:
                break
            counts[k] += raw.startswith(b"event: line")
        conn.close()

    for name, info in tables.items():
        seats = [t for key, t in info["tokens"].items() if key != "recorder"]
        for j in range(per_table):
            counts.append(0)
            threading.Thread(target=follow, args=(name, seats[j % len(seats)], len(counts) - 1), daemon=True).start()
    return counts


def cli_moves(folder: Path, tables: dict[str, dict[str, Any]], times: int, scratch: Path) -> list[float]:
    """`planets-log record COPY MOVE` as a process, `times` moves on copies of the tables' records; seconds each."""
    out: list[float] = []
    names = list(tables)
    for i in range(times):
        name = names[i % len(names)]
        copy = scratch / f"cli-{i}.jsonl"
        shutil.copy(folder / f"{name}.jsonl", copy)
        Replay(str(copy))  # warm the file into the page cache, as the server's record is
        move = plan(copy, 1)[0]
        t0 = time.perf_counter()
        res = subprocess.run([*CLI, "record", str(copy), move], capture_output=True, text=True)
        out.append(time.perf_counter() - t0)
        if res.returncode != 0:
            raise SystemExit(f"planets-log record refused {move!r}: {res.stderr}")
    return out


def check(folder: Path, tables: dict[str, dict[str, Any]]) -> None:
    """Every record valid, holding exactly the moves sent after its start, in order."""
    for name, info in tables.items():
        path = folder / f"{name}.jsonl"
        report = validate_file(str(path))
        if report.errors:
            raise SystemExit(f"{name}: not valid: {report.errors[0]}")
        replay = Replay(str(path))
        typed = [replay.session.rules.format(step.event, step.before.state) for step in replay.steps()
                 if step.before.seq >= info["start"] and isinstance(step.event, Action)]
        if typed != info["moves"] or info["sent"] != len(info["moves"]):
            raise SystemExit(f"{name}: the record holds {typed}, not the moves sent {info['moves'][:info['sent']]}")


def copy_out(address: str, folder: Path) -> None:
    """The tournament's records into `folder` (what `planets-log copy` does), to check them and record on copies."""
    from planets_log.store import open_store
    from planets_log.store.copy import copy_store
    from planets_log.store.files import FileStore

    with open_store(address) as store, FileStore(folder) as files:
        copy_store(store, files)


def pct(values: list[float], q: float) -> float:
    """The q-th percentile (nearest rank), in milliseconds."""
    ordered = sorted(values)
    return 1000 * ordered[min(len(ordered) - 1, max(0, round(q / 100 * len(ordered) + 0.5) - 1))]


class Phase:
    """One phase of one round: latencies, seconds, the server's CPU seconds, the disk's fsyncs meanwhile."""

    def __init__(self, lat: list[float], took: float, cpu: float, disk: list[float]):
        self.lat, self.took, self.cpu, self.disk = lat, took, cpu, disk

    def figures(self) -> dict[str, float]:
        lat = self.lat
        return {"moves": len(lat), "moves/s": len(lat) / self.took, "p50": pct(lat, 50), "p90": pct(lat, 90),
                "p99": pct(lat, 99), "max": 1000 * max(lat), "cpu": 1000 * self.cpu / len(lat),
                "share": self.cpu / self.took, "disk50": pct(self.disk, 50), "disk99": pct(self.disk, 99)}


def row(title: str, rounds: list[Phase]) -> str:
    """A phase's figures: the median over the rounds, with p99's range when there are several."""
    figs = [p.figures() for p in rounds]
    med = {k: statistics.median(f[k] for f in figs) for k in figs[0]}
    spread = f" ({min(f['p99'] for f in figs):.1f}-{max(f['p99'] for f in figs):.1f})" if len(figs) > 1 else ""
    return (f"| {title} | {sum(f['moves'] for f in figs):.0f} | {med['moves/s']:.0f} | {med['p50']:.1f} | "
            f"{med['p90']:.1f} | {med['p99']:.1f}{spread} | {med['max']:.1f} | {med['cpu']:.2f} ({med['share']:.0%}) | "
            f"{med['disk50']:.1f} / {med['disk99']:.1f} |")


def targets(args: argparse.Namespace, rounds: list[dict[str, Phase]], cli: list[float]) -> list[tuple[str, str, str, bool]]:
    """The server's targets: (what, wanted, measured, met)."""
    p99 = statistics.median(pct(r["paced"].lat, 99) for r in rounds)
    speedup = 1000 * statistics.median(cli) / statistics.median(pct(r["solo"].lat, 50) for r in rounds)
    return [(f"serve: p99 per move under {P99_TARGET_MS:g} ms, {args.tables} tables recording at once (paced)",
             f"{P99_TARGET_MS:g} ms", f"{p99:.1f} ms", p99 < P99_TARGET_MS),
            (f"serve: a move >= {SPEEDUP_TARGET:g}x faster than `planets-log record` as a process (medians)",
             f"{SPEEDUP_TARGET:g}x", f"{speedup:.0f}x", speedup >= SPEEDUP_TARGET)]


def report(args: argparse.Namespace, rounds: list[dict[str, Phase]], cli: list[float], streamed: list[int]) -> str:
    titles = {k: v.format(n=args.tables, pace=args.pace) for k, v in PHASES.items()}
    rows = [
        f"`python bench/serve_load.py --store {args.store} --tables {args.tables} --moves {args.moves} --pace {args.pace:g} "
        f"--rounds {args.rounds} --game {args.game} --cli {args.cli} --streams {args.streams}` (load average "
        f"{os.getloadavg()[0]:.2f} at the end, {os.cpu_count()} CPUs; medians over {args.rounds} rounds, "
        "p99's range in brackets)",
        "",
        "| phase | moves | moves/s | p50 ms | p90 ms | p99 ms | max ms | server CPU ms per move (of one CPU) | "
        "the disk's own fsync meanwhile, p50 / p99 ms |",
        "|---|---|---|---|---|---|---|---|---|",
        *(row(titles[k], [r[k] for r in rounds]) for k in PHASES),
        f"| `planets-log record` as a process | {len(cli)} | | {1000 * statistics.median(cli):.0f} | | | "
        f"{1000 * max(cli):.0f} | | |",
        "",
        "| target | wanted | measured | met |",
        "|---|---|---|---|",
        *(f"| {name} | {wanted} | {got} | {'yes' if met else 'no'} |" for name, wanted, got, met in
          targets(args, rounds, cli)),
        f"| afterwards every record valid, holding exactly the moves sent | all | "
        f"{sum(len(p.lat) for r in rounds for p in r.values())} moves | yes |",
    ]
    if args.streams:
        rows.append(f"| live streams, {args.streams} per table each round (a round's left open after it), each "
                    f"reading its table's lines | | {len(streamed)} streams, {sum(streamed)} lines delivered | |")
    return "\n".join(rows)


def measure(args: argparse.Namespace, proc: subprocess.Popen[bytes], port: int,
            tables: dict[str, dict[str, Any]], profile: Path | None) -> dict[str, Phase]:
    """The three phases of one round, each timed with the server's CPU time; the burst sampled by py-spy with
    `profile`."""
    first = dict(list(tables.items())[:1])
    phases = {}
    for name, group, pace in (("solo", first, 0.0), ("burst", tables, 0.0), ("paced", tables, args.pace)):
        spy = profiler(proc.pid, profile) if profile and name == "burst" else None
        cpu0, disk = cpu_seconds(proc.pid), Disk(args.dir.parent)
        lat, took = record(port, group, args.moves, pace)
        phases[name] = Phase(lat, took, cpu_seconds(proc.pid) - cpu0, disk.done())
        if spy is not None:
            spy.send_signal(signal.SIGINT)
            spy.wait(60)
        time.sleep(0.5)
    return phases


PHASES = {"solo": "one table alone, each move sent when the last is answered",
          "burst": "{n} tables at once, each move sent when the last is answered (saturation)",
          "paced": "{n} tables at once, each a move every {pace:g} s"}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--tables", type=int, default=50)
    parser.add_argument("--moves", type=int, default=20, help="Moves per table in each phase (bounded run).")
    parser.add_argument("--pace", type=float, default=0.5, help="Seconds between a table's moves in the paced phase.")
    parser.add_argument("--rounds", type=int, default=3, help="Rounds of the three phases, each on new tables.")
    parser.add_argument("--game", default="four-planets")
    parser.add_argument("--cli", type=int, default=5, help="Moves recorded by `planets-log record` processes, each "
                        "round.")
    parser.add_argument("--streams", type=int, default=0, help="Live streams per table open throughout.")
    parser.add_argument("--dir", type=Path, default=None, help="The served folder (default: a fresh temporary one).")
    parser.add_argument("--out", type=Path, default=None, help="Also write the tables of figures here.")
    parser.add_argument("--store", choices=["files", "nats"], default="files", help="Serve a folder, or a tournament "
                        "on a NATS node the bench starts (JetStream, every append synced).")
    parser.add_argument("--servers", type=int, default=1, help="With N > 1: moves per second at saturation of one "
                        "server and of N servers on one NATS store, side by side (bench/serve_servers.py).")
    parser.add_argument("--pinned", action="store_true", help="With --servers: each table live only on the server "
                        "its moves go to (default: every server keeps every table live, as behind a proxy that "
                        "routes without stickiness).")
    parser.add_argument("--nats-sync", choices=["always", "interval"], default="always", help="The NATS node syncs "
                        "every append before its acknowledgement (always), or every 2 minutes (NATS's default).")
    parser.add_argument("--profile", type=Path, default=None, help="Sample the server with py-spy during the first "
                        "round's burst (pip install py-spy): raw stacks, while it holds the GIL, to this file.")
    args = parser.parse_args()
    if args.servers > 1:
        from bench.serve_servers import scaling

        print(scaling(args)[0])
        return
    print(serve_load_run(args)[0])


def options(**given: Any) -> argparse.Namespace:
    """The command's options with their defaults, some given (for section)."""
    defaults = {"tables": 50, "moves": 20, "pace": 0.5, "rounds": 3, "game": "four-planets", "cli": 5, "streams": 0,
                "dir": None, "out": None, "profile": None, "store": "files", "servers": 1, "pinned": False,
                "nats_sync": "always"}
    return argparse.Namespace(**{**defaults, **given})


def serve_load_run(args: argparse.Namespace) -> tuple[str, list[tuple[str, str, str, bool]]]:
    """Start the server, measure every round, check every record: the tables of figures (written to --out too) and
    the targets."""
    scratch = Path(tempfile.mkdtemp(prefix="serve-load-"))
    args.dir = (args.dir or scratch / "served").resolve()
    nats, address = None, None
    if args.store == "nats":  # the served tournament on a NATS node; args.dir is where it is copied out
        from tests.support.natsd import start_nats  # the project's own NATS node for its tests

        nats = start_nats(scratch / "nats", sync=args.nats_sync == "always")
        address = nats.address("serve-load")
    proc, port, director = start_server(args.dir, address)
    rounds, cli, streamed, every = [], [], [], {}
    try:
        for r in range(args.rounds):
            stop = threading.Event()
            tables = make_tables(port, director, args, f"r{r + 1}-")
            streams = open_streams(port, tables, args.streams, stop) if args.streams else []
            time.sleep(1.0 if args.streams else 0.2)
            rounds.append(measure(args, proc, port, tables, args.profile if r == 0 else None))
            time.sleep(2.0 if args.streams else 0)  # the streams' last lines
            stop.set()
            streamed += streams
            if address is not None:
                copy_out(address, args.dir)
            cli += cli_moves(args.dir, tables, args.cli, scratch)
            every.update(tables)
    finally:
        proc.send_signal(signal.SIGINT)
        proc.wait(60)
        if nats is not None:
            nats.stop()
    check(args.dir, every)
    text = report(args, rounds, cli, streamed)
    if args.out:
        args.out.write_text(text + "\n")
    shutil.rmtree(scratch, ignore_errors=True)
    return text, targets(args, rounds, cli)


def section(run: Run) -> None:
    """Ten tables and one round with --quick, the defaults otherwise."""
    text, found = serve_load_run(options(tables=10, rounds=1, cli=3) if run.quick else options())
    for line in text.splitlines():
        run.say(line)
    run.targets.extend(found)


if __name__ == "__main__":
    main()
