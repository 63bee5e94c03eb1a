"""What the rooms need from a store, as protocols, and the choice between the two stores.

With ``YAHTZEE_REDIS_URL`` unset, rooms live in SQLite in the cache folder (``sqlite_store``):
one machine, any number of worker processes. With it set, they live in Redis or Valkey
(``redis_store``): any number of replicas. Both give the same guarantees:

- a room is written only over the revision it was read at (compare-and-set), so two workers
  acting on one room at once cannot both win;
- a room not written for ``ttl`` seconds is gone;
- every write reaches the listeners of every process watching that room, in the order written;
- a lease is held by one owner at a time, until given back or lapsed;
- presence records lapse at their time unless touched again, and each lapse is claimed once.
"""

from __future__ import annotations

import functools
import os
from collections.abc import Callable, Coroutine, Iterable, Sequence
from pathlib import Path
from typing import Any, Final, NamedTuple, ParamSpec, Protocol, TypeVar

from yahtzee.rooms.room import Room
from yahtzee.rooms.wire import Drawn

REDIS_ENV: Final = "YAHTZEE_REDIS_URL"
PREFIX_ENV: Final = "YAHTZEE_REDIS_PREFIX"
"""The rooms' keys begin with it (``yahtzee:`` unless set): deployments may share a Redis."""
SQLITE_FILE: Final = "rooms.sqlite3"

P = ParamSpec("P")
T = TypeVar("T")


class StoreUnavailableError(Exception):
    """The store cannot be reached or is busy (Redis restarting, a locked SQLite file): the
    request failed and changed nothing; the client tries again (503)."""


Method = Callable[P, Coroutine[Any, Any, T]]


def guarded(*errors: type[BaseException]) -> Callable[[Method[P, T]], Method[P, T]]:
    """Turn the store's own errors (``errors``) into StoreUnavailableError."""

    def wrap(method: Method[P, T]) -> Method[P, T]:
        @functools.wraps(method)
        async def call(*args: P.args, **kwargs: P.kwargs) -> T:
            try:
                return await method(*args, **kwargs)
            except errors as error:
                raise StoreUnavailableError(f"{method.__qualname__}: {error!r}") from error

        return call

    return wrap


Listener = Callable[[str, Drawn | Room | None], None]
"""Called with a watched room's code and what was just written: the room as its players see it
(a write's message), the room itself (read again after a break in the messages), or None (it is
gone)."""


class Presence(NamedTuple):
    """A connection of a seat of room ``code``, there until ``until``."""

    code: str
    seat: int
    conn: str
    until: float


class RoomStore(Protocol):
    async def insert(self, room: Room, drawn: Drawn) -> bool:
        """Write a new room (``drawn``: as its players see it); False when its code is taken."""
        ...

    async def get(self, code: str) -> Room | None: ...

    async def lookup(self, code: str | None, counter: str) -> tuple[tuple[int, float], Room | None]:
        """``peek(counter)`` and ``get(code)`` (None for no code) in one round trip."""
        ...

    async def swap(self, room: Room, revision: int, drawn: Drawn) -> bool:
        """Write ``room`` when the stored one is at ``revision``; False (nothing written) if not.
        Indexes ``room.due`` and sends ``drawn`` (the room as its players see it) to every
        watcher."""
        ...

    async def due(self, now: float, limit: int) -> list[str]:
        """Codes of rooms whose ``due`` time has come."""
        ...

    async def existing(self, codes: Iterable[str]) -> set[str]:
        """Which of ``codes`` are rooms (not expired)."""
        ...


class Leases(Protocol):
    async def take(self, name: str, owner: str, seconds: float) -> bool:
        """Hold ``name`` for ``seconds`` (its owner extends it); False when another holds it."""
        ...

    async def give_back(self, name: str, owner: str) -> None: ...


class Counters(Protocol):
    async def count(self, key: str, window: float) -> int:
        """Add one to ``key``'s count in its window (a new window starts when the last ended);
        the count after it."""
        ...

    async def peek(self, key: str) -> tuple[int, float]:
        """``key``'s count and the seconds left in its window ((0, 0.0) when none is open)."""
        ...


class PresenceStore(Protocol):
    async def touch(self, records: Sequence[Presence]) -> None:
        """Each record's connection is there for its seat until its time (unix seconds): one
        round trip for them all."""
        ...

    async def present(self, code: str, now: float) -> frozenset[int]:
        """Seats of ``code`` with a connection that has not lapsed at ``now``."""
        ...

    async def lapsed(self, now: float, limit: int) -> list[str]:
        """Remove presence records lapsed by ``now``, and name their rooms; each record is
        removed, and so named, by one caller only."""
        ...


class Changes(Protocol):
    def listen(self, listener: Listener) -> None:
        """The one listener this process's writes and other processes' writes go to."""
        ...

    async def watch(self, code: str) -> None: ...

    async def unwatch(self, code: str) -> None: ...


class Store(RoomStore, Leases, Counters, PresenceStore, Changes, Protocol):
    name: str

    async def start(self) -> None:
        """Start what delivers other processes' changes."""
        ...

    async def close(self) -> None: ...


def open_store(ttl: float, cache: Path | None = None) -> Store:
    """The store the environment names: Redis at ``$YAHTZEE_REDIS_URL``, else SQLite in the
    cache folder (``cache``, or the solver table's)."""
    url = os.environ.get(REDIS_ENV, "").strip()
    if url:
        from yahtzee.rooms.redis_store import RedisStore

        return RedisStore(url, ttl, os.environ.get(PREFIX_ENV, "yahtzee:"))
    from yahtzee.rooms.sqlite_store import SqliteStore
    from yahtzee.solver.store import cache_dir

    return SqliteStore((cache or cache_dir()) / SQLITE_FILE, ttl)
