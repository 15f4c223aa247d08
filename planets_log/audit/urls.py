"""Records at fsspec URLs (s3://, gs://, http://, file://…): named literally, read under the caps files have.

A URL is its protocol, '://', and a path taken as it is: '::' there is part of a name (a
file `a::b.jsonl` in a folder), never fsspec's URL chaining, which a URL given with '::'
before its '://' would ask for and is refused. A file:// URL is opened as the local file
it names (a regular file under the cap, never a FIFO or a device). Over HTTP, no response
is held whole beyond MAX_RESPONSE bytes (a folder's listing page, a block of a record);
a record's own stream is capped by the audit as it reads it (audit.checks).
"""

from __future__ import annotations

import os
from functools import cache
from typing import Any

from planets_log.record.errors import UsageError
from planets_log.record.files import TooLarge, open_regular

MAX_RESPONSE = 64 << 20
"""The most of one HTTP response held in memory at once (a listing of some 500,000 records)."""
LOCAL = ("file", "local")


def is_url(path: str) -> bool:
    """True for an fsspec URL (s3://…, gs://…, file://…), not a plain path."""
    return "://" in path


def protocol_of(url: str) -> str:
    """The protocol before '://'; fsspec's URL chaining ('::' before it) is refused."""
    protocol = url.split("://", 1)[0]
    if "::" in protocol:
        raise UsageError(f"{url}: fsspec's URL chaining ('::' before the '://') is not supported: give the records' "
                         "own URL (a '::' after the '://' is part of a name)", code="url.chained")
    return protocol


def filesystem(url: str) -> Any:
    """The fsspec file system of the URL's protocol, HTTP responses capped."""
    protocol = protocol_of(url)
    try:
        import fsspec
    except ImportError:
        raise UsageError(f"{url}: reading records from a URL needs fsspec (pip install 'planets-log[dask]')",
                         code="usage") from None
    options: dict[str, Any] = {}
    if protocol in ("http", "https"):
        options["client_kwargs"] = {"response_class": capped_response()}
    try:
        return fsspec.filesystem(protocol, **options)
    except (ValueError, ImportError) as exc:
        raise UsageError(f"{url}: cannot read this kind of URL: {exc}", code="file.open") from None


def local_path(url: str) -> str | None:
    """The path a file:// URL names, or None for any other URL."""
    fs = filesystem(url)
    return str(fs._strip_protocol(url)) if protocol_of(url) in LOCAL else None


def open_url(url: str, cap: int) -> Any:
    """An unbuffered or buffered binary stream of the record at `url`; refused when it says it is over `cap`."""
    path = local_path(url)
    if path is not None:
        return os.fdopen(open_regular(path, "the record", cap), "rb", buffering=0)
    fs = filesystem(url)
    try:
        handle = fs.open(url, "rb")
    except answer_errors() as exc:  # an HTTP error status: this record cannot be read, the others can
        raise UsageError(f"cannot read the record {url}: {exc}", code="file.open") from None
    size = getattr(handle, "size", None)
    if isinstance(size, int) and size > cap:
        handle.close()
        raise TooLarge(f"the record {url} is {size} bytes, over the limit of {cap}", code="file.too-large")
    return handle


def list_url(url: str) -> list[str]:
    """The records at a URL: the file itself, or every *.jsonl below a folder, sorted."""
    fs = filesystem(url)
    errors: tuple[type[Exception], ...] = (OSError, ValueError, ImportError, *answer_errors())
    try:
        if url.endswith(".jsonl") and fs.isfile(url):  # a record's URL is not fetched as if it were a listing
            return [url]
        if fs.isdir(url):
            return sorted(fs.unstrip_protocol(f) for f in fs.find(url) if f.endswith(".jsonl"))
        if fs.isfile(url):
            return [url]
    except errors as exc:
        raise UsageError(f"cannot list {url}: {exc}", code="file.open") from None
    raise UsageError(f"no such file or folder: {url}", code="file.open")


def answer_errors() -> tuple[type[Exception], ...]:
    """The errors of a host's answer that are not OSErrors (aiohttp's error statuses), when aiohttp is installed."""
    try:
        from aiohttp import ClientError
    except ImportError:
        return ()
    return (ClientError,)


@cache
def capped_response() -> type:
    """aiohttp's response, its body read whole (a listing, a block) only up to MAX_RESPONSE bytes."""
    import aiohttp

    class CappedResponse(aiohttp.ClientResponse):
        """A response whose `read` and `text` refuse a body over MAX_RESPONSE bytes."""

        _capped: bytes | None = None

        async def read(self) -> bytes:
            if self._capped is None:
                chunks, total = [], 0
                async for chunk in self.content.iter_any():
                    total += len(chunk)
                    if total > MAX_RESPONSE:
                        self.close()
                        raise TooLarge(f"the answer from {self.url} is over the limit of {MAX_RESPONSE} bytes",
                                       code="file.too-large")
                    chunks.append(chunk)
                self._capped = b"".join(chunks)
            return self._capped

        async def text(self, encoding: str | None = None, errors: str = "strict") -> str:
            return (await self.read()).decode(encoding or self.charset or "utf-8", errors)

    return CappedResponse
