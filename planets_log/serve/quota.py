"""Live streams counted so that no one client takes them all: spectators by address, each link by itself, and the
links' streams in a reserve of their own, so that spectators filling the server refuse no director, recorder or seat."""

from __future__ import annotations

from collections import Counter
from typing import Any, Literal

from litestar import Request

from . import limits
from .auth import Caller
from .errors import ApiError

Holder = tuple[Literal["link", "spectator"], str]
"""Who holds a stream: a link (its token's id) or a spectator (its client address, the proxy's X-Forwarded-For
when the director trusts that proxy)."""


class Streams:
    """The open streams of each holder."""

    def __init__(self) -> None:
        self.open: Counter[Holder] = Counter()

    def take(self, request: Request[Any, Any, Any], who: Caller) -> Holder:
        """Count one more stream for the request's caller (429 over its own share, 503 over its kind's)."""
        if who.token_id is not None:
            holder: Holder = ("link", who.token_id)
            each, cap, whose = limits.MAX_STREAMS_PER_LINK, limits.MAX_LINK_STREAMS, "link"
        else:
            holder = ("spectator", request.client.host if request.client else "?")
            each, cap, whose = limits.MAX_STREAMS_PER_CLIENT, limits.MAX_STREAMS, "spectators'"
        if sum(n for (kind, _), n in self.open.items() if kind == holder[0]) >= cap:
            raise ApiError(503, "limit.streams", f"this server keeps at most {cap} {whose} live streams open; "
                           "try again later", retry_after=limits.STREAM_RETRY_SECONDS)
        if self.open[holder] >= each:
            per = "link" if holder[0] == "link" else "client"
            raise ApiError(429, "limit.streams", f"at most {each} live streams per {per}",
                           retry_after=limits.STREAM_RETRY_SECONDS)
        self.open[holder] += 1
        return holder

    def give(self, holder: Holder) -> None:
        """A stream ended."""
        self.open[holder] -= 1
        if self.open[holder] <= 0:
            del self.open[holder]


STREAMS = Streams()
