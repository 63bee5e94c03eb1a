"""同样的运气 in the page: a game played again on the same dice, 高手同骰 beside the player's
boxes, the daily challenge (the first try counts), the shared line, and an altered save."""

from __future__ import annotations

import json
import re
from typing import Any
from urllib.parse import urlparse

import pytest
from playwright.sync_api import Route, expect

from tests.browser.support import OpenTable, Table, to_last_turn, wait_for_events
from yahtzee.codec import from_json

RESULT = "#result-dialog[open]"


def play_out(table: Table) -> None:
    """Play the game on the table to its end: one roll a turn, the best-paying box; all but the
    last turn are played outside the page (``to_last_turn``)."""
    to_last_turn(table)
    table.roll()
    table.score(table.best_box(), confirm=True)
    table.page.wait_for_selector(RESULT)


def kept(table: Table) -> dict[str, Any]:
    """The last finished game the page kept whole (its JSON)."""
    data = table.storage("yahtzee.history.games")
    game: dict[str, Any] = data["games"][-1]["game"]
    return game


def first_roll(game: dict[str, Any]) -> list[int]:
    rolls: list[int] = game["sides"][0]["log"][0]["rolls"][0]
    return rolls


@pytest.mark.parametrize(("width", "height"), [(360, 640), (1280, 800)])
def test_the_review_buttons_stay_put_when_the_answers_come(
    open_table: OpenTable, width: int, height: int
) -> None:
    """The result shows 高手同骰 once the server has played the player's dice, and the review's
    figures once it has reviewed the game; until then a line holds each one's place. 复盘 below
    them stays where it was when each answer comes (it jumped down by the comparison's height,
    and by the figures' second line and their fold, and a tap meant for it landed elsewhere)."""
    table = open_table(width=width, height=height, touch=width < 600)
    page = table.page
    held: dict[str, Route] = {}

    def hold(route: Route) -> None:
        held[urlparse(route.request.url).path] = route

    page.route("**/api/same-dice", hold)
    page.route("**/api/review", hold)
    table.start_single()
    to_last_turn(table)
    table.roll()
    table.score(table.best_box(), confirm=True)
    page.wait_for_selector(RESULT)
    expect(page.locator("#result-luck .same-dice-pending")).to_contain_text("高手同骰：计算中…")
    expect(page.locator("#result-review-line")).to_have_text("复盘生成中…")
    review = page.locator("#result-dialog").get_by_role("button", name="复盘", exact=True)
    before = review.bounding_box()
    asked = "the review and 高手同骰 were not both asked for"
    wait_for_events(page, lambda: len(held) == 2, asked, 10)
    held["/api/review"].continue_()
    expect(page.locator("#result-review-line")).to_contain_text("运气")
    expect(page.locator("#result-glosses summary")).to_have_text("这些数是什么意思？")
    reviewed = review.bounding_box()
    held["/api/same-dice"].continue_()
    expect(page.locator("#result-luck .same-dice-line")).to_be_visible()
    after = review.bounding_box()
    assert before is not None and reviewed is not None and after is not None
    assert abs(reviewed["y"] - before["y"]) <= 1, (before, reviewed)
    assert abs(after["y"] - before["y"]) <= 1, (before, after)


def test_the_word_to_scroll_for_more_moves_nothing(open_table: OpenTable) -> None:
    """On a phone the result is taller than the screen: 「往下滑：复盘、导出对局 ↓」 shows over its
    buttons while more is below, and goes once the player has scrolled down, without changing
    the height of what scrolls (it did by a line, and the result jumped under the finger)."""
    table = open_table(width=360, height=640, touch=True)
    page = table.page
    table.start_single()
    play_out(table)
    expect(page.locator("#result-luck .same-dice-line")).to_be_visible()
    dialog = page.locator("#result-dialog")
    expect(dialog).to_have_attribute("data-more", "")
    hint = "el => getComputedStyle(el.querySelector('.dialog-buttons'), '::before').visibility"
    assert dialog.evaluate(hint) == "visible"
    height = dialog.evaluate("el => el.scrollHeight")
    dialog.evaluate("el => el.scrollTo(0, el.scrollHeight)")
    expect(dialog).not_to_have_attribute("data-more", "")
    assert dialog.evaluate(hint) == "hidden"
    assert dialog.evaluate("el => el.scrollHeight") == height
    review = dialog.get_by_role("button", name="复盘", exact=True)
    expect(review).to_be_in_viewport()


def test_a_game_is_played_again_on_the_same_dice(table: Table) -> None:
    page = table.page
    table.start_single()
    play_out(table)
    game = kept(table)
    score = game["sides"][0]["totals"]["total"]
    # 高手同骰: its line, and box by box beside the player's (13 boxes and 3 sums).
    line = page.locator("#result-luck .same-dice-line")
    expect(line).to_have_text(re.compile(rf"^高手同骰 \d+ 分，你 {score} 分"))
    page.locator("#result-luck .same-dice-details summary").click()
    assert page.locator("#result-luck .same-dice-table tbody tr").count() == 16
    # The same dice again: the first roll is the first game's.
    page.get_by_role("button", name="用同样的骰子再打一局").click()
    expect(page.locator(RESULT)).to_have_count(0)
    table.wait_idle()
    table.roll()
    assert table.dice() == first_roll(game)
    play_out(table)
    again = kept(table)
    assert again["record"]["id"] == game["record"]["id"]
    expect(page.locator("#result-luck .luck-line").first).to_have_text(
        re.compile(rf"^同样的骰子第 2 次：之前最好 {score} 分")
    )
    # From the history too.
    page.locator("#result-dialog").get_by_role("button", name="回大厅").click()
    page.get_by_role("button", name="复盘与历史").click()
    page.locator(".rv-replay").first.click()
    table.wait_idle()
    table.roll()
    assert table.dice() == first_roll(game)


def test_the_daily_challenge_counts_the_first_try(table: Table) -> None:
    page = table.page
    daily = page.locator("#daily")
    expect(daily).to_be_visible()
    expect(daily.locator("h3")).to_have_text(re.compile(r"^每日挑战 · \d+月\d+日$"))
    daily.get_by_role("button", name="开始今天的挑战").click()
    table.wait_idle()
    play_out(table)
    game = kept(table)
    score = game["sides"][0]["totals"]["total"]
    assert game["record"]["daily"]
    expect(page.locator("#result-luck .luck-line").first).to_have_text(
        re.compile(rf"^每日挑战 \d+月\d+日：这一局的 {score} 分算数$")
    )
    expect(page.locator("#result-luck .same-dice-line")).to_be_visible()
    expert = int(re.findall(r"\d+", page.locator("#result-luck .same-dice-line").inner_text())[0])
    page.locator("#result-dialog").get_by_role("button", name="回大厅").click()
    expect(daily.locator(".daily-line")).to_have_text(
        f"第一次 {score} 分（算数） · 高手同骰 {expert} 分 · 连续 1 天"
    )
    # The shared line: the date and both scores, no dice.
    page.evaluate("() => { navigator.clipboard.writeText = async (t) => (window.__copied = t); }")
    daily.get_by_role("button", name="复制成绩").click()
    copied = page.evaluate("() => window.__copied")
    shared = rf"快艇骰子每日挑战 \d+月\d+日：我 {score} 分，高手同骰 {expert} 分"
    assert re.fullmatch(shared, copied)
    # A second try is practice: the first score stays the one that counts.
    daily.get_by_role("button", name="再打一次（练习）").click()
    table.wait_idle()
    table.roll()
    assert table.dice() == first_roll(game)
    play_out(table)
    expect(page.locator("#result-luck .luck-line").first).to_have_text(
        re.compile(rf"：这一局是练习，第一次的 {score} 分才算数$")
    )
    page.locator("#result-dialog").get_by_role("button", name="回大厅").click()
    expect(daily.locator(".daily-line")).to_have_text(re.compile(rf"^第一次 {score} 分（算数）"))


def test_a_save_with_altered_dice_is_set_aside(open_table: OpenTable) -> None:
    table = open_table()
    table.start_single()
    table.roll()
    records = table.storage("yahtzee.records")
    data = table.storage("yahtzee.game")
    data["turn"]["rolls"][0] = [6, 6, 6, 6, 6]
    if from_json(data).turn.dice == tuple(table.dice()):
        data["turn"]["rolls"][0] = [5, 5, 5, 5, 5]
    table.set_storage({"yahtzee.game": json.dumps(data)})
    table.reload()
    table.page.get_by_role("button", name="继续上次没打完的一局").click()
    table.page.wait_for_selector("#message:not([hidden])")
    assert table.message().startswith("上次没打完的一局存档被改动过，骰子和记录对不上，无法继续")
    assert table.page.locator("#lobby").is_visible()
    assert table.storage("yahtzee.records") == records
    assert table.storage("yahtzee.game.unreadable") is not None  # kept aside, not dropped
