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
    HINTS_PER_GAME,
    MAX_SEATS,
    MIN_TABLE_SEATS,
    NAME_LENGTH,
    ROUNDS,
    Difficulty,
    Mode,
    PlayerKind,
)
from yahtzee.plain import dumps
from yahtzee.practice.draw import ROUND_SIZE
from yahtzee.practice.views import theme_terms
from yahtzee.rules import (
    BOXES,
    FULL_HOUSE_POINTS,
    LARGE_STRAIGHT_POINTS,
    MAX_ROLLS,
    MAX_TOTAL,
    SMALL_STRAIGHT_POINTS,
    UPPER_BONUS,
    UPPER_BONUS_THRESHOLD,
    YAHTZEE_BONUS,
    YAHTZEE_POINTS,
    Box,
)
from yahtzee.snapshot import SIDE_LABELS

MODE_NAMES: Final = {Mode.SINGLE: "单人挑战", Mode.VS: "人机对战", Mode.TABLE: "和朋友玩"}
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
    """The most characters a name has once trimmed (control characters are refused)."""


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
        seats=SeatTerms(MIN_TABLE_SEATS, MAX_SEATS, NAME_LENGTH),
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
