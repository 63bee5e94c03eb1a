"""Turning the optimal strategy's advice into a hint the page can show and act on.

The advisor speaks in multisets of dice; the page holds dice by position. A keep is mapped to
positions by ``game.positions_for`` (held dice first, then the leftmost), so a hint moves as few
dice as possible and always the same ones for the same roll.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from yahtzee.game import Game, positions_for
from yahtzee.review import OPTIMAL_TOLERANCE, shortfall_zh
from yahtzee.rules import NUM_DICE, Box
from yahtzee.solver import Advice, Advisor, Option


@dataclass(frozen=True, slots=True)
class Hint:
    """Positions to hold (None after the last roll), the box to score when scoring is best,
    the expected final total, and a few Chinese words saying so."""

    hold: tuple[int, ...] | None
    box: Box | None
    ev: float
    text: str


def _kept(keep: Sequence[int]) -> str:
    """保留 5 5, or 全部重掷 when no die is kept."""
    return f"保留 {' '.join(map(str, keep))}" if keep else "全部重掷"


def keep_words(keep: Sequence[int]) -> str:
    """A keep that rerolls some dice, as a hint says it: 保留 5 5，重掷其余 3 颗 / 全部重掷."""
    return f"{_kept(keep)}，重掷其余 {NUM_DICE - len(keep)} 颗" if keep else _kept(keep)


def _describe(advice: Advice, rolls_left: int) -> tuple[tuple[int, ...] | None, Box | None, str]:
    best = advice.best
    if best.keep is None:
        assert best.box is not None
        return None, best.box, f"登记「{best.box.zh}」得 {best.points} 分"
    if len(best.keep) == NUM_DICE:
        box = best.box
        words = f"不用再掷，登记「{box.zh}」" if box is not None else "不用再掷"
        return best.keep, box, words
    return best.keep, None, keep_words(best.keep)


def _short(option: Option) -> str:
    """An option in a few words: 保留 5 5 / 全部重掷 / 直接登记「三条」 / 登记「三条」."""
    if option.keep is None:
        assert option.box is not None
        return f"登记「{option.box.zh}」"
    if len(option.keep) == NUM_DICE:
        return "不再掷" if option.box is None else f"直接登记「{option.box.zh}」"
    return _kept(option.keep)


def runner_up(advice: Advice) -> str:
    """What the next-best option gives up, so a hint also says how much the decision matters:
    「次选保留 5 5，少 1.4 分」, or 「保留 3 3 也一样」 when it is as good; "" with one option."""
    if len(advice.options) < 2:
        return ""
    second = advice.options[1]
    gap = advice.best.ev - second.ev
    if gap <= OPTIMAL_TOLERANCE:  # as the review counts it: choosing it would be no mistake
        return f"{_short(second)} 也一样"
    return f"次选{_short(second)}，{shortfall_zh(gap)}"


def hint_for(game: Game, advisor: Advisor) -> Hint:
    """The optimal suggestion for the decision in front of the acting side.

    Raises ValueError (from the advisor) when there is no decision: no dice showing.
    """
    dice = game.turn.dice
    if dice is None:
        raise ValueError("no dice to advise on")
    rolls_left = game.turn.rolls_left
    advice = advisor.advise(game.acting.sheet, dice, rolls_left)
    keep, box, words = _describe(advice, rolls_left)
    hold = None if keep is None else positions_for(keep, dice, game.turn.held)
    runner = runner_up(advice)
    then = f"；{runner}" if runner else ""
    return Hint(hold, box, advice.best.ev, f"{words}（期望总分 {advice.best.ev:.1f}{then}）")
