"""The rules of 快艇骰子 as pure functions: boxes, points, the forced Joker, bonuses, totals.

Everything here follows ``docs/rules.md``. Nothing does I/O or keeps state; the game model,
the solver, the players and the page's snapshot all ask this module, so a rule lives in one place.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable, Iterator, Mapping
from dataclasses import dataclass
from enum import StrEnum
from functools import cache
from typing import Final

from yahtzee.errors import IllegalMoveError, MalformedError

Dice = tuple[int, int, int, int, int]

NUM_DICE: Final = 5
FACES: Final = (1, 2, 3, 4, 5, 6)
MAX_ROLLS: Final = 3
UPPER_BONUS_THRESHOLD: Final = 63
UPPER_BONUS: Final = 35
YAHTZEE_POINTS: Final = 50
YAHTZEE_BONUS: Final = 100
FULL_HOUSE_POINTS: Final = 25
SMALL_STRAIGHT_POINTS: Final = 30
LARGE_STRAIGHT_POINTS: Final = 40


class Box(StrEnum):
    """The 13 boxes of the score sheet, in sheet order; the value is the key used everywhere."""

    ONES = "ones"
    TWOS = "twos"
    THREES = "threes"
    FOURS = "fours"
    FIVES = "fives"
    SIXES = "sixes"
    THREE_OF_A_KIND = "three_of_a_kind"
    FOUR_OF_A_KIND = "four_of_a_kind"
    FULL_HOUSE = "full_house"
    SMALL_STRAIGHT = "small_straight"
    LARGE_STRAIGHT = "large_straight"
    YAHTZEE = "yahtzee"
    CHANCE = "chance"

    @property
    def pos(self) -> int:
        """Position on the sheet, 0 (ones) to 12 (chance)."""
        return _BOX_INDEX[self]

    @property
    def is_upper(self) -> bool:
        return _BOX_INDEX[self] < 6

    @property
    def face(self) -> int:
        """The face an upper box counts (1 for ``ones`` …); raises for a lower box."""
        if not self.is_upper:
            raise MalformedError(f"{self.value!r} is not an upper box")
        return _BOX_INDEX[self] + 1

    @property
    def zh(self) -> str:
        """The Chinese name the page shows."""
        return BOX_NAMES_ZH[self]

    @classmethod
    def parse(cls, key: object) -> Box:
        """Return the box named ``key``; raise MalformedError for anything else."""
        if isinstance(key, str):
            try:
                return cls(key)
            except ValueError:
                pass
        raise MalformedError(f"unknown box: {key!r}")


BOXES: Final[tuple[Box, ...]] = tuple(Box)
_BOX_INDEX: Final[dict[Box, int]] = {box: i for i, box in enumerate(BOXES)}
UPPER_BOXES: Final[tuple[Box, ...]] = BOXES[:6]
LOWER_BOXES: Final[tuple[Box, ...]] = BOXES[6:]
# Plain ints for compiled kernels (numba reads module globals as constants): a box's position is
# its bit in the solver's mask of filled boxes.
NUM_BOXES: Final = len(BOXES)
NUM_UPPER_BOXES: Final = len(UPPER_BOXES)
NUM_FACES: Final = len(FACES)
YAHTZEE_INDEX: Final = BOXES.index(Box.YAHTZEE)
BOX_NAMES_ZH: Final[dict[Box, str]] = {
    Box.ONES: "一点",
    Box.TWOS: "二点",
    Box.THREES: "三点",
    Box.FOURS: "四点",
    Box.FIVES: "五点",
    Box.SIXES: "六点",
    Box.THREE_OF_A_KIND: "三条",
    Box.FOUR_OF_A_KIND: "四条",
    Box.FULL_HOUSE: "葫芦",
    Box.SMALL_STRAIGHT: "小顺",
    Box.LARGE_STRAIGHT: "大顺",
    Box.YAHTZEE: "快艇",
    Box.CHANCE: "机会",
}


def check_dice(dice: object, count: int = NUM_DICE) -> tuple[int, ...]:
    """Return ``dice`` as a tuple of ``count`` faces; raise MalformedError if it is not one."""
    if not isinstance(dice, list | tuple):
        raise MalformedError(f"dice must be a list of {count} faces, got {dice!r}")
    if len(dice) != count:
        raise MalformedError(f"expected {count} dice, got {len(dice)}: {list(dice)!r}")
    for die in dice:
        if type(die) is not int or not 1 <= die <= 6:
            raise MalformedError(f"a die shows 1 to 6, got {die!r} in {list(dice)!r}")
    return tuple(dice)


def is_yahtzee(dice: Iterable[int]) -> bool:
    """True when all five dice show the same face."""
    faces = list(dice)
    return len(faces) == NUM_DICE and len(set(faces)) == 1


def _has_run(present: set[int], length: int) -> bool:
    return any(all(f in present for f in range(lo, lo + length)) for lo in range(1, 8 - length))


def points(box: Box, dice: Iterable[int]) -> int:
    """Points five dice score in ``box`` by the box's own pattern, without the Joker rule."""
    return _all_points(tuple(sorted(dice)))[_BOX_INDEX[box]]


@cache
def _all_points(faces: tuple[int, ...]) -> tuple[int, ...]:
    # Only 252 sorted rolls exist; replaying a saved game asks for them thousands of times.
    counts = Counter(faces)
    top = max(counts.values())
    total = sum(faces)
    present = set(faces)
    upper = tuple(face * counts[face] for face in FACES)
    return (
        *upper,
        total if top >= 3 else 0,
        total if top >= 4 else 0,
        FULL_HOUSE_POINTS if sorted(counts.values()) == [2, 3] else 0,
        SMALL_STRAIGHT_POINTS if _has_run(present, 4) else 0,
        LARGE_STRAIGHT_POINTS if _has_run(present, 5) else 0,
        YAHTZEE_POINTS if top == NUM_DICE else 0,
        total,
    )


def joker_points(box: Box, dice: Iterable[int]) -> int:
    """Points a five-of-a-kind scores in a lower box under the Joker rule (full fixed values)."""
    faces = tuple(dice)
    match box:
        case Box.FULL_HOUSE:
            return FULL_HOUSE_POINTS
        case Box.SMALL_STRAIGHT:
            return SMALL_STRAIGHT_POINTS
        case Box.LARGE_STRAIGHT:
            return LARGE_STRAIGHT_POINTS
        case _:
            return points(box, faces)


def _possible_points() -> dict[Box, frozenset[int]]:
    possible: dict[Box, frozenset[int]] = {}
    for box in UPPER_BOXES:
        possible[box] = frozenset(box.face * n for n in range(NUM_DICE + 1))
    sums_3 = {3 * a + b + c for a in FACES for b in FACES for c in FACES}
    sums_4 = {4 * a + b for a in FACES for b in FACES}
    possible[Box.THREE_OF_A_KIND] = frozenset({0} | sums_3)
    possible[Box.FOUR_OF_A_KIND] = frozenset({0} | sums_4)
    possible[Box.FULL_HOUSE] = frozenset({0, FULL_HOUSE_POINTS})
    possible[Box.SMALL_STRAIGHT] = frozenset({0, SMALL_STRAIGHT_POINTS})
    possible[Box.LARGE_STRAIGHT] = frozenset({0, LARGE_STRAIGHT_POINTS})
    possible[Box.YAHTZEE] = frozenset({0, YAHTZEE_POINTS})
    possible[Box.CHANCE] = frozenset(range(5, 31))
    return possible


POSSIBLE_POINTS: Final[dict[Box, frozenset[int]]] = _possible_points()
"""Every value a box can ever hold; anything else in a saved sheet is impossible."""
# The highest total a game can reach: every box at its best, the upper bonus, and a Yahtzee bonus
# for each of the other twelve turns (1575).
MAX_TOTAL: Final = (
    sum(max(POSSIBLE_POINTS[box]) for box in BOXES) + UPPER_BONUS + YAHTZEE_BONUS * (len(BOXES) - 1)
)


@dataclass(frozen=True, slots=True)
class Sheet:
    """One side's score sheet: 13 boxes (``None`` while open) and the Yahtzee bonus earned.

    ``boxes`` is in ``BOXES`` order. A box holding 0 is filled, never open.
    """

    boxes: tuple[int | None, ...] = (None,) * len(BOXES)
    yahtzee_bonus: int = 0

    def __post_init__(self) -> None:
        if len(self.boxes) != len(BOXES):
            raise MalformedError(f"a sheet has {len(BOXES)} boxes, got {len(self.boxes)}")
        _check_bonus(self.yahtzee_bonus)

    @classmethod
    def from_scores(cls, scores: Mapping[str, int], yahtzee_bonus: int = 0) -> Sheet:
        """Build a sheet from ``{box key: points}``; raise MalformedError on an unknown box
        or points the box can never hold."""
        boxes: list[int | None] = [None] * len(BOXES)
        for key, value in scores.items():
            box = Box.parse(key)
            if type(value) is not int or value not in POSSIBLE_POINTS[box]:
                raise MalformedError(f"{value!r} is not a possible score for {box.value}")
            boxes[box.pos] = value
        _check_bonus(yahtzee_bonus)
        if yahtzee_bonus and boxes[Box.YAHTZEE.pos] != YAHTZEE_POINTS:
            held = boxes[Box.YAHTZEE.pos]
            raise MalformedError(
                f"yahtzee_bonus {yahtzee_bonus} needs 50 in yahtzee, "
                + ("but yahtzee is empty" if held is None else f"got {held!r}")
            )
        return cls(tuple(boxes), yahtzee_bonus)

    def get(self, box: Box) -> int | None:
        """Points in ``box``, or None while it is open."""
        return self.boxes[box.pos]

    def is_open(self, box: Box) -> bool:
        return self.boxes[box.pos] is None

    def open_boxes(self) -> Iterator[Box]:
        return (box for box in BOXES if self.boxes[box.pos] is None)

    # These are asked many times for every reply (a game is over when every sheet is full):
    # tuple methods and filter keep them out of a Python-level loop.
    @property
    def filled_count(self) -> int:
        return len(self.boxes) - self.boxes.count(None)

    @property
    def is_full(self) -> bool:
        return None not in self.boxes

    @property
    def used_mask(self) -> int:
        """Bit i set when box i is filled (the solver's state key)."""
        return sum(1 << i for i, value in enumerate(self.boxes) if value is not None)

    @property
    def upper_subtotal(self) -> int:
        return sum(filter(None, self.boxes[:6]))

    @property
    def upper_bonus(self) -> int:
        return UPPER_BONUS if self.upper_subtotal >= UPPER_BONUS_THRESHOLD else 0

    @property
    def lower_total(self) -> int:
        return sum(filter(None, self.boxes[6:]))

    @property
    def total(self) -> int:
        return self.upper_subtotal + self.upper_bonus + self.lower_total + self.yahtzee_bonus

    def scores(self) -> dict[str, int]:
        """The filled boxes as ``{box key: points}``."""
        return {box.value: v for box in BOXES if (v := self.boxes[box.pos]) is not None}


def _check_bonus(yahtzee_bonus: object) -> None:
    """Raise MalformedError unless ``yahtzee_bonus`` is a whole number of Yahtzee bonuses."""
    if type(yahtzee_bonus) is not int or yahtzee_bonus < 0 or yahtzee_bonus % YAHTZEE_BONUS:
        raise MalformedError(
            f"yahtzee_bonus must be a multiple of {YAHTZEE_BONUS} from 0 up, got {yahtzee_bonus!r}"
        )


def choices(sheet: Sheet, dice: Iterable[int]) -> dict[Box, int]:
    """The boxes that may be chosen now for ``dice``, each with the points it would score.

    Applies the forced Joker rule: with five of a kind and ``yahtzee`` filled, the matching
    upper box is forced when open; else any open lower box at full value; else a 0 in any open
    upper box. Returns an empty dict only for a full sheet.
    """
    faces = tuple(dice)
    open_boxes = list(sheet.open_boxes())
    if not (is_yahtzee(faces) and sheet.get(Box.YAHTZEE) is not None):
        row = _all_points(tuple(sorted(faces)))
        return {box: row[box.pos] for box in open_boxes}
    matching = UPPER_BOXES[faces[0] - 1]
    if sheet.is_open(matching):
        return {matching: points(matching, faces)}
    lower = [box for box in open_boxes if not box.is_upper]
    if lower:
        return {box: joker_points(box, faces) for box in lower}
    return {box: 0 for box in open_boxes}


def bonus_for(sheet: Sheet, dice: Iterable[int]) -> int:
    """The Yahtzee bonus these dice earn when scored on ``sheet`` (100 or 0)."""
    faces = tuple(dice)
    if is_yahtzee(faces) and sheet.get(Box.YAHTZEE) == YAHTZEE_POINTS:
        return YAHTZEE_BONUS
    return 0


def score(sheet: Sheet, box: Box, dice: Iterable[int]) -> Sheet:
    """Return the sheet after scoring ``dice`` in ``box`` (with any Yahtzee bonus).

    Raises IllegalMoveError when the box is filled or the Joker rule forbids it now.
    """
    faces = tuple(dice)
    allowed = choices(sheet, faces)
    if box not in allowed:
        if not sheet.is_open(box):
            raise IllegalMoveError(f"box {box.value!r} is already filled")
        forced = ", ".join(b.value for b in allowed)
        raise IllegalMoveError(
            f"box {box.value!r} is not allowed for {list(faces)!r} under the Joker rule "
            f"(allowed: {forced})"
        )
    boxes = list(sheet.boxes)
    boxes[box.pos] = allowed[box]
    return Sheet(tuple(boxes), sheet.yahtzee_bonus + bonus_for(sheet, faces))
