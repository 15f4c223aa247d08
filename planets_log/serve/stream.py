"""Live streams (Server-Sent Events): a table's new lines as the caller may see them, the tournament's tables."""

from __future__ import annotations

import time
from typing import Any, AsyncIterator, Iterator

import anyio.to_thread
import msgspec
from litestar import Controller, Request
from litestar.params import FromPath, FromQuery
from litestar.response import ServerSentEvent, ServerSentEventMessage

from planets_log.record.text import is_number

from . import views
from .auth import WHO, Who, known, may_see, visible
from .errors import ApiError
from .notify import ANY
from .quota import STREAMS
from .feed import Client, feeds
from .limits import STREAM_KEEPALIVE, STREAM_SECONDS
from .routes_read import AsSeat, looking
from .server import Server, Srv
from .types import TableInfo
from .verbs import STREAM

Req = Request[Any, Any, Any]


def _resume(request: Req, after: int | None) -> int:
    """Where a stream starts: after the `Last-Event-ID` the browser sends on reconnecting, else `after`, else now."""
    last = request.headers.get("last-event-id")
    if last is not None and is_number(last.strip()):
        return int(last.strip())
    return -1 if after is None else after


async def _ticks(server: Server, table: str = ANY) -> AsyncIterator[bool]:
    """Yield at once, then each time `table` (ANY: any table) changes or a keep-alive is due (True then); never
    polls. The change to wait for is taken before each yield, while the stream looks: none is missed."""
    end, quiet = time.monotonic() + STREAM_SECONDS, time.monotonic()
    due = False
    while True:
        event = server.notifier.event(table)
        yield due
        now = time.monotonic()
        if now >= end:
            return
        await server.notifier.wait(event, min(end, quiet + STREAM_KEEPALIVE) - now)
        if time.monotonic() >= end and not event.is_set():  # the end, nothing new: the client reconnects
            return
        due = time.monotonic() - quiet >= STREAM_KEEPALIVE
        if due:
            quiet = time.monotonic()


def _vector(text: str | None) -> dict[str, int]:
    """A tournament stream's Last-Event-ID: `name=seq` for each table, comma-separated."""
    out: dict[str, int] = {}
    for part in (text or "").split(","):
        name, _, seq = part.partition("=")
        if name and is_number(seq):
            out[name] = int(seq)
    return out


def _changed(infos: list[TableInfo], seen: dict[str, tuple[int, str]]) -> Iterator[TableInfo]:
    for info in infos:
        mark = (info.seq, f"{info.status} {info.sealed} {info.public} {info.delay} {info.problem is not None}")
        before = seen.get(info.name)
        seen[info.name] = mark
        if before is None or before[0] != mark[0] or before[1] not in ("", mark[1]):
            yield info


class Fed(ServerSentEvent):
    """A table stream's response: its headers as any event stream's, then its body from the table's feed (feed.py),
    which writes to this client's `send` with every other stream of its view: no task or generator of its own."""

    def __init__(self, follow: Any):
        super().__init__(iter(()), headers={"Cache-Control": "no-store", "X-Accel-Buffering": "no"})
        self.follow = follow

    def to_asgi_response(self, *args: Any, **kwargs: Any) -> Any:
        inner = super().to_asgi_response(*args, **kwargs)
        follow = self.follow

        async def app(scope: Any, receive: Any, send: Any) -> None:
            await follow(inner.start_response, send, receive)

        return app


class StreamsController(Controller):
    """The live streams: a table's (for a caller who may see it), the tournament's (the tables the caller may see)."""

    path = "/api"
    guards = [known]
    dependencies = {"who": WHO}

    @STREAM("/tables/{name:str}/stream", guards=[may_see])
    async def table_stream(self, request: Req, who: Who, server: Srv, name: FromPath[str],
                           after: FromQuery[int | None] = None, as_seat: AsSeat = None) -> ServerSentEvent:
        """The table's lines as they are written, each as the caller may see it (`line` events, id = seq); resumes from
        Last-Event-ID. Without `after` or Last-Event-ID it starts at the end."""
        look, live = await anyio.to_thread.run_sync(looking, who, server, name, as_seat)
        start = _resume(request, after)
        if start < 0:
            start = views.horizon(live, look)
        holder = STREAMS.take(request, who)
        seconds = STREAM_SECONDS

        async def follow(start_response: Any, send: Any, receive: Any) -> None:
            try:
                await start_response(send=send)
                await feeds(server).follow(name, Client(send, look, who, start), seconds, receive)
            finally:
                STREAMS.give(holder)

        return Fed(follow)

    @STREAM("/stream")
    async def tournament_stream(self, request: Req, who: Who, server: Srv) -> ServerSentEvent:
        """Every table the caller may see, as a `table` event each time it changes (a move, the end, a seal, a problem);
        the id lists each table's seq, so a reconnect sends only what changed."""
        seen = {name: (seq, "") for name, seq in _vector(request.headers.get("last-event-id")).items()}
        client = STREAMS.take(request, who)

        def infos() -> list[TableInfo]:
            who.check(server.store)  # a link revoked meanwhile ends the stream
            return [server.info(t.name, spectator=who.role is None) for t in visible(who, server)]

        async def events() -> AsyncIterator[ServerSentEventMessage]:
            try:
                async for keepalive in _ticks(server):
                    try:
                        now = await anyio.to_thread.run_sync(infos)
                    except ApiError as exc:
                        yield ServerSentEventMessage(event="end", data=msgspec.json.encode(exc.problem).decode())
                        return
                    for info in _changed(now, seen):
                        mark = ",".join(f"{k}={v[0]}" for k, v in sorted(seen.items()))
                        yield ServerSentEventMessage(event="table", id=mark, data=msgspec.json.encode(info).decode())
                    if keepalive:
                        yield ServerSentEventMessage(comment="keep-alive")
            finally:
                STREAMS.give(client)

        return ServerSentEvent(events(), headers={"Cache-Control": "no-store", "X-Accel-Buffering": "no"})
