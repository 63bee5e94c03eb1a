"""The pub/sub of room changes inside one process: the store tells the hub of every write to a
room this process watches (its own and other processes'), and the hub wakes each stream of that
room with the newest revision.

What travels is the room as its players see it (``wire.Drawn``), drawn once by the process that
wrote it: a stream adds its ``you`` and sends it, so a write costs the processes that only pass
it on next to nothing. A stream that falls behind is not queued up: it gets the latest revision
when it next looks (each message is the whole room, so skipping a revision loses nothing but
that revision's ``event``).
"""

from __future__ import annotations

import asyncio
import contextlib
from collections.abc import AsyncIterator, Callable

from yahtzee.rooms.room import Room
from yahtzee.rooms.store import Changes
from yahtzee.rooms.wire import Drawn


class Subscription:
    """One stream's view of a room: the newest revision not yet taken, or the room's end."""

    def __init__(self) -> None:
        self.revision = 0
        self._pending: Drawn | None = None
        self._gone = False
        self._wake = asyncio.Event()

    def offer(self, drawn: Drawn | None) -> None:
        if drawn is None:
            self._gone = True
        elif drawn.revision > self.revision and (
            self._pending is None or drawn.revision > self._pending.revision
        ):
            self._pending = drawn
        else:
            return
        self._wake.set()

    def mark(self, revision: int) -> None:
        """``revision`` was sent: only later ones are news."""
        self.revision = max(self.revision, revision)
        if self._pending is not None and self._pending.revision <= self.revision:
            self._pending = None

    async def next(self, timeout: float) -> Drawn | bool | None:
        """The next newer revision; None when the room is gone; False after ``timeout`` without
        news."""
        while True:
            if self._pending is not None:
                drawn, self._pending = self._pending, None
                self._wake.clear()
                self.mark(drawn.revision)
                return drawn
            if self._gone:
                return None
            self._wake.clear()
            try:
                async with asyncio.timeout(timeout):  # no task per wait, as wait_for makes
                    await self._wake.wait()
            except TimeoutError:
                return False


class Hub:
    """Streams by room, and the newest drawing of each room they watch."""

    def __init__(self, store: Changes, draw: Callable[[Room], Drawn]) -> None:
        self.store = store
        self._draw = draw
        self._subs: dict[str, set[Subscription]] = {}
        self._latest: dict[str, Drawn] = {}
        store.listen(self.deliver)

    def deliver(self, code: str, news: Drawn | Room | None) -> None:
        """Wake the streams of ``code`` (a room read again is drawn here, once)."""
        subs = self._subs.get(code)
        if not subs:
            return
        drawn = self.drawn(news) if isinstance(news, Room) else news
        if drawn is not None:
            self._keep(code, drawn)
        for sub in subs:
            sub.offer(drawn)

    def watched(self) -> list[str]:
        return list(self._subs)

    def drawn(self, room: Room) -> Drawn:
        """``room`` as its players see it: drawn already when it is the newest revision this
        process has of a room it watches."""
        latest = self._latest.get(room.code)
        if latest is not None and latest.revision == room.revision:
            return latest
        drawn = self._draw(room)
        self._keep(room.code, drawn)
        return drawn

    def _keep(self, code: str, drawn: Drawn) -> None:
        # Only for watched rooms, so the map ends with the last stream of a room.
        latest = self._latest.get(code)
        if code in self._subs and (latest is None or latest.revision < drawn.revision):
            self._latest[code] = drawn

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
                self._latest.pop(code, None)
            # The stream may end by cancellation; unwatching must still run.
            await asyncio.shield(self.store.unwatch(code))
