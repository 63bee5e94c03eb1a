"""The 高手's chances lifted by the measured gain of its later turns played to win."""

from __future__ import annotations

import numpy as np
import pytest
from hypothesis import given
from hypothesis import strategies as st

from yahtzee.game import COMPUTER, PLAYER, Difficulty, First, Game, Mode
from yahtzee.rules import BOXES, Sheet
from yahtzee.winprob.estimate import Chances, WinModel
from yahtzee.winprob.lift import SHIFTS, expert_shift, lifted
from yahtzee.winprob.tables import WinTables


def _sheet(filled: int) -> Sheet:
    return Sheet(tuple([0] * filled + [None] * (len(BOXES) - filled)))


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
def test_the_shift_counts_the_later_turns(filled: int, acting: int, later: int) -> None:
    assert expert_shift(Difficulty.EXPERT, _sheet(filled), acting) == SHIFTS[later]


@pytest.mark.parametrize("level", [Difficulty.NORMAL, Difficulty.BEGINNER, None])
def test_only_the_expert_is_lifted(level: Difficulty | None) -> None:
    assert expert_shift(level, _sheet(0), COMPUTER) == 0.0


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
    chances = Chances(max(1.0 - win - draw, 0.0), draw, win).lifted(shift)
    assert chances.draw == draw
    assert chances.player + chances.draw + chances.computer == pytest.approx(1.0)
    assert min(chances.player, chances.computer) >= 0.0
    assert chances.computer >= win - 1e-12
    if win in (0.0, 1.0 - draw):  # a decided game stays decided
        assert chances.computer == win


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
        assert chances.computer == pytest.approx(0.5136, abs=0.005)
        assert chances.player == pytest.approx(0.4800, abs=0.005)
