"""The post-game review (复盘): how much of a score was luck and how much was play.

Let W be the expected final total under optimal play from any point of a side's game: points on
the sheet plus the solver's expected points to come. Walking one side's log:

- each roll moves W: ``luck = W after the roll − W before it`` (W before the first roll of a turn
  is the between-turn value; before a reroll it is the value of the keep just chosen);
- each decision (a keep, or the box scored) can only lose:
  ``loss = W of the best option − W of the option chosen`` (0 when the choice was optimal).

After the last box W is the final total itself, so the sum telescopes exactly::

    final total = W(new game) + Σ luck − Σ loss

which the tests assert to 1e-6 on random games.

In 人机对战 a loss taken on purpose to win (the play-to-win option, ``winprob.advice.vs_review``)
is a deliberate risk, not a mistake: ``Review.risks`` marks those decisions, and the identity
splits Σ loss into 失误 (mistakes) and 求胜取舍 (risks).
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Literal

from yahtzee.errors import IllegalMoveError
from yahtzee.game import Side
from yahtzee.rules import BOXES, NUM_DICE, Box, Sheet, bonus_for, choices
from yahtzee.solver import Advice, Advisor, Option
from yahtzee.words import IdentityTerms, identity_terms, identity_zh

OPTIMAL_TOLERANCE = 1e-9
"""Losses below this are rounding, not mistakes."""


@dataclass(frozen=True, slots=True)
class Decision:
    """One decision of a side's game, graded against the optimal strategy.

    ``roll`` is 1–3 (the roll just seen); ``dice`` what it showed; ``rolls_left`` after it.
    ``chosen`` is what the side did (a keep or a box), ``best`` the optimal option.
    ``luck`` is how much the roll before this decision moved W; ``loss`` what the choice cost.
    ``w_before`` / ``w_after`` are W before the roll and after the choice.
    """

    turn: int
    roll: int
    dice: tuple[int, ...]
    rolls_left: int
    kind: Literal["keep", "score"]
    chosen: Option
    best: Option
    luck: float
    loss: float
    w_before: float
    w_roll: float
    w_after: float
    hinted: bool
    advice: Advice
    sheet: Sheet
    """The side's sheet when the decision was made."""
    open_boxes: tuple[Box, ...]
    """The boxes still open when the decision was made."""
    upper_subtotal: int
    """The upper section's points by then."""

    @property
    def optimal(self) -> bool:
        return self.loss <= OPTIMAL_TOLERANCE


@dataclass(frozen=True, slots=True)
class Review:
    """A side's whole game graded: the summary figures and every decision in order.

    ``loss`` is every expected point given up; ``risks`` maps the index of each decision that
    gave points up on purpose to win to the rise in its chance of winning (empty outside
    人机对战). Those decisions are not mistakes: ``mistake_loss`` and ``mistakes`` leave them out.
    """

    start: float
    final_total: int
    luck: float
    loss: float
    decisions: tuple[Decision, ...]
    risks: Mapping[int, float] = field(default_factory=dict, hash=False)

    @property
    def decision_count(self) -> int:
        return len(self.decisions)

    @property
    def optimal_count(self) -> int:
        return sum(d.optimal for d in self.decisions)

    @property
    def risk_loss(self) -> float:
        return sum(self.decisions[i].loss for i in self.risks)

    @property
    def mistake_loss(self) -> float:
        return self.loss - self.risk_loss

    @property
    def average_loss(self) -> float:
        """Points lost to mistakes per decision (deliberate risks are not mistakes)."""
        return self.mistake_loss / len(self.decisions) if self.decisions else 0.0

    def mistakes(self) -> list[Decision]:
        """Decisions that lost points by mistake, costliest first (ties: earlier first)."""
        costly = [d for i, d in enumerate(self.decisions) if not d.optimal and i not in self.risks]
        return sorted(costly, key=lambda d: (-d.loss, d.turn, d.roll))

    def summary_zh(self) -> str:
        """The identity as a player reads it: 开局期望 254.6 ＋ 运气 +31.2 − 失误 18.4 ＝ 267
        (with 「− 求胜取舍 3.2」 before the total when risks were taken)."""
        return identity_zh(*self._identity())

    def identity_terms(self) -> IdentityTerms:
        """The identity's terms as the page writes them, with any rounding gap."""
        return identity_terms(*self._identity())

    def _identity(self) -> tuple[float, float, float, int, float]:
        return self.start, self.luck, self.mistake_loss, self.final_total, self.risk_loss


def _find(advice: Advice, keep: tuple[int, ...] | None, box: Box | None) -> Option:
    for option in advice.options:
        if keep is not None and option.keep == keep:
            return option
        if box is not None and option.keep is None and option.box is box:
            return option
    raise ValueError(f"the log's choice keep={keep!r} box={box!r} is not among the options")


def review_side(side: Side, advisor: Advisor) -> Review:
    """Grade every decision in ``side``'s log. Raises ValueError if the log is inconsistent,
    IllegalMoveError if the side has boxes left (the identity above holds only at the end)."""
    if not side.sheet.is_full:
        raise IllegalMoveError(
            f"a review needs a finished game: {side.sheet.filled_count} of {len(BOXES)} boxes "
            "filled"
        )
    sheet = Sheet()
    start = advisor.expected_total(sheet)
    decisions: list[Decision] = []
    total_luck = 0.0
    total_loss = 0.0
    for turn_number, record in enumerate(side.log, start=1):
        w_before = advisor.expected_total(sheet)
        open_boxes = tuple(sheet.open_boxes())
        for i, dice in enumerate(record.rolls):
            rolls_left = 3 - (i + 1)
            last = i == len(record.rolls) - 1
            if not last or rolls_left == 0:
                advice = advisor.advise(sheet, dice, rolls_left)
            else:
                # Scoring ends the turn; with rolls left, stopping was itself a decision
                # between keeping all five and rerolling, folded into the box options here.
                advice = _stop_advice(advisor, sheet, dice, rolls_left)
            if last:
                chosen = _find(advice, None, record.box)
                kind: Literal["keep", "score"] = "score"
            else:
                chosen = _find(advice, record.keeps[i], None)
                if len(record.keeps[i]) == NUM_DICE:
                    # Rolled with all five held: not the advisor's keep of all five (stop and
                    # score its box) but the same dice with one roll fewer, no luck in it.
                    again = advisor.advise(sheet, dice, rolls_left - 1).best.ev
                    chosen = Option(chosen.keep, None, None, again)
                kind = "keep"
            best = advice.best
            w_roll = best.ev
            luck = w_roll - w_before
            loss = max(0.0, best.ev - chosen.ev)
            decisions.append(
                Decision(
                    turn=turn_number,
                    roll=i + 1,
                    dice=dice,
                    rolls_left=rolls_left,
                    kind=kind,
                    chosen=chosen,
                    best=best,
                    luck=luck,
                    loss=loss,
                    w_before=w_before,
                    w_roll=w_roll,
                    w_after=chosen.ev,
                    hinted=record.hinted[i],
                    advice=advice,
                    sheet=sheet,
                    open_boxes=open_boxes,
                    upper_subtotal=sheet.upper_subtotal,
                )
            )
            total_luck += luck
            total_loss += loss
            w_before = chosen.ev
        allowed = choices(sheet, record.final_dice)
        bonus = bonus_for(sheet, record.final_dice)
        boxes = list(sheet.boxes)
        boxes[record.box.pos] = allowed[record.box]
        sheet = Sheet(tuple(boxes), sheet.yahtzee_bonus + bonus)
    return Review(start, sheet.total, total_luck, total_loss, tuple(decisions))


def _stop_advice(advisor: Advisor, sheet: Sheet, dice: tuple[int, ...], rolls_left: int) -> Advice:
    """Options when a side scored with rolls left: every box, and every reroll it passed up."""
    rerolls = advisor.advise(sheet, dice, rolls_left)
    boxes = advisor.advise(sheet, dice, 0)
    keeps = tuple(o for o in rerolls.options if o.keep is not None and len(o.keep) < len(dice))
    options = sorted(
        (*boxes.options, *keeps), key=lambda o: -o.ev
    )  # stable: boxes before keeps on ties
    return Advice(tuple(options))
