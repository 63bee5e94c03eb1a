"""Failed joins per client address: an address that asks for too many codes that are no room's
waits until its window ends, so codes cannot be found by guessing.

With 31**6 codes and 20 misses per 10 minutes, an address finds one of 10,000 open rooms by
guessing about once in 4,400 days. The count is kept in the store, so every worker and replica
shares it.
"""

from __future__ import annotations

import math
from dataclasses import dataclass

from yahtzee.rooms.errors import TooManyMissesError
from yahtzee.rooms.store import Counters


@dataclass(frozen=True, slots=True)
class MissLimit:
    misses: int = 20
    window: float = 600.0


class MissLimiter:
    def __init__(self, counters: Counters, limit: MissLimit) -> None:
        self.counters = counters
        self.limit = limit

    async def check(self, address: str) -> None:
        """Raise TooManyMissesError when ``address`` has missed too often in its window."""
        self.refuse(await self.counters.peek(key(address)))

    def refuse(self, peeked: tuple[int, float]) -> None:
        """Raise TooManyMissesError when an address's count (``peek`` of its ``key``) is over
        the limit."""
        count, left = peeked
        if count >= self.limit.misses:
            wait = max(1, math.ceil(left))
            raise TooManyMissesError(
                f"{count} codes that are no room's were asked for from this address; "
                f"try again in {wait} s",
                retry_after=wait,
            )

    async def missed(self, address: str) -> None:
        await self.counters.count(key(address), self.limit.window)


def key(address: str) -> str:
    """The counter of ``address``'s misses."""
    return f"miss:{address}"
