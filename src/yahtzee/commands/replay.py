"""``yahtzee replay GAME.json``: a computer played on the dice record of a saved game.

::

    yahtzee replay GAME.json [--player expert|normal|beginner] [--json]

The computer plays the dice of the game's player side (in 人机对战 too), as 高手同骰 does on the
page, and its sheet, dice and total are printed beside the game's own total. The game must have
a record made under this machine's dice key (``$YAHTZEE_DICE_KEY`` or the cached key), and its
dice must be that record's. ``--json`` prints one object with at least ``total`` and ``sheet``.
"""

from __future__ import annotations

import argparse

from yahtzee.commands._game_file import read_game
from yahtzee.commands._on_record import add_common, output, play
from yahtzee.errors import RecordUnavailableError

HELP = "play a computer on the dice of a saved game (its dice record) and print its sheet"


def add_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("game", help="a game JSON file (as exported by the page), or - for stdin")
    add_common(parser)


def run(args: argparse.Namespace) -> int:
    from yahtzee.dice_key import dice_key
    from yahtzee.dice_record import DiceRecords

    game = read_game(args.game)
    if game.record is None:
        raise RecordUnavailableError(f"{args.game!r} has no dice record (saved before records)")
    records = DiceRecords(dice_key().secret)
    records.parse(game.record.id)
    records.check(game)  # its dice are its record's, or AlteredDiceError names the roll
    computer = play(game.record, args.player)
    mine = game.sides[0].sheet
    extra = {"game_total": mine.total if mine.is_full else None}
    output(computer, args.player, extra, args.json)
    if not args.json and mine.is_full:
        difference = computer.sides[0].sheet.total - mine.total
        print(f"这局你的总分 {mine.total}（{args.player.zh} {difference:+d}）")
    return 0
