"""普通 (``normal``): a club player's rules of thumb, with the slips of a person playing by feel.

**Box values.** The player prices every box it could score by rules of thumb, not by the solver:

- a lower box is worth its points minus its *par*, what that box usually brings in if left open
  (``Style.par``): a 0 in ``large_straight`` throws away about 30, a 0 in ``yahtzee`` about 15,
  so when a turn goes wrong the cheap boxes (``ones``, ``twos``, then ``yahtzee``) take the 0;
  ``chance`` has a par of 22, so it is used as a dump only for a sum near that or to avoid a
  worse zero;
- an upper box is worth its points minus its par (2.5 × face), and while the +35 is still within
  reach (63 reachable with four of each remaining face) the points above or below "three of
  each" count ``Style.bonus_weight`` times more; landing the bonus adds the 35;
- five of a kind with 50 already in ``yahtzee`` adds the +100 bonus wherever it goes.

**Within a turn** the player holds whatever makes the best *expected box value after the next
roll*: it knows the odds of filling straights, full houses and of-a-kinds from a keep, the way a
practised player does, but it thinks one roll ahead (``Style.lookahead``), judging a keep with two
rolls left as if the next roll were the last, and never looks past this turn (the sheet's future
lives only in the pars). It stops rolling when the dice already score more than any keep
promises. That lookahead is computed exactly, over all 462 keeps, by a compiled kernel.

**Slips.** It does not always pick the top option: every keep and every box is chosen among the
three best (``SHORTLIST``) by a softmax over those values with temperatures
``Style.keep_temperature`` and ``Style.box_temperature`` (points). Options a fraction of a point
apart are mixed up often, a choice that costs 10 points almost never, which is how people err.
The choice is made from the uniform number handed in with the decision, so a seeded generator
replays it exactly.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Final

import numba
import numpy as np

from yahtzee.players.base import FloatArray, PolicyPlayer, Uniform
from yahtzee.players.batch import Sheets, States
from yahtzee.rules import (
    NUM_BOXES,
    NUM_DICE,
    NUM_FACES,
    NUM_UPPER_BOXES,
    UPPER_BONUS,
    UPPER_BONUS_THRESHOLD,
    YAHTZEE_BONUS,
    YAHTZEE_INDEX,
)
from yahtzee.solver.compiled import as_int64
from yahtzee.solver.tables import (
    JOKER_POINTS,
    KEEP_CHILD,
    KEEP_NPARENTS,
    KEEP_PARENTS,
    LOWER_MASK,
    NUM_KEEPS,
    NUM_ROLLS,
    ROLL_BASE,
    ROLL_COUNTS,
    ROLL_NSUBKEEPS,
    ROLL_POINTS,
    ROLL_SUBKEEPS,
    ROLL_YAHTZEE_FACE,
    IntArray,
)

NAME: Final = "normal"
_NEG_INF: Final = -np.inf
_THRESHOLD: Final = UPPER_BONUS_THRESHOLD
_UPPER_BONUS: Final = float(UPPER_BONUS)
_YAHTZEE_BONUS: Final = float(YAHTZEE_BONUS)
_COUNTS_BY_FACE: Final[IntArray] = np.ascontiguousarray(ROLL_COUNTS.T)
_POINTS_BY_BOX: Final[IntArray] = np.ascontiguousarray(ROLL_POINTS.T)
_FIVE_OF_A_KIND: Final[IntArray] = np.flatnonzero(ROLL_YAHTZEE_FACE > 0)
_BOXES: Final = as_int64(NUM_BOXES)
"""The boxes' count as int64 (``compiled.as_int64``: a plain 13 would compile a callee again)."""
SHORTLIST: Final = 3
"""How many of the best options a slip chooses among: people weigh a few plausible holds or boxes,
never all 32."""


@dataclass(frozen=True, slots=True)
class Style:
    """The knobs of the 普通 player (points throughout)."""

    par: tuple[float, ...] = (
        # ones … sixes: 2.5 of the face, what an upper box brings when left open
        2.5, 5.0, 7.5, 10.0, 12.5, 15.0,
        # three_of_a_kind, four_of_a_kind, full_house, small/large straight, yahtzee, chance
        21.0, 13.0, 22.0, 29.0, 32.0, 16.0, 22.0,
    )  # fmt: skip
    bonus_weight: float = 1.0
    lookahead: int = 1
    """Rolls the player thinks ahead when it picks a keep: 1 judges every keep as if the next
    roll were the last (2 would be the exact rest of the turn)."""
    keep_temperature: float = 1.0
    box_temperature: float = 1.0
    pars: FloatArray = field(init=False, repr=False, compare=False)

    def __post_init__(self) -> None:
        object.__setattr__(self, "pars", np.array(self.par, dtype=np.float64))


STYLE: Final = Style()


@numba.njit(cache=True, nogil=True)
def _upper_values(
    mask: int, upper: int, par: FloatArray, bonus_weight: float, up: FloatArray
) -> None:
    """Fill ``up[f, c]``, the value of scoring ``c`` dice of face ``f + 1`` in that upper box."""
    open_faces = 0
    for f in range(NUM_FACES):
        if not (mask >> f) & 1:
            open_faces += f + 1
    for f in range(NUM_FACES):
        face = f + 1
        for c in range(NUM_DICE + 1):
            pts = face * c
            value = pts - par[f]
            if upper < _THRESHOLD:
                if upper + pts >= _THRESHOLD:
                    value += _UPPER_BONUS
                elif upper + pts + 4 * (open_faces - face) >= _THRESHOLD:
                    value += bonus_weight * (pts - 3 * face)
            up[f, c] = value


@numba.njit(cache=True, nogil=True)
def _box_values(
    mask: int, y50: int, r: int, par: FloatArray, up: FloatArray, out: FloatArray
) -> None:
    """Fill ``out[b]`` with the value of scoring roll ``r`` in box ``b``, -inf where the rules
    (forced Joker included) do not allow ``b``; ``up`` from ``_upper_values``."""
    for b in range(NUM_BOXES):
        out[b] = _NEG_INF
    face5 = ROLL_YAHTZEE_FACE[r]
    if face5 > 0 and (mask >> YAHTZEE_INDEX) & 1:
        extra = _YAHTZEE_BONUS if y50 == 1 else 0.0
        f = face5 - 1
        if not (mask >> f) & 1:
            out[f] = up[f, NUM_DICE] + extra
        elif (mask & LOWER_MASK) != LOWER_MASK:
            for b in range(NUM_UPPER_BOXES, NUM_BOXES):
                if not (mask >> b) & 1:
                    out[b] = JOKER_POINTS[f, b] - par[b] + extra
        else:
            for b in range(NUM_UPPER_BOXES):
                if not (mask >> b) & 1:
                    out[b] = up[b, 0] + extra
        return
    for b in range(NUM_BOXES):
        if (mask >> b) & 1:
            continue
        if b < NUM_UPPER_BOXES:
            out[b] = up[b, ROLL_COUNTS[r, b]]
        else:
            out[b] = ROLL_POINTS[r, b] - par[b]


@numba.njit(cache=True, nogil=True)
def _means(lat: FloatArray) -> None:
    """Given ``lat[ROLL_BASE + r]`` for every roll, fill each smaller keep with the mean over
    one more die: the expected value of holding it and rolling the rest."""
    for k in range(ROLL_BASE - 1, -1, -1):
        total = 0.0
        for f in range(NUM_FACES):
            total += lat[KEEP_CHILD[k, f]]
        lat[k] = total / NUM_FACES


@numba.njit(cache=True, nogil=True)
def _best_of_rolls(lat: FloatArray, best: FloatArray, v0: FloatArray, v_out: FloatArray) -> None:
    """``v_out[r]``: the better of scoring roll ``r`` now (``v0``) and its best proper sub-keep
    in ``lat``; ``best`` (210,) is working space for the best sub-keep of each keep."""
    for k in range(ROLL_BASE):
        best[k] = lat[k]
        for j in range(KEEP_NPARENTS[k]):
            p = KEEP_PARENTS[k, j]
            if best[p] > best[k]:
                best[k] = best[p]
    for r in range(NUM_ROLLS):
        k = ROLL_BASE + r
        v_out[r] = v0[r]
        for j in range(KEEP_NPARENTS[k]):
            p = KEEP_PARENTS[k, j]
            if best[p] > v_out[r]:
                v_out[r] = best[p]


@numba.njit(cache=True, nogil=True)
def _lattice(
    mask: int,
    upper: int,
    y50: int,
    par: FloatArray,
    bonus_weight: float,
    keep1: FloatArray,
    keep2: FloatArray,
    scratch: FloatArray,
) -> None:
    """One state's rows of ``_lattices``; ``scratch`` is (4, 462) of working space."""
    vals, v0, v1, best = (
        scratch[0, :NUM_BOXES],
        scratch[1, :NUM_ROLLS],
        scratch[2, :NUM_ROLLS],
        scratch[3],
    )
    up = np.empty((NUM_UPPER_BOXES, NUM_DICE + 1))
    _upper_values(mask, upper, par, bonus_weight, up)
    # Box by box over all rolls (contiguous, so it vectorises), then the Joker rolls redone.
    v0[:] = _NEG_INF
    for b in range(NUM_BOXES):
        if (mask >> b) & 1:
            continue
        if b < NUM_UPPER_BOXES:
            for r in range(NUM_ROLLS):
                v0[r] = max(v0[r], up[b, _COUNTS_BY_FACE[b, r]])
        else:
            for r in range(NUM_ROLLS):
                v0[r] = max(v0[r], _POINTS_BY_BOX[b, r] - par[b])
    if (mask >> YAHTZEE_INDEX) & 1:
        for r in _FIVE_OF_A_KIND:
            _box_values(mask, y50, r, par, up, vals)
            top = vals[0]  # a loop, not vals.max(): that compiles a good deal of numpy's code
            for b in range(1, NUM_BOXES):
                top = max(top, vals[b])
            v0[r] = top
    for r in range(NUM_ROLLS):
        keep1[ROLL_BASE + r] = v0[r]
    _means(keep1)
    if keep2.shape[0] == 0:
        return
    _best_of_rolls(keep1, best, v0, v1)
    for r in range(NUM_ROLLS):
        keep2[ROLL_BASE + r] = v1[r]
    _means(keep2)
    for r in range(NUM_ROLLS):
        keep2[ROLL_BASE + r] = v0[r]


@numba.njit(cache=True, nogil=True)
def _lattices(
    masks: IntArray,
    uppers: IntArray,
    ys: IntArray,
    par: FloatArray,
    bonus_weight: float,
    keep1: FloatArray,
    keep2: FloatArray,
) -> None:
    """Fill ``keep1[s, k]``/``keep2[s, k]``: the expected end-of-turn box value of holding keep
    ``k`` with 1/2 rolls left (``k >= ROLL_BASE``: stop and score); shapes (n, 462), or (n, 0)
    for ``keep2`` to skip it."""
    scratch = np.empty((4, NUM_KEEPS))
    for s in range(masks.shape[0]):
        _lattice(masks[s], uppers[s], ys[s], par, bonus_weight, keep1[s], keep2[s], scratch)


@numba.njit(cache=True, nogil=True)
def _softmax_pick(values: FloatArray, count: int, temperature: float, u: float) -> int:
    """Index into ``values[:count]``: among the ``SHORTLIST`` best, one drawn with weights
    ``exp(value / temperature)`` by the uniform ``u``; with temperature 0 the best. Equal values
    rank the later index first."""
    top = np.full(SHORTLIST, -1)
    for j in range(count):
        if values[j] == _NEG_INF:
            continue
        # Insert j into the shortlist, kept best first.
        slot = SHORTLIST
        while slot > 0 and (top[slot - 1] < 0 or values[j] >= values[top[slot - 1]]):
            slot -= 1
        if slot < SHORTLIST:
            for m in range(SHORTLIST - 1, slot, -1):
                top[m] = top[m - 1]
            top[slot] = j
    if temperature <= 0.0:
        return int(top[0])
    best = values[top[0]]
    weights = np.zeros(SHORTLIST)
    total = 0.0
    for m in range(SHORTLIST):
        if top[m] >= 0:
            weights[m] = np.exp((values[top[m]] - best) / temperature)
            total += weights[m]
    target = u * total
    acc = 0.0
    for m in range(SHORTLIST):
        acc += weights[m]
        if top[m] >= 0 and acc > target:
            return int(top[m])
    return int(top[0])


@numba.njit(cache=True, nogil=True)
def _pick_keeps(
    lattice: FloatArray,
    rows: IntArray,
    rolls: IntArray,
    temperature: float,
    u: FloatArray,
    out: IntArray,
) -> None:
    cand = np.empty(32)
    for i in range(rows.shape[0]):
        r = rolls[i]
        count = ROLL_NSUBKEEPS[r]
        for j in range(count):
            cand[j] = lattice[rows[i], ROLL_SUBKEEPS[r, j]]
        out[i] = ROLL_SUBKEEPS[r, _softmax_pick(cand, count, temperature, u[i])]


@numba.njit(cache=True, nogil=True)
def _pick_boxes(
    masks: IntArray,
    uppers: IntArray,
    ys: IntArray,
    rolls: IntArray,
    par: FloatArray,
    bonus_weight: float,
    temperature: float,
    u: FloatArray,
    out: IntArray,
) -> None:
    vals = np.empty(NUM_BOXES)
    up = np.empty((NUM_UPPER_BOXES, NUM_DICE + 1))
    for i in range(rolls.shape[0]):
        _upper_values(masks[i], uppers[i], par, bonus_weight, up)
        _box_values(masks[i], ys[i], rolls[i], par, up, vals)
        if temperature <= 0.0:
            # The first of equal values: a tie goes to the box higher on the sheet.
            out[i] = np.argmax(vals)
        else:
            out[i] = _softmax_pick(vals, _BOXES, temperature, u[i])


class NormalPolicy:
    """The 普通 strategy for a batch of games (see the module docstring)."""

    def __init__(self, style: Style = STYLE) -> None:
        self.style = style
        self._states = States.empty()
        self._keep = {1: np.zeros((0, NUM_KEEPS)), 2: np.zeros((0, NUM_KEEPS))}

    def start_turn(self, sheets: Sheets) -> None:
        # Box values depend on the sheet only through the solver's state key.
        self._states = st = States.of(sheets)
        n = st.first.shape[0]
        two = NUM_KEEPS if self.style.lookahead > 1 else 0
        self._keep = {1: np.empty((n, NUM_KEEPS)), 2: np.empty((n, two))}
        _lattices(
            st.masks[st.first],
            st.uppers[st.first],
            st.ys[st.first],
            self.style.pars,
            self.style.bonus_weight,
            self._keep[1],
            self._keep[2],
        )

    def keeps(self, rows: IntArray, rolls: IntArray, rolls_left: int, u: FloatArray) -> IntArray:
        out = np.empty(rows.shape[0], dtype=np.int64)
        states = self._states.which[rows]
        lattice = self._keep[min(rolls_left, self.style.lookahead)]
        _pick_keeps(lattice, states, rolls, self.style.keep_temperature, u, out)
        return out

    def boxes(self, rows: IntArray, rolls: IntArray, u: FloatArray) -> IntArray:
        out = np.empty(rows.shape[0], dtype=np.int64)
        st = self._states
        _pick_boxes(
            st.masks[rows],
            st.uppers[rows],
            st.ys[rows],
            rolls,
            self.style.pars,
            self.style.bonus_weight,
            self.style.box_temperature,
            u,
            out,
        )
        return out


def normal_player(rng: Uniform, style: Style = STYLE) -> PolicyPlayer:
    """The 普通 computer player; its slips are drawn from ``rng``."""
    return PolicyPlayer(NAME, lambda: NormalPolicy(style), rng)
