r"""Compiled win probabilities and the play-to-win turn.

``after_value`` estimates, for a between-turn position where side A (``me``) has just scored and
side B (``op``) moves next, ``(U, D)``: U = P(A wins) + ½ P(draw), D = P(draw). Each side's points
still to come are modelled as independent:

- a side with one box open: the exact law of its last turn (``pmf1``, EV-optimal play), except
  that when A's last turn is the very last turn of the game, A knows the number to beat and plays
  for it exactly (``win1``/``draw1``);
- a side with two or more boxes open: the exact law of ``X(s)`` under EV-optimal play
  (``yahtzee.winprob.dist``, read through its stored CDF). A's chance is summed cell by cell of
  A's law against B's CDF: exact to the point wherever the stored step is one point (three
  states in four with one box open, two in five with two to four open), else smoothed over 2 to
  6 points (most states with five or more boxes open, where the law spans hundreds of points).

Known bias: A is valued as if it played the EV optimum after this turn, while it goes on playing
to win, so its chances come out low (about 2 points mid-game); the chances shown for the 高手
correct that by a measured shift (``calibration.lifted``; measurements in
``docs/calibration.md``).

A side's future is thus valued as if it played the EV optimum from its next turn on; the side
choosing now plays to win over its whole current turn (``turn_lattice``: final options valued by
``after_value``, keeps by the mean over outcomes, rolls by the max over keeps).
"""

from __future__ import annotations

import numba
import numpy as np

from yahtzee.rules import NUM_BOXES
from yahtzee.solver.scoring import MAX_GAIN, NUM_GAINS, roll_options
from yahtzee.solver.tables import (
    FULL_MASK,
    KEEP_CHILD,
    NUM_ROLLS,
    ROLL_BASE,
    FloatArray,
    IntArray,
)
from yahtzee.winprob.dist import SCALE, U16Array, cdf_at
from yahtzee.winprob.lattice import best_keep, buffers, turn

Laws = tuple[FloatArray, FloatArray, FloatArray, U16Array, IntArray, IntArray, IntArray]
"""What ``after_value`` reads (``WinTables.laws``)."""

EV_TIE: float = 1e-4
"""Weight of one expected point in the play-to-win choice: an option that scores more is taken
unless another wins more often by over 0.01 % of chance per point it gives up (a decided game
is still played well, and the 高手 does not give up points for a gain no estimate here can
resolve; ``docs/calibration.md`` has the measurements)."""
NK = 3  # channels of the play-to-win lattice: utility + EV tie-break, U, D


@numba.njit(cache=True, nogil=True)
def _beats(
    knots: U16Array, lo: IntArray, step: IntArray, row: int, x: float
) -> tuple[float, float]:
    """(P(X < x) + ½ P(X = x), P(X = x)) for the points to come ``X`` of state row ``row``."""
    u = cdf_at(knots, lo, step, row, x)
    return u, cdf_at(knots, lo, step, row, x + 0.5) - cdf_at(knots, lo, step, row, x - 0.5)


@numba.njit(cache=True, nogil=True)
def _versus(
    knots: U16Array, lo: IntArray, step: IntArray, ra: int, rb: int, d: int
) -> tuple[float, float]:
    """(U, D) of ``d + X_A - X_B > 0`` for independent ``X_A`` (row ``ra``), ``X_B`` (``rb``):
    A's chance in each cell between its knots, at the cell's middle, against B's CDF."""
    c = knots.shape[1] - 1
    la = lo[ra]
    ha = step[ra]
    uu = 0.0
    dd = 0.0
    prev = float(knots[ra, 0])
    for j in range(c):
        cur = float(knots[ra, j + 1])
        m = (cur - prev) / SCALE
        prev = cur
        if m <= 0.0:
            continue
        a, b = _beats(knots, lo, step, rb, d + la + j * ha + 0.5 * (ha - 1))
        uu += m * a
        dd += m * b
    return uu, dd


@numba.njit(cache=True, nogil=True)
def _open_count(mask: int) -> int:
    n = 0
    for b in range(NUM_BOXES):
        if not mask & (1 << b):
            n += 1
    return n


@numba.njit(cache=True, nogil=True)
def _last_open(mask: int) -> int:
    for b in range(NUM_BOXES):
        if not mask & (1 << b):
            return b
    return -1


@numba.njit(cache=True, nogil=True)
def _known_target(
    win1: FloatArray, draw1: FloatArray, b: int, y: int, u: int, n: int
) -> tuple[float, float]:
    """(U, D) of playing the last box to beat ``n`` (opponent's final − own total)."""
    if n < 0:
        return 1.0, 0.0
    if n > MAX_GAIN:
        return 0.0, 0.0
    wv = win1[b, y, u, n]
    dv = draw1[b, y, u, n]
    return wv + 0.5 * dv, dv


@numba.njit(cache=True, nogil=True)
def after_value(
    me_total: int,
    me_mask: int,
    me_y: int,
    me_u: int,
    op_total: int,
    op_mask: int,
    op_y: int,
    op_u: int,
    laws: Laws,
) -> tuple[float, float]:
    """(U, D) for A (``me``) when B (``op``) moves next, or A again if B's sheet is full.

    ``laws`` is ``WinTables.laws``: (pmf1, win1, draw1, knots, lo, step, rows)."""
    pmf1, win1, draw1, knots, lo, step, rows = laws
    n_me = _open_count(me_mask)
    n_op = _open_count(op_mask)
    d = me_total - op_total
    if n_me == 0 and n_op == 0:
        if d > 0:
            return 1.0, 0.0
        if d == 0:
            return 0.5, 1.0
        return 0.0, 0.0
    if n_me == 1 and n_op == 0:
        return _known_target(win1, draw1, _last_open(me_mask), me_y, me_u, -d)
    if n_op == 1:
        # B's last turn comes first and is independent of A: sum over its exact law.
        bo = _last_open(op_mask)
        bm = _last_open(me_mask)
        ra = rows[me_mask, me_y, me_u]
        uu = 0.0
        dd = 0.0
        for g in range(NUM_GAINS):
            p = pmf1[bo, op_y, op_u, g]
            if p <= 0.0:
                continue
            if n_me == 1:
                a, b = _known_target(win1, draw1, bm, me_y, me_u, g - d)
            else:
                a, b = _beats(knots, lo, step, ra, g - d)
                a = 1.0 - a
            uu += p * a
            dd += p * b
        return uu, dd
    if n_me == 1:
        rb = rows[op_mask, op_y, op_u]
        bm = _last_open(me_mask)
        uu = 0.0
        dd = 0.0
        for g in range(NUM_GAINS):
            p = pmf1[bm, me_y, me_u, g]
            if p <= 0.0:
                continue
            a, b = _beats(knots, lo, step, rb, d + g)
            uu += p * a
            dd += p * b
        return uu, dd
    return _versus(knots, lo, step, rows[me_mask, me_y, me_u], rows[op_mask, op_y, op_u], d)


@numba.njit(cache=True, nogil=True)
def turn_lattice(
    me_total: int,
    me_mask: int,
    me_y: int,
    me_u: int,
    op_total: int,
    op_mask: int,
    op_y: int,
    op_u: int,
    w: FloatArray,
    laws: Laws,
    v0: FloatArray,
    lat1: FloatArray,
    lat2: FloatArray,
    best: FloatArray,
    v2: FloatArray,
    start: FloatArray,
    best_box: IntArray,
    cache: FloatArray,
) -> None:
    """The play-to-win lattice of A's whole turn (buffers as ``lattice.turn`` with K = 3,
    L = 1; ``best_box`` (252,), ``cache`` (3, 13, 166) scratch). Channel 0 is U plus
    ``EV_TIE`` per expected final point, 1 is U, 2 is D."""
    bx = np.empty(NUM_BOXES, dtype=np.int64)
    gn = np.empty(NUM_BOXES, dtype=np.int64)
    nus = np.empty(NUM_BOXES, dtype=np.int64)
    nys = np.empty(NUM_BOXES, dtype=np.int64)
    for b in range(NUM_BOXES):
        for g in range(NUM_GAINS):
            cache[0, b, g] = np.nan
    for r in range(NUM_ROLLS):
        cnt = roll_options(me_mask, me_y, me_u, r, bx, gn, nus, nys)
        bv = -np.inf
        for j in range(cnt):
            b = bx[j]
            g = gn[j]
            if np.isnan(cache[0, b, g]):
                nm = me_mask | (1 << b)
                uu, dd = after_value(
                    me_total + g,
                    nm,
                    nys[j],
                    nus[j],
                    op_total,
                    op_mask,
                    op_y,
                    op_u,
                    laws,
                )
                ev = me_total + g + (0.0 if nm == FULL_MASK else w[nm, nys[j], nus[j]])
                cache[0, b, g] = uu + EV_TIE * ev
                cache[1, b, g] = uu
                cache[2, b, g] = dd
            val = cache[0, b, g]
            if val > bv:
                bv = val
                v0[0, r, 0] = val
                v0[1, r, 0] = cache[1, b, g]
                v0[2, r, 0] = cache[2, b, g]
                best_box[r] = b
    turn(NK, 1, v0, lat1, lat2, best, v2, start)


@numba.njit(cache=True, nogil=True)
def _walk(k: int, faces: IntArray) -> int:
    """Keep ``k`` plus one die per face of ``faces`` (0-5) until five dice: the roll index."""
    j = 0
    while k < ROLL_BASE:
        k = KEEP_CHILD[k, faces[j]]
        j += 1
    return k - ROLL_BASE


@numba.njit(cache=True, nogil=True)
def choose_keep(lat1: FloatArray, lat2: FloatArray, v0: FloatArray, r: int, rolls_left: int) -> int:
    """The keep index the play-to-win lattice takes for roll ``r`` (>= ROLL_BASE: stop)."""
    return best_keep(lat2 if rolls_left == 2 else lat1, v0, r, 0)


@numba.njit(cache=True, parallel=True)
def play_turns(
    me: IntArray,
    op: IntArray,
    faces: IntArray,
    w: FloatArray,
    laws: Laws,
    out_rolls: IntArray,
    out_keeps: IntArray,
    out_box: IntArray,
    out_pred: FloatArray,
    nt: int,
) -> None:
    """Play one whole turn to win for each game ``g``.

    me, op : int64 (n, 4): (total, mask, y, capped upper) of the side playing and of the other.
    faces : int64 (n, 3, 5): the faces (0-5) each roll draws, used in order for missing dice.
    out_rolls (n, 3) roll indices (-1 not rolled), out_keeps (n, 2) keep indices (-1 none),
    out_box (n,) the box scored, out_pred (n, 2) the (U, D) of the turn before its first roll.
    """
    n = me.shape[0]
    for t in numba.prange(nt):
        v0, lat1, lat2, best, v2, start = buffers(NK, 1)
        best_box = np.empty(NUM_ROLLS, dtype=np.int64)
        cache = np.empty((NK, NUM_BOXES, NUM_GAINS))
        for g in range(t, n, nt):
            turn_lattice(
                me[g, 0],
                me[g, 1],
                me[g, 2],
                me[g, 3],
                op[g, 0],
                op[g, 1],
                op[g, 2],
                op[g, 3],
                w,
                laws,
                v0,
                lat1,
                lat2,
                best,
                v2,
                start,
                best_box,
                cache,
            )
            out_pred[g, 0] = start[1, 0]
            out_pred[g, 1] = start[2, 0]
            r = _walk(0, faces[g, 0])
            out_rolls[g, 0] = r
            out_rolls[g, 1] = -1
            out_rolls[g, 2] = -1
            out_keeps[g, 0] = -1
            out_keeps[g, 1] = -1
            for stage in range(2):
                k = choose_keep(lat1, lat2, v0, r, 2 - stage)
                if k >= ROLL_BASE:
                    break
                out_keeps[g, stage] = k
                r = _walk(k, faces[g, stage + 1])
                out_rolls[g, stage + 1] = r
            out_box[g] = best_box[r]
