"""The DP against published values, and the fast turn kernel against a plain Python expectimax."""

from __future__ import annotations

import itertools
import math
import random
from collections import Counter
from collections.abc import Callable

import numpy as np
import pytest

from tests.conftest import random_sheet
from yahtzee.errors import MalformedError
from yahtzee.rules import (
    BOXES,
    UPPER_BONUS,
    UPPER_BONUS_THRESHOLD,
    Box,
    Sheet,
    bonus_for,
    choices,
)
from yahtzee.solver import Table, best_keeps
from yahtzee.solver.tables import (
    KEEP_INDEX,
    KEEPS,
    ROLL_BASE,
    UPPER_NREACHABLE,
    UPPER_REACHABLE,
    is_reachable,
    reachable_count,
    roll_index,
)

# Expected final scores under optimal solitaire play with the forced Joker: T. Verhoeff, "Optimal
# solitaire Yahtzee advisor" (254.5877 for these rules; 254.5896 is the free-choice Joker), and
# J. Glenn, "An optimal strategy for Yahtzee" (2006), whose endgame values these are.
NEW_GAME = 254.5877287
ONLY_CHANCE_OPEN = 70 / 3
ONLY_YAHTZEE_OPEN = 2.3014321


def only_open(box: Box, yahtzee: int = 0) -> Sheet:
    """A sheet with every box but ``box`` filled with zeros (chance with its minimum, 5)."""
    scores = {b.value: (5 if b is Box.CHANCE else 0) for b in BOXES if b is not box}
    if Box.YAHTZEE.value in scores:
        scores[Box.YAHTZEE.value] = yahtzee
    return Sheet.from_scores(scores)


def test_new_game_value(solver_table: Table) -> None:
    assert solver_table.new_game_value == pytest.approx(NEW_GAME, abs=1e-6)
    assert solver_table.future(Sheet()) == solver_table.new_game_value


def test_only_chance_open_is_seventy_thirds(solver_table: Table) -> None:
    # By hand: one die is worth 3.5, 4.25 with one reroll, 14/3 with two; five of them 70/3.
    assert solver_table.future(only_open(Box.CHANCE)) == pytest.approx(ONLY_CHANCE_OPEN, abs=1e-12)


def test_only_yahtzee_open(solver_table: Table) -> None:
    assert solver_table.future(only_open(Box.YAHTZEE)) == pytest.approx(ONLY_YAHTZEE_OPEN, abs=1e-7)


def test_future_of_full_sheet_is_zero(solver_table: Table) -> None:
    full = only_open(Box.CHANCE).scores() | {"chance": 17}
    assert solver_table.future(Sheet.from_scores(full)) == 0.0


def test_future_rejects_a_sheet_no_game_reaches(solver_table: Table) -> None:
    odd = Sheet((7, *(None,) * 12))
    with pytest.raises(MalformedError, match="no game reaches"):
        solver_table.future(odd)


def test_exactly_the_reachable_states_are_filled(solver_table: Table) -> None:
    values = np.asarray(solver_table.values)
    assert reachable_count() == 536_448
    assert np.isfinite(values).sum() == 536_448
    rng = random.Random(5)
    for _ in range(2000):
        mask, y, upper = rng.randrange(8192), rng.randrange(2), rng.randrange(64)
        assert math.isfinite(values[mask, y, upper]) == is_reachable(mask, upper, bool(y))


def test_reachable_subtotals_are_closed_under_scoring() -> None:
    # A reachable state only ever reads reachable ones: scoring any count of an open face from
    # a reachable subtotal lands on a subtotal listed for the larger set of upper boxes.
    for upper_mask in range(64):
        here = set(UPPER_REACHABLE[upper_mask, : UPPER_NREACHABLE[upper_mask]].tolist())
        for face in range(1, 7):
            if upper_mask >> (face - 1) & 1:
                continue
            after = upper_mask | 1 << (face - 1)
            there = set(UPPER_REACHABLE[after, : UPPER_NREACHABLE[after]].tolist())
            assert {min(63, u + face * n) for u in here for n in range(6)} == there


# --- a slow, plainly written single-turn expectimax -------------------------------------------


def probability(dice: tuple[int, ...]) -> float:
    """Chance that len(dice) thrown dice show exactly this multiset."""
    ways = math.factorial(len(dice))
    for n in Counter(dice).values():
        ways //= math.factorial(n)
    return ways / 6.0 ** len(dice)


def reference_turn(
    table: Table, sheet: Sheet
) -> tuple[dict[tuple[int, ...], float], list[dict[tuple[int, ...], float]], float]:
    """Score values of each roll, keep values with 1 and 2 rolls left, and the turn's value.

    Values are points still to come; the between-turn values after this turn are the table's.
    """
    rolls: list[tuple[int, ...]] = list(itertools.combinations_with_replacement(range(1, 7), 5))
    upper = min(sheet.upper_subtotal, UPPER_BONUS_THRESHOLD)

    def scored(roll: tuple[int, ...]) -> float:
        best = -math.inf
        for box, pts in choices(sheet, roll).items():
            boxes = list(sheet.boxes)
            boxes[box.pos] = pts
            after = Sheet(tuple(boxes))
            gain = 0
            if box.is_upper and upper < UPPER_BONUS_THRESHOLD <= upper + pts:
                gain = UPPER_BONUS
            best = max(best, pts + bonus_for(sheet, roll) + gain + table.future(after))
        assert best > -math.inf
        return best

    score = {roll: scored(roll) for roll in rolls}
    value = dict(score)  # with no rolls left, a roll is worth its best score
    keep_tables = []
    for _ in (1, 2):
        keep_value: dict[tuple[int, ...], float] = {}
        for keep in KEEPS:
            if len(keep) == 5:
                keep_value[keep] = score[keep]
                continue
            keep_value[keep] = math.fsum(
                probability(rest) * value[tuple(sorted(keep + rest))]
                for rest in itertools.combinations_with_replacement(range(1, 7), 5 - len(keep))
            )
        value = {
            roll: max(
                keep_value[tuple(sorted(sub))]
                for n in range(6)
                for sub in itertools.combinations(roll, n)
            )
            for roll in rolls
        }
        keep_tables.append(keep_value)
    start = math.fsum(probability(roll) * value[roll] for roll in rolls)
    return score, keep_tables, start


def stage_sheets() -> list[Sheet]:
    """Sheets from every stage (few filled, half, nearly full), yahtzee 0, 50 or open, upper
    subtotals near 63."""
    rng = random.Random(1234)
    sheets = [
        random_sheet(rng, 1, yahtzee=None),
        random_sheet(rng, 3, yahtzee=50),
        random_sheet(rng, 6, yahtzee=0),
        random_sheet(rng, 7, yahtzee=None),
        random_sheet(rng, 10, yahtzee=50),
        random_sheet(rng, 12, yahtzee=0),
        random_sheet(rng, 11, yahtzee=None),
        # Upper subtotal 60 with threes open: 3 threes earn the +35.
        Sheet.from_scores({"ones": 3, "twos": 8, "fours": 16, "fives": 15, "sixes": 18}),
        # A Yahtzee roll with yahtzee at 50 and its upper box filled: Joker into the lower boxes.
        Sheet.from_scores({"sixes": 24, "yahtzee": 50, "full_house": 25, "chance": 20}, 100),
        # Upper all filled and no lower box but one: every Joker has one choice.
        only_open(Box.FULL_HOUSE, yahtzee=50),
        only_open(Box.FOURS, yahtzee=50),
        Sheet(),
    ]
    for filled in range(1, 13, 2):
        for yahtzee in (None, 0, 50):
            if yahtzee is None and filled == 12:
                continue
            sheets.append(random_sheet(rng, filled, yahtzee=yahtzee))
    return sheets


@pytest.mark.slow
@pytest.mark.parametrize("sheet", stage_sheets(), ids=lambda s: str(s.scores()))
def test_kernel_agrees_with_plain_expectimax(solver_table: Table, sheet: Sheet) -> None:
    score, (keep1, keep2), start = reference_turn(solver_table, sheet)
    upper = min(sheet.upper_subtotal, 63)
    y = int(sheet.get(Box.YAHTZEE) == 50)
    fast = solver_table.turn_values([sheet.used_mask], [upper], [y])
    assert fast.start[0] == pytest.approx(start, abs=1e-9)
    assert fast.start[0] == pytest.approx(solver_table.future(sheet), abs=1e-9)
    for keep, index in KEEP_INDEX.items():
        assert fast.keep1[0, index] == pytest.approx(keep1[keep], abs=1e-9), keep
        assert fast.keep2[0, index] == pytest.approx(keep2[keep], abs=1e-9), keep
        if len(keep) == 5:
            assert fast.score[0, index - ROLL_BASE] == pytest.approx(score[keep], abs=1e-9)


def test_batch_kernel_shapes_and_best_choices(solver_table: Table) -> None:
    rng = random.Random(8)
    sheets = [random_sheet(rng, rng.randrange(13)) for _ in range(40)]
    masks = [s.used_mask for s in sheets]
    uppers = [min(s.upper_subtotal, 63) for s in sheets]
    ys = [int(s.get(Box.YAHTZEE) == 50) for s in sheets]
    turn = solver_table.turn_values(masks, uppers, ys)
    assert turn.score.shape == (40, 252) and turn.score.dtype == np.float64
    assert turn.keep1.shape == turn.keep2.shape == (40, 462)
    assert turn.best_box.shape == (40, 252) and turn.best_box.dtype == np.int8
    np.testing.assert_array_equal(turn.keep1[:, ROLL_BASE:], turn.score)
    np.testing.assert_allclose(turn.start, [solver_table.future(s) for s in sheets], atol=1e-12)
    for i, sheet in enumerate(sheets):
        roll = tuple(sorted(rng.randint(1, 6) for _ in range(5)))
        allowed = choices(sheet, roll)
        assert BOXES[turn.best_box[i, roll_index(roll)]] in allowed
    rolls = np.array([rng.randrange(252) for _ in sheets])
    chosen = best_keeps(turn.keep2, rolls)
    for i, r in enumerate(rolls):
        roll = KEEPS[ROLL_BASE + r]
        subs = {tuple(sorted(c)) for n in range(6) for c in itertools.combinations(roll, n)}
        assert KEEPS[chosen[i]] in subs
        assert turn.keep2[i, chosen[i]] == max(turn.keep2[i, KEEP_INDEX[k]] for k in subs)


@pytest.mark.parametrize(
    ("mask", "upper", "y"),
    [(8191, 0, 0), (0, 5, 0), (1, 6, 0), (0, 0, 1), (-1, 0, 0), (0, 64, 0), (0, 0, 2)],
)
def test_batch_kernel_rejects_states_that_cannot_occur(
    solver_table: Table, mask: int, upper: int, y: int
) -> None:
    with pytest.raises(MalformedError, match="not a playable state"):
        solver_table.turn_values([mask], [upper], [y])


def test_batch_kernel_rejects_arrays_of_different_lengths(solver_table: Table) -> None:
    check: Callable[[], object] = lambda: solver_table.turn_values([0, 1], [0], [0])  # noqa: E731
    with pytest.raises(MalformedError, match="differ in length"):
        check()


def test_batch_kernel_dedupes_and_groups_lanes_without_changing_values(
    solver_table: Table,
) -> None:
    # Same mask and y with different subtotals go through one lattice as lanes; duplicates are
    # computed once. Every row must equal the state computed on its own.
    mask = Sheet.from_scores({"ones": 3, "fives": 15, "yahtzee": 50}).used_mask
    states = [(mask, 18, 1), (mask, 18, 1), (mask, 3, 1), (mask, 18, 0), (0, 0, 0), (mask, 20, 1)]
    masks, uppers, ys = zip(*states, strict=True)
    together = solver_table.turn_values(masks, uppers, ys)
    for i, (m, u, y) in enumerate(states):
        alone = solver_table.turn_values([m], [u], [y])
        for field in ("score", "best_box", "keep1", "keep2", "start"):
            np.testing.assert_array_equal(getattr(together, field)[i], getattr(alone, field)[0])
