"""Waking the live streams when a record changes: writes happen in worker threads, streams wait on the loop.

A table's streams wait on that table's event, the tournament's streams on the event every change fires: a move
wakes only the streams that may have something to send (with a hundred seats following, waking all of them on
every move cost more than the move)."""

from __future__ import annotations

import asyncio

ANY = ""
"""The key the tournament's streams wait on: every change fires it."""


class Notifier:
    """One event per table (and ANY), replaced by a fresh one each time it fires."""

    def __init__(self) -> None:
        self.loop: asyncio.AbstractEventLoop | None = None
        self._events: dict[str, asyncio.Event] = {}

    def bind(self) -> None:
        """Attach to the running event loop (at the application's start)."""
        self.loop = asyncio.get_running_loop()
        self._events = {}

    def changed(self, table: str | None = None) -> None:
        """Table `table` changed (None: something that may concern every stream, such as a link revoked): wake its
        streams and the tournament's (safe from any thread)."""
        loop = self.loop
        if loop is not None and not loop.is_closed():
            loop.call_soon_threadsafe(self._fire, table)

    def _fire(self, table: str | None) -> None:
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
