"""An exhaustive evaluator of positions near the end of a game, from the rules engine alone.

Not a test module itself. It plays out every roll of every turn left with ``rules.choices``,
``rules.score`` and the sheet's own totals, choosing what maximises the expected final total
(ties as the advisor orders them: stopping first, then more dice, then smaller faces; boxes in
sheet order), and carries along what the reasons speak of: each box's expected final points, the
chance of the upper bonus, the expected Yahtzee bonus and, for the turn in front of the player,
the chance its final dice show each pattern. It shares no code with the solver, the outlook table
or ``coaching``, so the tests can hold those to it. Pure Python: fine for one or two boxes open.
"""

from __future__ import annotations

import itertools
import math
from collections import Counter
from functools import cache

import numpy as np
import numpy.typing as npt

from yahtzee.rules import (
    BOXES,
    FACES,
    NUM_DICE,
    UPPER_BONUS_THRESHOLD,
    Box,
    Sheet,
    choices,
    points,
    score,
)

PATTERNS = (
    Box.THREE_OF_A_KIND,
    Box.FOUR_OF_A_KIND,
    Box.FULL_HOUSE,
    Box.SMALL_STRAIGHT,
    Box.LARGE_STRAIGHT,
    Box.YAHTZEE,
)
EV, BOX0, BONUS, YB, PAT0 = 0, 1, 14, 15, 16
SIZE = PAT0 + len(PATTERNS)
TIE = 1e-9
Vec = npt.NDArray[np.float64]
Dice = tuple[int, ...]


@cache
def rerolls(count: int) -> tuple[tuple[Dice, float], ...]:
    """Each sorted outcome of rolling ``count`` dice, with its chance."""
    found: Counter[Dice] = Counter(
        tuple(sorted(faces)) for faces in itertools.product(FACES, repeat=count)
    )
    return tuple((faces, n / len(FACES) ** count) for faces, n in found.items())


@cache
def sub_keeps(roll: Dice) -> tuple[Dice, ...]:
    """The distinct proper sub-multisets of ``roll`` (sorted), more dice first, then smaller."""
    found = {
        tuple(sorted(chosen))
        for size in range(NUM_DICE)
        for chosen in itertools.combinations(roll, size)
    }
    return tuple(sorted(found, key=lambda k: (-len(k), k)))


def shows(roll: Dice) -> Vec:
    """1 where ``roll`` makes each pattern by the box's own rule."""
    return np.array([float(points(box, roll) > 0) for box in PATTERNS])


class Brute:
    """Memoised values; one instance per test is enough."""

    def __init__(self) -> None:
        self._start: dict[Sheet, Vec] = {}
        self._roll: dict[tuple[Sheet, Dice, int], Vec] = {}
        self._keep: dict[tuple[Sheet, Dice, int], Vec] = {}

    def start(self, sheet: Sheet) -> Vec:
        """The value of ``sheet`` before its turn's first roll (no pattern part)."""
        found = self._start.get(sheet)
        if found is not None:
            return found
        if sheet.is_full:
            vec = np.zeros(SIZE)
            vec[EV] = sheet.total
            vec[BOX0 : BOX0 + len(BOXES)] = [v or 0 for v in sheet.boxes]
            vec[BONUS] = float(sheet.upper_subtotal >= UPPER_BONUS_THRESHOLD)
            vec[YB] = sheet.yahtzee_bonus
        else:
            vec = sum(
                (p * self.roll(sheet, roll, 2) for roll, p in rerolls(NUM_DICE)), np.zeros(SIZE)
            )
            vec[PAT0:] = 0.0
        self._start[sheet] = vec
        return vec

    def scored(self, sheet: Sheet, roll: Dice, box: Box) -> Vec:
        """Scoring ``roll`` in ``box`` now (allowed), then optimal play."""
        vec = self.start(score(sheet, box, roll)).copy()
        vec[PAT0:] = shows(roll)
        return vec

    def best_box(self, sheet: Sheet, roll: Dice) -> tuple[Box, Vec]:
        best: tuple[Box, Vec] | None = None
        for box in BOXES:
            if box in choices(sheet, roll):
                vec = self.scored(sheet, roll, box)
                if best is None or vec[EV] > best[1][EV] + TIE:
                    best = (box, vec)
        assert best is not None
        return best

    def roll(self, sheet: Sheet, roll: Dice, rolls_left: int) -> Vec:
        """The value of ``roll`` showing with ``rolls_left`` rolls left, played optimally."""
        key = (sheet, roll, rolls_left)
        found = self._roll.get(key)
        if found is not None:
            return found
        vec = self.best_box(sheet, roll)[1]
        if rolls_left:
            for keep in sub_keeps(roll):
                other = self.keep(sheet, keep, rolls_left)
                if other[EV] > vec[EV] + TIE:
                    vec = other
        self._roll[key] = vec
        return vec

    def keep(self, sheet: Sheet, keep: Dice, rolls_left: int) -> Vec:
        """Holding ``keep`` (fewer than five dice) and rolling the rest with ``rolls_left``
        rolls left before that roll."""
        key = (sheet, keep, rolls_left)
        found = self._keep.get(key)
        if found is None:
            found = np.zeros(SIZE)
            for faces, p in rerolls(NUM_DICE - len(keep)):
                found += p * self.roll(sheet, tuple(sorted(keep + faces)), rolls_left - 1)
            self._keep[key] = found
        return found


@cache
def chase(keep: Dice, rolls_left: int, pattern: Box) -> float:
    """The chance of making ``pattern`` this turn holding ``keep`` (fewer than five dice) and
    rolling the rest with ``rolls_left`` rolls left, each later roll kept for the pattern alone."""
    total = 0.0
    for faces, p in rerolls(NUM_DICE - len(keep)):
        roll = tuple(sorted(keep + faces))
        made = float(points(pattern, roll) > 0)
        if rolls_left > 1 and not made:
            made = max(chase(k, rolls_left - 1, pattern) for k in sub_keeps(roll))
        total += p * made
    return total


def is_close(a: float, b: float, tolerance: float) -> bool:
    return math.isclose(a, b, abs_tol=tolerance)


__all__ = ["BONUS", "BOX0", "EV", "PAT0", "PATTERNS", "YB", "Brute", "chase", "is_close"]
