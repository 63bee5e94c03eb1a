"""The themes of 练习: which positions drill which decision, each by an exact test.

A *position* is a decision in front of a player: a sheet, five dice and the rolls left. Each
theme names one decision the page's tips (制胜技巧) single out, and its test says exactly which
positions belong to it:

- ``full_house_draw`` 两对拼葫芦: a roll left, ``full_house`` open, the dice two pairs and an
  odd die;
- ``straight_draw`` 连号冲顺子: a roll left, a straight open, the longest run of distinct
  consecutive faces 3 or 4;
- ``upper_bonus`` 上区奖励: the +35 not yet earned but reachable with five of each open face, and
  an upper box open;
- ``sacrifice`` 写零取舍: no roll left, and the best or second-best box scores 0;
- ``chance`` 机会: no roll left, ``chance`` open and among the two best boxes;
- ``endgame`` 收尾: three or fewer boxes open.

``sacrifice`` and ``chance`` rank the boxes, so their tests take the advice; the others look at
the position alone (``needs_advice`` tells them apart, so a generator can filter cheaply first).
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence
from dataclasses import dataclass
from enum import StrEnum
from typing import Final

from yahtzee.errors import MalformedError
from yahtzee.rules import (
    UPPER_BONUS_THRESHOLD,
    UPPER_BOXES,
    Box,
    Sheet,
)
from yahtzee.solver import Advice

ENDGAME_OPEN: Final = 3
"""Boxes open at most in a 收尾 position."""
STRAIGHT_RUNS: Final = (3, 4)
"""The runs of distinct consecutive faces a 连号冲顺子 position shows."""
TWO_PAIRS: Final = [1, 2, 2]
"""The sorted counts of five dice that are exactly two pairs and an odd die."""
MIXED: Final = "mixed"
"""The round that mixes every theme (混合)."""
MIXED_ZH: Final = "混合"


class Theme(StrEnum):
    """A kind of decision to drill; the value is the key used in the API and the command line."""

    FULL_HOUSE_DRAW = "full_house_draw"
    STRAIGHT_DRAW = "straight_draw"
    UPPER_BONUS = "upper_bonus"
    SACRIFICE = "sacrifice"
    CHANCE = "chance"
    ENDGAME = "endgame"

    @property
    def zh(self) -> str:
        """The Chinese name the page shows."""
        return THEME_NAMES[self]

    @property
    def needs_advice(self) -> bool:
        """True when the test ranks the options (``sacrifice``, ``chance``)."""
        return self in (Theme.SACRIFICE, Theme.CHANCE)

    @classmethod
    def parse(cls, key: object) -> Theme | None:
        """The theme named ``key``, or None for ``mixed``; raise MalformedError otherwise."""
        if key == MIXED:
            return None
        if isinstance(key, str):
            try:
                return cls(key)
            except ValueError:
                pass
        keys = ", ".join([*(theme.value for theme in cls), MIXED])
        raise MalformedError(f"unknown theme: {key!r} (choose from {keys})")


THEMES: Final[tuple[Theme, ...]] = tuple(Theme)
THEME_NAMES: Final[dict[Theme, str]] = {
    Theme.FULL_HOUSE_DRAW: "两对拼葫芦",
    Theme.STRAIGHT_DRAW: "连号冲顺子",
    Theme.UPPER_BONUS: "上区奖励",
    Theme.SACRIFICE: "写零取舍",
    Theme.CHANCE: "机会",
    Theme.ENDGAME: "收尾",
}


@dataclass(frozen=True, slots=True)
class Position:
    """A decision: ``sheet``, the five ``dice`` (sorted) and ``rolls_left`` (0, 1 or 2)."""

    sheet: Sheet
    dice: tuple[int, ...]
    rolls_left: int

    @property
    def key(self) -> tuple[object, ...]:
        """What makes two positions the same decision."""
        return (self.sheet.boxes, self.sheet.yahtzee_bonus, self.dice, self.rolls_left)


def longest_run(dice: Sequence[int]) -> int:
    """The longest run of distinct consecutive faces among ``dice`` (1 2 3 5 5 → 3)."""
    present = set(dice)
    best = 0
    for face in present:
        if face - 1 not in present:
            length = 1
            while face + length in present:
                length += 1
            best = max(best, length)
    return best


def is_two_pairs(dice: Sequence[int]) -> bool:
    """True when the dice are exactly two pairs and an odd die (2 2 5 5 6)."""
    return sorted(Counter(dice).values()) == TWO_PAIRS


def bonus_reachable(sheet: Sheet) -> bool:
    """True while the +35 is not earned yet but five of each open face would still reach it."""
    subtotal = sheet.upper_subtotal
    most = subtotal + sum(5 * box.face for box in UPPER_BOXES if sheet.is_open(box))
    return subtotal < UPPER_BONUS_THRESHOLD <= most


def meets_without_advice(theme: Theme, position: Position) -> bool:
    """The part of ``theme``'s test that needs no ranking: all of it for four themes; for
    ``sacrifice`` and ``chance`` that no roll is left (and ``chance`` is open)."""
    sheet, dice, rolls_left = position.sheet, position.dice, position.rolls_left
    match theme:
        case Theme.FULL_HOUSE_DRAW:
            return rolls_left > 0 and sheet.is_open(Box.FULL_HOUSE) and is_two_pairs(dice)
        case Theme.STRAIGHT_DRAW:
            straight_open = sheet.is_open(Box.SMALL_STRAIGHT) or sheet.is_open(Box.LARGE_STRAIGHT)
            return rolls_left > 0 and straight_open and longest_run(dice) in STRAIGHT_RUNS
        case Theme.UPPER_BONUS:
            return bonus_reachable(sheet)
        case Theme.SACRIFICE:
            return rolls_left == 0
        case Theme.CHANCE:
            return rolls_left == 0 and sheet.is_open(Box.CHANCE)
        case Theme.ENDGAME:
            return len(list(sheet.open_boxes())) <= ENDGAME_OPEN


def meets(theme: Theme, position: Position, advice: Advice) -> bool:
    """True when ``position`` (with its ``advice``, best first) passes ``theme``'s test."""
    if not meets_without_advice(theme, position):
        return False
    two_best = advice.options[:2]
    if theme is Theme.SACRIFICE:
        return any(option.points == 0 for option in two_best)
    if theme is Theme.CHANCE:
        return any(option.box is Box.CHANCE for option in two_best)
    return True


def themes_of(position: Position, advice: Advice) -> tuple[Theme, ...]:
    """Every theme ``position`` belongs to, in theme order."""
    return tuple(theme for theme in THEMES if meets(theme, position, advice))


__all__ = [
    "MIXED",
    "MIXED_ZH",
    "THEMES",
    "Position",
    "Theme",
    "bonus_reachable",
    "is_two_pairs",
    "longest_run",
    "meets",
    "meets_without_advice",
    "themes_of",
]
