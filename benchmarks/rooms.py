"""好友房 under load: many rooms of two people on ``yahtzee serve --workers 2``, on Redis and on
the embedded store (SQLite), each player with the room's event stream open.

Each room's two players take turns: a roll, then a score in the best box, with a think time
between actions (``--think`` seconds, uniform from half to one and a half times it). Each player
is a phone: one connection for its requests, kept alive as a browser keeps it (opened again when
the server has closed it while idle), and one for its event stream. Measured, for each size of
``--rooms`` and each store:

- from an action's request to every player's stream showing it (both players, the actor's own
  stream too): p50, p99 and the worst, and errors (any refused request or broken stream);
- the server's CPU per action (all its processes: the supervisor and its workers), and on Redis
  ``redis-server``'s own;
- on Redis, the memory of a room: ``MEMORY USAGE`` of its key, and the growth of ``used_memory``
  per room (its presence records included);
- the machine's load average before and after the run: the figures mean little when other
  work shares the cores, so each run says how busy the machine was.

    python -m benchmarks.rooms --rooms 100,200,500 --seconds 60
    python -m benchmarks.rooms --store sqlite --rooms 500

The target: zero errors and p99 <= 100 ms at 500 rooms. Traffic goes only to 127.0.0.1; the
client shares the machine's cores with the server.

Measured at 500 rooms, 30 s, on a shared machine of 2 cores, each run started with a 1-minute
load average below 1.5 (1.34 and 1.08):

- Redis: p50 5.2 ms, p99 39.6 ms, max 116.0 ms, 0 errors; 3.35 ms of server CPU per action
  (+0.31 ms redis-server); MEMORY USAGE 1.2 KiB per room, used_memory 3.6 KiB per room.
- SQLite: p50 6.8 ms, p99 29.5 ms, max 110.4 ms, 0 errors; 3.31 ms per action.

The code before the per-action work was cut, in the same quiet window: Redis p50 25.0 ms, p99
239.8 ms, 6.34 ms per action; SQLite p50 59.1 ms, p99 535.2 ms, 5.24 ms per action.
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
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import orjson

from benchmarks._server import cpu_seconds, free_port, process_tree
from benchmarks.load import percentile
from yahtzee.commands._numbers import seconds, whole_number
from yahtzee.solver.store import cache_dir

TARGET_P99_MS = 100.0
SETTLE = 10.0
"""Seconds between the last room opening and the start of the measurement."""
IDLE = 5.0
"""Seconds the server's CPU is measured before any room opens (its own background work)."""


class Stats:
    def __init__(self) -> None:
        self.latencies: list[float] = []
        self.errors: dict[str, int] = {}
        self.actions = 0
        self.pending: dict[str, list[tuple[int, float, set[int]]]] = {}
        """Each room's actions not yet seen by every stream: revision, start, streams waiting."""
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
            self.pending.setdefault(code, []).append((revision, at, waiting))

    def seen(self, code: str, seat: int, revision: int, at: float) -> None:
        self.last[(code, seat)] = (revision, at)
        pending = self.pending.get(code)
        if not pending:
            return
        for wanted, start, waiting in pending:
            if wanted <= revision and seat in waiting:
                waiting.discard(seat)
                self.latencies.append(at - start)
        self.pending[code] = [entry for entry in pending if entry[2]]


class Connection:
    """A phone's connection for its requests: HTTP/1.1 kept alive between them (``keep``), or
    one connection per request."""

    def __init__(self, host: str, port: int, keep: bool) -> None:
        self.host, self.port, self.keep = host, port, keep
        self.reader: asyncio.StreamReader | None = None
        self.writer: asyncio.StreamWriter | None = None

    async def request(
        self, method: str, path: str, body: Any = None, token: str | None = None
    ) -> tuple[int, Any]:
        if self.reader is None or self.reader.at_eof() or not self.keep:
            await self.close()  # closed by the server while idle: a browser opens another
            self.reader, self.writer = await asyncio.open_connection(self.host, self.port)
        assert self.writer is not None
        data = b"" if body is None else orjson.dumps(body)
        auth = f"Authorization: Bearer {token}\r\n" if token else ""
        keep = "keep-alive" if self.keep else "close"
        head = (
            f"{method} {path} HTTP/1.1\r\nHost: {self.host}\r\n"
            f"Content-Type: application/json\r\n{auth}Content-Length: {len(data)}\r\n"
            f"Connection: {keep}\r\n\r\n"
        )
        self.writer.write(head.encode() + data)
        status, headers, payload = await read_response(self.reader)
        if not self.keep or headers.get(b"connection") == b"close":
            await self.close()
        return status, orjson.loads(payload) if payload else None

    async def close(self) -> None:
        writer, self.reader, self.writer = self.writer, None, None
        if writer is not None:
            writer.close()
            with contextlib.suppress(OSError):
                await writer.wait_closed()


async def read_response(reader: asyncio.StreamReader) -> tuple[int, dict[bytes, bytes], bytes]:
    head = await reader.readuntil(b"\r\n\r\n")
    lines = head.split(b"\r\n")
    status = int(lines[0].split(b" ", 2)[1])
    headers = {}
    for line in lines[1:]:
        name, _, value = line.partition(b":")
        headers[name.strip().lower()] = value.strip()
    if b"content-length" in headers:
        payload = await reader.readexactly(int(headers[b"content-length"]))
    elif headers.get(b"transfer-encoding") == b"chunked":
        payload = b""
        while size := int((await reader.readuntil(b"\r\n")).strip(), 16):
            payload += (await reader.readexactly(size + 2))[:-2]
        await reader.readuntil(b"\r\n")
    else:
        payload = await reader.read()
    return status, headers, payload


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


@dataclass
class Load:
    host: str
    port: int
    stats: Stats
    think: float
    keep: bool
    deadline: float


async def play_room(load: Load, rng: random.Random) -> None:
    host, port, stats = load.host, load.port, load.stats
    phones = [Connection(host, port, load.keep), Connection(host, port, load.keep)]
    streams: list[asyncio.Task[None]] = []
    try:
        status, created = await phones[0].request("POST", "/api/rooms", {"name": "甲"})
        if status != 201:
            stats.error(f"create {status}")
            return
        code = created["code"]
        status, joined = await phones[1].request("POST", f"/api/rooms/{code}/join", {"name": "乙"})
        if status != 200:
            stats.error(f"join {status}")
            return
        tokens = [created["token"], joined["token"]]
        readies = [asyncio.Event(), asyncio.Event()]
        streams = [
            asyncio.create_task(stream(host, port, code, seat, tokens[seat], stats, readies[seat]))
            for seat in (0, 1)
        ]
        await asyncio.wait_for(asyncio.gather(*(r.wait() for r in readies)), 60)
        status, room = await phones[0].request("POST", f"/api/rooms/{code}/start", None, tokens[0])
        while status == 200 and time.monotonic() < load.deadline and not room["finished"]:
            await asyncio.sleep(rng.uniform(0.5 * load.think, 1.5 * load.think))
            seat = room["view"]["current"]
            if room["view"]["dice"] is None:
                action: dict[str, Any] = {"type": "roll"}
            else:
                boxes = room["view"]["sides"][seat]["boxes"]
                best = max((b for b in boxes if b["allowed"]), key=lambda b: b["preview"])
                action = {"type": "score", "box": best["key"]}
            body = {"version": room["version"], "action": action}
            start = time.perf_counter()
            status, room = await phones[seat].request(
                "POST", f"/api/rooms/{code}/action", body, tokens[seat]
            )
            if status == 200:
                stats.actions += 1
                stats.sent(code, room["revision"], start)
            else:
                stats.error(f"action {status}")
    except (OSError, TimeoutError, ValueError, asyncio.IncompleteReadError) as error:
        stats.error(type(error).__name__)
    finally:
        for task in streams:
            task.cancel()
        for phone in phones:
            await phone.close()


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


def redis_info(url: str, section: str) -> dict[str, str]:
    lines = redis_cli(url, "INFO", section).splitlines()
    return dict(line.split(":", 1) for line in lines if ":" in line and not line.startswith("#"))


def redis_cpu(url: str) -> float:
    info = redis_info(url, "cpu")
    return float(info["used_cpu_user"]) + float(info["used_cpu_sys"])


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
        if item.is_file() and not item.name.startswith("rooms."):
            (folder / item.name).symlink_to(item)
    return folder


def load_average() -> str:
    one, five, fifteen = os.getloadavg()
    return f"{one:.2f}, {five:.2f}, {fifteen:.2f}"


@dataclass
class Result:
    store: str
    rooms: int
    actions: int = 0
    rate: float = 0.0
    p50: float | None = None
    p99: float | None = None
    worst: float | None = None
    updates: int = 0
    errors: dict[str, int] = field(default_factory=dict)
    server_ms: float | None = None
    idle: float = 0.0
    """The server's CPU seconds per second with no room open."""
    redis_ms: float | None = None
    room_kib: float | None = None
    used_kib: float | None = None
    load_before: str = ""
    load_after: str = ""

    @property
    def met(self) -> bool:
        return not self.errors and self.p99 is not None and self.p99 <= TARGET_P99_MS


def run(store: str, rooms: int, secs: float, think: float, workers: int, keep: bool) -> Result:
    env = dict(os.environ)
    cache = private_cache()
    env["YAHTZEE_CACHE_DIR"] = str(cache)
    result = Result(store, rooms, load_before=load_average())
    url = None
    with contextlib.ExitStack() as stack:
        if store == "redis":
            url = stack.enter_context(redis_server())
            env["YAHTZEE_REDIS_URL"] = url
            empty = int(redis_info(url, "memory")["used_memory"])
        host, port, pid = stack.enter_context(server(env, workers))
        idle = sum(cpu_seconds(p) for p in process_tree(pid))
        time.sleep(IDLE)
        result.idle = (sum(cpu_seconds(p) for p in process_tree(pid)) - idle) / IDLE
        stats = Stats()
        marks: dict[str, float] = {}

        async def main() -> float:
            load = Load(host, port, stats, think, keep, time.monotonic() + secs + 120)
            rng = random.Random(1)
            tasks = []
            for _ in range(rooms):
                tasks.append(asyncio.create_task(play_room(load, random.Random(rng.random()))))
                await asyncio.sleep(0.01)  # rooms open over a few seconds, as people arrive
            await asyncio.sleep(SETTLE)  # every room started: measure from here
            stats.latencies.clear()
            stats.actions = 0
            marks["server"] = sum(cpu_seconds(p) for p in process_tree(pid))
            marks["redis"] = 0.0 if url is None else redis_cpu(url)
            marks["client"] = time.process_time()
            started = time.monotonic()
            await asyncio.sleep(secs)
            elapsed = time.monotonic() - started
            marks["server"] = sum(cpu_seconds(p) for p in process_tree(pid)) - marks["server"]
            marks["redis"] = 0.0 if url is None else redis_cpu(url) - marks["redis"]
            marks["client"] = time.process_time() - marks["client"]
            result.actions = stats.actions
            if url is not None:
                keys = redis_cli(url, "--scan", "--pattern", "yahtzee:room:*").split()
                sizes = [int(redis_cli(url, "MEMORY", "USAGE", key)) for key in keys[:200]]
                used = int(redis_info(url, "memory")["used_memory"])
                if sizes:
                    result.room_kib = sum(sizes) / len(sizes) / 1024
                result.used_kib = (used - empty) / max(1, len(keys)) / 1024
            for task in tasks:
                task.cancel()
            await asyncio.gather(*tasks, return_exceptions=True)
            return elapsed

        elapsed = asyncio.run(main())
    shutil.rmtree(cache, ignore_errors=True)
    ms = sorted(v * 1000 for v in stats.latencies)
    result.rate = result.actions / elapsed
    result.updates = len(ms)
    if ms:
        result.p50, result.p99, result.worst = percentile(ms, 0.5), percentile(ms, 0.99), ms[-1]
    result.errors = dict(stats.errors)
    if result.actions:
        result.server_ms = 1000 * marks["server"] / result.actions
        if url is not None:
            result.redis_ms = 1000 * marks["redis"] / result.actions
    result.load_after = load_average()
    report(result, secs, elapsed, think, workers, keep, marks)
    return result


def report(
    r: Result,
    secs: float,
    elapsed: float,
    think: float,
    workers: int,
    keep: bool,
    marks: dict[str, float],
) -> None:
    connections = "kept alive" if keep else "one per request"
    print(f"store              {r.store}, yahtzee serve --workers {workers}")
    print(f"machine            {os.cpu_count()} cores; load average {r.load_before} before")
    print(
        f"rooms              {r.rooms} of 2 players: {2 * r.rooms} players, "
        f"{2 * r.rooms} streams open; think ~{think:.1f} s; requests: {connections}"
    )
    print(f"actions            {r.actions} in {elapsed:.0f} s ({r.rate:.1f}/s)")
    if r.p50 is not None:
        print(
            f"action → update    p50 {r.p50:.1f} ms  p99 {r.p99:.1f} ms  max {r.worst:.1f} ms"
            f"  ({r.updates} updates: every player's stream)"
        )
    print(f"errors             {sum(r.errors.values())} {r.errors if r.errors else ''}")
    if r.server_ms is not None:
        busy = 100 * marks["server"] / elapsed
        print(
            f"server CPU         {marks['server']:.1f} s ({busy:.0f}% of one core):"
            f" {r.server_ms:.2f} ms per action; with no room open it used"
            f" {100 * r.idle:.1f}% of one core"
        )
    if r.redis_ms is not None:
        print(f"redis-server CPU   {marks['redis']:.1f} s: {r.redis_ms:.2f} ms per action")
    print(f"client CPU         {marks['client']:.1f} s (the load's own, same machine)")
    if r.room_kib is not None and r.used_kib is not None:
        print(
            f"redis memory       {r.room_kib:.1f} KiB per room (MEMORY USAGE of its key);"
            f" used_memory {r.used_kib:.1f} KiB per room"
        )
    print(f"load average after {r.load_after}")
    print(f"target (0 errors, p99 <= {TARGET_P99_MS:.0f} ms): {'met' if r.met else 'NOT met'}")
    print(flush=True)


def summary(results: list[Result]) -> None:
    print("store   rooms players actions/s   p50 ms   p99 ms errors  CPU ms/action  redis KiB/room")
    for r in results:
        p50 = "-" if r.p50 is None else f"{r.p50:.1f}"
        p99 = "-" if r.p99 is None else f"{r.p99:.1f}"
        cpu = "-" if r.server_ms is None else f"{r.server_ms:.2f}"
        if r.redis_ms is not None:
            cpu += f" (+{r.redis_ms:.2f} redis)"
        memory = "-" if r.room_kib is None else f"{r.room_kib:.1f} ({r.used_kib:.1f} used)"
        print(
            f"{r.store:7s} {r.rooms:5d} {2 * r.rooms:7d} {r.rate:9.1f} {p50:>8s} {p99:>8s}"
            f" {sum(r.errors.values()):6d}  {cpu:<22s} {memory}   load {r.load_before}"
        )


def room_counts(text: str) -> list[int]:
    parse = whole_number(1)
    return [parse(part) for part in text.split(",")]


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument(
        "--rooms", type=room_counts, default=[500], help="rooms of 2, or sizes: 100,200,500"
    )
    parser.add_argument("--seconds", type=seconds(zero=False), default=60.0)
    parser.add_argument("--think", type=seconds(zero=False), default=3.0)
    parser.add_argument("--workers", type=whole_number(1), default=2)
    parser.add_argument("--store", choices=("redis", "sqlite", "both"), default="both")
    parser.add_argument(
        "--connections",
        choices=("keep", "close"),
        default="keep",
        help="a phone's requests on one kept-alive connection, or one connection each",
    )
    args = parser.parse_args()
    _, hard = resource.getrlimit(resource.RLIMIT_NOFILE)
    resource.setrlimit(resource.RLIMIT_NOFILE, (hard, hard))
    stores = ("redis", "sqlite") if args.store == "both" else (args.store,)
    keep = args.connections == "keep"
    results = [
        run(store, rooms, args.seconds, args.think, args.workers, keep)
        for rooms in args.rooms
        for store in stores
    ]
    summary(results)
    return 0 if all(r.met for r in results) else 1


if __name__ == "__main__":
    sys.exit(main())
