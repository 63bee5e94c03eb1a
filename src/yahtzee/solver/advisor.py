"""The advisor: every option at a decision point with its expected final total, best first.

A decision point is a sheet, five dice and the rolls left (0, 1 or 2). "Expected final total" is
the points on the sheet now (``Sheet.total``, bonuses earned included) plus the expected points
still to come under optimal play, which includes any +100 and +35 the choice itself earns.

Options are sorted by ev descending, compared in whole units of 1e-9 points (``round(ev * 1e9)``)
so rounding noise never decides an order. Ties are broken so the order never depends on input
order: keeps with more dice first, then the keep's faces ascending; boxes in sheet order.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass

from yahtzee.errors import IllegalMoveError, MalformedError
from yahtzee.rules import (
    BOXES,
    NUM_DICE,
    UPPER_BONUS,
    UPPER_BOXES,
    YAHTZEE_POINTS,
    Box,
    Sheet,
    check_dice,
)
from yahtzee.solver.kernel import decide, turn_one
from yahtzee.solver.store import Table
from yahtzee.solver.tables import (
    FULL_MASK,
    KEEP_INDEX,
    KEEPS,
    ROLL_NSUBKEEPS,
    ROLL_SUBKEEPS,
    UPPER_CAP,
    roll_index,
)

# Evs are compared in units of 1e-9 points, so rounding noise never decides an order. round(x)
# of a float is several times faster than round(x, 9), which formats digits.
_TIE_SCALE = 1e9
_YAHTZEE_POS = Box.YAHTZEE.pos
_UPPER_COUNT = len(UPPER_BOXES)
_MAX_ROLLS_LEFT = 2


@dataclass(frozen=True, slots=True)
class Option:
    """One choice and its expected final total ``ev``.

    A keep option has ``keep`` (the dice held, sorted ascending) and, when it holds all five
    dice (stop rolling and score), also ``box`` and ``points``: the best box to score them in.
    A box option (no rolls left) has ``keep`` None, the ``box`` and the ``points`` it scores.
    """

    keep: tuple[int, ...] | None
    box: Box | None
    points: int | None
    ev: float

    def to_json(self) -> dict[str, object]:
        """``{"keep": [...], "ev": …}`` or ``{"box": key, "points": n, "ev": …}`` (both for a
        stop-and-score keep)."""
        out: dict[str, object] = {}
        if self.keep is not None:
            out["keep"] = list(self.keep)
        if self.box is not None:
            out["box"] = self.box.value
            out["points"] = self.points
        out["ev"] = self.ev
        return out


_new = object.__new__
_set = object.__setattr__


def _option(keep: tuple[int, ...] | None, box: Box | None, points: int | None, ev: float) -> Option:
    """``Option(keep, box, points, ev)`` for trusted arguments, about twice as fast: a decision
    builds up to 32 options, and the frozen dataclass ``__init__`` is most of its Python time."""
    option = _new(Option)
    _set(option, "keep", keep)
    _set(option, "box", box)
    _set(option, "points", points)
    _set(option, "ev", ev)
    return option


@dataclass(frozen=True, slots=True)
class Advice:
    """Every option at a decision point, best first (never empty)."""

    options: tuple[Option, ...]

    @property
    def best(self) -> Option:
        return self.options[0]

    def to_json(self) -> dict[str, object]:
        """``{"options": [...], "best": <the first option>}``."""
        options = [option.to_json() for option in self.options]
        return {"options": options, "best": options[0]}


def check_rolls_left(rolls_left: object) -> int:
    """Return ``rolls_left`` if it is 0, 1 or 2; raise MalformedError otherwise."""
    if type(rolls_left) is not int or not 0 <= rolls_left <= _MAX_ROLLS_LEFT:
        raise MalformedError(f"rolls left must be 0, 1 or 2, got {rolls_left!r}")
    return rolls_left


class Advisor:
    """Answers decision points from a table; safe to share between threads.

    The checks run once here, in Python; the values come from the compiled ``kernel.decide``,
    which applies the same rules as ``rules.choices`` from precomputed tables (the tests hold the
    two to agreement).
    """

    def __init__(self, table: Table) -> None:
        self.table = table
        self._values = table.values

    def expected_total(self, sheet: Sheet) -> float:
        """Expected final total from ``sheet`` at the start of a turn: ``sheet.total`` plus
        ``table.future(sheet)``. Raises MalformedError for a sheet no game reaches."""
        return sheet.total + self.table.future(sheet)

    def _state(self, sheet: Sheet) -> tuple[int, int, bool, int]:
        """``(mask, capped upper subtotal, yahtzee holds 50, sheet total)`` in one pass over the
        boxes (the Sheet properties each take a pass of their own)."""
        mask = upper = lower = 0
        for pos, points in enumerate(sheet.boxes):
            if points is not None:
                mask |= 1 << pos
                if pos < _UPPER_COUNT:
                    upper += points
                else:
                    lower += points
        if mask == FULL_MASK:
            raise IllegalMoveError(f"the sheet is full, no box is open: {sheet.scores()!r}")
        bonus = UPPER_BONUS if upper >= UPPER_CAP else 0
        total = upper + bonus + lower + sheet.yahtzee_bonus
        capped = min(upper, UPPER_CAP)
        yahtzee50 = sheet.boxes[_YAHTZEE_POS] == YAHTZEE_POINTS
        if math.isnan(self._values[mask, int(yahtzee50), capped]):
            raise MalformedError(f"no game reaches this sheet: {sheet.scores()!r}")
        return mask, capped, yahtzee50, total

    def _options(
        self, sheet: Sheet, faces: tuple[int, ...], rolls_left: int
    ) -> tuple[list[Option], list[Option]]:
        mask, upper, yahtzee50, total = self._state(sheet)
        r = roll_index(faces)
        box_pts, box_val, keep_val = decide(self._values, mask, upper, yahtzee50, r, rolls_left)
        pts = box_pts.tolist()
        # Sorting plain tuples, then building the options, is several times faster than
        # sorting options by a key function; the tuple order is exactly the documented one.
        box_rows = sorted(
            (-round(ev * _TIE_SCALE), b, ev)
            for b, ev in enumerate((total + box_val).tolist())
            if pts[b] >= 0
        )
        boxes = [_option(None, BOXES[b], pts[b], ev) for _, b, ev in box_rows]
        if rolls_left == 0:
            return boxes, []
        stop = boxes[0]
        n = int(ROLL_NSUBKEEPS[r])
        evs = (total + keep_val[:n]).tolist()
        evs[n - 1] = stop.ev
        keep_rows = sorted(
            (-round(ev * _TIE_SCALE), -len(KEEPS[k]), KEEPS[k], ev)
            for k, ev in zip(ROLL_SUBKEEPS[r, :n].tolist(), evs, strict=True)
        )
        keeps = [
            _option(keep, stop.box, stop.points, ev)
            if len(keep) == NUM_DICE
            else _option(keep, None, None, ev)
            for _, _, keep, ev in keep_rows
        ]
        return boxes, keeps

    def box_options(self, sheet: Sheet, dice: Sequence[int]) -> tuple[Option, ...]:
        """The boxes ``dice`` may be scored in now (forced Joker), best first.

        Raises MalformedError for bad dice or a sheet no game reaches, IllegalMoveError for a
        full sheet.
        """
        return tuple(self._options(sheet, check_dice(dice), 0)[0])

    def advise(self, sheet: Sheet, dice: Sequence[int], rolls_left: int) -> Advice:
        """Every option for ``dice`` on ``sheet`` with ``rolls_left`` rolls left, best first.

        With rolls left: every distinct keep (holding all five = stop and score the best box);
        with none: every box allowed now. Raises MalformedError for bad dice or rolls left, or
        a sheet no game reaches; IllegalMoveError for a full sheet.
        """
        faces = check_dice(dice)
        check_rolls_left(rolls_left)
        boxes, keeps = self._options(sheet, faces, rolls_left)
        return Advice(tuple(keeps if rolls_left else boxes))

    def keep_value(self, sheet: Sheet, keep: Sequence[int], rolls_left: int) -> float:
        """Expected final total of choosing ``keep`` when ``rolls_left`` rolls are left.

        ``rolls_left`` counts as in ``advise``: the rolls still allowed this turn when the keep is
        chosen. Fewer than five dice are held while the rest are rerolled, which uses one of those
        rolls (so 1 or 2; 3 with an empty keep is the turn's first roll and equals
        ``expected_total``). Five dice mean stop and score the best box now (any rolls left).
        This equals the ``ev`` of the same keep in ``advise``. Raises MalformedError for a bad
        keep or rolls left, IllegalMoveError for a full sheet or holding dice before any roll.
        """
        if not isinstance(keep, list | tuple) or len(keep) > NUM_DICE:
            raise MalformedError(f"a keep is a list of 0 to 5 dice, got {keep!r}")
        faces = tuple(sorted(check_dice(keep, len(keep))))
        if type(rolls_left) is not int or not 0 <= rolls_left <= _MAX_ROLLS_LEFT + 1:
            raise MalformedError(f"rolls left must be 0 to 3, got {rolls_left!r}")
        if len(faces) == NUM_DICE:
            return self._options(sheet, faces, 0)[0][0].ev
        if rolls_left == 0:
            raise IllegalMoveError(f"no roll is left to reroll around keep {list(faces)!r}")
        mask, upper, yahtzee50, total = self._state(sheet)
        if rolls_left == _MAX_ROLLS_LEFT + 1:
            if faces:
                raise IllegalMoveError(f"nothing can be held before the first roll: {faces!r}")
            return self.expected_total(sheet)
        _, keep1, keep2, _, _ = turn_one(self._values, mask, upper, yahtzee50)
        keep_values = keep1 if rolls_left == 1 else keep2
        return total + float(keep_values[KEEP_INDEX[faces]])


__all__ = ["Advice", "Advisor", "Option", "check_rolls_left"]
