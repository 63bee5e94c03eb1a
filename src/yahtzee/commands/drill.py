"""``yahtzee drill``: positions of 练习 from the command line.

::

    yahtzee drill [--theme KEY|mixed] [--count N] [--seed S] [--json]
    yahtzee drill --themes

Draws ``--count`` positions of a theme (or 混合) from ``--seed`` exactly as the page's rounds
are drawn (the same seed gives the same positions), and prints each: its theme, the filled
boxes, the dice, the rolls left, the options best first with their expected final totals, and
why the best beats the runner-up in one sentence. ``--json`` prints one object per line:
``{"theme", "sheet", "yahtzee_bonus", "dice", "rolls_left", "options", "best", "reason"}``, the
options, ``best`` and ``reason`` as ``yahtzee advise --json`` writes them. ``--themes`` lists the
keys and their Chinese names. Exit status 2 with one line on stderr for bad arguments.
"""

from __future__ import annotations

import argparse
import json
import random

from yahtzee.coaching import reason_for
from yahtzee.commands._numbers import whole_number
from yahtzee.practice.draw import MAX_COUNT, MAX_SEED, ROUND_SIZE, Drill, draw_round
from yahtzee.practice.themes import MIXED, Theme
from yahtzee.practice.views import drill_json, theme_terms
from yahtzee.solver import Advisor, load_table
from yahtzee.solver.outlook_store import Outlook, load_outlook
from yahtzee.words import option_words

HELP = "draw practice positions (练习) with every option's expected final total"
SHOWN = 5
"""Options printed per position (all of them with --json)."""


def _theme(text: str) -> Theme | None:
    try:
        return Theme.parse(text)
    except ValueError as error:
        raise argparse.ArgumentTypeError(str(error)) from None


def add_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument(
        "--theme", type=_theme, default=None, metavar="KEY", help="a theme key, or mixed"
    )
    parser.add_argument(
        "--count",
        type=whole_number(1, MAX_COUNT),
        default=ROUND_SIZE,
        help=f"positions to draw, at most {MAX_COUNT}",
    )
    parser.add_argument(
        "--seed",
        type=whole_number(0, MAX_SEED),
        default=None,
        help="the round's seed (random when left out; printed first)",
    )
    parser.add_argument("--json", action="store_true", help="one JSON object per position")
    parser.add_argument("--themes", action="store_true", help="list the theme keys and names")


def reason_text(outlook: Outlook, drill: Drill) -> str:
    """Why the drill's best option beats the runner-up (``coaching.reason_for``)."""
    position = drill.position
    sheet, dice, rolls_left = position.sheet, position.dice, position.rolls_left
    return reason_for(outlook, sheet, dice, rolls_left, drill.advice).text


def _text(number: int, drill: Drill, reason: str) -> str:
    position = drill.position
    sheet = " ".join(f"{k}={v}" for k, v in position.sheet.scores().items()) or "(empty)"
    if position.sheet.yahtzee_bonus:
        sheet += f" yahtzee_bonus={position.sheet.yahtzee_bonus}"
    lines = [
        f"#{number} {drill.theme.value} {drill.theme.zh}",
        f"  sheet: {sheet}",
        f"  dice: {' '.join(map(str, position.dice))}  rolls left: {position.rolls_left}",
    ]
    for option in drill.advice.options[:SHOWN]:
        lines.append(f"  {option.ev:9.2f}  {option_words(option)}")
    lines.append(f"  reason: {reason}")
    return "\n".join(lines)


def run(args: argparse.Namespace) -> int:
    if args.themes:
        for term in theme_terms():
            print(f"{term.key}\t{term.name}")
        return 0
    seed = random.SystemRandom().randint(0, MAX_SEED) if args.seed is None else args.seed
    table = load_table()
    drills = draw_round(Advisor(table), args.theme, seed, args.count)
    outlook = load_outlook(table)
    if args.json:
        for drill in drills:
            line = {**drill_json(drill), "reason": reason_text(outlook, drill)}
            print(json.dumps(line, ensure_ascii=False))
        return 0
    theme = MIXED if args.theme is None else args.theme.value
    print(f"seed {seed}, theme {theme}")
    for number, drill in enumerate(drills, 1):
        print(_text(number, drill, reason_text(outlook, drill)))
    return 0
