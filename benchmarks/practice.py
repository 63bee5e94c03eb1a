"""Time 练习: drawing a round and grading an answer, in-process; and what the generator finds.

A round of 10 is drawn (``draw_round``) and encoded as the API sends it, for ``--rounds`` seeds of
each theme and 混合; a position's time is its round's over 10. Each position is then graded with
the runner-up's answer. The target is 50 ms of server time per position and per grade at p95.
Then, over ``--batches`` batches of simulated games (400 each), how many distinct positions of
each theme pass its test and the 0.5–15 filter per 1,000 games, and their average gap between the
best option and the runner-up. Run: ``.venv/bin/python -m benchmarks.practice``.
"""

from __future__ import annotations

import argparse
import statistics
import sys
import time

from yahtzee.commands._numbers import whole_number
from yahtzee.plain import dumps
from yahtzee.practice.draw import ROUND_SIZE, draw_round, gap, is_real_decision, play_points
from yahtzee.practice.grade import Answer, grade
from yahtzee.practice.themes import THEMES, meets
from yahtzee.practice.views import round_view
from yahtzee.solver import Advisor, load_table
from yahtzee.solver.outlook_store import load_outlook

TARGET_P95_MS = 50.0


def percentile(sorted_ms: list[float], q: float) -> float:
    return sorted_ms[min(len(sorted_ms) - 1, int(q * len(sorted_ms)))]


def main() -> int:
    parser = argparse.ArgumentParser(description=(__doc__ or "").splitlines()[0])
    parser.add_argument("--rounds", type=whole_number(1), default=20)
    parser.add_argument("--batches", type=whole_number(1, 50), default=3)
    args = parser.parse_args()
    table = load_table()
    advisor = Advisor(table)
    outlook = load_outlook(table)
    dumps(round_view(0, None, draw_round(advisor, None, 0)))  # warm-up: compiled code, imports

    per_position: list[float] = []
    grading: list[float] = []
    for theme in (*THEMES, None):
        for seed in range(1, args.rounds + 1):
            started = time.perf_counter()
            drills = draw_round(advisor, theme, seed)
            dumps(round_view(seed, theme, drills))
            per_position.append((time.perf_counter() - started) * 1e3 / ROUND_SIZE)
            for drill in drills:
                runner = drill.advice.options[1]
                answer = Answer(box=runner.box) if runner.keep is None else Answer.hold(runner.keep)
                started = time.perf_counter()
                dumps(grade(advisor, outlook, drill.position, answer))
                grading.append((time.perf_counter() - started) * 1e3)
    print(f"{len(per_position)} rounds of {ROUND_SIZE}, {len(grading)} answers graded (wall ms)")
    ok = True
    for label, ms in (("draw, per position", sorted(per_position)), ("grade", sorted(grading))):
        p95 = percentile(ms, 0.95)
        ok = ok and p95 <= TARGET_P95_MS
        print(
            f"{label:>20}: median {statistics.median(ms):7.3f}  p95 {p95:7.3f}  "
            f"max {ms[-1]:7.3f}  (target p95 <= {TARGET_P95_MS:.0f})"
        )

    found: dict[str, set[tuple[object, ...]]] = {theme.value: set() for theme in THEMES}
    gaps: dict[str, list[float]] = {theme.value: [] for theme in THEMES}
    games = 0
    for batch in range(args.batches):
        points = play_points(1, batch)
        games += points.games
        for theme in THEMES:
            for i in points.prefilter(theme).nonzero()[0].tolist():
                position = points.position(i)
                if position.key in found[theme.value]:
                    continue
                advice = advisor.advise(position.sheet, position.dice, position.rolls_left)
                if is_real_decision(advice) and meets(theme, position, advice):
                    found[theme.value].add(position.key)
                    gaps[theme.value].append(gap(advice) or 0.0)
    print(f"positions found in {games:,} simulated games (普通 and 入门, half each)")
    print(f"{'theme':>16} {'per 1,000 games':>16} {'mean gap':>9}")
    for theme in THEMES:
        count = len(found[theme.value])
        mean = statistics.mean(gaps[theme.value]) if count else float("nan")
        print(f"{theme.value:>16} {count * 1000 / games:16.0f} {mean:9.2f}")
    return 0 if ok else 1


if __name__ == "__main__":
    sys.exit(main())
