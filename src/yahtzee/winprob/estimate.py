"""Win chances of a two-side game, and the play-to-win decision, for one game at a time.

``WinModel(tables).chances(game)`` gives ``Chances(player, draw, computer)`` for any point of a
人机对战 game: the side to act is valued by its play-to-win turn lattice (``kernel.turn_lattice``)
at the decision in front of it (before its first roll: the turn's start), everything after its
turn by ``kernel.after_value`` (see that module for the model and its approximations). A 入门 or
普通 computer is valued as the optimum less its measured shortfall in the boxes it has left
(``calibration.shortfall``); the player as the optimum; the 高手's chances get the measured
gain of its later turns played to win (``calibration.lifted``). Finished games are exact.
``decide(game)`` is the play-to-win choice of the acting side.
"""

from __future__ import annotations

import functools
from collections.abc import Sequence
from dataclasses import dataclass

import numpy as np

from yahtzee.game import COMPUTER, PLAYER, Game
from yahtzee.rules import BOXES, YAHTZEE_POINTS, Box, Sheet
from yahtzee.solver.scoring import NUM_GAINS
from yahtzee.solver.tables import KEEPS, ROLL_BASE, UPPER_CAP, FloatArray, IntArray, roll_index
from yahtzee.winprob.calibration import expert_shift, lifted, shortfall
from yahtzee.winprob.kernel import NK, choose_keep, turn_lattice
from yahtzee.winprob.lattice import buffers
from yahtzee.winprob.tables import WinTables


@dataclass(frozen=True, slots=True)
class Chances:
    """P(player wins), P(draw), P(computer wins); they sum to 1."""

    player: float
    draw: float
    computer: float

    def to_json(self) -> dict[str, float]:
        """The three shares, rounded to 0.01 % (as the page and the review get them)."""
        shares = {"player": self.player, "draw": self.draw, "computer": self.computer}
        return {k: round(v, 4) for k, v in shares.items()}

    @classmethod
    def of(cls, u: float, d: float, acting: int) -> Chances:
        """From side ``acting``'s (U, D) = (P(win) + ½ P(draw), P(draw)), clipped to a law."""
        d = min(max(d, 0.0), 1.0)
        win = min(max(u - 0.5 * d, 0.0), 1.0 - d)
        lose = max(0.0, 1.0 - win - d)
        return cls(win, d, lose) if acting == PLAYER else cls(lose, d, win)

    def lifted(self, shift: float) -> Chances:
        """The computer's win share shifted by ``shift`` in log-odds (``calibration.lifted``)."""
        return self if shift == 0.0 else lift_all([self], [shift])[0]


def lift_all(chances: Sequence[Chances], shifts: Sequence[float]) -> list[Chances]:
    """``Chances.lifted`` of many at once (one array call: a review lifts about a hundred)."""
    draw = np.array([c.draw for c in chances])
    up = lifted(np.array([c.computer for c in chances]), draw, np.array(shifts))
    return [
        c if s == 0.0 else Chances(max(1.0 - w - c.draw, 0.0), c.draw, w)
        for c, s, w in zip(chances, shifts, map(float, up), strict=True)
    ]


@dataclass(frozen=True, slots=True)
class TurnLattice:
    """The acting side's play-to-win lattice (channels: utility+tie, U, D; see kernel)."""

    v0: FloatArray
    lat1: FloatArray
    lat2: FloatArray
    v2: FloatArray
    start: FloatArray
    best_box: IntArray

    def value_at(self, roll: int | None, rolls_left: int) -> tuple[float, float]:
        """(U, D) of the decision with roll ``roll`` showing and ``rolls_left`` rolls left
        (``roll`` None: before the first roll)."""
        if roll is None:
            return float(self.start[1, 0]), float(self.start[2, 0])
        if rolls_left == 2:
            col = self.v2[:, roll, 0]
        elif rolls_left == 1:
            col = self.lat2[:, ROLL_BASE + roll, 0]
        else:
            col = self.v0[:, roll, 0]
        return float(col[1]), float(col[2])

    def keep_for(self, roll: int, rolls_left: int) -> int:
        """The keep index chosen (>= ROLL_BASE: stop and score ``best_box[roll]``)."""
        return int(choose_keep(self.lat1, self.lat2, self.v0, roll, rolls_left))


SideState = tuple[int, int, int, int]
"""``(total, mask, yahtzee50, capped upper subtotal)`` of one side (``side_state``)."""


def side_state(sheet: Sheet, short: int = 0) -> SideState:
    """``(total, mask, yahtzee50, capped upper subtotal)`` of a sheet, its total lowered by
    ``short`` (the side's expected shortfall against the optimum, ``calibration.shortfall``)."""
    return (
        sheet.total - short,
        sheet.used_mask,
        int(sheet.get(Box.YAHTZEE) == YAHTZEE_POINTS),
        min(sheet.upper_subtotal, UPPER_CAP),
    )


def shortfalls(game: Game, side: int, own: Sheet, other: Sheet) -> tuple[int, int]:
    """The expected shortfalls against the optimum of ``side`` (sheet ``own``) and of the other
    side (``other``): nonzero only for a 入门 or 普通 computer (``calibration.shortfall``); the
    player is valued as playing the optimum from here on."""

    def of(index: int, sheet: Sheet) -> int:
        return shortfall(game.difficulty, sheet) if index == COMPUTER else 0

    return of(side, own), of(1 - side, other)


LATTICES_KEPT = 512
"""Lattices a ``WinModel`` keeps (about 37 KB each, 19 MB in all): a turn of each of a few hundred
games in play."""


class WinModel:
    """Win chances and play-to-win choices from the tables; safe to share between threads."""

    def __init__(self, tables: WinTables) -> None:
        self.tables = tables
        # A request often needs one turn's lattice twice (the computer's move, then the 胜率 of
        # the game it returns; a hint, then the bar), and a page asks again at each roll of the
        # same turn. It depends only on the two sides' ``SideState``.
        self._built = functools.lru_cache(maxsize=LATTICES_KEPT)(self._build)

    def lattice(self, me: Sheet, other: Sheet, short: tuple[int, int] = (0, 0)) -> TurnLattice:
        """The play-to-win lattice of the turn of the side with sheet ``me`` (not full);
        ``short``: both sides' shortfalls (``shortfalls``). Shared between callers: read only."""
        return self._built(side_state(me, short[0]), side_state(other, short[1]))

    def _build(self, me: SideState, other: SideState) -> TurnLattice:
        t = self.tables
        v0, lat1, lat2, best, v2, start = buffers(NK, 1)
        best_box = np.empty(v0.shape[1], dtype=np.int64)
        cache = np.empty((3, len(BOXES), NUM_GAINS))
        turn_lattice(
            *me, *other,
            t.w, t.laws,
            v0, lat1, lat2, best, v2, start, best_box, cache,
        )  # fmt: skip
        return TurnLattice(v0, lat1, lat2, v2, start, best_box)

    def _acting_lattice(self, game: Game) -> TurnLattice:
        """The lattice of the turn of the side acting in ``game``."""
        me = game.acting.sheet
        other = game.sides[1 - game.current].sheet
        return self.lattice(me, other, shortfalls(game, game.current, me, other))

    def chances(self, game: Game) -> Chances:
        """Each side's chance for a two-side game (exact once it is over)."""
        if len(game.sides) != 2:
            raise ValueError("win chances need two sides")
        result = game.result
        if result is not None:
            if result.winner is None:
                return Chances(0.0, 1.0, 0.0)
            return Chances(float(result.winner == 0), 0.0, float(result.winner == 1))
        lattice = self._acting_lattice(game)
        dice = game.turn.dice
        u, d = lattice.value_at(None if dice is None else roll_index(dice), game.turn.rolls_left)
        shift = expert_shift(game.difficulty, game.sides[COMPUTER].sheet, game.current)
        return Chances.of(u, d, game.current).lifted(shift)

    def decide(self, game: Game) -> tuple[int, ...] | Box:
        """The acting side's play-to-win choice: dice to hold (sorted faces, fewer than five)
        or the box to score now. Needs dice showing."""
        dice = game.turn.dice
        if dice is None:
            raise ValueError("no dice to decide on")
        lattice = self._acting_lattice(game)
        r = roll_index(dice)
        rolls_left = game.turn.rolls_left
        if rolls_left > 0:
            k = lattice.keep_for(r, rolls_left)
            if k < ROLL_BASE:
                return KEEPS[k]
        return BOXES[int(lattice.best_box[r])]
