"""Time the outlook table (the reasons' quantities): its build, its size, and a reason per hint.

1. The build from the solver table (``outlook.compute``), twice in this process: the first call
   includes loading the compiled kernels; the size is the file's (``outlook_store``).
2. ``--points`` random decision points of every stage (as ``benchmarks/advise.py`` draws them):
   the advice alone, then the advice and its reason (``coaching.reason_for``), as a hint computes
   them, in wall and CPU milliseconds. The hint's budget is 20 ms of server time at p95.

Run: ``.venv/bin/python -m benchmarks.outlook``.
"""

from __future__ import annotations

import argparse
import random
import statistics
import sys
import time

from benchmarks.advise import percentile, random_sheet
from yahtzee.coaching import reason_for
from yahtzee.commands._numbers import whole_number
from yahtzee.solver import Advisor, load_table
from yahtzee.solver.outlook import compute
from yahtzee.solver.outlook_store import HEADER_SIZE, load_outlook

TARGET_P95_MS = 20.0


def main() -> int:
    parser = argparse.ArgumentParser(description=(__doc__ or "").splitlines()[0])
    parser.add_argument("--points", type=whole_number(1), default=5_000)
    parser.add_argument("--seed", type=whole_number(0), default=1)
    parser.add_argument("--no-build", action="store_true", help="skip timing the build")
    args = parser.parse_args()

    table = load_table()
    if not args.no_build:
        for label in ("first build (kernels loaded)", "build"):
            started, cpu_started = time.perf_counter(), time.process_time()
            parts = compute(table.values)
            took, used = time.perf_counter() - started, time.process_time() - cpu_started
            print(f"{label:<30} {took:6.1f} s wall, {used:6.1f} s CPU (both cores)")
        size = HEADER_SIZE + parts.size * 4
        print(
            f"{'file size':<30} {size / 1e6:6.1f} MB ({parts.shape[0]} states x {parts.shape[1]})"
        )

    advisor = Advisor(table)
    outlook = load_outlook(table)
    rng = random.Random(args.seed)
    points = [
        (random_sheet(rng), tuple(rng.randint(1, 6) for _ in range(5)), rng.randrange(3))
        for _ in range(args.points)
    ]
    for sheet, dice, rolls_left in points[:100]:  # warm-up
        reason_for(outlook, sheet, dice, rolls_left, advisor.advise(sheet, dice, rolls_left))
    times: dict[str, tuple[list[float], list[float]]] = {"advice": ([], []), "+ reason": ([], [])}
    for sheet, dice, rolls_left in points:
        begun, begun_cpu = time.perf_counter_ns(), time.thread_time_ns()
        advice = advisor.advise(sheet, dice, rolls_left)
        mid, mid_cpu = time.perf_counter_ns(), time.thread_time_ns()
        reason_for(outlook, sheet, dice, rolls_left, advice)
        end, end_cpu = time.perf_counter_ns(), time.thread_time_ns()
        times["advice"][0].append((mid - begun) / 1e6)
        times["advice"][1].append((mid_cpu - begun_cpu) / 1e6)
        times["+ reason"][0].append((end - begun) / 1e6)
        times["+ reason"][1].append((end_cpu - begun_cpu) / 1e6)
    print(f"{len(points)} random decision points, in-process (ms)")
    print(f"{'':>16} {'median':>8} {'p95':>8} {'p99':>8}   {'cpu p95':>8}")
    ok = True
    for label, (wall_ms, cpu_ms) in times.items():
        wall_ms.sort()
        cpu_ms.sort()
        p95 = percentile(wall_ms, 0.95)
        print(
            f"{label:>16} {statistics.median(wall_ms):8.3f} {p95:8.3f} "
            f"{percentile(wall_ms, 0.99):8.3f}   {percentile(cpu_ms, 0.95):8.3f}"
        )
        ok = ok and p95 <= TARGET_P95_MS
    print(f"target: advice + reason p95 <= {TARGET_P95_MS:.0f} ms: {'met' if ok else 'NOT met'}")
    return 0 if ok else 1


if __name__ == "__main__":
    sys.exit(main())
