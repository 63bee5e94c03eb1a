"""Load: many simulated players play whole games against ``yahtzee serve --workers 2``.

Each player is a bounded asyncio task: new game, then per turn a roll, sometimes a hint, one or
two rerolls holding random dice, and a score in the best previewed box, with a think time between
clicks (``--think`` seconds, uniform; real players take longer). The run stops by itself after
``--seconds``. Prints requests/s, p50/p95/p99 latency, errors, and each server process's memory
(Pss splits shared pages, so the memory-mapped solver table counts once across workers).

    python -m benchmarks.load --players 200 --seconds 30

Traffic goes only to 127.0.0.1. The client shares this machine's cores with the server.
"""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import random
import statistics
import sys
import time
from typing import Any
from urllib.parse import urlparse

import orjson

from benchmarks._server import cpu_seconds, mapped_kib, memory_kib, process_tree, running_server
from yahtzee.commands._numbers import seconds, whole_number


class Stats:
    def __init__(self) -> None:
        self.latencies: list[float] = []
        self.server_ms: list[float] = []
        self.errors: dict[str, int] = {}
        self.games = 0

    def error(self, what: str) -> None:
        self.errors[what] = self.errors.get(what, 0) + 1


class Connection:
    """One player's keep-alive HTTP/1.1 connection, kept minimal so that the client spends as
    little of the shared CPU as it can (a full HTTP client cost twice the server's time)."""

    def __init__(self, host: str, port: int) -> None:
        self.host = host
        self.port = port
        self.reader: asyncio.StreamReader | None = None
        self.writer: asyncio.StreamWriter | None = None

    async def post(self, path: str, body: bytes) -> tuple[int, dict[str, str], bytes]:
        if self.writer is None or self.reader is None:
            self.reader, self.writer = await asyncio.open_connection(self.host, self.port)
        head = (
            f"POST {path} HTTP/1.1\r\nHost: {self.host}:{self.port}\r\n"
            f"Content-Type: application/json\r\nContent-Length: {len(body)}\r\n\r\n"
        )
        self.writer.write(head.encode() + body)
        raw = await self.reader.readuntil(b"\r\n\r\n")
        lines = raw.decode("latin-1").split("\r\n")
        status = int(lines[0].split()[1])
        headers = {}
        for line in lines[1:]:
            name, _, value = line.partition(":")
            if name:
                headers[name.strip().lower()] = value.strip()
        data = await self.reader.readexactly(int(headers.get("content-length", "0")))
        if headers.get("connection", "").lower() == "close":
            await self.close()
        return status, headers, data

    async def close(self) -> None:
        if self.writer is not None:
            self.writer.close()
            with contextlib.suppress(OSError):
                await self.writer.wait_closed()
        self.reader = self.writer = None


async def call(conn: Connection, stats: Stats, path: str, body: Any) -> Any:
    payload = orjson.dumps(body)
    start = time.perf_counter()
    try:
        status, headers, data = await conn.post(path, payload)
    except (OSError, asyncio.IncompleteReadError, ValueError) as error:
        stats.error(type(error).__name__)
        await conn.close()
        return None
    stats.latencies.append(time.perf_counter() - start)
    timing = headers.get("server-timing", "")
    if "dur=" in timing:
        stats.server_ms.append(float(timing.split("dur=")[1]))
    if status != 200:
        stats.error(f"HTTP {status}")
        return None
    return orjson.loads(data)


async def player(base: str, stats: Stats, seed: int, deadline: float, think: float) -> None:
    url = urlparse(base)
    client = Connection(url.hostname or "127.0.0.1", url.port or 80)
    try:
        await _play(client, stats, seed, deadline, think)
    finally:
        await client.close()


async def _play(client: Connection, stats: Stats, seed: int, deadline: float, think: float) -> None:
    rng = random.Random(seed)
    await asyncio.sleep(rng.uniform(0, think))  # players arrive spread out, not in one burst

    async def pause() -> None:
        await asyncio.sleep(rng.uniform(0, 2 * think))

    while time.monotonic() < deadline:
        body = await call(client, stats, "/api/new", {"mode": "single"})
        while body is not None and not body["view"]["finished"]:
            if time.monotonic() >= deadline:
                return
            game = body["game"]
            body = await call(
                client, stats, "/api/action", {"game": game, "action": {"type": "roll"}}
            )
            await pause()
            if body is not None and rng.random() < 0.1 and body["view"]["can_hint"]:
                body = await call(client, stats, "/api/hint", {"game": body["game"]})
                await pause()
            for _ in range(rng.choice((0, 1, 2))):
                if body is None or not body["view"]["can_roll"]:
                    break
                hold = [i for i in range(5) if rng.random() < 0.5]
                action = {"type": "roll", "hold": hold}
                body = await call(
                    client, stats, "/api/action", {"game": body["game"], "action": action}
                )
                await pause()
            if body is None:
                break
            rows = body["view"]["sides"][0]["boxes"]
            box = max((r for r in rows if r["allowed"]), key=lambda r: r["preview"])["key"]
            action = {"type": "score", "box": box}
            body = await call(
                client, stats, "/api/action", {"game": body["game"], "action": action}
            )
            await pause()
        if body is not None:
            stats.games += 1


async def run_load(base: str, players: int, seconds: float, think: float) -> tuple[Stats, float]:
    stats = Stats()
    start = time.monotonic()
    deadline = start + seconds
    await asyncio.gather(*(player(base, stats, i, deadline, think) for i in range(players)))
    return stats, time.monotonic() - start


def percentile(values: list[float], q: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(q * len(ordered)))]


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--players", type=whole_number(1), default=200)
    parser.add_argument("--seconds", type=seconds(zero=False), default=30.0)
    parser.add_argument(
        "--think", type=seconds(zero=True), default=0.5, help="mean think time per click, s"
    )
    parser.add_argument("--workers", type=whole_number(1), default=2)
    args = parser.parse_args()

    with running_server(workers=args.workers) as (base, pid):
        server_cpu_before = sum(cpu_seconds(p) for p in process_tree(pid))
        client_before = time.process_time()
        stats, elapsed = asyncio.run(run_load(base, args.players, args.seconds, args.think))
        client_cpu = time.process_time() - client_before
        server_cpu = sum(cpu_seconds(p) for p in process_tree(pid)) - server_cpu_before
        pids = process_tree(pid)
        memory = {p: memory_kib(p) for p in pids}
        table = {p: mapped_kib(p, "table-") for p in pids}

    n = len(stats.latencies)
    errors = sum(stats.errors.values())
    print(f"players            {args.players} concurrent, think 0–{2 * args.think:.1f} s per click")
    print(f"duration           {elapsed:.1f} s, {stats.games} games finished")
    print(f"requests           {n} ok, {n / elapsed:.0f} requests/s")
    if n:
        ms = [v * 1000 for v in stats.latencies]
        p50, p95, p99 = (percentile(ms, q) for q in (0.5, 0.95, 0.99))
        print(
            f"latency            p50 {p50:.1f} ms  p95 {p95:.1f} ms  p99 {p99:.1f} ms"
            f"  max {max(ms):.1f} ms  mean {statistics.fmean(ms):.1f} ms"
        )
    if stats.server_ms:
        p50, p95, p99 = (percentile(stats.server_ms, q) for q in (0.5, 0.95, 0.99))
        print(f"server time        p50 {p50:.1f} ms  p95 {p95:.1f} ms  p99 {p99:.1f} ms (app only)")
    print(
        f"CPU                server {server_cpu:.1f} s, this client {client_cpu:.1f} s "
        f"of {2 * elapsed:.0f} core-seconds (client and server share the 2 cores)"
    )
    print(f"errors             {errors} {stats.errors if errors else ''}")
    print("server memory (KiB; Pss counts shared pages once across processes):")
    for p in pids:
        kind = "master" if p == pid else "worker"
        m = memory[p]
        rss, pss = m.get("Rss", 0), m.get("Pss", 0)
        print(f"  {kind:<6} pid {p:<7} Rss {rss:>7}  Pss {pss:>7}  table mapped {table[p]:>6}")
    target = errors == 0 and n > 0 and percentile(stats.latencies, 0.99) <= 0.100
    print(f"target (zero errors, p99 <= 100 ms): {'met' if target else 'NOT met'}")
    return 0 if target else 1


if __name__ == "__main__":
    sys.exit(main())
