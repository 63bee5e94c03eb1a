"""The 胜率 handicap of 入门 and 普通: measured shortfalls that hold, and the chances using them."""

from __future__ import annotations

import pytest

from yahtzee.game import Difficulty, First, Game, Mode
from yahtzee.players import get_policy
from yahtzee.players.simulate import shortfalls_to_come
from yahtzee.rules import BOXES, Sheet
from yahtzee.solver import Table
from yahtzee.winprob.estimate import WinModel
from yahtzee.winprob.handicap import SHORTFALLS, shortfall
from yahtzee.winprob.tables import WinTables

LEVELS = (Difficulty.NORMAL, Difficulty.BEGINNER)


@pytest.fixture(scope="module")
def measured(solver_table: Table) -> dict[Difficulty, tuple[float, ...]]:
    # Other games than the stored shortfalls were measured on (seed 7): they must hold on new
    # dice.
    return {
        level: shortfalls_to_come(get_policy(level, solver_table), solver_table, 4000, seed=11)
        for level in Difficulty
    }


@pytest.mark.parametrize("level", LEVELS)
def test_shortfalls_match_a_fresh_simulation(
    measured: dict[Difficulty, tuple[float, ...]], level: Difficulty
) -> None:
    # About 1 point of standard error at the start of a game, less later.
    assert measured[level] == pytest.approx(SHORTFALLS[level], abs=4.0)


def test_the_optimum_leaves_nothing(measured: dict[Difficulty, tuple[float, ...]]) -> None:
    assert measured[Difficulty.EXPERT] == pytest.approx([0.0] * 13, abs=1.5)


def test_most_of_the_beginners_gap_is_lost_early() -> None:
    # Why the shortfall is measured by turn: 入门 has lost more than half its gap after five
    # turns, while it still has eight of its thirteen boxes open.
    by_turn = SHORTFALLS[Difficulty.BEGINNER]
    assert by_turn[5] < by_turn[0] / 2
    for level in LEVELS:
        assert list(SHORTFALLS[level]) == sorted(SHORTFALLS[level], reverse=True)


def _filled(count: int) -> Sheet:
    return Sheet(tuple([0] * count + [None] * (len(BOXES) - count)))


def test_shortfall_of_each_sheet() -> None:
    empty = Sheet()
    assert shortfall(Difficulty.EXPERT, empty) == 0
    assert shortfall(None, empty) == 0
    assert shortfall(Difficulty.NORMAL, empty) == 29
    assert shortfall(Difficulty.BEGINNER, empty) == 70
    for level in LEVELS:
        for count in range(len(BOXES)):
            assert shortfall(level, _filled(count)) == round(SHORTFALLS[level][count])
        assert shortfall(level, _filled(len(BOXES))) == 0


def test_chances_at_the_start_follow_the_computers_level(win_tables: WinTables) -> None:
    model = WinModel(win_tables)
    shown = {
        level: model.chances(Game.new(Mode.VS, level, First.ME)).player for level in Difficulty
    }
    # Measured head to head (docs/strength.md): the optimum beats 普通 in 66.9 % of games,
    # 入门 in 84.8 % and the play-to-win 高手 in 48.0 %.
    assert shown[Difficulty.EXPERT] == pytest.approx(0.480, abs=0.01)
    assert shown[Difficulty.NORMAL] == pytest.approx(0.669, abs=0.04)
    assert shown[Difficulty.BEGINNER] == pytest.approx(0.848, abs=0.04)
