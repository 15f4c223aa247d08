"""The one watcher of a served folder's records: notices the command line's writes (outside the server) and wakes
the streams of the table written to. One task for every record, a look at each one's signature every WATCH_SECONDS;
no stream polls. (A NATS store's lines reach the streams through the store's follower, mirror.py.)"""

from __future__ import annotations

import asyncio

import anyio.to_thread

from planets_log.record.errors import PlanetsLogError

from . import limits
from .errors import ApiError
from .live import signature
from .server import Server


def sweep(server: Server) -> list[str]:
    """In a worker thread: every table whose record is not the one last read, read again (which wakes its streams);
    their names."""
    changed = []
    for name, live in list(server.lives.items()):
        try:
            if signature(live.path) == live.sig:
                continue
            changed.append(name)
            server.live(name)  # reads it again and tells the Notifier
        except (OSError, ApiError, PlanetsLogError):
            server.notifier.changed(name)  # its streams look, and end saying why
    return changed


async def watch(server: Server) -> None:
    """Sweep the records until cancelled (at the application's shutdown)."""
    while True:
        await asyncio.sleep(limits.WATCH_SECONDS)
        await anyio.to_thread.run_sync(sweep, server)


class Watcher:
    """The watcher's task, started and stopped with the application."""

    def __init__(self, server: Server):
        self.server = server
        self.task: asyncio.Task[None] | None = None

    def start(self) -> None:
        """Watch a served folder (a NATS store's mirror changes only through the server: nothing to watch)."""
        if getattr(self.server, "mirror", None) is None:
            self.task = asyncio.get_running_loop().create_task(watch(self.server))

    async def stop(self) -> None:
        if self.task is not None:
            self.task.cancel()
            try:
                await self.task
            except asyncio.CancelledError:
                pass
            self.task = None
