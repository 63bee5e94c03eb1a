"""The Redis store's Lua scripts, called on connections of their own (``redis_store``).

A room's move makes two script calls, a lookup and a write. Through redis-py's client each one
cost about twice the round trip itself in Python: a pool that checks each connection with a read
before every command and waits on a condition, metrics, a task made to time each send out, each
argument checked and packed one by one. Here a call packs its arguments at once, is timed out as
a whole and leaves its connection for the next one. redis-py still makes the connections and
reads the replies (its ``Connection`` and reply parser, hiredis when installed); a connection
that breaks is dropped and the call tried again on a new one, with the client's backoff, and a
script Redis has forgotten (restarted) is loaded again.
"""

from __future__ import annotations

import asyncio
import hashlib
from collections.abc import Sequence
from typing import Any, Final

from redis.asyncio import Redis
from redis.asyncio.connection import AbstractConnection
from redis.backoff import ExponentialBackoff
from redis.exceptions import ConnectionError as RedisConnectionError
from redis.exceptions import NoScriptError, ResponseError
from redis.exceptions import TimeoutError as RedisTimeoutError

Arg = str | int | float | bytes

RETRIES: Final = 3
BACKOFF: Final = ExponentialBackoff(cap=0.2, base=0.02)
"""A broken connection is tried again thrice within half a second, as the client is told to."""
TIMEOUT: Final = 5.0
"""Seconds one try may take, waiting for a free connection included."""


def pack(args: Sequence[Arg]) -> bytes:
    """A command in Redis's protocol (numbers as redis-py writes them: ``repr``)."""
    parts = [b"*%d\r\n" % len(args)]
    for arg in args:
        if isinstance(arg, bytes):
            data = arg
        elif isinstance(arg, str):
            data = arg.encode()
        else:
            data = repr(arg).encode()
        parts.append(b"$%d\r\n%s\r\n" % (len(data), data))
    return b"".join(parts)


class Script:
    """One Lua script: ``await script(keys=…, args=…)`` runs it (as redis-py's ``Script``)."""

    def __init__(self, runner: Scripts, text: str) -> None:
        self.runner = runner
        self.text = text
        self.sha = hashlib.sha1(text.encode()).hexdigest().encode()  # EVALSHA names it so

    async def __call__(self, keys: Sequence[str] = (), args: Sequence[Arg] = ()) -> Any:
        return await self.runner.run(self, pack([b"EVALSHA", self.sha, len(keys), *keys, *args]))


class Scripts:
    """Connections for the scripts, at most ``limit`` at once, made as ``redis``'s pool makes
    its own (same server, database and options) but timed out per call instead of per read and
    write."""

    def __init__(self, redis: Redis, limit: int) -> None:
        pool = redis.connection_pool
        self.redis = redis
        self._make = pool.connection_class
        self._options = {**pool.connection_kwargs, "socket_timeout": None}
        self._idle: list[AbstractConnection] = []
        self._slots = asyncio.Semaphore(limit)

    def script(self, text: str) -> Script:
        return Script(self, text)

    async def run(self, script: Script, command: bytes) -> Any:
        loaded = False
        failures = 0
        while True:
            try:
                async with asyncio.timeout(TIMEOUT), self._slots:
                    return await self._once(command)
            except NoScriptError:
                if loaded:
                    raise
                loaded = True
                await self.redis.script_load(script.text)
            except (RedisConnectionError, RedisTimeoutError, TimeoutError):
                failures += 1
                if failures > RETRIES:
                    raise
                await asyncio.sleep(BACKOFF.compute(failures))

    async def _once(self, command: bytes) -> Any:
        connection = self._idle.pop() if self._idle else self._make(**self._options)
        try:
            await connection.send_packed_command(command, check_health=False)
            reply = await connection.read_response()
        except ResponseError:
            self._idle.append(connection)  # an error reply: the connection is fine
            raise
        except BaseException:
            # Broken, timed out or cancelled with a reply perhaps still to come: never reused.
            await connection.disconnect(nowait=True)
            raise
        self._idle.append(connection)
        return reply

    async def close(self) -> None:
        idle, self._idle = self._idle, []
        for connection in idle:
            await connection.disconnect()
