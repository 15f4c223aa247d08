"""Where a tournament's records and its server state live: a folder (the default) or NATS JetStream."""

from __future__ import annotations

from .address import is_nats, open_store
from .base import Conflict, EventStore

__all__ = ["Conflict", "EventStore", "is_nats", "open_store"]
