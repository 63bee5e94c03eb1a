"""Turning the optimal strategy's advice into a hint the page can show and act on.

The advisor speaks in multisets of dice; the page holds dice by position. A keep is mapped to
positions by ``game.positions_for`` (held dice first, then the leftmost), so a hint moves as few
dice as possible and always the same ones for the same roll. The words come from
``yahtzee.words``; the reason in words, why the best option beats the runner-up, from
``yahtzee.coaching``.
"""

from __future__ import annotations

from dataclasses import dataclass

from yahtzee.coaching import reason_for
from yahtzee.game import Game, positions_for
from yahtzee.review import OPTIMAL_TOLERANCE
from yahtzee.rules import NUM_DICE, Box
from yahtzee.solver import Advice, Advisor
from yahtzee.solver.outlook_store import Outlook
from yahtzee.words import hint_text, keep_words, runner_words, score_words, stop_words


@dataclass(frozen=True, slots=True)
class Hint:
    """Positions to hold (None after the last roll), the box to score when scoring is best,
    the expected final total, a few Chinese words saying so, and one sentence saying why
    (``coaching.reason_for``)."""

    hold: tuple[int, ...] | None
    box: Box | None
    ev: float
    text: str
    reason: str


def _describe(advice: Advice, rolls_left: int) -> tuple[tuple[int, ...] | None, Box | None, str]:
    best = advice.best
    if best.keep is None:
        assert best.box is not None
        return None, best.box, score_words(best.box, best.points)
    if len(best.keep) == NUM_DICE:
        return best.keep, best.box, stop_words(best.box)
    return best.keep, None, keep_words(best.keep)


def best_words(advice: Advice) -> str:
    """What the best option does, as a hint says it: 保留 5 5，重掷其余 3 颗 / 登记「三条」得
    24 分."""
    return _describe(advice, 0)[2]


def why_text(advice: Advice, ev: float | None = None) -> str:
    """A hint's whole text for ``advice``: the best option, its expected total (``ev`` when
    given: the total as sent to the page, which writes it beside these words), the runner-up."""
    return hint_text(best_words(advice), advice.best.ev if ev is None else ev, runner_up(advice))


def runner_up(advice: Advice) -> str:
    """What the next-best option gives up, so a hint also says how much the decision matters:
    「次选保留 5 5，少 1.4 分」, or 「保留 3 3 也一样」 when it is as good; "" with one option."""
    if len(advice.options) < 2:
        return ""
    second = advice.options[1]
    gap = advice.best.ev - second.ev
    # As the review counts it: within the tolerance, choosing it would be no mistake.
    return runner_words(second, None if gap <= OPTIMAL_TOLERANCE else gap)


def hint_for(game: Game, advisor: Advisor, outlook: Outlook) -> Hint:
    """The optimal suggestion for the decision in front of the acting side, and why
    (``outlook`` is the advisor's table's).

    Raises ValueError (from the advisor) when there is no decision: no dice showing.
    """
    dice = game.turn.dice
    if dice is None:
        raise ValueError("no dice to advise on")
    rolls_left = game.turn.rolls_left
    sheet = game.acting.sheet
    advice = advisor.advise(sheet, dice, rolls_left)
    keep, box, words = _describe(advice, rolls_left)
    hold = None if keep is None else positions_for(keep, dice, game.turn.held)
    text = hint_text(words, advice.best.ev, runner_up(advice))
    reason = reason_for(outlook, sheet, dice, rolls_left, advice).text
    return Hint(hold, box, advice.best.ev, text, reason)
