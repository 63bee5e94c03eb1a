"""``yahtzee simulate``: play many games with a computer player and print how strong it is.

::

    yahtzee simulate --player expert --games 10000 --seed 7 [--vs normal] [--json]

Prints the mean, standard deviation and quartiles of the totals, P(upper bonus), P(50 in
``yahtzee``), the mean Yahtzee bonus, each box's mean and the games per second; with ``--vs``
also the other side's figures and the wins, draws and losses of ``--player``. ``--json`` prints
one object instead. A progress bar goes to stderr when stderr is a terminal. Exit status 2 with
one line on stderr for bad arguments.
"""

from __future__ import annotations

import argparse
import json
import sys

from yahtzee.game import Difficulty
from yahtzee.players import get_policy, parse_difficulty
from yahtzee.players.simulate import Match, Summary, head_to_head, simulate
from yahtzee.rules import BOXES

HELP = "simulate many games of a computer player and print its strength"


def _positive(text: str) -> int:
    try:
        value = int(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"expected a whole number, got {text!r}") from None
    if value <= 0:
        raise argparse.ArgumentTypeError(f"must be at least 1, got {value}")
    return value


def _seed(text: str) -> int:
    try:
        value = int(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"expected a whole number, got {text!r}") from None
    if value < 0:
        raise argparse.ArgumentTypeError(f"must not be negative, got {value}")
    return value


EXPERT_WIN = "expert-win"
"""``--player`` key of the play-to-win 高手 (``yahtzee.players.winmax``); only ``--vs expert``."""


def _level(text: str) -> Difficulty | str:
    if text == EXPERT_WIN:
        return text
    try:
        return parse_difficulty(text)
    except ValueError as error:
        raise argparse.ArgumentTypeError(str(error)) from None


def add_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument(
        "--player",
        type=_level,
        default=Difficulty.EXPERT,
        help="beginner, normal, expert, or expert-win (plays to win; with --vs expert)",
    )
    parser.add_argument("--games", type=_positive, default=10_000, help="games to play")
    parser.add_argument("--seed", type=_seed, default=7, help="random seed (default 7)")
    parser.add_argument("--vs", type=_level, help="play head to head against this player")
    parser.add_argument("--json", action="store_true", help="print one JSON object")


def summary_json(summary: Summary) -> dict[str, object]:
    return {
        "games": summary.games,
        "mean": summary.mean,
        "std": summary.std,
        "quartiles": list(summary.quartiles),
        "p_upper_bonus": summary.p_upper_bonus,
        "p_yahtzee": summary.p_yahtzee,
        "mean_yahtzee_bonus": summary.mean_yahtzee_bonus,
        "box_means": {box.value: summary.box_means[box] for box in BOXES},
        "games_per_second": summary.games_per_second,
    }


def _describe(level: Difficulty, summary: Summary) -> list[str]:
    q1, median, q3 = summary.quartiles
    boxes = "  ".join(f"{box.value} {summary.box_means[box]:.2f}" for box in BOXES)
    return [
        f"{level.zh} ({level.value}): {summary.games:,} games",
        f"  mean {summary.mean:.2f}  std {summary.std:.2f}  quartiles {q1:g} / {median:g} / {q3:g}",
        f"  P(upper bonus) {summary.p_upper_bonus:.2%}  P(Yahtzee 50) {summary.p_yahtzee:.2%}  "
        f"mean Yahtzee bonus {summary.mean_yahtzee_bonus:.2f}",
        f"  box means: {boxes}",
    ]


def _run_win(args: argparse.Namespace) -> int:
    """``--player expert-win --vs expert``: the play-to-win 高手 against the EV optimum."""
    from yahtzee.players.winmax import match_vs_ev
    from yahtzee.solver import StderrProgress, load_table

    if args.vs is not Difficulty.EXPERT:
        print("yahtzee simulate: --player expert-win needs --vs expert", file=sys.stderr)
        return 2
    tty = sys.stderr.isatty()
    progress = StderrProgress(label="simulating expert-win vs expert") if tty else None
    result = match_vs_ev(load_table(progress=tty), args.games, args.seed, progress=progress)
    if args.json:
        out = {"player": EXPERT_WIN, "vs": "expert", "seed": args.seed, "games": result.games,
               "win": result.win, "draw": result.draw, "loss": result.loss,
               "mean": result.means[0], "opponent_mean": result.means[1]}  # fmt: skip
        print(json.dumps(out))
    else:
        print(f"seed {args.seed}")
        print(
            f"expert-win against expert: win {result.win:.2%}  draw {result.draw:.2%}  "
            f"loss {result.loss:.2%} over {result.games:,} games (each side starts half)"
        )
        print(f"  mean totals {result.means[0]:.2f} vs {result.means[1]:.2f}")
        print(f"{result.games / result.seconds:,.0f} games per second")
    return 0


def run(args: argparse.Namespace) -> int:
    from yahtzee.solver import StderrProgress, load_table

    if args.player == EXPERT_WIN:
        return _run_win(args)

    player: Difficulty = args.player
    opponent: Difficulty | None = args.vs
    tty = sys.stderr.isatty()
    needs_table = Difficulty.EXPERT in (player, opponent)
    table = load_table(progress=tty) if needs_table else None
    label = player.value if opponent is None else f"{player.value} vs {opponent.value}"
    progress = StderrProgress(label=f"simulating {label}") if tty else None
    if opponent is None:
        summary = simulate(get_policy(player, table), args.games, args.seed, progress=progress)
        if args.json:
            out = {"player": player.value, "seed": args.seed, **summary_json(summary)}
            print(json.dumps(out))
        else:
            print(f"seed {args.seed}")
            print("\n".join(_describe(player, summary)))
            print(f"{summary.games_per_second:,.0f} games per second")
        return 0
    match: Match = head_to_head(
        get_policy(player, table),
        get_policy(opponent, table),
        args.games,
        args.seed,
        progress=progress,
    )
    if args.json:
        out = {
            "player": player.value,
            "vs": opponent.value,
            "seed": args.seed,
            **summary_json(match.first),
            "win": match.win,
            "draw": match.draw,
            "loss": match.loss,
            "opponent": summary_json(match.second),
        }
        print(json.dumps(out))
    else:
        print(f"seed {args.seed}")
        print("\n".join(_describe(player, match.first)))
        print("\n".join(_describe(opponent, match.second)))
        print(
            f"{player.value} against {opponent.value}: win {match.win:.2%}  "
            f"draw {match.draw:.2%}  loss {match.loss:.2%}"
        )
        print(f"{match.first.games_per_second:,.0f} games per second")
    return 0
