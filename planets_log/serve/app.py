"""The application: every route, the error mapping, the limits, the OpenAPI document; and running it under uvicorn."""

from __future__ import annotations

import asyncio
import functools
import gc
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path
from typing import Any, cast

from litestar import Litestar
from litestar.datastructures import State
from litestar.di import Provide
from litestar.enums import ScopeType
from litestar.types import (ASGIApp, HTTPScope, LifeSpanReceive, LifeSpanScope, LifeSpanSend, Message, Receive,
                            ReceiveMessage, Scope, Send)

from planets_log.store import EventStore

from . import apidoc, pages, routes_director, routes_read, routes_tables, routes_write, stream
from .watch import Watcher
from .errors import HANDLERS, ApiError
from . import limits
from .guard import protocol
from .limits import BODY_SECONDS, MAX_BODY
from .server import Server

CONTROLLERS = [routes_read.ServerController, routes_tables.TablesController, routes_read.ReadsController,
               routes_write.MovesController, routes_write.WritesController, routes_director.DirectorController,
               stream.StreamsController, pages.PagesController]
"""Every route, by resource: each controller declares its path, its guards and its dependencies once."""


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


class App(Litestar):
    """The application, answering HEAD on every GET route (RFC 9110), pages and static files included: the GET's
    status and headers, no body. Litestar routes HEAD to `head` handlers only, and its middleware runs after the
    route is chosen, hence here, before it."""

    async def __call__(self, scope: Scope | LifeSpanScope, receive: Receive | LifeSpanReceive,
                       send: Send | LifeSpanSend) -> None:
        if scope["type"] == ScopeType.HTTP and scope.get("method") == "OPTIONS":
            await super().__call__(scope, receive, self._allow_every_method(cast(HTTPScope, scope), cast(Send, send)))
            return
        if scope["type"] != ScopeType.HTTP or scope.get("method") != "HEAD":
            await super().__call__(scope, receive, send)
            return
        receive, send = cast(Receive, receive), cast(Send, send)
        as_get = cast(HTTPScope, {**scope, "method": "GET"})
        ended = asyncio.Event()

        async def headers_only(message: Message) -> None:
            if ended.is_set():
                return
            if message["type"] == "http.response.body":
                ended.set()
                message = {"type": "http.response.body", "body": b"", "more_body": False}
            await send(message)

        async def then_gone() -> ReceiveMessage:
            """The client's messages until the answer's headers are sent, then its leaving (a stream ends)."""
            if not ended.is_set():
                heard, gone = asyncio.ensure_future(receive()), asyncio.ensure_future(ended.wait())
                await asyncio.wait((heard, gone), return_when=asyncio.FIRST_COMPLETED)
                gone.cancel()
                if heard.done():
                    return heard.result()
                heard.cancel()
            return {"type": "http.disconnect"}

        await super().__call__(as_get, then_gone, headers_only)


    def _allow_every_method(self, scope: HTTPScope, send: Send) -> Send:
        """OPTIONS names every method of its path: Litestar's answer names only those of one controller's handlers
        (the tables' PATCH and the reads' GET share /api/tables/{name})."""

        async def allowing(message: Message) -> None:
            template = cast(dict[str, Any], scope).get("path_template")
            methods = self._methods.get(template) if template else None
            if message["type"] == "http.response.start" and methods:
                kept = [(k, v) for k, v in message.get("headers", []) if k.lower() != b"allow"]
                message = {**message, "headers": [*kept, (b"allow", ", ".join(methods).encode())]}
            await send(message)

        return allowing

    @functools.cached_property
    def _methods(self) -> dict[str, list[str]]:
        """Each path template's methods, HEAD wherever GET is."""
        found: dict[str, list[str]] = {}
        for route in self.routes:
            methods = set(getattr(route, "methods", ()))
            if "GET" in methods:
                methods.add("HEAD")
            template = "/" + "/".join(p.split(":")[0] + "}" if p.startswith("{") else p
                                      for p in route.path.strip("/").split("/"))
            found[template] = sorted(methods)
        return found


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
    watcher = Watcher(server)  # the command line's writes to the records, noticed once for every stream
    app = App(route_handlers=CONTROLLERS, dependencies={"server": Provide(lambda: server, sync_to_thread=False)},
              state=State({"server": server}),
              exception_handlers=HANDLERS, request_max_body_size=MAX_BODY, openapi_config=apidoc.config(),
              on_startup=[workers, server.notifier.bind, watcher.start], on_shutdown=[watcher.stop],
              middleware=[body_deadline], debug=False, logging_config=None,
              before_request=apidoc.strict_bodies)
    apidoc.amend(app)
    return app


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


def run(folder: Path | EventStore, host: str, port: int, key: str | None = None, public_delay: int = 0,
        new_director_link: bool = False, trusted: tuple[str, ...] = ()) -> None:
    """Serve `folder` until interrupted: print the director's link (a new one on the first start or when asked;
    an earlier one keeps working), then run uvicorn (no access log)."""
    limits.TRUSTED_PROXIES = trusted  # the connection guard's, and uvicorn's below: one list
    base, lan = addresses(host, port)
    server = Server(folder, base, key, public_delay, lan)
    try:
        _run(server, host, port, base, new_director_link)
    finally:
        server.close()


def _run(server: Server, host: str, port: int, base: str, new_director_link: bool) -> None:
    """Print the director's link and serve until interrupted."""
    import click
    import uvicorn

    short_collections()
    click.echo(f"serving {len(server.store.state.tables)} tables from {server.address}")
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
