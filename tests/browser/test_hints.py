"""Hints in the page (docs/behaviours.md H1–H4): three per game, gold dice held, gold box, none
left.

The suggestion the page marks is compared with the optimal strategy itself (``Advisor``), the one
the 高手 computer plays.
"""

from __future__ import annotations

import re
from typing import Any

import pytest
from playwright.sync_api import expect

from tests.browser.support import (
    OpenTable,
    ScriptedDice,
    Table,
    install_roll,
    resume,
    saved,
)
from yahtzee.game import Game, Roll
from yahtzee.solver import Advisor
from yahtzee.solver import Table as SolverTable

pytestmark = pytest.mark.browser


def ask_hint(table: Table, *, key: bool = False) -> dict[str, Any]:
    """Ask for a hint by button (or H key) and return the server's hint."""
    with table.page.expect_response("**/api/hint") as answer:
        if key:
            table.page.keyboard.press("h")
        else:
            table.page.locator("#hint-btn").click()
    table.wait_idle()
    hint: dict[str, Any] = answer.value.json()["hint"]
    return hint


def gold_dice(table: Table) -> set[int]:
    """Positions of the dice marked gold (class and accessible name agree)."""
    marked = {
        i for i in range(5) if "hinted" in (table.die(i).get_attribute("class") or "").split()
    }
    named = {i for i, name in enumerate(table.die_names()) if name.endswith("（提示建议）")}
    assert marked == named
    return marked


def gold_boxes(table: Table) -> set[str]:
    """Boxes marked gold."""
    return {
        key
        for key, row in table.box_states().items()
        if "hinted" in row["classes"].split() and row["label"].endswith("（提示建议）")
    }


def check_against_advisor(table: Table, advisor: Advisor, hint: dict[str, Any]) -> None:
    """The hint the page shows is the optimal strategy's best option (H4)."""
    game = table.saved_game()
    dice = game.turn.dice
    assert dice is not None
    best = advisor.advise(game.acting.sheet, dice, game.turn.rolls_left).best
    if game.turn.rolls_left:
        assert best.keep is not None
        assert sorted(dice[i] for i in hint["hold"]) == sorted(best.keep)
        assert gold_dice(table) == set(hint["hold"])
        assert table.held() == [i in hint["hold"] for i in range(5)]
        if len(best.keep) == 5:
            assert best.box is not None and gold_boxes(table) == {best.box.value}
        else:
            assert gold_boxes(table) == set()
    else:
        assert hint["hold"] is None
        assert best.box is not None and hint["box"] == best.box.value
        assert gold_boxes(table) == {best.box.value}
        assert gold_dice(table) == set()
    check_reason_first(table, hint)


def check_reason_first(table: Table, hint: dict[str, Any]) -> None:
    """The line says the hint's reason in words; a tap on it shows the figures behind it (the
    hint's text, 期望总分 …) and what 期望总分 means, and a second tap hides them."""
    page = table.page
    assert hint["reason"] and "期望总分" not in hint["reason"]
    assert table.status() == f"提示：{hint['reason']}"
    # A list of dice stays on one line: faces are joined by non-breaking spaces on the page.
    raw = page.evaluate("() => document.getElementById('status').textContent")
    assert re.search(r"\d \d", raw) is None, raw
    line = page.locator("#status .hint-line")
    tip = page.locator(".rule-tip")
    expect(line).to_have_attribute("aria-expanded", "false")
    line.click()
    expect(tip).to_be_visible()
    lines = [text.replace("\u00a0", " ") for text in tip.locator("p").all_inner_texts()]
    assert lines[0] == hint["text"] and "期望总分" in lines[0]
    assert lines[1].startswith("期望总分：")
    expect(line).to_have_attribute("aria-expanded", "true")
    line.click()
    expect(tip).to_be_hidden()


def test_three_hints_gold_marks_and_none_left(table: Table, solver_table: SolverTable) -> None:
    advisor = Advisor(solver_table)
    page = table.page
    button = page.locator("#hint-btn")
    requests: list[str] = []
    page.on("request", lambda request: requests.append(request.url))
    table.start_single()
    assert button.inner_text() == "提示 (3)"
    assert button.is_disabled()  # nothing to advise before the first roll

    table.roll()
    hint = ask_hint(table)
    assert button.inner_text() == "提示 (2)"
    check_against_advisor(table, advisor, hint)
    # The same decision again (H key this time) costs nothing and shows the same advice.
    again = ask_hint(table, key=True)
    assert again == hint
    assert button.inner_text() == "提示 (2)"
    # The player may change the suggested hold: releasing a gold die keeps its gold ring.
    if hint["hold"]:
        first = hint["hold"][0]
        table.toggle(first)
        assert not table.held()[first]
        assert first in gold_dice(table)
        table.toggle(first)

    table.roll()  # the marks go away with the roll
    assert gold_dice(table) == set() and gold_boxes(table) == set()
    hint = ask_hint(table)
    assert button.inner_text() == "提示 (1)"
    check_against_advisor(table, advisor, hint)

    table.roll()  # the third roll: the hint marks a box (H3)
    hint = ask_hint(table)
    check_against_advisor(table, advisor, hint)
    assert button.inner_text() == "提示已用完"
    assert button.is_disabled()
    table.score(hint["box"])
    assert table.text("#round") == "第 2 / 13 回合"

    # None left: the button says so, is disabled, and neither it nor H sends anything.
    table.roll()
    assert button.inner_text() == "提示已用完"
    assert button.is_disabled()
    before = len([url for url in requests if url.endswith("/api/hint")])
    button.click(force=True)
    page.keyboard.press("h")
    page.wait_for_timeout(150)
    assert len([url for url in requests if url.endswith("/api/hint")]) == before
    assert gold_dice(table) == set() and gold_boxes(table) == set()


def test_new_game_has_three_hints_again(table: Table) -> None:
    table.start_single()
    table.roll()
    ask_hint(table)
    assert table.text("#hint-btn") == "提示 (2)"
    page = table.page
    page.locator("#restart-btn").click()
    page.locator("#confirm-ok").click()
    expect(page.locator("#hint-btn")).to_have_text("提示 (3)")  # the close event comes a task later


def test_a_reroll_hint_gives_way_when_all_five_are_held(open_table: OpenTable) -> None:
    # An audit held all five after a hint to reroll three: the roll button waited, but the line
    # still read the hint and so never said why.
    game = Game.new()
    table = open_table(storage=saved(game))
    resume(table)
    install_roll(table, game.apply(Roll(), ScriptedDice([1, 3, 6, 6, 2])))
    table.roll()
    hint = ask_hint(table)
    hinted = table.status()
    assert hinted.startswith("提示：保留 ") and 0 < len(hint["hold"]) < 5
    for index in range(5):
        if not table.held()[index]:
            table.toggle(index)
    assert table.status() == "五颗都保留了：选择一项登记，或先取消保留几颗再掷"
    table.toggle(hint["hold"][0])  # a die let go: the hint's advice is back
    assert table.status() == hinted
