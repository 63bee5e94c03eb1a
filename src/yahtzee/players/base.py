"""The one interface every computer player shares, and the batch interface the simulator drives.

A ``Player`` decides from the game alone plus its injected random generator, so the web server can
call ``step`` statelessly for each visible action of the computer's turn, the simulator can play
thousands of games and the tests can replay any of them:

- ``step(game) -> Roll | Score``: the next action of the acting side (``Roll()`` to start a turn);
- ``decide(sheet, dice, rolls_left) -> Keep | Box``: the decision itself, as a multiset of dice
  to hold and reroll the rest (fewer than five; only while rolls are left), or the box to score.

A ``Policy`` makes the same decisions for many games at once over the arrays of
``yahtzee.players.batch``; the simulator plays with policies. The heuristic levels *are*
policies: their ``Player`` is ``PolicyPlayer``, which asks the policy about a batch of one game,
so the web game and the simulator cannot drift apart. Every random choice of a policy is made
from a uniform number handed in by its caller (one per game per decision), which is what makes
a batch of one and a batch of ten thousand play alike.
"""

from __future__ import annotations

from abc import ABC, abstractmethod
from collections.abc import Callable, Sequence
from typing import Protocol

import numpy as np
import numpy.typing as npt

from yahtzee.errors import IllegalMoveError
from yahtzee.game import Game, Roll, Score, positions_for
from yahtzee.players.batch import ROLL_BASE, Sheets, roll_index
from yahtzee.rules import BOXES, Box, Sheet
from yahtzee.solver.tables import KEEPS, IntArray

FloatArray = npt.NDArray[np.float64]

Keep = tuple[int, ...]
"""Dice to hold before the next roll, as sorted faces (a sub-multiset of the dice, 0 to 4)."""
Decision = Keep | Box


class Uniform(Protocol):
    """The randomness a player needs: ``random()`` uniform in [0, 1) (``random.Random`` and
    ``numpy.random.Generator`` both fit)."""

    def random(self) -> float: ...


class Player(ABC):
    """A computer player. Subclasses implement ``decide``; ``step`` turns it into an action."""

    name: str
    """The difficulty key (``expert``, ``normal``, ``beginner``)."""

    @abstractmethod
    def decide(self, sheet: Sheet, dice: Sequence[int], rolls_left: int) -> Decision:
        """What to do with ``dice`` on ``sheet``: a ``Keep`` (only when ``rolls_left`` > 0) to
        hold those dice and reroll the others, or the ``Box`` to score them in now."""

    def step(self, game: Game) -> Roll | Score:
        """The acting side's next action. Raises IllegalMoveError when the game is over."""
        if game.finished:
            raise IllegalMoveError("the game is over; there is nothing to decide")
        turn = game.turn
        if turn.dice is None:
            return Roll()
        decision = self.decide(game.acting.sheet, turn.dice, turn.rolls_left)
        if isinstance(decision, Box):
            return Score(decision)
        # Held dice first, then the leftmost, as a hint holds them: the visible turn moves as
        # few dice as it can.
        return Roll(positions_for(decision, turn.dice, turn.held))


class Policy(Protocol):
    """Decisions for a batch of games, all at the same point of the same turn number.

    The simulator calls ``start_turn`` once per turn with every game's sheet, then ``keeps``
    for the games still rolling and finally ``boxes`` for all of them. ``rows`` index the games
    of the last ``start_turn``; ``u`` holds one uniform number in [0, 1) per row.
    """

    def start_turn(self, sheets: Sheets) -> None: ...

    def keeps(self, rows: IntArray, rolls: IntArray, rolls_left: int, u: FloatArray) -> IntArray:
        """Keep indices, one per row; an index >= ``ROLL_BASE`` (the whole roll) means stop."""
        ...

    def boxes(self, rows: IntArray, rolls: IntArray, u: FloatArray) -> IntArray:
        """Box positions (0–12) to score each row's roll in, each allowed by the rules."""
        ...


class PolicyPlayer(Player):
    """A ``Player`` that asks a ``Policy`` about a batch of one game.

    A policy keeps the turn it was last shown, so each decision gets a fresh one from
    ``make_policy``: the player holds no state but its generator and may serve many games.
    """

    def __init__(self, name: str, make_policy: Callable[[], Policy], rng: Uniform) -> None:
        self.name = name
        self.make_policy = make_policy
        self.rng = rng

    def decide(self, sheet: Sheet, dice: Sequence[int], rolls_left: int) -> Decision:
        policy = self.make_policy()
        rows = np.zeros(1, dtype=np.int64)
        rolls = np.array([roll_index(tuple(dice))], dtype=np.int64)
        policy.start_turn(Sheets.of([sheet]))
        if rolls_left > 0:
            keep = int(policy.keeps(rows, rolls, rolls_left, self._uniform())[0])
            if keep < ROLL_BASE:
                return KEEPS[keep]
        return BOXES[int(policy.boxes(rows, rolls, self._uniform())[0])]

    def _uniform(self) -> FloatArray:
        return np.array([self.rng.random()], dtype=np.float64)


__all__ = ["Decision", "Keep", "Player", "Policy", "PolicyPlayer", "Uniform"]
