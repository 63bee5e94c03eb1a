"""A 人机对战 game replayed turn by turn with its play-to-win lattices, and the review's 胜率 chart.

``played_turns`` replays the game in play order from both sides' logs, with each turn's
play-to-win lattice (``WinModel.lattice``); the review's deliberate-risk marks
(``advice.risks``) and the chart both read it, so each lattice is computed once.

In the chart every decision gets a point: before
the acting side's first roll, and with each roll showing (the choice made after it). A point is
what the 胜率 bar showed then (``WinModel``: the acting side plays this turn to win, both sides'
later turns are valued as expected-score play); one play-to-win lattice per turn gives all of
that turn's points. The curve ends at the game's result, exact once it is over.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from yahtzee.game import COMPUTER, PLAYER, Game, TurnRecord
from yahtzee.report import CurvePointView, CurveView
from yahtzee.rules import Sheet, score
from yahtzee.snapshot import WinShares
from yahtzee.solver.tables import roll_index
from yahtzee.winprob.calibration import expert_shift
from yahtzee.winprob.estimate import Chances, TurnLattice, WinModel, lift_all, shortfalls


@dataclass(frozen=True, slots=True)
class PlayedTurn:
    """Turn ``number`` (1-13) of side ``side``: both sheets before it and their shortfalls
    (``estimate.shortfalls``), its log, its lattice."""

    number: int
    side: int
    own: Sheet
    other: Sheet
    short: tuple[int, int]
    record: TurnRecord
    lattice: TurnLattice


def played_turns(game: Game, model: WinModel) -> tuple[PlayedTurn, ...]:
    """The finished turns of a two-side game in play order."""
    if len(game.sides) != 2:
        raise ValueError("a two-side game is needed")
    sheets = [Sheet(), Sheet()]
    turns: list[PlayedTurn] = []
    for number in range(1, len(game.sides[game.starter].log) + 1):
        for side in (game.starter, 1 - game.starter):
            log = game.sides[side].log
            if number > len(log):
                break
            own, other = sheets[side], sheets[1 - side]
            record = log[number - 1]
            short = shortfalls(game, side, own, other)
            lattice = model.lattice(own, other, short)
            turns.append(PlayedTurn(number, side, own, other, short, record, lattice))
            sheets[side] = score(own, record.box, record.final_dice)
    return tuple(turns)


@dataclass(frozen=True, slots=True)
class CurvePoint:
    """The chances at one decision: of round ``round`` (1-13), side ``side`` acting, before its
    first roll (``roll`` 0) or with roll ``roll`` (1-3) showing."""

    round: int
    side: int
    roll: int
    chances: Chances


@dataclass(frozen=True, slots=True)
class WinCurve:
    """The points in play order, and the chances at the end (the result, or now)."""

    points: tuple[CurvePoint, ...]
    end: Chances


def win_curve(game: Game, model: WinModel, turns: Sequence[PlayedTurn]) -> WinCurve:
    """The 胜率 curve of a two-side game over its finished turns (``played_turns(game, model)``)."""
    where: list[tuple[int, int, int]] = []
    shown: list[Chances] = []
    shifts: list[float] = []
    for turn in turns:
        computer = turn.own if turn.side == COMPUTER else turn.other
        shift = expert_shift(game.difficulty, computer, turn.side)
        rolls = [(roll_index(dice), 2 - i) for i, dice in enumerate(turn.record.rolls)]
        for roll, (r, rolls_left) in enumerate([(None, 3), *rolls]):
            u, d = turn.lattice.value_at(r, rolls_left)
            where.append((turn.number, turn.side, roll))
            shown.append(Chances.of(u, d, turn.side))
            shifts.append(shift)
    points = [
        CurvePoint(*at, chances) for at, chances in zip(where, lift_all(shown, shifts), strict=True)
    ]
    return WinCurve(tuple(points), model.chances(game))


def curve_view(curve: WinCurve) -> CurveView:
    """The curve as the review's ``win_curve`` (chances as ``Chances.to_json``)."""
    return CurveView(
        points=tuple(
            CurvePointView(
                round=p.round,
                side="player" if p.side == PLAYER else "computer",
                roll=p.roll,
                **p.chances.to_json(),
            )
            for p in curve.points
        ),
        end=WinShares(**curve.end.to_json()),
    )
