"""The table streams' feed: each line read once and encoded once per view, the same bytes written to every stream of
that view and to no other; resumed streams get their backlog then the live lines, none missed or twice; the command
line's writes reach the streams through one watcher, no stream polling."""

from __future__ import annotations

import asyncio
import time
from typing import Any, Callable

import msgspec
from planets_log.engine.recorder import Recorder
from planets_log.serve import feed as feed_module
from planets_log.serve import limits, views, watch
from planets_log.serve.auth import Caller
from planets_log.serve.feed import Client, feeds
from planets_log.serve.views import SCOREKEEPER, Eyes

from .conftest import Served
from .test_stream import events

SPECTATOR, ANN, BEN = Eyes("spectator"), Eyes("seat", 0), Eyes("seat", 1)
CALLERS = {SPECTATOR: Caller(), ANN: Caller("seat", "t1", 0, "ann"), BEN: Caller("seat", "t1", 1, "ben"),
           SCOREKEEPER: Caller("recorder", "t1", None, "rec")}


class Phone:
    """A fake client of one stream: every body its `send` was given (the objects themselves), and its leaving."""

    def __init__(self, eyes: Eyes, after: int, slow: bool = False):
        self.eyes, self.after, self.slow = eyes, after, slow
        self.bodies: list[bytes] = []
        self.ended = asyncio.Event()

    async def send(self, message: dict[str, Any]) -> None:
        if self.slow:  # a client that reads slowly: its send waits
            await asyncio.sleep(0.002)
        self.bodies.append(message["body"])
        if not message["more_body"]:
            self.ended.set()

    async def receive(self) -> dict[str, Any]:
        await self.ended.wait()
        return {"type": "http.disconnect"}

    def seqs(self) -> list[int]:
        return [int(e["id"]) for e in events(b"".join(self.bodies).decode()) if e.get("event") == "line"]

    def lines(self) -> list[dict[str, Any]]:
        found = events(b"".join(self.bodies).decode())
        return [msgspec.json.decode(e["data"]) for e in found if e.get("event") == "line"]


async def until(check: Callable[[], bool], what: str) -> None:
    """Wait (on the loop) until `check()` holds; fail after a generous while, naming what did not happen."""
    deadline = time.monotonic() + 20
    while not check():
        assert time.monotonic() < deadline, f"never happened: {what}"
        await asyncio.sleep(0.005)


async def in_thread(call: Callable[[], Any]) -> Any:
    return await asyncio.get_running_loop().run_in_executor(None, call)


def open_phones(served: Served, phones: list[Phone]) -> list[asyncio.Task[None]]:
    """Each phone's stream joined to table t1's feed, as the route does (a task per request, parked on receive)."""
    server = served.server
    return [asyncio.get_running_loop().create_task(
        feeds(server).follow("t1", Client(p.send, p.eyes, CALLERS[p.eyes], p.after), 60, p.receive)) for p in phones]


def play(served: Served, count: int) -> None:
    """`count` moves at table t1 through the server, each the first legal one."""
    for _ in range(count):
        assert served.play("t1", served.legal("t1")[0]).status_code == 200


def test_a_line_is_encoded_once_per_view_and_the_same_bytes_go_to_every_stream_of_that_view(served: Served,
                                                                                              monkeypatch):
    served.table("t1", public=True)
    play(served, 2)
    made: list[int] = []
    real = feed_module.chunk

    def counted(event: str, data: Any, seq: int | None = None) -> bytes:
        made.append(data.seq)
        return real(event, data, seq)

    monkeypatch.setattr(feed_module, "chunk", counted)

    async def go() -> dict[Eyes, list[Phone]]:
        served.server.notifier.bind()
        start = served.seq("t1")
        phones = {eyes: [Phone(eyes, start) for _ in range(30)] for eyes in (SPECTATOR, ANN, BEN, SCOREKEEPER)}
        every = [p for group in phones.values() for p in group]
        tasks = open_phones(served, every)
        await until(lambda: all(p.bodies for p in every), "every stream said hello")
        made.clear()
        await in_thread(lambda: play(served, 3))
        end = served.seq("t1")
        await until(lambda: all(p.seqs()[-1:] == [end] for p in every), "every stream got every line")
        for p in every:
            p.ended.set()
        await asyncio.gather(*tasks)
        return phones

    phones = asyncio.run(go())
    end = served.seq("t1")
    new = end - phones[ANN][0].after
    assert sorted(made) == sorted(seq for _ in phones for seq in range(end - new + 1, end + 1))  # once a view
    for eyes, group in phones.items():
        for k, p in enumerate(group):
            assert p.seqs() == list(range(p.after + 1, p.after + new + 1))
            assert len(p.bodies) == len(group[0].bodies)
            for body, first in zip(p.bodies[1:], group[0].bodies[1:]):
                assert body is first, f"stream {k} of {eyes} got bytes of its own"  # the very same object
        others = [b for other, g in phones.items() if other != eyes for b in g[0].bodies[1:]]
        assert not any(b is o for b in group[0].bodies[1:] for o in others)


def test_a_seats_stream_gets_only_its_own_view_of_each_line(served: Served):
    served.table("t1", game="planetarium", public=True, seed="secret", public_seed=None)  # each seat its own cards

    async def go() -> list[Phone]:
        served.server.notifier.bind()
        phones = [Phone(eyes, 0) for eyes in (SPECTATOR, ANN, BEN, SCOREKEEPER)]
        tasks = open_phones(served, phones)
        await until(lambda: all(p.bodies for p in phones), "every stream said hello")
        await in_thread(lambda: play(served, 8))
        end = served.seq("t1")
        await until(lambda: all(p.seqs()[-1:] == [end] for p in phones), "every stream got every line")
        for p in phones:
            p.ended.set()
        await asyncio.gather(*tasks)
        return phones

    phones = asyncio.run(go())
    live = served.server.live("t1")
    texts = {}
    for p in phones:
        want = [msgspec.to_builtins(views.line(live, p.eyes, seq)) for seq in range(1, live.pos.seq + 1)]
        assert p.lines() == want, p.eyes
        texts[p.eyes] = [ln["text"] for ln in want]
    assert texts[ANN] != texts[BEN] and texts[SPECTATOR] not in (texts[ANN], texts[BEN])  # views that differ


def test_a_command_line_write_reaches_the_streams_through_one_watcher_and_no_stream_polls(served_files: Served,
                                                                                         monkeypatch):
    """A served folder (a NATS store's lines come through its follower, in test_two_servers.py)."""
    served = served_files
    served.table("t1", public=True)
    monkeypatch.setattr(limits, "WATCH_SECONDS", 0.02)
    server = served.server
    looks: list[str] = []
    real_live, real_signature = server.live, watch.signature
    stats: list[Any] = []

    def counted_live(name: str) -> Any:
        looks.append(name)
        return real_live(name)

    def counted_signature(path: Any) -> Any:
        stats.append(path)
        return real_signature(path)

    monkeypatch.setattr(server, "live", counted_live)
    monkeypatch.setattr(watch, "signature", counted_signature)

    async def go() -> tuple[list[Phone], int, int]:
        server.notifier.bind()
        watcher = watch.Watcher(server)
        watcher.start()
        start = server.lives["t1"].pos.seq
        phones = [Phone(SPECTATOR, start) for _ in range(20)]
        tasks = open_phones(served, phones)
        await until(lambda: all(p.bodies for p in phones), "every stream said hello")
        looks.clear()
        stats.clear()
        await until(lambda: len(stats) >= 10, "the watcher looked ten times")
        idle_looks, idle_stats = len(looks), len(stats)

        def command_line() -> None:
            rec = Recorder(str(server.lives["t1"].path))
            rec.play_all([rec_first_legal(rec)])

        await in_thread(command_line)
        await until(lambda: all(p.seqs() for p in phones), "the command line's move reached every stream")
        for p in phones:
            p.ended.set()
        await asyncio.gather(*tasks)
        await watcher.stop()
        return phones, idle_looks, idle_stats

    phones, idle_looks, idle_stats = asyncio.run(go())
    assert idle_looks == 0  # with nothing written, no stream (nor the feed) looked at the table
    assert idle_stats >= 10  # only the watcher did: one signature a sweep for the one record, whatever the streams
    assert all(p.seqs() == [phones[0].after + 1] for p in phones)


def rec_first_legal(rec: Recorder) -> str:
    """The first legal move of a recorder's position, as the command line would type it."""
    from planets_log.engine.redact import format_as
    from planets_log.engine.rules import next_events

    rules, state = rec.session.rules, rec.pos.state
    return format_as(rules, next_events(rules, state)[0], state, None)


def test_a_resumed_stream_gets_its_backlog_then_the_live_lines_in_order(served: Served):
    served.table("t1", public=True)
    play(served, 3)

    async def go() -> list[Phone]:
        served.server.notifier.bind()
        phones = [Phone(SPECTATOR, 0), Phone(SPECTATOR, 2), Phone(ANN, 1), Phone(SPECTATOR, served.seq("t1"))]
        tasks = open_phones(served, phones)
        await until(lambda: all(p.bodies for p in phones), "every stream said hello")
        await in_thread(lambda: play(served, 3))
        end = served.seq("t1")
        await until(lambda: all(p.seqs()[-1:] == [end] for p in phones), "every stream got every line")
        for p in phones:
            p.ended.set()
        await asyncio.gather(*tasks)
        return phones

    phones = asyncio.run(go())
    end = served.seq("t1")
    for p in phones:
        assert events(p.bodies[0].decode())[0]["event"] == "hello"
        assert p.seqs() == list(range(p.after + 1, end + 1)), (p.eyes, p.after)


def test_no_line_is_missed_or_sent_twice_while_moves_and_new_streams_come_at_once(served: Served):
    """Moves written in a thread while streams join (fresh, resumed, slow readers) and leave: each stream's lines
    are exactly those after its start, in order."""
    served.table("t1", public=True)
    play(served, 1)

    async def go() -> tuple[list[Phone], list[Phone]]:
        served.server.notifier.bind()
        writer = asyncio.get_running_loop().run_in_executor(None, lambda: play(served, 12))
        phones: list[Phone] = []
        tasks: list[asyncio.Task[None]] = []
        leavers: list[Phone] = []
        for k in range(60):
            eyes = (SPECTATOR, ANN, BEN)[k % 3]
            after = max(0, served.server.lives["t1"].pos.seq - k % 4)
            phone = Phone(eyes, after, slow=k % 5 == 0)
            (leavers if k % 7 == 3 else phones).append(phone)
            tasks += open_phones(served, [phone])
            await asyncio.sleep(0.003)
            if leavers and k % 7 == 6:
                leavers[-1].ended.set()  # a client that goes away meanwhile
        await writer
        end = served.seq("t1")
        await until(lambda: all(p.seqs()[-1:] == [end] or p.after == end for p in phones), "every line everywhere")
        for p in phones + leavers:
            p.ended.set()
        await asyncio.gather(*tasks)
        return phones, leavers

    phones, leavers = asyncio.run(go())
    end = served.seq("t1")
    for p in phones:
        assert p.seqs() == list(range(p.after + 1, end + 1)), (p.eyes, p.after, p.seqs())  # no gap, none twice
    for p in leavers:
        seqs = p.seqs()
        assert seqs == list(range(p.after + 1, p.after + 1 + len(seqs))), (p.eyes, p.after, seqs)


def test_a_client_that_reads_too_slowly_is_ended_not_waited_for(served: Served, monkeypatch):
    served.table("t1", public=True)
    monkeypatch.setattr(limits, "MAX_STREAM_BEHIND", 10)

    async def go() -> tuple[Phone, Phone]:
        served.server.notifier.bind()
        gate = asyncio.Event()
        fast, slow = Phone(SPECTATOR, 0), Phone(SPECTATOR, 0)

        async def blocked(message: dict[str, Any]) -> None:
            if slow.bodies:
                await gate.wait()  # never read again
            await Phone.send(slow, message)

        tasks = [asyncio.get_running_loop().create_task(feeds(served.server).follow(
            "t1", Client(send, SPECTATOR, Caller(), 0), 60, p.receive))
            for p, send in ((fast, fast.send), (slow, blocked))]
        await until(lambda: bool(fast.bodies and slow.bodies), "both streams said hello")
        for _ in range(3):  # one write at a time: the slow client's second stays queued, over the bound
            await in_thread(lambda: play(served, 1))
            end = served.seq("t1")
            await until(lambda: fast.seqs()[-1:] == [end], "the fast stream got the line")
        await until(lambda: served.server.notifier.feeds.tables["t1"].views.get(SPECTATOR) is not None
                    and len(served.server.notifier.feeds.tables["t1"].views[SPECTATOR].clients) == 1,
                    "the slow stream was let go")
        gate.set()
        fast.ended.set()
        await asyncio.gather(*tasks)
        return fast, slow

    fast, slow = asyncio.run(go())
    assert slow.ended.is_set() and fast.seqs()


def test_one_feed_task_serves_every_stream_of_a_table(served: Served):
    served.table("t1", public=True)

    async def go() -> int:
        served.server.notifier.bind()
        phones = [Phone(SPECTATOR, 0) for _ in range(50)]
        tasks = open_phones(served, phones)
        await until(lambda: all(p.bodies for p in phones), "every stream said hello")
        runs = [t for t in asyncio.all_tasks() if getattr(t.get_coro(), "__qualname__", "") == "Feed.run"]
        for p in phones:
            p.ended.set()
        await asyncio.gather(*tasks)
        return len(runs)

    assert asyncio.run(go()) == 1


def test_one_timer_sends_every_quiet_streams_keep_alive(served: Served, monkeypatch):
    served.table("t1", public=True)
    served.table("t2", public=True)
    monkeypatch.setattr(limits, "STREAM_KEEPALIVE", 0.05)

    async def go() -> tuple[list[Phone], int]:
        served.server.notifier.bind()
        phones = [Phone(SPECTATOR, 0) for _ in range(6)]
        loop = asyncio.get_running_loop()
        tasks = [loop.create_task(feeds(served.server).follow(
            f"t{1 + k % 2}", Client(p.send, p.eyes, Caller(), p.after), 60, p.receive)) for k, p in enumerate(phones)]
        await until(lambda: all(b": keep-alive" in b"".join(p.bodies) for p in phones), "every stream kept alive")
        timers = sum(1 for t in [feeds(served.server).timer] if t is not None)
        for p in phones:
            p.ended.set()
        await asyncio.gather(*tasks)
        return phones, timers

    phones, timers = asyncio.run(go())
    assert timers == 1
    assert all(events(b"".join(p.bodies).decode())[0]["event"] == "hello" for p in phones)


def test_the_tournament_stream_looks_only_when_something_changed(served: Served, monkeypatch):
    from planets_log.serve import stream

    served.table("t1", public=True)
    monkeypatch.setattr(stream, "STREAM_SECONDS", 1.5)
    looked: list[str] = []
    real = served.server.info

    def counted(name: str, spectator: bool = False) -> Any:
        looked.append(name)
        return real(name, spectator)

    monkeypatch.setattr(served.server, "info", counted)
    body = served.client.get("/api/stream").text
    assert [e["event"] for e in events(body)] == ["table"] and looked == ["t1"]  # once at the start, then quiet


def test_a_record_that_can_no_longer_be_read_ends_its_streams_saying_why(served_files: Served):
    served = served_files
    served.table("t1", public=True)

    async def go() -> list[Phone]:
        served.server.notifier.bind()
        phones = [Phone(eyes, 0) for eyes in (SPECTATOR, ANN)]
        tasks = open_phones(served, phones)
        await until(lambda: all(p.bodies for p in phones), "every stream said hello")
        with open(served.server.lives["t1"].path, "ab") as record:  # a line no writer of the project makes
            record.write(b'{"not": "a line"}\n')
        served.server.notifier.changed("t1")
        await until(lambda: all(p.ended.is_set() for p in phones), "every stream ended")
        await asyncio.gather(*tasks)
        return phones

    for p in asyncio.run(go()):
        last = events(b"".join(p.bodies).decode())[-1]
        assert last["event"] == "end" and msgspec.json.decode(last["data"])["status"] == 503


def test_a_stream_whose_time_is_short_still_gets_its_hello_and_backlog_first(served: Served):
    """Its time counts from its backlog sent: a stream never ends before it said hello and sent what it asked for."""
    served.table("t1", public=True)
    play(served, 6)

    async def go() -> Phone:
        served.server.notifier.bind()
        phone = Phone(SPECTATOR, 0)
        await feeds(served.server).follow("t1", Client(phone.send, SPECTATOR, Caller(), 0), 0.0, phone.receive)
        return phone

    phone = asyncio.run(go())
    assert events(phone.bodies[0].decode())[0]["event"] == "hello" and phone.ended.is_set()
    assert phone.seqs() == list(range(1, served.seq("t1") + 1))
