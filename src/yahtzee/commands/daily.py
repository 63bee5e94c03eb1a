"""``yahtzee daily``: a computer played on a day's daily-challenge record.

::

    yahtzee daily [--date YYYY-MM-DD] [--player expert|normal|beginner] [--json]

The day is today in China (UTC+8) unless ``--date`` names one. The record comes from the date
and this machine's dice key (``$YAHTZEE_DICE_KEY`` or the cached key): the same output for
everyone with the same key, another for another date or key. ``--json`` prints one object with
at least ``total`` and ``sheet``.
"""

from __future__ import annotations

import argparse
from datetime import date

from yahtzee.commands._on_record import add_common, output, play

HELP = "play a computer on a day's daily challenge (its dice record) and print its sheet"


def _day(text: str) -> date:
    try:
        if len(text) != 10:
            raise ValueError
        return date.fromisoformat(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"expected a date as YYYY-MM-DD, got {text!r}") from None


def add_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument(
        "--date", type=_day, help="the day (YYYY-MM-DD); today in China if left out"
    )
    add_common(parser)


def run(args: argparse.Namespace) -> int:
    from datetime import UTC, datetime

    from yahtzee.dice_key import dice_key
    from yahtzee.dice_record import DiceRecords, china_date

    day = args.date if args.date is not None else china_date(datetime.now(UTC))
    record = DiceRecords(dice_key().secret).daily(day)
    output(play(record, args.player), args.player, {"date": day.isoformat()}, args.json)
    return 0
