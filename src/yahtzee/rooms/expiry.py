"""A room with no activity for an hour is gone.

Every write of a room sets its expiry ``ttl`` seconds later (Redis: the key's TTL; SQLite: a
column that reads skip and a sweep deletes). A stream of a room that expires is told so: the
watch below asks the store, every ``every`` seconds, which watched rooms are still there.
"""

from __future__ import annotations

import asyncio
import logging
from typing import Final

from yahtzee.rooms.feed import Hub
from yahtzee.rooms.store import RoomStore, StoreUnavailableError

log = logging.getLogger(__name__)

ROOM_TTL: Final = 3600.0


async def watch_expiry(store: RoomStore, hub: Hub, every: float = 20.0) -> None:
    """Tell the hub of watched rooms that have expired, forever."""
    while True:
        await asyncio.sleep(every)
        codes = hub.watched()
        if not codes:
            continue
        try:
            there = await store.existing(codes)
        except StoreUnavailableError as error:
            log.warning("rooms: cannot check for expired rooms: %s", error)
            continue
        for code in codes:
            if code not in there:
                hub.deliver(code, None)
