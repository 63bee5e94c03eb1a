"""The review (复盘) as the page and ``yahtzee review --json`` get it.

``review.review_side`` grades a side's game; this module lays the grading out as frozen
dataclasses, which are also the API's response model. Figures are rounded as the page shows
them (4 decimals). Decisions that lost points carry every option, so the page can expand them;
optimal ones carry only what was chosen, keeping the body small. The summary's ``loss`` and
``average_loss`` count mistakes only; ``risk_loss`` is what the deliberate risks cost.
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from typing import Any, Literal

from yahtzee.game import Game
from yahtzee.plain import plain
from yahtzee.review import Decision, Review
from yahtzee.rules import NUM_DICE, UPPER_BONUS_THRESHOLD, Box
from yahtzee.snapshot import SeatChances, WinShares
from yahtzee.solver import Option
from yahtzee.words import IdentityTerms, open_boxes_zh


@dataclass(frozen=True, slots=True)
class OptionView:
    """A keep (``keep``), a box (``box`` and ``points``), or both for stopping to score."""

    ev: float
    keep: tuple[int, ...] | None = None
    box: Box | None = None
    points: int | None = None
    reroll: bool | None = None
    """True for a roll made with all five dice held (the same dice, one roll fewer)."""

    @classmethod
    def of(cls, option: Option, *, reroll: bool = False) -> OptionView:
        return cls(option.ev, option.keep, option.box, option.points, True if reroll else None)


@dataclass(frozen=True, slots=True)
class SummaryView:
    """The review's figures: final = start + luck − loss − risk_loss."""

    start: float
    luck: float
    loss: float
    risk_loss: float
    risks: int
    final_total: int
    decisions: int
    optimal: int
    average_loss: float
    hinted: int
    text: str
    """The identity in words (开局期望 254.6 ＋ 运气 +31.2 − 失误 18.4 ＝ 267)."""
    shown: IdentityTerms
    """The identity's terms as the page draws them, and how far their rounding misses."""


@dataclass(frozen=True, slots=True)
class DecisionView:
    """One decision: the dice, the choice, the best option, and what the roll and the choice
    did to W (the expected final total)."""

    turn: int
    roll: int
    dice: tuple[int, ...]
    rolls_left: int
    kind: Literal["keep", "score"]
    chosen: OptionView
    best: OptionView
    luck: float
    loss: float
    w_before: float
    w_roll: float
    w_after: float
    hinted: bool
    optimal: bool
    options: tuple[OptionView, ...] | None
    """Every option, best first, for a decision that lost points; null for an optimal one."""
    risk: bool
    sheet: dict[str, int]
    """The filled boxes and their points when the decision was made (研究 opens it)."""
    yahtzee_bonus: int
    open_boxes: tuple[Box, ...]
    upper_subtotal: int
    upper_needed: int
    open_text: str
    """The open boxes and the way to the upper bonus, in words (这时还空着：…)."""
    win_gain: float | None = None
    """For a deliberate risk: the rise in the chance of winning it bought."""


@dataclass(frozen=True, slots=True)
class CurvePointView:
    """The chances at one decision of a game of two seats or more, seat ``seat`` to act
    (``roll`` 0: before its turn's first roll).

    ``side``, ``player``, ``draw`` and ``computer``: compatibility fields of 人机对战 (the
    acting seat as ``player`` or ``computer``, and its ``chances`` as the page reads them), left
    out in other modes; to be removed once the page reads ``seat`` and ``chances``."""

    round: int
    seat: int
    roll: int
    chances: SeatChances
    side: Literal["player", "computer"] | None = None
    player: float | None = None
    draw: float | None = None
    computer: float | None = None


@dataclass(frozen=True, slots=True)
class CurveView:
    """The 胜率 chart of a whole game, and the chances at its end (``end``: 人机对战's, a
    compatibility field as ``CurvePointView``'s)."""

    points: tuple[CurvePointView, ...]
    final: SeatChances
    end: WinShares | None = None


@dataclass(frozen=True, slots=True)
class ReviewSeatView:
    """A seat of a reviewed game: its name and player, its total and its place once the game
    is over (1 is best; tied totals share one)."""

    name: str
    player: Literal["human", "beginner", "normal", "expert"]
    total: int
    place: int | None


@dataclass(frozen=True, slots=True)
class ReviewReport:
    """A seat's review: the summary, every decision, the mistakes costliest first (indices into
    ``decisions``) and the deliberate risks in game order; against others also the 胜率 chart.
    Through the API also the seat reviewed (``seat``) and every seat of the game (``seats``)."""

    summary: SummaryView
    decisions: tuple[DecisionView, ...]
    mistakes: tuple[int, ...]
    risks: tuple[int, ...]
    win_curve: CurveView | None = None
    seat: int | None = None
    seats: tuple[ReviewSeatView, ...] | None = None

    def to_json(self) -> dict[str, Any]:
        data: dict[str, Any] = plain(self)
        return data


def _decision(review: Review, index: int, d: Decision) -> DecisionView:
    keep = d.chosen.keep
    reroll = keep is not None and len(keep) == NUM_DICE and d.chosen.box is None
    gain = review.risks.get(index)
    return DecisionView(
        turn=d.turn,
        roll=d.roll,
        dice=d.dice,
        rolls_left=d.rolls_left,
        kind=d.kind,
        chosen=OptionView.of(d.chosen, reroll=reroll),
        best=OptionView.of(d.best),
        luck=round(d.luck, 4),
        loss=round(d.loss, 4),
        w_before=round(d.w_before, 4),
        w_roll=round(d.w_roll, 4),
        w_after=round(d.w_after, 4),
        hinted=d.hinted,
        optimal=d.optimal,
        options=None if d.optimal else tuple(OptionView.of(o) for o in d.advice.options),
        risk=gain is not None,
        sheet=d.sheet.scores(),
        yahtzee_bonus=d.sheet.yahtzee_bonus,
        open_boxes=d.open_boxes,
        upper_subtotal=d.upper_subtotal,
        upper_needed=max(0, UPPER_BONUS_THRESHOLD - d.upper_subtotal),
        open_text=open_boxes_zh(d.open_boxes, d.upper_subtotal),
        win_gain=None if gain is None else round(gain, 6),
    )


def review_report(review: Review, curve: CurveView | None = None) -> ReviewReport:
    """``review`` laid out for the page; ``curve`` is the 胜率 chart of a game against others."""
    index = {id(d): i for i, d in enumerate(review.decisions)}
    summary = SummaryView(
        start=round(review.start, 4),
        luck=round(review.luck, 4),
        loss=round(review.mistake_loss, 4),
        risk_loss=round(review.risk_loss, 4),
        risks=len(review.risks),
        final_total=review.final_total,
        decisions=review.decision_count,
        optimal=review.optimal_count,
        average_loss=round(review.average_loss, 4),
        hinted=sum(d.hinted for d in review.decisions),
        text=review.summary_zh(),
        shown=review.identity_terms(),
    )
    return ReviewReport(
        summary=summary,
        decisions=tuple(_decision(review, i, d) for i, d in enumerate(review.decisions)),
        mistakes=tuple(index[id(d)] for d in review.mistakes()),
        risks=tuple(sorted(review.risks)),
        win_curve=curve,
    )


def seats_view(game: Game) -> tuple[ReviewSeatView, ...]:
    """Every seat of ``game``, with its total and (once the game is over) its place."""
    result = game.result
    return tuple(
        ReviewSeatView(
            side.name,
            side.seat.player.value,
            side.sheet.total,
            None if result is None else result.places[i],
        )
        for i, side in enumerate(game.sides)
    )


def with_seats(report: ReviewReport, game: Game, seat: int) -> ReviewReport:
    """``report`` of seat ``seat`` of ``game``, naming the seat and every seat's place."""
    return replace(report, seat=seat, seats=seats_view(game))


def review_json(review: Review) -> dict[str, Any]:
    """The review of a game without a 胜率 chart, as JSON-ready data."""
    return review_report(review).to_json()
