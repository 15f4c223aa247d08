"""Slow and hostile clients against a real uvicorn on 127.0.0.1 (issue 22: bounded everything): a body sent a byte
at a time is answered 408, headers sent a byte at a time and connections that send nothing are closed, one address's
connections and streams are capped, a record whose lock another writer holds is answered 503 in bounded time; and
meanwhile the other tables are answered at once. The limits are lowered for the test (limits.py has the real ones)."""

from __future__ import annotations

import fcntl
import os
import socket
import threading
import time
from contextlib import ExitStack
from typing import Iterator

import pytest

from planets_log.serve.limits import MAX_BODY, MAX_HEADER_BYTES, MAX_STREAMS_PER_CLIENT

from .conftest import Served
from .real import HOST, Events, Real, lines_of, running

LIMITS = {"HEADER_SECONDS": 1.5, "BODY_SECONDS": 1.5, "LOCK_SECONDS": 1.0}
PROMPT = 2.0
"""Seconds within which another client's request is answered while the hostile one works (a stall would be the
hostile's deadline, or for ever). Generous: the machine is shared."""


@pytest.fixture(scope="module", params=["httptools", "h11"])
def real(request: pytest.FixtureRequest, tmp_path_factory: pytest.TempPathFactory) -> Iterator[Real]:
    """The server on each of uvicorn's HTTP parsers (the C one it uses when installed, and the pure-Python one)."""
    yield from running(tmp_path_factory.mktemp("hostile") / "served", {**LIMITS, "PARSER": request.param})


@pytest.fixture(scope="module")
def world(real: Real) -> Served:
    served = real.served()
    served.table("t1")
    served.table("t2", public=True)
    return served


def _others_answered(world: Served, rounds: int = 3) -> float:
    """Read and record on t2 as its scorekeeper; the slowest answer's seconds (each one must be a 200)."""
    slowest = 0.0
    for _ in range(rounds):
        t0 = time.monotonic()
        assert world.client.get("/api/tables/t2/position", headers=world.links["t2"]["Ben"]).status_code == 200
        assert world.play("t2", world.legal("t2")[0]).status_code == 200
        slowest = max(slowest, (time.monotonic() - t0) / 4)  # four requests: seq, legal moves, the move, the position
    assert slowest < PROMPT, slowest
    return slowest


def _connect(real: Real) -> socket.socket:
    return socket.create_connection((HOST, real.port), timeout=10)


def _until_closed(sock: socket.socket, seconds: float) -> bytes:
    """What the server sends until it closes the connection; fails if it is still open after `seconds`."""
    sock.settimeout(0.25)
    data, deadline = b"", time.monotonic() + seconds
    while time.monotonic() < deadline:
        try:
            chunk = sock.recv(65536)
        except socket.timeout:
            continue
        except OSError:  # reset: closed
            return data
        if not chunk:
            return data
        data += chunk
    raise AssertionError(f"the connection is still open after {seconds:g} s; it sent {data!r}")


def _trickle(sock: socket.socket, every: float, count: int = 60) -> threading.Thread:
    """Send one byte every `every` seconds (until the server closes the connection)."""
    def run() -> None:
        for _ in range(count):
            time.sleep(every)
            try:
                sock.send(b"x")
            except OSError:
                return

    thread = threading.Thread(target=run, daemon=True)
    thread.start()
    return thread


def test_a_body_sent_a_byte_at_a_time_is_answered_408_and_holds_no_one_up(world: Served, real: Real):
    before = (world.folder / "t1.jsonl").read_bytes()
    token = world.links["t1"]["recorder"]["Authorization"]
    sock = _connect(real)
    sock.sendall(f"POST /api/tables/t1/moves HTTP/1.1\r\nHost: {HOST}\r\nAuthorization: {token}\r\n"
                 "Content-Type: application/json\r\nContent-Length: 200\r\n\r\n".encode())
    t0 = time.monotonic()
    _trickle(sock, 0.3)
    _others_answered(world)
    answer = _until_closed(sock, 10)
    assert answer.startswith(b"HTTP/1.1 408") and b'"code":"limit.time"' in answer, answer
    assert time.monotonic() - t0 < LIMITS["BODY_SECONDS"] + LIMITS["HEADER_SECONDS"] + 3
    assert (world.folder / "t1.jsonl").read_bytes() == before


def test_headers_sent_a_byte_at_a_time_are_cut_off_and_hold_no_one_up(world: Served, real: Real):
    socks = [_connect(real) for _ in range(20)]
    for sock in socks:
        sock.sendall(f"GET /api/games HTTP/1.1\r\nHost: {HOST}\r\nX-Slow: ".encode())
        _trickle(sock, 0.3)
    t0 = time.monotonic()
    _others_answered(world)
    for sock in socks:
        assert _until_closed(sock, 8) == b""  # closed without an answer: the request never was one
        sock.close()
    assert time.monotonic() - t0 < LIMITS["HEADER_SECONDS"] + 6


def test_headers_longer_than_the_limit_are_cut_off(real: Real):
    with _connect(real) as sock:
        sock.sendall(f"GET /api/games HTTP/1.1\r\nHost: {HOST}\r\nX-Long: ".encode() + b"a" * (MAX_HEADER_BYTES + 10))
        answer = _until_closed(sock, LIMITS["HEADER_SECONDS"] * 0.6)  # at once, not at the headers' deadline
    assert answer == b"" or answer.startswith(b"HTTP/1.1 4"), answer  # closed, or refused by h11's own limit


def test_a_connection_that_sends_nothing_is_closed(real: Real):
    with _connect(real) as sock:
        assert _until_closed(sock, LIMITS["HEADER_SECONDS"] + 6) == b""


def test_a_kept_alive_connection_still_serves_request_after_request(world: Served, real: Real):
    """The headers' clock restarts after each answer: a client that keeps its connection is not cut off."""
    with real.client() as client:
        for _ in range(3):
            assert client.get("/api/tables/t2", headers=world.director).status_code == 200
            time.sleep(LIMITS["HEADER_SECONDS"] / 2)


def test_many_open_streams_from_one_client_hold_no_one_up(world: Served, real: Real):
    hostile: dict[str, str] = {}  # a spectator on this machine (it names no proxy: 127.0.0.1 is one client)
    with ExitStack() as stack:
        client = stack.enter_context(real.client())
        for _ in range(MAX_STREAMS_PER_CLIENT):  # opened and never read
            res = stack.enter_context(client.stream("GET", "/api/tables/t2/stream", headers=hostile))
            assert res.status_code == 200
        extra = client.get("/api/tables/t2/stream", headers=hostile)
        assert extra.status_code == 429 and extra.json()["code"] == "limit.streams"
        mine = stack.enter_context(client.stream("GET", "/api/tables/t2/stream", headers=world.links["t2"]["Ann"]))
        events = Events(mine)
        events.until(lambda got: got)  # hello
        start = world.seq("t2")
        t0 = time.monotonic()
        _others_answered(world, rounds=1)
        got = lines_of(events.until(lambda got: any(e.get("event") == "line" for e in got), seconds=10))
        assert got[0]["seq"] == start + 1 and time.monotonic() - t0 < 3 * PROMPT


def test_a_record_locked_by_another_writer_is_answered_503_in_bounded_time(world: Served, real: Real):
    before = (world.folder / "t1.jsonl").read_bytes()
    fd = os.open(world.folder / "t1.jsonl", os.O_RDONLY)
    answers: list[tuple[int, str, float]] = []

    def stuck_write() -> None:
        t0 = time.monotonic()
        res = world.play("t1", world.legal("t1")[0])
        answers.append((res.status_code, res.json()["code"], time.monotonic() - t0))

    try:
        fcntl.flock(fd, fcntl.LOCK_EX)  # a command line stopped while it holds the lock
        writer = threading.Thread(target=stuck_write)
        writer.start()
        with real.client() as other:
            t0 = time.monotonic()
            res = other.get("/api/tables/t2/position", headers=world.director)
            assert res.status_code == 200 and time.monotonic() - t0 < PROMPT
        writer.join(30)
    finally:
        os.close(fd)
    status, code, took = answers[0]
    assert (status, code) == (503, "append.locked") and took < LIMITS["LOCK_SECONDS"] + 3 * PROMPT, answers
    assert (world.folder / "t1.jsonl").read_bytes() == before
    assert world.play("t1", world.legal("t1")[0]).status_code == 200  # the lock released, the table writes again


@pytest.fixture(params=["httptools", "h11"])
def capped(request: pytest.FixtureRequest, tmp_path) -> Iterator[Real]:
    """A server as it starts by default (no proxy trusted: 127.0.0.1 is one client), at most 12 connections from it."""
    yield from running(tmp_path / "served", {"HEADER_SECONDS": 1.5, "MAX_CONNECTIONS_PER_CLIENT": 12,
                                             "PARSER": request.param})


def _silent(sock: socket.socket) -> bool:
    """Nothing came on the connection (it was not refused), and it is open."""
    sock.settimeout(0.05)
    try:
        return not sock.recv(1, socket.MSG_PEEK) and False
    except socket.timeout:
        return True


def test_one_address_holds_at_most_its_share_of_connections(capped: Real):
    time.sleep(1)  # the start's probe of the port has gone
    idle = [_connect(capped) for _ in range(12)]
    time.sleep(0.3)
    assert all(_silent(sock) for sock in idle)
    with _connect(capped) as extra:
        answer = _until_closed(extra, 5)
    assert answer.startswith(b"HTTP/1.1 503") and b'"code":"limit.connections"' in answer, answer
    for sock in idle:  # the idle ones are cut off by the headers' deadline, and the address may connect again
        _until_closed(sock, 8)
        sock.close()
    with capped.client() as client:
        assert client.get("/api/games").status_code == 200


def test_x_forwarded_for_from_an_untrusted_address_does_not_make_another_client(capped: Real):
    """No proxy is trusted to name the client unless the director names it, not even one on this machine (issue 35:
    515 streams from 127.0.0.1, each with another X-Forwarded-For, filled the server): the header is ignored and the
    streams are counted against the connection's own address."""
    with ExitStack() as stack:
        client = stack.enter_context(capped.client())
        made = client.post("/api/tables", json={"name": "t1", "game": "four-planets", "players": ["Ann", "Ben"],
                                                "public": True}, headers=capped.director)
        assert made.status_code == 201, made.text
        for k in range(MAX_STREAMS_PER_CLIENT):
            res = stack.enter_context(client.stream("GET", "/api/tables/t1/stream",
                                                    headers={"X-Forwarded-For": f"10.9.0.{k + 1}"}))
            assert res.status_code == 200
        extra = client.get("/api/tables/t1/stream", headers={"X-Forwarded-For": "10.9.1.1"})
        assert extra.status_code == 429 and extra.json()["code"] == "limit.streams"


@pytest.fixture
def proxied(tmp_path) -> Iterator[Real]:
    """A server behind a proxy on this machine that the director names, with room for 4 spectators' streams."""
    yield from running(tmp_path / "served", {"MAX_STREAMS": 4, "MAX_STREAMS_PER_CLIENT": 2},
                       args=("--trusted-proxy", HOST))


def test_spectators_behind_a_trusted_proxy_fill_only_their_share_of_the_streams(proxied: Real):
    """Each device behind the named proxy is a client of its own; spectators filling their streams get a 503 with
    Retry-After, and the director's, the recorder's and the seats' streams still open (the links' reserve)."""
    world = proxied.served()
    world.table("t1", public=True)
    following: list[Events] = []  # each kept, and so open (a reader let go closes its stream)
    with ExitStack() as stack:
        client = stack.enter_context(proxied.client())

        def follow(headers: dict[str, str]) -> int:
            res = stack.enter_context(client.stream("GET", "/api/tables/t1/stream", headers=headers))
            if res.status_code == 200:
                following.append(Events(res))
                following[-1].until(lambda got: got)  # hello
            return res.status_code

        assert [follow({"X-Forwarded-For": "10.9.0.1"}) for _ in range(3)] == [200, 200, 429]  # its own share
        assert [follow({"X-Forwarded-For": f"10.9.0.{k}"}) for k in (2, 3)] == [200, 200]  # 4 in all: full
        refused = client.get("/api/tables/t1/stream", headers={"X-Forwarded-For": "10.9.0.5"})
        assert (refused.status_code, refused.json()["code"]) == (503, "limit.streams")
        assert int(refused.headers["Retry-After"]) > 0
        links = [world.director, world.links["t1"]["recorder"], world.links["t1"]["Ann"], world.links["t1"]["Ben"]]
        assert [follow({**h, "X-Forwarded-For": "10.9.0.6"}) for h in links] == [200, 200, 200, 200]


def test_a_body_announced_over_the_limit_is_refused_without_waiting_for_it(world: Served, real: Real):
    before = (world.folder / "t1.jsonl").read_bytes()
    token = world.links["t1"]["recorder"]["Authorization"]
    with _connect(real) as sock:
        sock.sendall(f"POST /api/tables/t1/moves HTTP/1.1\r\nHost: {HOST}\r\nAuthorization: {token}\r\n"
                     f"Content-Type: application/json\r\nContent-Length: {100 * MAX_BODY}\r\n\r\n".encode() + b"{")
        t0 = time.monotonic()
        sock.settimeout(LIMITS["BODY_SECONDS"] + 3)
        first = sock.recv(65536)
        took = time.monotonic() - t0
        answer = first + _until_closed(sock, LIMITS["HEADER_SECONDS"] + 3)
    assert answer.startswith(b"HTTP/1.1 413") and b'"code":"limit.body"' in answer, answer
    assert took < LIMITS["BODY_SECONDS"], took  # refused on its announced length, not at the body's deadline
    assert (world.folder / "t1.jsonl").read_bytes() == before
