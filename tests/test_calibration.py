"""The 胜率 calibration: the measured shortfalls of 入门 and 普通 that hold, the 高手's lift by its
later turns played to win, and the chances using them."""

from __future__ import annotations

import numpy as np
import pytest
from hypothesis import given
from hypothesis import strategies as st

from yahtzee.game import Difficulty, First, Game, Mode
from yahtzee.players import get_policy
from yahtzee.players.simulate import shortfalls_to_come
from yahtzee.rules import BOXES, Sheet
from yahtzee.solver import Table
from yahtzee.winprob.calibration import SHIFTS, SHORTFALLS, expert_shift, lifted, shortfall
from yahtzee.winprob.estimate import Chances, WinModel
from yahtzee.winprob.tables import WinTables

LEVELS = (Difficulty.NORMAL, Difficulty.BEGINNER)
PLAYER, COMPUTER = False, True
"""Whose turn it is, for ``expert_shift``: the other seat's, or the 高手's own."""


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
        level: model.chances(Game.new(Mode.VS, level, First.ME)).win[0] for level in Difficulty
    }
    # Measured head to head (docs/strength.md): the optimum beats 普通 in 66.9 % of games,
    # 入门 in 84.8 % and the play-to-win 高手 in 48.0 %.
    assert shown[Difficulty.EXPERT] == pytest.approx(0.480, abs=0.01)
    assert shown[Difficulty.NORMAL] == pytest.approx(0.669, abs=0.04)
    assert shown[Difficulty.BEGINNER] == pytest.approx(0.848, abs=0.04)


@pytest.mark.parametrize(
    ("filled", "acting", "later"),
    [
        (0, PLAYER, 13),  # the player moves first: all 13 of the 高手's turns are to come
        (0, COMPUTER, 12),  # its own turn is played to win in its lattice
        (11, PLAYER, 2),
        (11, COMPUTER, 1),
        (12, PLAYER, 1),
        (12, COMPUTER, 0),
        (13, PLAYER, 0),
    ],
)
def test_the_shift_counts_the_later_turns(filled: int, acting: bool, later: int) -> None:
    assert expert_shift(Difficulty.EXPERT, _filled(filled), acting) == SHIFTS[later]


@pytest.mark.parametrize("level", [Difficulty.NORMAL, Difficulty.BEGINNER, None])
def test_only_the_expert_is_lifted(level: Difficulty | None) -> None:
    assert expert_shift(level, _filled(0), COMPUTER) == 0.0


def test_the_last_turns_are_not_lifted() -> None:
    # Its last turn is played to win in its lattice, and exact; one turn later adds nothing
    # measurable.
    assert SHIFTS[0] == SHIFTS[1] == 0.0
    assert all(0.0 < s <= 0.07 for s in SHIFTS[2:])


@given(
    st.floats(0.0, 1.0),
    st.floats(0.0, 1.0),
    st.sampled_from(sorted(set(SHIFTS))),
)
def test_lifted_is_a_law_with_the_same_draw(win: float, draw: float, shift: float) -> None:
    win = min(win, 1.0 - draw)
    wins = (max(1.0 - win - draw, 0.0), win)
    chances = Chances(wins, draw, tuple(w + draw / 2 for w in wins)).lifted(1, shift)
    player, computer = chances.win
    assert chances.draw == draw
    assert player + chances.draw + computer == pytest.approx(1.0)
    assert min(player, computer) >= 0.0
    assert computer >= win - 1e-12
    if win in (0.0, 1.0 - draw):  # a decided game stays decided
        assert computer == win


def test_lifted_is_monotone_and_shifts_log_odds() -> None:
    win = np.linspace(0.0, 0.99, 100)
    draw = np.full(100, 0.01)
    up = lifted(win, draw, 0.065)
    assert np.all(np.diff(up) > 0)
    inner = slice(1, -1)
    share, shares = win[inner] / 0.99, up[inner] / 0.99
    gap = np.log(shares / (1 - shares)) - np.log(share / (1 - share))
    assert gap == pytest.approx(np.full(gap.size, 0.065))


def test_a_game_with_the_expert_starts_at_its_measured_edge(win_tables: WinTables) -> None:
    # Measured (docs/strength.md, 300,000 games): the play-to-win 高手 wins 51.36 % against the
    # EV optimum, with 0.64 % draws.
    model = WinModel(win_tables)
    for first in (First.ME, First.COMPUTER):
        chances = model.chances(Game.new(Mode.VS, Difficulty.EXPERT, first))
        assert chances.win[1] == pytest.approx(0.5136, abs=0.005)
        assert chances.win[0] == pytest.approx(0.4800, abs=0.005)
