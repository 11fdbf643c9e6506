"""Push events to every open page: worker threads publish, each page's stream receives.

The rebuild runs in a thread and the server in an asyncio loop; `publish` hands each event to
the loop thread-safely. A page that connects first gets the latest event of every kind, so it
never waits for the next save to see where things stand.
"""

from __future__ import annotations

import asyncio
import json
import threading
from collections.abc import AsyncIterator
from typing import Any

CLOSED = ("", "")


class Hub:
    def __init__(self) -> None:
        self._lock = threading.Lock()
        self._latest: dict[str, str] = {}
        self._subscribers: list[tuple[asyncio.AbstractEventLoop, asyncio.Queue[Any]]] = []
        self._closed = False

    def publish(self, event: str, data: dict[str, Any]) -> None:
        """Send `data` as JSON to every subscriber; remember it for pages that connect later."""
        text = json.dumps(data, separators=(",", ":"))
        with self._lock:
            self._latest[event] = text
            subscribers = list(self._subscribers)
        for loop, queue in subscribers:
            try:
                loop.call_soon_threadsafe(queue.put_nowait, (event, text))
            except RuntimeError:
                pass  # that loop has closed; the subscriber is gone

    def latest(self, event: str) -> str | None:
        with self._lock:
            return self._latest.get(event)

    def close(self) -> None:
        """End every stream (the server is stopping)."""
        with self._lock:
            self._closed = True
            subscribers = list(self._subscribers)
        for loop, queue in subscribers:
            try:
                loop.call_soon_threadsafe(queue.put_nowait, CLOSED)
            except RuntimeError:
                pass

    async def subscribe(self, heartbeat: float = 15.0) -> AsyncIterator[tuple[str, str]]:
        """(event, JSON text) pairs, starting with the latest of each kind; ("", "") as a heartbeat."""
        queue: asyncio.Queue[Any] = asyncio.Queue()
        entry = (asyncio.get_running_loop(), queue)
        with self._lock:
            if self._closed:
                return
            self._subscribers.append(entry)
            for event, text in self._latest.items():
                queue.put_nowait((event, text))
        try:
            while True:
                try:
                    item = await asyncio.wait_for(queue.get(), heartbeat)
                except TimeoutError:
                    yield ("ping", "")
                    continue
                if item == CLOSED:
                    return
                yield item
        finally:
            with self._lock:
                if entry in self._subscribers:
                    self._subscribers.remove(entry)
