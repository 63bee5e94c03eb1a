"""高手同骰: a computer player on the dice of a game's record, box by box beside the player.

``replay`` plays a computer through a single-player game on a record: its dice are the slots of
side 0, the player's side, so in 人机对战 it meets the dice the player met (as far as it rolls as
the player did). ``compare`` lays the player's sheet beside it, with the difference per box;
``same_dice`` does both for a finished game.
"""

from __future__ import annotations

from dataclasses import dataclass

from yahtzee.errors import IllegalMoveError, RecordUnavailableError
from yahtzee.game import PLAYER, Game, Record, RecordSource, Side
from yahtzee.plain import plain
from yahtzee.players import Player
from yahtzee.rules import BOXES, Box
from yahtzee.snapshot import Totals, totals_of


def replay(record: Record, player: Player, source: RecordSource) -> Game:
    """The finished single-player game ``player`` plays on ``record``'s dice (the player's side's
    slots), rolled by ``source``."""
    game = Game.new(record=record)
    while not game.finished:
        game = game.apply(player.step(game), source)
    return game


@dataclass(frozen=True, slots=True)
class BoxPair:
    """One box of both sheets: what each scored there, on which dice, and the difference."""

    key: Box
    name: str
    player: int
    computer: int
    difference: int
    """The player's points less the computer's."""
    player_dice: tuple[int, ...]
    computer_dice: tuple[int, ...]


@dataclass(frozen=True, slots=True)
class SameDice:
    """A computer's game on the player's dice, beside the player's (``POST /api/same-dice``)."""

    record: str
    daily: str | None
    computer: str
    """The computer's level key (``expert``)."""
    computer_zh: str
    boxes: tuple[BoxPair, ...]
    player_totals: Totals
    computer_totals: Totals
    difference: int
    """The player's total less the computer's."""
    text: str
    """The outcome in one Chinese line (高手同骰 268 分，你 251 分，少 17 分)."""

    def to_json(self) -> dict[str, object]:
        data: dict[str, object] = plain(self)
        return data


def _dice_by_box(side: Side) -> dict[Box, tuple[int, ...]]:
    return {entry.box: entry.final_dice for entry in side.log}


def same_dice(game: Game, player: Player, source: RecordSource, level_zh: str) -> SameDice:
    """``player`` on the dice record of finished ``game``, beside the game's player side.

    Raises RecordUnavailableError for a game without a record, IllegalMoveError while the game
    is not over.
    """
    if game.record is None:
        raise RecordUnavailableError(
            "this game has no dice record (saved before records, or under another dice key)"
        )
    if not game.finished:
        raise IllegalMoveError("the game is not over; the same dice are compared at its end")
    return compare(game, replay(game.record, player, source), player.name, level_zh)


def compare(game: Game, computer_game: Game, level: str, level_zh: str) -> SameDice:
    """The player's side of finished ``game`` (with a record) beside ``computer_game``."""
    assert game.record is not None
    mine, theirs = game.sides[PLAYER], computer_game.sides[PLAYER]
    my_dice, their_dice = _dice_by_box(mine), _dice_by_box(theirs)
    pairs = []
    for box in BOXES:
        points, other = mine.sheet.get(box) or 0, theirs.sheet.get(box) or 0
        pairs.append(
            BoxPair(box, box.zh, points, other, points - other, my_dice[box], their_dice[box])
        )
    total, other_total = mine.sheet.total, theirs.sheet.total
    difference = total - other_total
    if difference > 0:
        outcome = f"你多 {difference} 分"
    elif difference < 0:
        outcome = f"你少 {-difference} 分"
    else:
        outcome = "打平"
    daily = game.record.daily
    return SameDice(
        record=game.record.id,
        daily=daily.isoformat() if daily else None,
        computer=level,
        computer_zh=level_zh,
        boxes=tuple(pairs),
        player_totals=totals_of(mine.sheet),
        computer_totals=totals_of(theirs.sheet),
        difference=difference,
        text=f"{level_zh}同骰 {other_total} 分，你 {total} 分，{outcome}",
    )
