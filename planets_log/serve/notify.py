"""Waking the live streams when a record changes: writes happen in worker threads, streams wait on the loop.

A table's streams are fed by one task per table (feed.py), called here on each change; the tournament's streams
wait on the event every change fires. Nothing polls: the command line's writes reach here through the one watcher
of the records (watch.py)."""

from __future__ import annotations

import asyncio
from typing import Any, Callable

ANY = ""
"""The key the tournament's streams wait on: every change fires it."""


class Notifier:
    """One event per table (and ANY), replaced by a fresh one each time it fires."""

    def __init__(self) -> None:
        self.loop: asyncio.AbstractEventLoop | None = None
        self._events: dict[str, asyncio.Event] = {}
        self._listeners: list[Callable[[str | None], None]] = []
        self.feeds: Any = None
        """The tables' stream feeds (feed.Feeds), made on the first stream."""

    def bind(self) -> None:
        """Attach to the running event loop (at the application's start)."""
        self.loop = asyncio.get_running_loop()
        self._events, self._listeners, self.feeds = {}, [], None

    def changed(self, table: str | None = None) -> None:
        """Table `table` changed (None: something that may concern every stream, such as a link revoked): wake its
        streams and the tournament's (safe from any thread)."""
        loop = self.loop
        if loop is not None and not loop.is_closed():
            loop.call_soon_threadsafe(self._fire, table)

    def listen(self, call: Callable[[str | None], None]) -> None:
        """Call `call(table)` on the loop at every change (None: one that may concern every stream)."""
        self._listeners.append(call)

    def _fire(self, table: str | None) -> None:
        for call in self._listeners:
            call(table)
        for key in list(self._events) if table is None else (table, ANY):
            event = self._events.pop(key, None)
            if event is not None:
                event.set()

    def event(self, table: str = ANY) -> asyncio.Event:
        """The event the next change of `table` (ANY: of any table) sets: taken before looking at the table, so that
        a change made while looking is not missed."""
        if self.loop is None:
            self.bind()
        event = self._events.get(table)
        if event is None:
            event = self._events[table] = asyncio.Event()
        return event

    @staticmethod
    async def wait(event: asyncio.Event, seconds: float) -> None:
        """Until `event` is set, or `seconds` pass."""
        try:
            await asyncio.wait_for(event.wait(), seconds)
        except TimeoutError:
            pass
