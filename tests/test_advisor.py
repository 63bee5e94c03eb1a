"""The advisor: published decisions, agreement with the rules engine, order, and errors."""

from __future__ import annotations

import itertools
import math
import random

import pytest

from tests.browser.support import ScriptedDice
from tests.conftest import random_sheet
from yahtzee.errors import IllegalMoveError, MalformedError
from yahtzee.game import Game, Roll
from yahtzee.hints import hint_for, runner_up
from yahtzee.rules import BOXES, Box, Sheet, choices, score
from yahtzee.solver import Advice, Advisor, Option, Table
from yahtzee.solver.outlook_store import Outlook


@pytest.fixture(scope="module")
def advisor(solver_table: Table) -> Advisor:
    return Advisor(solver_table)


# Expected final totals from an empty sheet, from Verhoeff's optimal solitaire advisor.
def test_straight_on_the_last_roll_goes_to_large_straight(advisor: Advisor) -> None:
    advice = advisor.advise(Sheet(), (1, 2, 3, 4, 5), 0)
    assert advice.best.box is Box.LARGE_STRAIGHT and advice.best.points == 40
    assert advice.best.keep is None
    assert advice.best.ev == pytest.approx(261.53141, abs=1e-5)


@pytest.mark.parametrize(
    ("dice", "keep", "ev"),
    [((2, 3, 4, 5, 5), (2, 3, 4, 5), 254.87542), ((1, 2, 6, 6, 6), (6, 6, 6), 265.11336)],
)
def test_first_roll_keeps(
    advisor: Advisor, dice: tuple[int, ...], keep: tuple[int, ...], ev: float
) -> None:
    advice = advisor.advise(Sheet(), dice, 2)
    assert advice.best.keep == keep and advice.best.box is None
    assert advice.best.ev == pytest.approx(ev, abs=1e-5)


def random_dice(rng: random.Random) -> tuple[int, ...]:
    if rng.random() < 0.2:  # five of a kind often enough to exercise every Joker case
        return (rng.randint(1, 6),) * 5
    return tuple(rng.randint(1, 6) for _ in range(5))


def sheets_and_dice(count: int, seed: int) -> list[tuple[Sheet, tuple[int, ...]]]:
    rng = random.Random(seed)
    return [(random_sheet(rng, rng.randrange(13)), random_dice(rng)) for _ in range(count)]


def test_box_options_follow_the_rules_engine(advisor: Advisor) -> None:
    # The advisor scores from precomputed tables; rules.score is the checked reference.
    for sheet, dice in sheets_and_dice(300, 1):
        advice = advisor.advise(sheet, dice, 0)
        allowed = choices(sheet, dice)
        assert {o.box: o.points for o in advice.options} == allowed
        for option in advice.options:
            assert option.box is not None and option.keep is None
            after = score(sheet, option.box, dice)
            assert option.ev == pytest.approx(after.total + advisor.table.future(after), abs=1e-9)


def test_keep_options_are_every_sub_multiset(advisor: Advisor) -> None:
    for sheet, dice in sheets_and_dice(60, 2):
        for rolls_left in (1, 2):
            advice = advisor.advise(sheet, dice, rolls_left)
            subs = {tuple(sorted(c)) for n in range(6) for c in itertools.combinations(dice, n)}
            keeps = [o.keep for o in advice.options]
            assert len(keeps) == len(subs) and set(keeps) == subs
            for option in advice.options:
                assert option.keep is not None and list(option.keep) == sorted(option.keep)
                assert option.ev == advisor.keep_value(sheet, option.keep, rolls_left)
                if len(option.keep) < 5:
                    assert option.box is None and option.points is None
            stop = next(o for o in advice.options if o.keep is not None and len(o.keep) == 5)
            assert (stop.box, stop.points, stop.ev) == _fields(advisor.advise(sheet, dice, 0).best)


def _fields(option: Option) -> tuple[Box | None, int | None, float]:
    return option.box, option.points, option.ev


def test_options_are_sorted_best_first_with_the_documented_tie_break(advisor: Advisor) -> None:
    for sheet, dice in sheets_and_dice(80, 3):
        for rolls_left in (0, 1, 2):
            options = advisor.advise(sheet, dice, rolls_left).options
            for a, b in itertools.pairwise(options):
                assert round(a.ev * 1e9) >= round(b.ev * 1e9)
                if round(a.ev * 1e9) == round(b.ev * 1e9):
                    if rolls_left:
                        assert a.keep is not None and b.keep is not None
                        assert (-len(a.keep), a.keep) < (-len(b.keep), b.keep)
                    else:
                        assert a.box is not None and b.box is not None
                        assert a.box.pos < b.box.pos


def test_tied_keeps_come_larger_first_then_by_faces(advisor: Advisor) -> None:
    # Only yahtzee open: any one die held is as good as any other, so those keeps tie exactly.
    scores = {b.value: 0 for b in BOXES if b is not Box.YAHTZEE} | {"chance": 5}
    options = advisor.advise(Sheet.from_scores(scores), (5, 3, 1, 4, 2), 1).options
    singles = [o for o in options if o.keep is not None and len(o.keep) == 1]
    assert [o.keep for o in singles] == [(1,), (2,), (3,), (4,), (5,)]
    assert options.index(singles[0]) + 4 == options.index(singles[-1])
    assert len({round(o.ev * 1e9) for o in singles}) == 1


def test_more_rolls_never_hurt_and_the_first_roll_averages_to_the_table(advisor: Advisor) -> None:
    rng = random.Random(4)
    sheet = random_sheet(rng, 9, yahtzee=50)
    expected = 0.0
    for roll in itertools.combinations_with_replacement(range(1, 7), 5):
        evs = [advisor.advise(sheet, roll, n).best.ev for n in (0, 1, 2)]
        assert evs[0] <= evs[1] + 1e-9 <= evs[2] + 2e-9
        ways = math.factorial(5) / math.prod(math.factorial(roll.count(f)) for f in set(roll))
        expected += ways / 6**5 * evs[2]
    assert expected == pytest.approx(advisor.expected_total(sheet), abs=1e-9)


def test_expected_total_and_first_roll_keep_value(advisor: Advisor, solver_table: Table) -> None:
    sheet = Sheet.from_scores({"ones": 3, "sixes": 18, "yahtzee": 50, "chance": 22}, 100)
    assert advisor.expected_total(sheet) == sheet.total + solver_table.future(sheet)
    assert advisor.keep_value(sheet, (), 3) == advisor.expected_total(sheet)
    assert advisor.expected_total(Sheet()) == solver_table.new_game_value


def test_json_shapes(advisor: Advisor) -> None:
    advice = advisor.advise(Sheet(), (6, 6, 6, 6, 6), 1)
    data = advice.to_json()
    best = advice.best
    assert data["best"] == {"keep": [6] * 5, "box": "yahtzee", "points": 50, "ev": best.ev}
    options = data["options"]
    assert isinstance(options, list) and options[0] == data["best"]
    assert options[1] == {"keep": [6, 6, 6, 6], "ev": advice.options[1].ev}
    box = advisor.advise(Sheet(), (1, 2, 3, 4, 4), 0).best
    assert box.to_json() == {"box": "small_straight", "points": 30, "ev": box.ev}
    assert isinstance(advice, Advice)


FULL = Sheet.from_scores({b.value: 0 for b in BOXES if b is not Box.CHANCE} | {"chance": 9})


@pytest.mark.parametrize(
    ("sheet", "dice", "rolls_left", "error", "message"),
    [
        (Sheet(), (1, 2, 3, 4, 5, 6), 0, MalformedError, "expected 5 dice"),
        (Sheet(), (1, 2, 3, 4, 7), 0, MalformedError, "a die shows 1 to 6, got 7"),
        (Sheet(), (1, 2, 3, 4, 5), 3, MalformedError, "rolls left must be 0, 1 or 2, got 3"),
        (Sheet(), (1, 2, 3, 4, 5), True, MalformedError, "got True"),
        (FULL, (1, 2, 3, 4, 5), 0, IllegalMoveError, "the sheet is full"),
        (Sheet((7, *(None,) * 12)), (1, 2, 3, 4, 5), 1, MalformedError, "no game reaches"),
    ],
)
def test_advise_errors(
    advisor: Advisor,
    sheet: Sheet,
    dice: tuple[int, ...],
    rolls_left: int,
    error: type[Exception],
    message: str,
) -> None:
    with pytest.raises(error, match=message):
        advisor.advise(sheet, dice, rolls_left)


@pytest.mark.parametrize(
    ("keep", "rolls_left", "error", "message"),
    [
        ((1, 2, 3, 4, 5, 6), 1, MalformedError, "0 to 5 dice"),
        ((0,), 1, MalformedError, "a die shows 1 to 6"),
        ((1, 2), 4, MalformedError, "rolls left must be 0 to 3"),
        ((1, 2), 0, IllegalMoveError, "no roll is left"),
        ((1,), 3, IllegalMoveError, "before the first roll"),
    ],
)
def test_keep_value_errors(
    advisor: Advisor, keep: tuple[int, ...], rolls_left: int, error: type[Exception], message: str
) -> None:
    with pytest.raises(error, match=message):
        advisor.keep_value(Sheet(), keep, rolls_left)


def test_keep_value_of_five_dice_is_stopping(advisor: Advisor) -> None:
    best = advisor.advise(Sheet(), (5, 5, 5, 5, 5), 0).best
    for rolls_left in (0, 1, 2):
        assert advisor.keep_value(Sheet(), [5, 5, 5, 5, 5], rolls_left) == best.ev


def _keep(keep: tuple[int, ...], ev: float, box: Box | None = None) -> Option:
    return Option(keep, box, None if box is None else 0, ev)


# The best option first, then the runner-up the hint names, and what the hint says of it.
RUNNERS_UP = [
    ((_keep((5, 5), 231.2), _keep((3, 4, 5), 229.8)), "次选保留 3 4 5，少 1.4 分"),
    ((_keep((5, 5), 231.2), _keep((), 231.17)), "次选全部重掷，少 0.03 分"),
    (
        (_keep((5, 5), 231.2), _keep((1, 2, 3, 4, 5), 231.199, Box.LARGE_STRAIGHT)),
        "次选直接登记「大顺」，少不到 0.01 分",
    ),
    ((_keep((2, 2), 120.0), _keep((3, 3), 120.0)), "保留 3 3 也一样"),
    (
        (Option(None, Box.CHANCE, 21, 80.0), Option(None, Box.ONES, 2, 77.5)),
        "次选登记「一点」，少 2.5 分",
    ),
    ((Option(None, Box.CHANCE, 21, 80.0),), ""),
]


@pytest.mark.parametrize(("options", "said"), RUNNERS_UP)
def test_a_hint_says_how_much_the_next_best_option_gives_up(
    options: tuple[Option, ...], said: str
) -> None:
    assert runner_up(Advice(options)) == said


def test_hints_name_the_runner_up_of_the_real_advice(advisor: Advisor, outlook: Outlook) -> None:
    game = Game.new().apply(Roll(), ScriptedDice([2, 5, 5, 2, 3]))
    hint = hint_for(game, advisor, outlook)
    advice = advisor.advise(Sheet(), (2, 2, 3, 5, 5), 2)
    assert advice.options[1].keep == (3, 5, 5)
    gap = advice.best.ev - advice.options[1].ev
    words = f"保留 5 5，重掷其余 3 颗（期望总分 {hint.ev:.1f}；次选保留 3 5 5，少 {gap:.1f} 分）"
    assert hint.text == words
