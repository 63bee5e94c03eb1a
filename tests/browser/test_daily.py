"""An honest daily challenge: its first try, left unfinished, waits in the daily card
(「继续今天的挑战」) with its turn as it stood; whatever would give it up says so first; and a game
on known dice is named for what it is (每日挑战, 每日挑战（练习）, 同骰再打) in the top bar, on
「继续」 and in the history (docs/behaviours.md L4)."""

from __future__ import annotations

import re

import pytest
from playwright.sync_api import expect

from tests.browser.support import OpenTable, Table
from tests.browser.test_same_dice import RESULT, play_out

pytestmark = pytest.mark.browser

GIVE_UP = re.compile(
    r"^今天的每日挑战还没打完，只有第一次打完的成绩算数。(重新开始|开新的一局)会放弃它，"
    r"今天就没有成绩了。确定吗？$"
)


def question(table: Table) -> tuple[str, str]:
    """The open confirm dialog's question and its OK button."""
    page = table.page
    page.wait_for_selector("#confirm-dialog[open]")
    return table.text("#confirm-text"), table.text("#confirm-ok")


def turn(table: Table) -> tuple[list[int | None], list[bool], str]:
    """The dice, the holds and the roll button as shown."""
    return table.dice(), table.held(), table.text("#roll-btn")


@pytest.mark.parametrize(("width", "height"), [(390, 664), (360, 640)])
def test_an_unfinished_first_try_waits_and_is_given_up_only_when_asked(
    open_table: OpenTable, width: int, height: int
) -> None:
    table = open_table(width=width, height=height, touch=True)
    page = table.page
    daily = page.locator("#daily")
    daily.get_by_role("button", name="开始今天的挑战").tap()
    table.wait_idle()
    assert table.text("#round") == "每日挑战 · 第 1 / 13 回合"
    table.page.locator("#roll-btn").tap()
    table.wait_idle()
    table.die(0).tap()
    table.die(2).tap()
    table.page.locator("#roll-btn").tap()
    table.wait_idle()
    stood = turn(table)
    saved = table.storage("yahtzee.game")

    # Back in the lobby (and after a reload) the daily card offers the first try, which counts.
    page.get_by_role("button", name="回大厅").tap()
    for _ in range(2):
        expect(daily.locator(".daily-line")).to_have_text("第一次还没打完，打完才算数 · 连续 1 天")
        expect(daily.get_by_role("button")).to_have_text(["继续今天的挑战"])
        assert table.text("#resume-detail") == "每日挑战 · 第 1 / 13 回合 · 0 分"
        table.reload()
        page.wait_for_selector("#daily h3:has-text('月')")
    daily.get_by_role("button", name="继续今天的挑战").tap()
    table.wait_idle()
    assert turn(table) == stood and table.storage("yahtzee.game") == saved

    # 重新开始 and 开始游戏 say what they would give up; cancelling keeps the try.
    page.get_by_role("button", name="重新开始").tap()
    text, ok = question(table)
    assert GIVE_UP.match(text) and "重新开始" in text and ok == "放弃挑战"
    page.locator("#confirm-cancel").tap()
    expect(page.locator("#confirm-dialog")).not_to_be_visible()
    assert table.text("#round") == "每日挑战 · 第 1 / 13 回合" and turn(table) == stood
    page.get_by_role("button", name="回大厅").tap()
    page.get_by_role("button", name="开始游戏").tap()
    text, ok = question(table)
    assert GIVE_UP.match(text) and "开新的一局" in text and ok == "放弃挑战"
    page.locator("#confirm-cancel").tap()
    assert table.storage("yahtzee.game") == saved
    # The dialog's labels keep to one line each (no 「取」 over 「消」).
    page.get_by_role("button", name="开始游戏").tap()
    question(table)
    for button in ("#confirm-cancel", "#confirm-ok"):
        box = page.locator(button).bounding_box()
        assert box is not None and box["height"] < 50, (button, box)
    page.locator("#confirm-ok").tap()
    table.wait_idle()
    assert table.text("#round") == "第 1 / 13 回合"

    # Given up: the day has no score, and another try is practice, named so.
    page.get_by_role("button", name="回大厅").tap()
    expect(daily.locator(".daily-line")).to_have_text("第一次没有打完，今天没有成绩 · 连续 1 天")
    daily.get_by_role("button", name="再打一次（练习）").tap()
    text, _ = question(table)
    assert text == "开新的一局会放弃上次没打完的那一局，确定吗？"  # a plain game is at stake
    page.locator("#confirm-ok").tap()
    table.wait_idle()
    assert table.text("#round") == "每日挑战（练习） · 第 1 / 13 回合"
    page.get_by_role("button", name="回大厅").tap()
    assert table.text("#resume-detail") == "每日挑战（练习） · 第 1 / 13 回合 · 0 分"


def test_games_on_known_dice_are_named_in_the_history(table: Table) -> None:
    page = table.page
    page.locator("#daily").get_by_role("button", name="开始今天的挑战").click()
    table.wait_idle()
    play_out(table)
    page.locator(RESULT).get_by_role("button", name="回大厅").click()
    table.start_single()
    play_out(table)
    # The same dice again: named 同骰再打 on the table and on 「继续」.
    page.get_by_role("button", name="用同样的骰子再打一局").click()
    table.wait_idle()
    assert table.text("#round") == "同骰再打 · 第 1 / 13 回合"
    page.get_by_role("button", name="回大厅").click()
    assert table.text("#resume-detail") == "同骰再打 · 单人挑战 · 第 1 / 13 回合 · 0 分"
    page.get_by_role("button", name="继续上次没打完的一局").click()
    table.wait_idle()
    table.roll()
    table.roll()  # not the first game's moves: a game of its own in the history
    table.score(table.best_box(), confirm=True)
    play_out(table)  # resumed for its last turn: still named for what it is
    assert table.text("#round") == "同骰再打 · 第 13 / 13 回合"
    page.locator(RESULT).get_by_role("button", name="回大厅").click()
    page.get_by_role("button", name="复盘与历史").click()
    expect(page.locator(".rv-history-table .rv-mode")).to_have_text(
        ["同骰再打 · 单人挑战", "单人挑战", "每日挑战"]
    )
