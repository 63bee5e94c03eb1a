"""The page's snapshot: previews, dashes, zeros and confirmations come from the rules."""

from __future__ import annotations

import json

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from tests.gameplay import LOWER_FILLERS, random_game
from tests.test_game import FixedDice
from yahtzee.game import Difficulty, First, Game, Mode, Roll, Score
from yahtzee.rules import BOXES, Box, choices
from yahtzee.snapshot import snapshot


def rows(snap: dict[str, object], side: int = 0) -> dict[str, dict[str, object]]:
    return {row["key"]: row for row in snap["sides"][side]["boxes"]}  # type: ignore[index]


def test_before_the_first_roll_everything_is_a_dash() -> None:
    snap = snapshot(Game.new())
    assert snap["phase"] == "roll"
    assert snap["dice"] is None
    assert snap["can_roll"] and not snap["can_score"] and not snap["can_hint"]
    assert all(not row["allowed"] and row["preview"] is None for row in rows(snap).values())
    assert snap["round"] == 1 and snap["rounds"] == 13
    json.dumps(snap)


def test_previews_zeros_and_confirm() -> None:
    game = Game.new().apply(Roll(), FixedDice([6, 6, 6, 1, 2]))
    r = rows(snapshot(game))
    assert r["three_of_a_kind"]["preview"] == 21
    assert r["sixes"]["preview"] == 18
    assert r["full_house"] == {
        "key": "full_house",
        "name": "葫芦",
        "section": "lower",
        "points": None,
        "preview": 0,
        "allowed": True,
        "zero": True,
        "confirm": True,
    }
    assert not r["chance"]["zero"] and not r["chance"]["confirm"]


def test_joker_shows_dashes_and_the_bonus() -> None:
    game = Game.new().apply(Roll(), FixedDice([4] * 5)).apply(Score(Box.YAHTZEE))
    game = game.apply(Roll(), FixedDice([4] * 5))
    snap = snapshot(game)
    r = rows(snap)
    assert snap["joker"] and snap["bonus_now"] == 100
    assert [k for k, row in r.items() if row["allowed"]] == ["fours"]
    assert r["chance"]["preview"] is None
    assert r["yahtzee"]["points"] == 50


def test_third_roll_locks_and_vs_columns() -> None:
    dice = FixedDice([1, 2, 3, 4, 5] * 3)
    game = Game.new(Mode.VS, Difficulty.EXPERT, First.ME)
    game = game.apply(Roll(), dice).apply(Roll(), dice).apply(Roll(), dice)
    snap = snapshot(game)
    assert snap["phase"] == "score" and not snap["can_roll"] and snap["rolls_left"] == 0
    assert [(s["name"], s["player"]) for s in snap["sides"]] == [
        ("你", "human"),
        ("电脑", "expert"),
    ]
    assert snap["sides"][0]["acting"] and not snap["sides"][1]["acting"]
    assert all(row["preview"] is None for row in rows(snap, 1).values())


@given(seed=st.integers(0, 2**32), steps=st.integers(0, 120), vs=st.booleans())
@settings(max_examples=60, deadline=None)
def test_snapshot_agrees_with_the_rules(seed: int, steps: int, vs: bool) -> None:
    game = random_game(seed, vs, stop_after=steps)
    snap = snapshot(game)
    json.dumps(snap)
    acting = rows(snap, game.current)
    sheet = game.acting.sheet
    allowed = choices(sheet, game.turn.dice) if game.turn.dice and not game.finished else {}
    for box in BOXES:
        assert acting[box.value]["preview"] == allowed.get(box)
        assert acting[box.value]["points"] == sheet.get(box)
    for side, data in zip(game.sides, snap["sides"], strict=True):
        assert data["total"] == side.sheet.total
        assert data["upper_subtotal"] == side.sheet.upper_subtotal
    if game.finished:
        assert snap["result"]["totals"] == [s.sheet.total for s in game.sides]


def _joker_game(first: list[int], scored: list[tuple[list[int], Box]], again: list[int]) -> Game:
    """A game whose first turn scores ``first`` in 快艇, then the ``scored`` turns, then ``again``
    rolled."""
    game = Game.new().apply(Roll(), FixedDice(first)).apply(Score(Box.YAHTZEE))
    for dice, box in scored:
        game = game.apply(Roll(), FixedDice(dice)).apply(Score(box))
    return game.apply(Roll(), FixedDice(again))


@pytest.mark.parametrize(
    ("first", "scored", "text"),
    [
        # The matching upper box is open: the Joker forces it, and the line names it.
        ([1, 2, 3, 4, 6], [], "快艇！「快艇」一项记的是 0，没有加成；按百搭规则必须登记到「二点」"),
        ([2] * 5, [], "又是快艇！按百搭规则必须登记到「二点」，另加快艇加成 +100"),
        # 二点 is filled: a choice among the open lower boxes, at full value.
        (
            [2] * 5,
            [([2, 2, 3, 4, 5], Box.TWOS)],
            "又是快艇！按百搭规则选一项登记，另加快艇加成 +100",
        ),
        # 二点 and every lower box are filled: only a 0 in an open upper box is left.
        (
            [1, 2, 3, 4, 6],
            [([2, 2, 3, 4, 5], Box.TWOS), *LOWER_FILLERS],
            "快艇！「快艇」一项记的是 0，没有加成；按百搭规则只能在上区选一项记 0",
        ),
        # ... and with one upper box left, that box is named.
        (
            [2] * 5,
            [
                ([2, 2, 3, 4, 5], Box.TWOS),
                *LOWER_FILLERS,
                ([1, 1, 1, 2, 3], Box.ONES),
                ([3, 3, 3, 2, 1], Box.THREES),
                ([4, 4, 4, 2, 1], Box.FOURS),
                ([5, 5, 5, 2, 1], Box.FIVES),
            ],
            "又是快艇！按百搭规则只能在「六点」记 0，另加快艇加成 +100",
        ),
    ],
)
def test_the_joker_line_names_what_the_rule_leaves(
    first: list[int], scored: list[tuple[list[int], Box]], text: str
) -> None:
    snap = snapshot(_joker_game(first, scored, [2] * 5))
    assert snap["joker"] and snap["joker_text"] == text


def test_no_joker_line_without_a_joker() -> None:
    game = Game.new().apply(Roll(), FixedDice([2] * 5))  # 快艇 still open: no Joker yet
    assert snapshot(game)["joker_text"] is None
