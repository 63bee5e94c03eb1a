"""A game of two seats or more replayed turn by turn with its play-to-win lattices, and the
review's 胜率 chart.

``played_turns`` replays the game in play order from every seat's log, with each turn's
play-to-win lattice (``WinModel.lattice``); the review's deliberate-risk marks
(``advice.risks``) and the chart both read it, so each lattice is computed once.

In the chart every decision gets a point: before
the acting side's first roll, and with each roll showing (the choice made after it). A point is
what the 胜率 bar showed then (``WinModel``: the acting seat plays this turn to win, every
seat's later turns are valued as expected-score play); one play-to-win lattice per turn gives all of
that turn's points. The curve ends at the game's result, exact once it is over.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, replace

from yahtzee.game import Game, Mode, TurnRecord, play_order
from yahtzee.report import CurvePointView, CurveView
from yahtzee.rules import Sheet, score
from yahtzee.snapshot import win_shares
from yahtzee.solver.tables import roll_index
from yahtzee.winprob.estimate import (
    Chances,
    TurnLattice,
    WinModel,
    lift_all,
    others_of,
    seat_shift,
    shortfalls,
    valued,
)


@dataclass(frozen=True, slots=True)
class PlayedTurn:
    """Turn ``number`` (1-13) of seat ``side``: its sheet before it, the other seats' (in seat
    order), their shortfalls (``estimate.shortfalls``: its own first), its log, its lattice."""

    number: int
    side: int
    own: Sheet
    others: tuple[Sheet, ...]
    short: tuple[int, ...]
    record: TurnRecord
    lattice: TurnLattice

    def sheets(self) -> list[Sheet]:
        """Every seat's sheet before the turn, in seat order."""
        rest = list(self.others)
        rest.insert(self.side, self.own)
        return rest


def played_turns(game: Game, model: WinModel) -> tuple[PlayedTurn, ...]:
    """The finished turns of a game of two seats or more, in play order."""
    if not valued(game):
        raise ValueError("a game of two seats or more is needed")
    count = len(game.sides)
    sheets = [Sheet()] * count
    turns: list[PlayedTurn] = []
    for number in range(1, len(game.sides[game.starter].log) + 1):
        for side in play_order(game.starter, count):
            log = game.sides[side].log
            if number > len(log):
                break
            own = sheets[side]
            others = tuple(sheets[i] for i in others_of(side, count))
            record = log[number - 1]
            short = shortfalls(game, side, own, others)
            lattice = model.lattice(own, others, short)
            turns.append(PlayedTurn(number, side, own, others, short, record, lattice))
            sheets[side] = score(own, record.box, record.final_dice)
    return tuple(turns)


@dataclass(frozen=True, slots=True)
class CurvePoint:
    """The chances at one decision: of round ``round`` (1-13), seat ``seat`` acting, before its
    first roll (``roll`` 0) or with roll ``roll`` (1-3) showing."""

    round: int
    seat: int
    roll: int
    chances: Chances


@dataclass(frozen=True, slots=True)
class WinCurve:
    """The points in play order, and the chances at the end (the result, or now)."""

    points: tuple[CurvePoint, ...]
    end: Chances


def win_curve(game: Game, model: WinModel, turns: Sequence[PlayedTurn]) -> WinCurve:
    """The 胜率 curve of a game over its finished turns (``played_turns(game, model)``)."""
    where: list[tuple[int, int, int]] = []
    shown: list[Chances] = []
    count = len(game.sides)
    for turn in turns:
        sheets = turn.sheets()
        rolls = [(roll_index(dice), 2 - i) for i, dice in enumerate(turn.record.rolls)]
        for roll, (r, rolls_left) in enumerate([(None, 3), *rolls]):
            column = turn.lattice.column(r, rolls_left).tolist()
            where.append((turn.number, turn.side, roll))
            shown.append(Chances.of_channels(column, turn.side, count))
        # Each 高手 seat's chances lifted, as the game showed them (WinModel.chances).
        last = len(turn.record.rolls) + 1
        for seat, side in enumerate(game.sides):
            shift = seat_shift(replace(side, sheet=sheets[seat]), seat == turn.side)
            shown[-last:] = lift_all(shown[-last:], [seat] * last, [shift] * last)
    points = [CurvePoint(*at, chances) for at, chances in zip(where, shown, strict=True)]
    return WinCurve(tuple(points), model.chances(game))


def curve_view(curve: WinCurve, game: Game) -> CurveView:
    """The curve as the review's ``win_curve`` (chances as ``Chances.to_view``), with
    人机对战's compatibility fields."""
    vs = game.mode is Mode.VS
    points = []
    for p in curve.points:
        chances = p.chances.to_view()
        point = CurvePointView(round=p.round, seat=p.seat, roll=p.roll, chances=chances)
        if vs:
            shares = win_shares(chances)
            point = replace(
                point,
                side="player" if game.sides[p.seat].human else "computer",
                player=shares.player,
                draw=shares.draw,
                computer=shares.computer,
            )
        points.append(point)
    final = curve.end.to_view()
    return CurveView(tuple(points), final, win_shares(final) if vs else None)
