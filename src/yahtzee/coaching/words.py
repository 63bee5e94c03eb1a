"""The Chinese words of a reason: its figures and its sentences.

``coaching.reasons`` chooses what to say and with which exact numbers; this module only phrases
it. Figures are rounded as ``docs/coaching.md`` says: a chance to a whole percent (to 0.1 % under
1 % and over 99 %, with more decimals rather than read 0 % or 100 %; those only within ``EXACT``),
expected points to 0.1, and points a box holds for sure as the whole number they are. When the
two figures of a comparison would then read the same, both get one more decimal (``pair``).
"""

from __future__ import annotations

from collections.abc import Callable

from yahtzee.rules import NUM_DICE, Box
from yahtzee.solver import Option
from yahtzee.words import kept_words, option_words

EXACT = 1e-6
"""A chance this close to 0 or 1 is written as exactly 0 % or 100 % (the outlook table holds
chances to float32, about 1e-7)."""

Format = Callable[[float, int], str]


def chance_zh(chance: float, extra: int = 0) -> str:
    """A chance in percent: 「41%」, 「0.4%」 under 1 % and 「99.6%」 over 99 %, 「0%」 and
    「100%」 only when exact; ``extra`` more decimals."""
    if chance <= EXACT:
        return "0%"
    if chance >= 1 - EXACT:
        return "100%"
    percent = 100 * chance
    digits = (1 if percent < 1 or percent > 99 else 0) + extra
    text = f"{percent:.{digits}f}"
    # Rounding must not make an open chance read as a sure or impossible one.
    while float(text) in (0.0, 100.0):
        digits += 1
        text = f"{percent:.{digits}f}"
    return f"{text}%"


def points_zh(points: float, extra: int = 0) -> str:
    """Expected points to 0.1 (``extra`` more decimals): 「14.2」; points a box holds for sure
    (a whole number) as they are: 「18」."""
    if points == int(points):
        return str(int(points))
    return f"{points:.{1 + extra}f}"


def pair(fmt: Format, best: float, other: float) -> tuple[str, str] | None:
    """The two figures of a comparison, with one more decimal when they would read the same;
    None when even then they do (the difference is too small to show)."""
    for extra in (0, 1):
        shown = (fmt(best, extra), fmt(other, extra))
        if float(shown[0].rstrip("%")) != float(shown[1].rstrip("%")):
            return shown
    return None


def spaced(words: str) -> str:
    """``words`` and a space when they end in a figure (「保留 4 4 只有」, 「全部重掷只有」)."""
    return f"{words} " if words[-1:].isascii() else words


def action_zh(option: Option) -> str:
    """The best option as a reason opens with it: 「保留 5 5」, 「全部重掷」, 「直接登记「大顺」」,
    「登记「三条」」, 「现在写 0 在「快艇」」."""
    if option.keep is not None and len(option.keep) < NUM_DICE:
        return kept_words(option.keep)
    assert option.box is not None
    if option.points == 0:
        return f"现在写 0 在「{option.box.zh}」"
    if option.keep is not None:
        return f"直接登记「{option.box.zh}」"
    return f"登记「{option.box.zh}」"


def other_zh(option: Option) -> str:
    """The option compared with, as a reason names it: 「保留 5 5」, 「登记「机会」」."""
    return option_words(option)


def pattern_zh(box: Box) -> str:
    """What making ``box`` is called in 「这一回合成…的机会」."""
    return box.zh


def only_text(box: Box) -> str:
    """A decision with one allowed box."""
    return f"只有「{box.zh}」可以登记"


def tie_text(action: str, other: str) -> str:
    return f"{action}：和{spaced(other)}一样好，期望总分相同"


def close_text(action: str, other: str, gap: float) -> str:
    """The figures of the largest gain read the same: the gap in expected total instead (to
    0.01, 「相差不到 0.01 分」 below that)."""
    size = "相差不到 0.01 分" if gap < 0.01 else f"只多 {gap:.2f} 分"
    return f"{action}：和{spaced(other)}几乎一样，期望总分{size}"


def bonus_text(action: str, shown: tuple[str, str]) -> str:
    return f"{action}：上区奖励的机会从 {shown[1]} 升到 {shown[0]}"


def yahtzee_text(action: str, shown: tuple[str, str]) -> str:
    return f"{action}：这局拿到快艇（50 分）的机会从 {shown[1]} 升到 {shown[0]}"


def turn_text(action: str, box: Box, other: str, shown: tuple[str, str], bonus: bool) -> str:
    """「这一回合成大顺的机会 31%，保留 5 5 只有 4%」; ``bonus`` for another 快艇 after the 50
    (「再出快艇（加 100 分）」); 「…没有这个机会」 when the other's chance is exactly 0."""
    what = "再出快艇（加 100 分）" if bonus else f"成「{pattern_zh(box)}」"
    tail = "没有这个机会" if shown[1] == "0%" else f"只有 {shown[1]}"
    return f"{action}：这一回合{what}的机会 {shown[0]}，{spaced(other)}{tail}"


def box_text(action: str, box: Box, other: str, shown: tuple[str, str]) -> str:
    return f"{action}：「{box.zh}」最后平均能拿 {shown[0]} 分，{spaced(other)}只有 {shown[1]} 分"


def scored_now_text(action: str, box: Box, other: str, shown: tuple[str, str], later: bool) -> str:
    """The best scores ``box`` now: 「「三条」现在就得 24 分，留到后面平均只能拿 19.3 分」
    (``later``: the other option scores another box now, leaving this one open)."""
    when = "留到后面" if later else f"{spaced(other)}的话"
    return f"{action}：「{box.zh}」现在就得 {shown[0]} 分，{when}平均只能拿 {shown[1]} 分"


def kept_open_text(
    action: str, box: Box, shown: tuple[str, str], zeroed: tuple[Box, str] | None
) -> str:
    """The other option scores ``box`` now, the best keeps it open: 「「机会」留到后面平均能拿
    22.5 分，现在登记只有 18 分」, and for a 0 written elsewhere what that box would bring:
    「；「快艇」留着平均也只能拿 1.2 分」."""
    text = f"{action}：「{box.zh}」留到后面平均能拿 {shown[0]} 分，现在登记只有 {shown[1]} 分"
    if zeroed is not None:
        text += f"；「{zeroed[0].zh}」留着平均也只能拿 {zeroed[1]} 分"
    return text


def lure_text(other: str, box: Box, chance: str, more: str) -> str:
    """What the other option chases, said after the reason: 「；保留 3 3 6 6 拼「葫芦」这一回合有
    56% 的机会，但「葫芦」最后平均只多 2.1 分」."""
    chases = f"{spaced(other)}拼「{box.zh}」这一回合有 {chance} 的机会"
    return f"；{chases}，但「{box.zh}」最后平均只多 {more} 分"


def yahtzee_bonus_text(action: str, other: str, shown: tuple[str, str]) -> str:
    return f"{action}：之后的快艇加成平均能拿 {shown[0]} 分，{spaced(other)}只有 {shown[1]} 分"


def win_text(action: str, what: str, shown: tuple[str, str], cost: str | None) -> str:
    """A play-to-win choice: 「保留 6 6：胜率从 10% 升到 12%，虽然期望总分少 3.2 分」 (``what``:
    「胜率」 or 「打平的机会」; ``cost`` None: no expected points given up)."""
    price = "，期望总分不变" if cost is None else f"，虽然期望总分少 {cost} 分"
    return f"{action}：{what}从 {shown[1]} 升到 {shown[0]}{price}"


def win_close_text(action: str, cost: str | None) -> str:
    """A play-to-win choice whose gain in chance is too small to show."""
    price = "期望总分不变" if cost is None else f"期望总分少 {cost} 分"
    return f"{action}：胜率几乎一样（{price}），按求胜的算法略好"


__all__ = [
    "action_zh",
    "bonus_text",
    "box_text",
    "chance_zh",
    "close_text",
    "kept_open_text",
    "lure_text",
    "only_text",
    "other_zh",
    "pair",
    "points_zh",
    "scored_now_text",
    "spaced",
    "tie_text",
    "turn_text",
    "win_close_text",
    "win_text",
    "yahtzee_bonus_text",
    "yahtzee_text",
]
