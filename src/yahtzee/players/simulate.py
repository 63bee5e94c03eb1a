"""The fast simulator: many solitaire games, or head-to-head matches, played by batch policies.

Games are played in chunks of ``CHUNK`` side by side: each turn the policy sees every game's sheet
once (``Policy.start_turn``; the expert computes all the turn lattices there in one call of the
solver's batch kernel), then the games roll, keep and score together as arrays. Statistics are
accumulated per chunk (a histogram of totals, sums per box), so memory stays bounded whatever the
number of games.

Randomness: ``seed`` makes a ``numpy.random.SeedSequence``; side ``s`` of the run uses its child
``s``, split again into one stream for the dice and one for the policy's choices. A solitaire
run is side 0 alone, so ``simulate(expert, n, seed)`` sees the same dice as the expert's side of
``head_to_head(expert, other, n, seed)``. Results depend on the seed and on ``chunk`` (the default
is what the CLI and docs/strength.md use).

In a head-to-head match no level looks at the other side's sheet, so the order in which the two
sides take their turns cannot change a single decision: each game pairs one game of each side,
and the starter (which alternates from game to game in the web version) has no effect here.
"""

from __future__ import annotations

import time
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Final

import numpy as np

from yahtzee.game import ROUNDS
from yahtzee.players.base import Policy
from yahtzee.players.batch import ROLL_BASE, Sheets, States, first_rolls, reroll, score
from yahtzee.rules import BOXES, UPPER_BONUS_THRESHOLD, YAHTZEE_POINTS, Box
from yahtzee.solver import Table
from yahtzee.solver.tables import IntArray

CHUNK: Final = 2000
"""Games played side by side; large enough to amortise the per-turn work, small enough that an
expert chunk's turn lattices stay near 20 MB."""
MAX_TOTAL: Final = 1575
"""The highest total the rules allow (every box maxed, twelve Yahtzee bonuses)."""

Progress = Callable[[int, int], None]
"""Called as ``progress(games_done, games_total)`` after each chunk."""


@dataclass(frozen=True, slots=True)
class Trace:
    """Every decision of a chunk of simulated games, for replaying them through ``Game.apply``.

    rolls : ndarray(int64, shape (n, 13, 3)), the roll index after each roll of each turn, -1
        for rolls not made.
    keeps : ndarray(int64, shape (n, 13, 2)), the keep index held before rolls 2 and 3, -1 when
        the turn stopped before.
    boxes : ndarray(int64, shape (n, 13)), the box position scored each turn.
    """

    rolls: IntArray
    keeps: IntArray
    boxes: IntArray


def play(
    policy: Policy,
    n: int,
    dice: np.random.Generator,
    choices: np.random.Generator,
    trace: bool = False,
) -> tuple[Sheets, Trace | None]:
    """Play ``n`` solitaire games to the end; return the filled sheets (and the trace if asked)."""
    sheets = Sheets.empty(n)
    log = None
    if trace:
        log = Trace(
            np.full((n, ROUNDS, 3), -1, dtype=np.int64),
            np.full((n, ROUNDS, 2), -1, dtype=np.int64),
            np.full((n, ROUNDS), -1, dtype=np.int64),
        )
    for turn in range(ROUNDS):
        play_turn(policy, sheets, dice, choices, log, turn)
    return sheets, log


def play_turn(
    policy: Policy,
    sheets: Sheets,
    dice: np.random.Generator,
    choices: np.random.Generator,
    log: Trace | None = None,
    turn: int = 0,
) -> None:
    """Play and score one turn of ``policy`` in every game of ``sheets`` (recorded in ``log``
    as turn ``turn`` if given)."""
    n = len(sheets)
    every = np.arange(n, dtype=np.int64)
    policy.start_turn(sheets)
    rolls = first_rolls(n, dice)
    if log is not None:
        log.rolls[:, turn, 0] = rolls
    rolling = every
    for stage, rolls_left in enumerate((2, 1)):
        keeps = policy.keeps(rolling, rolls[rolling], rolls_left, choices.random(rolling.size))
        go = keeps < ROLL_BASE
        rolling = rolling[go]
        rolls[rolling] = reroll(keeps[go], dice)
        if log is not None:
            log.keeps[rolling, turn, stage] = keeps[go]
            log.rolls[rolling, turn, stage + 1] = rolls[rolling]
    boxes = policy.boxes(every, rolls, choices.random(n))
    if log is not None:
        log.boxes[:, turn] = boxes
    score(sheets, rolls, boxes)


@dataclass(frozen=True, slots=True)
class Summary:
    """What a run of solitaire games (or one side of a match) came to."""

    games: int
    mean: float
    std: float
    quartiles: tuple[float, float, float]
    p_upper_bonus: float
    p_yahtzee: float
    """The share of games with 50 in ``yahtzee``."""
    mean_yahtzee_bonus: float
    box_means: dict[Box, float]
    seconds: float

    @property
    def games_per_second(self) -> float:
        return self.games / self.seconds if self.seconds > 0 else float("inf")


@dataclass(frozen=True, slots=True)
class Match:
    """A head-to-head run: each side's summary and the first side's win, draw, loss shares."""

    first: Summary
    second: Summary
    win: float
    draw: float
    loss: float


@dataclass(slots=True)
class _Tally:
    """Running sums of one side's games; a histogram keeps the exact totals in bounded memory."""

    hist: IntArray = field(default_factory=lambda: np.zeros(MAX_TOTAL + 1, dtype=np.int64))
    box_sums: IntArray = field(default_factory=lambda: np.zeros(len(BOXES), dtype=np.int64))
    upper_bonus: int = 0
    yahtzee50: int = 0
    yahtzee_bonus: int = 0

    def add(self, sheets: Sheets, totals: IntArray) -> None:
        self.hist += np.bincount(totals, minlength=MAX_TOTAL + 1)
        self.box_sums += sheets.scores.sum(axis=0)
        self.upper_bonus += int((sheets.upper >= UPPER_BONUS_THRESHOLD).sum())
        self.yahtzee50 += int((sheets.scores[:, Box.YAHTZEE.pos] == YAHTZEE_POINTS).sum())
        self.yahtzee_bonus += int(sheets.bonus.sum())

    def summary(self, seconds: float) -> Summary:
        games = int(self.hist.sum())
        values = np.arange(MAX_TOTAL + 1, dtype=np.float64)
        mean = float((values * self.hist).sum() / games)
        var = float((((values - mean) ** 2) * self.hist).sum() / games)
        return Summary(
            games=games,
            mean=mean,
            std=var**0.5,
            quartiles=(
                histogram_quantile(self.hist, 0.25),
                histogram_quantile(self.hist, 0.5),
                histogram_quantile(self.hist, 0.75),
            ),
            p_upper_bonus=self.upper_bonus / games,
            p_yahtzee=self.yahtzee50 / games,
            mean_yahtzee_bonus=self.yahtzee_bonus / games,
            box_means={box: float(self.box_sums[box.pos]) / games for box in BOXES},
            seconds=seconds,
        )


def histogram_quantile(hist: IntArray, q: float) -> float:
    """The ``q`` quantile of the values ``hist`` counts (value ``v`` seen ``hist[v]`` times),
    interpolated like ``numpy.percentile``'s default (linear) method."""
    position = q * (int(hist.sum()) - 1)
    below, frac = int(position), position - int(position)
    cumulative = np.cumsum(hist)
    lo = int(np.searchsorted(cumulative, below, side="right"))
    hi = int(np.searchsorted(cumulative, below + 1, side="right")) if frac else lo
    return lo + (hi - lo) * frac


def _streams(seed: int, sides: int) -> list[tuple[np.random.Generator, np.random.Generator]]:
    children = np.random.SeedSequence(seed).spawn(sides)
    return [
        (np.random.default_rng(dice), np.random.default_rng(choices))
        for dice, choices in (child.spawn(2) for child in children)
    ]


def simulate(
    policy: Policy,
    games: int,
    seed: int,
    chunk: int = CHUNK,
    progress: Progress | None = None,
) -> Summary:
    """Play ``games`` solitaire games with ``policy`` from ``seed``; return their summary."""
    ((dice, choices),) = _streams(seed, 1)
    tally = _Tally()
    start = time.perf_counter()
    done = 0
    while done < games:
        n = min(chunk, games - done)
        sheets, _ = play(policy, n, dice, choices)
        tally.add(sheets, sheets.totals())
        done += n
        if progress is not None:
            progress(done, games)
    return tally.summary(time.perf_counter() - start)


def shortfalls_to_come(
    policy: Policy, table: Table, games: int, seed: int, chunk: int = CHUNK
) -> tuple[float, ...]:
    """Before each turn (0 to 12 boxes filled), what ``policy`` leaves to the optimum in the rest
    of a game from where it stands: the mean, over ``games`` solitaire games from ``seed``, of
    the points the optimum expects from the policy's state (``table``) minus the points the
    policy then scores. Its first entry is the whole game's gap in mean totals."""
    ((dice, choices),) = _streams(seed, 1)
    sums = np.zeros(ROUNDS)
    done = 0
    while done < games:
        n = min(chunk, games - done)
        sheets = Sheets.empty(n)
        expected = np.empty((ROUNDS, n))
        for turn in range(ROUNDS):
            state = States.of(sheets)
            expected[turn] = sheets.totals() + table.values[state.masks, state.ys, state.uppers]
            play_turn(policy, sheets, dice, choices)
        sums += (expected - sheets.totals()).sum(axis=1)
        done += n
    return tuple(float(x) for x in sums / games)


def head_to_head(
    first: Policy,
    second: Policy,
    games: int,
    seed: int,
    chunk: int = CHUNK,
    progress: Progress | None = None,
) -> Match:
    """Play ``games`` two-side games of ``first`` against ``second`` from ``seed``."""
    streams = _streams(seed, 2)
    tallies = (_Tally(), _Tally())
    wins = draws = 0
    start = time.perf_counter()
    done = 0
    while done < games:
        n = min(chunk, games - done)
        totals = []
        for policy, (dice, choices), tally in zip((first, second), streams, tallies, strict=True):
            sheets, _ = play(policy, n, dice, choices)
            totals.append(sheets.totals())
            tally.add(sheets, totals[-1])
        wins += int((totals[0] > totals[1]).sum())
        draws += int((totals[0] == totals[1]).sum())
        done += n
        if progress is not None:
            progress(done, games)
    seconds = time.perf_counter() - start
    return Match(
        first=tallies[0].summary(seconds),
        second=tallies[1].summary(seconds),
        win=wins / games,
        draw=draws / games,
        loss=(games - wins - draws) / games,
    )
