"""Calibrate and time the computer players: 10,000 seeded games per level, and head to head.

    .venv/bin/python benchmarks/simulate.py [--games 10000] [--seed 7]

For each level it prints the mean ± standard deviation of the totals and the games per second
(after a warm-up, so numba's compile is not timed; the best of ``REPEATS`` runs of the same games,
since other processes share the cores), then the head-to-head win rates, each line marked ok or
MISSED against the project's targets. The exit status is 1 when a target is missed.
The figures in docs/strength.md come from ``yahtzee simulate`` with the same seed, which plays the
same games.
"""

from __future__ import annotations

import argparse
import sys

from yahtzee.commands._numbers import whole_number
from yahtzee.game import Difficulty
from yahtzee.players import LEVELS, get_policy
from yahtzee.players.simulate import head_to_head, simulate
from yahtzee.solver import load_table

# Target bands of the mean total over 10,000 solitaire games, and throughput floors (games/s).
MEANS = {
    Difficulty.BEGINNER: (170.0, 190.0),
    Difficulty.NORMAL: (215.0, 230.0),
    Difficulty.EXPERT: (254.5877 - 1.5, 254.5877 + 1.5),
}
SPEED = {Difficulty.BEGINNER: 5_000, Difficulty.NORMAL: 5_000, Difficulty.EXPERT: 1_000}
# (stronger, weaker, lowest share of games the stronger side must win)
REPEATS = 3
MATCHES = (
    (Difficulty.EXPERT, Difficulty.NORMAL, 0.60),
    (Difficulty.NORMAL, Difficulty.BEGINNER, 0.65),
)


def _mark(ok: bool) -> str:
    return "ok" if ok else "MISSED"


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=whole_number(1), default=10_000)
    parser.add_argument("--seed", type=whole_number(0), default=7)
    args = parser.parse_args()
    table = load_table()
    missed = 0
    print(f"{args.games:,} solitaire games per level, seed {args.seed}")
    for level in LEVELS:
        policy = get_policy(level, table)
        simulate(policy, 200, seed=args.seed + 1)  # warm-up: compile and fault in the table
        summary = simulate(policy, args.games, seed=args.seed)
        speed = max(
            summary.games_per_second,
            *(simulate(policy, args.games, args.seed).games_per_second for _ in range(REPEATS - 1)),
        )
        low, high = MEANS[level]
        mean_ok = low <= summary.mean <= high
        speed_ok = speed >= SPEED[level]
        missed += (not mean_ok) + (not speed_ok)
        print(
            f"  {level.zh} {level.value:<8} mean {summary.mean:7.2f} ± {summary.std:5.2f} "
            f"(target {low:g}–{high:g}: {_mark(mean_ok)})  "
            f"{speed:8,.0f} games/s (≥ {SPEED[level]:,}: {_mark(speed_ok)})"
        )
    print(f"head to head, {args.games:,} games each, seed {args.seed}")
    for strong, weak, floor in MATCHES:
        match = head_to_head(
            get_policy(strong, table), get_policy(weak, table), args.games, args.seed
        )
        ok = match.win >= floor
        missed += not ok
        print(
            f"  {strong.value} vs {weak.value}: win {match.win:.2%} draw {match.draw:.2%} "
            f"loss {match.loss:.2%} (win ≥ {floor:.0%}: {_mark(ok)})"
        )
    return 1 if missed else 0


if __name__ == "__main__":
    sys.exit(main())
