"""Win chances of a game of two to four seats, and the play-to-win decision, one game at a time.

``WinModel(tables).chances(game)`` gives each seat's ``Chances`` at any point of a game: the seat
to act is valued by its play-to-win turn lattice (``kernel.turn_lattice``) at the decision in
front of it (before its first roll: the turn's start), everything after its turn by
``kernel.after_all`` (see that module for the model and its approximations): each seat's final
total from the exact law of its points to come, the seats taken as independent. A 入门 or 普通
computer is valued as the optimum less its measured shortfall in the boxes it has left
(``calibration.shortfall``); a person as the optimum; a 高手's chances get the measured gain of
its later turns played to win (``calibration.lifted``). Finished games are exact.
``decide(game)`` is the play-to-win choice of the acting seat: the best chance to beat the best
of the others, a shared best split evenly.

The acting seat's chances are its own lattice's; the other seats share what is left in
proportion to their own figures summed against its law (``Chances.of_channels``), so with two
seats the other is exactly the rest, as it always was.
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
from yahtzee.winprob.kernel import (
    DRAW,
    OTHERS,
    SHARE,
    WIN,
    channels,
    choose_keep,
    lattice_of,
)
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
    def of_channels(cls, column: Sequence[float], acting: int, count: int) -> Chances:
        """From a lattice's channels at a decision (``kernel``: the acting seat's share, the
        chance of a shared best, its chance alone, then each other seat's raw chance alone and
        share, in seat order), made a law: the acting seat's figures stand; the other seats
        share the rest of the wins, and of the shared bests, in proportion to theirs."""
        n = count - 1
        draw = min(max(column[DRAW], 0.0), 1.0)
        win = min(max(column[WIN], 0.0), 1.0 - draw)
        tie = min(max(column[SHARE] - column[WIN], 0.0), draw)
        raw_wins = [max(column[OTHERS + j], 0.0) for j in range(n)]
        raw_ties = [max(column[OTHERS + n + j] - column[OTHERS + j], 0.0) for j in range(n)]
        wins = _spread(max(1.0 - win - draw, 0.0), raw_wins)
        ties = _spread(max(draw - tie, 0.0), raw_ties)
        seats = [i for i in range(count) if i != acting]
        win_of = dict(zip(seats, wins, strict=True)) | {acting: win}
        tie_of = dict(zip(seats, ties, strict=True)) | {acting: tie}
        return cls(
            tuple(win_of[i] for i in range(count)),
            draw,
            tuple(win_of[i] + tie_of[i] for i in range(count)),
        )

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


def _spread(total: float, weights: Sequence[float]) -> list[float]:
    """``total`` split in proportion to ``weights`` (evenly when they are all 0)."""
    mass = sum(weights)
    if mass <= 0.0:
        return [total / len(weights)] * len(weights)
    return [total * w / mass for w in weights]


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
    """The acting seat's play-to-win lattice (channels: ``kernel``'s, from the utility)."""

    v0: FloatArray
    lat1: FloatArray
    lat2: FloatArray
    v2: FloatArray
    start: FloatArray
    best_box: IntArray

    def column(self, roll: int | None, rolls_left: int) -> FloatArray:
        """Every channel at the decision with roll ``roll`` showing and ``rolls_left`` rolls
        left (``roll`` None: before the first roll)."""
        if roll is None:
            return self.start[:, 0]
        if rolls_left == 2:
            return self.v2[:, roll, 0]
        if rolls_left == 1:
            return self.lat2[:, ROLL_BASE + roll, 0]
        return self.v0[:, roll, 0]

    def value_at(self, roll: int | None, rolls_left: int) -> tuple[float, float]:
        """(U, D) of the decision: the acting seat's share (a shared best split evenly) and the
        chance that the best total is shared."""
        col = self.column(roll, rolls_left)
        return float(col[SHARE]), float(col[DRAW])

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


def others_of(seat: int, count: int) -> tuple[int, ...]:
    """The seats but ``seat``, in seat order: the order of the lattice's other seats."""
    return tuple(i for i in range(count) if i != seat)


def shortfalls(game: Game, side: int, own: Sheet, others: Sequence[Sheet]) -> tuple[int, ...]:
    """The expected shortfalls against the optimum of seat ``side`` (sheet ``own``), then of the
    other seats (``others``, in seat order): nonzero only for a 入门 or 普通 computer
    (``calibration.shortfall``); a person is valued as playing the optimum from here on."""
    rest = others_of(side, len(game.sides))
    return (
        shortfall(game.sides[side].seat.level, own),
        *(
            shortfall(game.sides[i].seat.level, sheet)
            for i, sheet in zip(rest, others, strict=True)
        ),
    )


def valued(game: Game) -> bool:
    """Whether ``WinModel`` values ``game``: one of two seats or more."""
    return len(game.sides) >= 2


def seat_shift(side: Side, its_turn: bool) -> float:
    """The lift of a seat's chances shown (``calibration.expert_shift``): a 高手's only."""
    return expert_shift(side.seat.level, side.sheet, its_turn)


LATTICES_KEPT = 512
"""Lattices a ``WinModel`` keeps (about 37 KB each against one seat, 110 KB against three; 19 to
56 MB in all): a turn of each of a few hundred games in play."""


class WinModel:
    """Win chances and play-to-win choices from the tables; safe to share between threads."""

    def __init__(self, tables: WinTables) -> None:
        self.tables = tables
        # A request often needs one turn's lattice twice (the computer's move, then the 胜率 of
        # the game it returns; a hint, then the bar), and a page asks again at each roll of the
        # same turn. It depends only on the seats' ``SideState``.
        self._built = functools.lru_cache(maxsize=LATTICES_KEPT)(self._build)

    def lattice(self, me: Sheet, others: Sequence[Sheet], short: Sequence[int] = ()) -> TurnLattice:
        """The play-to-win lattice of the turn of the seat with sheet ``me`` (not full) against
        ``others``; ``short``: its shortfall, then theirs (``shortfalls``; none: 0). Shared
        between callers: read only."""
        cut = tuple(short) or (0,) * (1 + len(others))
        states = tuple(side_state(s, c) for s, c in zip(others, cut[1:], strict=True))
        return self._built(side_state(me, cut[0]), states)

    def _build(self, me: SideState, others: tuple[SideState, ...]) -> TurnLattice:
        t = self.tables
        nk = channels(len(others))
        v0, lat1, lat2, best, v2, start = buffers(nk, 1)
        best_box = np.empty(v0.shape[1], dtype=np.int64)
        cache = np.empty((nk, len(BOXES), NUM_GAINS))
        states = np.array(others, dtype=np.int64).reshape(len(others), 4)
        lattice_of(
            *me, states,
            t.w, t.laws,
            v0, lat1, lat2, best, v2, start, best_box, cache,
        )  # fmt: skip
        return TurnLattice(v0, lat1, lat2, v2, start, best_box)

    def _acting_lattice(self, game: Game) -> TurnLattice:
        """The lattice of the turn of the seat acting in ``game``."""
        me = game.acting.sheet
        others = [game.sides[i].sheet for i in others_of(game.current, len(game.sides))]
        return self.lattice(me, others, shortfalls(game, game.current, me, others))

    def chances(self, game: Game) -> Chances:
        """Each seat's chances in a game of two seats or more (exact once it is over)."""
        if not valued(game):
            raise ValueError("win chances need two seats or more")
        result = game.result
        if result is not None:
            return Chances.final(result.totals)
        lattice = self._acting_lattice(game)
        dice = game.turn.dice
        column = lattice.column(None if dice is None else roll_index(dice), game.turn.rolls_left)
        chances = Chances.of_channels(column.tolist(), game.current, len(game.sides))
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
