"""The Chinese words of hints and of the review: figures, keeps, boxes, the review's identity.

The maths lives in ``hints``, ``review`` and ``winprob``; this module only phrases what they
computed, so the page's words and the command line's read the same.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from decimal import ROUND_HALF_UP, Decimal

from yahtzee.rules import BOXES, NUM_DICE, UPPER_BONUS, UPPER_BONUS_THRESHOLD, Box
from yahtzee.solver import Option


def points_zh(points: float) -> str:
    """Points to 0.1, or to 0.01 when that would read 0.0 (risks may be tiny, yet were taken)."""
    return f"{points:.2f}" if 0 < points < 0.05 else f"{points:.1f}"


def shortfall_zh(points: float) -> str:
    """A loss as a hint or a card says it, 「少 1.4 分」: to 0.1, in hundredths under 0.05, and
    「少不到 0.01 分」 under 0.005, which would read 0.00 (a tie reads as none)."""
    return "少不到 0.01 分" if points < 0.005 else f"少 {points_zh(points)} 分"


def signed_zh(value: float) -> str:
    """A figure to 0.1 with its sign as the page writes it (words.js ``signed``): 「+3.2」,
    「−32.4」 with a real minus sign, 「±0.0」 for what rounds to nothing."""
    text = f"{abs(value):.1f}"
    if float(text) == 0:
        return f"±{text}"
    return f"{'+' if value > 0 else '−'}{text}"


@dataclass(frozen=True, slots=True)
class IdentityTerms:
    """The identity as the review writes its terms: 开局期望 ＋ 运气 − 失误 (− 求胜取舍) ＝ 总分."""

    start: str
    luck: str
    """With its sign: +31.2, −3.0 (a real minus sign), ±0.0."""
    loss: str
    risk: str | None
    """The expected points given up on purpose to win (人机对战), when any were."""
    gap: str
    """How far the rounded terms add up from the total ("0.1"); "" when they agree."""


def identity_terms(
    start: float, luck: float, loss: float, total: int, risk: float = 0.0
) -> IdentityTerms:
    """The identity's terms, each rounded on its own, and how far they then miss the total."""
    shown = [f"{start:.1f}", f"{luck:.1f}", f"{loss:.1f}", points_zh(risk) if risk > 0 else "0"]
    start_, luck_, loss_, risk_ = (Decimal(figure) for figure in shown)
    gap = abs(total - (start_ + luck_ - loss_ - risk_))
    return IdentityTerms(
        start=shown[0],
        luck=signed_zh(luck),
        loss=shown[2],
        risk=shown[3] if risk > 0 else None,
        gap=f"{gap.normalize():f}" if gap else "",
    )


def identity_zh(start: float, luck: float, loss: float, total: int, risk: float = 0.0) -> str:
    """开局期望 ＋ 运气 − 失误 ＝ 总分 in words; with ``risk``, the expected points given up on
    purpose to win (人机对战, ``winprob.advice.vs_review``) as a term of their own."""
    terms = identity_terms(start, luck, loss, total, risk)
    taken = f" − 求胜取舍 {terms.risk}" if terms.risk else ""
    text = f"开局期望 {terms.start} ＋ 运气 {terms.luck} − 失误 {terms.loss}{taken} ＝ {total}"
    # The identity is exact, but each term is rounded on its own: say so when they miss the total.
    return f"{text}（各项已四舍五入，相加与总分差 {terms.gap}）" if terms.gap else text


def kept_words(keep: Sequence[int]) -> str:
    """保留 5 5, or 全部重掷 when no die is kept."""
    return f"保留 {' '.join(map(str, keep))}" if keep else "全部重掷"


def keep_words(keep: Sequence[int]) -> str:
    """A keep that rerolls some dice, as a hint says it: 保留 5 5，重掷其余 3 颗 / 全部重掷."""
    return f"{kept_words(keep)}，重掷其余 {NUM_DICE - len(keep)} 颗" if keep else kept_words(keep)


def score_words(box: Box, points: int | None) -> str:
    """Scoring now, as a hint says it: 登记「三条」得 24 分."""
    return f"登记「{box.zh}」得 {points} 分"


def stop_words(box: Box | None) -> str:
    """Holding all five, as a hint says it: 不用再掷，登记「大顺」 (or 不用再掷 alone)."""
    return f"不用再掷，登记「{box.zh}」" if box is not None else "不用再掷"


def option_words(option: Option) -> str:
    """An option in a few words: 保留 5 5 / 全部重掷 / 直接登记「三条」 / 登记「三条」."""
    if option.keep is None:
        assert option.box is not None
        return f"登记「{option.box.zh}」"
    if len(option.keep) == NUM_DICE:
        return "不再掷" if option.box is None else f"直接登记「{option.box.zh}」"
    return kept_words(option.keep)


def runner_words(option: Option, loss: float | None) -> str:
    """The runner-up of a hint: 「次选保留 5 5，少 1.4 分」, or 「保留 3 3 也一样」 when ``loss`` is
    None (as good as the best)."""
    if loss is None:
        return f"{option_words(option)} 也一样"
    return f"次选{option_words(option)}，{shortfall_zh(loss)}"


def ev_zh(ev: float) -> str:
    """An expected total to 0.1 as the page writes it (words.js ``evText``, JavaScript's
    ``toFixed``): a value exactly halfway, such as 202.25, rounds up to 202.3, where Python's
    format rounds it to the even 202.2. A total sent to a few decimals can be such a half."""
    return str(Decimal(ev).quantize(Decimal("0.1"), rounding=ROUND_HALF_UP))


def hint_text(words: str, ev: float, runner: str = "") -> str:
    """A hint's whole text: what to do, then the expected final total and, when given, what the
    runner-up gives up: 保留 5 5，重掷其余 3 颗（期望总分 254.6；次选…）."""
    then = f"；{runner}" if runner else ""
    return f"{words}（期望总分 {ev_zh(ev)}{then}）"


__all__ = [
    "ev_zh",
    "hint_text",
    "identity_zh",
    "keep_words",
    "kept_words",
    "option_words",
    "points_zh",
    "runner_words",
    "score_words",
    "shortfall_zh",
    "signed_zh",
    "stop_words",
]


def open_boxes_zh(open_boxes: Sequence[Box], upper_subtotal: int) -> str:
    """What was still open when a decision was made, with the way to the upper bonus:
    这时还空着：一点、小顺、机会；上区已得 24 分，离 63 分的奖励线还差 39 分."""
    if len(open_boxes) == len(BOXES):
        return "这时计分表还全空着"
    text = f"这时还空着：{'、'.join(box.zh for box in open_boxes)}"
    if any(box.is_upper for box in open_boxes):
        left = UPPER_BONUS_THRESHOLD - upper_subtotal
        line = (
            f"离 {UPPER_BONUS_THRESHOLD} 分的奖励线还差 {left} 分"
            if left > 0
            else f"{UPPER_BONUS} 分奖励已经拿到"
        )
        text += f"；上区已得 {upper_subtotal} 分，{line}"
    return text
