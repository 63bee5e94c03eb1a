"""The 高手's later turns played to win, added to its chances as a measured shift.

``WinModel`` values every turn after the one in front of the acting side as expected-score play
(``kernel``). The 高手 computer goes on playing to win, so it wins more often than that says:
against the EV optimum, about 1.5 points of chance more than predicted before each of its first
ten turns, then less as fewer turns are left to adapt (``benchmarks/winprob.py`` prints it).

Over 120,000 games against the EV optimum (seeds 101 and 103, none of the benchmark's seeds) the
gap is one shift in the log-odds of the 高手's win share among the games not drawn, for each
number ``m`` of its turns valued as expected-score play (its turns left, less the one it is
playing, whose lattice already plays to win):

| m | fitted shift | used |
|---|---|---|
| 0, 1 | -0.002, -0.001 (± 0.01) | 0 |
| 2 | 0.048 ± 0.009 | 0.05 |
| 3 to 12 | 0.059 to 0.071 (± 0.006 to 0.008) | 0.065 |

Only the chances shown are shifted, not the laws of the points to come: the draw keeps its
share, and a decided game stays decided. The play itself is not changed (every option of one
turn leaves the same number of turns, so the same shift, and the choice is the same). A 入门 or
普通 computer does not play to win, and the player is valued as the expected-score optimum:
neither is shifted.
"""

from __future__ import annotations

from typing import Final

import numpy as np

from yahtzee.game import COMPUTER, Difficulty
from yahtzee.rules import BOXES, Sheet
from yahtzee.solver.tables import FloatArray

SHIFTS: Final[tuple[float, ...]] = (0.0, 0.0, 0.05) + (0.065,) * 11
"""Log-odds shift of the 高手's win share by its turns valued as expected-score play, 0-13."""


def expert_shift(difficulty: Difficulty | None, computer: Sheet, acting: int) -> float:
    """The shift of the computer's chances with its sheet ``computer``, side ``acting`` to
    act (its own turn is played to win in its lattice): nonzero only for the 高手."""
    if difficulty is not Difficulty.EXPERT:
        return 0.0
    later = len(BOXES) - computer.filled_count - (acting == COMPUTER)
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
