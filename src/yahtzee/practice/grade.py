"""Grading an answer to a practice position against the optimal strategy.

An answer is what a player does in a game: hold some dice and roll again (a keep of 0 to 4
dice, while rolls are left), or score a box now. Its expected final total comes from the
advisor: a keep's is the advice's option for that keep; a box's is the box scored now, which
with rolls left is stopping early (the best such box is the advice's keep of all five dice).
The loss is the best option's expected total less the answer's, as the page shows both (2
decimals); within ``OPTIMAL_TOLERANCE`` the answer is the best, as the review counts it.

The reason in words (``coaching.reason_for``) says why the best option beats the answer, or, for
an answer as good as the best, why the best beats the runner-up.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass

from yahtzee.coaching import reason_for
from yahtzee.errors import IllegalMoveError, MalformedError
from yahtzee.game import kept_is_submultiset
from yahtzee.hints import why_text
from yahtzee.practice.themes import Position
from yahtzee.practice.views import LOSS_DIGITS, ChoiceView, GradeView
from yahtzee.review import OPTIMAL_TOLERANCE
from yahtzee.rules import NUM_DICE, Box, Sheet, check_dice, score
from yahtzee.solver import Advice, Advisor, Option
from yahtzee.solver.advisor import check_rolls_left
from yahtzee.solver.outlook_store import Outlook

TOP: int = 3
"""Options a graded answer lists."""


@dataclass(frozen=True, slots=True)
class Answer:
    """Hold ``keep`` (sorted faces) and roll again, or score ``box`` now: exactly one is set."""

    keep: tuple[int, ...] | None = None
    box: Box | None = None

    @classmethod
    def hold(cls, keep: Sequence[int]) -> Answer:
        """Hold ``keep``; raise MalformedError unless it is 0 to 5 dice."""
        if not isinstance(keep, list | tuple) or len(keep) > NUM_DICE:
            raise MalformedError(f"a keep is a list of 0 to 5 dice, got {keep!r}")
        return cls(keep=tuple(sorted(check_dice(keep, len(keep)))))


def position_of(
    scores: Mapping[str, int], yahtzee_bonus: int, dice: Sequence[int], rolls_left: int
) -> Position:
    """The position a request describes; raise MalformedError naming what is wrong."""
    sheet = Sheet.from_scores(scores, yahtzee_bonus)
    faces = tuple(sorted(check_dice(dice)))
    return Position(sheet, faces, check_rolls_left(rolls_left))


def _chosen(advisor: Advisor, position: Position, advice: Advice, answer: Answer) -> Option:
    """The option ``answer`` takes; raise IllegalMoveError when the rules do not allow it."""
    sheet, dice = position.sheet, position.dice
    if answer.box is not None:
        score(sheet, answer.box, dice)  # raises IllegalMoveError, naming why, when not allowed
        option = next(o for o in advisor.box_options(sheet, dice) if o.box is answer.box)
        if position.rolls_left == 0:
            return option
        return Option(dice, option.box, option.points, option.ev)  # stopping to score it
    keep = answer.keep or ()
    if position.rolls_left == 0:
        raise IllegalMoveError(f"no roll is left: score a box instead of holding {list(keep)!r}")
    if not kept_is_submultiset(keep, dice):
        raise IllegalMoveError(f"keep {list(keep)!r} is not among the dice {list(dice)!r}")
    return next(o for o in advice.options if o.keep == keep)


def grade(advisor: Advisor, outlook: Outlook, position: Position, answer: Answer) -> GradeView:
    """``answer`` to ``position`` graded: chosen and best options, the loss, the three best
    options and why (``outlook`` is the advisor's table's). Raises MalformedError for a sheet no
    game reaches, IllegalMoveError for an answer the rules do not allow now (or a full sheet)."""
    advice = advisor.advise(position.sheet, position.dice, position.rolls_left)
    chosen = _chosen(advisor, position, advice, answer)
    best = advice.best
    is_best = chosen.ev >= best.ev - OPTIMAL_TOLERANCE
    shown = ChoiceView.of(chosen, position.dice)
    best_shown = ChoiceView.of(best, position.dice)
    loss = 0.0 if is_best else round(best_shown.ev - shown.ev, LOSS_DIGITS)
    sheet, dice, rolls_left = position.sheet, position.dice, position.rolls_left
    reason = reason_for(outlook, sheet, dice, rolls_left, advice, None if is_best else chosen)
    return GradeView(
        chosen=shown,
        best=best_shown,
        loss=loss,
        is_best=is_best,
        top=tuple(ChoiceView.of(option, position.dice) for option in advice.options[:TOP]),
        why=why_text(advice, best_shown.ev),  # the total the page shows beside the words
        reason=reason.text,
    )


__all__ = ["TOP", "Answer", "grade", "position_of"]
