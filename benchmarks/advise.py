"""Time one advisor decision, in-process, over 10,000 random uncached decision points.

Decision points mix every stage of a game (0 to 12 boxes filled, ``yahtzee`` open, 0 or 50, upper
subtotals near the bonus), random dice and random rolls left. The advisor keeps no cache, so each
call computes its turn lattice afresh. Also times the batch kernel, the basis of vectorised
simulation. Run: ``.venv/bin/python benchmarks/advise.py``.
"""

from __future__ import annotations

import argparse
import random
import statistics
import sys
import time

import numpy as np

from yahtzee.commands._numbers import whole_number
from yahtzee.rules import BOXES, POSSIBLE_POINTS, Box, Sheet
from yahtzee.solver import Advisor, load_table

TARGET_MEDIAN_MS = 0.2
TARGET_P99_MS = 1.0
TURNS = len(BOXES)


def random_sheet(rng: random.Random) -> Sheet:
    filled = rng.randrange(TURNS)
    scores: dict[str, int] = {}
    generous = rng.random() < 0.5  # half the sheets chase the upper bonus
    for box in rng.sample(BOXES, filled):
        values = sorted(POSSIBLE_POINTS[box])
        if box.is_upper and generous:
            values = [box.face * n for n in (3, 4, 5)]
        scores[box.value] = rng.choice(values)
    bonus = 0
    if scores.get(Box.YAHTZEE.value) == 50:
        bonus = 100 * rng.choice((0, 0, 1, 2))
    return Sheet.from_scores(scores, bonus)


def percentile(sorted_ms: list[float], q: float) -> float:
    return sorted_ms[min(len(sorted_ms) - 1, int(q * len(sorted_ms)))]


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--points", type=whole_number(1), default=10_000)
    parser.add_argument("--seed", type=whole_number(0), default=1)
    args = parser.parse_args()

    advisor = Advisor(load_table())
    rng = random.Random(args.seed)
    points = [
        (random_sheet(rng), tuple(rng.randint(1, 6) for _ in range(5)), rng.randrange(3))
        for _ in range(args.points)
    ]
    for sheet, dice, rolls_left in points[:200]:  # warm-up: load compiled code, fill caches
        advisor.advise(sheet, dice, rolls_left)

    wall: dict[int, list[float]] = {0: [], 1: [], 2: []}
    cpu: dict[int, list[float]] = {0: [], 1: [], 2: []}
    for sheet, dice, rolls_left in points:
        started, cpu_started = time.perf_counter_ns(), time.thread_time_ns()
        advisor.advise(sheet, dice, rolls_left)
        cpu[rolls_left].append((time.thread_time_ns() - cpu_started) / 1e6)
        wall[rolls_left].append((time.perf_counter_ns() - started) / 1e6)

    print(f"{len(points)} random decision points, one advise() each, in-process, uncached")
    # CPU time is shown beside wall time: on a busy machine the wall-clock tail is mostly
    # time spent waiting for a core, not time spent deciding.
    print(f"{'':>20} {'median':>9} {'p90':>9} {'p99':>9} {'max':>9}  (ms)")
    summary: dict[str, tuple[float, float]] = {}
    for clock, times in (("wall", wall), ("cpu", cpu)):
        every = sorted(t for ts in times.values() for t in ts)
        summary[clock] = (statistics.median(every), percentile(every, 0.99))
        rows = [("all", every)] + [(f"rolls_left={r}", sorted(times[r])) for r in times]
        for label, ms in rows:
            print(
                f"{clock + ' ' + label:>20} {statistics.median(ms):9.4f}"
                f" {percentile(ms, 0.9):9.4f} {percentile(ms, 0.99):9.4f} {ms[-1]:9.4f}"
            )
    median, p99 = summary["wall"]
    print(
        f"wall: median {median:.4f} ms (target <= {TARGET_MEDIAN_MS}), "
        f"p99 {p99:.4f} ms (target <= {TARGET_P99_MS}); "
        f"cpu: median {summary['cpu'][0]:.4f} ms, p99 {summary['cpu'][1]:.4f} ms"
    )

    # The batch kernel: one turn lattice per state, the work a vectorised simulator does per turn.
    table = advisor.table
    sheets = [random_sheet(rng) for _ in range(1000)]
    masks = np.array([s.used_mask for s in sheets])
    uppers = np.array([min(s.upper_subtotal, 63) for s in sheets])
    ys = np.array([int(s.get(Box.YAHTZEE) == 50) for s in sheets])
    table.turn_values(masks[:10], uppers[:10], ys[:10])
    batch_started = time.perf_counter()
    table.turn_values(masks, uppers, ys)
    elapsed = time.perf_counter() - batch_started
    print(
        f"batch kernel: {len(sheets)} turn lattices in {elapsed * 1e3:.1f} ms "
        f"({len(sheets) / elapsed:,.0f} states/s, ~{len(sheets) / elapsed / TURNS:,.0f} "
        "games/s of lattices)"
    )
    return 0 if median <= TARGET_MEDIAN_MS and p99 <= TARGET_P99_MS else 1


if __name__ == "__main__":
    sys.exit(main())
