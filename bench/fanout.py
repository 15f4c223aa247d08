"""Fan-out: N anonymous live streams on one public table, the server's CPU per stream per move, idle and in play.

    python bench/fanout.py [--streams 40,400,5000] [--moves 10] [--pace 0.5] [--idle 10]
                           [--store files|nats|files,nats] [--out FILE]

For each store and each N, in turn and side by side in one run: a server is started on 127.0.0.1 (its own
process, exactly as `planets-log serve DIR` runs, or `serve nats://…` on a NATS JetStream node started here;
trusting 127.0.0.1 as a proxy), the director makes one public table (a public seed, so that the moves are known
beforehand), and another process opens N anonymous streams of it (one epoll loop, a connection each, each with
its own X-Forwarded-For: a phone behind a proxy; the per-address caps stay). Then:

  idle    `--idle` seconds with every stream open and nothing written: the server's CPU per 1,000 streams;
  play    `--moves` moves, `--pace` seconds apart, posted by the table's recorder: each line's delivery latency on
          every stream (from the move's request sent to the line read), delivered/expected, the server's CPU per
          stream per move (all of it, the moves' own work included, over N streams and the moves).

The row N = 0 is the moves alone (no stream): the CPU a move costs with nobody following, and the idle server;
`marginal` is each row's CPU above it per stream per move, and the idle figure per 1,000 streams is above the idle
server. Memory per stream is the server's resident memory with the N streams open, above the same server before
they opened, over N. CPU is read from /proc/PID/stat; nothing is asserted: the targets (issue 38) are printed
beside the figures.
"""

from __future__ import annotations

import argparse
import http.client
import json
import os
import select
import signal
import socket
import statistics
import subprocess
import sys
import tempfile
import threading
import time
from pathlib import Path

if __package__ in (None, ""):
    sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from bench.loopback import HOST, Client, cpu_seconds, start_server  # noqa: E402
from bench.serve_load import plan  # noqa: E402

PER_MOVE_TARGET_US, IDLE_TARGET_PCT, P99_TARGET_S = 20.0, 1.0, 1.0
STORES = ("files", "nats")
"""The stores a server can serve from: a folder, or NATS JetStream (one node started here, `pip install
'planets-log[nats]'`)."""


def rss_kib(pid: int) -> int:
    """The process's resident memory, KiB (Linux's /proc)."""
    for line in Path(f"/proc/{pid}/status").read_text().splitlines():
        if line.startswith("VmRSS:"):
            return int(line.split()[1])
    return 0


# --- the clients' process ----------------------------------------------------------------------------------------


class Phone:
    """One anonymous stream: its socket, and every `id: SEQ` line read with the wall-clock time it arrived."""

    def __init__(self, sock: socket.socket):
        self.sock, self.rest, self.hello, self.status = sock, b"", False, 0
        self.arrived: list[tuple[int, float]] = []

    def read(self, now: float) -> bool:
        """What the socket has; False when the server closed it."""
        data = self.sock.recv(65536)
        if not data:
            return False
        lines = (self.rest + data).split(b"\n")
        self.rest = lines.pop()
        for line in lines:
            if line.startswith(b"id: "):
                self.arrived.append((int(line[4:]), now))
            elif line.startswith(b"event: hello"):
                self.hello = True
            elif line.startswith(b"HTTP/1.1 "):
                self.status = int(line.split()[1])
        return True


def phones(port: int, table: str, count: int, out: Path) -> None:
    """Open `count` streams, say `ready`, then read them all (one epoll loop: a lean client, so that the latency is
    the server's) until `end SEQ` comes on stdin and every stream has reached SEQ; write the arrivals to `out`."""
    poll, made = select.epoll(), {}
    for k in range(count):
        sock = socket.create_connection((HOST, port))
        phone = f"10.{k // 62500}.{k // 250 % 250}.{k % 250 + 1}"
        sock.sendall((f"GET /api/tables/{table}/stream HTTP/1.1\r\nHost: {HOST}\r\nAccept: text/event-stream\r\n"
                      f"X-Forwarded-For: {phone}\r\n\r\n").encode())
        sock.setblocking(False)
        made[sock.fileno()] = Phone(sock)
        poll.register(sock.fileno(), select.EPOLLIN)
    end: list[int] = []

    def listen() -> None:
        said = sys.stdin.readline().split()
        if not said:  # the measure was stopped
            os._exit(1)
        end.append(int(said[1]))

    said, deadline, end_by, end_set = False, time.monotonic() + 120, 0.0, False
    while True:
        for fd, _ in poll.poll(0.05):
            if not made[fd].read(time.time()):
                poll.unregister(fd)
        opened = all(p.hello or p.status not in (0, 200) for p in made.values())
        if not said and (opened or time.monotonic() > deadline):
            refused = [p.status for p in made.values() if p.status != 200]
            print(f"ready {sum(p.hello for p in made.values())} refused {len(refused)} {sorted(set(refused))}",
                  flush=True)
            said = True
            threading.Thread(target=listen, daemon=True).start()
        if end and not end_set:
            end_by, end_set = time.monotonic() + 30, True
        if end and (time.monotonic() > end_by or all(p.arrived and p.arrived[-1][0] >= end[0] for p in made.values())):
            break
    out.write_text(json.dumps([p.arrived for p in made.values()]))
    print("done", flush=True)


# --- the measure ---------------------------------------------------------------------------------------------------


def download(port: int, token: str, path: str) -> bytes:
    """A GET's body as bytes (the record file, for the scorekeeper)."""
    conn = http.client.HTTPConnection(HOST, port, timeout=60)
    conn.request("GET", path, headers={"Authorization": f"Bearer {token}"})
    res = conn.getresponse()
    data = res.read()
    conn.close()
    if res.status != 200:
        raise SystemExit(f"GET {path}: {res.status} {data[:200]!r}")
    return data


def one(args: argparse.Namespace, store: str, streams: int, scratch: Path) -> dict[str, float]:
    """One server, one public table, `streams` streams: the figures of its idle and play phases."""
    folder = scratch / f"{store}-{streams}"
    folder.parent.mkdir(parents=True, exist_ok=True)
    nats = None
    if store == "nats":
        from tests.support.natsd import start_nats  # the project's own NATS node for its tests: one, synced appends

        nats = start_nats(scratch / f"nats-{streams}")
    proc, port, director = start_server(folder, None if nats is None else nats.address(f"fanout-{streams}"))
    try:
        boss = Client(port, director)
        status, made = boss.call("POST", "/api/tables", {"name": "final", "game": "four-planets", "public": True,
                                                         "players": ["Ann", "Ben"], "seed": "public", "public_seed": 7})
        assert status == 201, made
        token = next(ln["token"] for ln in made["links"] if ln["role"] == "recorder")
        recorder = Client(port, token)
        record = scratch / f"final-{store}-{streams}.jsonl"  # the record as the store has it, to plan the moves
        record.write_bytes(download(port, token, "/api/tables/final/record"))
        seq, moves = made["table"]["seq"], plan(record, args.moves)
        time.sleep(1.0)
        rss0 = rss_kib(proc.pid)
        out = scratch / f"arrivals-{streams}.json"
        clients = subprocess.Popen([sys.executable, __file__, "--phones", str(port), "final", str(streams), str(out)],
                                   stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True) if streams else None
        if clients is not None:
            said = clients.stdout.readline().split()  # type: ignore[union-attr]
            if said[:2] != ["ready", str(streams)] or said[3] != "0":
                raise SystemExit(f"the streams did not all open: {' '.join(said)}")
        time.sleep(1.0)
        rss1 = rss_kib(proc.pid)
        cpu0, t0 = cpu_seconds(proc.pid), time.monotonic()
        time.sleep(args.idle)
        idle = (cpu_seconds(proc.pid) - cpu0) / (time.monotonic() - t0)
        sent: dict[int, float] = {}
        cpu0 = cpu_seconds(proc.pid)
        for move in moves:
            before = time.time()
            status, written = recorder.call("POST", "/api/tables/final/moves", {"seq": seq, "moves": [move]})
            assert status == 200, written
            for k in range(seq + 1, written["seq"] + 1):
                sent[k] = before
            seq = written["seq"]
            time.sleep(max(0.0, args.pace - (time.time() - before)))
        figures = {"streams": streams, "lines": len(sent), "idle": idle, "rss": (rss1 - rss0) / max(streams, 1)}
        if clients is not None:
            clients.stdin.write(f"end {seq}\n")  # type: ignore[union-attr]
            clients.stdin.flush()  # type: ignore[union-attr]
            clients.stdout.readline()  # type: ignore[union-attr]
            clients.wait(30)
        figures["cpu"] = cpu_seconds(proc.pid) - cpu0  # the whole phase: the moves, their fan-out, the waiting
        figures.update(delivery(out, sent, streams) if clients is not None else {})
        return figures
    finally:
        proc.send_signal(signal.SIGINT)
        proc.wait(60)
        if nats is not None:
            nats.stop()


def delivery(out: Path, sent: dict[int, float], streams: int) -> dict[str, float]:
    """Delivered/expected (each line once on every stream) and the latency of each delivery."""
    arrivals = json.loads(out.read_text())
    lat, delivered = [], 0
    for got in arrivals:
        seen = set()
        for seq, when in got:
            if seq in sent and seq not in seen:
                seen.add(seq)
                lat.append(when - sent[seq])
        delivered += len(seen)
    lat.sort()
    return {"delivered": delivered, "expected": streams * len(sent),
            "p50": statistics.median(lat) if lat else float("nan"),
            "p99": lat[min(len(lat) - 1, int(len(lat) * 0.99))] if lat else float("nan")}


def report(rows: list[dict[str, float]], args: argparse.Namespace, store: str) -> str:
    """The table of figures, the moves alone first, and the targets."""
    base = next((r for r in rows if r["streams"] == 0), None)
    out = [f"fan-out, store `{store}`: one public table, {args.moves} moves {args.pace:g} s apart, N anonymous "
           f"streams (clients in another process); idle over {args.idle:g} s",
           "",
           "| streams | delivered | p50 | p99 | server CPU per stream per move | marginal (above no stream) | "
           "idle server | idle per 1,000 streams (above no stream) | memory per stream |",
           "|---|---|---|---|---|---|---|---|---|"]
    for r in rows:
        n, moves = r["streams"], args.moves
        if n == 0:
            out.append(f"| 0 (the moves alone) | | | | {r['cpu'] / moves * 1e3:.1f} ms per move | | "
                       f"{r['idle'] * 100:.2f}% of a CPU | | |")
            continue
        per = r["cpu"] / (n * moves) * 1e6
        marginal = "" if base is None else f"{(r['cpu'] - base['cpu']) / (n * moves) * 1e6:.1f} µs"
        idle = "" if base is None else f"{max(0.0, r['idle'] - base['idle']) / n * 1000 * 100:.2f}% of a CPU"
        out.append(f"| {n:,} | {r['delivered']:,}/{r['expected']:,} | {r['p50'] * 1e3:.0f} ms | {r['p99'] * 1e3:.0f} ms"
                   f" | {per:.1f} µs | {marginal} | {r['idle'] * 100:.2f}% of a CPU | {idle} | {r['rss']:.1f} KiB |")
    out += ["", f"targets (issue 38): ≤ {PER_MOVE_TARGET_US:g} µs of server CPU per stream per move; idle ≤ "
            f"{IDLE_TARGET_PCT:g}% of a CPU per 1,000 streams; 5,000 streams, every line delivered, p99 ≤ "
            f"{P99_TARGET_S:g} s. CPU is counted in clock ticks of {1000 / os.sysconf('SC_CLK_TCK'):g} ms: over "
            f"{args.idle:g} s idle one tick is {100 / os.sysconf('SC_CLK_TCK') / args.idle:.2f}% of a CPU"]
    return "\n".join(out)


def main() -> None:
    if len(sys.argv) > 1 and sys.argv[1] == "--phones":
        port, table, count, out = sys.argv[2:6]
        phones(int(port), table, int(count), Path(out))
        return
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--streams", default="40,400,5000", help="Comma-separated stream counts (0 is always run).")
    parser.add_argument("--moves", type=int, default=10)
    parser.add_argument("--pace", type=float, default=0.5)
    parser.add_argument("--idle", type=float, default=10.0, help="Seconds of the idle phase.")
    parser.add_argument("--store", default="files", help="files (a folder), nats (one NATS JetStream node), or "
                        "both side by side: files,nats.")
    parser.add_argument("--out", type=Path, default=None, help="Also write the table of figures here.")
    args = parser.parse_args()
    stores = args.store.split(",")
    if not set(stores) <= set(STORES):
        raise SystemExit(f"--store {args.store}: the stores are {', '.join(STORES)}")
    counts = [0] + [int(n) for n in args.streams.split(",") if int(n) > 0]
    scratch = Path(tempfile.mkdtemp(prefix="fanout-"))
    texts = []
    for store in stores:
        rows = []
        for n in counts:
            rows.append(one(args, store, n, scratch))
            print(f"  {store}, N = {n}: done", file=sys.stderr, flush=True)
        texts.append(report(rows, args, store))
    text = "\n\n".join(texts)
    print(text)
    if args.out:
        args.out.write_text(text + "\n")


if __name__ == "__main__":
    os.environ.setdefault("PYTHONHASHSEED", "0")
    main()
