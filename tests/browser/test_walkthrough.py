"""The newcomer's walk-through (js/ui/walkthrough.js): a player's first game opens four short
steps from the terms (roll, hold, score, the 63/35 line); 跳过 ends it at any step, it opens by
itself once, and the help and the settings open it again; the computer waits behind it."""

from __future__ import annotations

import pytest
from playwright.sync_api import expect

from tests.browser.support import OpenTable
from yahtzee.terms import page_terms

pytestmark = pytest.mark.browser

STEPS = page_terms().tour
DIALOG = "#tour-dialog"


@pytest.mark.parametrize(("width", "height"), [(360, 640), (390, 664)])
def test_a_first_game_walks_through_a_turn_once(
    open_table: OpenTable, width: int, height: int
) -> None:
    table = open_table(width=width, height=height, touch=True, tour=True)
    page = table.page
    dialog = page.locator(DIALOG)
    table.start_single()
    expect(dialog).to_be_visible()
    for number, step in enumerate(STEPS, start=1):
        expect(dialog.locator(".tour-count")).to_have_text(f"新手引导 {number} / {len(STEPS)}")
        expect(dialog.locator(".tour-title")).to_have_text(step.name)
        assert dialog.locator(".tour-text").inner_text() == step.text
        for control in dialog.locator("button:visible").all():
            at = control.bounding_box()
            assert at is not None and at["height"] >= 44
            assert at["y"] + at["height"] <= height  # on the first screen, no scrolling
        last = number == len(STEPS)
        expect(dialog.get_by_role("button", name="跳过")).to_be_visible(visible=not last)
        dialog.get_by_role("button", name="开始玩" if last else "下一步").tap()
    expect(dialog).to_be_hidden()
    assert table.storage("yahtzee.tour")["version"] == 1
    # Once: another game, and a game after a reload, go straight to the table.
    page.locator("#restart-btn").tap()
    page.locator("#confirm-ok").tap()
    table.wait_idle()
    expect(dialog).to_be_hidden()
    table.reload()
    expect(dialog).to_be_hidden()


def test_skip_ends_it_and_the_settings_open_it_again(open_table: OpenTable) -> None:
    table = open_table(tour=True)
    page = table.page
    dialog = page.locator(DIALOG)
    table.start_single()
    expect(dialog).to_be_visible()
    dialog.get_by_role("button", name="跳过").click()
    expect(dialog).to_be_hidden()
    table.roll()  # the table is the player's again
    page.get_by_role("button", name="设置").click()
    page.get_by_role("button", name="再看一遍：30 秒学会怎么玩").click()
    expect(dialog).to_be_visible()
    expect(dialog.locator(".tour-title")).to_have_text(STEPS[0].name)
    page.keyboard.press("Escape")
    expect(dialog).to_be_hidden()


def test_the_computer_waits_behind_it(open_table: OpenTable) -> None:
    table = open_table(tour=True)
    page = table.page
    page.get_by_role("button", name="人机对战").click()
    page.get_by_role("button", name="电脑先").click()
    page.get_by_role("button", name="开始游戏").click()
    dialog = page.locator(DIALOG)
    expect(dialog).to_be_visible()
    page.wait_for_timeout(800)  # the computer's fast pace would have rolled by now
    assert table.text("#round") == "第 1 / 13 回合"
    assert table.saved_game().turn.dice is None
    dialog.get_by_role("button", name="跳过").click()
    expect(page.locator("#status")).to_contain_text("轮到你了", timeout=15_000)
