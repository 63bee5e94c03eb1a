"""``yahtzee solve``: build the optimal-strategy table into the cache and report a new game's value.

With a valid table already cached it only reports it; ``--force`` rebuilds. Progress goes to stderr
(a bar on a terminal, plain lines otherwise); the result goes to stdout. When a table cannot be
saved (the store says why on stderr) the value is still reported and the exit status is 1: the
cache, the point of the command, is not there.
"""

from __future__ import annotations

import argparse
import time
from pathlib import Path

from yahtzee.commands._signals import sigterm_exits
from yahtzee.solver import TableError, build_table, load_table, table_path

HELP = "build the optimal-strategy table (a few seconds) and print a new game's value"


def add_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument(
        "--force", action="store_true", help="rebuild even when a valid table is cached"
    )
    parser.add_argument(
        "--outlook",
        action="store_true",
        help="also build the outlook table behind the reasons of hints and 练习 (under a minute)",
    )
    parser.add_argument(
        "--win",
        action="store_true",
        help="also build the 胜率 (win-probability) tables of 人机对战 (under a minute more)",
    )


def run(args: argparse.Namespace) -> int:
    # ``serve`` stops its background build with SIGTERM: the half-written file is removed.
    with sigterm_exits():
        return _solve(args)


def _solve(args: argparse.Namespace) -> int:
    started = time.perf_counter()
    table = None
    if not args.force:
        try:
            table = load_table(build_if_missing=False)
        except TableError:
            table = None
    if table is None:
        table = build_table(path=table_path())
        how = "solved"
    else:
        how = "already cached, not rebuilt (use --force to rebuild); checked"
    elapsed = time.perf_counter() - started
    print(f"new game: {table.new_game_value:.7f} expected points under optimal play")
    print(f"{how} in {elapsed:.2f} s: {_where(table.path)}")
    saved = table.path is not None
    if args.outlook:
        from yahtzee.solver.outlook_store import load_outlook

        started = time.perf_counter()
        outlook = load_outlook(table)
        done = "built" if outlook.built else "already cached, checked"
        took = time.perf_counter() - started
        print(f"outlook table {done} in {took:.2f} s: {_where(outlook.path)}")
        saved = saved and outlook.path is not None
    if args.win:
        from yahtzee.winprob.tables import load_win_tables

        started = time.perf_counter()
        win = load_win_tables(table)
        done = "built" if win.built else "already cached, checked"
        took = time.perf_counter() - started
        print(f"win-probability tables {done} in {took:.2f} s: {_where(win.path)}")
        saved = saved and win.path is not None
    return 0 if saved else 1


def _where(path: Path | None) -> str:
    return "not saved" if path is None else str(path)
