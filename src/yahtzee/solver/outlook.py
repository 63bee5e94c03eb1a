r"""The outlook: what each between-turn state still promises, box by box, under optimal play.

The solver's table ``W(s)`` is the expected number of points still to come from between-turn state
``s = (mask, y, u)`` (``yahtzee.solver.dp``). The outlook splits that number by where the points
land, for the same EV-optimal policy, and adds the chance of the upper bonus:

- ``parts[s, b]`` (``b`` = 0-12, sheet order): the expected points box ``b`` still receives
  (0 for a filled box);
- ``parts[s, BONUS_CHANCE]``: the chance that the upper subtotal ends at 63 or more (1 once it is);
- ``parts[s, YAHTZEE_BONUSES]``: the expected Yahtzee bonus points (+100 each) still to come.

So ``W(s) = sum(parts[s, :13]) + 35 (parts[s, 13] - [u = 63]) + parts[s, 14]``, an identity the
tests hold to float32 rounding. The expected points of the ``yahtzee`` box over 50 are the chance
that it is still scored with 50.

It is a policy evaluation, layer by layer like ``W``: for each state, the turn's policy carries the
chance of the first roll forward through the keep lattice (``push``) to a law over the final roll;
each final roll is scored in the policy's box, and the state after it brings its own parts:

.. math::

    \mathrm{parts}(s) = \sum_r P_s(\text{final roll } r)\,\big(
        \mathrm{points}_{b(r)}\, e_{b(r)} + \mathrm{bonus}_{(r)}\, e_{14}
        + \mathrm{parts}(s \oplus (b(r), r))\big)

with ``parts`` of a full sheet 0 but for its bonus chance, ``[u = 63]``. The same ``push`` answers
a decision in front of a player (``decision_parts``): the law of the turn's final roll after a keep,
hence the chance the turn ends with a straight, a full house or a 快艇, and every box's points
expected after that choice.

The policy is the solver's: the box worth most (the first in sheet order on a tie, as the turn
kernel and the advisor take it), and the keep worth most, where values within ``TIE`` count as
equal and stopping comes first, then the keep of more dice, then the smaller faces, as
``Advisor`` orders its options. Any optimal policy gives the same ``W``; the tie order only
decides how points split between boxes when two choices are worth exactly as much.
"""

from __future__ import annotations

from typing import Any, Final

import numba
import numpy as np
import numpy.typing as npt

from yahtzee.rules import (
    NUM_BOXES,
    NUM_DICE,
    NUM_FACES,
    NUM_UPPER_BOXES,
    YAHTZEE_BONUS,
    YAHTZEE_INDEX,
    YAHTZEE_POINTS,
)
from yahtzee.solver.compiled import on_threads
from yahtzee.solver.dp import layer_groups
from yahtzee.solver.kernel import FL_SLOTS, KEEPS_DEPTH, ONE_LANE, turn_lanes
from yahtzee.solver.tables import (
    FULL_MASK,
    JOKER_POINTS,
    KEEP_CHILD,
    KEEP_NPARENTS,
    KEEP_PARENTS,
    KEEP_SIZE,
    NUM_KEEPS,
    NUM_ROLLS,
    NUM_UPPER,
    ROLL_BASE,
    ROLL_POINTS,
    ROLL_PROB,
    ROLL_YAHTZEE_FACE,
    UPPER_CAP,
    UPPER_MASK,
    UPPER_NREACHABLE,
    UPPER_REACHABLE,
    YAHTZEE_BIT,
    FloatArray,
    IntArray,
)

BONUS_CHANCE: Final = NUM_BOXES
"""Column of the chance of the upper bonus."""
YAHTZEE_BONUSES: Final = NUM_BOXES + 1
"""Column of the expected Yahtzee bonus points still to come."""
NUM_PARTS: Final = NUM_BOXES + 2
TIE: Final = 1e-9
"""Values this close count as equal when the policy chooses (the advisor's resolution)."""
NO_ROW: Final = -1

Int32Array = npt.NDArray[np.int32]
Int8Array = npt.NDArray[np.int8]
PartsArray = npt.NDArray[np.floating[Any]]
"""The parts by state row: float64 while built, float32 as stored."""
_SIXTH = 1.0 / NUM_FACES


def state_rows(values: FloatArray) -> Int32Array:
    """``rows[mask, y, u]``: the row of each reachable between-turn state of the solver table
    ``values`` (its entries that are not NaN, full sheets included, in C order), -1 elsewhere."""
    reachable = ~np.isnan(values)
    rows = np.full(values.shape, NO_ROW, dtype=np.int32)
    rows[reachable] = np.arange(int(reachable.sum()), dtype=np.int32)
    return rows


@numba.njit(cache=True, nogil=True)
def _prefer(va: float, a: int, vb: float, b: int) -> bool:
    """True when keep ``a`` (worth ``va``) is chosen over keep ``b`` (worth ``vb``): worth more
    by over TIE, or as much within TIE and of more dice, or as many and smaller faces (stopping is
    the keep of all five dice)."""
    if va > vb + TIE:
        return True
    if va < vb - TIE:
        return False
    return KEEP_SIZE[a] > KEEP_SIZE[b] or (KEEP_SIZE[a] == KEEP_SIZE[b] and a < b)


@numba.njit(cache=True, nogil=True)
def policy_keeps(lat: FloatArray, v0: FloatArray, nl: int, bk: IntArray, choice: IntArray) -> None:
    """``choice[r, i]``: the policy's option for roll ``r`` in lane ``i`` (``ROLL_BASE + r`` to
    stop and score), where ``lat`` holds the keep values with the rolls then left (``lat2`` with
    two, ``lat1`` with one). ``bk[k, i]`` is the best sub-keep of keep ``k``, a running choice
    down the lattice of one-die removals."""
    for k in range(ROLL_BASE):
        for i in range(nl):
            bk[k, i] = k
        for j in range(KEEP_NPARENTS[k]):
            p = KEEP_PARENTS[k, j]
            for i in range(nl):
                c = bk[p, i]
                cur = bk[k, i]
                if _prefer(lat[c, i], c, lat[cur, i], cur):
                    bk[k, i] = c
    for r in range(NUM_ROLLS):
        kr = ROLL_BASE + r
        for i in range(nl):
            cur = kr
            val = v0[r, i]
            for j in range(KEEP_NPARENTS[kr]):
                c = bk[KEEP_PARENTS[kr, j], i]
                if _prefer(lat[c, i], c, val, cur):
                    cur = c
                    val = lat[c, i]
            choice[r, i] = cur


@numba.njit(cache=True, nogil=True)
def spread(m: FloatArray) -> None:
    """Roll the dice not held: the chance on each keep (fewer than five dice) moves to the rolls,
    one more die at a time; keeps are numbered by size, so each is complete before it moves."""
    for k in range(ROLL_BASE):
        p = m[k] * _SIXTH
        m[k] = 0.0
        if p != 0.0:
            for f in range(NUM_FACES):
                m[KEEP_CHILD[k, f]] += p


@numba.njit(cache=True, nogil=True)
def push(m: FloatArray, choice: IntArray, lane: int, final: FloatArray) -> None:
    """One roll's decision under the policy ``choice`` (``policy_keeps``): the chance
    ``m[ROLL_BASE + r]`` of each roll showing goes to ``final[r]`` when the policy stops, else to
    the keep it holds, which is rolled (``spread``): on return ``m[ROLL_BASE:]`` is the law of
    the next roll."""
    for r in range(NUM_ROLLS):
        p = m[ROLL_BASE + r]
        if p == 0.0:
            continue
        m[ROLL_BASE + r] = 0.0
        k = choice[r, lane]
        if k >= ROLL_BASE:
            final[r] += p
        else:
            m[k] += p
    spread(m)


@numba.njit(cache=True, nogil=True)
def _points(mask: int, r: int, b: int) -> int:
    """The points roll ``r`` scores in open box ``b`` when the rules allow it there (forced Joker:
    a five of a kind after the ``yahtzee`` box is filled scores full points in a lower box, and its
    own face's five or 0 in an upper one)."""
    face = ROLL_YAHTZEE_FACE[r]
    if face != 0 and mask & YAHTZEE_BIT and b >= NUM_UPPER_BOXES:
        return int(JOKER_POINTS[face - 1, b])
    return int(ROLL_POINTS[r, b])


# What a scoring leads to, as one of NUM_AFTER keys: an upper box and how many dice of its face
# (b * 6 + count), a lower box (36 + b - 6), or 50 in ``yahtzee`` (NUM_AFTER - 1). Rolls that lead
# to the same state after are summed first, so each state's parts are read once.
_LOWER_KEYS = NUM_UPPER_BOXES * (NUM_DICE + 1)
_YAHTZEE50_KEY = _LOWER_KEYS + NUM_BOXES - NUM_UPPER_BOXES
NUM_AFTER = _YAHTZEE50_KEY + 1


@numba.njit(cache=True, nogil=True)
def _score_roll(mask: int, y: int, r: int, b: int, p: float, out: FloatArray) -> int:
    """Add to ``out`` ``p`` times the points of scoring roll ``r`` in box ``b`` (allowed now) and
    any Yahtzee bonus; return the key of what it leads to."""
    pts = _points(mask, r, b)
    out[b] += p * pts
    if ROLL_YAHTZEE_FACE[r] != 0 and y:
        out[YAHTZEE_BONUSES] += p * YAHTZEE_BONUS
    if b < NUM_UPPER_BOXES:
        return b * (NUM_DICE + 1) + pts // (b + 1)
    if b == YAHTZEE_INDEX and pts == YAHTZEE_POINTS:
        return _YAHTZEE50_KEY
    return _LOWER_KEYS + b - NUM_UPPER_BOXES


@numba.njit(cache=True, nogil=True)
def _add_after(
    parts: PartsArray,
    rows: Int32Array,
    mask: int,
    y: int,
    u: int,
    key: int,
    p: float,
    out: FloatArray,
) -> None:
    """Add to ``out`` ``p`` times the parts of the state that scoring ``key`` leads to."""
    ny = y
    nu = u
    if key < _LOWER_KEYS:
        b = key // (NUM_DICE + 1)
        nu = min(u + (key - b * (NUM_DICE + 1)) * (b + 1), UPPER_CAP)
    elif key == _YAHTZEE50_KEY:
        b = YAHTZEE_INDEX
        ny = 1
    else:
        b = key - _LOWER_KEYS + NUM_UPPER_BOXES
    nm = mask | (1 << b)
    if nm == FULL_MASK:
        if nu >= UPPER_CAP:
            out[BONUS_CHANCE] += p
        return
    row = rows[nm, ny, nu]
    for c in range(NUM_PARTS):
        out[c] += p * parts[row, c]


@numba.njit(cache=True, nogil=True)
def score_final(
    parts: PartsArray,
    rows: Int32Array,
    mask: int,
    y: int,
    u: int,
    final: FloatArray,
    box: Int8Array,
    lane: int,
    weight: FloatArray,
    out: FloatArray,
) -> None:
    """``out`` (NUM_PARTS,): the parts of the turn whose final roll has law ``final``, roll ``r``
    scored in the policy's box ``box[r, lane]``. ``weight`` (NUM_AFTER,) is scratch."""
    for c in range(NUM_PARTS):
        out[c] = 0.0
    for key in range(NUM_AFTER):
        weight[key] = 0.0
    for r in range(NUM_ROLLS):
        p = final[r]
        if p != 0.0:
            # + 0 makes the int8 read an int64, as _decision passes: one compile of _score_roll.
            weight[_score_roll(mask, y, r, box[r, lane] + 0, p, out)] += p
    for key in range(NUM_AFTER):
        if weight[key] != 0.0:
            _add_after(parts, rows, mask, y, u, key, weight[key], out)


@numba.njit(cache=True, nogil=True)
def _outlook_groups(
    w: FloatArray,
    parts: PartsArray,
    rows: Int32Array,
    masks: IntArray,
    ys: IntArray,
    reachable: IntArray,
    nreachable: IntArray,
    t: int,
    nt: int,
) -> None:
    """Fill ``parts`` of every reachable state of the groups ``(masks[g], ys[g])``, ``g = t, t +
    nt, …`` (one thread's share, ``compiled.on_threads``), whose later states are done."""
    n = masks.shape[0]
    fu = np.empty((NUM_UPPER_BOXES, NUM_DICE + 1, NUM_UPPER))
    fl = np.empty((FL_SLOTS, NUM_UPPER))
    v0 = np.empty((NUM_ROLLS, NUM_UPPER))
    lat1 = np.empty((NUM_KEEPS, NUM_UPPER))
    lat2 = np.empty((NUM_KEEPS, NUM_UPPER))
    best = np.empty((NUM_KEEPS, NUM_UPPER))
    v2 = np.empty((NUM_ROLLS, NUM_UPPER))
    start = np.empty(NUM_UPPER)
    box = np.empty((NUM_ROLLS, NUM_UPPER), dtype=np.int8)
    bk = np.empty((ROLL_BASE, NUM_UPPER), dtype=np.int64)
    choice1 = np.empty((NUM_ROLLS, NUM_UPPER), dtype=np.int64)
    choice2 = np.empty((NUM_ROLLS, NUM_UPPER), dtype=np.int64)
    m = np.empty(NUM_KEEPS)
    final = np.empty(NUM_ROLLS)
    weight = np.empty(NUM_AFTER)
    out = np.empty(NUM_PARTS)
    for g in range(t, n, nt):
        mask = masks[g]
        y = ys[g]
        nl = nreachable[mask & UPPER_MASK]
        ups = reachable[mask & UPPER_MASK]
        turn_lanes(mask, y, ups, nl, w, fu, fl, v0, lat1, lat2, best, v2, start, box, KEEPS_DEPTH)
        policy_keeps(lat2, v0, nl, bk, choice2)
        policy_keeps(lat1, v0, nl, bk, choice1)
        for i in range(nl):
            for k in range(ROLL_BASE):
                m[k] = 0.0
            for r in range(NUM_ROLLS):
                m[ROLL_BASE + r] = ROLL_PROB[r]
                final[r] = 0.0
            push(m, choice2, i, final)
            push(m, choice1, i, final)
            for r in range(NUM_ROLLS):
                final[r] += m[ROLL_BASE + r]
            u = ups[i]
            score_final(parts, rows, mask, y, u, final, box, i, weight, out)
            row = rows[mask, y, u]
            for c in range(NUM_PARTS):
                parts[row, c] = out[c]


def compute(values: FloatArray) -> FloatArray:
    """The outlook of every reachable state of the solver table ``values`` (8192, 2, 64):
    ndarray(float64, (states, NUM_PARTS)), rows by ``state_rows(values)``."""
    rows = state_rows(values)
    parts = np.zeros((int(rows.max()) + 1, NUM_PARTS))
    full = rows[FULL_MASK]
    for y in (0, 1):
        for u in range(NUM_UPPER):
            if full[y, u] != NO_ROW and u >= UPPER_CAP:
                parts[full[y, u], BONUS_CHANCE] = 1.0
    w = np.ascontiguousarray(values)
    for filled in range(NUM_BOXES - 1, -1, -1):
        masks, ys = layer_groups(filled)
        on_threads(
            _outlook_groups, w, parts, rows, masks, ys, UPPER_REACHABLE, UPPER_NREACHABLE,
            items=masks.shape[0],
        )  # fmt: skip
    return parts


@numba.njit(cache=True, nogil=True)
def _decision(
    w: FloatArray,
    parts: PartsArray,
    rows: Int32Array,
    mask: int,
    y: int,
    u: int,
    r: int,
    rolls_left: int,
    options: IntArray,
    out: FloatArray,
    finals: FloatArray,
) -> None:
    """For each option (a keep index, >= ROLL_BASE for stopping to score roll ``r`` in the
    policy's box; or ``-1 - b`` for scoring ``r`` in box ``b`` now): ``out[o]`` its parts,
    ``finals[o]`` the law of the turn's final roll.

    Its one lane is passed as the plain literals ``ONE_LANE`` and 0 on purpose: the callees are
    compiled for them (once more than for the table's lanes), and run a third faster."""
    ups = np.full(1, u, dtype=np.int64)
    fu = np.empty((NUM_UPPER_BOXES, NUM_DICE + 1, 1))
    fl = np.empty((FL_SLOTS, 1))
    v0 = np.empty((NUM_ROLLS, 1))
    lat1 = np.empty((NUM_KEEPS, 1))
    lat2 = np.empty((NUM_KEEPS, 1))
    best = np.empty((NUM_KEEPS, 1))
    v2 = np.empty((NUM_ROLLS, 1))
    start = np.empty(1)
    box = np.empty((NUM_ROLLS, 1), dtype=np.int8)
    depth = max(rolls_left, 1)
    turn_lanes(mask, y, ups, ONE_LANE, w, fu, fl, v0, lat1, lat2, best, v2, start, box, depth)
    choice1 = np.empty((NUM_ROLLS, 1), dtype=np.int64)
    if rolls_left == 2:
        policy_keeps(lat1, v0, ONE_LANE, np.empty((ROLL_BASE, 1), dtype=np.int64), choice1)
    m = np.empty(NUM_KEEPS)
    weight = np.empty(NUM_AFTER)
    for o in range(options.shape[0]):
        final = finals[o]
        for x in range(NUM_ROLLS):
            final[x] = 0.0
        k = options[o]
        if k < 0:
            # A box chosen by the player: scored now, whatever the policy would choose.
            final[r] = 1.0
            for c in range(NUM_PARTS):
                out[o, c] = 0.0
            key = _score_roll(mask, y, r, -1 - k, 1.0, out[o])
            _add_after(parts, rows, mask, y, u, key, 1.0, out[o])
            continue
        if k >= ROLL_BASE:
            final[r] = 1.0
        else:
            for x in range(NUM_KEEPS):
                m[x] = 0.0
            m[k] = 1.0
            spread(m)
            if rolls_left == 2:
                push(m, choice1, 0, final)
            for x in range(NUM_ROLLS):
                final[x] += m[ROLL_BASE + x]
        score_final(parts, rows, mask, y, u, final, box, 0, weight, out[o])


def decision_parts(
    values: FloatArray,
    parts: PartsArray,
    rows: Int32Array,
    state: tuple[int, int, int],
    roll: int,
    rolls_left: int,
    options: IntArray,
) -> tuple[FloatArray, FloatArray]:
    """The parts (``(n, NUM_PARTS)``, float64) and the law of the turn's final roll (``(n, 252)``)
    of each option of a decision, unchecked (the caller validated it): ``state`` is
    ``(mask, y, capped upper)``, ``roll`` the roll index showing, ``options`` keep indices (a
    five-dice keep: stop and score the policy's box) or ``-1 - box`` (score that box now, which
    the rules must allow)."""
    mask, y, u = state
    out = np.empty((options.shape[0], NUM_PARTS))
    finals = np.empty((options.shape[0], NUM_ROLLS))
    _decision(values, parts, rows, mask, y, u, roll, rolls_left, options, out, finals)
    return out, finals


__all__ = [
    "BONUS_CHANCE",
    "NUM_PARTS",
    "TIE",
    "YAHTZEE_BONUSES",
    "compute",
    "decision_parts",
    "policy_keeps",
    "push",
    "score_final",
    "spread",
    "state_rows",
]
