"""What 入门 and 普通 leave on the table: the points they lose to the optimum in the rest of a game.

The 胜率 tables hold the law of the points still to come under optimal play. Against 入门 or 普通
the computer's chances use that law shifted down by the level's *shortfall*: before its turn
with ``k`` boxes filled, the mean over many games of the points the optimum expects from the
level's state minus the points the level then scores
(``yahtzee.players.simulate.shortfalls_to_come``, 20,000 games each, seed 7; a test holds them
to a fresh simulation on other dice).

The shortfall is measured from where the level stands, turn by turn, because that is not the
sum of its per-box gaps over the boxes it has left: 入门 loses most of its 70 points in its
first turns (12 in its first, more than half in its first five), by filling boxes the optimum would
keep for later. Charging the open boxes their whole-game gaps overstated what it still had to
lose mid-game by up to 15 points, and the player's chances there by about 4 points of chance
(``benchmarks/winprob.py --levels``).
"""

from __future__ import annotations

from typing import Final

from yahtzee.game import Difficulty
from yahtzee.rules import Sheet

SHORTFALLS: Final[dict[Difficulty, tuple[float, ...]]] = {
    # Index: boxes filled before the turn (0-12).
    Difficulty.NORMAL: (
        29.22, 26.64, 24.06, 21.73, 19.71, 17.49, 15.51, 13.27, 10.67, 7.68, 4.63, 2.08, 0.40,
    ),
    Difficulty.BEGINNER: (
        70.45, 58.89, 49.18, 41.94, 36.38, 31.59, 27.26, 23.28, 19.54, 16.11, 12.60, 7.80, 0.73,
    ),
}  # fmt: skip


def shortfall(difficulty: Difficulty | None, sheet: Sheet) -> int:
    """The points a computer of ``difficulty`` with ``sheet`` is expected to lose to the optimum
    in the rest of the game, rounded (0 for 高手, which plays the optimum or better, and for a
    full sheet)."""
    by_turn = SHORTFALLS.get(difficulty) if difficulty is not None else None
    if by_turn is None or sheet.is_full:
        return 0
    return round(by_turn[sheet.filled_count])
