"""Who is connected: each open stream of a seat keeps a presence record in the store, touched
every ``heartbeat`` seconds and lapsing ``lapse`` seconds after its last touch.

A stream that ends cleanly leaves its record to lapse ``grace`` seconds later, so a reload
(a new stream within a second or two) never shows the seat as gone. A replica that dies leaves
its records to lapse on their own; any process that finds a lapsed record claims it (once) and
has the room's ``connected`` flags computed again (``on_change``).
"""

from __future__ import annotations

import asyncio
import logging
import time
import uuid
from collections.abc import Awaitable, Callable
from dataclasses import dataclass

from yahtzee.rooms.store import Presence as Record
from yahtzee.rooms.store import PresenceStore, StoreUnavailableError

log = logging.getLogger(__name__)


@dataclass(frozen=True, slots=True)
class PresenceTimes:
    heartbeat: float = 10.0
    lapse: float = 30.0
    grace: float = 3.0
    sweep: float = 1.0
    """How often lapsed records are looked for."""


class Presence:
    def __init__(
        self,
        store: PresenceStore,
        times: PresenceTimes,
        on_change: Callable[[str], Awaitable[None]],
        clock: Callable[[], float] = time.time,
    ) -> None:
        self.store = store
        self.times = times
        self.on_change = on_change
        self.clock = clock
        self._open: dict[str, tuple[str, int]] = {}
        self._closed: dict[str, tuple[str, int]] = {}
        self._next_heartbeat = 0.0

    async def arrive(self, code: str, seat: int) -> str:
        """A stream of ``seat`` opened: its connection's id."""
        conn = uuid.uuid4().hex
        await self.store.touch([Record(code, seat, conn, self.clock() + self.times.lapse)])
        self._open[conn] = (code, seat)
        await self.on_change(code)
        return conn

    def leave(self, conn: str) -> None:
        """The stream ``conn`` ended (callable from a ``finally`` of a cancelled task)."""
        where = self._open.pop(conn, None)
        if where is not None:
            self._closed[conn] = where

    async def run(self) -> None:
        """Touch, let go and sweep, forever."""
        while True:
            try:
                await self.tick()
            except StoreUnavailableError as error:
                log.warning("rooms: presence not kept this time: %s", error)
            await asyncio.sleep(self.times.sweep)

    async def tick(self) -> None:
        """One round trip touches every connection due (those ended, and every open one at a
        heartbeat), however many streams this process serves."""
        now = self.clock()
        closed, self._closed = self._closed, {}
        records = [
            Record(code, seat, conn, now + self.times.grace)
            for conn, (code, seat) in closed.items()
        ]
        if now >= self._next_heartbeat:
            self._next_heartbeat = now + self.times.heartbeat
            records += [
                Record(code, seat, conn, now + self.times.lapse)
                for conn, (code, seat) in self._open.items()
            ]
        await self.store.touch(records)
        # At most this many a second: the rest lapse on the next sweeps.
        for code in await self.store.lapsed(now, 500):
            await self.on_change(code)
