"""好友房 under load: many rooms of two people on ``yahtzee serve --workers 2``, on Redis and on
the embedded store (SQLite), each player with the room's event stream open.

Each room's two players take turns: a roll, then a score in the best box, with a think time
between actions (``--think`` seconds, uniform from half to one and a half times it). Measured:
from an action's request to every player's stream showing it (both players, the actor's own
stream too): p50/p99 and errors; server CPU per action (all its processes); and on Redis the
memory of a room (``MEMORY USAGE`` of its key) and the server's ``used_memory`` per room.

    python -m benchmarks.rooms --rooms 500 --seconds 60
    python -m benchmarks.rooms --store sqlite

Traffic goes only to 127.0.0.1; the client shares the machine's cores with the server.
"""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import os
import random
import resource
import shutil
import socket
import subprocess
import sys
import tempfile
import time
import urllib.request
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import orjson

from benchmarks._server import cpu_seconds, free_port, process_tree
from benchmarks.load import percentile
from yahtzee.commands._numbers import seconds, whole_number
from yahtzee.solver.store import cache_dir


class Stats:
    def __init__(self) -> None:
        self.latencies: list[float] = []
        self.errors: dict[str, int] = {}
        self.actions = 0
        self.pending: dict[tuple[str, int], tuple[float, set[int]]] = {}
        self.last: dict[tuple[str, int], tuple[int, float]] = {}
        """Each stream's newest revision and when it came (a stream may show an action before
        the action's own answer is read)."""

    def error(self, what: str) -> None:
        self.errors[what] = self.errors.get(what, 0) + 1

    def sent(self, code: str, revision: int, at: float) -> None:
        waiting = set()
        for seat in (0, 1):
            newest, when = self.last.get((code, seat), (0, 0.0))
            if newest >= revision:
                self.latencies.append(when - at)
            else:
                waiting.add(seat)
        if waiting:
            self.pending[(code, revision)] = (at, waiting)

    def seen(self, code: str, seat: int, revision: int, at: float) -> None:
        self.last[(code, seat)] = (revision, at)
        for key in [k for k in self.pending if k[0] == code and k[1] <= revision]:
            start, waiting = self.pending[key]
            if seat in waiting:
                waiting.discard(seat)
                self.latencies.append(at - start)
            if not waiting:
                del self.pending[key]


async def request(
    host: str, port: int, method: str, path: str, body: Any = None, token: str | None = None
) -> tuple[int, Any]:
    """One request on a connection of its own (keep-alive is not worth it at a few per second)."""
    reader, writer = await asyncio.open_connection(host, port)
    try:
        data = b"" if body is None else orjson.dumps(body)
        auth = f"Authorization: Bearer {token}\r\n" if token else ""
        head = (
            f"{method} {path} HTTP/1.1\r\nHost: {host}\r\nContent-Type: application/json\r\n"
            f"{auth}Content-Length: {len(data)}\r\nConnection: close\r\n\r\n"
        )
        writer.write(head.encode() + data)
        raw = await reader.read()
    finally:
        writer.close()
        with contextlib.suppress(OSError):
            await writer.wait_closed()
    head_part, _, payload = raw.partition(b"\r\n\r\n")
    status = int(head_part.split(b" ", 2)[1])
    if b"transfer-encoding: chunked" in head_part.lower():
        payload = _unchunk(payload)
    return status, orjson.loads(payload) if payload else None


def _unchunk(data: bytes) -> bytes:
    out = b""
    while data:
        size_line, _, rest = data.partition(b"\r\n")
        size = int(size_line, 16)
        if size == 0:
            break
        out += rest[:size]
        data = rest[size + 2 :]
    return out


async def stream(
    host: str, port: int, code: str, seat: int, token: str, stats: Stats, ready: asyncio.Event
) -> None:
    """Read a room's event stream, noting when each revision arrives."""
    reader, writer = await asyncio.open_connection(host, port)
    writer.write(
        f"GET /api/rooms/{code}/events HTTP/1.1\r\nHost: {host}\r\n"
        f"Authorization: Bearer {token}\r\n\r\n".encode()
    )
    try:
        head = await reader.readuntil(b"\r\n\r\n")
        if b" 200 " not in head.split(b"\r\n", 1)[0]:
            stats.error("stream refused")
            return
        ready.set()
        buffer = b""
        while True:
            size = int((await reader.readuntil(b"\r\n")).strip(), 16)
            chunk = await reader.readexactly(size + 2)
            if size == 0:
                return
            buffer += chunk[:-2]
            while b"\n\n" in buffer:
                event, buffer = buffer.split(b"\n\n", 1)
                for line in event.split(b"\n"):
                    if line.startswith(b"id: "):
                        stats.seen(code, seat, int(line[4:]), time.perf_counter())
    except (OSError, asyncio.IncompleteReadError, ValueError):
        stats.error("stream broke")
    finally:
        writer.close()


async def play_room(
    host: str, port: int, stats: Stats, rng: random.Random, think: float, deadline: float
) -> None:
    status, created = await request(host, port, "POST", "/api/rooms", {"name": "甲"})
    if status != 201:
        stats.error(f"create {status}")
        return
    code = created["code"]
    status, joined = await request(host, port, "POST", f"/api/rooms/{code}/join", {"name": "乙"})
    if status != 200:
        stats.error(f"join {status}")
        return
    tokens = [created["token"], joined["token"]]
    readies = [asyncio.Event(), asyncio.Event()]
    streams = [
        asyncio.create_task(stream(host, port, code, seat, tokens[seat], stats, readies[seat]))
        for seat in (0, 1)
    ]
    try:
        await asyncio.wait_for(asyncio.gather(*(r.wait() for r in readies)), 60)
        status, room = await request(
            host, port, "POST", f"/api/rooms/{code}/start", None, tokens[0]
        )
        while status == 200 and time.monotonic() < deadline and not room["finished"]:
            await asyncio.sleep(rng.uniform(0.5 * think, 1.5 * think))
            seat = room["view"]["current"]
            if room["view"]["dice"] is None:
                action: dict[str, Any] = {"type": "roll"}
            else:
                boxes = room["view"]["sides"][seat]["boxes"]
                best = max((b for b in boxes if b["allowed"]), key=lambda b: b["preview"])
                action = {"type": "score", "box": best["key"]}
            body = {"version": room["version"], "action": action}
            start = time.perf_counter()
            status, room = await request(
                host, port, "POST", f"/api/rooms/{code}/action", body, tokens[seat]
            )
            if status == 200:
                stats.actions += 1
                stats.sent(code, room["revision"], start)
            else:
                stats.error(f"action {status}")
    except (OSError, TimeoutError, ValueError) as error:
        stats.error(type(error).__name__)
    finally:
        for task in streams:
            task.cancel()


@contextlib.contextmanager
def redis_server() -> Iterator[str]:
    folder = Path(tempfile.mkdtemp(prefix="bench-redis-"))
    port = free_port()
    command = ["redis-server", "--port", str(port), "--bind", "127.0.0.1", "--dir", str(folder)]
    process = subprocess.Popen(
        [*command, "--save", "", "--appendonly", "no"], stdout=subprocess.DEVNULL
    )
    try:
        for _ in range(100):
            with contextlib.suppress(OSError), socket.create_connection(("127.0.0.1", port)):
                break
            time.sleep(0.05)
        yield f"redis://127.0.0.1:{port}/0"
    finally:
        process.terminate()
        process.wait()
        shutil.rmtree(folder, ignore_errors=True)


def redis_cli(url: str, *args: str) -> str:
    port = url.rsplit(":", 1)[1].split("/")[0]
    return subprocess.run(
        ["redis-cli", "-p", port, *args], capture_output=True, text=True, check=True
    ).stdout


@contextlib.contextmanager
def server(env: dict[str, str], workers: int) -> Iterator[tuple[str, int, int]]:
    port = free_port()
    command = [sys.executable, "-m", "yahtzee", "serve", "--port", str(port)]
    command += ["--workers", str(workers), "--log-level", "error"]
    process = subprocess.Popen(command, env=env, stdout=subprocess.DEVNULL)
    try:
        deadline = time.monotonic() + 180
        while True:
            address = f"http://127.0.0.1:{port}/healthz"
            with contextlib.suppress(OSError), urllib.request.urlopen(address, timeout=1) as r:
                if r.status == 200:
                    break
            if process.poll() is not None or time.monotonic() > deadline:
                raise RuntimeError("the server did not become ready")
            time.sleep(0.2)
        yield "127.0.0.1", port, process.pid
    finally:
        process.terminate()
        try:
            process.wait(timeout=30)
        except subprocess.TimeoutExpired:
            process.kill()


def private_cache() -> Path:
    """A cache folder of its own (the rooms' SQLite file goes there) with the tables and the
    dice key of the usual one linked in."""
    folder = Path(tempfile.mkdtemp(prefix="bench-rooms-cache-"))
    for item in cache_dir().iterdir():
        if item.is_file():
            (folder / item.name).symlink_to(item)
    return folder


def run(store: str, rooms: int, secs: float, think: float, workers: int) -> bool:
    env = dict(os.environ)
    cache = private_cache()
    env["YAHTZEE_CACHE_DIR"] = str(cache)
    url = None
    with contextlib.ExitStack() as stack:
        if store == "redis":
            url = stack.enter_context(redis_server())
            env["YAHTZEE_REDIS_URL"] = url
        host, port, pid = stack.enter_context(server(env, workers))
        stats = Stats()

        async def main() -> float:
            deadline = time.monotonic() + secs + 60
            rng = random.Random(1)
            tasks = []
            for _ in range(rooms):
                tasks.append(
                    asyncio.create_task(
                        play_room(host, port, stats, random.Random(rng.random()), think, deadline)
                    )
                )
                await asyncio.sleep(0.01)  # rooms open over a few seconds, as people arrive
            await asyncio.sleep(10)  # every room started: measure from here
            stats.latencies.clear()
            stats.actions = 0
            mark["cpu"] = sum(cpu_seconds(p) for p in process_tree(pid))
            started = time.monotonic()
            await asyncio.sleep(secs)
            elapsed = time.monotonic() - started
            for task in tasks:
                task.cancel()
            await asyncio.gather(*tasks, return_exceptions=True)
            return elapsed

        mark = {"cpu": 0.0}
        client_before = time.process_time()
        measured_actions = 0
        elapsed = asyncio.run(main())
        measured_actions = stats.actions
        server_cpu = sum(cpu_seconds(p) for p in process_tree(pid)) - mark["cpu"]
        client_cpu = time.process_time() - client_before
        memory = None
        if url is not None:
            keys = redis_cli(url, "--scan", "--pattern", "yahtzee:room:*").split()
            sizes = [int(redis_cli(url, "MEMORY", "USAGE", key)) for key in keys[:200]]
            info = redis_cli(url, "INFO", "memory")
            used = int(
                next(x for x in info.splitlines() if x.startswith("used_memory:")).split(":")[1]
            )
            memory = (sizes, used, len(keys))
    shutil.rmtree(cache, ignore_errors=True)

    n = len(stats.latencies)
    errors = sum(stats.errors.values())
    ms = sorted(v * 1000 for v in stats.latencies)
    print(f"store              {store}, server --workers {workers}")
    print(
        f"rooms              {rooms} of 2 players ({2 * rooms} streams open), think ~{think:.1f} s"
    )
    rate = measured_actions / elapsed
    print(f"actions            {measured_actions} in {elapsed:.0f} s ({rate:.0f}/s)")
    if n:
        p50, p99 = percentile(ms, 0.5), percentile(ms, 0.99)
        print(
            f"action → update    p50 {p50:.1f} ms  p99 {p99:.1f} ms  max {ms[-1]:.1f} ms"
            f"  ({n} updates, every player's stream)"
        )
    print(f"errors             {errors} {stats.errors if errors else ''}")
    if measured_actions:
        print(
            f"server CPU         {server_cpu:.1f} s: {1000 * server_cpu / measured_actions:.2f} ms"
            f" per action (client {client_cpu:.1f} s; load average {os.getloadavg()[0]:.1f})"
        )
    if memory is not None:
        sizes, used, count = memory
        if sizes:
            mean = sum(sizes) / len(sizes) / 1024
            print(
                f"redis memory       MEMORY USAGE per room: mean {mean:.1f} KiB,"
                f" max {max(sizes) / 1024:.1f} KiB; used_memory {used / 1024 / 1024:.1f} MiB"
                f" for {count} rooms"
            )
    met = errors == 0 and n > 0 and percentile(ms, 0.99) <= 100
    print(f"target (zero errors, p99 <= 100 ms): {'met' if met else 'NOT met'}")
    return met


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--rooms", type=whole_number(1), default=500)
    parser.add_argument("--seconds", type=seconds(zero=False), default=60.0)
    parser.add_argument("--think", type=seconds(zero=False), default=3.0)
    parser.add_argument("--workers", type=whole_number(1), default=2)
    parser.add_argument("--store", choices=("redis", "sqlite", "both"), default="both")
    args = parser.parse_args()
    _, hard = resource.getrlimit(resource.RLIMIT_NOFILE)
    resource.setrlimit(resource.RLIMIT_NOFILE, (hard, hard))
    stores = ("redis", "sqlite") if args.store == "both" else (args.store,)
    results = [run(store, args.rooms, args.seconds, args.think, args.workers) for store in stores]
    return 0 if all(results) else 1


if __name__ == "__main__":
    sys.exit(main())
