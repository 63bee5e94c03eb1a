"""What ``yahtzee replay`` and ``yahtzee daily`` share: a computer played on a dice record, and
its sheet printed (or one JSON object with at least ``total`` and ``sheet``)."""

from __future__ import annotations

import argparse
import json
import random
from typing import Any

from yahtzee.game import Difficulty, Game, Record
from yahtzee.players import parse_difficulty

LEVEL_CHOICES = "beginner, normal, expert"


def level(text: str, also: str = "") -> Difficulty:
    """An argparse ``type``: a computer player's level (``also`` names further choices the
    caller takes before asking here)."""
    try:
        return parse_difficulty(text)
    except ValueError:
        raise argparse.ArgumentTypeError(
            f"unknown player: {text!r} (choose from {LEVEL_CHOICES}{also})"
        ) from None


def add_common(parser: argparse.ArgumentParser) -> None:
    parser.add_argument(
        "--player",
        type=level,
        default=Difficulty.EXPERT,
        help=f"the computer to play: {LEVEL_CHOICES} (expert: the expected-score optimum)",
    )
    parser.add_argument("--json", action="store_true", help="print one JSON object")


def play(record: Record, player_level: Difficulty) -> Game:
    """The finished single-player game ``player_level`` plays on ``record`` under this
    machine's dice key. A level that slips (普通, 入门) draws from a generator seeded by the
    record, so the same record gives the same game."""
    from yahtzee.dice_key import dice_key
    from yahtzee.dice_record import DiceRecords
    from yahtzee.players import EXPERT_EV, get_player
    from yahtzee.same_dice import replay
    from yahtzee.solver import load_table

    records = DiceRecords(dice_key().secret)
    records.parse(record.id)  # a record of another key: said here, before any table loads
    table = load_table() if player_level is Difficulty.EXPERT else None
    key = EXPERT_EV if player_level is Difficulty.EXPERT else player_level
    player = get_player(key, table, random.Random(record.id))
    return replay(record, player, records)


def output(game: Game, player_level: Difficulty, extra: dict[str, Any], as_json: bool) -> None:
    """Print the computer's game on its record: box by box with the dice scored, then totals."""
    from yahtzee.rules import BOXES

    record = game.record
    assert record is not None
    side = game.sides[0]
    sheet = side.sheet
    dice = {entry.box: entry.final_dice for entry in side.log}
    totals = {
        "upper": sheet.upper_subtotal,
        "upper_bonus": sheet.upper_bonus,
        "lower": sheet.lower_total,
        "yahtzee_bonus": sheet.yahtzee_bonus,
        "total": sheet.total,
    }
    if as_json:
        out = {
            "player": player_level.value,
            "record": record.id,
            "daily": record.daily.isoformat() if record.daily else None,
            **extra,
            "total": sheet.total,
            "sheet": {box.value: sheet.get(box) for box in BOXES},
            "dice": {box.value: list(dice[box]) for box in BOXES},
            "totals": totals,
        }
        print(json.dumps(out, ensure_ascii=False))
        return
    day = f"，{record.daily.isoformat()} 每日挑战" if record.daily else ""
    print(f"{player_level.zh} ({player_level.value}) 在骰子记录 {record.id}{day} 上：")
    for box in BOXES:
        faces = " ".join(map(str, dice[box]))
        print(
            f"  {box.zh}{'　' * (2 - len(box.zh))} {box.value:<16}{sheet.get(box):>3}   [{faces}]"
        )
    print(
        f"上区 {totals['upper']}（奖励 {totals['upper_bonus']}）  下区 {totals['lower']}  "
        f"快艇加成 {totals['yahtzee_bonus']}"
    )
    print(f"总分 {sheet.total}")
