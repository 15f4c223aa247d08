"""The route decorators of the API's handlers: each documents every refusal and runs in a worker thread (a record
may be read or written on disk) unless it says otherwise."""

from __future__ import annotations

from functools import partial

from litestar import delete, get, patch, post

from .errors import REFUSALS

GET = partial(get, responses=REFUSALS, sync_to_thread=True)
POST = partial(post, responses=REFUSALS, sync_to_thread=True)
PATCH = partial(patch, responses=REFUSALS, sync_to_thread=True)
DELETE = partial(delete, responses=REFUSALS, sync_to_thread=True)
STREAM = partial(get, responses=REFUSALS)
"""A live stream: an async handler, on the event loop."""
