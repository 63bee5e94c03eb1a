"""The compiled turn kernel: one turn of optimal play, given the values between turns.

For a between-turn state ``s = (mask, upper, y)`` and the table ``W`` of values of the states a turn
can lead to, the kernel fills the turn's value lattice (notation of ``yahtzee.solver.dp``):

- ``score[r]``: the best the final roll ``r`` can score now, points plus bonuses plus ``W`` after;
- ``keep1[k]``, ``keep2[k]``: the value of holding keep ``k`` and rerolling the rest when 1 or 2
  rolls are left (five-dice keeps mean stopping: their entry is ``score``);
- ``start``: the value ``W(s)`` of the turn before its first roll.

Every value here is *points still to come*: the points already on the sheet are not included.

It works on *lanes*: states that share ``mask`` and ``y`` and differ only in the upper subtotal go
through the same points and the same lattice, so the innermost loops run over those subtotals,
which the compiler vectorises. The DP calls it with every reachable subtotal of a (mask, y) as
lanes; the batch entry point ``turn_values`` with the distinct states it is given, grouped the
same way, so both share one implementation.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Final

import numba
import numpy as np
import numpy.typing as npt

from yahtzee.errors import MalformedError
from yahtzee.rules import (
    NUM_BOXES,
    NUM_DICE,
    NUM_FACES,
    NUM_UPPER_BOXES,
    UPPER_BONUS,
    YAHTZEE_BONUS,
    YAHTZEE_INDEX,
    YAHTZEE_POINTS,
)
from yahtzee.solver.compiled import as_int64, on_threads
from yahtzee.solver.tables import (
    FULL_MASK,
    JOKER_POINTS,
    KEEP_CHILD,
    KEEP_NPARENTS,
    KEEP_PARENTS,
    LOWER_MASK,
    MAX_SUBKEEPS,
    NUM_KEEPS,
    NUM_ROLLS,
    NUM_UPPER,
    ROLL_BASE,
    ROLL_COUNTS,
    ROLL_NSUBKEEPS,
    ROLL_POINTS,
    ROLL_PROB,
    ROLL_SUBKEEPS,
    ROLL_YAHTZEE_FACE,
    UPPER_CAP,
    YAHTZEE_BIT,
    FloatArray,
    IntArray,
)

Int8Array = npt.NDArray[np.int8]

_NEG_INF = -np.inf
_SIXTH = 1.0 / NUM_FACES
_UPPER_BONUS = float(UPPER_BONUS)
_YAHTZEE_BONUS = float(YAHTZEE_BONUS)
_UP = NUM_UPPER_BOXES  # upper boxes are 0 to _UP - 1, counting faces 1 to _UP
_COUNTS = NUM_DICE + 1  # how many dice may show a face: 0 to 5
# Slot of the future after scoring 50 in `yahtzee`; the slots before it are the lower boxes.
_LOWER_Y50 = NUM_BOXES - NUM_UPPER_BOXES
FL_SLOTS = _LOWER_Y50 + 1
"""Rows of the ``fl`` buffer of ``turn_lanes``."""

# Constant arguments of compiled calls, as int64 (``compiled.as_int64``: a plain 1 would compile
# the callee once more).
KEEPS_DEPTH: Final = as_int64(2)
"""``turn_lanes``' depth that fills both keep lattices."""
TURN_DEPTH: Final = as_int64(3)
"""``turn_lanes``' depth that goes back to the turn's start."""
ONE_LANE: Final = 1
"""The lanes of one decision, a plain 1 on purpose: the decision kernels (``_decide``,
``outlook._decision``) share one ``turn_lanes`` compiled for the literal, whose lane loops are
folded away (a third faster than with the count an int64)."""
_ONE_GROUP: Final[IntArray] = np.array([0, 1], dtype=np.int64)
"""``_turn_batch``'s groups for a batch of one state."""


@numba.njit(cache=True, nogil=True)
def _futures(
    mask: int,
    y: int,
    ups: IntArray,
    nl: int,
    w: FloatArray,
    fu: FloatArray,
    fl: FloatArray,
) -> None:
    """Fill what each open box leads to, per lane.

    ``fu[f, c, i]``: scoring ``c`` dice of face ``f + 1`` in that upper box, the points, any
    +35 it earns and ``W`` after; ``fl[b - 6, i]``: ``W`` after scoring lower box ``b``
    (``fl[7]``: after 50 in ``yahtzee``). Shapes (6, 6, L) and (8, L).
    """
    for f in range(_UP):
        if mask & (1 << f):
            continue
        nm = mask | (1 << f)
        for c in range(_COUNTS):
            pts = (f + 1) * c
            for i in range(nl):
                u = ups[i]
                nu = min(u + pts, UPPER_CAP)
                gain = _UPPER_BONUS if (u < UPPER_CAP and u + pts >= UPPER_CAP) else 0.0
                fu[f, c, i] = w[nm, y, nu] + pts + gain
    for b in range(_UP, NUM_BOXES):
        if mask & (1 << b):
            continue
        nm = mask | (1 << b)
        if b == YAHTZEE_INDEX:
            for i in range(nl):
                fl[b - _UP, i] = w[nm, 0, ups[i]]
                fl[_LOWER_Y50, i] = w[nm, 1, ups[i]]
        else:
            for i in range(nl):
                fl[b - _UP, i] = w[nm, y, ups[i]]


@numba.njit(cache=True, nogil=True)
def _score(
    mask: int,
    y: int,
    nl: int,
    fu: FloatArray,
    fl: FloatArray,
    v0: FloatArray,
    want_box: bool,
    box_out: Int8Array,
) -> None:
    """Fill ``v0[r, i]``, the best value of scoring roll ``r`` now (forced Joker applied);
    with ``want_box`` also ``box_out[r, i]``, the box achieving it (int8, shape (252, L)); the
    first in sheet order on a tie."""
    joker_allowed = (mask & YAHTZEE_BIT) != 0
    bonus = _YAHTZEE_BONUS if y else 0.0
    any_lower = (mask & LOWER_MASK) != LOWER_MASK
    for r in range(NUM_ROLLS):
        for i in range(nl):
            v0[r, i] = _NEG_INF
        jf = ROLL_YAHTZEE_FACE[r]
        if jf and joker_allowed:
            f = jf - 1
            if not mask & (1 << f):
                for i in range(nl):
                    v0[r, i] = fu[f, NUM_DICE, i] + bonus
                    if want_box:
                        box_out[r, i] = f
            elif any_lower:
                for b in range(_UP, NUM_BOXES):
                    if mask & (1 << b):
                        continue
                    pts = JOKER_POINTS[f, b] + bonus
                    for i in range(nl):
                        val = pts + fl[b - _UP, i]
                        if val > v0[r, i]:
                            v0[r, i] = val
                            if want_box:
                                box_out[r, i] = b
            else:
                for g in range(_UP):
                    if mask & (1 << g):
                        continue
                    for i in range(nl):
                        val = fu[g, 0, i] + bonus
                        if val > v0[r, i]:
                            v0[r, i] = val
                            if want_box:
                                box_out[r, i] = g
        else:
            for f in range(_UP):
                if mask & (1 << f):
                    continue
                c = ROLL_COUNTS[r, f]
                for i in range(nl):
                    val = fu[f, c, i]
                    if val > v0[r, i]:
                        v0[r, i] = val
                        if want_box:
                            box_out[r, i] = f
            for b in range(_UP, NUM_BOXES):
                if mask & (1 << b):
                    continue
                pts = ROLL_POINTS[r, b]
                slot = _LOWER_Y50 if (b == YAHTZEE_INDEX and pts == YAHTZEE_POINTS) else b - _UP
                for i in range(nl):
                    val = pts + fl[slot, i]
                    if val > v0[r, i]:
                        v0[r, i] = val
                        if want_box:
                            box_out[r, i] = b


@numba.njit(cache=True, nogil=True)
def _means(nl: int, lat: FloatArray) -> None:
    """Keep values of one roll stage: on entry ``lat[ROLL_BASE + r]`` holds the value of roll
    ``r`` with the rolls that will then be left; fills ``lat[k]`` for the smaller keeps, each
    the mean over one more die."""
    for k in range(ROLL_BASE - 1, -1, -1):
        c0 = KEEP_CHILD[k, 0]
        c1 = KEEP_CHILD[k, 1]
        c2 = KEEP_CHILD[k, 2]
        c3 = KEEP_CHILD[k, 3]
        c4 = KEEP_CHILD[k, 4]
        c5 = KEEP_CHILD[k, 5]
        for i in range(nl):
            lat[k, i] = (
                lat[c0, i] + lat[c1, i] + lat[c2, i] + lat[c3, i] + lat[c4, i] + lat[c5, i]
            ) * _SIXTH


@numba.njit(cache=True, nogil=True)
def _best_rolls(
    nl: int, lat: FloatArray, best: FloatArray, v0: FloatArray, v_out: FloatArray
) -> None:
    """The value of each roll at this stage: ``v_out[r] = max(v0[r], best proper sub-keep of r)``,
    with ``best[k]``, the best sub-keep of ``k``, as a running maximum down the lattice."""
    for i in range(nl):
        best[0, i] = lat[0, i]
    for k in range(1, ROLL_BASE):
        for i in range(nl):
            best[k, i] = lat[k, i]
        for j in range(KEEP_NPARENTS[k]):
            p = KEEP_PARENTS[k, j]
            for i in range(nl):
                if best[p, i] > best[k, i]:
                    best[k, i] = best[p, i]
    for r in range(NUM_ROLLS):
        k = ROLL_BASE + r
        for i in range(nl):
            v_out[r, i] = v0[r, i]
        for j in range(KEEP_NPARENTS[k]):
            p = KEEP_PARENTS[k, j]
            for i in range(nl):
                if best[p, i] > v_out[r, i]:
                    v_out[r, i] = best[p, i]


@numba.njit(cache=True, nogil=True)
def turn_lanes(
    mask: int,
    y: int,
    ups: IntArray,
    nl: int,
    w: FloatArray,
    fu: FloatArray,
    fl: FloatArray,
    v0: FloatArray,
    lat1: FloatArray,
    lat2: FloatArray,
    best: FloatArray,
    v2: FloatArray,
    start: FloatArray,
    box_out: Int8Array,
    depth: int,
) -> None:
    """The turn for ``nl`` lanes sharing ``mask`` and ``y``; upper subtotals ``ups[:nl]``.

    Buffers (L >= nl lanes, float64): ``fu`` (6, 6, L), ``fl`` (8, L), ``v0`` (252, L),
    ``lat1``/``lat2`` (462, L), ``best`` (462, L), ``v2`` (252, L); out ``start`` (L,), and
    ``box_out`` (252, L) int8, the best box of each roll, unless it is empty (shape (0, 0)).
    ``depth`` says how far back from the last roll to go: 1 fills ``v0`` and ``lat1[:210]`` (the
    keep values with 1 roll left), 2 also ``lat2[:210]`` (2 rolls left), 3 also ``start``.
    """
    _futures(mask, y, ups, nl, w, fu, fl)
    _score(mask, y, nl, fu, fl, v0, box_out.shape[0] != 0, box_out)
    for r in range(NUM_ROLLS):
        for i in range(nl):
            lat1[ROLL_BASE + r, i] = v0[r, i]
    _means(nl, lat1)
    if depth < 2:
        return
    _best_rolls(nl, lat1, best, v0, lat2[ROLL_BASE:])
    _means(nl, lat2)
    if depth < 3:
        return
    _best_rolls(nl, lat2, best, v0, v2)
    for i in range(nl):
        start[i] = 0.0
    for r in range(NUM_ROLLS):
        p = ROLL_PROB[r]
        for i in range(nl):
            start[i] += p * v2[r, i]


@numba.njit(cache=True, nogil=True)
def _decide(
    w: FloatArray,
    mask: int,
    y: int,
    upper: int,
    r: int,
    rolls_left: int,
    box_pts: IntArray,
    box_val: FloatArray,
    keep_val: FloatArray,
) -> None:
    """One decision point's option values, all as points still to come.

    ``box_pts[b]``: points of roll ``r`` in box ``b`` if the rules allow it now, else -1;
    ``box_val[b]``: those points plus +100, +35 and ``W`` after. With rolls left, ``keep_val[j]``
    is the value of sub-keep ``ROLL_SUBKEEPS[r, j]`` (the last, all five, is stopping).
    """
    jf = ROLL_YAHTZEE_FACE[r]
    joker = jf != 0 and (mask & YAHTZEE_BIT) != 0
    bonus = _YAHTZEE_BONUS if (jf != 0 and y) else 0.0
    for b in range(NUM_BOXES):
        box_pts[b] = -1
    if not joker:
        for b in range(NUM_BOXES):
            if not mask & (1 << b):
                box_pts[b] = ROLL_POINTS[r, b]
    elif not mask & (1 << (jf - 1)):
        box_pts[jf - 1] = NUM_DICE * jf
    elif (mask & LOWER_MASK) != LOWER_MASK:
        for b in range(_UP, NUM_BOXES):
            if not mask & (1 << b):
                box_pts[b] = JOKER_POINTS[jf - 1, b]
    else:
        for b in range(_UP):
            if not mask & (1 << b):
                box_pts[b] = 0
    for b in range(NUM_BOXES):
        pts = box_pts[b]
        if pts < 0:
            continue
        after = mask | (1 << b)
        nu = upper
        gain = 0.0
        ny = y
        if b < _UP:
            nu = min(upper + pts, UPPER_CAP)
            if upper < UPPER_CAP <= upper + pts:
                gain = _UPPER_BONUS
        elif b == YAHTZEE_INDEX and pts == YAHTZEE_POINTS:
            ny = 1
        future = 0.0 if after == FULL_MASK else w[after, ny, nu]
        box_val[b] = pts + bonus + gain + future
    if rolls_left == 0:
        return
    ups = np.full(1, upper, dtype=np.int64)
    fu = np.empty((_UP, _COUNTS, 1))
    fl = np.empty((FL_SLOTS, 1))
    v0 = np.empty((NUM_ROLLS, 1))
    lat1 = np.empty((NUM_KEEPS, 1))
    lat2 = np.empty((NUM_KEEPS, 1))
    best = np.empty((NUM_KEEPS, 1))
    v2 = np.empty((NUM_ROLLS, 1))
    start = np.empty(1)
    no_box = np.empty((0, 0), dtype=np.int8)
    turn_lanes(
        mask, y, ups, ONE_LANE, w, fu, fl, v0, lat1, lat2, best, v2, start, no_box, rolls_left
    )
    lat = lat1 if rolls_left == 1 else lat2
    for j in range(ROLL_NSUBKEEPS[r] - 1):
        keep_val[j] = lat[ROLL_SUBKEEPS[r, j], 0]
    keep_val[ROLL_NSUBKEEPS[r] - 1] = v0[r, 0]


@numba.njit(cache=True, nogil=True)
def _turn_batch(
    w: FloatArray,
    masks: IntArray,
    ys: IntArray,
    uppers: IntArray,
    groups: IntArray,
    score: FloatArray,
    keep1: FloatArray,
    keep2: FloatArray,
    box: Int8Array,
    t: int,
    nt: int,
) -> None:
    """Fill rows ``groups[g]:groups[g + 1]`` (one group of states sharing mask and y, one lane
    each) for the groups ``g = t, t + nt, …`` (one thread's share, ``compiled.on_threads``)."""
    n_groups = groups.shape[0] - 1
    lanes = 1  # as many as the largest group has
    for g in range(n_groups):
        lanes = max(lanes, groups[g + 1] - groups[g])
    fu = np.empty((_UP, _COUNTS, lanes))
    fl = np.empty((FL_SLOTS, lanes))
    v0 = np.empty((NUM_ROLLS, lanes))
    lat1 = np.empty((NUM_KEEPS, lanes))
    lat2 = np.empty((NUM_KEEPS, lanes))
    best = np.empty((NUM_KEEPS, lanes))
    v2 = np.empty((NUM_ROLLS, lanes))
    st = np.empty(lanes)
    bx = np.empty((NUM_ROLLS, lanes), dtype=np.int8)
    for g in range(t, n_groups, nt):
        lo = groups[g]
        nl = groups[g + 1] - lo
        ups = uppers[lo : lo + nl]
        turn_lanes(
            masks[lo], ys[lo], ups, nl, w, fu, fl, v0, lat1, lat2, best, v2, st, bx, KEEPS_DEPTH
        )
        for i in range(nl):
            s = lo + i
            for k in range(ROLL_BASE):
                keep1[s, k] = lat1[k, i]
                keep2[s, k] = lat2[k, i]
            for r in range(NUM_ROLLS):
                score[s, r] = v0[r, i]
                keep1[s, ROLL_BASE + r] = v0[r, i]
                keep2[s, ROLL_BASE + r] = v0[r, i]
                box[s, r] = bx[r, i]


@numba.njit(cache=True, nogil=True)
def _best_keeps(keep: FloatArray, rolls: IntArray, out: IntArray) -> None:
    for s in range(rolls.shape[0]):
        r = rolls[s]
        best_k = ROLL_SUBKEEPS[r, 0]
        best_v = keep[s, best_k]
        for j in range(1, ROLL_NSUBKEEPS[r]):
            k = ROLL_SUBKEEPS[r, j]
            # `>=` prefers the later sub-keep on a tie: later means more dice, so fewer rerolls.
            if keep[s, k] >= best_v:
                best_v = keep[s, k]
                best_k = k
        out[s] = best_k


@dataclass(frozen=True, slots=True)
class TurnValues:
    """The value lattice of one turn for each of ``n`` between-turn states.

    All values are expected points still to come (the sheet's points so far excluded), under
    optimal play for the rest of the game.

    score : ndarray(float64, shape (n, 252))
        Value of scoring roll ``r`` now in the best allowed box (points, +100, +35, then W).
    best_box : ndarray(int8, shape (n, 252))
        The box (sheet position 0-12) achieving ``score``; the first in sheet order on a tie.
    keep1, keep2 : ndarray(float64, shape (n, 462))
        Value of choosing keep ``k`` with 1 or 2 rolls left: rerolling the other dice, or for a
        five-dice keep (``k >= 210``) stopping to score, so ``keep*[:, 210 + r] == score[:, r]``.
    start : ndarray(float64, shape (n,))
        Value before the turn's first roll, equal to the table's ``W`` of the state.
    """

    score: FloatArray
    best_box: Int8Array
    keep1: FloatArray
    keep2: FloatArray
    start: FloatArray


def check_states(
    values: FloatArray, masks: object, uppers: object, yahtzee50: object
) -> tuple[IntArray, IntArray, IntArray]:
    """Return the state arrays as int64; raise MalformedError unless each is a reachable state
    with at least one open box (``values`` is the table, shape (8192, 2, 64))."""
    m = np.asarray(masks, dtype=np.int64).reshape(-1)
    u = np.asarray(uppers, dtype=np.int64).reshape(-1)
    y = np.asarray(yahtzee50, dtype=np.int64).reshape(-1)
    if not m.shape == u.shape == y.shape:
        raise MalformedError(
            f"state arrays differ in length: mask {m.shape}, upper {u.shape}, yahtzee50 {y.shape}"
        )
    bad = (m < 0) | (m >= values.shape[0] - 1) | (u < 0) | (u >= NUM_UPPER) | (y < 0) | (y > 1)
    bad |= (y == 1) & ((m & YAHTZEE_BIT) == 0)
    ok = np.flatnonzero(~bad)
    bad[ok] = np.isnan(values[m[ok], y[ok], u[ok]])
    if bad.any():
        i = int(np.flatnonzero(bad)[0])
        raise MalformedError(
            f"not a playable state: mask={int(m[i])}, upper={int(u[i])}, yahtzee50={int(y[i])}"
        )
    return m, u, y


def turn_values(values: FloatArray, masks: object, uppers: object, yahtzee50: object) -> TurnValues:
    """The turn's value lattice for each state (``mask[i]``, ``upper[i]``, ``yahtzee50[i]``).

    values : ndarray(float64, shape (8192, 2, 64)), the table's between-turn values.
    masks, uppers, yahtzee50 : array-likes of shape (n,): the 13-bit mask of filled boxes, the
        upper subtotal capped at 63, and 1 when ``yahtzee`` holds 50.
    Each distinct state is computed once, states sharing mask and y together (as lanes), in
    parallel. Raises MalformedError for a state that cannot occur or has no open box.
    """
    m, u, y = check_states(values, masks, uppers, yahtzee50)
    # Sorting by (mask, y, upper) puts each group's lanes next to each other; many games of a
    # simulation share a state early on, and each is computed once.
    keys, inverse = np.unique((m * 2 + y) * NUM_UPPER + u, return_inverse=True)
    group_of = keys // NUM_UPPER
    groups = np.flatnonzero(np.diff(group_of, prepend=-1, append=-1)).astype(np.int64)
    n = keys.shape[0]
    score = np.empty((n, NUM_ROLLS))
    box = np.empty((n, NUM_ROLLS), dtype=np.int8)
    keep1 = np.empty((n, NUM_KEEPS))
    keep2 = np.empty((n, NUM_KEEPS))
    on_threads(
        _turn_batch,
        values,
        group_of // 2,
        group_of % 2,
        keys % NUM_UPPER,
        groups,
        score,
        keep1,
        keep2,
        box,
        items=groups.shape[0] - 1,
    )
    if n == m.shape[0] and np.array_equal(inverse, np.arange(n)):
        return TurnValues(score, box, keep1, keep2, values[m, y, u])
    return TurnValues(score[inverse], box[inverse], keep1[inverse], keep2[inverse], values[m, y, u])


def turn_one(
    values: FloatArray, mask: int, upper: int, yahtzee50: bool
) -> tuple[FloatArray, FloatArray, FloatArray, Int8Array, float]:
    """One state's lattice, unchecked (the caller validated the state): ``(score, keep1, keep2,
    best_box, start)`` with the shapes of ``TurnValues`` without the leading ``n``. (The batch
    kernel with a batch of one: a kernel of its own would be one more to compile.)"""
    y = int(yahtzee50)
    score = np.empty((1, NUM_ROLLS))
    box = np.empty((1, NUM_ROLLS), dtype=np.int8)
    keep1 = np.empty((1, NUM_KEEPS))
    keep2 = np.empty((1, NUM_KEEPS))
    masks, ys, uppers = (np.array([x], dtype=np.int64) for x in (mask, y, upper))
    _turn_batch(values, masks, ys, uppers, _ONE_GROUP, score, keep1, keep2, box, 0, 1)
    return score[0], keep1[0], keep2[0], box[0], float(values[mask, y, upper])


def decide(
    values: FloatArray, mask: int, upper: int, yahtzee50: bool, roll: int, rolls_left: int
) -> tuple[IntArray, FloatArray, FloatArray]:
    """One decision point, unchecked (the caller validated every argument).

    Returns ``(box_pts, box_val, keep_val)``: ndarray(int64, (13,)) points of ``roll`` per box,
    -1 where the rules forbid it now (forced Joker); ndarray(float64, (13,)) the value to come of
    scoring there (points and bonuses included); ndarray(float64, (32,)) with rolls left, the
    value to come of each sub-keep ``tables.ROLL_SUBKEEPS[roll, j]``, the last being all five.
    """
    box_pts = np.empty(NUM_BOXES, dtype=np.int64)
    box_val = np.zeros(NUM_BOXES)
    keep_val = np.full(MAX_SUBKEEPS, np.nan)
    _decide(values, mask, int(yahtzee50), upper, roll, rolls_left, box_pts, box_val, keep_val)
    return box_pts, box_val, keep_val


def best_keeps(keep: FloatArray, rolls: IntArray) -> IntArray:
    """The best keep index for each state's roll.

    keep : ndarray(float64, shape (n, 462)), ``TurnValues.keep1`` or ``keep2``.
    rolls : ndarray(int64, shape (n,)), roll indices (``tables.roll_index``).
    Returns ndarray(int64, shape (n,)); a keep of index >= 210 means stop and score. Ties go to
    the sub-keep of more dice (then the later index).
    """
    out = np.empty(rolls.shape[0], dtype=np.int64)
    _best_keeps(keep, np.ascontiguousarray(rolls, dtype=np.int64), out)
    return out


__all__ = [
    "FL_SLOTS",
    "TurnValues",
    "best_keeps",
    "check_states",
    "decide",
    "turn_one",
    "turn_values",
]
