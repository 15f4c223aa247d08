"""A store named by one argument: a folder, or `nats://HOST:PORT[,HOST2:PORT…]/TOURNAMENT[?replicas=N]`."""

from __future__ import annotations

from pathlib import Path

from .base import EventStore


def is_nats(address: str) -> bool:
    """Whether `address` names a NATS store."""
    return address.startswith("nats://")


def open_store(address: str | Path, create: bool = True) -> EventStore:
    """The store `address` names: `nats://h1:4222,h2:4222/TOURNAMENT[?replicas=N]` or a folder."""
    text = str(address)
    if is_nats(text):
        from .jetstream import JetStreamStore, parse_address

        return JetStreamStore(*parse_address(text))
    from .files import FileStore

    return FileStore(Path(text), create=create)
