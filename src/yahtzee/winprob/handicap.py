"""What 入门 and 普通 leave on the table: the points they lose to the optimum in the boxes left.

The 胜率 tables hold the law of the points still to come under optimal play. Against 入门 or 普通
the computer's chances use that law shifted down by the level's *shortfall* in the boxes it has
left open: for each open box, the box's mean points under the optimum minus under the level; for
each open upper box while the +35 is still open and within reach, a sixth of the gap in how often
the level wins it (× 35); and for each open box a thirteenth of the gap in Yahtzee bonuses.

The gaps are measured, 10,000 games each with ``yahtzee simulate --seed 7`` (the solitaire table
of ``docs/strength.md``); a test holds them to a fresh simulation on other dice. Measured by
``benchmarks/winprob.py --levels`` (10,000 games of the play-to-win 高手 against each level, the
chances it is shown before each of its turns): the worst calibration bin is 0.7 points against
普通 and 5.8 against 入门, where without the shift they were 16.3 and 30.3. 入门 loses most of
its gap early in a game, so mid-game its shortfall is overstated, by about 4 points of chance.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Final

from yahtzee.game import Difficulty
from yahtzee.rules import BOXES, UPPER_BONUS, UPPER_BONUS_THRESHOLD, UPPER_BOXES, Sheet


@dataclass(frozen=True, slots=True)
class Gaps:
    """A level's mean shortfall against the optimum: per box (sheet order), the upper bonus
    (35 × the gap in P(bonus)) and the Yahtzee bonuses (mean points)."""

    boxes: tuple[float, ...]
    upper_bonus: float
    yahtzee_bonus: float

    @property
    def total(self) -> float:
        """The whole game's shortfall: optimum mean total minus the level's."""
        return sum(self.boxes) + self.upper_bonus + self.yahtzee_bonus


# Mean points per box, P(upper bonus) and mean Yahtzee bonus, 10,000 games each, seed 7.
_EXPERT: Final = (
    1.86,
    5.26,
    8.56,
    12.12,
    15.65,
    19.25,
    21.60,
    13.09,
    22.56,
    29.53,
    32.62,
    16.56,
    22.00,
)
_MEASURED: Final = {
    Difficulty.NORMAL: (
        (2.08, 5.06, 8.01, 10.98, 13.91, 16.65, 22.30, 12.18, 20.77, 29.45, 30.78, 14.04, 22.89),
        0.2966,
        6.33,
    ),
    Difficulty.BEGINNER: (
        (1.09, 3.24, 5.41, 7.55, 10.24, 12.86, 18.78, 15.60, 21.75, 26.90, 21.76, 15.29, 18.47),
        0.0106,
        4.98,
    ),
}
_EXPERT_BONUS: Final = 0.6760
_EXPERT_YAHTZEE_BONUS: Final = 9.48

GAPS: Final[dict[Difficulty, Gaps]] = {
    level: Gaps(
        tuple(e - m for e, m in zip(_EXPERT, means, strict=True)),
        UPPER_BONUS * (_EXPERT_BONUS - bonus),
        _EXPERT_YAHTZEE_BONUS - yahtzee_bonus,
    )
    for level, (means, bonus, yahtzee_bonus) in _MEASURED.items()
}


def shortfall(difficulty: Difficulty | None, sheet: Sheet) -> int:
    """The points a computer of ``difficulty`` is expected to lose to the optimum in the boxes
    ``sheet`` has open, rounded (0 for 高手, which plays the optimum or better)."""
    gaps = GAPS.get(difficulty) if difficulty is not None else None
    if gaps is None:
        return 0
    open_boxes = [i for i, box in enumerate(BOXES) if sheet.get(box) is None]
    points = sum(gaps.boxes[i] for i in open_boxes)
    upper_open = [face for face, box in enumerate(UPPER_BOXES, start=1) if sheet.get(box) is None]
    reach = sheet.upper_subtotal + 5 * sum(upper_open)
    if sheet.upper_subtotal < UPPER_BONUS_THRESHOLD <= reach:
        points += gaps.upper_bonus * len(upper_open) / len(UPPER_BOXES)
    points += gaps.yahtzee_bonus * len(open_boxes) / len(BOXES)
    return round(points)
