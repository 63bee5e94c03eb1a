"""The play-to-win 高手, and its simulators against the EV optimum.

``WinMaxPlayer`` maximises its chance of beating the best of the other seats (a best total shared
with k others counts 1/(k+1)) at every decision of a game of two seats or more: each final
scoring option is valued by the win chance of the position it leads to
(``yahtzee.winprob.kernel.after_all``: every seat's final total from the exact law of its points
to come, the seats independent), keeps by the mean over the dice they may bring, rolls by the
best keep; it gives up no points for less than 0.01 % of chance each (``kernel.EV_TIE``). In a
solitaire game there is nobody to beat, and it plays exactly as ``ExpertPlayer`` (the EV
optimum).

``match_vs_ev`` plays it against the EV optimum (``ExpertPolicy``) for many games at once: each
turn of the play-to-win side is one compiled, parallel call over the whole batch
(``kernel.play_turns``); half the games start with each side.
"""

from __future__ import annotations

import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Final

import numpy as np

from yahtzee.game import Difficulty, Game, Roll, Score, positions_for
from yahtzee.players.base import Decision, Player
from yahtzee.players.batch import Sheets, score
from yahtzee.players.expert import ExpertPlayer
from yahtzee.players.levels import get_policy
from yahtzee.players.simulate import play_turn
from yahtzee.rules import Box, Sheet
from yahtzee.solver import Table
from yahtzee.solver.tables import UPPER_CAP, FloatArray, IntArray
from yahtzee.winprob.calibration import SHIFTS, lifted, shortfall
from yahtzee.winprob.estimate import WinModel
from yahtzee.winprob.kernel import play_turns
from yahtzee.winprob.tables import WinTables, load_win_tables

NAME: Final = "expert"


class WinMaxPlayer(Player):
    """The 高手 computer: plays to win against the other side; EV-optimal when alone."""

    name = NAME

    def __init__(self, table: Table, model: WinModel | None = None) -> None:
        """``model``: the server's, whose lattices the 胜率 of the game it returns reads again;
        loaded from the cache on first use when not given."""
        self.table = table
        self.ev = ExpertPlayer(table)
        self._model = model

    @property
    def model(self) -> WinModel:
        if self._model is None:
            self._model = WinModel(load_win_tables(self.table))
        return self._model

    def decide(self, sheet: Sheet, dice: Sequence[int], rolls_left: int) -> Decision:
        """Without an opponent in view: the EV optimum."""
        return self.ev.decide(sheet, dice, rolls_left)

    def step(self, game: Game) -> Roll | Score:
        if len(game.sides) < 2 or game.finished or game.turn.dice is None:
            return self.ev.step(game)
        decision = self.model.decide(game)
        if isinstance(decision, Box):
            return Score(decision)
        return Roll(positions_for(decision, game.turn.dice, game.turn.held))


def _states(sheets: Sheets, rows: IntArray) -> IntArray:
    """(total, mask, yahtzee50, capped upper) of each row, int64 (n, 4)."""
    out = np.empty((rows.size, 4), dtype=np.int64)
    out[:, 0] = sheets.totals()[rows]
    out[:, 1] = sheets.mask[rows]
    out[:, 2] = sheets.yahtzee50[rows]
    out[:, 3] = np.minimum(sheets.upper[rows], UPPER_CAP)
    return out


def _score_rows(sheets: Sheets, rows: IntArray, rolls: IntArray, boxes: IntArray) -> None:
    part = Sheets(sheets.scores[rows], sheets.bonus[rows])
    score(part, rolls, boxes)
    sheets.scores[rows] = part.scores
    sheets.bonus[rows] = part.bonus


def _win_turn(
    tables: WinTables,
    me: Sheets,
    op: Sheets,
    rows: IntArray,
    dice: np.random.Generator,
    level: Difficulty,
) -> FloatArray:
    """Play one turn to win for ``rows`` against a computer of ``level``; return their (U, D)
    before the turn, (n, 2)."""
    n = rows.size
    faces = dice.integers(0, 6, size=(n, 3, 5))
    out_rolls = np.empty((n, 3), dtype=np.int64)
    out_keeps = np.empty((n, 2), dtype=np.int64)
    out_box = np.empty(n, dtype=np.int64)
    pred = np.empty((n, 2))
    them = _states(op, rows)
    if level is not Difficulty.EXPERT:
        them[:, 0] -= [shortfall(level, op.sheet(int(row))) for row in rows]
    t = tables
    play_turns(
        _states(me, rows), them.reshape(n, 1, 4), faces,
        t.w, t.laws,
        out_rolls, out_keeps, out_box, pred,
    )  # fmt: skip
    last = np.where(out_rolls[:, 2] >= 0, out_rolls[:, 2],
                    np.where(out_rolls[:, 1] >= 0, out_rolls[:, 1], out_rolls[:, 0]))  # fmt: skip
    _score_rows(me, rows, last, out_box)
    return pred


@dataclass(frozen=True, slots=True)
class MatchResult:
    """Play-to-win side against the EV optimum.

    win, draw, loss : shares of games for the play-to-win side.
    predictions : ndarray(float64, (games, 13)), P(win) predicted before each of its turns, as
        the page would show it (``calibration.lifted`` against the EV optimum).
    outcomes : ndarray(float64, (games,)), 1 win, 0.5 draw, 0 loss.
    means : (play-to-win mean total, EV mean total).
    """

    games: int
    win: float
    draw: float
    loss: float
    predictions: FloatArray
    draw_predictions: FloatArray
    outcomes: FloatArray
    means: tuple[float, float]
    seconds: float


def match_vs_ev(
    table: Table,
    games: int,
    seed: int,
    chunk: int = 5000,
    progress: Callable[[int, int], None] | None = None,
    level: Difficulty = Difficulty.EXPERT,
) -> MatchResult:
    """``games`` games of the play-to-win 高手 against the EV optimum (or the computer of
    ``level``, valued with its handicap as the page values it) from ``seed``; the play-to-win
    side starts the even-numbered games."""
    tables = load_win_tables(table)
    policy = get_policy(level, table)
    # A child stream depends only on its index, so each stream's dice depend only on the seed.
    dice_w, dice_e, choices = map(np.random.default_rng, np.random.SeedSequence(seed).spawn(3))
    preds = np.empty((games, 13))
    dpreds = np.empty((games, 13))
    outcomes = np.empty(games)
    sums = [0.0, 0.0]
    started = time.perf_counter()
    done = 0
    while done < games:
        n = min(chunk, games - done)
        mine = Sheets.empty(n)
        theirs = Sheets.empty(n)
        index = np.arange(done, done + n)
        first = np.flatnonzero(index % 2 == 0)
        second = np.flatnonzero(index % 2 == 1)
        for turn in range(13):
            # Against the EV optimum the play-to-win side is the 高手 computer, shown with the
            # gain of its later turns (calibration.lifted); against 入门 or 普通 it stands for
            # the player, shown as the optimum.
            shift = SHIFTS[12 - turn] if level is Difficulty.EXPERT else 0.0
            p = _win_turn(tables, mine, theirs, first, dice_w, level)
            preds[done + first, turn] = lifted(p[:, 0] - 0.5 * p[:, 1], p[:, 1], shift)
            dpreds[done + first, turn] = p[:, 1]
            play_turn(policy, theirs, dice_e, choices)
            p = _win_turn(tables, mine, theirs, second, dice_w, level)
            preds[done + second, turn] = lifted(p[:, 0] - 0.5 * p[:, 1], p[:, 1], shift)
            dpreds[done + second, turn] = p[:, 1]
        a = mine.totals()
        b = theirs.totals()
        outcomes[done : done + n] = np.where(a > b, 1.0, np.where(a == b, 0.5, 0.0))
        sums[0] += float(a.sum())
        sums[1] += float(b.sum())
        done += n
        if progress is not None:
            progress(done, games)
    return MatchResult(
        games=games,
        win=float((outcomes == 1.0).mean()),
        draw=float((outcomes == 0.5).mean()),
        loss=float((outcomes == 0.0).mean()),
        predictions=preds,
        draw_predictions=dpreds,
        outcomes=outcomes,
        means=(sums[0] / games, sums[1] / games),
        seconds=time.perf_counter() - started,
    )


__all__ = ["MatchResult", "WinMaxPlayer", "match_vs_ev"]
