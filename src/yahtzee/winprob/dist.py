r"""The law of the points still to come from every between-turn state, under EV-optimal play.

``X(s)`` is the number of points a side still scores from between-turn state ``s = (mask, y, u)``
when it plays the EV-optimal strategy (the solver's: keeps and boxes by the EV table ``W``). Its
law is computed exactly, layer by layer like ``W``: the turn's policy carries the chance of the
first roll forward through the keep lattice to a law over the final roll, hence over the scoring
outcomes ``(box b, gain c)`` (gain: points, +100, +35), and

.. math::

    P(X(s) = x) = \sum_{(b, c)} P(\text{outcome } (b, c))\; P(X(s \oplus (b, c)) = x - c).

Points are whole numbers, so this is exact up to float rounding; points beyond ``MAX_POINTS``
(five or more Yahtzee bonuses still to come) are counted as ``MAX_POINTS``.

Stored compactly, for each state's row: its CDF at ``KNOTS`` + 1 evenly spaced knots, knot ``j``
at ``lo - ½ + j·h`` holding P(X ≤ lo − 1 + j·h) as a 16-bit fraction of 1 (the interpolated CDF
between knots, ``cdf_at``). ``lo`` and the step ``h`` are chosen per row so the knots span the
points from P(X < lo) < 1e-7 to P(X > hi) < 1e-7: a step of one point (exact) wherever the law
is narrow enough, as for every state late in a game; early in a game a few points, where the law
is a wide, smooth hump. 536,448 rows of 129 knots: 138 MB.
"""

from __future__ import annotations

from typing import Final

import numba
import numpy as np
import numpy.typing as npt

from yahtzee.rules import (
    NUM_BOXES,
    NUM_FACES,
    NUM_UPPER_BOXES,
    UPPER_BONUS,
    YAHTZEE_BONUS,
    YAHTZEE_INDEX,
    YAHTZEE_POINTS,
)
from yahtzee.solver.compiled import as_int64, on_threads
from yahtzee.solver.dp import layer_groups
from yahtzee.solver.scoring import NUM_GAINS, roll_options
from yahtzee.solver.tables import (
    FULL_MASK,
    KEEP_CHILD,
    NUM_KEEPS,
    NUM_MASKS,
    NUM_ROLLS,
    NUM_UPPER,
    ROLL_BASE,
    ROLL_PROB,
    UPPER_CAP,
    UPPER_MASK,
    UPPER_NREACHABLE,
    UPPER_REACHABLE,
    FloatArray,
    IntArray,
)
from yahtzee.winprob.lattice import ONE, SIXTH, best_keep, buffers, turn

MAX_POINTS: Final = 767
LENGTH: Final = MAX_POINTS + 1
KNOTS: Final = 128
"""Intervals per row of the stored CDF."""
TAIL: Final = 1e-7
"""Chance left outside a row's knots at each end."""
SCALE: Final = 65535

U16Array = npt.NDArray[np.uint16]
LANES: Final = as_int64(NUM_UPPER)
"""Lanes of a layer's lattice, as int64 (``compiled.as_int64``)."""


def state_rows() -> tuple[IntArray, IntArray]:
    """``rows[mask, y, u]``: the row of each reachable state (-1 elsewhere), full sheets
    first, then the layers from 12 boxes filled to none, each contiguous; and ``starts[k]``,
    the first row with ``k`` boxes open (``starts[14]`` the number of rows)."""
    rows = np.full((NUM_MASKS, 2, NUM_UPPER), -1, dtype=np.int64)
    starts = np.zeros(15, dtype=np.int64)
    n = 0
    for open_ in range(14):
        starts[open_] = n
        if open_ == 0:
            groups = [(FULL_MASK, 0), (FULL_MASK, 1)]
        else:
            masks, ys = layer_groups(NUM_BOXES - open_)
            groups = list(zip(masks.tolist(), ys.tolist(), strict=True))
        for mask, y in groups:
            ups = UPPER_REACHABLE[mask & UPPER_MASK, : UPPER_NREACHABLE[mask & UPPER_MASK]]
            rows[mask, y, ups] = np.arange(n, n + ups.size)
            n += ups.size
    starts[14] = n
    return rows, starts


@numba.njit(cache=True, nogil=True)
def _push(m: FloatArray, lat: FloatArray, v0: FloatArray, lane: int, final: FloatArray) -> None:
    """Carry the chance ``m[ROLL_BASE + r]`` of each roll through one reroll under the policy
    channel 0 of ``lat`` defines (``lattice.best_keep``, as the play-to-win turn): stopped
    chance goes to ``final``, the rest ends in ``m[ROLL_BASE:]`` as the law of the next roll."""
    for k in range(ROLL_BASE):
        m[k] = 0.0
    for r in range(NUM_ROLLS):
        p = m[ROLL_BASE + r]
        m[ROLL_BASE + r] = 0.0
        if p == 0.0:
            continue
        k = best_keep(lat, v0, r, lane)
        if k >= ROLL_BASE:
            final[r] += p
        else:
            m[k] += p
    # Keeps are numbered by size, so each keep's chance is complete before it is spread.
    for k in range(ROLL_BASE):
        p = m[k] * SIXTH
        if p != 0.0:
            for f in range(NUM_FACES):
                m[KEEP_CHILD[k, f]] += p


@numba.njit(cache=True, nogil=True)
def _after(mask: int, y: int, u: int, key: int) -> tuple[int, int, int, int, int]:
    """``(box, gain, mask, y, u)`` after scoring outcome ``key`` = box * NUM_GAINS + gain.

    Upper points are at most 30, so the +100 and +35 in a gain are told apart by its size."""
    b = key // NUM_GAINS
    c = key - b * NUM_GAINS
    nu = u
    ny = y
    if b < NUM_UPPER_BOXES:
        pts = c - YAHTZEE_BONUS if c >= YAHTZEE_BONUS else c
        if pts >= UPPER_BONUS:
            pts -= UPPER_BONUS
        nu = min(u + pts, UPPER_CAP)
    elif b == YAHTZEE_INDEX and c == YAHTZEE_POINTS:
        ny = 1
    return b, c, mask | (1 << b), ny, nu


@numba.njit(cache=True, nogil=True)
def _layer(
    w: FloatArray,
    rows: IntArray,
    cur: npt.NDArray[np.float32],
    support: IntArray,
    base: int,
    nxt: npt.NDArray[np.float32],
    nsupport: IntArray,
    nbase: int,
    masks: IntArray,
    ys: IntArray,
    reachable: IntArray,
    nreachable: IntArray,
    t: int,
    nt: int,
) -> None:
    """Fill ``cur[rows[s] - base]`` with the law of ``X(s)`` for every state of the groups ``g =
    t, t + nt, …`` (one thread's share, ``compiled.on_threads``), from the next layer's laws
    ``nxt[rows[s'] - nbase]``; and ``support[rows[s] - base]`` with the first and the last
    point of the law that is not 0 (``nsupport`` the next layer's)."""
    n = masks.shape[0]
    length = cur.shape[1]
    v0, lat1, lat2, best, v2, start = buffers(ONE, LANES)
    choice = np.empty((NUM_ROLLS, NUM_UPPER), dtype=np.int64)
    bx = np.empty(NUM_BOXES, dtype=np.int64)
    gn = np.empty(NUM_BOXES, dtype=np.int64)
    nus = np.empty(NUM_BOXES, dtype=np.int64)
    nys = np.empty(NUM_BOXES, dtype=np.int64)
    m = np.empty(NUM_KEEPS)
    final = np.empty(NUM_ROLLS)
    weight = np.zeros(NUM_BOXES * NUM_GAINS)
    keys = np.empty(NUM_ROLLS, dtype=np.int64)
    acc = np.empty(length)
    for g in range(t, n, nt):
        mask = masks[g]
        y = ys[g]
        nl = nreachable[mask & UPPER_MASK]
        # The EV policy's box for every roll, first best in sheet order as the solver.
        for i in range(nl):
            u = reachable[mask & UPPER_MASK, i]
            for r in range(NUM_ROLLS):
                cnt = roll_options(mask, y, u, r, bx, gn, nus, nys)
                bv = -np.inf
                for j in range(cnt):
                    nm = mask | (1 << bx[j])
                    val = gn[j] + (0.0 if nm == FULL_MASK else w[nm, nys[j], nus[j]])
                    if val > bv:
                        bv = val
                        choice[r, i] = bx[j] * NUM_GAINS + gn[j]
                v0[0, r, i] = bv
        turn(ONE, nl, v0, lat1, lat2, best, v2, start)
        for i in range(nl):
            u = reachable[mask & UPPER_MASK, i]
            for r in range(NUM_ROLLS):
                m[ROLL_BASE + r] = ROLL_PROB[r]
                final[r] = 0.0
            _push(m, lat2, v0, i, final)
            _push(m, lat1, v0, i, final)
            nkeys = 0
            for r in range(NUM_ROLLS):
                key = choice[r, i]
                if weight[key] == 0.0:
                    keys[nkeys] = key
                    nkeys += 1
                weight[key] += final[r] + m[ROLL_BASE + r]
            for x in range(length):
                acc[x] = 0.0
            for q in range(nkeys):
                key = keys[q]
                p = weight[key]
                weight[key] = 0.0
                _, c, nm, ny, nu = _after(mask, y, u, key)
                if nm == FULL_MASK:
                    acc[min(c, length - 1)] += p
                    continue
                # Row views indexed by the loop's own counter: with ``acc[x + c]`` the compiler
                # kept the negative-index check and did not vectorise the loop (same sums).
                # Only the law's support is added: the zeros around it add nothing (a third of
                # the points, on average over the states).
                at = rows[nm, ny, nu] - nbase
                law = nxt[at]
                first = nsupport[at, 0]
                last = nsupport[at, 1]
                shifted = acc[c + first :]
                part = law[first:]
                for x in range(min(last + 1, length - c - 1) - first):
                    shifted[x] += p * part[x]
                tail = 0.0
                for x in range(max(first, length - c - 1), last + 1):
                    tail += law[x]
                acc[length - 1] += p * tail
            row = rows[mask, y, u] - base
            for x in range(length):
                cur[row, x] = acc[x]
            _support(cur[row], support[row])


@numba.njit(cache=True, nogil=True)
def _support(law: npt.NDArray[np.float32], bounds: IntArray) -> None:
    """``bounds`` = the first and the last point of ``law`` that is not 0."""
    first = 0
    while law[first] == 0.0:
        first += 1
    last = law.shape[0] - 1
    while law[last] == 0.0:
        last -= 1
    bounds[0] = first
    bounds[1] = last


@numba.njit(cache=True, nogil=True)
def _compress(
    pmf: npt.NDArray[np.float32], knots: U16Array, lo: IntArray, step: IntArray, base: int
) -> None:
    """Knots of each row of ``pmf`` into ``knots[base + i]``, ``lo``, ``step`` (module doc)."""
    n, length = pmf.shape
    c = knots.shape[1] - 1
    cdf = np.empty(length)
    for i in range(n):
        acc = 0.0
        for x in range(length):
            acc += pmf[i, x]
            cdf[x] = acc
        total = acc
        first = 0
        while first < length - 1 and cdf[first] < TAIL * total:
            first += 1
        last = first
        while last < length - 1 and cdf[last] < (1.0 - TAIL) * total:
            last += 1
        h = max(1, (last - first + c) // c)
        lo[base + i] = first
        step[base + i] = h
        for j in range(c + 1):
            x = first - 1 + j * h
            v = 0.0 if x < 0 else (cdf[x] / total if x < length else 1.0)
            if j == 0 and x >= 0 and cdf[x] < TAIL * total:
                v = 0.0
            if x >= last:
                v = 1.0
            knots[base + i, j] = np.uint16(round(v * SCALE))


def compute(w: FloatArray) -> tuple[U16Array, IntArray, IntArray, IntArray]:
    """``(knots, lo, step, rows)`` for every reachable state, from the EV table ``w``.

    Holds the exact laws of two layers at a time (float32, at most 0.8 GB)."""
    rows, starts = state_rows()
    n = int(starts[14])
    knots = np.empty((n, KNOTS + 1), dtype=np.uint16)
    lo = np.empty(n, dtype=np.int64)
    step = np.empty(n, dtype=np.int64)
    wc = np.ascontiguousarray(w)
    nxt = np.zeros((int(starts[1]), LENGTH), dtype=np.float32)
    nxt[:, 0] = 1.0
    nsupport = np.zeros((nxt.shape[0], 2), dtype=np.int64)
    _compress(nxt, knots, lo, step, 0)
    for open_ in range(1, 14):
        base = int(starts[open_])
        cur = np.empty((int(starts[open_ + 1]) - base, LENGTH), dtype=np.float32)
        support = np.empty((cur.shape[0], 2), dtype=np.int64)
        masks, ys = layer_groups(NUM_BOXES - open_)
        on_threads(
            _layer, wc, rows, cur, support, base, nxt, nsupport, int(starts[open_ - 1]), masks,
            ys, UPPER_REACHABLE, UPPER_NREACHABLE, items=masks.shape[0],
        )  # fmt: skip
        _compress(cur, knots, lo, step, base)
        nxt = cur
        nsupport = support
    return knots, lo, step, rows


@numba.njit(cache=True, nogil=True)
def cdf_at(knots: U16Array, lo: IntArray, step: IntArray, row: int, x: float) -> float:
    """The interpolated CDF of ``X`` at ``x`` for state row ``row``: for an integer ``k`` and a
    one-point step, ``P(X < k) + ½ P(X = k)``; for a full sheet, 0 below 0 and 1 above."""
    t = (x - (lo[row] - 0.5)) / step[row]
    c = knots.shape[1] - 1
    if t <= 0.0:
        return 0.0
    if t >= c:
        return 1.0
    j = int(t)
    f = t - j
    return float((knots[row, j] * (1.0 - f) + knots[row, j + 1] * f) / SCALE)
