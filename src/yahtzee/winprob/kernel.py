r"""Compiled win probabilities and the play-to-win turn.

``after_value`` estimates, for a between-turn position where side A (``me``) has just scored and
side B (``op``) moves next, ``(U, D)``: U = P(A wins) + ½ P(draw), D = P(draw). Each side's points
still to come are modelled as independent:

- a side with one box open: the exact law of its last turn (``pmf1``, EV-optimal play), except
  that when A's last turn is the very last turn of the game, A knows the number to beat and plays
  for it exactly (``win1``/``draw1``);
- a side with two or more boxes open: the law of ``X(s)`` under EV-optimal play, summarised by its
  mean and variance (from ``W`` and ``M2``), and the difference of the two sides' totals read as
  a normal law with the half-point continuity correction (win: difference ≥ 1, draw: difference
  0). The third moment (``M3``) is there for a skew correction (first-order Edgeworth,
  ``F(x) ≈ Φ(z) − φ(z)·γ/6·(z² − 1)``), off by default (``SKEW`` = 0): measured head to head it
  played worse (50.2 % against 50.6 % wins over 20,000 games), since the law's excess weight is in
  its tails (Yahtzee bonuses), not in its skew, and the expansion overweights that.

Known bias (measured by ``benchmarks/winprob.py``): the points to come are heavy-tailed (a
Yahtzee and its +100 bonuses), so a normal law of the same variance is too wide in the middle and
the mid-game chances come out a few points too close to one half.

A side's future is thus valued as if it played the EV optimum from its next turn on; the side
choosing now plays to win over its whole current turn (``turn_lattice``: final options valued by
``after_value``, keeps by the mean over outcomes, rolls by the max over keeps).
"""

from __future__ import annotations

import math

import numba
import numpy as np

from yahtzee.solver.scoring import MAX_GAIN, NUM_GAINS, roll_options
from yahtzee.solver.tables import (
    KEEP_CHILD,
    NUM_ROLLS,
    ROLL_BASE,
    ROLL_NSUBKEEPS,
    ROLL_SUBKEEPS,
    FloatArray,
    IntArray,
)
from yahtzee.winprob.lattice import FULL, turn

EV_TIE: float = 1e-9
"""Weight of one expected point in the play-to-win choice: where win chances are (nearly) equal,
the option with more expected points is taken (a decided game is still played well)."""
_SQRT2 = math.sqrt(2.0)
_INV_SQRT_2PI = 1.0 / math.sqrt(2.0 * math.pi)
SKEW: float = 0.0
"""Weight of the Edgeworth skew term (0: plain normal law; 1: first-order Edgeworth)."""
NK = 3  # channels of the play-to-win lattice: utility + EV tie-break, U, D


@numba.njit(cache=True, nogil=True)
def _cdf(x: float, k1: float, k2: float, k3: float) -> float:
    """P(Y <= x) for Y with cumulants k1, k2, k3 (Edgeworth, clipped to [0, 1])."""
    if k2 <= 1e-9:
        return 1.0 if x >= k1 else 0.0
    s = math.sqrt(k2)
    z = (x - k1) / s
    g = SKEW * k3 / (k2 * s)
    f = 0.5 * math.erfc(-z / _SQRT2) - _INV_SQRT_2PI * math.exp(-0.5 * z * z) * g / 6.0 * (
        z * z - 1.0
    )
    if f < 0.0:
        return 0.0
    if f > 1.0:
        return 1.0
    return f


@numba.njit(cache=True, nogil=True)
def _cont(d: float, k1: float, k2: float, k3: float) -> tuple[float, float]:
    """(U, D) for the integer difference ``d + Y`` (Y continuous with cumulants k1, k2, k3)."""
    hi = _cdf(0.5 - d, k1, k2, k3)
    lo = _cdf(-0.5 - d, k1, k2, k3)
    if lo > hi:
        lo = hi
    win = 1.0 - hi
    draw = hi - lo
    return win + 0.5 * draw, draw


@numba.njit(cache=True, nogil=True)
def _cumulants(
    w: FloatArray, mom: FloatArray, mask: int, y: int, u: int
) -> tuple[float, float, float]:
    if mask == FULL:
        return 0.0, 0.0, 0.0
    m1 = w[mask, y, u]
    m2 = mom[0, mask, y, u]
    m3 = mom[1, mask, y, u]
    var = m2 - m1 * m1
    if var < 0.0:
        var = 0.0
    return m1, var, m3 - 3.0 * m1 * m2 + 2.0 * m1 * m1 * m1


@numba.njit(cache=True, nogil=True)
def _open_count(mask: int) -> int:
    n = 0
    for b in range(13):
        if not mask & (1 << b):
            n += 1
    return n


@numba.njit(cache=True, nogil=True)
def _last_open(mask: int) -> int:
    for b in range(13):
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
    w: FloatArray,
    mom: FloatArray,
    pmf1: FloatArray,
    win1: FloatArray,
    draw1: FloatArray,
) -> tuple[float, float]:
    """(U, D) for A (``me``) when B (``op``) moves next, or A again if B's sheet is full."""
    n_me = _open_count(me_mask)
    n_op = _open_count(op_mask)
    d = me_total - op_total
    if n_op == 0:
        if n_me == 0:
            if d > 0:
                return 1.0, 0.0
            if d == 0:
                return 0.5, 1.0
            return 0.0, 0.0
        if n_me == 1:
            return _known_target(win1, draw1, _last_open(me_mask), me_y, me_u, -d)
        k1, k2, k3 = _cumulants(w, mom, me_mask, me_y, me_u)
        return _cont(d, k1, k2, k3)
    if n_op == 1:
        bo = _last_open(op_mask)
        uu = 0.0
        dd = 0.0
        if n_me >= 2:
            k1, k2, k3 = _cumulants(w, mom, me_mask, me_y, me_u)
        bm = _last_open(me_mask)
        for g in range(NUM_GAINS):
            p = pmf1[bo, op_y, op_u, g]
            if p <= 0.0:
                continue
            if n_me == 0:
                dg = d - g
                if dg > 0:
                    uu += p
                elif dg == 0:
                    uu += 0.5 * p
                    dd += p
            elif n_me == 1:
                a, b = _known_target(win1, draw1, bm, me_y, me_u, g - d)
                uu += p * a
                dd += p * b
            else:
                a, b = _cont(d - g, k1, k2, k3)
                uu += p * a
                dd += p * b
        return uu, dd
    o1, o2, o3 = _cumulants(w, mom, op_mask, op_y, op_u)
    if n_me == 1:
        bm = _last_open(me_mask)
        uu = 0.0
        dd = 0.0
        for g in range(NUM_GAINS):
            p = pmf1[bm, me_y, me_u, g]
            if p <= 0.0:
                continue
            a, b = _cont(d + g, -o1, o2, -o3)
            uu += p * a
            dd += p * b
        return uu, dd
    k1, k2, k3 = _cumulants(w, mom, me_mask, me_y, me_u)
    return _cont(d, k1 - o1, k2 + o2, k3 - o3)


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
    mom: FloatArray,
    pmf1: FloatArray,
    win1: FloatArray,
    draw1: FloatArray,
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
    bx = np.empty(13, dtype=np.int64)
    gn = np.empty(13, dtype=np.int64)
    nus = np.empty(13, dtype=np.int64)
    nys = np.empty(13, dtype=np.int64)
    for b in range(13):
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
                    w,
                    mom,
                    pmf1,
                    win1,
                    draw1,
                )
                ev = me_total + g + (0.0 if nm == FULL else w[nm, nys[j], nus[j]])
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
    lat = lat2 if rolls_left == 2 else lat1
    best_k = ROLL_BASE + r
    best_v = v0[0, r, 0]
    for j in range(ROLL_NSUBKEEPS[r] - 1):
        kk = ROLL_SUBKEEPS[r, j]
        if lat[0, kk, 0] > best_v:
            best_v = lat[0, kk, 0]
            best_k = kk
    return best_k


@numba.njit(cache=True, parallel=True)
def play_turns(
    me: IntArray,
    op: IntArray,
    faces: IntArray,
    w: FloatArray,
    mom: FloatArray,
    pmf1: FloatArray,
    win1: FloatArray,
    draw1: FloatArray,
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
        v0 = np.empty((NK, NUM_ROLLS, 1))
        lat1 = np.empty((NK, 462, 1))
        lat2 = np.empty((NK, 462, 1))
        best = np.empty((NK, 462, 1))
        v2 = np.empty((NK, NUM_ROLLS, 1))
        start = np.empty((NK, 1))
        best_box = np.empty(NUM_ROLLS, dtype=np.int64)
        cache = np.empty((3, 13, NUM_GAINS))
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
                mom,
                pmf1,
                win1,
                draw1,
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
