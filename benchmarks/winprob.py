"""Play to win: head-to-head rates, calibration of the win chances, and the 高手's move time.

    .venv/bin/python benchmarks/winprob.py [--games 100000] [--seed 7]

Prints, each line marked ok or MISSED against the targets (exit status 1 when one is missed):

- the baseline: two copies of the EV optimum, ``--games`` games (target 49.66 % wins each,
  0.68 % draws; about ±0.3 points at 100,000 games);
- the play-to-win 高手 against the EV optimum over the same number of games, half started by
  each side, with a 95 % interval (target ≥ 52.0 % wins);
- calibration: the win chance predicted before each of the play-to-win side's turns, in ten bins,
  against the share of those games it won (target: every bin within 2 points);
- the time of a 高手 move through the server's /api/computer (median and p95; target ≤ 50 ms);
- for information, ``--levels`` games against 普通 and against 入门, with the calibration of the
  chances as the page shows them there (the computer valued with its handicap,
  ``yahtzee.winprob.calibration``);
- at a table of three, ``--table`` games of the play-to-win 高手 against two EV optima
  (``yahtzee.players.table``: each seat starts a third of the games): its win share (a shared
  best split evenly) against the fair third, with a 95 % interval, its wins alone, places and
  mean. ``--table-only`` runs that alone.
"""

from __future__ import annotations

import argparse
import math
import random
import statistics
import sys
import time

import numpy as np
from fastapi.testclient import TestClient

from yahtzee.codec import to_json
from yahtzee.commands._numbers import whole_number
from yahtzee.game import Difficulty, First, Game, Mode
from yahtzee.players import EXPERT_EV, get_player, get_policy
from yahtzee.players.simulate import head_to_head
from yahtzee.players.table import interval, play_table
from yahtzee.players.winmax import MatchResult, match_vs_ev
from yahtzee.server import create_app
from yahtzee.solver import load_table

BASELINE = 0.4966
TARGET_WIN = 0.52
CALIBRATION = 0.02
MOVE_MS = 50.0


def _mark(ok: bool) -> str:
    return "ok" if ok else "MISSED"


def _move_times(moves: int) -> list[float]:
    table = load_table()
    rng = random.Random(1)
    client = TestClient(create_app(seed=5, table=table))
    times: list[float] = []
    with client:
        ev = get_player(EXPERT_EV, table, rng)
        while len(times) < moves:
            game = Game.new(Mode.VS, Difficulty.EXPERT, First.RANDOM, rng)
            while not game.finished and len(times) < moves:
                if game.current == 0:
                    game = game.apply(ev.step(game), rng)
                    continue
                started = time.perf_counter()
                body = client.post("/api/computer", json={"game": to_json(game)})
                times.append((time.perf_counter() - started) * 1000)
                assert body.status_code == 200, body.text
                from yahtzee.codec import from_json

                game = from_json(body.json()["game"])
    return times


def _calibration(result: MatchResult, what: str, turns: bool = False) -> float:
    """Print the predicted win chances against the observed, in ten bins; the worst gap."""
    won = (result.outcomes == 1.0).astype(float)
    preds = result.predictions
    observed = np.repeat(won[:, None], preds.shape[1], axis=1)
    p = preds.reshape(-1)
    o = observed.reshape(-1)
    bins = np.clip((p * 10).astype(int), 0, 9)
    print(f"calibration ({what}):")
    print("  bin        turns   predicted  observed   gap")
    worst = 0.0
    for b in range(10):
        sel = bins == b
        if not sel.any():
            continue
        gap = float(o[sel].mean() - p[sel].mean())
        worst = max(worst, abs(gap))
        print(
            f"  {b / 10:.1f}-{(b + 1) / 10:.1f}  {int(sel.sum()):>9,}  {p[sel].mean():>8.2%}  "
            f"{o[sel].mean():>8.2%}  {gap:+.2%}"
        )
    for turn in (0, 4, 8, 12) if turns else ():
        q = preds[:, turn]
        tb = np.clip((q * 10).astype(int), 0, 9)
        gaps = [
            float(won[tb == b].mean() - q[tb == b].mean())
            for b in range(10)
            if (tb == b).sum() >= 200
        ]
        if gaps:
            print(f"  turn {turn + 1:>2}: worst bin gap {max(map(abs, gaps)):.2%}")
        else:
            print(f"  turn {turn + 1:>2}: no bin holds 200 games (too few games)")
    return worst


def _table(games: int, seed: int) -> None:
    """The play-to-win 高手 at a table of three against two EV optima."""
    table = load_table()
    seats = ("expert-win", "expert", "expert")
    play_table(table, seats, 30, seed + 1)  # compile and load before timing
    result = play_table(table, seats, games, seed)
    fair = 1 / len(seats)
    print(f"a table of three: {', '.join(seats)}, {games:,} games, seed {seed}")
    for i, seat in enumerate(result.seats):
        low, high = interval(seat, games)
        places = " / ".join(f"{share:.2%}" for share in seat.places)
        print(
            f"  seat {i} {seat.player}: win share {seat.share:.2%} (95 %: {low:.2%} to "
            f"{high:.2%}; fair {fair:.2%})  alone {seat.win:.2%}  places {places}  "
            f"mean {seat.mean:.2f}"
        )
    print(
        f"  best total shared in {result.draw:.2%} of games; "
        f"{games / result.seconds:,.1f} games per second (no target)"
    )


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=whole_number(1), default=100_000)
    parser.add_argument("--seed", type=whole_number(0), default=7)
    parser.add_argument(
        "--levels",
        type=whole_number(0),
        default=10_000,
        help="games against 普通 and 入门 (0: none)",
    )
    parser.add_argument(
        "--moves",
        type=whole_number(0),
        default=400,
        help="高手 moves timed via the server (0: none)",
    )
    parser.add_argument(
        "--table",
        type=whole_number(0),
        default=20_000,
        help="games at a table of three, the 高手 against two EV optima (0: none)",
    )
    parser.add_argument("--table-only", action="store_true", help="only the table of three")
    args = parser.parse_args()
    if args.table_only:
        _table(args.table, args.seed)
        return 0
    table = load_table()
    missed = 0
    n = args.games
    print(f"{n:,} games each, seed {args.seed}")

    base = head_to_head(get_policy("expert", table), get_policy("expert", table), n, args.seed)
    se = math.sqrt(0.25 / n)
    ok = abs(base.win - BASELINE) <= 3 * se and abs(base.loss - BASELINE) <= 3 * se
    missed += not ok
    print(
        f"EV optimum vs EV optimum: first {base.win:.2%}  draw {base.draw:.2%}  "
        f"second {base.loss:.2%}  (expected 49.66 % / 0.68 %)  {_mark(ok)}"
    )

    match_vs_ev(table, 200, args.seed + 1)  # compile and load before timing
    result = match_vs_ev(table, n, args.seed)
    half = 1.96 * math.sqrt(result.win * (1 - result.win) / n)
    ok = result.win >= TARGET_WIN
    missed += not ok
    print(
        f"play-to-win 高手 vs EV optimum: win {result.win:.2%} ± {half:.2%} (95 %)  "
        f"draw {result.draw:.2%}  loss {result.loss:.2%}  (target ≥ {TARGET_WIN:.0%})  "
        f"{_mark(ok)}"
    )
    print(
        f"  mean totals {result.means[0]:.2f} vs {result.means[1]:.2f}; "
        f"{n / result.seconds:,.0f} games per second"
    )

    worst = _calibration(result, "every turn start of the play-to-win side", turns=True)
    ok = worst <= CALIBRATION
    missed += not ok
    print(f"  worst bin off by {worst:.2%} (target ≤ {CALIBRATION:.0%})  {_mark(ok)}")

    for level in (Difficulty.NORMAL, Difficulty.BEGINNER) if args.levels else ():
        vs = match_vs_ev(table, args.levels, args.seed, level=level)
        print(
            f"play-to-win 高手 vs {level.zh} ({args.levels:,} games), the {level.zh} computer "
            f"valued with its handicap: win {vs.win:.2%}  draw {vs.draw:.2%}"
        )
        worst = _calibration(vs, f"the 胜率 against {level.zh}")
        print(f"  worst bin off by {worst:.2%} (no target)")

    if args.table:
        _table(args.table, args.seed)
    if not args.moves:
        print("高手 move time: not measured (--moves 0)")
        return 1 if missed else 0
    times = _move_times(args.moves)
    times.sort()
    median = statistics.median(times)
    p95 = times[int(0.95 * (len(times) - 1))]
    ok = p95 <= MOVE_MS
    missed += not ok
    print(
        f"高手 move via /api/computer: median {median:.1f} ms  p95 {p95:.1f} ms over "
        f"{len(times)} moves (target ≤ {MOVE_MS:.0f} ms)  {_mark(ok)}"
    )
    return 1 if missed else 0


if __name__ == "__main__":
    sys.exit(main())
