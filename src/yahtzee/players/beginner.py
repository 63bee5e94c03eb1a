"""入门 (``beginner``): how someone plays in their first few games.

The strategy, in the order the player thinks it:

1. **Take what is on the table.** If some open box would score ``GOOD_ENOUGH`` (15) or more right
   now, stop rolling and score it: a 19 in ``chance`` on the first roll, a small straight while
   the large one is still open, four sixes in ``four_of_a_kind`` rather than rolling for a Yahtzee.
2. **Four in a row looks promising.** With four faces in a row and the large straight open, hold
   the run and roll for the fifth.
3. **Otherwise keep the most frequent face** (the higher face on a tie, or the highest die when
   all differ) and reroll the rest — even when the boxes that face could fill are gone.
4. **Score the biggest number.** Choose the box that scores the most points right now; on a tie,
   or when everything scores 0, the first open box from the top of the sheet.

The weaknesses are the ones people recognise: ``chance`` and ``three_of_a_kind`` are spent early
on whatever sum is biggest, rolling stops at the first decent number, the upper bonus is never
planned for (an upper box is chosen only when it happens to score the most), zeros go into the
top boxes in sheet order, and a pair of ones is held as eagerly as a pair of sixes. It makes no
random choices: the same dice on the same sheet always get the same answer.
"""

from __future__ import annotations

from typing import Final

import numpy as np

from yahtzee.players.base import FloatArray, PolicyPlayer, Uniform
from yahtzee.players.batch import OPEN, ROLL_BASE, Sheets, allowed, box_points
from yahtzee.rules import Box
from yahtzee.solver.tables import KEEP_INDEX, ROLLS, IntArray

NAME: Final = "beginner"
GOOD_ENOUGH: Final = 15
"""Points in one box that make the beginner stop rolling."""
_RUNS: Final = ((3, 4, 5, 6), (2, 3, 4, 5), (1, 2, 3, 4))


def _most_frequent_keep(roll: tuple[int, ...]) -> int:
    face = max(set(roll), key=lambda f: (roll.count(f), f))
    return KEEP_INDEX[(face,) * roll.count(face)]


def _run_keep(roll: tuple[int, ...]) -> int:
    for run in _RUNS:
        if set(run) <= set(roll):
            return KEEP_INDEX[run]
    return -1


_MOST_FREQUENT: Final[IntArray] = np.array([_most_frequent_keep(r) for r in ROLLS], dtype=np.int64)
_RUN: Final[IntArray] = np.array([_run_keep(r) for r in ROLLS], dtype=np.int64)


def _immediate(scores: IntArray, rolls: IntArray) -> IntArray:
    """Points each box would score now, -1 where the box may not be chosen; shape (n, 13)."""
    return np.where(allowed(scores, rolls), box_points(scores, rolls), -1)


class BeginnerPolicy:
    """The 入门 strategy for a batch of games (see the module docstring)."""

    def __init__(self) -> None:
        self._scores = Sheets.empty(0).scores

    def start_turn(self, sheets: Sheets) -> None:
        self._scores = sheets.scores

    def keeps(self, rows: IntArray, rolls: IntArray, rolls_left: int, u: FloatArray) -> IntArray:
        scores = self._scores[rows]
        made = _immediate(scores, rolls).max(axis=1) >= GOOD_ENOUGH
        keep = _MOST_FREQUENT[rolls]
        chase = (_RUN[rolls] >= 0) & (scores[:, Box.LARGE_STRAIGHT.pos] == OPEN)
        keep = np.where(chase, _RUN[rolls], keep)
        # Holding the whole roll is how a policy says "stop rolling".
        return np.where(made, ROLL_BASE + rolls, keep)

    def boxes(self, rows: IntArray, rolls: IntArray, u: FloatArray) -> IntArray:
        # argmax takes the first of equal maxima: the naive top-to-bottom order.
        return np.argmax(_immediate(self._scores[rows], rolls), axis=1)  # type: ignore[no-any-return]


def beginner_player(rng: Uniform) -> PolicyPlayer:
    """The 入门 computer player (``rng`` is accepted for the common signature; it is unused)."""
    return PolicyPlayer(NAME, BeginnerPolicy, rng)
