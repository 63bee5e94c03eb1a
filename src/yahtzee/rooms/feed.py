"""The pub/sub of room changes inside one process: the store tells the hub of every write to a
room this process watches (its own and other processes'), and the hub wakes each stream of that
room with the newest revision.

A stream that falls behind is not queued up: it gets the latest room when it next looks (each
message is the whole room, so skipping a revision loses nothing but that revision's ``event``).
The room's JSON is rendered once per revision and shared by every stream of it here.
"""

from __future__ import annotations

import asyncio
import contextlib
from collections.abc import AsyncIterator, Callable

from yahtzee.rooms.room import Room
from yahtzee.rooms.store import Changes


class Subscription:
    """One stream's view of a room: the newest revision not yet taken, or the room's end."""

    def __init__(self) -> None:
        self.revision = 0
        self._pending: Room | None = None
        self._gone = False
        self._wake = asyncio.Event()

    def offer(self, room: Room | None) -> None:
        if room is None:
            self._gone = True
        elif room.revision > self.revision and (
            self._pending is None or room.revision > self._pending.revision
        ):
            self._pending = room
        else:
            return
        self._wake.set()

    def mark(self, room: Room) -> None:
        """``room`` was sent: only later revisions are news."""
        self.revision = max(self.revision, room.revision)
        if self._pending is not None and self._pending.revision <= self.revision:
            self._pending = None

    async def next(self, timeout: float) -> Room | bool | None:
        """The next newer room; None when the room is gone; False after ``timeout`` without news."""
        while True:
            if self._pending is not None:
                room, self._pending = self._pending, None
                self._wake.clear()
                self.mark(room)
                return room
            if self._gone:
                return None
            self._wake.clear()
            try:
                await asyncio.wait_for(self._wake.wait(), timeout)
            except TimeoutError:
                return False


class Hub:
    """Streams by room, and the rendering each revision shares."""

    def __init__(self, store: Changes, render: Callable[[Room], bytes]) -> None:
        self.store = store
        self._render = render
        self._subs: dict[str, set[Subscription]] = {}
        self._rendered: dict[str, tuple[int, bytes]] = {}
        store.listen(self.deliver)

    def deliver(self, code: str, room: Room | None) -> None:
        for sub in self._subs.get(code, ()):
            sub.offer(room)

    def watched(self) -> list[str]:
        return list(self._subs)

    def rendered(self, room: Room) -> bytes:
        cached = self._rendered.get(room.code)
        if cached is not None and cached[0] == room.revision:
            return cached[1]
        body = self._render(room)
        if cached is None or cached[0] < room.revision:
            self._rendered[room.code] = (room.revision, body)
        return body

    @contextlib.asynccontextmanager
    async def subscribe(self, code: str) -> AsyncIterator[Subscription]:
        """Watch ``code`` while inside; a room read after entering misses no later write."""
        sub = Subscription()
        self._subs.setdefault(code, set()).add(sub)
        try:
            await self.store.watch(code)  # the store counts its watchers
            yield sub
        finally:
            subs = self._subs.get(code, set())
            subs.discard(sub)
            if not subs:
                self._subs.pop(code, None)
                self._rendered.pop(code, None)
            # The stream may end by cancellation; unwatching must still run.
            await asyncio.shield(self.store.unwatch(code))
