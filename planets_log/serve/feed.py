"""A table's live streams fed by one task: each new line read once, encoded once per view, the same bytes written to
every stream of that view.

A stream is a client's ASGI `send` registered with its table's feed, not a task of its own: on a change, the feed
(woken by the Notifier) reads the new lines in one worker thread, encodes each once for each view that has streams
(the spectators with their delay, each seat, the scorekeeper: a view's bytes go only to that view's streams) and
calls every stream's `send` in turn. uvicorn's `send` writes to the socket without waiting unless the client reads
too slowly; only then does that one stream get a task to finish its writes, in order. One timer sends the keep-alives
of every stream. Waking a task per stream on every move cost more than the move (bench/fanout.py).
"""

from __future__ import annotations

import asyncio
import time
from collections import deque
from typing import Any, Awaitable, Callable, Generator

import anyio.to_thread
import msgspec

from . import limits, views
from .auth import Caller
from .errors import ApiError
from .server import Server
from .views import Eyes

Send = Callable[[dict[str, Any]], Awaitable[None]]
Receive = Callable[[], Awaitable[dict[str, Any]]]
KEEPALIVE = b": keep-alive\n\n"


def chunk(event: str, data: Any, seq: int | None = None) -> bytes:
    """One Server-Sent Event, encoded: `id: SEQ` (if any), `event: EVENT`, `data: JSON`."""
    head = b"" if seq is None else b"id: %d\n" % seq
    return head + b"event: " + event.encode() + b"\ndata: " + msgspec.json.encode(data) + b"\n\n"


def hello(table: str, seq: int) -> bytes:
    """The first event of a table stream: where it starts, and the browser's reconnection delay."""
    return b"event: hello\ndata: " + msgspec.json.encode({"table": table, "seq": seq}) + b"\nretry: 2000\n\n"


class Client:
    """One open stream: its `send`, the view it sees, the caller (to notice a revoke), and its place."""

    __slots__ = ("send", "eyes", "who", "after", "seconds", "busy", "queue", "queued", "gone", "timer", "closed")

    def __init__(self, send: Send, eyes: Eyes, who: Caller, after: int):
        self.send, self.eyes, self.who, self.after = send, eyes, who, after
        self.seconds = limits.STREAM_SECONDS
        """How long the stream stays open once its hello and backlog are sent."""
        self.busy: asyncio.Future[None] | None = None
        """A slow client's writes still under way (its later chunks wait in `queue`)."""
        self.queue: deque[dict[str, Any]] = deque()
        self.queued = 0
        self.gone = False
        """Removed from its feed: nothing more is written to it."""
        self.timer: asyncio.TimerHandle | None = None
        self.closed: asyncio.Event = asyncio.Event()
        """Its response has ended (the stream's time is up, its link revoked, or it fell too far behind)."""


class View:
    """The streams of one view of a table, the last seq written to them, and each line's bytes for this view."""

    def __init__(self, eyes: Eyes):
        self.eyes = eyes
        self.clients: set[Client] = set()
        self.ahead: set[Client] = set()
        """Streams resumed past `last` (a Last-Event-ID from further on): they skip the lines up to theirs."""
        self.last: int | None = None
        self.cache: dict[int, tuple[bytes, bytes]] = {}
        """seq -> (the line's hash, its event as this view sees it): a resumed stream's backlog is not encoded again."""
        self.wrote = time.monotonic()

    def chunks(self, live: Any, start: int, end: int) -> list[tuple[int, bytes]]:
        """Lines start..end as this view's events (encoded once, kept while the line's hash stays the same)."""
        out = []
        for seq in range(max(start, 1), end + 1):
            head = live.positions[seq].head
            kept = self.cache.get(seq)
            if kept is None or kept[0] != head:
                kept = self.cache[seq] = (head, chunk("line", views.line(live, self.eyes, seq), seq))
            out.append((seq, kept[1]))
        return out


def _message(body: bytes, more: bool = True) -> dict[str, Any]:
    return {"type": "http.response.body", "body": body, "more_body": more}


class Feed:
    """One table's streams, by view, and the task that writes each change to them."""

    def __init__(self, feeds: Feeds, name: str):
        self.feeds, self.server, self.name = feeds, feeds.server, name
        self.views: dict[Eyes, View] = {}
        self.linked: set[Client] = set()
        """The streams of links (not spectators): the ones whose token a revocation may end."""
        self.joining: list[Client] = []
        self.wake = asyncio.Event()
        self.recheck = False
        """A change that may concern every stream (a link revoked): check the links' tokens."""
        self.task: asyncio.Task[None] | None = None

    def poke(self, everything: bool = False) -> None:
        """Something changed (the table, or with `everything` the links): look again."""
        self.recheck = self.recheck or everything
        self.wake.set()

    def join(self, client: Client) -> None:
        """A new stream: its backlog and hello go out on the feed's next look, then the lines as they come."""
        self.joining.append(client)
        self.wake.set()
        if self.task is None:
            self.task = asyncio.get_running_loop().create_task(self.run())

    def leave(self, client: Client) -> None:
        """A stream ended (its client went, or the feed ended it)."""
        client.gone = True
        if client.timer is not None:
            client.timer.cancel()
        view = self.views.get(client.eyes)
        if view is not None:
            view.clients.discard(client)
            view.ahead.discard(client)
            if not view.clients:
                del self.views[client.eyes]
        self.linked.discard(client)
        if not self.views and not self.joining:
            self.wake.set()  # the task ends

    async def run(self) -> None:
        """Wait for a change, read it once, write it to every stream; end when no stream is left."""
        try:
            while True:
                await self.wake.wait()
                self.wake.clear()
                if not self.views and not self.joining:
                    return
                joiners = [(c, self.views.setdefault(c.eyes, View(c.eyes))) for c in self.joining]
                self.joining = []
                linked = [*self.linked, *(c for c, _ in joiners if c.who.token_id is not None)] if self.recheck else []
                self.recheck = False
                looked = list(self.views.values())
                try:
                    news, backlogs, revoked = await anyio.to_thread.run_sync(self.look, looked, joiners, linked)
                except ApiError as exc:  # the record cannot be read any more: every stream ends, saying why
                    self.end_all(chunk("end", exc.problem), [c for c, _ in joiners])
                    continue
                except OSError as exc:
                    problem = ApiError(503, "file.open", f"cannot read the record: {exc.strerror}").problem
                    self.end_all(chunk("end", problem), [c for c, _ in joiners])
                    continue
                self.deliver(news, backlogs)
                for client, problem in revoked:
                    self.end(client, chunk("end", problem))
        finally:
            self.task = None

    def look(self, looked: list[View], joiners: list[tuple[Client, View]], linked: list[Client]
             ) -> tuple[list[tuple[View, list[tuple[int, bytes]]]], list[tuple[Client, View, bytes]],
                        list[tuple[Client, Any]]]:
        """In a worker thread: each view's new lines, each new stream's hello and backlog, the links revoked (of
        `linked`, the streams to check)."""
        revoked = []
        for client in linked:
            try:
                client.who.check(self.server.store)
            except ApiError as exc:
                revoked.append((client, exc.problem))
        live = self.server.live(self.name)
        with live.held():
            news = []
            for view in looked:
                end = views.horizon(live, view.eyes)
                start = end if view.last is None else view.last
                news.append((view, view.chunks(live, start + 1, end)))
                view.last = max(end, start)
            backlogs = []
            for client, view in joiners:
                assert view.last is not None
                lines = view.chunks(live, client.after + 1, view.last)
                backlogs.append((client, view, hello(self.name, client.after) + b"".join(c for _, c in lines)))
        return news, backlogs, revoked

    def deliver(self, news: list[tuple[View, list[tuple[int, bytes]]]],
                backlogs: list[tuple[Client, View, bytes]]) -> None:
        """Write each view's new lines (one bytes object for all its streams), then each new stream's backlog."""
        now = time.monotonic()
        for view, lines in news:
            if not lines:
                continue
            message = _message(b"".join(c for _, c in lines))
            ahead = view.ahead
            for client in tuple(view.clients):  # a client too far behind leaves meanwhile
                if client not in ahead:
                    self.write(client, message)
            for client in list(ahead):
                rest = b"".join(c for seq, c in lines if seq > client.after)
                if rest:
                    self.write(client, _message(rest))
                if lines[-1][0] >= client.after:
                    ahead.discard(client)
            view.wrote = now
        for client, view, body in backlogs:
            if client.gone:
                continue
            view = self.views.setdefault(client.eyes, view)
            view.clients.add(client)
            if view.last is not None and client.after > view.last:
                view.ahead.add(client)
            if client.who.token_id is not None:
                self.linked.add(client)
            self.write(client, _message(body))
            client.timer = asyncio.get_running_loop().call_later(client.seconds, self.end, client, None)

    def write(self, client: Client, message: dict[str, Any]) -> None:
        """Write to one stream now; a stream whose client reads too slowly finishes in a task of its own, in order,
        and ends when it falls MAX_STREAM_BEHIND bytes behind."""
        if client.busy is not None:
            client.queue.append(message)
            client.queued += len(message["body"])
            if client.queued > limits.MAX_STREAM_BEHIND and message["more_body"]:
                self.end(client, None)
            return
        step = _start(client.send(message))
        if step is not None:
            client.busy = asyncio.ensure_future(self._finish(client, step))

    async def _finish(self, client: Client, step: tuple[Generator[Any, None, Any], Any]) -> None:
        """A slow stream's writes: the one under way, then those queued meanwhile."""
        try:
            await _resume(*step)
            while client.queue:
                message = client.queue.popleft()
                client.queued -= len(message["body"])
                await client.send(message)
        except Exception:  # the client went away: its receive says so
            client.queue.clear()
        finally:
            client.busy = None

    def end(self, client: Client, last: bytes | None) -> None:
        """End one stream: its last event (if any), then the end of its response."""
        if client.gone:
            return
        self.leave(client)
        if last is not None:
            self.write(client, _message(last))
        self.write(client, _message(b"", more=False))
        client.closed.set()

    def end_all(self, last: bytes, joiners: list[Client]) -> None:
        for client in [c for view in list(self.views.values()) for c in view.clients] + joiners:
            if not client.gone:
                if client in joiners:
                    self.write(client, _message(hello(self.name, client.after)))
                self.end(client, last)

    def keepalive(self, quiet: float) -> None:
        """A comment to the streams of every view silent for `quiet` seconds, so proxies keep them open."""
        now = time.monotonic()
        message = _message(KEEPALIVE)
        for view in list(self.views.values()):
            if now - view.wrote >= quiet:
                view.wrote = now
                for client in list(view.clients):
                    self.write(client, message)


def _start(coro: Any) -> tuple[Any, Any] | None:
    """Run a `send` until it waits: None when it finished at once (the usual case: no task is made for it)."""
    try:
        waiting = coro.send(None)
    except StopIteration:
        return None
    except Exception:  # the client went away: its receive says so
        return None
    return coro, waiting


async def _resume(coro: Any, waiting: Any) -> None:
    """Finish a `send` that had to wait (for a slow client to read): wait for what it waits for, step it on."""
    while True:
        try:
            if waiting is None:
                await asyncio.sleep(0)
            else:
                waiting._asyncio_future_blocking = False  # taken over, as a task takes over what its coroutine awaits
                await waiting
        except BaseException:
            pass  # the send itself sees the outcome when stepped on
        try:
            waiting = coro.send(None)
        except StopIteration:
            return


class Feeds:
    """Every table's feed of one server, woken by its Notifier; one keep-alive timer for all their streams."""

    def __init__(self, server: Server):
        self.server = server
        self.tables: dict[str, Feed] = {}
        self.timer: asyncio.TimerHandle | None = None
        server.notifier.listen(self.poke)

    def poke(self, table: str | None) -> None:
        """The Notifier's call on the loop: table `table` changed (None: anything, a link revoked)."""
        if table is None:
            for feed in self.tables.values():
                feed.poke(everything=True)
        elif table in self.tables:
            self.tables[table].poke()

    def feed(self, table: str) -> Feed:
        found = self.tables.get(table)
        if found is None:
            found = self.tables[table] = Feed(self, table)
        if self.timer is None:
            self._tick()
        return found

    def _tick(self) -> None:
        """Every STREAM_KEEPALIVE seconds: the keep-alives of every quiet stream."""
        for feed in list(self.tables.values()):
            feed.keepalive(limits.STREAM_KEEPALIVE)
        self.timer = asyncio.get_running_loop().call_later(limits.STREAM_KEEPALIVE, self._tick)

    async def follow(self, table: str, client: Client, seconds: float, receive: Receive) -> None:
        """Serve one stream until its client goes or it ends: joined to its table's feed, its task parked on
        `receive` (woken by the client leaving, or by the end of the response), never by a line."""
        feed = self.feed(table)
        client.seconds = seconds  # counted from its hello and backlog, which always go out first
        feed.join(client)
        try:
            while not client.closed.is_set():
                message = await receive()
                if message["type"] == "http.disconnect":
                    break
        finally:
            feed.leave(client)
            if client in feed.joining:
                feed.joining.remove(client)


def feeds(server: Server) -> Feeds:
    """The feeds of `server` (made on its first stream, kept by its Notifier)."""
    found = server.notifier.feeds
    if not isinstance(found, Feeds):
        found = server.notifier.feeds = Feeds(server)
    return found
