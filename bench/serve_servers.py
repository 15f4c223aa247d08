"""`bench/serve_load.py --servers N`: moves per second at saturation with one server and with N servers on one
tournament in NATS JetStream, side by side in one run.

Each round starts one NATS node (JetStream, every append synced before its acknowledgement: the tests' own), then
for 1 and for N servers: a new tournament, that many `planets-log serve nats://…/TOURNAMENT` processes (as a user
starts them), `--tables` tables made on the first, each table's scorekeeper sending its moves to one server (table i
to server i mod N, as a proxy with sticky-free routing spreads tables), every table at once from a barrier, each
move sent as soon as the last is answered: the servers saturated. The tournament is then copied out to a folder
(`planets-log copy`'s code) and every record must be valid and hold exactly the moves sent. The CPU time of each
server process and of the NATS node is read from /proc.
"""

from __future__ import annotations

import argparse
import os
import shutil
import statistics
import subprocess
import tempfile
import threading
import time
from pathlib import Path
from typing import Any

from bench.loopback import Client, RawClient, cpu_seconds, profiler, start_server
from bench.serve_load import check, pct, plan
from planets_log.store import open_store
from planets_log.store.copy import copy_store
from planets_log.store.files import FileStore

RATIO_TARGET = 1.6
SYNC = {"always": "every append synced to disk before its acknowledgement",
        "interval": "appends synced every 2 minutes, NATS's default"}


def make_tables(port: int, director: str, count: int, moves: int, scratch: Path) -> dict[str, dict[str, Any]]:
    """`count` new tables (public seed), each with its scorekeeper's token, its first seq and the moves to send."""
    boss, tables = Client(port, director), {}
    for i in range(count):
        name = f"table-{i + 1:02d}"
        body = {"name": name, "game": "four-planets", "players": ["Ann", "Ben"], "seed": "public", "public_seed": 7}
        status, made = boss.call("POST", "/api/tables", body)
        assert status == 201, made
        token = next(ln["token"] for ln in made["links"] if ln["role"] == "recorder")
        record = scratch / f"{name}.jsonl"
        record.write_bytes(Client(port, token).get_bytes(f"/api/tables/{name}/record"))
        tables[name] = {"token": token, "start": made["table"]["seq"], "seq": made["table"]["seq"],
                        "moves": plan(record, moves), "sent": 0}
    return tables


def burst(ports: list[int], tables: dict[str, dict[str, Any]]) -> tuple[list[float], float]:
    """Every table at once, table i at ports[i mod N], each move sent when the last is answered; (latencies,
    seconds)."""
    barrier = threading.Barrier(len(tables) + 1)
    latencies: list[float] = []
    failures: list[str] = []

    def table(name: str, info: dict[str, Any], port: int) -> None:
        client, mine = RawClient(port, info["token"]), []
        client.call("GET", f"/api/tables/{name}")  # connected before the start
        barrier.wait()
        for move in info["moves"]:
            t0 = time.perf_counter()
            status, written = client.call("POST", f"/api/tables/{name}/moves", {"seq": info["seq"], "moves": [move]})
            mine.append(time.perf_counter() - t0)
            if status != 200:
                failures.append(f"{name}: {move}: {status} {written}")
                return
            info["seq"], info["sent"] = written["seq"], info["sent"] + 1
        latencies.extend(mine)

    threads = [threading.Thread(target=table, args=(name, info, ports[i % len(ports)]))
               for i, (name, info) in enumerate(tables.items())]
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


def known(ports: list[int], director: str, tables: dict[str, dict[str, Any]], every: bool) -> None:
    """Until each table's server knows it (a table made on one reaches the others through the store); with `every`,
    every server knows every table (each then keeps every table's live position, stepping over every line)."""
    deadline = time.monotonic() + 30
    for i, name in enumerate(tables):
        for port in ports if every else [ports[i % len(ports)]]:
            boss = Client(port, director)
            while boss.call("GET", f"/api/tables/{name}")[0] != 200:
                if time.monotonic() > deadline:
                    raise SystemExit(f"server on port {port} never saw {name}")
                time.sleep(0.05)


def one_run(args: argparse.Namespace, nats: Any, servers: int, label: str, scratch: Path,
            profile: Path | None) -> dict[str, float]:
    """`servers` servers on a new tournament, saturated: moves/s, latency, CPU; every record checked."""
    address = nats.address(f"scale-{label}")
    work = scratch / label
    work.mkdir(parents=True)
    procs: list[subprocess.Popen[bytes]] = []
    try:
        ports, director = [], ""
        for i in range(servers):
            proc, port, token = start_server(work, address, log=work / f"serve-{i}.log", token=i == 0)
            procs.append(proc)
            ports.append(port)
            director = director or token
        tables = make_tables(ports[0], director, args.tables, args.moves, work)
        known(ports, director, tables, not args.pinned)
        spies = [profiler(p.pid, profile.with_suffix(f".{label}-{i}.txt"))
                 for i, p in enumerate(procs)] if profile else []
        node = nats.nodes[0].proc.pid
        cpu0, ncpu0, busy0 = [cpu_seconds(p.pid) for p in procs], cpu_seconds(node), machine_busy()
        own0 = time.process_time()
        lat, took = burst(ports, tables)
        own = time.process_time() - own0
        cpu = sum(cpu_seconds(p.pid) - c for p, c in zip(procs, cpu0))
        ncpu, busy = cpu_seconds(node) - ncpu0, machine_busy() - busy0
        for spy in spies:
            spy.send_signal(2)
            spy.wait(60)
    finally:
        for proc in procs:
            proc.send_signal(2)
            proc.wait(60)
    out = work / "copied"
    with open_store(address) as store, FileStore(out) as files:
        copy_store(store, files)
    check(out, tables)
    return {"moves": len(lat), "moves/s": len(lat) / took, "p50": pct(lat, 50), "p99": pct(lat, 99),
            "cpu": 1000 * cpu / len(lat), "share": cpu / took, "nats": ncpu / took, "busy": busy / took,
            "clients": own / took}


def machine_busy() -> float:
    """CPU seconds the whole machine has been busy (every CPU, every process: /proc/stat)."""
    fields = [int(x) for x in Path("/proc/stat").read_text().split("\n", 1)[0].split()[1:]]
    return (sum(fields[:8]) - fields[3] - fields[4]) / os.sysconf("SC_CLK_TCK")


def ceiling(nats: Any, label: str, tables: int, lines: int = 100) -> float:
    """Appends per second the store itself takes: `tables` records appended to at once through the project's own
    client, each line at the revision the last left (no server, no HTTP): what no number of servers can pass."""
    with open_store(nats.address(f"ceiling-{label}")) as store:
        def write(record: str) -> None:
            revision = 0
            for i in range(lines):
                revision = store.append(record, [b'{"seq":%d,"pad":"%s"}' % (i, b"x" * 200)], revision)

        threads = [threading.Thread(target=write, args=(f"t{i}.jsonl",)) for i in range(tables)]
        t0 = time.perf_counter()
        for t in threads:
            t.start()
        for t in threads:
            t.join()
        return tables * lines / (time.perf_counter() - t0)


def scaling(args: argparse.Namespace) -> tuple[str, list[tuple[str, str, str, bool]]]:
    """1 and N servers, `--rounds` times each (alternating), on one synced NATS node: the table and the target."""
    from tests.support.natsd import start_nats  # the project's own NATS node for its tests

    scratch = Path(tempfile.mkdtemp(prefix="serve-servers-"))
    nats = start_nats(scratch / "nats", sync=args.nats_sync == "always")
    runs: dict[int, list[dict[str, float]]] = {1: [], args.servers: []}
    limits: list[float] = []
    try:
        for r in range(args.rounds):
            limits.append(ceiling(nats, f"r{r + 1}", args.tables))
            for n in runs:
                runs[n].append(one_run(args, nats, n, f"r{r + 1}-{n}", scratch, args.profile if r == 0 else None))
    finally:
        nats.stop()
        shutil.rmtree(scratch, ignore_errors=True)
    med = {n: {k: statistics.median(f[k] for f in figs) for k in figs[0]} for n, figs in runs.items()}
    ratio = med[args.servers]["moves/s"] / med[1]["moves/s"]
    rows = [f"`python bench/serve_load.py --store nats --servers {args.servers} --tables {args.tables} --moves "
            f"{args.moves} --rounds {args.rounds} --nats-sync {args.nats_sync}{' --pinned' if args.pinned else ''}` "
            f"(one NATS node, {SYNC[args.nats_sync]}; "
            f"medians over {args.rounds} rounds; {os.cpu_count()} CPUs, load average {os.getloadavg()[0]:.1f} at the "
            "end)", "",
            "| servers | moves | moves/s at saturation | p50 ms | p99 ms | servers' CPU ms per move (of one CPU) | "
            "NATS node (of one CPU) | the bench's clients (of one CPU) | the whole machine busy (of its CPUs) |",
            "|---|---|---|---|---|---|---|---|---|"]
    for n, m in med.items():
        rows.append(f"| {n} | {sum(f['moves'] for f in runs[n]):.0f} | {m['moves/s']:.0f} | {m['p50']:.1f} | "
                    f"{m['p99']:.1f} | {m['cpu']:.2f} ({m['share']:.0%}) | {m['nats']:.0%} | {m['clients']:.0%} | "
                    f"{m['busy'] / (os.cpu_count() or 1):.0%} |")
    found = [(f"serve: {args.servers} servers on one NATS store record >= {RATIO_TARGET:g}x the moves per second of "
              "one (saturation)", f"{RATIO_TARGET:g}x", f"{ratio:.2f}x", ratio >= RATIO_TARGET)]
    rows += ["", f"The store's own ceiling: {statistics.median(limits):.0f} appends/s ({args.tables} records appended "
             "to at once through the project's NATS client in one process, no server: what no number of servers "
             "can pass; a move is one append or more)."]
    rows += ["", "| target | wanted | measured | met |", "|---|---|---|---|",
             *(f"| {a} | {b} | {c} | {'yes' if d else 'no'} |" for a, b, c, d in found),
             f"| afterwards every record valid, holding exactly the moves sent | all | "
             f"{sum(f['moves'] for figs in runs.values() for f in figs):.0f} moves | yes |"]
    return "\n".join(rows), found
