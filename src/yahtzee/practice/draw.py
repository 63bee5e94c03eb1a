"""Drawing a round of 练习: real decisions from simulated games, kept only when they matter.

Positions come from games the 普通 and 入门 players play out in the vectorised simulator, so
the sheets look like a learner's. A round is drawn in batches: batch ``k`` of seed ``s`` plays
``GAMES_PER_LEVEL`` games of each level from ``SeedSequence(s, spawn_key=(k,))``, records every
decision point (the sheet before the turn, the dice after each roll and the rolls left), and
shuffles the points meeting a theme's test. The first that pass the exact test
(``themes.meets``), whose best option beats the runner-up by ``MIN_GAP`` to ``MAX_GAP``
expected points, and that are not in the round yet, are taken. Everything follows from the
seed, so a round is the same whenever it is drawn again.

The options are the advisor's: with rolls left, the distinct keeps (holding all five means
stopping and scoring the best box); with none, the allowed boxes.
"""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass
from typing import Final

import numpy as np

from yahtzee.errors import MalformedError
from yahtzee.game import ROUNDS, Difficulty
from yahtzee.players.batch import OPEN, Sheets
from yahtzee.players.levels import get_policy
from yahtzee.players.simulate import Trace, play_turn
from yahtzee.practice.themes import (
    ENDGAME_OPEN,
    STRAIGHT_RUNS,
    THEMES,
    Position,
    Theme,
    is_two_pairs,
    longest_run,
    meets,
)
from yahtzee.rules import (
    MAX_ROLLS,
    NUM_BOXES,
    NUM_UPPER_BOXES,
    UPPER_BONUS_THRESHOLD,
    UPPER_BOXES,
    Box,
    Sheet,
)
from yahtzee.solver import Advice, Advisor
from yahtzee.solver.tables import ROLLS, IntArray

LEVELS: Final = (Difficulty.NORMAL, Difficulty.BEGINNER)
"""The players whose games the positions come from."""
GAMES_PER_LEVEL: Final = 200
"""Games each level plays in one batch."""
MAX_BATCHES: Final = 50
"""Batches a round may draw before it gives up (a theme that rare is a bug)."""
MIN_GAP: Final = 0.5
MAX_GAP: Final = 15.0
"""How far the best option must beat the runner-up, in expected points: a real decision, not
a blunder nobody makes."""
ROUND_SIZE: Final = 10
MAX_COUNT: Final = 50
MAX_SEED: Final = 2**32 - 1

_TWO_PAIRS: Final = np.array([is_two_pairs(roll) for roll in ROLLS])
_RUN: Final = np.array([longest_run(roll) for roll in ROLLS])
_UPPER_FIVES: Final = np.array([5 * box.face for box in UPPER_BOXES], dtype=np.int64)


@dataclass(frozen=True, slots=True)
class Points:
    """Decision points of simulated games, one row each.

    scores : ndarray(int64, shape (m, 13)), the sheet before the turn (``OPEN`` for open boxes).
    bonus : ndarray(int64, shape (m,)), its Yahtzee bonus.
    rolls : ndarray(int64, shape (m,)), the roll index of the dice (``ROLLS``).
    rolls_left : ndarray(int64, shape (m,)), 0, 1 or 2.
    games : int, the games they come from.
    """

    scores: IntArray
    bonus: IntArray
    rolls: IntArray
    rolls_left: IntArray
    games: int

    def position(self, i: int) -> Position:
        """Row ``i`` as a position."""
        boxes = tuple(None if v == OPEN else int(v) for v in self.scores[i])
        sheet = Sheet(boxes, int(self.bonus[i]))
        return Position(sheet, ROLLS[int(self.rolls[i])], int(self.rolls_left[i]))

    def prefilter(self, theme: Theme) -> np.ndarray:
        """Rows that may meet ``theme``'s test: all of it but the ranking (``meets`` decides)."""
        is_open = self.scores == OPEN
        rl = self.rolls_left
        match theme:
            case Theme.FULL_HOUSE_DRAW:
                return (rl > 0) & is_open[:, Box.FULL_HOUSE.pos] & _TWO_PAIRS[self.rolls]  # type: ignore[no-any-return]
            case Theme.STRAIGHT_DRAW:
                straight = is_open[:, Box.SMALL_STRAIGHT.pos] | is_open[:, Box.LARGE_STRAIGHT.pos]
                return (rl > 0) & straight & np.isin(_RUN[self.rolls], STRAIGHT_RUNS)  # type: ignore[no-any-return]
            case Theme.UPPER_BONUS:
                upper = np.maximum(self.scores[:, :NUM_UPPER_BOXES], 0).sum(axis=1)
                most = upper + (is_open[:, :NUM_UPPER_BOXES] * _UPPER_FIVES).sum(axis=1)
                return (upper < UPPER_BONUS_THRESHOLD) & (most >= UPPER_BONUS_THRESHOLD)  # type: ignore[no-any-return]
            case Theme.SACRIFICE:
                return rl == 0  # type: ignore[no-any-return]
            case Theme.CHANCE:
                return (rl == 0) & is_open[:, Box.CHANCE.pos]  # type: ignore[no-any-return]
            case Theme.ENDGAME:
                return is_open.sum(axis=1) <= ENDGAME_OPEN  # type: ignore[no-any-return]


def play_points(seed: int, batch: int, games: int = GAMES_PER_LEVEL) -> Points:
    """Every decision point of ``games`` games of each level in ``LEVELS`` (batch ``batch`` of
    ``seed``): the first roll of every turn and each roll after a keep."""
    root = np.random.SeedSequence(seed, spawn_key=(batch,))
    scores, bonus, rolls, rolls_left = [], [], [], []
    for level, child in zip(LEVELS, root.spawn(len(LEVELS)), strict=True):
        dice, choices = (np.random.default_rng(s) for s in child.spawn(2))
        policy = get_policy(level, None)
        sheets = Sheets.empty(games)
        log = Trace(
            np.full((games, ROUNDS, MAX_ROLLS), -1, dtype=np.int64),
            np.full((games, ROUNDS, MAX_ROLLS - 1), -1, dtype=np.int64),
            np.full((games, ROUNDS), -1, dtype=np.int64),
        )
        for turn in range(ROUNDS):
            before = sheets.scores.copy()
            before_bonus = sheets.bonus.copy()
            play_turn(policy, sheets, dice, choices, log, turn)
            for stage in range(MAX_ROLLS):
                made = np.flatnonzero(log.rolls[:, turn, stage] >= 0)
                scores.append(before[made])
                bonus.append(before_bonus[made])
                rolls.append(log.rolls[made, turn, stage])
                rolls_left.append(np.full(made.size, MAX_ROLLS - 1 - stage, dtype=np.int64))
    return Points(
        np.concatenate(scores).reshape(-1, NUM_BOXES),
        np.concatenate(bonus),
        np.concatenate(rolls),
        np.concatenate(rolls_left),
        games * len(LEVELS),
    )


def gap(advice: Advice) -> float | None:
    """How far the best option beats the runner-up (None with a single option)."""
    if len(advice.options) < 2:
        return None
    return advice.options[0].ev - advice.options[1].ev


def is_real_decision(advice: Advice) -> bool:
    """True when the best option beats the runner-up by ``MIN_GAP`` to ``MAX_GAP`` points."""
    g = gap(advice)
    return g is not None and MIN_GAP <= g <= MAX_GAP


@dataclass(frozen=True, slots=True)
class Drill:
    """One position of a round, the theme it drills and its advice (every option, best first)."""

    theme: Theme
    position: Position
    advice: Advice


class Batches:
    """The batches of decision points of one seed, each played once when first asked for."""

    def __init__(self, seed: int) -> None:
        self.seed = seed
        self._played: dict[int, Points] = {}

    def __getitem__(self, batch: int) -> Points:
        if batch not in self._played:
            self._played[batch] = play_points(self.seed, batch)
        return self._played[batch]


def candidates(advisor: Advisor, theme: Theme, batches: Batches) -> Iterator[Drill]:
    """Positions meeting ``theme`` that are real decisions, in the seed's order (may repeat)."""
    seed = batches.seed
    for batch in range(MAX_BATCHES):
        points = batches[batch]
        rows = np.flatnonzero(points.prefilter(theme))
        stream = np.random.SeedSequence(seed, spawn_key=(batch, THEMES.index(theme) + 1))
        rng = np.random.default_rng(stream)
        for i in rng.permutation(rows).tolist():
            position = points.position(i)
            advice = advisor.advise(position.sheet, position.dice, position.rolls_left)
            if is_real_decision(advice) and meets(theme, position, advice):
                yield Drill(theme, position, advice)
    raise MalformedError(f"no more {theme.value} positions in {MAX_BATCHES} batches of seed {seed}")


def theme_order(theme: Theme | None, count: int, seed: int) -> list[Theme]:
    """The theme of each position of a round: ``theme`` throughout, or for 混合 every theme
    in turn, in an order the seed shuffles."""
    if theme is not None:
        return [theme] * count
    rng = np.random.default_rng(np.random.SeedSequence(seed, spawn_key=(MAX_BATCHES,)))
    order = [THEMES[i] for i in rng.permutation(len(THEMES)).tolist()]
    return [order[i % len(order)] for i in range(count)]


def check_round(count: object, seed: object) -> tuple[int, int]:
    """``(count, seed)`` when both are in range; raise MalformedError otherwise."""
    if type(count) is not int or not 1 <= count <= MAX_COUNT:
        raise MalformedError(f"count must be 1 to {MAX_COUNT}, got {count!r}")
    if type(seed) is not int or not 0 <= seed <= MAX_SEED:
        raise MalformedError(f"seed must be 0 to {MAX_SEED}, got {seed!r}")
    return count, seed


def draw_round(
    advisor: Advisor, theme: Theme | None, seed: int, count: int = ROUND_SIZE
) -> tuple[Drill, ...]:
    """``count`` distinct positions of ``theme`` (None: 混合) from ``seed``, reproducibly.

    Raises MalformedError for a count or seed out of range.
    """
    check_round(count, seed)
    batches = Batches(seed)
    sources: dict[Theme, Iterator[Drill]] = {}
    seen: set[tuple[object, ...]] = set()
    drills = []
    for slot in theme_order(theme, count, seed):
        source = sources.setdefault(slot, candidates(advisor, slot, batches))
        for drill in source:
            if drill.position.key not in seen:
                seen.add(drill.position.key)
                drills.append(drill)
                break
    return tuple(drills)


__all__ = [
    "GAMES_PER_LEVEL",
    "LEVELS",
    "MAX_COUNT",
    "MAX_GAP",
    "MAX_SEED",
    "MIN_GAP",
    "ROUND_SIZE",
    "Batches",
    "Drill",
    "Points",
    "candidates",
    "check_round",
    "draw_round",
    "gap",
    "is_real_decision",
    "play_points",
    "theme_order",
]
