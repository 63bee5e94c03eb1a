"""Rooms in SQLite (WAL mode) in the cache folder: one machine, any number of worker processes.

Each process opens the file and talks to it from one thread of its own, so the event loop never
waits on SQLite's locks. A room's row keeps the room as stored (``stored``) and, beside it, the
room as its players see it (``view``: drawn once by the writer, ``wire.Drawn``). Every write
also appends the room's code to ``changes``; each process polls that log (every ``poll``
seconds, 20 ms by default; once a second while it watches no room) for the rooms it watches and
passes their ``view`` on to its streams as it is, which delivers another worker's write within
the poll interval. The poll reads in the event loop, on a connection of its own: in WAL mode a
reader never waits for a writer, and reading a few rows costs less than handing the read to the
thread and back. Expired rooms are swept once a minute, and the sweep is logged as a change so
their watchers hear they are gone.

The file's ``user_version`` is the schema's: a file of another schema (an older release's) is
emptied and made again when first opened, under a write lock, so its rooms end (they live an
hour at most).
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import sqlite3
import time
from collections.abc import Callable, Iterable, Iterator, Sequence
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path
from typing import Final, TypeVar

import orjson

from yahtzee.rooms.room import Room
from yahtzee.rooms.store import Listener, Presence, guarded
from yahtzee.rooms.stored import encode, load
from yahtzee.rooms.tasks import stop
from yahtzee.rooms.wire import Drawn

log = logging.getLogger(__name__)
_guard = guarded(sqlite3.Error, OSError)

T = TypeVar("T")

SCHEMA_VERSION: Final = 3
TABLES: Final = ("rooms", "changes", "presence", "leases", "counters")
SCHEMA: Final = """
CREATE TABLE IF NOT EXISTS rooms (
    code TEXT PRIMARY KEY, revision INTEGER NOT NULL, data BLOB NOT NULL, view BLOB NOT NULL,
    expires REAL NOT NULL, due REAL
);
CREATE INDEX IF NOT EXISTS rooms_due ON rooms(due) WHERE due IS NOT NULL;
CREATE INDEX IF NOT EXISTS rooms_expires ON rooms(expires);
CREATE TABLE IF NOT EXISTS changes (
    id INTEGER PRIMARY KEY AUTOINCREMENT, code TEXT NOT NULL, at REAL NOT NULL
);
CREATE TABLE IF NOT EXISTS presence (
    code TEXT NOT NULL, conn TEXT NOT NULL, seat INTEGER NOT NULL, until REAL NOT NULL,
    PRIMARY KEY (code, conn)
);
CREATE INDEX IF NOT EXISTS presence_until ON presence(until);
CREATE TABLE IF NOT EXISTS leases (name TEXT PRIMARY KEY, owner TEXT NOT NULL, until REAL NOT NULL);
CREATE TABLE IF NOT EXISTS counters (
    key TEXT PRIMARY KEY, count INTEGER NOT NULL, reset_at REAL NOT NULL
);
"""
NOW_SQL: Final = "(julianday('now') - 2440587.5) * 86400.0"
"""The time now in unix seconds, in SQL."""
TRIGGERS: Final = tuple(
    f"CREATE TRIGGER IF NOT EXISTS rooms_{when}_logged AFTER {when.upper()} ON rooms BEGIN "
    f"INSERT INTO changes (code, at) VALUES (NEW.code, {NOW_SQL}); END"
    for when in ("insert", "update")
)
"""Every write of a room logs its code in ``changes`` within the write's own statement: a write
is one statement, so the file's write lock is held only while SQLite runs it, never while the
writing thread waits for Python's lock between statements (the other process's writer would wait
in SQLite's busy loop, 1, 2, 5, 10 ms … meanwhile)."""

IDLE_POLL: Final = 1.0
"""Seconds between polls of a process that watches no room (its sweep is still on time)."""
SWEEP_EVERY: Final = 60.0
CHANGES_KEPT: Final = 120.0
"""Seconds the change log keeps an entry: far longer than any poll interval."""


class SqliteStore:
    """The embedded store (``yahtzee.rooms.store`` describes the guarantees)."""

    name = "sqlite"

    def __init__(self, path: Path, ttl: float, poll: float = 0.02) -> None:
        self.path = path
        self.ttl = ttl
        self.poll = poll
        self._thread = ThreadPoolExecutor(1, thread_name_prefix="rooms-sqlite")
        self._db: sqlite3.Connection | None = None
        self._reader: sqlite3.Connection | None = None
        """The poll's own connection, used in the event loop only."""
        self._first_watch = asyncio.Event()
        self._listener: Listener | None = None
        self._watched: dict[str, int] = {}
        self._poller: asyncio.Task[None] | None = None
        self._last_change = 0
        self._next_sweep = 0.0

    # Plumbing ------------------------------------------------------------------------------

    def _connect(self) -> sqlite3.Connection:
        if self._db is None:
            self.path.parent.mkdir(parents=True, exist_ok=True)
            db = sqlite3.connect(self.path, timeout=10, isolation_level=None)
            db.execute("PRAGMA journal_mode=WAL")
            db.execute("PRAGMA synchronous=NORMAL")
            with _transaction(db):
                (version,) = db.execute("PRAGMA user_version").fetchone()
                if version != SCHEMA_VERSION:
                    for table in TABLES:
                        db.execute(f"DROP TABLE IF EXISTS {table}")
                for statement in SCHEMA.split(";"):
                    if statement.strip():
                        db.execute(statement)
                for trigger in TRIGGERS:
                    db.execute(trigger)
                db.execute(f"PRAGMA user_version = {SCHEMA_VERSION}")
            self._db = db
        return self._db

    async def _run(self, work: Callable[[sqlite3.Connection], T]) -> T:
        loop = asyncio.get_running_loop()
        return await loop.run_in_executor(self._thread, lambda: work(self._connect()))

    async def start(self) -> None:
        self._last_change = await self._run(_last_change)
        self._poller = asyncio.create_task(self._poll_forever(), name="rooms-sqlite-poll")

    async def close(self) -> None:
        await stop(self._poller)
        self._poller = None
        if self._reader is not None:
            self._reader.close()
            self._reader = None

        def shut(db: sqlite3.Connection) -> None:
            db.close()
            self._db = None

        if self._db is not None:
            await self._run(shut)
        self._thread.shutdown(wait=True)

    # Rooms ---------------------------------------------------------------------------------

    @_guard
    async def insert(self, room: Room, drawn: Drawn) -> bool:
        data, expires = encode(room), room.updated_at + self.ttl

        def work(db: sqlite3.Connection) -> bool:
            # A room of this code that has expired (not swept yet) is written over.
            cursor = db.execute(
                "INSERT INTO rooms VALUES (?, ?, ?, ?, ?, ?) ON CONFLICT(code) DO UPDATE SET "
                "revision = excluded.revision, data = excluded.data, view = excluded.view, "
                "expires = excluded.expires, due = excluded.due WHERE rooms.expires < ?",
                (room.code, room.revision, data, drawn.body, expires, room.due, now()),
            )
            return cursor.rowcount == 1

        return await self._run(work)

    @_guard
    async def get(self, code: str) -> Room | None:
        return load(await self._run(lambda db: _data(db, code)))

    @_guard
    async def lookup(self, code: str | None, counter: str) -> tuple[tuple[int, float], Room | None]:
        def work(db: sqlite3.Connection) -> tuple[tuple[int, float], bytes | None]:
            return _peek(db, counter), None if code is None else _data(db, code)

        count, raw = await self._run(work)
        return count, load(raw)

    @_guard
    async def swap(self, room: Room, revision: int, drawn: Drawn) -> bool:
        data, expires = encode(room), room.updated_at + self.ttl

        def work(db: sqlite3.Connection) -> bool:
            cursor = db.execute(
                "UPDATE rooms SET revision = ?, data = ?, view = ?, expires = ?, due = ? "
                "WHERE code = ? AND revision = ? AND expires >= ?",
                (room.revision, data, drawn.body, expires, room.due, room.code, revision, now()),
            )
            return cursor.rowcount == 1

        return await self._run(work)

    @_guard
    async def due(self, now: float, limit: int) -> list[str]:
        def work(db: sqlite3.Connection) -> list[str]:
            rows = db.execute(
                "SELECT code FROM rooms WHERE due IS NOT NULL AND due <= ? AND expires >= ? "
                "ORDER BY due LIMIT ?",
                (now, now, limit),
            )
            return [code for (code,) in rows]

        return await self._run(work)

    @_guard
    async def existing(self, codes: Iterable[str]) -> set[str]:
        wanted = list(codes)

        def work(db: sqlite3.Connection) -> set[str]:
            found: set[str] = set()
            for start in range(0, len(wanted), 500):
                part = wanted[start : start + 500]
                marks = ",".join("?" * len(part))
                rows = db.execute(
                    f"SELECT code FROM rooms WHERE expires >= ? AND code IN ({marks})",
                    (now(), *part),
                )
                found.update(code for (code,) in rows)
            return found

        return await self._run(work)

    # Leases --------------------------------------------------------------------------------

    @_guard
    async def take(self, name: str, owner: str, seconds: float) -> bool:
        def work(db: sqlite3.Connection) -> bool:
            at = now()
            cursor = db.execute(
                "INSERT INTO leases VALUES (?, ?, ?) ON CONFLICT(name) DO UPDATE SET "
                "owner = excluded.owner, until = excluded.until "
                "WHERE leases.until < ? OR leases.owner = excluded.owner",
                (name, owner, at + seconds, at),
            )
            return cursor.rowcount == 1

        return await self._run(work)

    @_guard
    async def give_back(self, name: str, owner: str) -> None:
        def work(db: sqlite3.Connection) -> None:
            db.execute("DELETE FROM leases WHERE name = ? AND owner = ?", (name, owner))

        await self._run(work)

    # Counters ------------------------------------------------------------------------------

    @_guard
    async def count(self, key: str, window: float) -> int:
        def work(db: sqlite3.Connection) -> int:
            at = now()
            row = db.execute(
                "INSERT INTO counters VALUES (?, 1, ?) ON CONFLICT(key) DO UPDATE SET "
                "count = CASE WHEN counters.reset_at <= ? THEN 1 ELSE counters.count + 1 END, "
                "reset_at = CASE WHEN counters.reset_at <= ? THEN excluded.reset_at "
                "ELSE counters.reset_at END RETURNING count",
                (key, at + window, at, at),
            ).fetchone()
            return int(row[0])

        return await self._run(work)

    @_guard
    async def peek(self, key: str) -> tuple[int, float]:
        return await self._run(lambda db: _peek(db, key))

    # Presence ------------------------------------------------------------------------------

    @_guard
    async def touch(self, records: Sequence[Presence]) -> None:
        if not records:
            return

        rows = orjson.dumps([(code, conn, seat, until) for code, seat, conn, until in records])

        def work(db: sqlite3.Connection) -> None:
            # One statement for them all (see TRIGGERS: a write holds the lock only in SQLite).
            db.execute(
                "INSERT INTO presence SELECT value ->> 0, value ->> 1, value ->> 2, value ->> 3 "
                "FROM json_each(?) WHERE true ON CONFLICT(code, conn) "
                "DO UPDATE SET seat = excluded.seat, until = excluded.until",
                (rows,),
            )

        await self._run(work)

    @_guard
    async def present(self, code: str, now: float) -> frozenset[int]:
        def work(db: sqlite3.Connection) -> frozenset[int]:
            rows = db.execute(
                "SELECT DISTINCT seat FROM presence WHERE code = ? AND until >= ?", (code, now)
            )
            return frozenset(seat for (seat,) in rows)

        return await self._run(work)

    @_guard
    async def lapsed(self, now: float, limit: int) -> list[str]:
        def work(db: sqlite3.Connection) -> list[str]:
            with _transaction(db):
                rows = db.execute(
                    "DELETE FROM presence WHERE rowid IN "
                    "(SELECT rowid FROM presence WHERE until < ? LIMIT ?) RETURNING code",
                    (now, limit),
                ).fetchall()
            return sorted({code for (code,) in rows})

        return await self._run(work)

    # Changes -------------------------------------------------------------------------------

    def listen(self, listener: Listener) -> None:
        self._listener = listener

    async def watch(self, code: str) -> None:
        if not self._watched:
            # The log so far is of rooms nobody here watched, read or not by the slow idle
            # poll: the first watcher hears the changes made from now on, not older ones.
            with contextlib.suppress(sqlite3.Error):
                self._last_change = _last_change(self._reading())
            self._first_watch.set()  # the poll, slow while nothing was watched, reads now
        self._watched[code] = self._watched.get(code, 0) + 1

    async def unwatch(self, code: str) -> None:
        left = self._watched.get(code, 0) - 1
        if left > 0:
            self._watched[code] = left
        else:
            self._watched.pop(code, None)

    async def _poll_forever(self) -> None:
        while True:
            try:
                await self._poll_once()
            except (sqlite3.Error, OSError) as error:
                log.warning("rooms: reading the change log failed: %r", error)
            # Each wake of an idle process costs a little CPU: with no stream to tell, rarely.
            self._first_watch.clear()
            with contextlib.suppress(TimeoutError):
                async with asyncio.timeout(self.poll if self._watched else IDLE_POLL):
                    await self._first_watch.wait()

    def _reading(self) -> sqlite3.Connection:
        """The change log's own connection, opened on first use. No busy wait: a reader is
        refused only while SQLite recovers the log, and then this read fails (and is logged,
        or skipped) and the next one reads."""
        if self._reader is None:
            self._reader = sqlite3.connect(self.path, timeout=0, isolation_level=None)
        return self._reader

    async def _poll_once(self) -> None:
        if time.time() >= self._next_sweep:
            self._next_sweep = time.time() + SWEEP_EVERY
            await self._run(_sweep)
        reader = self._reading()
        changed, self._last_change = _changes_since(reader, self._last_change)
        codes = [code for code in changed if code in self._watched]
        if not codes or self._listener is None:
            return
        rows = _views(reader, codes)
        for code in codes:
            self._listener(code, rows.get(code))


def now() -> float:
    return time.time()


@contextlib.contextmanager
def _transaction(db: sqlite3.Connection) -> Iterator[None]:
    db.execute("BEGIN IMMEDIATE")
    try:
        yield
    except BaseException:
        db.execute("ROLLBACK")
        raise
    db.execute("COMMIT")


def _last_change(db: sqlite3.Connection) -> int:
    row = db.execute("SELECT COALESCE(MAX(id), 0) FROM changes").fetchone()
    return int(row[0])


def _changes_since(db: sqlite3.Connection, last: int) -> tuple[list[str], int]:
    """Codes written since change ``last``, each once, and the newest change's id."""
    rows = db.execute("SELECT id, code FROM changes WHERE id > ? ORDER BY id", (last,)).fetchall()
    if not rows:
        return [], last
    return list(dict.fromkeys(code for _, code in rows)), int(rows[-1][0])


def _data(db: sqlite3.Connection, code: str) -> bytes | None:
    row = db.execute(
        "SELECT data FROM rooms WHERE code = ? AND expires >= ?", (code, now())
    ).fetchone()
    return None if row is None else bytes(row[0])


def _peek(db: sqlite3.Connection, key: str) -> tuple[int, float]:
    at = now()
    row = db.execute(
        "SELECT count, reset_at FROM counters WHERE key = ? AND reset_at > ?", (key, at)
    ).fetchone()
    return (0, 0.0) if row is None else (int(row[0]), float(row[1]) - at)


def _views(db: sqlite3.Connection, codes: list[str]) -> dict[str, Drawn]:
    """The rooms of ``codes`` as their players see them (an expired room is left out)."""
    marks = ",".join("?" * len(codes))
    rows = db.execute(
        f"SELECT code, revision, view FROM rooms WHERE expires >= ? AND code IN ({marks})",
        (now(), *codes),
    )
    return {code: Drawn(revision, bytes(view)) for code, revision, view in rows}


def _sweep(db: sqlite3.Connection) -> None:
    """Drop expired rooms (logged as changes, so watchers hear they are gone), old entries of the
    change log, lapsed leases and counters."""
    at = now()
    with _transaction(db):
        gone = db.execute("DELETE FROM rooms WHERE expires < ? RETURNING code", (at,)).fetchall()
        db.executemany("INSERT INTO changes (code, at) VALUES (?, ?)", [(c, at) for (c,) in gone])
        db.execute("DELETE FROM changes WHERE at < ?", (at - CHANGES_KEPT,))
        db.execute("DELETE FROM leases WHERE until < ?", (at,))
        db.execute("DELETE FROM counters WHERE reset_at < ?", (at,))
