"""高手同骰: a computer player on the dice of a game's record, box by box beside a person's seat.

``replay`` plays a computer through a single-player game on a record: its dice are the slots of
a seat (the record's side of that index), so it meets the dice that seat met (as far as it rolls
as the seat did). ``compare`` lays the seat's sheet beside it, with the difference per box;
``same_dice`` does both for a finished game.
"""

from __future__ import annotations

from dataclasses import dataclass

from yahtzee.errors import IllegalMoveError, MalformedError, RecordUnavailableError
from yahtzee.game import Game, Record, RecordSource, Side
from yahtzee.plain import plain
from yahtzee.players import Player
from yahtzee.rules import BOXES, Box
from yahtzee.snapshot import Totals, totals_of


class SeatSlots:
    """``source`` with seat ``seat``'s slots as the first seat's: a one-seat game rolled from it
    meets the dice of that seat."""

    def __init__(self, source: RecordSource, seat: int) -> None:
        self.source = source
        self.seat = seat

    def randint(self, a: int, b: int) -> int:
        return self.source.randint(a, b)

    def slots(self, record: str, side: int, turn: int, roll: int) -> tuple[int, ...]:
        return self.source.slots(record, self.seat + side, turn, roll)


def replay(record: Record, player: Player, source: RecordSource, seat: int = 0) -> Game:
    """The finished single-player game ``player`` plays on ``record``'s dice (seat ``seat``'s
    slots), rolled by ``source``."""
    game = Game.new(record=record)
    dice = source if seat == 0 else SeatSlots(source, seat)
    while not game.finished:
        game = game.apply(player.step(game), dice)
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
    """A computer's game on a person's dice, beside that seat's (``POST /api/same-dice``);
    ``player`` fields are the seat's."""

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
    """The outcome in one Chinese line (高手同骰 268 分，你 251 分，你少 17 分)."""
    seat: int = 0
    name: str = "你"

    def to_json(self) -> dict[str, object]:
        data: dict[str, object] = plain(self)
        return data


def _dice_by_box(side: Side) -> dict[Box, tuple[int, ...]]:
    return {entry.box: entry.final_dice for entry in side.log}


def same_dice(
    game: Game, player: Player, source: RecordSource, level_zh: str, seat: int | None = None
) -> SameDice:
    """``player`` on the dice record of finished ``game``, beside seat ``seat`` (by default the
    first person's).

    Raises RecordUnavailableError for a game without a record, IllegalMoveError while the game
    is not over, MalformedError for a seat the game does not have.
    """
    if seat is None:
        seat = next((i for i, side in enumerate(game.sides) if side.human), 0)
    if not 0 <= seat < len(game.sides):
        raise MalformedError(f"this game has seats 0 to {len(game.sides) - 1}, got {seat}")
    if game.record is None:
        raise RecordUnavailableError(
            "this game has no dice record (saved before records, or under another dice key)"
        )
    if not game.finished:
        raise IllegalMoveError("the game is not over; the same dice are compared at its end")
    computer = replay(game.record, player, source, seat)
    return compare(game, computer, player.name, level_zh, seat)


def compare(game: Game, computer_game: Game, level: str, level_zh: str, seat: int = 0) -> SameDice:
    """Seat ``seat`` of finished ``game`` (with a record) beside ``computer_game``."""
    assert game.record is not None
    mine, theirs = game.sides[seat], computer_game.sides[0]
    my_dice, their_dice = _dice_by_box(mine), _dice_by_box(theirs)
    pairs = []
    for box in BOXES:
        points, other = mine.sheet.get(box) or 0, theirs.sheet.get(box) or 0
        pairs.append(
            BoxPair(box, box.zh, points, other, points - other, my_dice[box], their_dice[box])
        )
    total, other_total = mine.sheet.total, theirs.sheet.total
    difference = total - other_total
    name = mine.name
    if difference > 0:
        outcome = f"{name}多 {difference} 分"
    elif difference < 0:
        outcome = f"{name}少 {-difference} 分"
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
        text=f"{level_zh}同骰 {other_total} 分，{name} {total} 分，{outcome}",
        seat=seat,
        name=name,
    )
