r"""Compiled win probabilities and the play-to-win turn, for a game of two to four seats.

The acting seat A has just scored; the other seats' positions are fixed. Each seat's final total
is its total now plus its points still to come, and the seats' points to come are modelled as
independent. Seat A's chance is then computed from each seat's law:

- a seat with no box open: its total, for sure;
- a seat with one box open: the exact law of its last turn (``pmf1``, EV-optimal play), except
  that when A's last turn is the very last turn of the game (every other seat has no more boxes
  open than A), A knows the total to beat, the best of the others' finals, and plays for it
  exactly (``win1``/``draw1``, made for a draw counting half; a shared best of three or more is
  split as the formula below says, A's play being the one for half);
- a seat with two or more boxes open: the exact law of ``X(s)`` under EV-optimal play
  (``yahtzee.winprob.dist``, read through its stored CDF ``cdf_at``: exact to the point wherever
  the stored step is one point, else smoothed over 2 to 6 points).

A's law is summed cell by cell (points of a known or last-box law, or the middles of its stored
CDF's cells) against the others at that total ``x``: with ``c_k = P(F_k < x)`` and
``p_k = P(F_k = x)`` for each other seat k, A wins alone with chance ``Π c_k``, ties the best of
the others with chance ``Π (c_k + p_k) - Π c_k``, and its share with a shared best split evenly
among the seats sharing it is ``∫₀¹ Π (c_k + t p_k) dt`` (the coefficient of ``tʲ`` is the chance
that exactly ``j`` others tie A, whose share is then ``1 / (j + 1)``). With one other seat this
is ``c + p/2``: a draw counts half, as it always has. The other seats are summed the same way,
each against the rest with A's law after its option; those figures are only shown (the 胜率 of
every seat), never played.

Known bias: every seat is valued as if it played the EV optimum after this turn, while a 高手
goes on playing to win, so its chances come out low (about 2 points mid-game between two); the
chances shown for a 高手 correct that by a measured shift (``calibration.lifted``; measurements in
``docs/calibration.md``).

``turn_lattice`` plays A's whole turn to win: final options valued here, keeps by the mean over
outcomes, rolls by the max over keeps, every channel riding along under channel 0's choices.
"""

from __future__ import annotations

from typing import Final

import numba
import numpy as np

from yahtzee.rules import NUM_BOXES
from yahtzee.solver.compiled import as_int64, on_threads
from yahtzee.solver.scoring import MAX_GAIN, NUM_GAINS, roll_options
from yahtzee.solver.tables import (
    FULL_MASK,
    KEEP_CHILD,
    NUM_ROLLS,
    ROLL_BASE,
    FloatArray,
    IntArray,
)
from yahtzee.winprob.dist import KNOTS, SCALE, U16Array, cdf_at
from yahtzee.winprob.lattice import FIRST, ONE, ONE_LANE, best_keep, buffers, turn

Laws = tuple[FloatArray, FloatArray, FloatArray, U16Array, IntArray, IntArray, IntArray]
"""What the kernel reads of the tables (``WinTables.laws``)."""

EV_TIE: float = 1e-4
"""Weight of one expected point in the play-to-win choice: an option that scores more is taken
unless another wins more often by over 0.01 % of chance per point it gives up (a decided game
is still played well, and the 高手 does not give up points for a gain no estimate here can
resolve; ``docs/calibration.md`` has the measurements)."""

MAX_OTHERS = 3
GRID_LO = -256
"""The lowest final total the grid holds (a computer's shortfall lowers its total below 0)."""
GRID = 4096
"""Half points on the grid: totals ``GRID_LO`` to ``GRID_LO + 2047.5``."""
CELLS = NUM_GAINS
"""The most cells a seat's law has (a last box's gains; a stored CDF has ``KNOTS``)."""

# Channels of the play-to-win lattice: the utility (A's share + EV_TIE per expected point),
# A's share (U), the chance the best total is shared (D), A's chance alone, then each other
# seat's chance alone and its share (raw: ``Chances.of_channels`` makes them a law).
UTILITY, SHARE, DRAW, WIN, OTHERS = 0, 1, 2, 3, 4


_PLAY_CHANNELS: Final = as_int64(OTHERS)
"""The play and the chance before it, not the others' chances (``compiled.as_int64``)."""


def channels(others: int) -> int:
    """Channels of the lattice of a seat playing against ``others`` seats."""
    return OTHERS + 2 * others


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
def _index(x: float) -> int:
    """The grid index of total ``x`` (a whole or half point), held to the grid: its ends are
    below and above every other seat's law."""
    return min(max(int(2.0 * (x - GRID_LO) + 0.5), 0), GRID - 1)


@numba.njit(cache=True, nogil=True)
def _known(
    win1: FloatArray, draw1: FloatArray, b: int, y: int, u: int, n: int
) -> tuple[float, float]:
    """(P(gain > n), P(gain = n)) playing the last box ``b`` to beat ``n`` (the total to beat
    less one's own)."""
    if n < 0:
        return 1.0, 0.0
    if n > MAX_GAIN:
        return 0.0, 0.0
    return win1[b, y, u, n], draw1[b, y, u, n]


@numba.njit(cache=True, nogil=True)
def _kind(mask: int, y: int, u: int, laws: Laws) -> tuple[int, int, int]:
    """(boxes open, the last open box or -1, the state's row of stored laws or -1)."""
    n = _open_count(mask)
    if n == 0:
        return 0, -1, -1
    if n == 1:
        return 1, _last_open(mask), -1
    return n, -1, laws[6][mask, y, u]


@numba.njit(cache=True, nogil=True)
def _law_at(
    total: int,
    n: int,
    b: int,
    row: int,
    y: int,
    u: int,
    x: float,
    laws: Laws,
    cum: FloatArray,
) -> tuple[float, float]:
    """(P(F < x), P(F = x)) for the final total ``F`` of a seat with ``total`` now, ``n`` boxes
    open, ``b`` the last (one open) or ``row`` its stored law (two or more) (``_kind``); ``cum``
    holds its last box's cumulative law when it has one box open (``_cumulate``)."""
    k = x - total
    if n == 0:
        return (1.0 if k > 0.0 else 0.0), (1.0 if k == 0.0 else 0.0)
    if n == 1:
        if k <= 0.0:
            return 0.0, (laws[0][b, y, u, 0] if k == 0.0 else 0.0)
        if k > MAX_GAIN:
            return 1.0, 0.0
        g = int(k)
        if k == g:
            return cum[g], laws[0][b, y, u, g]
        return cum[g + 1], 0.0
    knots, lo, step = laws[3], laws[4], laws[5]
    p = cdf_at(knots, lo, step, row, k + 0.5) - cdf_at(knots, lo, step, row, k - 0.5)
    return cdf_at(knots, lo, step, row, k) - 0.5 * p, p


@numba.njit(cache=True, nogil=True)
def _cumulate(mask: int, y: int, u: int, laws: Laws, cum: FloatArray) -> None:
    """``cum[g]`` = P(the last box gains less than ``g``) for a seat with one box open."""
    pmf1 = laws[0]
    if _open_count(mask) != 1:
        return
    b = _last_open(mask)
    acc = 0.0
    for g in range(NUM_GAINS):
        cum[g] = acc
        acc += pmf1[b, y, u, g]
    cum[NUM_GAINS] = acc


@numba.njit(cache=True, nogil=True)
def _cells(
    total: int, mask: int, y: int, u: int, laws: Laws, cx: FloatArray, cm: FloatArray
) -> int:
    """The cells of a seat's law of its final total: their points ``cx`` and chances ``cm``;
    returns how many."""
    pmf1, knots, lo, step, rows = laws[0], laws[3], laws[4], laws[5], laws[6]
    n = _open_count(mask)
    if n == 0:
        cx[0] = total
        cm[0] = 1.0
        return 1
    count = 0
    if n == 1:
        b = _last_open(mask)
        for g in range(NUM_GAINS):
            p = pmf1[b, y, u, g]
            if p > 0.0:
                cx[count] = total + g
                cm[count] = p
                count += 1
        return count
    row = rows[mask, y, u]
    h = step[row]
    first = total + lo[row] + 0.5 * (h - 1)
    prev = float(knots[row, 0])
    for j in range(KNOTS):
        cur = float(knots[row, j + 1])
        m = (cur - prev) / SCALE
        prev = cur
        if m > 0.0:
            cx[count] = first + j * h
            cm[count] = m
            count += 1
    return count


@numba.njit(cache=True, nogil=True)
def _support(total: int, mask: int, y: int, u: int, laws: Laws) -> tuple[int, int]:
    """Grid indices around every total the seat may end with (its law is 0 below, 1 above)."""
    lo, step, rows = laws[4], laws[5], laws[6]
    n = _open_count(mask)
    if n == 0:
        return _index(float(total)) - 1, _index(float(total)) + 1
    if n == 1:
        return _index(float(total)) - 1, _index(float(total + MAX_GAIN)) + 1
    row = rows[mask, y, u]
    low = total + lo[row] - 1.0
    return _index(low), _index(low + KNOTS * step[row] + 1.0)


@numba.njit(cache=True, nogil=True)
def _poly(ks: IntArray, nk: int, gc: FloatArray, gp: FloatArray, i: int, e: FloatArray) -> int:
    """The coefficients ``e`` of ``Π (c_k + t p_k)`` over seats ``ks[:nk]`` at grid index
    ``i``; returns the degree."""
    e[0] = 1.0
    for d in range(1, nk + 1):
        e[d] = 0.0
    for j in range(nk):
        k = ks[j]
        c = gc[k, i]
        p = gp[k, i]
        for d in range(j + 1, 0, -1):
            e[d] = e[d] * c + e[d - 1] * p
        e[0] *= c
    return nk


@numba.njit(cache=True, nogil=True)
def _split(e: FloatArray, degree: int) -> float:
    """``∫₀¹ Σ e_d tᵈ dt``: the share of a seat when ``d`` others tie it with chance ``e_d``."""
    s = 0.0
    for d in range(degree + 1):
        s += e[d] / (d + 1)
    return s


@numba.njit(cache=True, nogil=True)
def prepare(
    others: IntArray,
    laws: Laws,
    gc: FloatArray,
    gp: FloatArray,
    above: FloatArray,
    cx: FloatArray,
    cm: FloatArray,
    cn: IntArray,
    jp: FloatArray,
    span: IntArray,
    cum: FloatArray,
) -> None:
    """What the others' fixed positions give every option of A's turn.

    others : int64 (n, 4), the other seats' (total, mask, y, capped upper).
    gc, gp : (3, GRID): each other seat's P(F < x) and P(F = x) at every grid total x.
    above : (GRID,): the chance that two others or more share a best total above x.
    cx, cm, cn : each other seat's cells (``_cells``), (3, CELLS) twice and (3,).
    jp : (3, CELLS, 3): at each cell of other seat j, the coefficients of ``Π (c_k + t p_k)``
        over the other seats k but j.
    span : (2,): the grid indices around every total an other seat may end with.
    cum : (CELLS + 1,) scratch.
    """
    n = others.shape[0]
    span[0] = GRID
    span[1] = 0
    ks = np.empty(MAX_OTHERS, dtype=np.int64)
    e = np.empty(MAX_OTHERS + 1)
    for k in range(n):
        t, m, y, u = others[k, 0], others[k, 1], others[k, 2], others[k, 3]
        low, high = _support(t, m, y, u, laws)
        low = max(low, 1)
        high = min(high, GRID - 2)
        span[0] = min(span[0], low)
        span[1] = max(span[1], high)
        for i in range(low):
            gc[k, i] = 0.0
            gp[k, i] = 0.0
        for i in range(high + 1, GRID):
            gc[k, i] = 1.0
            gp[k, i] = 0.0
        _cumulate(m, y, u, laws, cum)
        nb, b, row = _kind(m, y, u, laws)
        for i in range(low, high + 1):
            c, p = _law_at(t, nb, b, row, y, u, GRID_LO + 0.5 * i, laws, cum)
            gc[k, i] = c
            gp[k, i] = p
        cn[k] = _cells(t, m, y, u, laws, cx[k], cm[k])
    # Two others or more sharing the best total above x: summed over whole totals from the top.
    running = 0.0
    for i in range(GRID - 1, -1, -1):
        above[i] = running
        if n >= 2 and i % 2 == 0 and span[0] <= i <= span[1]:
            top = 1.0  # Π (c + p)
            alone = 1.0  # Π c
            single = 0.0  # Σ_k p_k Π_{l≠k} c_l
            for k in range(n):
                c = gc[k, i]
                p = gp[k, i]
                single = single * c + alone * p
                top *= c + p
                alone *= c
            running += top - alone - single
    for j in range(n):
        # The seats but j; n - 1 of them, an int64 (a count that starts as a plain 0 has
        # _poly compiled for the literal 0 as well, on the way).
        for k in range(n - 1):
            ks[k] = k if k < j else k + 1
        nk = n - 1
        for q in range(cn[j]):
            _poly(ks, nk, gc, gp, _index(cx[j, q]), e)
            for d in range(3):
                jp[j, q, d] = e[d] if d <= nk else 0.0


@numba.njit(cache=True, nogil=True)
def after_all(
    me_total: int,
    me_mask: int,
    me_y: int,
    me_u: int,
    others: IntArray,
    laws: Laws,
    gc: FloatArray,
    gp: FloatArray,
    above: FloatArray,
    cx: FloatArray,
    cm: FloatArray,
    cn: IntArray,
    jp: FloatArray,
    span: IntArray,
    cum: FloatArray,
    mx: FloatArray,
    mm: FloatArray,
    ks: IntArray,
    e: FloatArray,
    full: bool,
    out: FloatArray,
) -> None:
    """Every seat's chances once A (``me``) has scored, the others as ``prepare`` left them:
    ``out[SHARE - 1]`` A's share, ``[DRAW - 1]`` the chance the best total is shared,
    ``[WIN - 1]`` A's chance alone, then (when ``full``, against two others or more) each other
    seat's chance alone and its share (left 0 against one: it has all the rest). ``cum``,
    ``mx``, ``mm`` (CELLS + 1, CELLS, CELLS), ``ks`` and ``e`` (4, 5) are scratch."""
    win1, draw1 = laws[1], laws[2]
    n = others.shape[0]
    o = OTHERS - 1
    for ch in range(o + 2 * n if full else o):
        out[ch] = 0.0
    for k in range(n):
        ks[k] = k
    n_me = _open_count(me_mask)
    last = n_me == 1
    for k in range(n):
        if _open_count(others[k, 1]) > 1:
            last = False
    if last:
        # A plays the game's last turn knowing the best of the others' totals, m.
        b = _last_open(me_mask)
        for i in range(span[0] + span[0] % 2, span[1] + 1, 2):
            m = GRID_LO + i // 2
            _poly(ks, n, gc, gp, i, e)
            below = e[0]  # P(M < m)
            best = -below  # P(M = m)
            for d in range(n + 1):
                best += e[d]
            if best <= 0.0:
                continue
            tie = _split(e, n) - below  # the share A would have in a tie at m
            alone = 1.0
            single = 0.0  # P(M = m, one other alone at m)
            for k in range(n):
                c = gc[k, i]
                single = single * c + alone * gp[k, i]
                alone *= c
            w, dr = _known(win1, draw1, b, me_y, me_u, m - me_total)
            out[SHARE - 1] += best * w + tie * dr
            out[WIN - 1] += best * w
            out[DRAW - 1] += best * dr + (best - single) * (1.0 - w - dr)
            for j in range(n if full and n > 1 else 0):
                p = gp[j, i]
                if p <= 0.0:
                    continue
                _rest(ks, n, j, gc, gp, i, e, 1.0 - w - dr, dr)
                out[o + j] += p * e[0]
                out[o + n + j] += p * _split(e, n)
        return
    _cumulate(me_mask, me_y, me_u, laws, cum)
    count = _cells(me_total, me_mask, me_y, me_u, laws, mx, mm)
    for q in range(count):
        i = _index(mx[q])
        _poly(ks, n, gc, gp, i, e)
        w = mm[q]
        out[SHARE - 1] += w * _split(e, n)
        out[WIN - 1] += w * e[0]
        tied = -e[0]
        for d in range(n + 1):
            tied += e[d]
        out[DRAW - 1] += w * (tied + above[i])
    if not full or n == 1:
        return  # one other seat's share of the rest is all of it (Chances.of_channels)
    nb, b, row = _kind(me_mask, me_y, me_u, laws)
    for j in range(n):
        for q in range(cn[j]):
            c, p = _law_at(me_total, nb, b, row, me_y, me_u, cx[j, q], laws, cum)
            # (c + t p) times the other seats' polynomial at this cell.
            e0 = jp[j, q, 0] * c
            e1 = jp[j, q, 1] * c + jp[j, q, 0] * p
            e2 = jp[j, q, 2] * c + jp[j, q, 1] * p
            e3 = jp[j, q, 2] * p
            w = cm[j, q]
            out[o + j] += w * e0
            out[o + n + j] += w * (e0 + e1 / 2.0 + e2 / 3.0 + e3 / 4.0)


@numba.njit(cache=True, nogil=True)
def _rest(
    ks: IntArray,
    n: int,
    j: int,
    gc: FloatArray,
    gp: FloatArray,
    i: int,
    e: FloatArray,
    c: float,
    p: float,
) -> None:
    """``e``: the coefficients of ``(c + t p) Π (c_k + t p_k)`` over the other seats but ``j``."""
    e[0] = c
    e[1] = p
    degree = 1
    for k in range(n):
        if k == j:
            continue
        ck = gc[k, i]
        pk = gp[k, i]
        e[degree + 1] = 0.0
        for d in range(degree + 1, 0, -1):
            e[d] = e[d] * ck + e[d - 1] * pk
        e[0] *= ck
        degree += 1
    for d in range(degree + 1, MAX_OTHERS + 2):
        e[d] = 0.0


@numba.njit(cache=True, nogil=True)
def scratch() -> tuple[
    FloatArray, FloatArray, FloatArray, FloatArray, FloatArray, IntArray, FloatArray,
    IntArray, FloatArray, FloatArray, FloatArray, IntArray, FloatArray,
]:  # fmt: skip
    """Fresh arrays for ``prepare`` and ``after_all``: the grid, ``above``, the cells, their
    polynomials, ``span``, then ``after_all``'s own (``cum``, ``mx``, ``mm``, ``ks``, ``e``)."""
    return (
        np.empty((MAX_OTHERS, GRID)),
        np.empty((MAX_OTHERS, GRID)),
        np.empty(GRID),
        np.empty((MAX_OTHERS, CELLS)),
        np.empty((MAX_OTHERS, CELLS)),
        np.empty(MAX_OTHERS, dtype=np.int64),
        np.empty((MAX_OTHERS, CELLS, 3)),
        np.empty(2, dtype=np.int64),
        np.empty(CELLS + 1),
        np.empty(CELLS),
        np.empty(CELLS),
        np.empty(MAX_OTHERS, dtype=np.int64),
        np.empty(MAX_OTHERS + 2),
    )


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
    """(U, D) for A (``me``) against one other seat B (``op``): U = P(A wins) + ½ P(draw),
    D = P(draw). (Tests and single look-ups; the lattice calls ``after_all``.)"""
    return after_against((me_total, me_mask, me_y, me_u), [(op_total, op_mask, op_y, op_u)], laws)


def after_against(
    me: tuple[int, int, int, int], others: list[tuple[int, int, int, int]], laws: Laws
) -> tuple[float, float]:
    """(A's share, the chance the best total is shared) once A (``me``) has scored, against
    ``others`` (their states)."""
    states = np.array(others, dtype=np.int64).reshape(len(others), 4)
    out = np.empty(OTHERS - 1)
    _after_of(me, states, laws, False, out)
    return float(out[SHARE - 1]), float(out[DRAW - 1])


def after_channels(
    me: tuple[int, int, int, int], others: list[tuple[int, int, int, int]], laws: Laws
) -> list[float]:
    """Every seat's figures once A (``me``) has scored against ``others``, as a lattice's column
    at a decision (``UTILITY`` left 0): what ``estimate.Chances.of_channels`` reads."""
    states = np.array(others, dtype=np.int64).reshape(len(others), 4)
    out = np.empty(OTHERS - 1 + 2 * len(others))
    _after_of(me, states, laws, True, out)
    return [0.0, *out.tolist()]


def _after_of(
    me: tuple[int, int, int, int], others: IntArray, laws: Laws, full: bool, out: FloatArray
) -> None:
    """``after_all``'s figures (every seat's when ``full``), with scratch of its own. (Python
    calling the two kernels ``turn_lattice`` calls, compiled once for both, rather than a kernel
    of its own: one fewer to compile.)"""
    gc, gp, above, cx, cm, cn, jp, span, cum, mx, mm, ks, e = scratch()
    prepare(others, laws, gc, gp, above, cx, cm, cn, jp, span, cum)
    after_all(
        *me, others, laws,
        gc, gp, above, cx, cm, cn, jp, span, cum, mx, mm, ks, e, full, out,
    )  # fmt: skip


def lattice_of(
    me_total: int,
    me_mask: int,
    me_y: int,
    me_u: int,
    others: IntArray,
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
    """``turn_lattice`` with scratch of its own (one lattice at a time, as the server builds
    them). Called from Python, the kernel is the one ``play_turns`` runs, compiled once."""
    turn_lattice(
        me_total, me_mask, me_y, me_u, others, w, laws, *scratch(),
        v0, lat1, lat2, best, v2, start, best_box, cache,
    )  # fmt: skip


@numba.njit(cache=True, nogil=True)
def turn_lattice(
    me_total: int,
    me_mask: int,
    me_y: int,
    me_u: int,
    others: IntArray,
    w: FloatArray,
    laws: Laws,
    gc: FloatArray,
    gp: FloatArray,
    above: FloatArray,
    cx: FloatArray,
    cm: FloatArray,
    cn: IntArray,
    jp: FloatArray,
    span: IntArray,
    cum: FloatArray,
    mx: FloatArray,
    mm: FloatArray,
    ks: IntArray,
    e: FloatArray,
    v0: FloatArray,
    lat1: FloatArray,
    lat2: FloatArray,
    best: FloatArray,
    v2: FloatArray,
    start: FloatArray,
    best_box: IntArray,
    cache: FloatArray,
) -> None:
    """The play-to-win lattice of A's whole turn against ``others`` (buffers as
    ``lattice.turn`` with K = ``channels(len(others))``, or ``OTHERS`` for the play alone,
    L = 1; ``best_box`` (252,), ``cache`` (K, 13, 166) and ``scratch()`` scratch). Channel 0 is
    A's share plus ``EV_TIE`` per expected final point; the others are ``after_all``'s."""
    nk = cache.shape[0]
    full = nk > OTHERS
    prepare(others, laws, gc, gp, above, cx, cm, cn, jp, span, cum)
    out = np.empty(nk - 1)
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
                after_all(
                    me_total + g, nm, nys[j], nus[j],
                    others, laws, gc, gp, above, cx, cm, cn, jp, span, cum, mx, mm, ks, e,
                    full, out,
                )  # fmt: skip
                ev = me_total + g + (0.0 if nm == FULL_MASK else w[nm, nys[j], nus[j]])
                cache[0, b, g] = out[SHARE - 1] + EV_TIE * ev
                for ch in range(1, nk):
                    cache[ch, b, g] = out[ch - 1]
            val = cache[0, b, g]
            if val > bv:
                bv = val
                for ch in range(nk):
                    v0[ch, r, 0] = cache[ch, b, g]
                best_box[r] = b
    turn(nk, ONE_LANE, v0, lat1, lat2, best, v2, start)


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
    return best_keep(lat2 if rolls_left == 2 else lat1, v0, r, FIRST)


@numba.njit(cache=True, nogil=True)
def _play_turns(
    me: IntArray,
    others: IntArray,
    faces: IntArray,
    w: FloatArray,
    laws: Laws,
    out_rolls: IntArray,
    out_keeps: IntArray,
    out_box: IntArray,
    out_pred: FloatArray,
    t: int,
    nt: int,
) -> None:
    """``play_turns`` for the games ``g = t, t + nt, …`` (one thread's share)."""
    n = me.shape[0]
    nk = _PLAY_CHANNELS
    v0, lat1, lat2, best, v2, start = buffers(nk, ONE)
    best_box = np.empty(NUM_ROLLS, dtype=np.int64)
    cache = np.empty((nk, NUM_BOXES, NUM_GAINS))
    gc, gp, above, cx, cm, cn, jp, span, cum, mx, mm, ks, e = scratch()
    for g in range(t, n, nt):
        turn_lattice(
            me[g, 0], me[g, 1], me[g, 2], me[g, 3], others[g],
            w, laws, gc, gp, above, cx, cm, cn, jp, span, cum, mx, mm, ks, e,
            v0, lat1, lat2, best, v2, start, best_box, cache,
        )  # fmt: skip
        out_pred[g, 0] = start[SHARE, 0]
        out_pred[g, 1] = start[DRAW, 0]
        r = _walk(FIRST, faces[g, 0])
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


def play_turns(
    me: IntArray,
    others: IntArray,
    faces: IntArray,
    w: FloatArray,
    laws: Laws,
    out_rolls: IntArray,
    out_keeps: IntArray,
    out_box: IntArray,
    out_pred: FloatArray,
) -> None:
    """Play one whole turn to win for each game ``g``, the games spread over the cores.

    me : int64 (n, 4): (total, mask, y, capped upper) of the seat playing; others : int64
    (n, k, 4), the other seats'. faces : int64 (n, 3, 5): the faces (0-5) each roll draws, used
    in order for missing dice. out_rolls (n, 3) roll indices (-1 not rolled), out_keeps (n, 2)
    keep indices (-1 none), out_box (n,) the box scored, out_pred (n, 2) the (U, D) of the turn
    before its first roll.
    """
    on_threads(
        _play_turns, me, others, faces, w, laws, out_rolls, out_keeps, out_box, out_pred,
        items=me.shape[0],
    )  # fmt: skip
