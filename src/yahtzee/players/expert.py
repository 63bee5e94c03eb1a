"""高手 (``expert``): the optimal strategy, maximising the expected final total.

``ExpertPlayer`` plays the advisor's best option at every decision (``yahtzee.solver.Advisor``,
the same answer a hint gives): the keep, or the box, with the highest expected final total, ties
broken the advisor's way. It never looks at the opponent and makes no random choices.

``ExpertPolicy`` is the same strategy for the simulator. Each turn it asks the solver's batch
kernel for the value lattice of every distinct state in the batch at once, then reads each game's
options from it (the expected final total of every keep and box, added up as the advisor adds
them) and takes the best. Where two options come within 1e-8 of each other the order is the
advisor's tie-break, so for those rare decisions (about one game in two meets one) it asks the
advisor itself: the choice is the advisor's by construction, whatever its tie rule.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Final

import numba
import numpy as np

from yahtzee.players.base import Decision, FloatArray, Player
from yahtzee.players.batch import BoolArray, Sheets, States
from yahtzee.rules import BOXES, NUM_BOXES, NUM_DICE, Sheet
from yahtzee.solver import Advisor, Table, TurnValues
from yahtzee.solver.scoring import roll_options
from yahtzee.solver.tables import (
    FULL_MASK,
    KEEP_INDEX,
    ROLL_NSUBKEEPS,
    ROLL_SUBKEEPS,
    ROLLS,
    IntArray,
)

NAME: Final = "expert"
# Wider than the advisor's tie tolerance (1e-9) and its rounding noise, far narrower than real gaps.
_NEAR: Final = 1e-8


class ExpertPlayer(Player):
    """The 高手 computer player: the advisor's best option, always."""

    name = NAME

    def __init__(self, table: Table) -> None:
        self.advisor = Advisor(table)

    def decide(self, sheet: Sheet, dice: Sequence[int], rolls_left: int) -> Decision:
        best = self.advisor.advise(sheet, dice, rolls_left).best
        if best.keep is not None and len(best.keep) < NUM_DICE:
            return best.keep
        assert best.box is not None  # a box option, or holding all five: stop and score
        return best.box


@numba.njit(cache=True, nogil=True)
def _box_evs(
    w: FloatArray,
    masks: IntArray,
    uppers: IntArray,
    ys: IntArray,
    totals: IntArray,
    rolls: IntArray,
    out: FloatArray,
) -> None:
    """``out[i, b]``: the expected final total of scoring roll ``rolls[i]`` in box ``b``, -inf
    where the rules (forced Joker included) do not allow it; shape (n, 13). The terms are added
    as ``Advisor`` adds them (points, +100, +35, the value after; then the sheet's total), so
    the floats are the advisor's to the last bit."""
    boxes = np.empty(NUM_BOXES, dtype=np.int64)
    gains = np.empty(NUM_BOXES, dtype=np.int64)
    after_uppers = np.empty(NUM_BOXES, dtype=np.int64)
    after_ys = np.empty(NUM_BOXES, dtype=np.int64)
    for i in range(rolls.shape[0]):
        mask = masks[i]
        for b in range(NUM_BOXES):
            out[i, b] = -np.inf
        n = roll_options(mask, ys[i], uppers[i], rolls[i], boxes, gains, after_uppers, after_ys)
        for j in range(n):
            b = boxes[j]
            after = mask | (1 << b)
            future = 0.0 if after == FULL_MASK else w[after, after_ys[j], after_uppers[j]]
            # gains are whole points, exact in a float: the sum is the advisor's to the last bit
            out[i, b] = totals[i] + (gains[j] + future)


@numba.njit(cache=True, nogil=True)
def _keep_evs(
    lattice: FloatArray,
    states: IntArray,
    rolls: IntArray,
    totals: IntArray,
    stop: FloatArray,
    out: FloatArray,
) -> None:
    """``out[i, j]``: the expected final total of sub-keep ``ROLL_SUBKEEPS[rolls[i], j]``, the
    last (the whole roll) being ``stop[i]``; -inf past the roll's sub-keeps. Shape (n, 32)."""
    for i in range(rolls.shape[0]):
        r = rolls[i]
        count = ROLL_NSUBKEEPS[r]
        for j in range(out.shape[1]):
            out[i, j] = -np.inf
        for j in range(count - 1):
            out[i, j] = totals[i] + lattice[states[i], ROLL_SUBKEEPS[r, j]]
        out[i, count - 1] = stop[i]


@numba.njit(cache=True, nogil=True)
def _top(evs: FloatArray, pick: IntArray, tied: BoolArray) -> None:
    """``pick[i]``: the first best column of row ``i``; ``tied[i]``: another column is within
    ``_NEAR`` of it."""
    for i in range(evs.shape[0]):
        best = 0
        for j in range(1, evs.shape[1]):
            if evs[i, j] > evs[i, best]:
                best = j
        pick[i] = best
        tied[i] = False
        for j in range(evs.shape[1]):
            if j != best and evs[i, j] >= evs[i, best] - _NEAR:
                tied[i] = True


def _rank(evs: FloatArray, resolve: Callable[[int], int]) -> IntArray:
    """The best column of each row of ``evs`` (-inf: not an option); where another column comes
    within ``_NEAR`` of it, ``resolve(row)`` decides, as the advisor's order does."""
    n = evs.shape[0]
    pick = np.empty(n, dtype=np.int64)
    tied = np.empty(n, dtype=np.bool_)
    _top(evs, pick, tied)
    for i in np.flatnonzero(tied).tolist():
        pick[i] = resolve(i)
    return pick


class ExpertPolicy:
    """The 高手 strategy for a batch of games, choosing exactly as ``ExpertPlayer``."""

    def __init__(self, table: Table) -> None:
        self.table = table
        self.advisor = Advisor(table)
        self._w = table.values
        self._sheets = Sheets.empty(0)
        self._states = States.empty()
        self._totals = self._sheets.totals()
        self._tv: TurnValues | None = None

    def start_turn(self, sheets: Sheets) -> None:
        self._sheets = sheets
        self._states = st = States.of(sheets)
        self._totals = sheets.totals()
        self._tv = self.table.turn_values(st.masks[st.first], st.uppers[st.first], st.ys[st.first])

    def _best_boxes(self, rows: IntArray, rolls: IntArray) -> tuple[IntArray, FloatArray]:
        """The advisor's best box for each row's roll, and its expected final total."""
        evs = np.empty((rows.size, len(BOXES)))
        st = self._states
        _box_evs(
            self._w, st.masks[rows], st.uppers[rows], st.ys[rows], self._totals[rows], rolls, evs
        )

        def resolve(i: int) -> int:
            sheet = self._sheets.sheet(int(rows[i]))
            best = self.advisor.box_options(sheet, ROLLS[rolls[i]])[0].box
            assert best is not None
            return best.pos

        best = _rank(evs, resolve)
        return best, evs[np.arange(rows.size), best]

    def boxes(self, rows: IntArray, rolls: IntArray, u: FloatArray) -> IntArray:
        return self._best_boxes(rows, rolls)[0]

    def keeps(self, rows: IntArray, rolls: IntArray, rolls_left: int, u: FloatArray) -> IntArray:
        assert self._tv is not None, "start_turn first"
        lattice = self._tv.keep1 if rolls_left == 1 else self._tv.keep2
        # Holding all five is stopping, worth the best box, as the advisor counts it.
        _, stop = self._best_boxes(rows, rolls)
        evs = np.empty((rows.size, ROLL_SUBKEEPS.shape[1]))
        _keep_evs(lattice, self._states.which[rows], rolls, self._totals[rows], stop, evs)
        subkeeps = ROLL_SUBKEEPS[rolls]

        def resolve(i: int) -> int:
            sheet = self._sheets.sheet(int(rows[i]))
            best = self.advisor.advise(sheet, ROLLS[rolls[i]], rolls_left).best.keep
            assert best is not None
            return int(np.flatnonzero(subkeeps[i] == KEEP_INDEX[best])[0])

        return subkeeps[np.arange(rows.size), _rank(evs, resolve)]


__all__ = ["ExpertPlayer", "ExpertPolicy"]
