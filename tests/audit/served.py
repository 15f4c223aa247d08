"""Records behind a local HTTP server (127.0.0.1 only), as an object store or a hostile host would serve them."""

from __future__ import annotations

import threading
import time
from contextlib import contextmanager
from functools import partial
from http.server import BaseHTTPRequestHandler, SimpleHTTPRequestHandler, ThreadingHTTPServer
from pathlib import Path
from typing import Iterator

ENDLESS_SECONDS = 30
"""How long the endless server goes on writing to one client at most (so a failing test ends)."""


class Quiet(SimpleHTTPRequestHandler):
    """A static file server that logs nothing."""

    def log_message(self, *args: object) -> None:
        pass


class Endless(BaseHTTPRequestHandler):
    """Every GET is answered with 200, no length and bytes without end: JSON lines, or an HTML listing
    of links for a path ending in '/'; the body stops after `limit` bytes or ENDLESS_SECONDS."""

    protocol_version = "HTTP/1.0"
    limit = 1 << 40

    def log_message(self, *args: object) -> None:
        pass

    def _head(self) -> None:
        self.send_response(200)
        if self.path.endswith("/"):
            self.send_header("Content-Type", "text/html")
        self.end_headers()

    def do_HEAD(self) -> None:
        self._head()

    def do_GET(self) -> None:
        self._head()
        unit = b'<a href="x.jsonl">x.jsonl</a>\n' if self.path.endswith("/") else b'{"type":"note","text":"x"}\n'
        chunk, sent, start = unit * (65536 // len(unit)), 0, time.monotonic()
        try:
            while sent < self.limit and time.monotonic() - start < ENDLESS_SECONDS:
                self.wfile.write(chunk)
                sent += len(chunk)
        except OSError:  # the client hung up: what the audit should do
            pass


@contextmanager
def http_server(handler: type[BaseHTTPRequestHandler]) -> Iterator[str]:
    """The base URL (with its '/') of a server on 127.0.0.1 running `handler` in a thread."""
    server = ThreadingHTTPServer(("127.0.0.1", 0), handler)
    server.daemon_threads = True
    thread = threading.Thread(target=server.serve_forever, daemon=True)
    thread.start()
    try:
        yield f"http://127.0.0.1:{server.server_address[1]}/"
    finally:
        server.shutdown()
        server.server_close()


@contextmanager
def serving(folder: Path) -> Iterator[str]:
    """The URL (with its '/') of `folder` served as static files."""
    with http_server(partial(Quiet, directory=str(folder))) as url:  # type: ignore[arg-type]
        yield url


class Failing(BaseHTTPRequestHandler):
    """A host whose listings (paths ending in '/') name one record, x.jsonl, and that answers 500 for anything else."""

    def log_message(self, *args: object) -> None:
        pass

    def _answer(self) -> bytes:
        listing = self.path.endswith("/")
        self.send_response(200 if listing else 500)
        body = b'<a href="x.jsonl">x.jsonl</a>\n' if listing else b"down"
        self.send_header("Content-Type", "text/html")
        self.send_header("Content-Length", str(len(body)))
        self.end_headers()
        return body

    def do_HEAD(self) -> None:
        self._answer()

    def do_GET(self) -> None:
        self.wfile.write(self._answer())


class BreaksOff(Failing):
    """Like Failing, but a record's HEAD is answered 200 with its length: the record opens, and its first read
    gets the 500 (an error status in the middle of reading it)."""

    def do_HEAD(self) -> None:
        if self.path.endswith("/"):
            self._answer()
            return
        self.send_response(200)
        self.send_header("Content-Length", "1000")
        self.end_headers()
