"""The words and limits the page needs before it has a game: names, captions and bounds.

The page draws a lobby, a saved game's one-line summary and the history from the browser's own
storage, without asking the server. What it needs for that comes from here, made from the rules,
so no rule number or box list lives in the page. The server writes it into the page it serves
(``<script type="application/json" id="terms">``) and answers ``GET /api/terms`` with it.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import cache
from typing import Final, Literal

from yahtzee.game import (
    CONTROLS,
    HINTS_PER_GAME,
    MAX_SEATS,
    MIN_TABLE_SEATS,
    NAME_LENGTH,
    ROUNDS,
    Difficulty,
    First,
    Mode,
    PlayerKind,
)
from yahtzee.plain import dumps
from yahtzee.practice.draw import MAX_SEED, ROUND_SIZE
from yahtzee.practice.views import theme_terms
from yahtzee.rooms.words import RoomWords
from yahtzee.rules import (
    BOXES,
    FACES,
    FULL_HOUSE_POINTS,
    LARGE_STRAIGHT_POINTS,
    MAX_ROLLS,
    MAX_TOTAL,
    NUM_DICE,
    NUM_FACES,
    SMALL_STRAIGHT_POINTS,
    UPPER_BONUS,
    UPPER_BONUS_THRESHOLD,
    YAHTZEE_BONUS,
    YAHTZEE_POINTS,
    Box,
)
from yahtzee.snapshot import SIDE_LABELS

MODE_NAMES: Final = {Mode.SINGLE: "单人挑战", Mode.VS: "人机对战", Mode.TABLE: "和朋友玩"}
FIRST_NAMES: Final = {First.ME: "我先", First.COMPUTER: "电脑先", First.RANDOM: "随机"}

EXPERT_LOSS: Final = 0.2
"""The mark of expert play: under 0.2 expected points lost per decision on average (Verhoeff's
line between a strong player and the rest, which the review, the history and 练习 draw)."""
PLAYER_NAMES: Final = {
    PlayerKind.HUMAN: "真人",
    **{kind: f"{level.zh}电脑" for kind in PlayerKind if (level := kind.level) is not None},
}
"""Who plays a seat, as the seat editor names it (真人, 入门电脑 …)."""

# What each box counts, in a few words under its name (the points come with the snapshot).
BOX_NOTES: Final = {
    **{box: f"所有 {box.face} 相加" for box in BOXES if box.is_upper},
    Box.THREE_OF_A_KIND: "三颗相同 · 总和",
    Box.FOUR_OF_A_KIND: "四颗相同 · 总和",
    Box.FULL_HOUSE: f"三带二 · {FULL_HOUSE_POINTS}",
    Box.SMALL_STRAIGHT: f"四连号 · {SMALL_STRAIGHT_POINTS}",
    Box.LARGE_STRAIGHT: f"五连号 · {LARGE_STRAIGHT_POINTS}",
    Box.YAHTZEE: f"五颗相同 · {YAHTZEE_POINTS}",
    Box.CHANCE: "任意 · 总和",
}


# The words the page explains on a tap ------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class Gloss:
    """A word the page explains: the key the API uses, its name, and the whole line, name first
    (「葫芦：三颗相同加一对，25 分」)."""

    key: str
    name: str
    text: str


def _runs(length: int) -> str:
    """The runs of ``length`` faces, 「1234、2345 或 3456」."""
    runs = ["".join(map(str, FACES[i : i + length])) for i in range(len(FACES) - length + 1)]
    return f"{'、'.join(runs[:-1])} 或 {runs[-1]}"


BOX_RULES: Final = {
    **{
        box: f"点数为 {box.face} 的骰子相加，最多 {NUM_DICE * box.face} 分"
        for box in BOXES
        if box.is_upper
    },
    Box.THREE_OF_A_KIND: "至少三颗相同，得五颗总和",
    Box.FOUR_OF_A_KIND: "至少四颗相同，得五颗总和",
    Box.FULL_HOUSE: f"三颗相同加一对，{FULL_HOUSE_POINTS} 分",
    Box.SMALL_STRAIGHT: f"四颗连号（{_runs(4)}），{SMALL_STRAIGHT_POINTS} 分",
    Box.LARGE_STRAIGHT: f"五颗连号（{_runs(5)}），{LARGE_STRAIGHT_POINTS} 分",
    Box.YAHTZEE: f"五颗相同，{YAHTZEE_POINTS} 分",
    Box.CHANCE: "任意五颗，得五颗总和",
}
"""A box's rule after its name, as ``docs/rules.md`` states it."""
BONUS_RULES: Final = (
    (
        "upper_bonus",
        "上区奖励",
        f"一点到六点合计满 {UPPER_BONUS_THRESHOLD} 分，再加 {UPPER_BONUS} 分",
    ),
    (
        "yahtzee_bonus",
        "快艇加成",
        f"「快艇」记了 {YAHTZEE_POINTS} 分后，每再掷出一次五颗相同加 {YAHTZEE_BONUS} 分"
        "（这五颗仍按百搭规则登记一格）",
    ),
)
GLOSSES: Final = (
    ("expected", "期望总分", "从现在起一直按最优打法，平均能拿到的最终总分"),
    ("luck", "运气", "骰子比平均多给（+）或少给（−）的期望分，不由你决定"),
    ("loss", "失误", "没按最优打法而少拿的期望分，每一步都和当时的最优选择比"),
    ("average_loss", "平均每步失误", "失误除以这局做过的决定数（每次保留或登记算一步），越小越好"),
    ("same_dice", "高手同骰", "电脑高手用你这局同样的骰子打一遍的得分，比的是打法不是运气"),
    ("risk", "求胜取舍", "人机对战里为了提高胜率故意少拿的期望分，不算失误"),
    (
        "without_luck",
        "去掉运气的得分",
        "得分减去运气，即同样运气下你打出的分数，往上走就是真进步",
    ),
)
"""(key, name, gloss) of each figure the result dialog, the review and the hints show."""
TOUR: Final = (
    ("roll", "掷骰子", f"每回合最多掷 {MAX_ROLLS} 次。先点「掷骰子」，{NUM_DICE} 颗骰子一起掷出。"),
    (
        "hold",
        "保留",
        "点一下骰子就把它留下：它会抬起来，下面标着「保留」。"
        "再掷只换没留下的几颗；再点一下取消保留。",
    ),
    (
        "score",
        "登记",
        f"满意了（或掷满 {MAX_ROLLS} 次），就在计分表里自己那一列点一格：绿色数字是现在能得的分，"
        f"✕0 是只得 0 分。每格只能用一次，{ROUNDS} 格填满一局结束。点格子的名字，能看它的规则。",
    ),
    (
        "upper_bonus",
        "上区奖励",
        f"一点到六点这六格加起来满 {UPPER_BONUS_THRESHOLD} 分，再奖励 {UPPER_BONUS} 分，"
        "差一分也没有：平均每种点数要三颗。计分表上写着还差几分。",
    ),
)
"""(key, title, words) of each step of the newcomer's walk-through, in order."""


def box_rules() -> tuple[Gloss, ...]:
    """Each box's rule with its points, then the two bonuses."""
    boxes = tuple(Gloss(box.value, box.zh, f"{box.zh}：{BOX_RULES[box]}") for box in BOXES)
    bonuses = tuple(Gloss(key, name, f"{name}：{rule}") for key, name, rule in BONUS_RULES)
    return boxes + bonuses


def glossary() -> tuple[Gloss, ...]:
    """The figures' glosses, 「运气：…」."""
    return tuple(Gloss(key, name, f"{name}：{gloss}") for key, name, gloss in GLOSSES)


# --------------------------------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class Term:
    """A key the API uses, the name the page shows for it, and an optional caption."""

    key: str
    name: str
    note: str = ""


@dataclass(frozen=True, slots=True)
class BoxTerm:
    """A box of the sheet in sheet order, with its section and caption."""

    key: Box
    name: str
    note: str
    section: Literal["upper", "lower"]


@dataclass(frozen=True, slots=True)
class SeatTerms:
    """The bounds of a table (和朋友玩): its seats, their names."""

    min: int
    max: int
    name_length: int
    """The most characters a name has once trimmed."""
    controls: str
    """The characters a name may not hold, as a regular expression's character class
    (``game.CONTROLS``: the control characters and the line and paragraph separators)."""


@dataclass(frozen=True, slots=True)
class PageTerms:
    """Names and limits for the page's lobby, sheet, saved-game line and history."""

    boxes: tuple[BoxTerm, ...]
    sums: tuple[Term, ...]
    """The sheet's sum rows: upper_subtotal, upper_bonus, yahtzee_bonus, total."""
    levels: tuple[Term, ...]
    modes: tuple[Term, ...]
    players: tuple[Term, ...]
    """Who may play a seat: ``human`` or a computer level."""
    seats: SeatTerms
    sides: tuple[str, ...]
    rounds: int
    max_rolls: int
    hints: int
    upper_target: int
    upper_bonus: int
    max_total: int
    """The highest total a game can reach; a stored figure beyond it is not a real one."""
    max_decisions: int
    """Decisions a side makes in a game at most (two keeps and a box a turn)."""
    yahtzee_box: Box
    """The box a Yahtzee scores 50 in (scoring it there is celebrated)."""
    themes: tuple[Term, ...]
    """练习's themes, then 混合 (``mixed``)."""
    practice_round: int
    """Positions in a round of 练习."""
    # What the page checks stored data and lays out its dice with (the page keeps no copy):
    firsts: tuple[Term, ...]
    """Who rolls first, as the lobby offers it."""
    dice: int
    faces: int
    expert_loss: float
    """The expert mark (``EXPERT_LOSS``)."""
    max_seed: int
    """The highest seed of a 练习 round."""
    # The words the page explains on a tap (a box's rule, a figure of the review) -------------
    box_rules: tuple[Gloss, ...]
    """Each box's rule in one line with its points, in sheet order (key: the box), then the
    upper bonus (``upper_bonus``) and the Yahtzee bonus (``yahtzee_bonus``)."""
    glossary: tuple[Gloss, ...]
    """What the figures of the result, the review and the hints mean, a line each (``GLOSSES``)."""
    tour: tuple[Gloss, ...]
    """The newcomer's walk-through: each step's title (``name``) and words (``TOUR``)."""
    rooms: RoomWords
    """The words of the room page (好友房)."""


def page_terms() -> PageTerms:
    """The terms, made from the rules."""
    return PageTerms(
        boxes=tuple(
            BoxTerm(box, box.zh, BOX_NOTES[box], "upper" if box.is_upper else "lower")
            for box in BOXES
        ),
        sums=(
            Term("upper_subtotal", "上区小计", f"满 {UPPER_BONUS_THRESHOLD} 奖励 {UPPER_BONUS}"),
            Term("upper_bonus", "上区奖励"),
            Term(
                "yahtzee_bonus",
                "快艇加成",
                f"快艇记 {YAHTZEE_POINTS} 后每再出一次 +{YAHTZEE_BONUS}",
            ),
            Term("total", "总分"),
        ),
        levels=tuple(Term(level.value, level.zh) for level in Difficulty),
        modes=tuple(Term(mode.value, MODE_NAMES[mode]) for mode in Mode),
        players=tuple(Term(kind.value, PLAYER_NAMES[kind]) for kind in PlayerKind),
        seats=SeatTerms(MIN_TABLE_SEATS, MAX_SEATS, NAME_LENGTH, CONTROLS),
        sides=SIDE_LABELS,
        rounds=ROUNDS,
        max_rolls=MAX_ROLLS,
        hints=HINTS_PER_GAME,
        upper_target=UPPER_BONUS_THRESHOLD,
        upper_bonus=UPPER_BONUS,
        max_total=MAX_TOTAL,
        max_decisions=ROUNDS * MAX_ROLLS,
        yahtzee_box=Box.YAHTZEE,
        themes=tuple(Term(t.key, t.name) for t in theme_terms()),
        practice_round=ROUND_SIZE,
        firsts=tuple(Term(first.value, FIRST_NAMES[first]) for first in First),
        dice=NUM_DICE,
        faces=NUM_FACES,
        expert_loss=EXPERT_LOSS,
        max_seed=MAX_SEED,
        box_rules=box_rules(),
        glossary=glossary(),
        tour=tuple(Gloss(key, title, text) for key, title, text in TOUR),
        rooms=RoomWords(),
    )


@cache
def terms_json() -> bytes:
    """The terms as JSON, as the API and the page get them."""
    return dumps(page_terms())


def terms_script() -> str:
    """The terms as a data block for the page's head (never run as a script)."""
    # "</" inside a string would end the block early; JSON may escape the slash.
    text = terms_json().decode().replace("</", "<\\/")
    return f'<script type="application/json" id="terms">{text}</script>'
