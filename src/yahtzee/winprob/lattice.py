r"""Compiled pieces shared by the win-probability tables and the play-to-win player.

A *channelled* turn lattice: the same keep/roll lattice as ``yahtzee.solver.kernel``, but every
node carries ``K`` numbers (channels). Channel 0 decides: a keep's value is the mean over one more
die of every channel, and a roll's value is the option (stop, or a proper sub-keep) whose
channel 0 is highest, all of whose channels are copied. The other channels therefore ride along
under the policy channel 0 defines: with channel 0 the expected points (``dist``, the EV-optimal
policy; the last-box tables' chance of each gain), or a win utility, with channels 1 and 2 the
chances of winning and of a draw under the play-to-win policy.

Ties go as in the solver's kernel (``_best_rolls``: stopping unless a sub-keep is strictly better;
the running maximum down the lattice keeps the first of equal sub-keeps), so channel 0 = expected
points reproduces the solver's choices exactly.

Arrays are ``(K, 462, L)`` or ``(K, 252, L)`` float64: channel, keep or roll, lane.
"""

from __future__ import annotations

from typing import Final

import numba
import numpy as np

from yahtzee.rules import NUM_FACES
from yahtzee.solver.compiled import as_int64
from yahtzee.solver.tables import (
    KEEP_CHILD,
    KEEP_NPARENTS,
    KEEP_PARENTS,
    NUM_ROLLS,
    ROLL_BASE,
    ROLL_NSUBKEEPS,
    ROLL_PROB,
    ROLL_SUBKEEPS,
    FloatArray,
)

SIXTH = 1.0 / NUM_FACES

# Constant arguments of compiled calls, as int64 (``compiled.as_int64``: a plain 1 would compile
# the callee, with all it calls, once more).
ONE: Final = as_int64(1)
THREE: Final = as_int64(3)
FIRST: Final = as_int64(0)
ROLLS_AT: Final = as_int64(ROLL_BASE)
ONE_LANE: Final = 1
"""The lanes of one state's lattice, a plain 1 on purpose: ``turn`` compiled for the literal
(one compile more than for the tables' lanes) folds its lane loops away, and the play-to-win
lattice runs a quarter faster."""


@numba.njit(cache=True, nogil=True)
def means(nk: int, nl: int, lat: FloatArray) -> None:
    """On entry ``lat[:, ROLL_BASE + r]`` holds each roll's value; fill the smaller keeps with
    the mean over one more die, every channel."""
    for k in range(ROLL_BASE - 1, -1, -1):
        c0 = KEEP_CHILD[k, 0]
        c1 = KEEP_CHILD[k, 1]
        c2 = KEEP_CHILD[k, 2]
        c3 = KEEP_CHILD[k, 3]
        c4 = KEEP_CHILD[k, 4]
        c5 = KEEP_CHILD[k, 5]
        for ch in range(nk):
            for i in range(nl):
                lat[ch, k, i] = (
                    lat[ch, c0, i]
                    + lat[ch, c1, i]
                    + lat[ch, c2, i]
                    + lat[ch, c3, i]
                    + lat[ch, c4, i]
                    + lat[ch, c5, i]
                ) * SIXTH


@numba.njit(cache=True, nogil=True)
def best_rolls(
    nk: int,
    nl: int,
    lat: FloatArray,
    best: FloatArray,
    v0: FloatArray,
    v_out: FloatArray,
    at: int,
) -> None:
    """``v_out[:, at + r]``: the option for roll ``r`` (stop = ``v0[:, r]``, or its best proper
    sub-keep) with the highest channel 0; ``best[:, k]`` the best sub-keep of keep ``k``.
    (An offset rather than a slice ``v_out[:, at:]``: a slice has another layout, and another
    compile.)"""
    for k in range(ROLL_BASE):
        for ch in range(nk):
            for i in range(nl):
                best[ch, k, i] = lat[ch, k, i]
        for j in range(KEEP_NPARENTS[k]):
            p = KEEP_PARENTS[k, j]
            for i in range(nl):
                if best[0, p, i] > best[0, k, i]:
                    for ch in range(nk):
                        best[ch, k, i] = best[ch, p, i]
    for r in range(NUM_ROLLS):
        k = ROLL_BASE + r
        o = at + r
        for ch in range(nk):
            for i in range(nl):
                v_out[ch, o, i] = v0[ch, r, i]
        for j in range(KEEP_NPARENTS[k]):
            p = KEEP_PARENTS[k, j]
            for i in range(nl):
                if best[0, p, i] > v_out[0, o, i]:
                    for ch in range(nk):
                        v_out[ch, o, i] = best[ch, p, i]


@numba.njit(cache=True, nogil=True)
def turn(
    nk: int,
    nl: int,
    v0: FloatArray,
    lat1: FloatArray,
    lat2: FloatArray,
    best: FloatArray,
    v2: FloatArray,
    start: FloatArray,
) -> None:
    """The whole turn from the scoring values ``v0`` (K, 252, L): ``lat1``/``lat2`` (K, 462, L)
    the keep values with 1/2 rolls left (``lat*[:, 210 + r]`` = the roll's value then), ``v2``
    the value of each first roll, ``start`` (K, L) the value before the first roll."""
    for ch in range(nk):
        for r in range(NUM_ROLLS):
            for i in range(nl):
                lat1[ch, ROLL_BASE + r, i] = v0[ch, r, i]
    means(nk, nl, lat1)
    best_rolls(nk, nl, lat1, best, v0, lat2, ROLLS_AT)
    means(nk, nl, lat2)
    best_rolls(nk, nl, lat2, best, v0, v2, FIRST)
    for ch in range(nk):
        for i in range(nl):
            start[ch, i] = 0.0
        for r in range(NUM_ROLLS):
            p = ROLL_PROB[r]
            for i in range(nl):
                start[ch, i] += p * v2[ch, r, i]


@numba.njit(cache=True, nogil=True)
def best_keep(lat: FloatArray, v0: FloatArray, r: int, lane: int) -> int:
    """The option channel 0 picks for roll ``r`` in lane ``lane``: the first proper sub-keep
    (in ``ROLL_SUBKEEPS`` order) strictly better than stopping, else ``ROLL_BASE + r`` (stop).
    ``lat`` is the keep lattice of the rolls then left (``lat2`` with two, ``lat1`` with one)."""
    best_k = ROLL_BASE + r
    best_v = v0[0, r, lane]
    for j in range(ROLL_NSUBKEEPS[r] - 1):
        kk = ROLL_SUBKEEPS[r, j]
        if lat[0, kk, lane] > best_v:
            best_v = lat[0, kk, lane]
            best_k = kk
    return best_k


@numba.njit(cache=True, nogil=True)
def buffers(
    nk: int, nl: int
) -> tuple[FloatArray, FloatArray, FloatArray, FloatArray, FloatArray, FloatArray]:
    """``(v0, lat1, lat2, best, v2, start)`` for ``turn``."""
    return (
        np.empty((nk, NUM_ROLLS, nl)),
        np.empty((nk, ROLL_BASE + NUM_ROLLS, nl)),
        np.empty((nk, ROLL_BASE + NUM_ROLLS, nl)),
        np.empty((nk, ROLL_BASE + NUM_ROLLS, nl)),
        np.empty((nk, NUM_ROLLS, nl)),
        np.empty((nk, nl)),
    )
