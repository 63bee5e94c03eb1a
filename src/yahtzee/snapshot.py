"""The snapshot the page draws: every number and every yes/no the page shows, from the rules.

The page never computes a rule. For the side to act it gets each box's preview (points it would
score now), whether the box may be chosen now (a dash when not), whether the preview is a zero,
and whether scoring it needs the confirm-on-zero question (``docs/behaviours.md`` S2, S4); plus
totals, upper progress toward 63, whose turn it is and which actions are legal. The dataclasses
here are the contract: the API's response models are made from them.

Seats: ``sides[i]`` is seat ``i`` (its ``name``, ``player``: ``human`` or a level, its
``hints_left``, and once the game is over its ``place``), ``current`` the seat in turn,
``result.places`` each seat's place (1 is best; tied totals share a place) and ``chances`` each
seat's 胜率 once the tables are loaded. 单人挑战 is the one seat 你; 人机对战 is 你 (seat 0) and
电脑 (seat 1), whose level is its ``player``.

``WinShares`` (``win_shares``) is 人机对战's 胜率 as the review's chart still carries it
(``report.CurveView.end``); the snapshot itself has only ``chances``.
"""

from __future__ import annotations

import functools
from dataclasses import dataclass
from typing import Any, Final, Literal

from yahtzee.game import ROUNDS, THE_COMPUTER, YOU, Game, Result
from yahtzee.plain import plain
from yahtzee.rules import (
    BOXES,
    MAX_ROLLS,
    UPPER_BONUS_THRESHOLD,
    Box,
    Sheet,
    bonus_for,
    is_yahtzee,
)

SIDE_LABELS: Final = (YOU, THE_COMPUTER)
"""The columns of 单人挑战 and 人机对战 (their seats' names)."""

Phase = Literal["roll", "decide", "score", "over"]
Section = Literal["upper", "lower"]


@dataclass(frozen=True, slots=True)
class BoxView:
    """One box of one side's column."""

    key: Box
    name: str
    section: Section
    points: int | None
    """What the box holds; null while open."""
    preview: int | None
    """What the acting side would score here now; null when it may not choose the box."""
    allowed: bool
    zero: bool
    """The preview is a zero (drawn as one, with a mark besides colour)."""
    confirm: bool
    """Scoring it asks first: a zero while another box would score points."""


@dataclass(frozen=True, slots=True)
class Totals:
    """A side's sums, with its progress toward the upper bonus."""

    upper_subtotal: int
    upper_target: int
    upper_needed: int
    upper_bonus: int
    lower_total: int
    yahtzee_bonus: int
    total: int


PlayerKey = Literal["human", "beginner", "normal", "expert"]


@dataclass(frozen=True, slots=True)
class SideView(Totals):
    """One seat's column: its name and player, whether it acts now, its boxes and sums."""

    acting: bool
    boxes: tuple[BoxView, ...]
    name: str
    player: PlayerKey
    """``human``, or the computer's level."""
    hints_left: int
    """The seat's hints left (a computer has none)."""
    place: int | None = None
    """Its place once the game is over (1 is best; tied totals share one)."""


@dataclass(frozen=True, slots=True)
class ResultView:
    """How a finished game ended."""

    totals: tuple[int, ...]
    winner: int | None
    """The seat with the best total alone; null when it is shared (or for a single seat
    never)."""
    draw: bool
    """The best total is shared by two seats or more."""
    sides: tuple[Totals, ...]
    places: tuple[int, ...]
    """Each seat's place, 1 the best; tied totals share a place (1, 1, 3)."""
    names: tuple[str, ...]


@dataclass(frozen=True, slots=True)
class WinShares:
    """人机对战's 胜率: each outcome's chance from here, to 0.01 %; they sum to 1 (the review's
    chart, ``report.CurveView.end``)."""

    player: float
    draw: float
    computer: float


@dataclass(frozen=True, slots=True)
class SeatChances:
    """Each seat's 胜率 from here, to 0.01 %: ``win[i]`` seat i's chance of the best total
    alone, ``draw`` the chance that the best total is shared (they sum to 1), and ``share[i]``
    seat i's chance with a shared best total split evenly among the seats sharing it (a draw of
    two counts half; they sum to 1)."""

    win: tuple[float, ...]
    draw: float
    share: tuple[float, ...]


@dataclass(frozen=True, slots=True)
class Snapshot:
    """Everything the page draws for one game."""

    mode: Literal["single", "vs", "table"]
    first: Literal["me", "computer", "random"]
    starter: int
    round: int
    rounds: int
    current: int
    """The seat in turn (the last to play, once the game is over)."""
    phase: Phase
    hinted_now: bool
    finished: bool
    dice: tuple[int, ...] | None
    held: tuple[bool, ...]
    rolls_used: int
    rolls_left: int
    max_rolls: int
    can_roll: bool
    can_score: bool
    can_hint: bool
    joker: bool
    joker_text: str | None
    """The forced Joker in one instruction, when the dice are a Yahtzee with 快艇 filled."""
    bonus_now: int
    sides: tuple[SideView, ...]
    result: ResultView | None
    chances: SeatChances | None = None
    """Each seat's 胜率, in a game of two seats or more once the 胜率 tables are loaded (the key
    is left out otherwise)."""
    record: str | None = None
    """The id of the dice record the game rolls from (left out for a game saved before records):
    ``POST /api/new`` with it starts a game on the same dice."""
    daily: str | None = None
    """The day (YYYY-MM-DD, China time) of the daily challenge this game is (left out if none)."""

    def to_json(self) -> dict[str, Any]:
        """The snapshot as JSON-ready data (``chances``, ``record`` and ``daily`` left out when
        there are none)."""
        data: dict[str, Any] = plain(self)
        return data


def _phase(game: Game) -> Phase:
    if game.finished:
        return "over"
    if game.turn.dice is None:
        return "roll"
    if game.turn.rolls_left == 0:
        return "score"
    return "decide"


def totals_of(sheet: Sheet) -> Totals:
    """A sheet's sums, with its progress toward the upper bonus."""
    return Totals(**_sums(sheet))


def _sums(sheet: Sheet) -> dict[str, int]:
    upper = sheet.upper_subtotal
    return {
        "upper_subtotal": upper,
        "upper_target": UPPER_BONUS_THRESHOLD,
        "upper_needed": max(0, UPPER_BONUS_THRESHOLD - upper),
        "upper_bonus": sheet.upper_bonus,
        "lower_total": sheet.lower_total,
        "yahtzee_bonus": sheet.yahtzee_bonus,
        "total": sheet.total,
    }


def _label(box: Box) -> tuple[Box, str, Section]:
    return box, box.zh, "upper" if box.is_upper else "lower"


_BOX_LABELS: Final = tuple(_label(box) for box in BOXES)
"""Each box's key, name and section, in sheet order (the same in every snapshot)."""


@functools.lru_cache(maxsize=4096)
def _still_boxes(points: tuple[int | None, ...]) -> tuple[BoxView, ...]:
    """The boxes of a column with nothing to choose in it (another seat's, or before a roll):
    the same for the same points, so made once (every move draws the other columns again)."""
    return tuple(
        BoxView(
            key=box,
            name=name,
            section=section,
            points=held,
            preview=None,
            allowed=False,
            zero=False,
            confirm=False,
        )
        for (box, name, section), held in zip(_BOX_LABELS, points, strict=True)
    )


def _boxes(points: tuple[int | None, ...], allowed: dict[Box, int]) -> tuple[BoxView, ...]:
    """A column's boxes holding ``points``; ``allowed``: the acting seat's choices now (empty
    for another seat)."""
    if not allowed:
        return _still_boxes(points)
    any_points = any(value > 0 for value in allowed.values())
    rows = []
    for (box, name, section), held in zip(_BOX_LABELS, points, strict=True):
        preview = allowed.get(box)
        zero = preview == 0
        rows.append(
            BoxView(
                key=box,
                name=name,
                section=section,
                points=held,
                preview=preview,
                allowed=preview is not None,
                zero=zero,
                confirm=zero and any_points,
            )
        )
    return tuple(rows)


def _side(
    game: Game, index: int, allowed: dict[Box, int], places: tuple[int, ...] | None
) -> SideView:
    """Seat ``index``'s column; ``allowed``: the game's ``allowed()``; ``places``: its
    result's, once over."""
    side = game.sides[index]
    acting = index == game.current
    return SideView(
        **_sums(side.sheet),
        acting=acting and places is None,
        boxes=_boxes(side.sheet.boxes, allowed if acting else {}),
        name=side.name,
        player=side.seat.player.value,
        hints_left=side.hints_left,
        place=None if places is None else places[index],
    )


def _result(game: Game, result: Result | None) -> ResultView | None:
    if result is None:
        return None
    return ResultView(
        totals=tuple(result.totals),
        winner=result.winner,
        draw=result.winner is None and len(result.totals) > 1,
        sides=tuple(Totals(**_sums(side.sheet)) for side in game.sides),
        places=result.places,
        names=tuple(side.name for side in game.sides),
    )


def win_shares(chances: SeatChances) -> WinShares:
    """A two-seat game's ``chances`` as 人机对战's ``win`` (the first seat's, the second's)."""
    player, computer = chances.win
    return WinShares(player, chances.draw, computer)


def _joker_text(allowed: dict[Box, int], bonus: int) -> str:
    """What the forced Joker lets the acting side do with this Yahtzee (``docs/rules.md``)."""
    if len(allowed) == 1:
        box, points = next(iter(allowed.items()))
        rule = (
            f"按百搭规则必须登记到「{box.zh}」" if points else f"按百搭规则只能在「{box.zh}」记 0"
        )
    elif any(not box.is_upper for box in allowed):
        rule = "按百搭规则选一项登记"
    else:
        rule = "按百搭规则只能在上区选一项记 0"
    if bonus:
        return f"又是快艇！{rule}，另加快艇加成 +{bonus}"
    return f"快艇！「快艇」一项记的是 0，没有加成；{rule}"


def view_of(game: Game, chances: SeatChances | None = None) -> Snapshot:
    """The snapshot of ``game``; ``chances`` the seats' 胜率 when the tables are loaded."""
    turn = game.turn
    dice = turn.dice
    acting_sheet = game.acting.sheet
    joker = bool(dice) and is_yahtzee(dice or ()) and acting_sheet.get(Box.YAHTZEE) is not None
    bonus = bonus_for(acting_sheet, dice) if dice else 0
    # Asked once here: each is worked out from the sheets at every call.
    result = game.result
    allowed = game.allowed()
    places = None if result is None else result.places
    return Snapshot(
        mode=game.mode.value,
        first=game.first.value,
        starter=game.starter,
        round=game.round,
        rounds=ROUNDS,
        current=game.current,
        phase=_phase(game),
        hinted_now=game.hinted_now,
        finished=result is not None,
        dice=tuple(dice) if dice else None,
        held=tuple(turn.held),
        rolls_used=turn.rolls_used,
        rolls_left=turn.rolls_left,
        max_rolls=MAX_ROLLS,
        can_roll=game.can_roll(),
        can_score=game.can_score(),
        can_hint=game.can_hint(),
        joker=joker,
        joker_text=_joker_text(allowed, bonus) if joker else None,
        bonus_now=bonus,
        sides=tuple(_side(game, i, allowed, places) for i in range(len(game.sides))),
        result=_result(game, result),
        chances=chances,
        record=game.record.id if game.record else None,
        daily=game.record.daily.isoformat() if game.record and game.record.daily else None,
    )


def snapshot(game: Game) -> dict[str, Any]:
    """Everything the page draws for ``game``, as a JSON-ready dict."""
    return view_of(game).to_json()
