"""The snapshot the page draws: every number and every yes/no the page shows, from the rules.

The page never computes a rule. For the side to act it gets each box's preview (points it would
score now), whether the box may be chosen now (a dash when not), whether the preview is a zero,
and whether scoring it needs the confirm-on-zero question (FEATURES.md S2, S4); plus totals,
upper progress toward 63, whose turn it is and which actions are legal.
"""

from __future__ import annotations

from typing import Any, Final

from yahtzee.game import PLAYER, ROUNDS, Game
from yahtzee.rules import (
    BOXES,
    MAX_ROLLS,
    UPPER_BONUS_THRESHOLD,
    Box,
    Sheet,
    bonus_for,
    is_yahtzee,
)

SIDE_LABELS: Final = ("你", "电脑")


def _phase(game: Game) -> str:
    if game.finished:
        return "over"
    if game.turn.dice is None:
        return "roll"
    if game.turn.rolls_left == 0:
        return "score"
    return "decide"


def _totals(sheet: Sheet) -> dict[str, int]:
    return {
        "upper_subtotal": sheet.upper_subtotal,
        "upper_target": UPPER_BONUS_THRESHOLD,
        "upper_needed": max(0, UPPER_BONUS_THRESHOLD - sheet.upper_subtotal),
        "upper_bonus": sheet.upper_bonus,
        "lower_total": sheet.lower_total,
        "yahtzee_bonus": sheet.yahtzee_bonus,
        "total": sheet.total,
    }


def _boxes(game: Game, index: int) -> list[dict[str, Any]]:
    sheet = game.sides[index].sheet
    allowed = game.allowed() if index == game.current else {}
    any_points = any(points > 0 for points in allowed.values())
    rows = []
    for box in BOXES:
        preview = allowed.get(box)
        rows.append(
            {
                "key": box.value,
                "name": box.zh,
                "section": "upper" if box.is_upper else "lower",
                "points": sheet.get(box),
                "preview": preview,
                "allowed": preview is not None,
                "zero": preview == 0,
                "confirm": preview == 0 and any_points,
            }
        )
    return rows


def snapshot(game: Game) -> dict[str, Any]:
    """Everything the page draws for ``game``, as a JSON-ready dict."""
    turn = game.turn
    dice = turn.dice
    acting_sheet = game.acting.sheet
    joker = bool(dice) and is_yahtzee(dice or ()) and acting_sheet.get(Box.YAHTZEE) is not None
    result = game.result
    return {
        "mode": game.mode.value,
        "difficulty": game.difficulty.value if game.difficulty else None,
        "difficulty_zh": game.difficulty.zh if game.difficulty else None,
        "first": game.first.value,
        "starter": game.starter,
        "round": game.round,
        "rounds": ROUNDS,
        "current": game.current,
        "acting": game.acting.who,
        "phase": _phase(game),
        "hints_left": game.hints_left,
        "hinted_now": game.hinted_now,
        "finished": game.finished,
        "dice": list(dice) if dice else None,
        "held": list(turn.held),
        "rolls_used": turn.rolls_used,
        "rolls_left": turn.rolls_left,
        "max_rolls": MAX_ROLLS,
        "can_roll": game.can_roll(),
        "can_score": game.can_score(),
        "can_hint": game.can_hint(),
        "joker": joker,
        "bonus_now": bonus_for(acting_sheet, dice) if dice else 0,
        "sides": [
            {
                "who": side.who,
                "label": SIDE_LABELS[i],
                "acting": i == game.current and not game.finished,
                "boxes": _boxes(game, i),
                **_totals(side.sheet),
            }
            for i, side in enumerate(game.sides)
        ],
        "result": None
        if result is None
        else {
            "totals": list(result.totals),
            "winner": result.winner,
            "player_won": result.winner == PLAYER,
            "draw": result.winner is None and len(result.totals) > 1,
            "sides": [_totals(side.sheet) for side in game.sides],
        },
    }
