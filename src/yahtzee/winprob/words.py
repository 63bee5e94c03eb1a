"""The Chinese words of playing to win: why a hint leaves the EV optimum, and chances in percent.

``winprob.advice`` decides; this module phrases. The reasons name the chance the 胜率 bar shows
the side (``REASONS``): 「胜算不大，冒险追分」 below 35 %, 「胜负难料，按胜率取舍」 up to 65 % and
「胜算较大，求稳」 from there.
"""

from __future__ import annotations

from yahtzee.words import shortfall_zh

REASONS: tuple[tuple[float, str], ...] = (
    (0.35, "胜算不大，冒险追分"),
    (0.65, "胜负难料，按胜率取舍"),
    (1.01, "胜算较大，求稳"),
)
"""(upper bound of the side's chance, draws half; words). The words name the chance, not the
score: a side ahead on points can still have the smaller chance. Only far from even is the
direction of the move sure enough to name: near it the 高手 may bank a sure 25 (safer) at 48 %,
so the words say only that the chance decided."""


def reason(chance: float) -> str:
    """Why a play-to-win hint leaves the EV-optimal one, for a side whose chance is ``chance``."""
    return next(words for bound, words in REASONS if chance < bound)


def percent(chance: float, compact: bool = False) -> str:
    """A chance in whole percents as the 胜率 bar writes it: one still open never reads 0 % or
    100 % (a 0.3 % chance would round to 0): 不到 1% and 超过 99% instead (<1% and >99%
    ``compact``, for a row of figures)."""
    shown = round(100 * chance)
    if shown == 0 and chance > 1e-9:
        return "<1%" if compact else "不到 1%"
    if shown == 100 and chance < 1 - 1e-9:
        return ">99%" if compact else "超过 99%"
    return f"{shown}%"


def risk_hint_text(words: str, cost: float, mine: float, draw: float) -> str:
    """The text of a play-to-win hint that gives ``cost`` expected points up: what to do, why
    (by the side's chance ``mine`` and the draw's ``draw``), the price, and the chance now:
    保留 6 6，重掷其余 3 颗（胜算不大，冒险追分：期望总分少 3.2 分，现在胜率 12%）."""
    why = reason(mine + draw / 2)
    # A chase for a draw (no win left) would otherwise read 「冒险追分（胜率 0%）」.
    tie = f"，平局 {percent(draw)}" if draw >= 0.01 else ""
    # The chance is the one the side has now, not what the move would bring.
    chance = percent(mine)
    odds = f"现在胜率{' ' if chance[0].isdigit() else ''}{chance}{tie}"  # 「现在胜率不到 1%」
    return f"{words}（{why}：期望总分{shortfall_zh(cost)}，{odds}）"


__all__ = ["REASONS", "percent", "reason", "risk_hint_text"]
