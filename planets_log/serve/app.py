"""The application: every route, the error mapping, the limits, the OpenAPI document; and running it under uvicorn."""

from __future__ import annotations

import asyncio
import gc
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path
from typing import Any

from litestar import Litestar
from litestar.di import Provide
from litestar.enums import ScopeType
from litestar.types import ASGIApp, Receive, ReceiveMessage, Scope, Send

from . import apidoc, pages, routes_director, routes_read, routes_write, stream
from .errors import HANDLERS, ApiError
from . import limits
from .guard import protocol
from .limits import BODY_SECONDS, MAX_BODY
from .server import Server

ROUTES: list[Any] = [
    routes_read.list_games, routes_read.whoami, routes_read.list_tables, routes_read.table_info,
    routes_read.table_header, routes_read.table_position, routes_read.table_moves, routes_read.table_score,
    routes_read.table_lines, routes_read.table_picture, routes_read.table_record,
    routes_write.post_moves, routes_write.post_undo, routes_write.post_note, routes_write.post_ruling,
    routes_write.post_penalty, routes_write.post_result, routes_write.post_seal,
    routes_director.create_table, routes_director.set_flags, routes_director.new_link, routes_director.list_tokens,
    routes_director.revoke_token, routes_director.audit_all, routes_director.archive,
    stream.table_stream, stream.tournament_stream,
    *pages.ROUTES,
]


def body_deadline(app: ASGIApp) -> ASGIApp:
    """Give a client BODY_SECONDS to send its whole request body (408 after); a slow sender holds nothing else up."""

    async def middleware(scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != ScopeType.HTTP:
            await app(scope, receive, send)
            return
        loop = asyncio.get_running_loop()
        deadline, done = loop.time() + BODY_SECONDS, False

        async def timed() -> ReceiveMessage:
            nonlocal done
            if done:
                return await receive()
            try:
                async with asyncio.timeout_at(deadline):  # no task per message, as wait_for would make
                    message = await receive()
            except TimeoutError:
                raise ApiError(408, "limit.time", f"the request body did not arrive within {BODY_SECONDS:g} seconds")
            done = message["type"] != "http.request" or not message.get("more_body", False)
            return message

        await app(scope, timed, send)

    return middleware


def workers() -> None:
    """The threads the handlers run in: WORKERS of them, most of a write's time being the disk's fsync (no CPU)."""
    asyncio.get_running_loop().set_default_executor(
        ThreadPoolExecutor(max_workers=limits.WORKERS, thread_name_prefix="planets-log-serve"))


def short_collections() -> None:
    """Keep the cyclic garbage collector's pauses short: what is alive after a full collection is frozen (never
    scanned again), so that each scans only what was made since the last. The tables' positions only grow, and every
    full collection scanned them all, holding every request up (66 to 264 ms at 100,000 objects on the shared
    machine, bench/serve_load.py); the requests make next to no cyclic garbage (those collections freed none), and
    freezing does not keep anything from being freed when its last reference goes."""
    gc.freeze()  # the records replayed at the start

    def after(phase: str, info: dict[str, int]) -> None:
        if phase == "stop" and info["generation"] == 2:
            gc.freeze()

    gc.callbacks.append(after)


def create_app(server: Server) -> Litestar:
    """The ASGI application serving `server`'s folder."""
    app = Litestar(route_handlers=ROUTES, dependencies={"server": Provide(lambda: server, sync_to_thread=False)},
                   exception_handlers=HANDLERS, request_max_body_size=MAX_BODY, openapi_config=apidoc.config(),
                   on_startup=[workers, server.notifier.bind], middleware=[body_deadline], debug=False, logging_config=None,
                   before_request=apidoc.strict_bodies)
    apidoc.amend(app)
    return app


def run(folder: Path, host: str, port: int, key: str | None = None, public_delay: int = 0,
        trusted: tuple[str, ...] = ()) -> None:
    """Serve `folder` until interrupted: print the director's fresh link, then run uvicorn (no access log);
    X-Forwarded-For is believed from the `trusted` proxies only."""
    import click
    import uvicorn

    limits.TRUSTED_PROXIES = trusted  # the connection guard's, and uvicorn's below: one list
    server = Server(folder, f"http://{host if host != '0.0.0.0' else '127.0.0.1'}:{port}", key, public_delay)
    server.store.revoke_directors()
    director = routes_director.link(server, "director", None, None, None)
    short_collections()
    click.echo(f"serving {len(server.store.state.tables)} tables from {server.folder}")
    click.echo(f"the director's link (shown once; keep it secret): {director.url}")
    if host in ("0.0.0.0", "::"):
        import socket

        other = director.url.replace("127.0.0.1", socket.gethostname(), 1)
        click.echo(f"from another machine on this network: {other} (or this machine's address instead of its name)")
    uvicorn.run(create_app(server), host=host, port=port, access_log=False, log_level="warning", http=protocol(),
                timeout_keep_alive=5, h11_max_incomplete_event_size=limits.MAX_HEADER_BYTES, server_header=False,
                limit_concurrency=limits.MAX_CONNECTIONS, timeout_graceful_shutdown=3,
                forwarded_allow_ips=list(limits.TRUSTED_PROXIES))
