"""The rules of ``yahtzee.rules`` over arrays of games, for the simulator and the batch policies.

Dice are handled as multisets, by index into ``yahtzee.solver.tables``: a *roll* ``r`` (0–251)
is ``ROLLS[r]``, a *keep* ``k`` (0–461) is ``KEEPS[k]``, and keep ``ROLL_BASE + r`` is roll ``r``
itself (holding all five dice, i.e. stopping). Position order does not matter to any rule, and
rerolling the dice not held is drawing one face per missing die, so a reroll walks
``KEEP_CHILD`` up from the keep. Points come from the tables, which take them from
``yahtzee.rules``; the forced Joker is applied here exactly as ``rules.choices`` does, which the
tests check by replaying simulated games through ``Game.apply``.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Final

import numpy as np
import numpy.typing as npt

from yahtzee.rules import (
    BOXES,
    NUM_BOXES,
    NUM_DICE,
    NUM_UPPER_BOXES,
    UPPER_BONUS,
    UPPER_BONUS_THRESHOLD,
    YAHTZEE_BONUS,
    YAHTZEE_INDEX,
    YAHTZEE_POINTS,
)
from yahtzee.rules import Sheet as RulesSheet
from yahtzee.solver.tables import (
    JOKER_POINTS,
    KEEP_CHILD,
    KEEP_SIZE,
    ROLL_BASE,
    ROLL_POINTS,
    ROLL_YAHTZEE_FACE,
    UPPER_CAP,
    IntArray,
    roll_index,
)

BoolArray = npt.NDArray[np.bool_]

OPEN: Final = -1
"""What ``Sheets.scores`` holds for an open box (a filled box holds its points, 0 included)."""
_BITS: Final[IntArray] = np.left_shift(1, np.arange(NUM_BOXES, dtype=np.int64))
_IS_UPPER: Final[BoolArray] = np.array([box.is_upper for box in BOXES])


@dataclass(frozen=True, slots=True)
class Sheets:
    """The score sheets of ``n`` games, updated in place by ``score``.

    scores : ndarray(int64, shape (n, 13)), points per box in sheet order, ``OPEN`` (-1) if open.
    bonus : ndarray(int64, shape (n,)), the Yahtzee bonus earned so far.
    """

    scores: IntArray
    bonus: IntArray

    @classmethod
    def empty(cls, n: int) -> Sheets:
        """``n`` fresh sheets."""
        return cls(np.full((n, NUM_BOXES), OPEN, dtype=np.int64), np.zeros(n, dtype=np.int64))

    @classmethod
    def of(cls, sheets: Sequence[RulesSheet]) -> Sheets:
        """The arrays of the given ``rules.Sheet`` values."""
        scores = np.array(
            [[OPEN if v is None else v for v in sheet.boxes] for sheet in sheets], dtype=np.int64
        ).reshape(len(sheets), NUM_BOXES)
        bonus = np.array([sheet.yahtzee_bonus for sheet in sheets], dtype=np.int64)
        return cls(scores, bonus)

    def __len__(self) -> int:
        return int(self.bonus.shape[0])

    def sheet(self, i: int) -> RulesSheet:
        """Game ``i`` as a ``rules.Sheet``."""
        boxes = tuple(None if v == OPEN else int(v) for v in self.scores[i])
        return RulesSheet(boxes, int(self.bonus[i]))

    @property
    def mask(self) -> IntArray:
        """The 13-bit mask of filled boxes, shape (n,) (the solver's state key)."""
        return ((self.scores != OPEN) * _BITS).sum(axis=1)  # type: ignore[no-any-return]

    @property
    def upper(self) -> IntArray:
        """The upper subtotal, not capped, shape (n,)."""
        return np.maximum(self.scores[:, :NUM_UPPER_BOXES], 0).sum(axis=1)  # type: ignore[no-any-return]

    @property
    def yahtzee50(self) -> BoolArray:
        """True where the ``yahtzee`` box holds 50, shape (n,)."""
        return self.scores[:, YAHTZEE_INDEX] == YAHTZEE_POINTS  # type: ignore[no-any-return]

    def totals(self) -> IntArray:
        """Each game's total by the rules (upper bonus and Yahtzee bonus included), shape (n,)."""
        filled = np.maximum(self.scores, 0)
        upper = filled[:, :NUM_UPPER_BOXES].sum(axis=1)
        upper_bonus = np.where(upper >= UPPER_BONUS_THRESHOLD, UPPER_BONUS, 0)
        return filled.sum(axis=1) + upper_bonus + self.bonus  # type: ignore[no-any-return]


def reroll(keeps: IntArray, rng: np.random.Generator) -> IntArray:
    """Roll the dice missing from each keep: the roll indices reached, shape (n,).

    Draws five faces per game whatever the keep, so the stream does not depend on the keeps.
    """
    k = np.asarray(keeps, dtype=np.int64)
    faces = rng.integers(0, 6, size=(k.shape[0], NUM_DICE))
    missing = NUM_DICE - KEEP_SIZE[k]
    for j in range(NUM_DICE):
        # A full keep's child is -1; np.where throws that away (cheaper than masked indexing).
        k = np.where(j < missing, KEEP_CHILD[k, faces[:, j]], k)
    return k - ROLL_BASE


def first_rolls(n: int, rng: np.random.Generator) -> IntArray:
    """The first roll of a turn (all five dice thrown) for ``n`` games."""
    return reroll(np.zeros(n, dtype=np.int64), rng)


def joker(scores: IntArray, rolls: IntArray) -> BoolArray:
    """Where the forced Joker applies: five of a kind with ``yahtzee`` already filled."""
    return (ROLL_YAHTZEE_FACE[rolls] > 0) & (scores[:, YAHTZEE_INDEX] != OPEN)  # type: ignore[no-any-return]


def box_points(scores: IntArray, rolls: IntArray) -> IntArray:
    """Points each box would score for each game's roll, Joker values included; (n, 13).

    Whether a box may be chosen is ``allowed``'s business; this is only what it would hold.
    """
    pts = ROLL_POINTS[rolls].copy()
    jk = joker(scores, rolls)
    if jk.any():
        lower = pts[jk]
        lower[:, ~_IS_UPPER] = JOKER_POINTS[ROLL_YAHTZEE_FACE[rolls[jk]] - 1][:, ~_IS_UPPER]
        pts[jk] = lower
    return pts


def allowed(scores: IntArray, rolls: IntArray) -> BoolArray:
    """The boxes each game may score its roll in now (``rules.choices``), shape (n, 13)."""
    is_open = scores == OPEN
    ok: BoolArray = is_open.copy()
    jk = np.flatnonzero(joker(scores, rolls))
    if jk.size:
        face = ROLL_YAHTZEE_FACE[rolls[jk]] - 1
        open_j = is_open[jk]
        matching = open_j[np.arange(jk.size), face]
        any_lower = open_j[:, ~_IS_UPPER].any(axis=1)
        forced = np.zeros_like(open_j)
        forced[np.arange(jk.size), face] = True
        lower_only = open_j & ~_IS_UPPER
        upper_only = open_j & _IS_UPPER
        ok[jk] = np.where(
            matching[:, None], forced, np.where(any_lower[:, None], lower_only, upper_only)
        )
    return ok


def score(sheets: Sheets, rolls: IntArray, boxes: IntArray) -> None:
    """Score each game's roll in its box (unchecked: each box must be ``allowed``), in place."""
    rows = np.arange(len(sheets))
    before = sheets.scores
    bonus = (ROLL_YAHTZEE_FACE[rolls] > 0) & (before[:, YAHTZEE_INDEX] == YAHTZEE_POINTS)
    sheets.bonus[bonus] += YAHTZEE_BONUS
    sheets.scores[rows, boxes] = box_points(before, rolls)[rows, boxes]


@dataclass(frozen=True, slots=True)
class States:
    """Each game's solver state ``(mask, upper capped at 63, yahtzee50)`` and the distinct ones.

    masks, uppers, ys : ndarray(int64, shape (n,)), the state of each game (``ys`` is 0 or 1).
    which : ndarray(int64, shape (n,)), each game's state among the distinct ones.
    first : ndarray(int64, shape (m,)), one game of each distinct state.

    Early in a game most sheets share a state, so per-state work (a turn's lattice) is done once
    for each distinct one and read through ``which``.
    """

    masks: IntArray
    uppers: IntArray
    ys: IntArray
    which: IntArray
    first: IntArray

    @classmethod
    def of(cls, sheets: Sheets) -> States:
        masks = sheets.mask
        uppers = np.minimum(sheets.upper, UPPER_CAP)
        ys = sheets.yahtzee50.astype(np.int64)
        key = (masks * (UPPER_CAP + 1) + uppers) * 2 + ys
        _, first, which = np.unique(key, return_index=True, return_inverse=True)
        return cls(masks, uppers, ys, which.astype(np.int64), first.astype(np.int64))

    @classmethod
    def empty(cls) -> States:
        return cls.of(Sheets.empty(0))


__all__ = [
    "OPEN",
    "ROLL_BASE",
    "Sheets",
    "States",
    "allowed",
    "box_points",
    "first_rolls",
    "joker",
    "reroll",
    "roll_index",
    "score",
]
