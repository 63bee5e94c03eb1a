"""``yahtzee advise``: every option at a decision point, best first, from the optimal strategy.

One query from the options::

    yahtzee advise --dice 2 3 4 5 5 --rolls-left 2 --scores ones=3,sixes=18,yahtzee=50 [--json]

or many, one JSON object per line (``--batch FILE``, ``-`` for stdin)::

    {"dice": [2, 3, 4, 5, 5], "rolls_left": 2, "scores": {"ones": 3, "yahtzee_bonus": 100}}

Each answer is ``{"options": [...], "best": <first option>}`` where an option is
``{"keep": [...], "ev": …}`` (a keep of all five also has ``"box"`` and ``"points"``: stop and score
there) or ``{"box": key, "points": n, "ev": …}``; ``ev`` is the expected final total.

Exit status: 0 on success; 2 with one line on stderr for bad input (dice, rolls left, scores, a full
sheet). In batch mode a bad query answers ``{"error": "…"}`` on its line and the batch goes on: the
status is 0 whenever the batch ran, 2 only if the file could not be read.
"""

from __future__ import annotations

import argparse
import json
import sys
from collections.abc import Iterable, Mapping
from typing import TextIO

from yahtzee.errors import MalformedError, YahtzeeError
from yahtzee.rules import Sheet, check_dice
from yahtzee.solver import Advice, Advisor, Option, load_table
from yahtzee.solver.advisor import check_rolls_left

HELP = "list every option at a decision point with its expected final total, best first"

BONUS_KEY = "yahtzee_bonus"
QUERY_KEYS = frozenset({"dice", "rolls_left", "scores"})


def add_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("--dice", nargs="+", type=int, metavar="D", help="the five dice")
    parser.add_argument("--rolls-left", type=int, default=0, help="rolls left: 0, 1 or 2")
    parser.add_argument(
        "--scores",
        default="",
        help="filled boxes as box=points,… (yahtzee_bonus=100 allowed); none for a new sheet",
    )
    parser.add_argument("--json", action="store_true", help="answer in JSON")
    parser.add_argument(
        "--batch", metavar="FILE", help="JSON queries, one per line (- for stdin); JSON answers"
    )


def sheet_from_scores(scores: Mapping[str, object]) -> Sheet:
    """A sheet from ``{box: points}`` plus an optional ``yahtzee_bonus``; MalformedError if bad."""
    boxes: dict[str, int] = {}
    for key, value in scores.items():
        if key != BONUS_KEY:
            if type(value) is not int:
                raise MalformedError(f"points must be a whole number, got {key}={value!r}")
            boxes[key] = value
    bonus = scores.get(BONUS_KEY, 0)
    if type(bonus) is not int:
        raise MalformedError(f"yahtzee_bonus must be a multiple of 100, got {bonus!r}")
    return Sheet.from_scores(boxes, bonus)


def parse_scores(text: str) -> Sheet:
    """A sheet from ``"ones=3,sixes=18,yahtzee=50"``; MalformedError naming the bad item."""
    scores: dict[str, object] = {}
    for item in (part.strip() for part in text.split(",")):
        if not item:
            continue
        key, sep, value = item.partition("=")
        key = key.strip()
        if not sep or not key:
            raise MalformedError(f"scores are box=points, got {item!r}")
        try:
            points = int(value)
        except ValueError:
            raise MalformedError(f"points must be a whole number, got {item!r}") from None
        if key in scores:
            raise MalformedError(f"box {key!r} given twice in {text!r}")
        scores[key] = points
    return sheet_from_scores(scores)


def answer(advisor: Advisor, query: object) -> dict[str, object]:
    """The JSON answer to one batch query (a decoded JSON value); raises YahtzeeError if bad."""
    if not isinstance(query, dict):
        raise MalformedError(f"a query is a JSON object, got {query!r}")
    missing = sorted(QUERY_KEYS - query.keys())
    extra = sorted(query.keys() - QUERY_KEYS)
    if missing or extra:
        faults = [f"missing {missing}"] * bool(missing) + [f"unknown {extra}"] * bool(extra)
        raise MalformedError(
            f"a query has exactly dice, rolls_left, scores: {', '.join(faults)} in {query!r}"
        )
    scores = query["scores"]
    if not isinstance(scores, dict):
        raise MalformedError(f"scores must be an object of box: points, got {scores!r}")
    sheet = sheet_from_scores(scores)
    return advisor.advise(
        sheet, check_dice(query["dice"]), check_rolls_left(query["rolls_left"])
    ).to_json()


def run_batch(advisor: Advisor, lines: Iterable[str], out: TextIO) -> None:
    """Answer each non-blank line; a bad line gets ``{"error": …}`` and the batch goes on."""
    for number, line in enumerate(lines, start=1):
        if not line.strip():
            continue
        try:
            try:
                query = json.loads(line)
            except ValueError:
                raise MalformedError(f"line {number} is not JSON: {line.strip()!r}") from None
            result: dict[str, object] = answer(advisor, query)
        except YahtzeeError as error:
            result = {"error": str(error)}
        out.write(json.dumps(result) + "\n")
        out.flush()


def _keep_text(option: Option) -> str:
    if option.keep is None:
        return ""
    return " ".join(map(str, option.keep)) if option.keep else "(none)"


def render(advice: Advice, dice: tuple[int, ...], rolls_left: int, sheet: Sheet) -> str:
    """A short aligned table: the best option first, boxes in Chinese and English."""
    head = f"dice {' '.join(map(str, dice))}, {rolls_left} rolls left, sheet total {sheet.total}"
    rows = [head, f"  {'keep':<11}{'box':<24}{'points':>6}  {'expected total':>14}"]
    for i, option in enumerate(advice.options):
        box = f"{option.box.zh} {option.box.value}" if option.box is not None else ""
        # Every Chinese box name is two characters, so a fixed pad keeps the columns aligned.
        box_cell = box + " " * (22 - len(box)) if box else " " * 24
        points = "" if option.points is None else str(option.points)
        marker = "*" if i == 0 else " "
        rows.append(f"{marker} {_keep_text(option):<11}{box_cell}{points:>6}  {option.ev:>14.4f}")
    return "\n".join(rows)


def run(args: argparse.Namespace) -> int:
    if args.batch is not None:
        if args.dice is not None:
            raise MalformedError("give either --batch or --dice, not both")
        advisor = Advisor(load_table())
        if args.batch == "-":
            run_batch(advisor, sys.stdin, sys.stdout)
            return 0
        try:
            with open(args.batch, encoding="utf-8") as lines:
                run_batch(advisor, lines, sys.stdout)
        except OSError as error:
            raise MalformedError(
                f"cannot read batch file {args.batch!r}: {error.strerror}"
            ) from None
        return 0
    if args.dice is None:
        raise MalformedError("give the dice with --dice D D D D D, or queries with --batch")
    dice = check_dice(args.dice)
    rolls_left = check_rolls_left(args.rolls_left)
    sheet = parse_scores(args.scores)
    advice = Advisor(load_table()).advise(sheet, dice, rolls_left)
    if args.json:
        print(json.dumps(advice.to_json()))
    else:
        print(render(advice, dice, rolls_left, sheet))
    return 0
