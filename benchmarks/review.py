"""Time the post-game review (复盘) of whole games, as the server computes it for /api/review.

Games: a quarter each of random legal vs games and single games (``tests.gameplay.random_game``:
odd holds, early stops, hints) and of games played by the computer players (入门 / 普通 / 高手,
vs and single). Every side of every game is timed twice: ``review_side`` + ``review_json`` (the
review itself), and the whole ``POST /api/review`` through the app in-process (body checks, the
replay of the log, the extra marks of vs games and the JSON answer included), split by mode.
The target is 50 ms per side reviewed. Run: ``.venv/bin/python -m benchmarks.review``.
"""

from __future__ import annotations

import argparse
import random
import statistics
import sys
import time
from collections.abc import Callable
from functools import partial

from fastapi.testclient import TestClient
from tests.gameplay import random_game

from yahtzee.codec import to_json
from yahtzee.commands._numbers import whole_number
from yahtzee.game import Difficulty, First, Game, Mode, Side
from yahtzee.players import get_player
from yahtzee.report import review_json
from yahtzee.review import review_side
from yahtzee.server.app import create_app
from yahtzee.solver import Advisor, Table, load_table

TARGET_MS = 50.0
SIDES = ("player", "computer")


def player_game(table: Table, seed: int, vs: bool) -> Game:
    """A game played by computer players of random strengths (one per side)."""
    rng = random.Random(seed)
    levels = list(Difficulty)
    game = Game.new(Mode.VS, rng.choice(levels), First.RANDOM, rng) if vs else Game.new()
    players = [get_player(rng.choice(levels), table, rng) for _ in range(2)]
    while not game.finished:
        game = game.apply(players[game.current].step(game), rng)
    return game


def review_once(side: Side, advisor: Advisor) -> None:
    """What the /api/review handler computes for one side."""
    review_json(review_side(side, advisor))


def post_once(client: TestClient, body: dict[str, object]) -> None:
    """One whole request to /api/review."""
    client.post("/api/review", json=body).raise_for_status()


def percentile(sorted_ms: list[float], q: float) -> float:
    return sorted_ms[min(len(sorted_ms) - 1, int(q * len(sorted_ms)))]


def timed(run: Callable[[], object], cpu_clock: Callable[[], int]) -> tuple[float, float]:
    """Wall and CPU milliseconds of one call."""
    started, cpu_started = time.perf_counter_ns(), cpu_clock()
    run()
    return (time.perf_counter_ns() - started) / 1e6, (cpu_clock() - cpu_started) / 1e6


def row(label: str, ms: list[float]) -> str:
    ms = sorted(ms)
    return (
        f"{label:>26} {statistics.median(ms):8.2f} {percentile(ms, 0.95):8.2f}"
        f" {percentile(ms, 0.99):8.2f} {ms[-1]:8.2f}"
    )


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=whole_number(1), default=200)
    parser.add_argument("--seed", type=whole_number(0), default=1)
    args = parser.parse_args()

    table = load_table()
    advisor = Advisor(table)
    rng = random.Random(args.seed)
    seeds = [rng.randrange(2**32) for _ in range(args.games)]
    games = [
        random_game(seed, vs=i % 4 == 0) if i % 2 == 0 else player_game(table, seed, i % 4 == 1)
        for i, seed in enumerate(seeds)
    ]
    bodies: list[dict[str, object]] = [
        {"game": to_json(game), "side": side} for game in games for side in SIDES[: len(game.sides)]
    ]
    modes = [game.mode.value for game in games for _ in game.sides]
    decisions = [len(review_side(side, advisor).decisions) for game in games for side in game.sides]

    wall: list[float] = []
    cpu: list[float] = []
    http_wall: dict[str, list[float]] = {"single": [], "vs": []}
    http_cpu: dict[str, list[float]] = {"single": [], "vs": []}
    with TestClient(create_app(table=table)) as client:
        # Warm-up: touch the table's pages and load compiled code once (the first review after
        # a cold start reads the table from disk). The app's start-up has frozen what exists
        # now (these games included) out of the garbage collector's full passes.
        for body in bodies[:20]:
            post_once(client, body)
        for game in games:
            for side in game.sides:
                w, c = timed(partial(review_once, side, advisor), time.thread_time_ns)
                wall.append(w)
                cpu.append(c)
        for body, mode in zip(bodies, modes, strict=True):
            # The app answers on another thread of this process: count the whole process.
            w, c = timed(partial(post_once, client, body), time.process_time_ns)
            http_wall[mode].append(w)
            http_cpu[mode].append(c)

    vs_games = sum(game.mode is Mode.VS for game in games)
    print(
        f"{len(games)} games ({vs_games} vs, {len(games) - vs_games} single; half random, half "
        f"played by the computer players), {len(wall)} sides, "
        f"{statistics.mean(decisions):.1f} decisions per side (max {max(decisions)})"
    )
    # CPU time beside wall time: on a busy machine the wall-clock tail is mostly time spent
    # waiting for a core, not time spent reviewing.
    print(f"{'ms per side':>26} {'median':>8} {'p95':>8} {'p99':>8} {'max':>8}")
    print(row("review_side+json wall", wall))
    print(row("review_side+json cpu", cpu))
    for mode in ("single", "vs"):
        print(row(f"POST {mode} wall", http_wall[mode]))
        print(row(f"POST {mode} cpu", http_cpu[mode]))
    ok = True
    for mode in ("single", "vs"):
        p95 = percentile(sorted(http_wall[mode]), 0.95)
        p95_cpu = percentile(sorted(http_cpu[mode]), 0.95)
        good = p95_cpu <= TARGET_MS
        ok = ok and good
        print(
            f"POST /api/review ({mode}): p95 {p95:.1f} ms wall, {p95_cpu:.1f} ms cpu "
            f"(target <= {TARGET_MS:.0f} ms): {'ok' if good else 'OVER'}"
        )
    return 0 if ok else 1


if __name__ == "__main__":
    sys.exit(main())
