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
from litestar.openapi import OpenAPIConfig
from litestar.openapi.plugins import JsonRenderPlugin
from litestar.openapi.spec import Components, SecurityScheme
from litestar.types import ASGIApp, Receive, ReceiveMessage, Scope, Send

from . import pages, routes_director, routes_read, routes_write, stream
from .errors import HANDLERS, ApiError
from . import limits
from .guard import protocol
from .limits import BODY_SECONDS, MAX_BODY
from .server import Server

OPENAPI_PATH = "/api/schema"
"""The OpenAPI document is served at /api/schema/openapi.json (and committed as docs/openapi.json)."""

ROUTES: list[Any] = [
    routes_read.list_games, routes_read.whoami, routes_read.list_tables, routes_read.table_info,
    routes_read.table_header, routes_read.table_position, routes_read.table_moves, routes_read.table_score,
    routes_read.table_lines, routes_read.table_picture, routes_read.table_record,
    routes_write.post_moves, routes_write.preview_undo, routes_write.post_undo, routes_write.post_note, routes_write.post_ruling,
    routes_write.post_penalty, routes_write.post_result, routes_write.post_seal,
    routes_director.create_table, routes_director.set_flags, routes_director.new_link, routes_director.table_links,
    routes_director.list_tokens,
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


def openapi_config() -> OpenAPIConfig:
    bearer = SecurityScheme(type="http", scheme="bearer",
                            description="A link's token: the director's, a table's recorder's or a seat's.")
    return OpenAPIConfig(title="planets-log serve", version="1", path=OPENAPI_PATH, use_handler_docstrings=True,
                         components=Components(security_schemes={"token": bearer}), security=[{"token": []}],
                         render_plugins=[JsonRenderPlugin()])


def create_app(server: Server) -> Litestar:
    """The ASGI application serving `server`'s folder."""
    return Litestar(route_handlers=ROUTES, dependencies={"server": Provide(lambda: server, sync_to_thread=False)},
                    exception_handlers=HANDLERS, request_max_body_size=MAX_BODY, openapi_config=openapi_config(),
                    on_startup=[workers, server.notifier.bind], middleware=[body_deadline], debug=False, logging_config=None)


def lan_address() -> str:
    """This machine's address on its network: the one a UDP socket aimed outside would use (nothing is sent), else
    its host name."""
    import socket

    try:
        with socket.socket(socket.AF_INET, socket.SOCK_DGRAM) as probe:
            probe.connect(("192.0.2.1", 9))  # TEST-NET-1: a route is chosen, no packet leaves
            address = str(probe.getsockname()[0])
    except OSError:
        address = ""
    return address if address and not address.startswith("127.") else socket.gethostname()


def addresses(host: str, port: int) -> tuple[str, str | None]:
    """The server's own base URL for its links, and (serving on every interface) the network one that replaces a
    loopback address a browser used."""
    if host in ("0.0.0.0", "::", ""):
        lan = f"http://{lan_address()}:{port}"
        return lan, lan
    return f"http://{f'[{host}]' if ':' in host else host}:{port}", None


def run(folder: Path, host: str, port: int, key: str | None = None, public_delay: int = 0,
        new_director_link: bool = False) -> None:
    """Serve `folder` until interrupted: print the director's link (a new one on the first start or when asked;
    an earlier one keeps working), then run uvicorn (no access log)."""
    import click
    import uvicorn

    base, lan = addresses(host, port)
    server = Server(folder, base, key, public_delay, lan)
    short_collections()
    click.echo(f"serving {len(server.store.state.tables)} tables from {server.folder}")
    if new_director_link or not server.store.has_director():
        server.store.revoke_directors()
        director = routes_director.link(server, "director", None, None, None)
        click.echo(f"the director's link (shown once; keep it secret): {director.url}")
    else:
        click.echo("the director's link of an earlier start still works (it is kept only as its hash, so it cannot be "
                   "shown again): `--new-director-link` makes a new one and ends the old one")
        click.echo(f"the director's page: {base}/director")
    uvicorn.run(create_app(server), host=host, port=port, access_log=False, log_level="warning", http=protocol(),
                timeout_keep_alive=5, h11_max_incomplete_event_size=limits.MAX_HEADER_BYTES, server_header=False,
                limit_concurrency=limits.MAX_CONNECTIONS, timeout_graceful_shutdown=3,
                forwarded_allow_ips=list(limits.TRUSTED_PROXIES))
