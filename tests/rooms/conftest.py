"""Fixtures of the rooms' tests: a real ``redis-server`` (Debian's, never a mock) started once per
test session on a free port in a temporary folder, a key prefix of each test's own (so tests pass
in any order and side by side under pytest-xdist), and each store test run on both stores."""

from __future__ import annotations

import shutil
import socket
import subprocess
import time
import uuid
from collections.abc import AsyncIterator, Callable, Iterator
from pathlib import Path

import pytest
from fastapi import FastAPI
from fastapi.testclient import TestClient

from tests.rooms.support import FAST, free_port
from yahtzee.rooms.redis_store import RedisStore
from yahtzee.rooms.service import RoomSettings
from yahtzee.rooms.sqlite_store import SqliteStore
from yahtzee.rooms.store import Store
from yahtzee.server import create_app
from yahtzee.solver import Table

TTL = 3600.0


@pytest.fixture
def anyio_backend() -> str:
    return "asyncio"


def start_redis(folder: Path, port: int, *extra: str) -> subprocess.Popen[bytes]:
    """``redis-server`` on 127.0.0.1:``port`` keeping its files in ``folder``; returns once it
    answers PING."""
    exe = shutil.which("redis-server")
    if exe is None:
        pytest.fail("redis-server is missing: `make test` installs it (scripts/ensure-redis)")
    command = [exe, "--port", str(port), "--bind", "127.0.0.1", "--dir", str(folder)]
    command += ["--save", "", "--appendonly", "no", "--logfile", "redis.log", *extra]
    process = subprocess.Popen(command, stdout=subprocess.DEVNULL)
    deadline = time.monotonic() + 20
    while time.monotonic() < deadline:
        try:
            with socket.create_connection(("127.0.0.1", port), timeout=1) as sock:
                sock.sendall(b"PING\r\n")
                if sock.recv(64).startswith(b"+PONG"):
                    return process
        except OSError:
            pass
        if process.poll() is not None:
            break
        time.sleep(0.05)
    process.kill()
    pytest.fail(f"redis-server did not start on port {port}; see {folder / 'redis.log'}")


def stop_redis(process: subprocess.Popen[bytes]) -> None:
    process.terminate()
    try:
        process.wait(timeout=10)
    except subprocess.TimeoutExpired:
        process.kill()
        process.wait()


@pytest.fixture(scope="session")
def redis_url(tmp_path_factory: pytest.TempPathFactory) -> Iterator[str]:
    folder = tmp_path_factory.mktemp("redis")
    port = free_port()
    process = start_redis(folder, port)
    try:
        yield f"redis://127.0.0.1:{port}/0"
    finally:
        stop_redis(process)


@pytest.fixture
def prefix() -> str:
    """This test's own keys in the shared Redis."""
    return f"test-{uuid.uuid4().hex[:12]}:"


StoreMaker = Callable[..., Store]


@pytest.fixture(params=["sqlite", "redis"])
def make_store(request: pytest.FixtureRequest, tmp_path: Path, prefix: str) -> StoreMaker:
    """A maker of stores of one kind sharing one place: each store made is another process's
    view of the same rooms."""
    if request.param == "sqlite":
        return lambda ttl=TTL: SqliteStore(tmp_path / "rooms.sqlite3", ttl, poll=0.02)
    url: str = request.getfixturevalue("redis_url")
    return lambda ttl=TTL: RedisStore(url, ttl, prefix=prefix)


@pytest.fixture
async def store(make_store: StoreMaker) -> AsyncIterator[Store]:
    opened = make_store()
    await opened.start()
    try:
        yield opened
    finally:
        await opened.close()


def room_app(table: Table, store: Store, settings: RoomSettings = FAST) -> FastAPI:
    app = create_app(seed=11, table=table)
    app.state.room_store = store
    app.state.room_settings = settings
    return app


@pytest.fixture
def app(solver_table: Table, make_store: StoreMaker) -> FastAPI:
    """The app on a store of its own (each test, on each store)."""
    return room_app(solver_table, make_store())


@pytest.fixture
def client(app: FastAPI) -> Iterator[TestClient]:
    with TestClient(app) as test_client:
        yield test_client
