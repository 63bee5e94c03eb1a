"""Scoring one roll in compiled code: the boxes it may go in now and what each earns.

The forced Joker rule (``docs/rules.md``) as ``rules.choices`` applies it, over the
solver's state (mask of filled boxes, ``yahtzee`` holding 50, capped upper subtotal), for kernels
that cannot call Python. The tests hold it to ``rules.choices``.
"""

from __future__ import annotations

import numba

from yahtzee.rules import (
    FACES,
    NUM_BOXES,
    NUM_DICE,
    NUM_UPPER_BOXES,
    UPPER_BONUS,
    YAHTZEE_BONUS,
    YAHTZEE_INDEX,
    YAHTZEE_POINTS,
)
from yahtzee.solver.tables import (
    JOKER_POINTS,
    LOWER_MASK,
    ROLL_POINTS,
    ROLL_YAHTZEE_FACE,
    UPPER_CAP,
    YAHTZEE_BIT,
    IntArray,
)

MAX_GAIN = YAHTZEE_BONUS + NUM_DICE * FACES[-1] + UPPER_BONUS
"""The most one scoring can add: 100 (Yahtzee bonus) + 30 (five 6s in ``sixes``) + 35."""
NUM_GAINS = MAX_GAIN + 1


@numba.njit(cache=True, nogil=True)
def roll_options(
    mask: int,
    y: int,
    upper: int,
    r: int,
    boxes: IntArray,
    gains: IntArray,
    uppers: IntArray,
    ys: IntArray,
) -> int:
    """The boxes roll ``r`` may be scored in now (forced Joker), in sheet order; returns how many.

    Fills ``boxes[j]``, ``gains[j]`` (points + Yahtzee bonus + any +35 earned), and the state
    after: ``uppers[j]`` (capped) and ``ys[j]``; the mask after is ``mask | 1 << boxes[j]``.
    """
    face = ROLL_YAHTZEE_FACE[r]
    joker = face != 0 and (mask & YAHTZEE_BIT) != 0
    bonus = YAHTZEE_BONUS if (face != 0 and y) else 0
    matching_open = joker and not mask & (1 << (face - 1))
    lower_open = (mask & LOWER_MASK) != LOWER_MASK
    n = 0
    for b in range(NUM_BOXES):
        if mask & (1 << b):
            continue
        if not joker:
            pts = ROLL_POINTS[r, b]
        elif matching_open:
            if b != face - 1:
                continue
            pts = ROLL_POINTS[r, b]
        elif lower_open:
            if b < NUM_UPPER_BOXES:
                continue
            pts = JOKER_POINTS[face - 1, b]
        else:
            pts = 0
        nu = upper
        ny = y
        gain = pts + bonus
        if b < NUM_UPPER_BOXES:
            nu = min(upper + pts, UPPER_CAP)
            if upper < UPPER_CAP <= upper + pts:
                gain += UPPER_BONUS
        elif b == YAHTZEE_INDEX and pts == YAHTZEE_POINTS:
            ny = 1
        boxes[n] = b
        gains[n] = gain
        uppers[n] = nu
        ys[n] = ny
        n += 1
    return n
