"""``yahtzee advise``: every option at a decision point, best first, from the optimal strategy.

One query from the options::

    yahtzee advise --dice 2 3 4 5 5 --rolls-left 2 --scores ones=3,sixes=18,yahtzee=50 [--json]

or many, one JSON object per line (``--batch FILE``, ``-`` for stdin)::

    {"dice": [2, 3, 4, 5, 5], "rolls_left": 2, "scores": {"ones": 3, "yahtzee_bonus": 100}}

Each answer is ``{"options": [...], "best": <first option>, "reason": "…"}`` where an option is
``{"keep": [...], "ev": …}`` (a keep of all five also has ``"box"`` and ``"points"``: stop and score
there) or ``{"box": key, "points": n, "ev": …}``; ``ev`` is the expected final total, and
``reason`` one Chinese sentence saying why the best option beats the runner-up
(``yahtzee.coaching``). The table printed without ``--json`` ends with that sentence.

Exit status: 0 on success; 2 with one line on stderr for bad input (dice, rolls left, scores, a full
sheet). In batch mode a bad query answers ``{"error": "…"}`` on its line and the batch goes on: the
status is 0 whenever the batch ran, 2 only if the file could not be read. Every line is decoded
alone, so a line that is not UTF-8 is one more bad query; a UTF-8 byte-order mark before the first
is allowed. An error quotes the query as JSON, cut to a couple of hundred characters.
"""

from __future__ import annotations

import argparse
import codecs
import json
import sys
from collections.abc import Iterable, Iterator, Mapping
from typing import Final, TextIO

from yahtzee import errors
from yahtzee.coaching import reason_for
from yahtzee.errors import MalformedError, YahtzeeError
from yahtzee.rules import (
    BOXES,
    FACES,
    NUM_DICE,
    YAHTZEE_BONUS,
    Box,
    Sheet,
    check_dice,
    joker_points,
)
from yahtzee.solver import Advice, Advisor, Option, load_table
from yahtzee.solver.advisor import check_rolls_left
from yahtzee.solver.outlook_store import Outlook, load_outlook

HELP = "list every option at a decision point with its expected final total, best first"

BONUS_KEY = "yahtzee_bonus"
QUERY_KEYS = frozenset({"dice", "rolls_left", "scores"})
SHEET_KEYS = frozenset({box.value for box in BOXES} | {BONUS_KEY})
NEW_SHEET = "none"
QUOTE_LIMIT = 200
"""Characters of a bad query quoted back in its error: one line can be megabytes long."""
ERROR_LIMIT = 500
"""Characters of an error answer, whatever quoted it (the rules quote a whole list of dice)."""


def add_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("--dice", nargs="+", type=int, metavar="D", help="the five dice")
    parser.add_argument("--rolls-left", type=int, default=0, help="rolls left: 0, 1 or 2")
    parser.add_argument(
        "--scores",
        default=NEW_SHEET,
        help="filled boxes as box=points,… (yahtzee_bonus=100 allowed), or none for a new sheet",
    )
    parser.add_argument("--json", action="store_true", help="answer in JSON")
    parser.add_argument(
        "--batch", metavar="FILE", help="JSON queries, one per line (- for stdin); JSON answers"
    )


def quote(value: object) -> str:
    """``value`` as JSON, cut to QUOTE_LIMIT characters: a query's values are quoted longer
    than the usual error's."""
    return errors.quote(value, QUOTE_LIMIT)


def _joker_points(box: Box) -> frozenset[int]:
    if box.is_upper:
        return frozenset({0, NUM_DICE * box.face})
    return frozenset(joker_points(box, (face,) * NUM_DICE) for face in FACES)


JOKER_POINTS: Final[dict[Box, frozenset[int]]] = {box: _joker_points(box) for box in BOXES}
"""What each box holds when a Yahtzee after the 50 was scored in it (the forced Joker): an
upper box its own face's five, or 0 from another face once the lower section was full; a lower
box the full points of five of a kind. Built once: ``advise --batch`` checks every query."""


def sheet_from_scores(scores: Mapping[str, int], bonus: int = 0) -> Sheet:
    """A sheet from ``{box: points}`` and the Yahtzee bonus; MalformedError if no game has it."""
    sheet = Sheet.from_scores(scores, bonus)
    # Each 100 is a further Yahtzee scored in some other box after the 50 in ``yahtzee``: in
    # a box holding what five of a kind scores there.
    able = [
        box for box in BOXES
        if box is not Box.YAHTZEE and sheet.get(box) in JOKER_POINTS[box]
    ]  # fmt: skip
    most = YAHTZEE_BONUS * len(able)
    if sheet.yahtzee_bonus > most:
        count = len(able)
        raise MalformedError(
            f"yahtzee_bonus {sheet.yahtzee_bonus} is impossible here: each 100 needs a Yahtzee "
            f"scored in a box besides yahtzee, and {count} filled box{'es' * (count != 1)} "
            f"{'hold' if count != 1 else 'holds'} what five of a kind scores there "
            f"(at most {most})"
        )
    return sheet


def parse_scores(text: str) -> Sheet:
    """A sheet from ``"ones=3,sixes=18,yahtzee=50"`` (``none`` for a new sheet); MalformedError
    naming the bad item."""
    if text.strip().lower() == NEW_SHEET:
        return Sheet()
    boxes: dict[str, int] = {}
    bonus: int | None = None
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
        if key in boxes or (key == BONUS_KEY and bonus is not None):
            raise MalformedError(f"box {key!r} given twice in {text!r}")
        if key == BONUS_KEY:
            bonus = points
        else:
            boxes[key] = points
    return sheet_from_scores(boxes, bonus or 0)


def _json_sheet(scores: object) -> Sheet:
    """The sheet of a query's ``scores``, checked as JSON: an object of whole numbers."""
    if not isinstance(scores, dict):
        raise MalformedError(f"scores must be an object of box: points, got {quote(scores)}")
    boxes: dict[str, int] = {}
    for key, value in scores.items():
        if key not in SHEET_KEYS:
            raise MalformedError(f"unknown box: {quote(key)}")
        if type(value) is not int:
            raise MalformedError(f"points must be a whole number, got {quote({key: value})}")
        boxes[key] = value
    return sheet_from_scores(boxes, boxes.pop(BONUS_KEY, 0))


def _json_dice(dice: object) -> tuple[int, ...]:
    """A query's ``dice``, checked as JSON: a list of five whole numbers 1 to 6."""
    if not isinstance(dice, list):
        raise MalformedError(f"dice must be a list of {NUM_DICE} faces, got {quote(dice)}")
    if len(dice) != NUM_DICE:
        raise MalformedError(f"expected {NUM_DICE} dice, got {len(dice)}: {quote(dice)}")
    for die in dice:
        if type(die) is not int:
            raise MalformedError(f"a die shows 1 to 6, got {quote(die)} in {quote(dice)}")
    return check_dice(dice)


def _json_rolls_left(rolls_left: object) -> int:
    if type(rolls_left) is not int:
        raise MalformedError(f"rolls left must be 0, 1 or 2, got {quote(rolls_left)}")
    return check_rolls_left(rolls_left)


def advice_json(
    advisor: Advisor, outlook: Outlook, sheet: Sheet, dice: tuple[int, ...], rolls_left: int
) -> dict[str, object]:
    """The advice as ``--json`` writes it: every option, the best, and the reason in words."""
    advice = advisor.advise(sheet, dice, rolls_left)
    reason = reason_for(outlook, sheet, dice, rolls_left, advice)
    return {**advice.to_json(), "reason": reason.text}


def answer(advisor: Advisor, outlook: Outlook, query: object) -> dict[str, object]:
    """The JSON answer to one batch query (a decoded JSON value); raises YahtzeeError if bad."""
    if not isinstance(query, dict):
        raise MalformedError(f"a query is a JSON object, got {quote(query)}")
    missing = sorted(QUERY_KEYS - query.keys())
    extra = sorted(query.keys() - QUERY_KEYS)
    if missing or extra:
        faults = [f"missing {quote(missing)}"] * bool(missing)
        faults += [f"unknown {quote(extra)}"] * bool(extra)
        raise MalformedError(
            f"a query has exactly dice, rolls_left, scores: {', '.join(faults)} in {quote(query)}"
        )
    sheet = _json_sheet(query["scores"])
    dice = _json_dice(query["dice"])
    return advice_json(advisor, outlook, sheet, dice, _json_rolls_left(query["rolls_left"]))


def _query(number: int, line: str | bytes) -> object:
    """The JSON value on line ``number``; MalformedError if it is not UTF-8 or not JSON."""
    if isinstance(line, bytes):
        try:
            line = line.decode("utf-8")
        except UnicodeDecodeError as error:
            raise MalformedError(
                f"line {number} is not UTF-8 text: byte {line[error.start]:#04x} "
                f"at position {error.start}"
            ) from None
    try:
        return json.loads(line)
    except ValueError:
        raise MalformedError(f"line {number} is not JSON: {quote(line.strip())}") from None


def run_batch(
    advisor: Advisor, outlook: Outlook, lines: Iterable[str | bytes], out: TextIO
) -> None:
    """Answer each non-blank line; a bad line gets ``{"error": …}`` and the batch goes on.

    ``lines`` are text, or bytes each decoded as UTF-8; a byte-order mark may start the first.
    """
    for number, line in enumerate(lines, start=1):
        if number == 1:
            line = (
                line.removeprefix("\ufeff")
                if isinstance(line, str)
                else line.removeprefix(codecs.BOM_UTF8)
            )
        if not line.strip():
            continue
        try:
            result: dict[str, object] = answer(advisor, outlook, _query(number, line))
        except YahtzeeError as error:
            result = {"error": errors.clip(str(error), ERROR_LIMIT)}
        except RecursionError:
            # json and repr recurse once per level of nesting: "[" * 100000 would crash them.
            result = {"error": f"line {number} nests too deeply"}
        out.write(json.dumps(result) + "\n")
        out.flush()


def _lines(name: str) -> Iterator[str | bytes]:
    """The lines of batch file ``name`` (``-`` for stdin), as bytes where the stream has them;
    MalformedError naming the file if it cannot be opened or read (but not for output errors:
    those happen outside this generator)."""
    try:
        if name == "-":
            yield from getattr(sys.stdin, "buffer", sys.stdin)
        else:
            with open(name, "rb") as source:
                yield from source
    except OSError as error:
        raise MalformedError(f"cannot read batch file {name!r}: {error.strerror}") from None


def _keep_text(option: Option) -> str:
    if option.keep is None:
        return ""
    return " ".join(map(str, option.keep)) if option.keep else "(none)"


def render(
    advice: Advice, dice: tuple[int, ...], rolls_left: int, sheet: Sheet, reason: str
) -> str:
    """A short aligned table: the best option first, boxes in Chinese and English; then why."""
    rolls = f"{rolls_left} roll{'s' * (rolls_left != 1)} left"
    head = f"dice {' '.join(map(str, dice))}, {rolls}, sheet total {sheet.total}"
    rows = [head, f"  {'keep':<11}{'box':<24}{'points':>6}  {'expected total':>14}"]
    for i, option in enumerate(advice.options):
        box = f"{option.box.zh} {option.box.value}" if option.box is not None else ""
        # Every Chinese box name is two characters, so a fixed pad keeps the columns aligned.
        box_cell = box + " " * (22 - len(box)) if box else " " * 24
        points = "" if option.points is None else str(option.points)
        marker = "*" if i == 0 else " "
        rows.append(f"{marker} {_keep_text(option):<11}{box_cell}{points:>6}  {option.ev:>14.4f}")
    rows.append(f"reason: {reason}")
    return "\n".join(rows)


def run(args: argparse.Namespace) -> int:
    if args.batch is not None:
        if args.dice is not None:
            raise MalformedError("give either --batch or --dice, not both")
        table = load_table()
        run_batch(Advisor(table), load_outlook(table), _lines(args.batch), sys.stdout)
        return 0
    if args.dice is None:
        raise MalformedError("give the dice with --dice D D D D D, or queries with --batch")
    dice = check_dice(args.dice)
    rolls_left = check_rolls_left(args.rolls_left)
    sheet = parse_scores(args.scores)
    table = load_table()
    advisor, outlook = Advisor(table), load_outlook(table)
    if args.json:
        print(json.dumps(advice_json(advisor, outlook, sheet, dice, rolls_left)))
    else:
        advice = advisor.advise(sheet, dice, rolls_left)
        reason = reason_for(outlook, sheet, dice, rolls_left, advice)
        print(render(advice, dice, rolls_left, sheet, reason.text))
    return 0
