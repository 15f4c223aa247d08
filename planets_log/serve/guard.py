"""uvicorn's HTTP/1.1 protocols with the bounds they lack against slow or hostile clients.

uvicorn bounds only the idle time between requests, and every byte received resets that timer: a client that sends
its headers a byte a second (slowloris), or opens a connection and sends nothing, holds it for ever, and enough of
them fill the server's connection limit. Here a request's headers must arrive within HEADER_SECONDS of the moment
the server starts waiting for them (the connection opened, or the answer before was sent) and within
MAX_HEADER_BYTES, and one address holds at most MAX_CONNECTIONS_PER_CLIENT connections (a proxy trusted with
X-Forwarded-For is not capped: it is many clients). The body has its own deadline in the application
(app.body_deadline: a 408 answer). The same guard wraps uvicorn's httptools protocol (its C parser, when installed)
and its pure-Python h11 one.
"""

from __future__ import annotations

import asyncio
from collections import Counter
from typing import TYPE_CHECKING, Any

from uvicorn.protocols.http.h11_impl import H11Protocol

from . import limits

REFUSED = (b"HTTP/1.1 503 Service Unavailable\r\ncontent-type: application/json\r\nconnection: close\r\n"
           b"retry-after: 5\r\ncontent-length: %d\r\n\r\n%s")
BUSY = (b'{"status":503,"code":"limit.connections","message":"too many connections from this address: '
        b'close some and try again"}')
OPEN: Counter[str] = Counter()
"""Connections open now, per client address (one server per process)."""

if TYPE_CHECKING:
    Base = H11Protocol
else:
    Base = object


class Guard(Base):
    """One connection: dropped if its next request's headers are late or too long; refused over the address's cap."""

    def connection_made(self, transport: asyncio.Transport) -> None:  # type: ignore[override]
        self._timer: asyncio.TimerHandle | None = None
        self._waiting_after: Any = None
        self._header_bytes = 0
        super().connection_made(transport)
        address = self.client[0] if self.client else None
        self._address = None if address in limits.TRUSTED_PROXIES else address
        if self._address is not None and OPEN[self._address] >= limits.MAX_CONNECTIONS_PER_CLIENT:
            self._address = None
            transport.write(REFUSED % (len(BUSY), BUSY))
            transport.close()
            return
        if self._address is not None:
            OPEN[self._address] += 1
        self._await_headers()

    def connection_lost(self, exc: Exception | None) -> None:
        self._disarm()
        if self._address is not None:
            OPEN[self._address] -= 1
            if OPEN[self._address] <= 0:
                del OPEN[self._address]
            self._address = None
        super().connection_lost(exc)

    def data_received(self, data: bytes) -> None:
        waiting = self._timer is not None
        if waiting:
            self._header_bytes += len(data)
        super().data_received(data)
        if self.cycle is not self._waiting_after:
            self._disarm()  # a new request's headers are in
        elif waiting and self._header_bytes > limits.MAX_HEADER_BYTES and not self.transport.is_closing():
            self.transport.close()

    def on_response_complete(self) -> None:
        super().on_response_complete()
        if not self.transport.is_closing() and self.cycle is not None and self.cycle.response_complete:
            self._await_headers()

    def _await_headers(self) -> None:
        """Start the clock for the next request's headers (the one after the request now in `cycle`)."""
        self._disarm()
        self._waiting_after, self._header_bytes = self.cycle, 0
        self._timer = self.loop.call_later(limits.HEADER_SECONDS, self._late)

    def _disarm(self) -> None:
        if self._timer is not None:
            self._timer.cancel()
            self._timer = None

    def _late(self) -> None:
        """No new request arrived in time (nothing, a part of its headers, or the rest of an answered one): close."""
        self._timer = None
        if self.cycle is self._waiting_after and not self.transport.is_closing():
            self.transport.close()


class GuardedH11(Guard, H11Protocol):
    """The guard on uvicorn's pure-Python parser."""


def protocol() -> type[asyncio.Protocol]:
    """The guarded protocol on uvicorn's C parser (httptools) when it is installed (and limits.PARSER asks for it),
    else on h11."""
    if limits.PARSER == "h11":
        return GuardedH11
    try:
        from uvicorn.protocols.http.httptools_impl import HttpToolsProtocol
    except ImportError:
        return GuardedH11

    class GuardedHttpTools(Guard, HttpToolsProtocol):  # type: ignore[misc]
        """The guard on uvicorn's C parser."""

    return GuardedHttpTools
