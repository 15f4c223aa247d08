"""Every bound the server keeps, in one place: a slow or hostile client cannot stall the others."""

from __future__ import annotations

MAX_BODY = 64 * 1024
"""Bytes in one request body (413 above)."""
MAX_MOVES = 64
"""Moves in one POST (413 above)."""
MAX_TEXT = 2000
"""Characters in one note, reason or move line."""
MAX_STREAMS_PER_CLIENT = 8
"""Open live streams of spectators (no token) from one client address (429 above)."""
MAX_STREAMS = 6000
"""Open live streams of spectators in all (503 with Retry-After above): one process keeps 5,000 at a few µs of CPU
each per move (bench/fanout.py, docs/performance.md)."""
MAX_STREAMS_PER_LINK = 8
"""Open live streams of one link (the director's, a recorder's, a seat's), from any address (429 above)."""
MAX_LINK_STREAMS = 384
"""Open live streams of links in all: a reserve no spectator takes (503 above)."""
STREAM_RETRY_SECONDS = 10
"""The Retry-After of a stream refused for being one too many."""
HEADER_SECONDS = 10.0
"""Seconds a client has to send a request's headers, from the connection or the answer before (closed after)."""
MAX_HEADER_BYTES = 16 * 1024
"""Bytes of one request's headers (closed above)."""
PARSER = "httptools"
"""uvicorn's HTTP parser: "httptools" (C, when installed; else h11) or "h11" (pure Python)."""
BODY_SECONDS = 10.0
"""Seconds a client has to send its whole request body (408 after)."""
WATCH_SECONDS = 1.0
"""Seconds between the one watcher's looks at every record, for the command line's writes (watch.py); no stream
polls."""
MAX_STREAM_BEHIND = 1024 * 1024
"""Bytes a stream's client may fall behind in reading before the stream ends (it reconnects with Last-Event-ID)."""
STREAM_KEEPALIVE = 15.0
"""Seconds of silence after which a stream sends a comment, so proxies keep it open."""
STREAM_SECONDS = 3600.0
"""Seconds a stream stays open; the client's EventSource reconnects with Last-Event-ID."""
MAX_CONNECTIONS = 8000
"""Connections uvicorn serves at once (503 above): the spectators' and the links' streams, and the requests."""
MAX_CONNECTIONS_PER_CLIENT = 64
"""Connections open at once from one address (refused above, 503)."""
TRUSTED_PROXIES: tuple[str, ...] = ()
"""Addresses whose X-Forwarded-For names the client, not capped per address: none unless the director names them
(`serve --trusted-proxy ADDR`); from any other address the header is ignored."""
LOCK_SECONDS = 5.0
"""Seconds a request waits for a table (the record's lock, held by the command line or another request): 503 after."""
WORKERS = 64
"""Requests handled at once (the others wait their turn): most of a write's time is the disk's fsync, no CPU."""
MAX_TABLES = 1000
"""Tables one server keeps."""
TOKEN_BYTES = 24
"""Random bytes in a token (192 bits), `secrets.token_urlsafe`."""
