"""Issue 22's reliability: an acknowledged move is fsync'd before its 200; `kill -9` of the server under load loses
no acknowledged move and leaves every record valid (or with a torn tail `repair` mends); the command line and the
server writing one record at once, both through the record's lock: nothing lost, repeated or interleaved."""

from __future__ import annotations

import asyncio
import fcntl
import json
import os
import subprocess
import sys
import threading
import time
from pathlib import Path
from typing import Any

import httpx
import msgspec
import pytest
from click.testing import CliRunner

from planets_log.cli.main import cli
from planets_log.serve.app import create_app
from planets_log.serve.live import Live
from planets_log.serve.routes_director import link
from planets_log.serve.server import Server
from planets_log.serve.views import SCOREKEEPER, line

from .conftest import bearer
from .real import Real, running, start

CLI = [sys.executable, "-c", "from planets_log.cli.main import main; main()"]
NEW = {"game": "four-planets", "players": ["Ann", "Ben"], "seed": "public", "public_seed": 7}


def _valid(path: Path) -> None:
    """The record validates, after `repair` if a write was torn (nothing else may be wrong with it)."""
    res = CliRunner().invoke(cli, ["validate", str(path)])
    if res.exit_code != 0 and "torn" in res.output:
        assert CliRunner().invoke(cli, ["repair", str(path)]).exit_code == 0
        res = CliRunner().invoke(cli, ["validate", str(path)])
    assert res.exit_code == 0, res.output


def _events(path: Path) -> list[dict[str, Any]]:
    return [json.loads(raw) for raw in path.read_bytes().splitlines()[1:]]


def test_an_acknowledged_move_is_on_disk_before_its_answer(tmp_path, monkeypatch):
    """The record's fsync (of its last byte) comes before the 200 leaves the application."""
    server = Server(tmp_path / "served")
    director = bearer(link(server, "director", None, None, None).token)
    seen: list[tuple[Any, ...]] = []
    real_fsync = os.fsync

    def fsync(fd: int) -> None:
        st = os.fstat(fd)
        real_fsync(fd)
        seen.append(("fsync", st.st_ino, st.st_size))

    app = create_app(server)

    async def logged(scope: Any, receive: Any, send: Any) -> None:
        async def sending(message: Any) -> None:
            if message["type"] == "http.response.start":
                seen.append(("answer", message["status"]))
            await send(message)
        await app(scope, receive, sending)

    async def go() -> None:
        async with httpx.AsyncClient(transport=httpx.ASGITransport(app=logged), base_url="http://test") as client:
            made = (await client.post("/api/tables", json={"name": "t1", **NEW}, headers=director)).json()
            rec = bearer(next(ln["token"] for ln in made["links"] if ln["role"] == "recorder"))
            seq = (await client.get("/api/tables/t1", headers=rec)).json()["seq"]
            seen.clear()
            monkeypatch.setattr(os, "fsync", fsync)
            res = await client.post("/api/tables/t1/moves", json={"seq": seq, "moves": ["d1"]}, headers=rec)
            assert res.status_code == 200, res.text

    asyncio.run(go())
    path = server.folder / "t1.jsonl"
    on_disk = ("fsync", os.stat(path).st_ino, os.stat(path).st_size)
    assert on_disk in seen and seen.index(on_disk) < seen.index(("answer", 200)), seen


def _recording(real: Real, table: str, token: dict[str, str], acked: list[dict[str, Any]], stop: threading.Event) -> None:
    """A table's scorekeeper as fast as the server answers: look at the legal moves, post the first; keep each 200."""
    with real.client() as client:
        for _ in range(200):
            if stop.is_set():
                return
            try:
                legal = client.get(f"/api/tables/{table}/moves", headers=token).json()
                if legal["over"] or not legal["moves"]:
                    return
                res = client.post(f"/api/tables/{table}/moves", json={"seq": legal["seq"], "moves": legal["moves"][:1]},
                                  headers=token)
            except (httpx.TransportError, ValueError):
                return  # the server is gone
            if res.status_code == 200:
                acked.extend(res.json()["lines"])


def test_kill_9_under_load_loses_no_acknowledged_move(tmp_path):
    real = start(tmp_path / "served")
    tables = [f"t{i}" for i in range(6)]
    tokens = {}
    try:
        with real.client() as client:
            for name in tables:
                made = client.post("/api/tables", json={"name": name, **NEW}, headers=real.director).json()
                tokens[name] = bearer(next(ln["token"] for ln in made["links"] if ln["role"] == "recorder"))
        acked: dict[str, list[dict[str, Any]]] = {name: [] for name in tables}
        stop = threading.Event()
        workers = [threading.Thread(target=_recording, args=(real, t, tokens[t], acked[t], stop)) for t in tables]
        for w in workers:
            w.start()
        deadline = time.monotonic() + 60
        while sum(len(a) for a in acked.values()) < 60 and time.monotonic() < deadline:
            time.sleep(0.05)
        real.kill()  # mid-load: requests in flight on every table
        stop.set()
        for w in workers:
            w.join(30)
    finally:
        real.kill()
    assert sum(len(a) for a in acked.values()) >= 60, "the load never got going"
    for name in tables:
        path = real.folder / f"{name}.jsonl"
        _valid(path)
        live = Live(path)
        for got in acked[name]:
            assert got["seq"] <= live.pos.seq, (name, got)
            assert msgspec.to_builtins(line(live, SCOREKEEPER, got["seq"])) == got, name
    again = start(real.folder)  # and the restarted server has them all, and the old links
    try:
        with again.client() as client:
            for name in tables:
                info = client.get(f"/api/tables/{name}", headers=tokens[name]).json()
                assert info["seq"] == Live(real.folder / f"{name}.jsonl").pos.seq, info
    finally:
        again.stop()


@pytest.fixture
def real(tmp_path):
    yield from running(tmp_path / "served")


SLOW_CLI = [sys.executable, "-c", "import sys, time\n"
            "from planets_log.record import lines\n"
            "write = lines._write_or_undo\n"
            "def slow(*args):\n"
            "    time.sleep(float(sys.argv[1]))\n"
            "    return write(*args)\n"
            "lines._write_or_undo = slow\n"
            "from planets_log.cli.main import main\n"
            "main(sys.argv[2:])\n"]
"""The command line, holding the record's lock `argv[1]` seconds before it writes (after checking where the record
ends): every other writer must wait for it, then see that the record has changed."""


def _cli(*args: Any, hold: float = 0.0) -> subprocess.CompletedProcess[str]:
    return subprocess.run([*SLOW_CLI, str(hold), *map(str, args)], capture_output=True, text=True, timeout=120)


def _held(path: Path) -> bool:
    """Whether another process holds the record's lock now."""
    fd = os.open(path, os.O_RDONLY)
    try:
        fcntl.flock(fd, fcntl.LOCK_EX | fcntl.LOCK_NB)
    except BlockingIOError:
        return True
    finally:
        os.close(fd)  # closing releases a lock taken here
    return False


def _table(real: Real) -> dict[str, str]:
    """Table t1 made through the server; its recorder's headers."""
    with real.client() as client:
        made = client.post("/api/tables", json={"name": "t1", **NEW}, headers=real.director).json()
    return bearer(next(ln["token"] for ln in made["links"] if ln["role"] == "recorder"))


def test_the_command_line_and_the_server_annotating_at_once_lose_nothing(real: Real):
    """Notes go wherever the record ends: the server's wait for the lock while the command line holds it."""
    rec, path = _table(real), real.folder / "t1.jsonl"
    sent: list[str] = []
    done = threading.Event()

    def server_notes(k: int) -> None:
        with real.client() as client:
            for j in range(60):
                if done.is_set():
                    return
                res = client.post("/api/tables/t1/notes", json={"target": 1, "text": f"server {k}.{j}"}, headers=rec)
                assert res.status_code == 200, res.text
                sent.append(f"server {k}.{j}")

    def cli_notes(k: int) -> None:
        for j in range(3):
            res = _cli("annotate", path, "--at", 1, f"cli {k}.{j}", hold=0.3)
            assert res.returncode == 0, res.stderr
            sent.append(f"cli {k}.{j}")

    servers = [threading.Thread(target=server_notes, args=(k,)) for k in range(3)]
    clis = [threading.Thread(target=cli_notes, args=(k,)) for k in range(2)]
    for t in servers + clis:
        t.start()
    for t in clis:
        t.join(300)
    done.set()
    for t in servers:
        t.join(60)
    _valid(path)
    notes = [e["text"] for e in _events(path) if e["type"] == "note"]
    assert sorted(notes) == sorted(sent) and len(set(notes)) == len(notes)  # each once, none lost
    assert any(n.startswith("cli") for n in notes) and any(n.startswith("server") for n in notes)
    with real.client() as client:
        texts = [ln["text"] for ln in client.get("/api/tables/t1/lines", headers=rec).json()["lines"]]
    assert sum("note on seq 1" in t for t in texts) == len(sent)  # the server read the command line's lines too


def test_the_command_line_and_the_server_recording_at_once_lose_and_repeat_nothing(real: Real):
    """Each round, a move reaches the server while `record` holds the lock: it waits, finds the record changed, and
    is refused (409); the server's other moves and the command line's are each written once, in order."""
    rec, path = _table(real), real.folder / "t1.jsonl"
    written: list[tuple[int, str]] = []  # (seq of the move, who)
    refused: list[dict[str, Any]] = []
    turn, done = threading.Lock(), threading.Event()

    def server_moves() -> None:
        with real.client() as client:
            for _ in range(60):
                with turn:
                    if done.is_set():
                        return
                    legal = client.get("/api/tables/t1/moves", headers=rec).json()
                    res = client.post("/api/tables/t1/moves", json={"seq": legal["seq"], "moves": legal["moves"][:1]},
                                      headers=rec)
                if res.status_code == 409:
                    refused.append(res.json())
                else:
                    assert res.status_code == 200, res.text
                    written.append((res.json()["lines"][0]["seq"], "server"))
                time.sleep(0.1)

    writer = threading.Thread(target=server_moves)
    writer.start()
    try:
        for _ in range(3):
            with turn:  # the server waits while the command line reads the position and takes the lock
                legal = json.loads(_cli("moves", path, "--json").stdout)
                proc = subprocess.Popen([*SLOW_CLI, "1.0", "record", str(path), "--expect-seq", str(legal["seq"]),
                                         legal["moves"][0]], stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
                deadline = time.monotonic() + 60
                while not _held(path) and proc.poll() is None and time.monotonic() < deadline:
                    time.sleep(0.01)
            out, err = proc.communicate(timeout=120)
            assert proc.returncode == 0, err
            written.append((legal["seq"] + 1, "cli"))
            time.sleep(0.5)  # the server records on alone a little
    finally:
        done.set()
        writer.join(60)
    _valid(path)
    moves = [e["seq"] for e in _events(path) if e["type"] != "note" and "by" in e]
    assert sorted(seq for seq, _ in written) == moves, (written, moves)  # each acknowledged once, in place
    assert sum(who == "cli" for _, who in written) == 3 and sum(who == "server" for _, who in written) >= 3
    assert len(refused) >= 3 and {p["code"] for p in refused} == {"append.stale"}, refused
    with real.client() as client:
        assert client.get("/api/tables/t1", headers=rec).json()["seq"] == Live(path).pos.seq


def test_a_write_that_may_wait_a_bounded_time_for_the_lock_is_refused_after_it_and_writes_nothing(tmp_path):
    from planets_log.engine.recorder import Recorder
    from planets_log.record.errors import RecordError

    path = tmp_path / "t.jsonl"
    assert CliRunner().invoke(cli, ["new", "four-planets", "--player", "Ann", "--player", "Ben", "--seed", "7",
                                    str(path)]).exit_code == 0
    before = path.read_bytes()
    rec = Recorder(str(path))
    rec.lock_wait = 0.2
    fd = os.open(path, os.O_RDONLY)
    try:
        fcntl.flock(fd, fcntl.LOCK_EX)
        t0 = time.monotonic()
        with pytest.raises(RecordError) as caught:
            rec.play_all(["d1"])
        assert 0.2 <= time.monotonic() - t0 < 5
    finally:
        os.close(fd)
    assert caught.value.code == "append.locked" and "nothing was written" in caught.value.message
    assert path.read_bytes() == before
    assert rec.play_all(["d1"])  # the lock released: the same recorder writes
