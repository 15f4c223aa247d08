"""Waking the live streams when a record changes: writes happen in worker threads, streams wait on the loop."""

from __future__ import annotations

import asyncio


class Notifier:
    """One event the streams wait on, replaced by a fresh one each time something changed."""

    def __init__(self) -> None:
        self.loop: asyncio.AbstractEventLoop | None = None
        self._event: asyncio.Event | None = None

    def bind(self) -> None:
        """Attach to the running event loop (at the application's start)."""
        self.loop = asyncio.get_running_loop()
        self._event = asyncio.Event()

    def changed(self) -> None:
        """Something changed: wake every waiting stream (safe from any thread)."""
        loop = self.loop
        if loop is not None and not loop.is_closed():
            loop.call_soon_threadsafe(self._fire)

    def _fire(self) -> None:
        if self._event is not None:
            self._event.set()
        self._event = asyncio.Event()

    async def wait(self, seconds: float) -> None:
        """Until something changes, or `seconds` pass."""
        if self._event is None:
            self.bind()
        assert self._event is not None
        try:
            await asyncio.wait_for(self._event.wait(), seconds)
        except TimeoutError:
            pass
