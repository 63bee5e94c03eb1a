r"""The optimal-strategy DP: the expected points still to come from every between-turn state.

A state between turns is ``s = (m, u, y)``: ``m`` the 13-bit mask of filled boxes, ``u`` the upper
subtotal capped at 63, ``y`` = 1 when ``yahtzee`` holds 50. ``W(s)`` is the expected number of
points still to come under optimal play, exactly under ``docs/rules.md`` (forced Joker).
Points already on the sheet never enter ``W``; the +35 is counted at the scoring that lifts the
capped subtotal to 63, and the +100 at the scoring of a five-of-a-kind while ``y`` = 1.

For a full sheet ``W(m_full, u, y) = 0``. Otherwise, with ``r`` ranging over the 252 rolls (sorted
multisets of five dice) and ``k`` over the 462 keeps (multisets of 0 to 5 dice):

.. math::

    V_0(r)   &= \max_{b \in A(s, r)} \big[ p_b(r) + 100\,y\,[r \text{ is five of a kind}]
                 + 35\,[u < 63 \le u + p_b(r),\ b \text{ upper}] + W(s \oplus (b, r)) \big] \\
    E_n(k)   &= \tfrac16 \textstyle\sum_{f=1}^{6} E_n(k + f) \quad (|k| < 5), \qquad
    E_n(r) = V_{n-1}(r) \\
    V_n(r)   &= \max\big( V_0(r),\ \max_{k \subsetneq r} E_n(k) \big) \qquad (n = 1, 2) \\
    W(s)     &= \textstyle\sum_r P(r)\, V_2(r)

``A(s, r)`` is the set of boxes roll ``r`` may be scored in (``rules.choices``: any open box, or
under the forced Joker the matching upper box, else an open lower box at full value, else a 0 in an
open upper box); ``p_b(r)`` the points; ``s \oplus (b, r)`` the state after: ``b`` filled, ``u``
raised by upper points and capped at 63, ``y`` = 1 iff ``b`` is ``yahtzee`` scored with 50.
``V_n(r)`` is the value of holding roll ``r`` with ``n`` rolls left; ``E_n(k)`` of holding keep
``k`` and rerolling the rest with ``n`` rolls left before that reroll. The mean over one more
die at a time equals the multinomial expectation over all the rerolled dice, and
``\max_{k \subsetneq r}`` is taken down the lattice of one-die removals; ``P(r)`` is the
multinomial probability of ``r``.

The states are solved layer by layer, from 12 filled boxes down to the empty sheet, since a turn
fills exactly one box. Only the 536,448 reachable states are computed (``tables.UPPER_REACHABLE``
lists the subtotals each set of upper boxes allows); every other entry stays NaN, and a reachable
state only ever reads reachable ones. Values are float64 throughout.
"""

from __future__ import annotations

from collections.abc import Callable

import numba
import numpy as np

from yahtzee.rules import NUM_DICE, NUM_UPPER_BOXES
from yahtzee.solver.compiled import on_threads
from yahtzee.solver.kernel import FL_SLOTS, TURN_DEPTH, turn_lanes
from yahtzee.solver.tables import (
    FULL_MASK,
    NUM_KEEPS,
    NUM_MASKS,
    NUM_ROLLS,
    NUM_UPPER,
    UPPER_MASK,
    UPPER_NREACHABLE,
    UPPER_REACHABLE,
    YAHTZEE_BIT,
    FloatArray,
    IntArray,
)

Progress = Callable[[int, int], None]
"""Called as ``progress(states_done, states_total)`` while the table is built."""

# Groups per compiled call: small enough for a lively progress bar, large enough to keep both
# cores busy between calls.
_CHUNK = 256


@numba.njit(cache=True, nogil=True)
def _solve_groups(
    w: FloatArray,
    read: FloatArray,
    masks: IntArray,
    ys: IntArray,
    reachable: IntArray,
    nreachable: IntArray,
    t: int,
    nt: int,
) -> None:
    """Compute ``w`` for every reachable state of the groups ``(masks[g], ys[g])``, ``g = t, t +
    nt, …`` (one thread's share, ``compiled.on_threads``).

    ``read`` is ``w`` seen read-only, as the turn kernel reads it: every other caller holds the
    table as a read-only map, so one compiled ``turn_lanes`` serves them all.
    ``reachable``/``nreachable`` are ``tables.UPPER_REACHABLE``/``UPPER_NREACHABLE``.
    """
    n = masks.shape[0]
    fu = np.empty((NUM_UPPER_BOXES, NUM_DICE + 1, NUM_UPPER))
    fl = np.empty((FL_SLOTS, NUM_UPPER))
    v0 = np.empty((NUM_ROLLS, NUM_UPPER))
    lat1 = np.empty((NUM_KEEPS, NUM_UPPER))
    lat2 = np.empty((NUM_KEEPS, NUM_UPPER))
    best = np.empty((NUM_KEEPS, NUM_UPPER))
    v2 = np.empty((NUM_ROLLS, NUM_UPPER))
    start = np.empty(NUM_UPPER)
    no_box = np.empty((0, 0), dtype=np.int8)
    # Interleaving the groups spreads the heavy masks (many upper boxes filled) over threads.
    for g in range(t, n, nt):
        mask = masks[g]
        y = ys[g]
        upper_mask = mask & UPPER_MASK
        nl = nreachable[upper_mask]
        ups = reachable[upper_mask]
        turn_lanes(
            mask, y, ups, nl, read, fu, fl, v0, lat1, lat2, best, v2, start, no_box, TURN_DEPTH
        )
        for i in range(nl):
            w[mask, y, ups[i]] = start[i]


def layer_groups(filled: int) -> tuple[IntArray, IntArray]:
    """The ``(mask, y)`` groups with ``filled`` boxes filled, as two int64 arrays."""
    masks: list[int] = []
    ys: list[int] = []
    for mask in range(NUM_MASKS):
        if mask.bit_count() == filled:
            for y in (0, 1) if mask & YAHTZEE_BIT else (0,):
                masks.append(mask)
                ys.append(y)
    return np.array(masks, dtype=np.int64), np.array(ys, dtype=np.int64)


def _group_states(masks: IntArray) -> int:
    return int(UPPER_NREACHABLE[masks & UPPER_MASK].sum())


def solve(progress: Progress | None = None) -> FloatArray:
    """Return ``W`` as ndarray(float64, shape (8192, 2, 64)) indexed ``[mask, y, upper]``.

    Unreachable entries hold NaN. ``progress`` is called after each chunk of states.
    """
    w = np.full((NUM_MASKS, 2, NUM_UPPER), np.nan)
    for y in (0, 1):
        w[FULL_MASK, y, UPPER_REACHABLE[UPPER_MASK, : UPPER_NREACHABLE[UPPER_MASK]]] = 0.0
    layers = [layer_groups(filled) for filled in range(FULL_MASK.bit_count() - 1, -1, -1)]
    total = sum(_group_states(masks) for masks, _ in layers)
    done = 0
    read = w.view()
    read.flags.writeable = False
    for masks, ys in layers:
        for lo in range(0, masks.shape[0], _CHUNK):
            chunk = masks[lo : lo + _CHUNK]
            on_threads(
                _solve_groups, w, read, chunk, ys[lo : lo + _CHUNK], UPPER_REACHABLE,
                UPPER_NREACHABLE, items=chunk.shape[0],
            )  # fmt: skip
            done += _group_states(chunk)
            if progress is not None:
                progress(done, total)
    return w
