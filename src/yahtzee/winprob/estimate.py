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

from yahtzee.game import Game, Side
from yahtzee.rules import BOXES, YAHTZEE_POINTS, Box, Sheet
from yahtzee.snapshot import SeatChances
from yahtzee.solver.scoring import NUM_GAINS
from yahtzee.solver.tables import KEEPS, ROLL_BASE, UPPER_CAP, FloatArray, IntArray, roll_index
from yahtzee.winprob.calibration import expert_shift, lifted, shortfall
from yahtzee.winprob.kernel import NK, choose_keep, turn_lattice
from yahtzee.winprob.lattice import buffers
from yahtzee.winprob.tables import WinTables


@dataclass(frozen=True, slots=True)
class Chances:
    """Each seat's chances: ``win[i]`` of the best total alone, ``draw`` that the best total is
    shared (they sum to 1), ``share[i]`` with a shared best total split evenly among the seats
    sharing it (they sum to 1)."""

    win: tuple[float, ...]
    draw: float
    share: tuple[float, ...]

    def to_view(self) -> SeatChances:
        """Rounded to 0.01 %, as the page and the review get them."""
        return SeatChances(
            tuple(round(w, 4) for w in self.win),
            round(self.draw, 4),
            tuple(round(s, 4) for s in self.share),
        )

    @classmethod
    def of(cls, u: float, d: float, acting: int) -> Chances:
        """From the acting seat's (U, D) = (P(win) + ½ P(draw), P(draw)) in a game of two
        seats, clipped to a law."""
        d = min(max(d, 0.0), 1.0)
        win = min(max(u - 0.5 * d, 0.0), 1.0 - d)
        lose = max(0.0, 1.0 - win - d)
        wins = (win, lose) if acting == 0 else (lose, win)
        return cls(wins, d, tuple(w + 0.5 * d for w in wins))

    @classmethod
    def final(cls, totals: tuple[int, ...]) -> Chances:
        """The chances of a finished game: certain."""
        best = max(totals)
        top = [t == best for t in totals]
        alone = sum(top) == 1
        return cls(
            tuple(float(t and alone) for t in top),
            float(not alone),
            tuple(t / sum(top) for t in top),
        )

    def lifted(self, seat: int, shift: float) -> Chances:
        """Seat ``seat``'s win share shifted by ``shift`` in log-odds (``calibration.lifted``),
        the others' scaled to the rest; the draw, and every seat's part of it, stay."""
        return self if shift == 0.0 else lift_all([self], [seat], [shift])[0]


def lift_all(
    chances: Sequence[Chances], seats: Sequence[int], shifts: Sequence[float]
) -> list[Chances]:
    """``Chances.lifted`` of many at once (one array call: a review lifts about a hundred)."""
    draw = np.array([c.draw for c in chances])
    mine = np.array([c.win[s] for c, s in zip(chances, seats, strict=True)])
    up = lifted(mine, draw, np.array(shifts))
    out = []
    for c, seat, shift, w in zip(chances, seats, shifts, map(float, up), strict=True):
        if shift == 0.0:
            out.append(c)
            continue
        rest = 1.0 - c.draw - c.win[seat]  # the others' wins before
        scale = max(1.0 - c.draw - w, 0.0) / rest if rest > 0.0 else 0.0
        wins = tuple(w if i == seat else x * scale for i, x in enumerate(c.win))
        share = tuple(s - x + y for s, x, y in zip(c.share, c.win, wins, strict=True))
        out.append(Chances(wins, c.draw, share))
    return out


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
    side (``other``): nonzero only for a 入门 or 普通 computer (``calibration.shortfall``); a
    person is valued as playing the optimum from here on."""
    return (
        shortfall(game.sides[side].seat.level, own),
        shortfall(game.sides[1 - side].seat.level, other),
    )


def valued(game: Game) -> bool:
    """Whether ``WinModel`` values ``game``: one of two seats."""
    return len(game.sides) == 2


def seat_shift(side: Side, its_turn: bool) -> float:
    """The lift of a seat's chances shown (``calibration.expert_shift``): a 高手's only."""
    return expert_shift(side.seat.level, side.sheet, its_turn)


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
        """Each seat's chance for a two-seat game (exact once it is over)."""
        if len(game.sides) != 2:
            raise ValueError("win chances need two sides")
        result = game.result
        if result is not None:
            return Chances.final(result.totals)
        lattice = self._acting_lattice(game)
        dice = game.turn.dice
        u, d = lattice.value_at(None if dice is None else roll_index(dice), game.turn.rolls_left)
        chances = Chances.of(u, d, game.current)
        for seat, side in enumerate(game.sides):
            chances = chances.lifted(seat, seat_shift(side, seat == game.current))
        return chances

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
