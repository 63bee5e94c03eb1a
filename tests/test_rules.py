"""Table-driven checks of every rule in docs/rules.md, and pitfalls public Yahtzee code gets
wrong."""

from __future__ import annotations

import pytest

from yahtzee.errors import IllegalMoveError, MalformedError
from yahtzee.rules import (
    BOXES,
    MAX_TOTAL,
    POSSIBLE_POINTS,
    Box,
    Sheet,
    _possible_points,
    bonus_for,
    check_dice,
    choices,
    is_yahtzee,
    joker_points,
    points,
    score,
)

B = Box

# (dice, box, points): the examples of docs/rules.md and of the help text, then the pitfalls.
SCORING = [
    ((4, 4, 4, 1, 2), B.FOURS, 12),
    ((1, 2, 3, 5, 6), B.FOURS, 0),
    ((1, 1, 2, 3, 1), B.ONES, 3),
    ((6, 6, 6, 6, 2), B.SIXES, 24),
    ((6, 6, 6, 1, 2), B.THREE_OF_A_KIND, 21),
    ((6, 6, 1, 1, 2), B.THREE_OF_A_KIND, 0),
    ((5, 5, 5, 5, 2), B.THREE_OF_A_KIND, 22),
    ((5, 5, 5, 5, 2), B.FOUR_OF_A_KIND, 22),
    ((5, 5, 5, 2, 2), B.FOUR_OF_A_KIND, 0),
    ((3, 3, 3, 3, 3), B.THREE_OF_A_KIND, 15),
    ((3, 3, 3, 3, 3), B.FOUR_OF_A_KIND, 15),
    ((2, 2, 3, 3, 3), B.FULL_HOUSE, 25),
    ((2, 2, 3, 3, 4), B.FULL_HOUSE, 0),
    ((3, 3, 3, 3, 3), B.FULL_HOUSE, 0),  # five of a kind is not a full house by itself
    ((1, 2, 3, 3, 4), B.SMALL_STRAIGHT, 30),
    ((1, 2, 3, 4, 4), B.SMALL_STRAIGHT, 30),
    ((6, 5, 4, 3, 1), B.SMALL_STRAIGHT, 30),
    ((1, 3, 4, 5, 6), B.SMALL_STRAIGHT, 30),
    ((1, 2, 3, 5, 6), B.SMALL_STRAIGHT, 0),
    ((1, 2, 3, 4, 5), B.SMALL_STRAIGHT, 30),  # a large straight is also a small one
    ((1, 2, 3, 4, 5), B.LARGE_STRAIGHT, 40),
    ((2, 3, 4, 5, 6), B.LARGE_STRAIGHT, 40),
    ((5, 3, 6, 2, 4), B.LARGE_STRAIGHT, 40),
    ((1, 2, 3, 4, 4), B.LARGE_STRAIGHT, 0),
    ((1, 2, 3, 4, 6), B.LARGE_STRAIGHT, 0),
    ((4, 4, 4, 4, 4), B.YAHTZEE, 50),
    ((4, 4, 4, 4, 3), B.YAHTZEE, 0),
    ((6, 5, 4, 3, 1), B.CHANCE, 19),
    ((1, 1, 1, 1, 1), B.CHANCE, 5),
]


@pytest.mark.parametrize(("dice", "box", "expected"), SCORING)
def test_points(dice: tuple[int, ...], box: Box, expected: int) -> None:
    assert points(box, dice) == expected


def test_possible_points_are_exactly_what_rolls_score() -> None:
    import itertools

    scored: dict[Box, set[int]] = {box: set() for box in BOXES}
    for dice in itertools.product(range(1, 7), repeat=5):
        for box in BOXES:
            scored[box].add(points(box, dice))
    # Called, not only read: the constant is made once, when the module is imported.
    assert _possible_points() == POSSIBLE_POINTS == scored
    assert 26 not in POSSIBLE_POINTS[B.FULL_HOUSE]
    assert 7 not in POSSIBLE_POINTS[B.TWOS]
    # Every box at its best, the +35, and a bonus on each of the other twelve turns.
    assert MAX_TOTAL == 5 + 10 + 15 + 20 + 25 + 30 + 30 + 30 + 25 + 30 + 40 + 50 + 30 + 35 + 1200


@pytest.mark.parametrize(
    ("dice", "expected"),
    [((4, 4, 4, 4, 4), True), ((4, 4, 4, 4, 3), False), ((4, 4, 4), False), ((), False)],
)
def test_a_yahtzee_is_five_dice_alike(dice: tuple[int, ...], expected: bool) -> None:
    assert is_yahtzee(dice) is expected


@pytest.mark.parametrize(
    ("box", "expected"),
    [
        (B.THREE_OF_A_KIND, 20),
        (B.FOUR_OF_A_KIND, 20),
        (B.FULL_HOUSE, 25),
        (B.SMALL_STRAIGHT, 30),
        (B.LARGE_STRAIGHT, 40),
        (B.CHANCE, 20),
        (B.FOURS, 20),
    ],
)
def test_joker_points_are_the_full_values(box: Box, expected: int) -> None:
    assert joker_points(box, (4, 4, 4, 4, 4)) == expected


def sheet(**scores: int) -> Sheet:
    bonus = scores.pop("yahtzee_bonus", 0)
    return Sheet.from_scores(scores, bonus)


def test_no_joker_while_yahtzee_open() -> None:
    allowed = choices(Sheet(), (3, 3, 3, 3, 3))
    assert allowed[B.FULL_HOUSE] == 0
    assert allowed[B.YAHTZEE] == 50
    assert len(allowed) == 13
    assert bonus_for(Sheet(), (3, 3, 3, 3, 3)) == 0


@pytest.mark.parametrize("yahtzee_points", [50, 0])
def test_joker_forces_the_matching_upper_box(yahtzee_points: int) -> None:
    allowed = choices(sheet(yahtzee=yahtzee_points), (3, 3, 3, 3, 3))
    assert allowed == {B.THREES: 15}


def test_joker_full_values_in_lower_boxes_when_upper_box_filled() -> None:
    allowed = choices(sheet(yahtzee=50, threes=9), (3, 3, 3, 3, 3))
    assert allowed == {
        B.THREE_OF_A_KIND: 15,
        B.FOUR_OF_A_KIND: 15,
        B.FULL_HOUSE: 25,
        B.SMALL_STRAIGHT: 30,
        B.LARGE_STRAIGHT: 40,
        B.CHANCE: 15,
    }


def test_joker_forces_zero_in_an_upper_box_when_lower_is_full() -> None:
    full_lower = dict(
        three_of_a_kind=20,
        four_of_a_kind=0,
        full_house=25,
        small_straight=30,
        large_straight=0,
        yahtzee=50,
        chance=22,
    )
    s = sheet(sixes=18, ones=2, **full_lower)
    assert choices(s, (6, 6, 6, 6, 6)) == {B.TWOS: 0, B.THREES: 0, B.FOURS: 0, B.FIVES: 0}
    after = score(s, B.FOURS, (6, 6, 6, 6, 6))
    assert after.get(B.FOURS) == 0
    assert after.yahtzee_bonus == 100


def test_yahtzee_bonus_only_when_yahtzee_holds_50() -> None:
    dice = (2, 2, 2, 2, 2)
    assert score(sheet(yahtzee=50), B.TWOS, dice).yahtzee_bonus == 100
    assert score(sheet(yahtzee=0), B.TWOS, dice).yahtzee_bonus == 0
    twice = score(score(sheet(yahtzee=50), B.TWOS, dice), B.CHANCE, dice)
    assert twice.yahtzee_bonus == 200
    assert twice.total == 50 + 10 + 10 + 200


def test_first_yahtzee_in_its_box_earns_no_bonus() -> None:
    after = score(Sheet(), B.YAHTZEE, (5, 5, 5, 5, 5))
    assert after.get(B.YAHTZEE) == 50
    assert after.yahtzee_bonus == 0


@pytest.mark.parametrize(
    ("upper", "bonus"),
    [
        (dict(ones=3, twos=6, threes=9, fours=12, fives=15, sixes=18), 35),  # exactly 63
        (dict(ones=2, twos=6, threes=9, fours=12, fives=15, sixes=18), 0),  # 62
        (dict(ones=0, twos=0, threes=12, fours=16, fives=20, sixes=24), 35),  # zeros count too
        (dict(fives=25, sixes=30, fours=8), 35),  # bonus before the upper section is full
    ],
)
def test_upper_bonus(upper: dict[str, int], bonus: int) -> None:
    s = sheet(**upper)
    assert s.upper_bonus == bonus
    assert s.total == s.upper_subtotal + bonus


def test_totals_add_up() -> None:
    s = sheet(ones=3, sixes=24, full_house=25, chance=17, yahtzee=50, yahtzee_bonus=100)
    assert s.upper_subtotal == 27
    assert s.lower_total == 92
    assert s.total == 27 + 92 + 100
    assert s.filled_count == 5
    assert s.scores() == {
        "ones": 3,
        "sixes": 24,
        "full_house": 25,
        "yahtzee": 50,
        "chance": 17,
    }


def test_a_scored_zero_is_filled_not_open() -> None:
    s = sheet(large_straight=0)
    assert not s.is_open(B.LARGE_STRAIGHT)
    assert B.LARGE_STRAIGHT not in choices(s, (1, 2, 3, 4, 5))
    with pytest.raises(IllegalMoveError, match="already filled"):
        score(s, B.LARGE_STRAIGHT, (1, 2, 3, 4, 5))


def test_joker_refuses_other_boxes_with_a_clear_error() -> None:
    with pytest.raises(IllegalMoveError) as refused:
        score(sheet(yahtzee=0), B.CHANCE, (4, 4, 4, 4, 4))
    assert str(refused.value) == (
        "box 'chance' is not allowed for [4, 4, 4, 4, 4] under the Joker rule (allowed: fours)"
    )
    with pytest.raises(IllegalMoveError, match=r"\(allowed: three_of_a_kind, four_of_a_kind, "):
        score(sheet(yahtzee=0, fours=8), B.ONES, (4, 4, 4, 4, 4))


@pytest.mark.parametrize(
    ("scores", "bonus", "message"),
    [
        ({"full_house": 26}, 0, "26 is not a possible score for full_house"),
        ({"twos": 7}, 0, "7 is not a possible score for twos"),
        ({"sevens": 7}, 0, "unknown box: 'sevens'"),
        ({"chance": "12"}, 0, "'12' is not a possible score"),
        ({"yahtzee": 0}, 100, "needs 50 in yahtzee, got 0"),
        ({}, 100, "needs 50 in yahtzee, but yahtzee is empty"),
        ({"yahtzee": 50}, 150, "multiple of 100 from 0 up, got 150"),
        ({"yahtzee": 50}, -100, "multiple of 100 from 0 up, got -100"),
        ({}, -100, "multiple of 100 from 0 up, got -100"),
        ({"yahtzee": 50}, True, "multiple of 100 from 0 up, got True"),
    ],
)
def test_impossible_sheets_are_refused(scores: dict[str, object], bonus: int, message: str) -> None:
    with pytest.raises(MalformedError, match=message):
        Sheet.from_scores(scores, bonus)  # type: ignore[arg-type]


def test_a_sheet_from_scores_has_no_bonus_unless_given() -> None:
    assert Sheet.from_scores({"yahtzee": 50}).yahtzee_bonus == 0
    assert Sheet.from_scores({"yahtzee": 50}, 300).yahtzee_bonus == 300


@pytest.mark.parametrize("bonus", [-100, -1, 50, 150, 1.0, "100", None])
def test_a_sheet_holds_only_a_whole_number_of_bonuses(bonus: object) -> None:
    # Built directly too, not only from scores: a negative bonus once went through.
    with pytest.raises(MalformedError) as refused:
        Sheet(yahtzee_bonus=bonus)  # type: ignore[arg-type]
    assert str(refused.value) == f"yahtzee_bonus must be a multiple of 100 from 0 up, got {bonus!r}"
    assert Sheet(yahtzee_bonus=200).yahtzee_bonus == 200


def test_a_sheet_has_thirteen_boxes() -> None:
    with pytest.raises(MalformedError) as refused:
        Sheet((None,) * 12)
    assert str(refused.value) == "a sheet has 13 boxes, got 12"


@pytest.mark.parametrize(
    ("dice", "message"),
    [
        ([1, 2, 3, 4, 7], "1 to 6, got 7"),
        ([1, 2, 3, 4], "expected 5 dice, got 4"),
        ([1, 2, 3, 4, 5, 6], "expected 5 dice, got 6"),
        ([1, 2, 3, 4, True], "got True"),
        ("12345", "list of 5"),
    ],
)
def test_check_dice(dice: object, message: str) -> None:
    with pytest.raises(MalformedError, match=message):
        check_dice(dice)


def test_check_dice_gives_the_faces_back() -> None:
    assert check_dice([6, 1, 6, 2, 5]) == (6, 1, 6, 2, 5)
    assert check_dice((1, 6), count=2) == (1, 6)
    with pytest.raises(MalformedError, match=r"^a die shows 1 to 6, got 0 in \[0, 1\]$"):
        check_dice([0, 1], count=2)
    with pytest.raises(MalformedError, match=r"^dice must be a list of 2 faces, got 12$"):
        check_dice(12, count=2)
