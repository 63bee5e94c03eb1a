"""Measured corrections to the 胜率 model: each computer level's gap to the optimum.

``WinModel`` values both sides as the EV optimum after the turn being played. Two measured
corrections bring the shown chances to how games end (measurements: ``docs/calibration.md``):

- ``shortfall``: a 入门 or 普通 computer scores less than the optimum; its points to come are
  lowered by the mean it loses from its number of filled boxes on;
- ``lifted`` by ``expert_shift``: the 高手 goes on playing to win after this turn, so its chances
  shown get a log-odds shift by its turns still valued as expected-score play. The play is not
  changed: every option of a turn leaves the same turns, so the same shift.
"""

from __future__ import annotations

from typing import Final

import numpy as np

from yahtzee.game import Difficulty
from yahtzee.rules import BOXES, Sheet
from yahtzee.solver.tables import FloatArray

SHORTFALLS: Final[dict[Difficulty, tuple[float, ...]]] = {
    # Index: boxes filled before the turn (0-12).
    Difficulty.NORMAL: (
        29.22, 26.64, 24.06, 21.73, 19.71, 17.49, 15.51, 13.27, 10.67, 7.68, 4.63, 2.08, 0.40,
    ),
    Difficulty.BEGINNER: (
        70.45, 58.89, 49.18, 41.94, 36.38, 31.59, 27.26, 23.28, 19.54, 16.11, 12.60, 7.80, 0.73,
    ),
}  # fmt: skip
"""Mean points a level loses to the optimum in the rest of a game, by boxes filled
(``players.simulate.shortfalls_to_come``); measured by turn because 入门 loses most of its gap
early, while its boxes are still open."""

SHIFTS: Final[tuple[float, ...]] = (0.0, 0.0, 0.05) + (0.065,) * 11
"""Log-odds shift of the 高手's win share by its turns valued as expected-score play, 0-13."""


def shortfall(difficulty: Difficulty | None, sheet: Sheet) -> int:
    """The points a computer of ``difficulty`` with ``sheet`` is expected to lose to the optimum
    in the rest of the game, rounded (0 for 高手, which plays the optimum or better, and for a
    full sheet)."""
    by_turn = SHORTFALLS.get(difficulty) if difficulty is not None else None
    if by_turn is None or sheet.is_full:
        return 0
    return round(by_turn[sheet.filled_count])


def expert_shift(difficulty: Difficulty | None, computer: Sheet, its_turn: bool) -> float:
    """The shift of a computer's chances with its sheet ``computer``, ``its_turn`` when it is
    the seat to act (that turn is played to win in its lattice): nonzero only for the 高手."""
    if difficulty is not Difficulty.EXPERT:
        return 0.0
    later = len(BOXES) - computer.filled_count - its_turn
    return SHIFTS[max(later, 0)]


def lifted(win: FloatArray, draw: FloatArray, shift: float | FloatArray) -> FloatArray:
    """The win shares ``win`` (with draw shares ``draw``) after a log-odds ``shift`` (one, or one
    each) of the win share among the games not drawn; 0 and certain wins stay as they are."""
    rest = 1.0 - draw
    # A certain draw (0 / 0) or a decided share (÷ 0) gives NaN or inf, and ``inner`` is false
    # there: those keep ``win``.
    with np.errstate(divide="ignore", invalid="ignore"):
        share = win / rest
        odds = share / (1.0 - share) * np.exp(shift)
        inner = (share > 0.0) & (share < 1.0)
        return np.where(inner, rest * odds / (1.0 + odds), win)


__all__ = ["SHIFTS", "SHORTFALLS", "expert_shift", "lifted", "shortfall"]
