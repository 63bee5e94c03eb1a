"""``yahtzee simulate``: play many games with a computer player and print how strong it is.

::

    yahtzee simulate --player expert --games 10000 --seed 7 [--vs normal] [--json]
    yahtzee simulate --table expert-win,normal,beginner --games 10000 [--json]

Prints the mean, standard deviation and quartiles of the totals, P(upper bonus), P(50 in
``yahtzee``), the mean Yahtzee bonus, each box's mean and the games per second; with ``--vs``
also the other side's figures and the wins, draws and losses of ``--player``. ``--table`` plays
tables of 2 to 4 computers (``yahtzee.players.table``; ``expert`` the EV optimum, ``expert-win``
the play-to-win 高手, every seat starting as often) and prints each seat's mean, its win share
(a shared best split evenly, with its 95 % interval), its wins alone and how often it took each
place. ``--json`` prints one object instead. A progress bar goes to stderr when stderr is a
terminal. Exit status 2 with one line on stderr for bad arguments.
"""

from __future__ import annotations

import argparse
import json
import sys

from yahtzee.commands._numbers import whole_number
from yahtzee.commands._on_record import level
from yahtzee.errors import MalformedError
from yahtzee.game import MAX_SEATS, Difficulty
from yahtzee.players import get_policy
from yahtzee.players.simulate import Match, Summary, head_to_head, simulate
from yahtzee.rules import BOXES

HELP = "simulate many games of a computer player and print its strength"


MAX_GAMES = 10_000_000
"""About a quarter of an hour at the slowest pairing; a typo's extra zeros should not be days."""


EXPERT_WIN = "expert-win"
"""Key of the play-to-win 高手 (``yahtzee.players.winmax``); it plays only against expert."""


def _level(text: str) -> Difficulty | str:
    if text == EXPERT_WIN:
        return text
    return level(text, also=f", {EXPERT_WIN}")


def add_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument(
        "--player",
        type=_level,
        default=Difficulty.EXPERT,
        help="beginner, normal, expert, or expert-win (plays to win; only against expert)",
    )
    parser.add_argument(
        "--games",
        type=whole_number(1, MAX_GAMES),
        default=10_000,
        help=f"games to play, at most {MAX_GAMES:,}",
    )
    parser.add_argument("--seed", type=whole_number(0), default=7, help="random seed")
    parser.add_argument(
        "--vs", type=_level, help="play head to head against this player (same choices)"
    )
    parser.add_argument(
        "--table",
        type=_table,
        help="a table of 2 to 4 computers, comma-separated (beginner, normal, expert, expert-win)",
    )
    parser.add_argument("--json", action="store_true", help="print one JSON object")


def _table(text: str) -> tuple[str, ...]:
    """An argparse ``type``: 2 to 4 computers, comma-separated."""
    keys = tuple(part.strip() for part in text.split(","))
    for key in keys:
        _level(key)  # one parse and one 'unknown player' message
    if not 2 <= len(keys) <= MAX_SEATS:
        raise argparse.ArgumentTypeError(
            f"a table has 2 to {MAX_SEATS} seats, got {len(keys)}: {text!r}"
        )
    return keys


def _run_table(args: argparse.Namespace) -> int:
    from yahtzee.players.table import interval, play_table
    from yahtzee.solver import StderrProgress, load_table

    if args.vs is not None:
        raise MalformedError("--table plays a table of its own: leave out --vs")
    tty = sys.stderr.isatty()
    progress = StderrProgress(label=f"simulating {','.join(args.table)}") if tty else None
    result = play_table(load_table(progress=tty), args.table, args.games, args.seed,
                        progress=progress)  # fmt: skip
    if args.json:
        seats = [
            {"seat": i, "player": o.player, "mean": o.mean, "win": o.win, "share": o.share,
             "share_interval": list(interval(o, result.games)), "places": list(o.places)}
            for i, o in enumerate(result.seats)
        ]  # fmt: skip
        out = {"table": list(args.table), "seed": args.seed, "games": result.games,
               "draw": result.draw, "seats": seats}  # fmt: skip
        print(json.dumps(out))
        return 0
    print(f"seed {args.seed}")
    print(f"a table of {len(result.seats)}: {result.games:,} games, every seat starting as often")
    fair = 1 / len(result.seats)
    for i, o in enumerate(result.seats):
        low, high = interval(o, result.games)
        places = "  ".join(f"{k + 1}: {share:.2%}" for k, share in enumerate(o.places))
        print(
            f"  seat {i} {o.player}: mean {o.mean:.2f}  win share {o.share:.2%} "
            f"({low:.2%} to {high:.2%}; fair {fair:.2%})  alone {o.win:.2%}  places {places}"
        )
    print(f"  best total shared in {result.draw:.2%} of games")
    print(f"{result.games / result.seconds:,.0f} games per second")
    return 0


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
    """expert-win against expert, in either order: the play-to-win 高手 against the EV optimum,
    reported from the side of ``--player``."""
    from yahtzee.players.winmax import match_vs_ev
    from yahtzee.solver import StderrProgress, load_table

    if args.vs is None:
        raise MalformedError(f"{EXPERT_WIN} plays only against expert: add --vs expert")
    player, opponent = str(args.player), str(args.vs)
    other = opponent if player == EXPERT_WIN else player
    if other != Difficulty.EXPERT:
        raise MalformedError(f"{EXPERT_WIN} plays only against expert, not {other}")
    tty = sys.stderr.isatty()
    progress = StderrProgress(label=f"simulating {player} vs {opponent}") if tty else None
    result = match_vs_ev(load_table(progress=tty), args.games, args.seed, progress=progress)
    # One match, two ways to tell it: the same seed gives the same games either way round.
    win, loss, mean, opponent_mean = result.win, result.loss, *result.means
    if player != EXPERT_WIN:
        win, loss, mean, opponent_mean = loss, win, opponent_mean, mean
    if args.json:
        out = {"player": player, "vs": opponent, "seed": args.seed, "games": result.games,
               "win": win, "draw": result.draw, "loss": loss,
               "mean": mean, "opponent_mean": opponent_mean}  # fmt: skip
        print(json.dumps(out))
    else:
        print(f"seed {args.seed}")
        print(
            f"{player} against {opponent}: win {win:.2%}  draw {result.draw:.2%}  "
            f"loss {loss:.2%} over {result.games:,} games (each side starts half)"
        )
        print(f"  mean totals {mean:.2f} vs {opponent_mean:.2f}")
        print(f"{result.games / result.seconds:,.0f} games per second")
    return 0


def run(args: argparse.Namespace) -> int:
    from yahtzee.solver import StderrProgress, load_table

    if args.table is not None:
        return _run_table(args)
    if EXPERT_WIN in (args.player, args.vs):
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
