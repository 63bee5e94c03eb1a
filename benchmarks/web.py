"""The web game's budgets: first-load weight, requests to other hosts, server time per request.

1. Headless Chromium (Debian's, /usr/bin/chromium) opens the page from ``yahtzee serve`` and every
   request it makes is recorded: total bytes of HTML + CSS + JS + assets on first load (target
   <= 150 KB) and how many went to another host (target 0).
2. A client plays whole games over loopback, one request at a time, and reads each answer's
   ``Server-Timing`` header (the app's own time, without the network or the client):
   p50/p95 per action (target p95 <= 10 ms) and per hint (target p95 <= 20 ms).
3. Tables: ``--tables`` games at a table of two (a person and the 高手) and as many at a table of
   four (two people, the 高手 and 普通), the people asking a hint each turn and each person's
   复盘 at the end: p50/p95 of the server time per action, computer step, hint and review, and
   the ratio of four seats to two at p95 (no target: for information). ``--tables-only`` runs
   that alone.

    python -m benchmarks.web --games 150
    python -m benchmarks.web --tables 20 --tables-only
"""

from __future__ import annotations

import argparse
import random
import sys
from typing import Any
from urllib.parse import urlparse

import httpx2 as httpx
from playwright.sync_api import Request, sync_playwright
from tests.browser.support import launch_chromium

from benchmarks._server import running_server
from yahtzee.commands._numbers import whole_number


def page_weight(base: str) -> tuple[int, int, list[str]]:
    """Bytes loaded, requests made, and the URLs of any request to another host."""
    sizes: list[int] = []
    foreign: list[str] = []
    host = urlparse(base).netloc

    with sync_playwright() as p:
        browser = launch_chromium(p)
        page = browser.new_page()

        def finished(request: Request) -> None:
            if urlparse(request.url).netloc not in (host, ""):
                foreign.append(request.url)
            response = request.response()
            if response is not None:
                sizes.append(response.request.sizes()["responseBodySize"])

        page.on("requestfinished", finished)
        page.on("requestfailed", lambda r: foreign.append(r.url) if host not in r.url else None)
        page.goto(base + "/", wait_until="networkidle")
        browser.close()
    return sum(sizes), len(sizes), foreign


def server_ms(response: httpx.Response) -> float:
    timing = response.headers["server-timing"]
    return float(timing.split("dur=")[1])


def percentile(values: list[float], q: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(q * len(ordered)))]


def play(base: str, games: int, seed: int) -> tuple[list[float], list[float], list[float]]:
    """Server times (ms) of actions, hints and computer steps over ``games`` whole games."""
    rng = random.Random(seed)
    actions: list[float] = []
    hints: list[float] = []
    steps: list[float] = []
    with httpx.Client(base_url=base, timeout=30) as client:

        def post(path: str, body: object, into: list[float]) -> dict[str, object]:
            response = client.post(path, json=body)
            response.raise_for_status()
            into.append(server_ms(response))
            data: dict[str, object] = response.json()
            return data

        for n in range(games):
            vs = n % 2 == 1
            lobby = (
                {"mode": "vs", "difficulty": "expert", "first": "me"} if vs else {"mode": "single"}
            )
            body = post("/api/new", lobby, actions)
            while not body["view"]["finished"]:  # type: ignore[index]
                game = body["game"]
                view: Any = body["view"]
                if view["sides"][view["current"]]["player"] != "human":  # a computer's turn
                    body = post("/api/computer", {"game": game}, steps)
                    continue
                body = post("/api/action", {"game": game, "action": {"type": "roll"}}, actions)
                if view["sides"][view["current"]]["hints_left"]:
                    body = post("/api/hint", {"game": body["game"]}, hints)
                if rng.random() < 0.7:
                    hold = [i for i in range(5) if rng.random() < 0.5]
                    action = {"type": "roll", "hold": hold}
                    body = post("/api/action", {"game": body["game"], "action": action}, actions)
                rows = body["view"]["sides"][0]["boxes"]  # type: ignore[index]
                box = max((r for r in rows if r["allowed"]), key=lambda r: r["preview"])["key"]
                action = {"type": "score", "box": box}
                body = post("/api/action", {"game": body["game"], "action": action}, actions)
    return actions, hints, steps


TWO = [{"name": "小明", "player": "human"}, {"name": "高手", "player": "expert"}]
FOUR = [
    {"name": "小明", "player": "human"},
    {"name": "小红", "player": "human"},
    {"name": "高手", "player": "expert"},
    {"name": "普通", "player": "normal"},
]
KINDS = ("action", "computer step", "hint", "review")


def play_tables(
    base: str, seats: list[dict[str, str]], games: int, seed: int
) -> dict[str, list[float]]:
    """Server times (ms) by request kind over ``games`` whole games at a table of ``seats``."""
    rng = random.Random(seed)
    times: dict[str, list[float]] = {kind: [] for kind in KINDS}
    with httpx.Client(base_url=base, timeout=60) as client:

        def post(path: str, body: object, kind: str) -> Any:
            response = client.post(path, json=body)
            response.raise_for_status()
            times[kind].append(server_ms(response))
            return response.json()

        for _ in range(games):
            body = post("/api/new", {"mode": "table", "seats": seats, "first": "random"}, "action")
            while not body["view"]["finished"]:
                game, view = body["game"], body["view"]
                side = view["sides"][view["current"]]
                if side["player"] != "human":
                    body = post("/api/computer", {"game": game}, "computer step")
                    continue
                body = post("/api/action", {"game": game, "action": {"type": "roll"}}, "action")
                if body["view"]["can_hint"]:
                    body = post("/api/hint", {"game": body["game"]}, "hint")
                if rng.random() < 0.7:
                    hold = [i for i in range(5) if rng.random() < 0.5]
                    action = {"type": "roll", "hold": hold}
                    body = post("/api/action", {"game": body["game"], "action": action}, "action")
                rows = body["view"]["sides"][body["view"]["current"]]["boxes"]
                box = max((r for r in rows if r["allowed"]), key=lambda r: r["preview"])["key"]
                action = {"type": "score", "box": box}
                body = post("/api/action", {"game": body["game"], "action": action}, "action")
            for seat, side in enumerate(body["view"]["sides"]):
                if side["player"] == "human":
                    post("/api/review", {"game": body["game"], "seat": seat}, "review")
    return times


def report_tables(base: str, games: int, seed: int) -> None:
    """Per request kind, p50/p95 at two seats and at four, and the ratio at p95. The games
    alternate between the two sizes, so a machine's changing load weighs on both alike."""
    two: dict[str, list[float]] = {kind: [] for kind in KINDS}
    four: dict[str, list[float]] = {kind: [] for kind in KINDS}
    for n in range(games):
        for seats, into in ((TWO, two), (FOUR, four)):
            for kind, times in play_tables(base, seats, 1, seed + n).items():
                into[kind] += times
    print(f"tables of two (person, 高手) and of four (two people, 高手, 普通), {games} games each")
    for kind in KINDS:
        a, b = (percentile(two[kind], q) for q in (0.5, 0.95))
        c, d = (percentile(four[kind], q) for q in (0.5, 0.95))
        print(
            f"  {kind:<14} 2 seats n={len(two[kind]):<5} p50 {a:6.2f} p95 {b:6.2f} ms   "
            f"4 seats n={len(four[kind]):<5} p50 {c:6.2f} p95 {d:6.2f} ms   "
            f"p95 ×{d / b:.2f}"
        )


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=whole_number(1), default=150)
    parser.add_argument("--seed", type=whole_number(0), default=1)
    parser.add_argument(
        "--tables", type=whole_number(0), default=20, help="games at each table size (0: none)"
    )
    parser.add_argument("--tables-only", action="store_true", help="only the tables")
    args = parser.parse_args()

    if args.tables_only:
        with running_server(workers=1) as (base, _pid):
            report_tables(base, args.tables, args.seed)
        return 0
    with running_server(workers=1) as (base, _pid):
        weight, count, foreign = page_weight(base)
        actions, hints, steps = play(base, args.games, args.seed)
        if args.tables:
            report_tables(base, args.tables, args.seed)

    ok = weight <= 150 * 1024 and not foreign
    print(f"first load        {weight / 1024:.1f} KB in {count} requests (target <= 150 KB)")
    print(f"other hosts       {len(foreign)} requests {foreign[:3] if foreign else ''}")
    for name, values, budget in (
        ("action", actions, 10.0),
        ("hint", hints, 20.0),
        ("computer step", steps, 50.0),
    ):
        p50, p95, p99 = (percentile(values, q) for q in (0.5, 0.95, 0.99))
        met = p95 <= budget
        ok = ok and met
        print(
            f"{name:<17} n={len(values):<6} server time p50 {p50:.2f} ms  p95 {p95:.2f} ms"
            f"  p99 {p99:.2f} ms  (p95 target <= {budget:g} ms: {'met' if met else 'NOT met'})"
        )
    return 0 if ok else 1


if __name__ == "__main__":
    sys.exit(main())
