"""Constant tables of the solver: keeps, rolls, their lattices, points, reachable subtotals.

A *keep* is a multiset of 0 to 5 dice, stored as its faces sorted ascending. All 462 keeps are
numbered by size, then lexicographically: index 0 is the empty keep, ``ROLL_BASE`` (210) onwards
are the 252 five-dice keeps, which are also the rolls (roll ``r`` is keep ``ROLL_BASE + r``).

Two lattices link keeps one die at a time, which is what makes a turn cheap to evaluate:

- ``KEEP_CHILD[k, f - 1]`` is keep ``k`` plus one die showing ``f`` (-1 for a five-dice keep), so
  the value of rerolling everything but ``k`` is the mean over the six faces of the children.
- ``KEEP_PARENTS[k, :KEEP_NPARENTS[k]]`` are the keeps with one die of ``k`` removed (one per
  distinct face), so the best sub-keep of a roll is a running maximum down this lattice.

Points come from ``yahtzee.rules`` so that a scoring rule lives in one place.
"""

from __future__ import annotations

import itertools
import math
from typing import Final

import numpy as np
import numpy.typing as npt

from yahtzee.rules import (
    BOXES,
    FACES,
    NUM_BOXES,
    NUM_DICE,
    NUM_UPPER_BOXES,
    UPPER_BONUS_THRESHOLD,
    UPPER_BOXES,
    Box,
    joker_points,
    points,
)

IntArray = npt.NDArray[np.int64]
FloatArray = npt.NDArray[np.float64]

NUM_MASKS: Final = 1 << NUM_BOXES
FULL_MASK: Final = NUM_MASKS - 1
UPPER_MASK: Final = (1 << NUM_UPPER_BOXES) - 1
LOWER_MASK: Final = FULL_MASK ^ UPPER_MASK
"""The bits of the upper and of the lower boxes in a mask of filled boxes."""
UPPER_CAP: Final = UPPER_BONUS_THRESHOLD
NUM_UPPER: Final = UPPER_CAP + 1
YAHTZEE_BIT: Final = 1 << Box.YAHTZEE.pos


def _all_keeps() -> tuple[tuple[int, ...], ...]:
    return tuple(
        keep
        for size in range(NUM_DICE + 1)
        for keep in itertools.combinations_with_replacement(FACES, size)
    )


KEEPS: Final[tuple[tuple[int, ...], ...]] = _all_keeps()
"""Every keep as a sorted tuple of faces, in index order."""
NUM_KEEPS: Final = len(KEEPS)
KEEP_INDEX: Final[dict[tuple[int, ...], int]] = {keep: i for i, keep in enumerate(KEEPS)}
ROLL_BASE: Final = KEEP_INDEX[(1,) * NUM_DICE]
NUM_ROLLS: Final = NUM_KEEPS - ROLL_BASE
ROLLS: Final[tuple[tuple[int, ...], ...]] = KEEPS[ROLL_BASE:]
MAX_SUBKEEPS: Final = 1 << NUM_DICE


def _keep_lattice() -> tuple[IntArray, IntArray, IntArray, IntArray]:
    size = np.array([len(k) for k in KEEPS], dtype=np.int64)
    child = np.full((NUM_KEEPS, len(FACES)), -1, dtype=np.int64)
    parents = np.full((NUM_KEEPS, NUM_DICE), -1, dtype=np.int64)
    nparents = np.zeros(NUM_KEEPS, dtype=np.int64)
    for i, keep in enumerate(KEEPS):
        if len(keep) < NUM_DICE:
            for f in FACES:
                child[i, f - 1] = KEEP_INDEX[tuple(sorted((*keep, f)))]
        for j, face in enumerate(sorted(set(keep))):
            rest = list(keep)
            rest.remove(face)
            parents[i, j] = KEEP_INDEX[tuple(rest)]
            nparents[i] = j + 1
    return size, child, parents, nparents


KEEP_SIZE, KEEP_CHILD, KEEP_PARENTS, KEEP_NPARENTS = _keep_lattice()
KEEP_COUNTS: Final[IntArray] = np.array(
    [[keep.count(f) for f in FACES] for keep in KEEPS], dtype=np.int64
)
"""``KEEP_COUNTS[k, f - 1]``: how many dice of keep ``k`` show ``f``; shape (462, 6)."""


def _roll_probabilities() -> FloatArray:
    total = len(FACES) ** NUM_DICE
    probs = [
        math.factorial(NUM_DICE) / math.prod(math.factorial(roll.count(f)) for f in FACES) / total
        for roll in ROLLS
    ]
    return np.array(probs, dtype=np.float64)


ROLL_PROB: Final[FloatArray] = _roll_probabilities()
"""Probability of each roll when all five dice are thrown; shape (252,)."""

ROLL_COUNTS: Final[IntArray] = KEEP_COUNTS[ROLL_BASE:].copy()
"""``ROLL_COUNTS[r, f - 1]``: dice of roll ``r`` showing ``f``; shape (252, 6)."""

ROLL_POINTS: Final[IntArray] = np.array(
    [[points(box, roll) for box in BOXES] for roll in ROLLS], dtype=np.int64
)
"""``ROLL_POINTS[r, b]``: points of roll ``r`` in box ``b`` by the box's own pattern; (252, 13)."""

ROLL_YAHTZEE_FACE: Final[IntArray] = np.array(
    [roll[0] if len(set(roll)) == 1 else 0 for roll in ROLLS], dtype=np.int64
)
"""The face of a five-of-a-kind roll, else 0; shape (252,)."""

JOKER_POINTS: Final[IntArray] = np.array(
    [[0 if box.is_upper else joker_points(box, (f,) * NUM_DICE) for box in BOXES] for f in FACES],
    dtype=np.int64,
)
"""``JOKER_POINTS[f - 1, b]``: what five ``f`` score in lower box ``b`` as a Joker; (6, 13)."""


def _roll_subkeeps() -> tuple[IntArray, IntArray]:
    subkeeps = np.full((NUM_ROLLS, MAX_SUBKEEPS), -1, dtype=np.int64)
    counts = np.zeros(NUM_ROLLS, dtype=np.int64)
    for r, roll in enumerate(ROLLS):
        found = sorted(
            {
                KEEP_INDEX[tuple(sorted(roll[i] for i in chosen))]
                for size in range(NUM_DICE + 1)
                for chosen in itertools.combinations(range(NUM_DICE), size)
            }
        )
        subkeeps[r, : len(found)] = found
        counts[r] = len(found)
    return subkeeps, counts


ROLL_SUBKEEPS, ROLL_NSUBKEEPS = _roll_subkeeps()
"""``ROLL_SUBKEEPS[r, :ROLL_NSUBKEEPS[r]]``: keep indices of every sub-multiset of roll ``r``
(the whole roll included), ascending; shape (252, 32), padded with -1."""


def _reachable_uppers() -> tuple[IntArray, IntArray]:
    uppers = np.full((1 << len(UPPER_BOXES), NUM_UPPER), -1, dtype=np.int64)
    counts = np.zeros(1 << len(UPPER_BOXES), dtype=np.int64)
    for upper_mask in range(1 << len(UPPER_BOXES)):
        sums = {0}
        for box in UPPER_BOXES:
            if upper_mask >> box.pos & 1:
                # Capping before the next box is safe: min(63, min(63, a) + b) == min(63, a + b).
                sums = {min(UPPER_CAP, s + box.face * n) for s in sums for n in range(NUM_DICE + 1)}
        found = sorted(sums)
        uppers[upper_mask, : len(found)] = found
        counts[upper_mask] = len(found)
    return uppers, counts


UPPER_REACHABLE, UPPER_NREACHABLE = _reachable_uppers()
"""``UPPER_REACHABLE[u, :UPPER_NREACHABLE[u]]``: the capped upper subtotals that can stand on a
sheet whose filled upper boxes are the bits of ``u`` (6 bits), ascending; shape (64, 64)."""


def roll_index(dice: tuple[int, ...]) -> int:
    """The roll index of five dice in any order (unchecked: the caller validated them)."""
    return KEEP_INDEX[tuple(sorted(dice))] - ROLL_BASE


def is_reachable(mask: int, upper: int, yahtzee50: bool) -> bool:
    """True when a between-turn state can occur in a game (the full sheet included)."""
    if not 0 <= mask < NUM_MASKS or not 0 <= upper <= UPPER_CAP:
        return False
    if yahtzee50 and not mask & YAHTZEE_BIT:
        return False
    upper_mask = mask & ((1 << len(UPPER_BOXES)) - 1)
    return upper in UPPER_REACHABLE[upper_mask, : UPPER_NREACHABLE[upper_mask]]


def reachable_count() -> int:
    """How many between-turn states can occur (536,448, the full sheet's included)."""
    total = 0
    for mask in range(NUM_MASKS):
        ys = 2 if mask & YAHTZEE_BIT else 1
        total += ys * int(UPPER_NREACHABLE[mask & ((1 << len(UPPER_BOXES)) - 1)])
    return total
