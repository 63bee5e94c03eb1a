"""What an option leads to, in quantities a player knows, under optimal play after it.

For an option at a decision (a keep, stopping to score, or a box), ``outcomes`` gives:

- ``boxes``: the points each box is expected to hold at the end of the game (a filled box: its
  points; an open one: what this turn and the rest of the game are expected to put there);
- ``bonus``: the chance that the upper subtotal ends at 63 or more (the +35);
- ``yahtzee_bonus``: the expected Yahtzee bonus points at the end (+100 each);
- ``turn``: for the boxes with a pattern (三条, 四条, 葫芦, 小顺, 大顺, 快艇), the chance that
  this turn's final dice show it, when the rest of the turn is played optimally;
- ``chase``: the same chance when the rest of the turn plays for that pattern alone (the number a
  player works out by hand: two pairs kept with two rolls left make a full house 5 in 9 times).
  It depends on the dice alone (``CHASE``). The reasons say this one: the optimal continuation
  may give a pattern up for points elsewhere (3 3 6 6 6 kept for 六点), and its chance of a full
  house would then read lower than the one the player knows, for the same keep.

They come from the outlook table (``yahtzee.solver.outlook``): the turn is carried forward
exactly, and each state it can end in brings its table row. They add up to the advisor's value:
``ev = sum(boxes) + 35 bonus + yahtzee_bonus`` (``check_total``, to float32 rounding).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Final

import numpy as np

from yahtzee.rules import BOXES, NUM_DICE, UPPER_BONUS, Box, Sheet
from yahtzee.solver import Option
from yahtzee.solver.outlook import BONUS_CHANCE, YAHTZEE_BONUSES
from yahtzee.solver.outlook_store import Outlook
from yahtzee.solver.tables import (
    KEEP_CHILD,
    KEEP_INDEX,
    NUM_ROLLS,
    ROLL_BASE,
    ROLL_NSUBKEEPS,
    ROLL_POINTS,
    ROLL_SUBKEEPS,
    FloatArray,
    roll_index,
)

PATTERN_BOXES: Final = (
    Box.THREE_OF_A_KIND,
    Box.FOUR_OF_A_KIND,
    Box.FULL_HOUSE,
    Box.SMALL_STRAIGHT,
    Box.LARGE_STRAIGHT,
    Box.YAHTZEE,
)
"""The boxes a roll makes or misses: their own rule scores these dice or it does not."""
_SHOWS = (ROLL_POINTS[:, [box.pos for box in PATTERN_BOXES]] > 0).astype(np.float64)
TOTAL_TOLERANCE: Final = 1e-3
"""How far the parts may add up from the advisor's value: the table is float32."""


def _chase() -> FloatArray:
    """``CHASE[n - 1, k, p]``: the chance of making pattern ``p`` this turn holding keep ``k``
    and rolling the rest with ``n`` rolls left before that roll, each later roll keeping what
    makes the pattern likeliest (a five-dice keep: whether the dice show it)."""
    chase = np.zeros((2, len(KEEP_CHILD), len(PATTERN_BOXES)))
    roll_value = _SHOWS
    for n in (0, 1):
        lat = chase[n]
        lat[ROLL_BASE:] = roll_value
        for k in range(ROLL_BASE - 1, -1, -1):
            lat[k] = lat[KEEP_CHILD[k]].mean(axis=0)
        best = [
            lat[ROLL_SUBKEEPS[r, : ROLL_NSUBKEEPS[r] - 1]].max(axis=0) for r in range(NUM_ROLLS)
        ]
        roll_value = np.maximum(_SHOWS, np.array(best))
    chase.flags.writeable = False
    return chase


CHASE: Final = _chase()


@dataclass(frozen=True, slots=True)
class Outcome:
    """What one option leads to (see the module docstring)."""

    option: Option
    boxes: tuple[float, ...]
    """Expected final points of each box, in sheet order."""
    bonus: float
    yahtzee_bonus: float
    turn: dict[Box, float]
    chase: dict[Box, float]

    def box(self, box: Box) -> float:
        return self.boxes[box.pos]


def option_index(option: Option) -> int:
    """The outlook kernel's name for ``option``: its keep index, or ``-1 - box`` for scoring
    (after the last roll, or stopping early with the box the option names)."""
    if option.box is not None and (option.keep is None or len(option.keep) == NUM_DICE):
        return -1 - option.box.pos
    assert option.keep is not None
    return KEEP_INDEX[option.keep]


def outcomes(
    outlook: Outlook, sheet: Sheet, dice: Sequence[int], rolls_left: int, options: Sequence[Option]
) -> tuple[Outcome, ...]:
    """What each of ``options`` (the advisor's, for ``dice`` on ``sheet`` with ``rolls_left``
    rolls left, so already checked) leads to."""
    roll = roll_index(tuple(dice))
    parts, finals = outlook.decision(sheet, roll, rolls_left, [option_index(o) for o in options])
    now = [float(v or 0) for v in sheet.boxes]
    shows = finals @ _SHOWS
    found = []
    for o, option in enumerate(options):
        row = parts[o].tolist()
        if option.keep is not None and len(option.keep) < NUM_DICE:
            chase = CHASE[rolls_left - 1, KEEP_INDEX[option.keep]]
        else:
            chase = _SHOWS[roll]
        found.append(
            Outcome(
                option=option,
                boxes=tuple(now[b] + row[b] for b in range(len(BOXES))),
                bonus=row[BONUS_CHANCE],
                yahtzee_bonus=sheet.yahtzee_bonus + row[YAHTZEE_BONUSES],
                turn={box: float(shows[o, i]) for i, box in enumerate(PATTERN_BOXES)},
                chase={box: float(chase[i]) for i, box in enumerate(PATTERN_BOXES)},
            )
        )
    return tuple(found)


def check_total(outcome: Outcome) -> float:
    """How far ``outcome``'s parts add up from its option's expected final total."""
    total = sum(outcome.boxes) + UPPER_BONUS * outcome.bonus + outcome.yahtzee_bonus
    return abs(total - outcome.option.ev)


__all__ = [
    "CHASE",
    "PATTERN_BOXES",
    "TOTAL_TOLERANCE",
    "Outcome",
    "check_total",
    "option_index",
    "outcomes",
]
