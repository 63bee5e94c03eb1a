"""The contract of 练习: frozen dataclasses that are the API's response models and the command
line's JSON (encoded by ``yahtzee.plain``).

A round's positions each carry the snapshot the page draws (``Snapshot`` of a one-side game at
that decision: the filled boxes, the previews of the dice, the sums and the rolls left), so the
page draws a practice position exactly as it draws a game. Expected totals are to 4 decimals:
the page rounds them to 0.1 as the words beside them do (``words.ev_zh``), from the same value.
"""

from __future__ import annotations

from dataclasses import dataclass

from yahtzee.game import First, Game, Mode, Side, Turn, lobby_seats, positions_for
from yahtzee.practice.draw import Drill
from yahtzee.practice.themes import MIXED, MIXED_ZH, THEMES, Position, Theme
from yahtzee.rules import MAX_ROLLS, NUM_DICE, Box
from yahtzee.snapshot import Snapshot, view_of
from yahtzee.solver import Advice, Option
from yahtzee.words import option_words

EV_DIGITS = 4
"""Decimals of an expected total as sent: the page and the words round that same value to 0.1
(so not to 2 decimals, which a second rounding to 0.1 could move a tenth from the solver's)."""
LOSS_DIGITS = 2
"""Decimals of a loss, as 练习's figures show it (平均每题失误 1.50 分)."""

NONE_HELD = (False,) * NUM_DICE


@dataclass(frozen=True, slots=True)
class ThemeTerm:
    """A theme's key (``mixed`` for 混合) and its Chinese name."""

    key: str
    name: str


@dataclass(frozen=True, slots=True)
class ChoiceView:
    """An option in words with its expected final total: a keep (``keep``), a box (``box``,
    ``points``), or both for stopping to score (all five dice held). ``hold`` is where a keep's
    dice lie among the position's dice (leftmost first), so the page marks them without
    matching faces itself."""

    text: str
    ev: float
    keep: tuple[int, ...] | None = None
    box: Box | None = None
    points: int | None = None
    hold: tuple[int, ...] | None = None

    @classmethod
    def of(cls, option: Option, dice: tuple[int, ...]) -> ChoiceView:
        """``option`` at a position whose dice are ``dice``, as shown."""
        hold = None if option.keep is None else positions_for(option.keep, dice, NONE_HELD)
        return cls(
            option_words(option),
            round(option.ev, EV_DIGITS),
            option.keep,
            option.box,
            option.points,
            hold,
        )


@dataclass(frozen=True, slots=True)
class PositionView:
    """One position of a round: its theme, the position itself and the snapshot to draw."""

    theme: Theme
    theme_zh: str
    sheet: dict[str, int]
    """The filled boxes and their points."""
    yahtzee_bonus: int
    dice: tuple[int, ...]
    rolls_left: int
    view: Snapshot


@dataclass(frozen=True, slots=True)
class RoundView:
    """A round: the seed that reproduces it, the theme asked for and the positions."""

    seed: int
    theme: str
    theme_zh: str
    positions: tuple[PositionView, ...]


@dataclass(frozen=True, slots=True)
class GradeView:
    """An answer graded: the player's choice, the best, the expected points lost (0 for a best
    answer), the three best options and why: in a hint's words (``why``), and in one sentence
    naming what the best option gains over the answer, or over the runner-up when the answer is
    as good as the best (``reason``)."""

    chosen: ChoiceView
    best: ChoiceView
    loss: float
    """The difference of the two expected totals, to 2 decimals."""
    is_best: bool
    top: tuple[ChoiceView, ...]
    why: str
    reason: str


@dataclass(frozen=True, slots=True)
class ExploreView:
    """研究: every option at a position, best first, with the snapshot to draw it."""

    options: tuple[ChoiceView, ...]
    view: Snapshot


def explore_view(position: Position, advice: Advice) -> ExploreView:
    """Every option of ``advice`` in words, and ``position`` drawn as a game's."""
    return ExploreView(
        options=tuple(ChoiceView.of(option, position.dice) for option in advice.options),
        view=view_of(position_game(position)),
    )


def theme_terms() -> tuple[ThemeTerm, ...]:
    """Every theme, then 混合."""
    return (*(ThemeTerm(theme.value, theme.zh) for theme in THEMES), ThemeTerm(MIXED, MIXED_ZH))


def position_game(position: Position) -> Game:
    """A one-side game standing at ``position`` (the dice rolled ``3 - rolls_left`` times)."""
    used = MAX_ROLLS - position.rolls_left
    dice = position.dice
    turn = Turn(rolls=(dice,) * used, keeps=(dice,) * (used - 1), hinted=(False,) * used)
    side = Side(lobby_seats(Mode.SINGLE)[0], position.sheet)
    round_ = position.sheet.filled_count + 1
    return Game(Mode.SINGLE, First.ME, 0, (side,), 0, round_, turn)


def position_view(theme: Theme, position: Position) -> PositionView:
    """``position`` as a round shows it."""
    return PositionView(
        theme=theme,
        theme_zh=theme.zh,
        sheet=position.sheet.scores(),
        yahtzee_bonus=position.sheet.yahtzee_bonus,
        dice=position.dice,
        rolls_left=position.rolls_left,
        view=view_of(position_game(position)),
    )


def round_view(seed: int, theme: Theme | None, drills: tuple[Drill, ...]) -> RoundView:
    """A drawn round as the API sends it."""
    return RoundView(
        seed=seed,
        theme=MIXED if theme is None else theme.value,
        theme_zh=MIXED_ZH if theme is None else theme.zh,
        positions=tuple(position_view(d.theme, d.position) for d in drills),
    )


def drill_json(drill: Drill) -> dict[str, object]:
    """One line of ``yahtzee drill --json``: the position, and its options and best as
    ``yahtzee advise --json`` writes them."""
    position = drill.position
    return {
        "theme": drill.theme.value,
        "sheet": position.sheet.scores(),
        "yahtzee_bonus": position.sheet.yahtzee_bonus,
        "dice": list(position.dice),
        "rolls_left": position.rolls_left,
        **drill.advice.to_json(),
    }


__all__ = [
    "EV_DIGITS",
    "LOSS_DIGITS",
    "ChoiceView",
    "ExploreView",
    "GradeView",
    "PositionView",
    "RoundView",
    "ThemeTerm",
    "drill_json",
    "explore_view",
    "position_game",
    "position_view",
    "round_view",
    "theme_terms",
]
