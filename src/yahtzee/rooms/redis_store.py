"""Rooms in Redis or Valkey: any number of replicas serve any room.

Keys (under ``prefix``, ``yahtzee:`` unless set; the tests give each test its own):

- ``room:<code>``: a hash of ``rev`` (the revision) and ``data`` (the room as stored,
  ``stored``), expiring ``ttl`` seconds after its last write. A Lua script writes it only over
  the revision it was read at, indexes its ``due`` time and publishes the room as its players
  see it, all in one round trip: so the order of the messages on a room's channel is the order
  of its writes.
- channel ``room:<code>``: each write's message (``wire.Drawn``: the revision and the room's
  JSON as drawn once by the writer), to every replica with a stream of the room; a replica
  passes it on to its streams as it is.
- ``due``: a sorted set of the rooms waiting on the server (a computer's move, a stand-in's
  clock), by the time they are due.
- ``lease:<name>``: who holds a lease, expiring with it.
- ``presence:<code>``: the room's connections (``seat:conn``) by the time they lapse, and
  ``presence``: every connection (``code:seat:conn``) by that time, so a lapse is found
  without knowing its room (a replica killed with its connections open leaves only these).
- ``count:<key>``: a counter with its window as its expiry.

Each replica keeps one subscriber connection. When it breaks (Redis restarted, a network
blip), the replica connects again, subscribes to its rooms again and reads each of them once,
so a change written during the gap still reaches its streams.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
from collections.abc import Iterable, Sequence
from typing import Any, Final

from redis.asyncio import BlockingConnectionPool, Redis
from redis.asyncio.client import PubSub
from redis.backoff import ExponentialBackoff
from redis.exceptions import RedisError
from redis.retry import Retry

from yahtzee.rooms.redis_scripts import Scripts
from yahtzee.rooms.room import Room
from yahtzee.rooms.store import Listener, Presence, guarded
from yahtzee.rooms.stored import encode, load
from yahtzee.rooms.tasks import stop
from yahtzee.rooms.wire import Drawn

log = logging.getLogger(__name__)
_guard = guarded(RedisError, OSError)

SWAP: Final = """
local rev = redis.call('HGET', KEYS[1], 'rev')
if ARGV[1] == '' then
  if rev then return 0 end
elseif rev ~= ARGV[1] then
  return 0
end
redis.call('HSET', KEYS[1], 'rev', ARGV[2], 'data', ARGV[3])
redis.call('PEXPIRE', KEYS[1], ARGV[4])
if ARGV[5] == '' then
  redis.call('ZREM', KEYS[2], ARGV[6])
else
  redis.call('ZADD', KEYS[2], ARGV[5], ARGV[6])
end
redis.call('PUBLISH', KEYS[1], ARGV[7])
return 1
"""

LOOKUP: Final = """
local count = redis.call('GET', KEYS[1])
return {count, redis.call('PTTL', KEYS[1]), redis.call('HGET', KEYS[2], 'data')}
"""

DUE: Final = """
local codes = redis.call('ZRANGEBYSCORE', KEYS[1], '-inf', ARGV[1], 'LIMIT', 0, ARGV[2])
local out = {}
for _, code in ipairs(codes) do
  if redis.call('EXISTS', ARGV[3] .. code) == 1 then
    table.insert(out, code)
  else
    redis.call('ZREM', KEYS[1], code)
  end
end
return out
"""

LAPSED: Final = """
local gone = redis.call('ZRANGEBYSCORE', KEYS[1], '-inf', '(' .. ARGV[1], 'LIMIT', 0, ARGV[2])
local codes = {}
for _, member in ipairs(gone) do
  redis.call('ZREM', KEYS[1], member)
  local code, rest = string.match(member, '^([^:]+):(.+)$')
  redis.call('ZREM', ARGV[3] .. code, rest)
  table.insert(codes, code)
end
return codes
"""

TAKE: Final = """
local owner = redis.call('GET', KEYS[1])
if owner == false or owner == ARGV[1] then
  redis.call('SET', KEYS[1], ARGV[1], 'PX', ARGV[2])
  return 1
end
return 0
"""

GIVE_BACK: Final = """
if redis.call('GET', KEYS[1]) == ARGV[1] then redis.call('DEL', KEYS[1]) end
return 0
"""

TOUCH: Final = """
for i = 3, #ARGV, 4 do
  local code, seat, conn, lapse = ARGV[i], ARGV[i + 1], ARGV[i + 2], ARGV[i + 3]
  local room_set = ARGV[1] .. code
  redis.call('ZADD', room_set, lapse, seat .. ':' .. conn)
  redis.call('PEXPIRE', room_set, ARGV[2])
  redis.call('ZADD', KEYS[1], lapse, code .. ':' .. seat .. ':' .. conn)
end
return 0
"""

COUNT: Final = """
local n = redis.call('INCR', KEYS[1])
if n == 1 or redis.call('PTTL', KEYS[1]) < 0 then redis.call('PEXPIRE', KEYS[1], ARGV[1]) end
return n
"""

RETRY: Final = Retry(ExponentialBackoff(cap=0.2, base=0.02), 3)
"""A broken connection is tried again thrice within half a second; then the request fails
(503) instead of hanging while Redis is away."""


MAX_CONNECTIONS: Final = 100
"""Connections to Redis one process opens at most for its scripts, and as many for the rest
(``redis_scripts``). A request finding them all busy (a burst, or
the process held up for a moment) waits up to 5 s for one rather than failing at once, as
redis-py's default pool does."""


def _text(value: object) -> str:
    return value.decode() if isinstance(value, bytes) else str(value)


def _ms(seconds: float) -> int:
    return max(1, round(seconds * 1000))


class RedisStore:
    """The shared store (``yahtzee.rooms.store`` describes the guarantees)."""

    name = "redis"

    def __init__(self, url: str, ttl: float, prefix: str = "yahtzee:") -> None:
        self.url = url
        self.ttl = ttl
        self.prefix = prefix
        pool = BlockingConnectionPool.from_url(
            url,
            max_connections=MAX_CONNECTIONS,
            timeout=5,
            retry=RETRY,
            socket_connect_timeout=2,
            socket_timeout=5,
        )
        self.redis: Redis = Redis.from_pool(pool)
        self._scripts = Scripts(self.redis, MAX_CONNECTIONS)
        self._swap = self._scripts.script(SWAP)
        self._lookup = self._scripts.script(LOOKUP)
        self._due = self._scripts.script(DUE)
        self._lapsed = self._scripts.script(LAPSED)
        self._take = self._scripts.script(TAKE)
        self._give_back = self._scripts.script(GIVE_BACK)
        self._count = self._scripts.script(COUNT)
        self._touch = self._scripts.script(TOUCH)
        self._listener: Listener | None = None
        self._watched: dict[str, int] = {}
        self._confirmed: dict[str, asyncio.Future[None]] = {}
        self._pubsub: PubSub | None = None
        self._reader: asyncio.Task[None] | None = None

    def _room_key(self, code: str) -> str:
        return f"{self.prefix}room:{code}"

    # Rooms ---------------------------------------------------------------------------------

    async def _write(self, room: Room, expected: str, drawn: Drawn) -> bool:
        due = "" if room.due is None else repr(room.due)
        args: list[str | int | bytes] = [
            expected,
            room.revision,
            encode(room),
            _ms(self.ttl),
            due,
            room.code,
            drawn.message(),
        ]
        done = await self._swap(keys=[self._room_key(room.code), f"{self.prefix}due"], args=args)
        return bool(done)

    @_guard
    async def insert(self, room: Room, drawn: Drawn) -> bool:
        return await self._write(room, "", drawn)

    @_guard
    async def get(self, code: str) -> Room | None:
        return load(await self.redis.hget(self._room_key(code), "data"))

    @_guard
    async def lookup(self, code: str | None, counter: str) -> tuple[tuple[int, float], Room | None]:
        # No code: a key no room has (the prefix alone), so the script's shape stays one.
        room_key = self._room_key("") if code is None else self._room_key(code)
        raw, left, data = await self._lookup(keys=[f"{self.prefix}count:{counter}", room_key])
        count = (0, 0.0) if raw is None or left <= 0 else (int(raw), left / 1000)
        return count, load(data)

    @_guard
    async def swap(self, room: Room, revision: int, drawn: Drawn) -> bool:
        return await self._write(room, str(revision), drawn)

    @_guard
    async def due(self, now: float, limit: int) -> list[str]:
        codes = await self._due(
            keys=[f"{self.prefix}due"], args=[repr(now), limit, f"{self.prefix}room:"]
        )
        return [code.decode() for code in codes]

    @_guard
    async def existing(self, codes: Iterable[str]) -> set[str]:
        wanted = list(codes)
        if not wanted:
            return set()
        async with self.redis.pipeline(transaction=False) as pipe:
            for code in wanted:
                pipe.exists(self._room_key(code))
            found = await pipe.execute()
        return {code for code, there in zip(wanted, found, strict=True) if there}

    # Leases --------------------------------------------------------------------------------

    @_guard
    async def take(self, name: str, owner: str, seconds: float) -> bool:
        key = f"{self.prefix}lease:{name}"
        return bool(await self._take(keys=[key], args=[owner, _ms(seconds)]))

    @_guard
    async def give_back(self, name: str, owner: str) -> None:
        await self._give_back(keys=[f"{self.prefix}lease:{name}"], args=[owner])

    # Counters ------------------------------------------------------------------------------

    @_guard
    async def count(self, key: str, window: float) -> int:
        return int(await self._count(keys=[f"{self.prefix}count:{key}"], args=[_ms(window)]))

    @_guard
    async def peek(self, key: str) -> tuple[int, float]:
        async with self.redis.pipeline(transaction=True) as pipe:
            pipe.get(f"{self.prefix}count:{key}")
            pipe.pttl(f"{self.prefix}count:{key}")
            raw, left = await pipe.execute()
        if raw is None or left <= 0:
            return 0, 0.0
        return int(raw), left / 1000

    # Presence ------------------------------------------------------------------------------

    @_guard
    async def touch(self, records: Sequence[Presence]) -> None:
        # One script for them all: a heartbeat touches every stream of the process, hundreds,
        # and three commands each cost the client far more than one with many arguments.
        if not records:
            return
        args: list[str | int | float] = [f"{self.prefix}presence:", _ms(self.ttl)]
        for code, seat, conn, until in records:
            args += [code, seat, conn, until]
        await self._touch(keys=[f"{self.prefix}presence"], args=args)

    @_guard
    async def present(self, code: str, now: float) -> frozenset[int]:
        members = await self.redis.zrangebyscore(f"{self.prefix}presence:{code}", now, "+inf")
        return frozenset(int(str(_text(member)).split(":", 1)[0]) for member in members)

    @_guard
    async def lapsed(self, now: float, limit: int) -> list[str]:
        codes = await self._lapsed(
            keys=[f"{self.prefix}presence"],
            args=[repr(now), limit, f"{self.prefix}presence:"],
        )
        return sorted({code.decode() for code in codes})

    # Changes -------------------------------------------------------------------------------

    def listen(self, listener: Listener) -> None:
        self._listener = listener

    async def start(self) -> None:
        await self._subscribe_all()
        self._reader = asyncio.create_task(self._read_forever(), name="rooms-redis-read")

    async def close(self) -> None:
        await stop(self._reader)
        self._reader = None
        if self._pubsub is not None:
            with contextlib.suppress(RedisError, OSError):
                await self._pubsub.aclose()  # type: ignore[no-untyped-call]
        await self._scripts.close()
        await self.redis.aclose()

    @_guard
    async def watch(self, code: str) -> None:
        self._watched[code] = self._watched.get(code, 0) + 1
        if self._watched[code] > 1 or self._pubsub is None:
            return
        confirmed = self._confirmed.setdefault(code, asyncio.get_running_loop().create_future())
        await self._pubsub.subscribe(self._room_key(code))
        # Once Redis says the subscription stands, every later write reaches us: the caller
        # reads the room after this, and misses nothing in between.
        with contextlib.suppress(TimeoutError):
            await asyncio.wait_for(asyncio.shield(confirmed), timeout=2.0)

    async def unwatch(self, code: str) -> None:
        left = self._watched.get(code, 0) - 1
        if left > 0:
            self._watched[code] = left
            return
        self._watched.pop(code, None)
        self._confirmed.pop(code, None)
        if self._pubsub is not None:
            with contextlib.suppress(RedisError, OSError):
                await self._pubsub.unsubscribe(self._room_key(code))

    async def _subscribe_all(self) -> None:
        """A new subscriber connection, subscribed to every watched room (and to a channel of
        its own, so it is subscribed even while no room is watched)."""
        if self._pubsub is not None:
            with contextlib.suppress(RedisError, OSError):
                await self._pubsub.aclose()  # type: ignore[no-untyped-call]
        self._pubsub = self.redis.pubsub()
        channels = [self._room_key(code) for code in self._watched]
        await self._pubsub.subscribe(f"{self.prefix}hello", *channels)

    async def _read_forever(self) -> None:
        pause = 0.05
        while True:
            try:
                assert self._pubsub is not None
                message = await self._pubsub.get_message(timeout=1.0)
                pause = 0.05
                if message is not None:
                    self._handle(message)
            except (RedisError, OSError) as error:
                log.warning("rooms: the Redis subscription broke (%r); connecting again", error)
                await asyncio.sleep(pause)
                pause = min(pause * 2, 2.0)
                with contextlib.suppress(RedisError, OSError):
                    await self._subscribe_all()
                    await self._resync()

    def _handle(self, message: dict[str, Any]) -> None:
        channel = message["channel"].decode()
        code = channel.rsplit(":", 1)[-1]
        if message["type"] == "subscribe":
            future = self._confirmed.get(code)
            if future is not None and not future.done():
                future.set_result(None)
            return
        if message["type"] == "message" and self._listener is not None and code in self._watched:
            self._listener(code, Drawn.from_message(message["data"]))

    async def _resync(self) -> None:
        """Read every watched room once: writes made while the subscription was down."""
        for code in list(self._watched):
            room = await self.get(code)
            if self._listener is not None and code in self._watched:
                self._listener(code, room)
