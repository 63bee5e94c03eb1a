"""高手 (``expert``): the optimal strategy, maximising the expected final total.

``ExpertPlayer`` plays the advisor's best option at every decision (``yahtzee.solver.Advisor``,
the same answer a hint gives): the keep, or the box, with the highest expected final total, ties
broken the advisor's way. It never looks at the opponent and makes no random choices.

``ExpertPolicy`` is the same strategy for the simulator. Each turn it asks the solver's batch
kernel for the value lattice of every distinct state in the batch at once, then reads each game's
options from it. To choose exactly what the advisor would, it ranks the options by the advisor's
documented order — expected final total rounded to 9 decimals, then more dice held (or the box
higher on the sheet), then the keep's faces ascending — computing each option's total with the
same arithmetic as the advisor. Only where two options come within 1e-8 of each other does that
order need the rounding itself, and those rare games are ranked one by one in Python.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Final

import numpy as np

from yahtzee.players.base import Decision, FloatArray, Player, Uniform
from yahtzee.players.batch import (
    OPEN,
    BoolArray,
    Sheets,
    allowed,
    box_points,
    capped_upper,
)
from yahtzee.rules import BOXES, NUM_DICE, UPPER_BONUS, YAHTZEE_BONUS, YAHTZEE_POINTS, Box, Sheet
from yahtzee.solver import Advisor, Table, TurnValues
from yahtzee.solver.tables import (
    FULL_MASK,
    KEEPS,
    ROLL_NSUBKEEPS,
    ROLL_SUBKEEPS,
    ROLL_YAHTZEE_FACE,
    UPPER_CAP,
    IntArray,
)

NAME: Final = "expert"
_TIE_DECIMALS: Final = 9
# Wider than any rounding to 9 decimals can move two totals apart, far narrower than real gaps.
_NEAR: Final = 1e-8
_BITS: Final[IntArray] = np.left_shift(1, np.arange(len(BOXES), dtype=np.int64))
_UPPER_FACE: Final[IntArray] = np.array([b.face if b.is_upper else 0 for b in BOXES])
_IS_UPPER: Final[BoolArray] = _UPPER_FACE > 0


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


def _rank(evs: FloatArray, key: Callable[[int, int, float], tuple[object, ...]]) -> IntArray:
    """The best column of each row of ``evs`` (-inf: not an option) by the advisor's order;
    ``key(row, column, ev)`` is that order's sort key, used only for rows with near ties."""
    top = evs.max(axis=1)
    near = evs >= (top - _NEAR)[:, None]
    pick: IntArray = np.argmax(evs, axis=1)
    for i in np.flatnonzero(near.sum(axis=1) > 1).tolist():
        columns = np.flatnonzero(near[i]).tolist()
        pick[i] = min(columns, key=lambda j: key(i, j, float(evs[i, j])))
    return pick


class ExpertPolicy:
    """The 高手 strategy for a batch of games, choosing exactly as ``ExpertPlayer``."""

    def __init__(self, table: Table) -> None:
        self.table = table
        self._w = table.values
        empty = np.zeros(0, dtype=np.int64)
        self._scores = Sheets.empty(0).scores
        self._masks, self._uppers, self._ys, self._totals, self._which = (empty,) * 5
        self._tv: TurnValues | None = None

    def start_turn(self, sheets: Sheets) -> None:
        self._scores = sheets.scores
        self._masks = sheets.mask
        self._uppers = capped_upper(sheets)
        self._ys = sheets.yahtzee50.astype(np.int64)
        self._totals = sheets.totals()
        # Early in a game most sheets share a state: each distinct one is solved once.
        key = (self._masks * 64 + self._uppers) * 2 + self._ys
        _, first, self._which = np.unique(key, return_index=True, return_inverse=True)
        self._tv = self.table.turn_values(self._masks[first], self._uppers[first], self._ys[first])

    def _box_evs(self, rows: IntArray, rolls: IntArray) -> FloatArray:
        """Expected final total of scoring each row's roll in each box, as ``Advisor`` computes
        it (points, +100, +35, then the value after, added in that order, plus the sheet's
        total); -inf where the box is not allowed. Shape (n, 13)."""
        scores = self._scores[rows]
        mask = self._masks[rows][:, None]
        upper = self._uppers[rows][:, None]
        y = self._ys[rows][:, None]
        ok = allowed(scores, rolls)
        pts = np.where(ok, box_points(scores, rolls), 0)
        bonus = np.where((ROLL_YAHTZEE_FACE[rolls] > 0) & (y[:, 0] == 1), float(YAHTZEE_BONUS), 0.0)
        raised = upper + np.where(_IS_UPPER, pts, 0)
        gain = np.where(_IS_UPPER & (upper < UPPER_CAP) & (raised >= UPPER_CAP), UPPER_BONUS, 0.0)
        after = mask | _BITS
        ny = np.where((np.arange(len(BOXES)) == Box.YAHTZEE.pos) & (pts == YAHTZEE_POINTS), 1, y)
        future = np.where(
            after == FULL_MASK, 0.0, self._w[after, ny, np.minimum(raised, UPPER_CAP)]
        )
        values = pts + bonus[:, None] + gain + future
        evs = self._totals[rows][:, None] + values
        return np.where(ok & (scores == OPEN), evs, -np.inf)

    def _best_boxes(self, evs: FloatArray) -> IntArray:
        return _rank(evs, lambda _i, b, ev: (-round(ev, _TIE_DECIMALS), b))

    def boxes(self, rows: IntArray, rolls: IntArray, u: FloatArray) -> IntArray:
        return self._best_boxes(self._box_evs(rows, rolls))

    def keeps(self, rows: IntArray, rolls: IntArray, rolls_left: int, u: FloatArray) -> IntArray:
        assert self._tv is not None, "start_turn first"
        box_evs = self._box_evs(rows, rolls)
        stop_ev = box_evs[np.arange(rows.size), self._best_boxes(box_evs)]
        lattice = self._tv.keep1 if rolls_left == 1 else self._tv.keep2
        subkeeps = ROLL_SUBKEEPS[rolls]
        count = ROLL_NSUBKEEPS[rolls]
        states = self._which[rows][:, None]
        evs = self._totals[rows][:, None] + lattice[states, np.maximum(subkeeps, 0)]
        evs[np.arange(subkeeps.shape[1]) >= count[:, None]] = -np.inf
        # The last sub-keep is the whole roll: stopping, worth the best box (as the advisor).
        evs[np.arange(rows.size), count - 1] = stop_ev
        pick = _rank(
            evs,
            lambda i, j, ev: (
                -round(ev, _TIE_DECIMALS),
                -len(KEEPS[subkeeps[i, j]]),
                KEEPS[subkeeps[i, j]],
            ),
        )
        return subkeeps[np.arange(rows.size), pick]


def expert_player(table: Table, rng: Uniform | None = None) -> ExpertPlayer:
    """The 高手 computer player (it makes no random choices; ``rng`` is accepted for the
    common signature)."""
    return ExpertPlayer(table)


__all__ = ["ExpertPlayer", "ExpertPolicy", "expert_player"]
