"""练习 in the browser: whole rounds by keys and clicks, and by touch; the feedback after each
answer is the server's grade; the summary and the progress kept in localStorage; a stored
progress that cannot be read is reported and kept."""

from __future__ import annotations

import json
import re
from decimal import ROUND_HALF_UP, Decimal
from typing import Any

import pytest
from playwright.sync_api import Locator, Page, expect

from tests.browser.support import OpenTable, Table, wait_shown

pytestmark = pytest.mark.browser

KEY = "yahtzee.practice"
ROUND = 10


def choose_practice(table: Table, theme: str | None = None, *, touch: bool = False) -> None:
    """Pick 练习 in the lobby (and a theme, by its Chinese name), then 开始练习."""
    page = table.page

    def press(loc: Locator) -> None:
        if touch:
            loc.tap()
        else:
            loc.click()

    press(page.get_by_role("button", name="练习", exact=True))
    if theme:
        press(page.locator("#practice-options").get_by_role("button", name=theme, exact=True))
    press(page.get_by_role("button", name="开始练习"))


def wait_question(page: Page) -> None:
    wait_shown(page, "#practice[data-answered='false']")
    page.wait_for_function(
        "!document.querySelector('#practice .roll').disabled"
        " || document.querySelector('#practice [data-practice-box]:not(:disabled)')"
    )


def answer_and_read(page: Page, act: Any) -> dict[str, Any]:
    """Answer with ``act()``; return the server's grade once the feedback shows."""
    with page.expect_response(lambda r: r.url.endswith("/api/practice/grade")) as info:
        act()
    graded: dict[str, Any] = info.value.json()
    wait_shown(page, "#practice[data-answered='true'] .practice-feedback:not([hidden])")
    return graded


def fixed(value: float, digits: int) -> str:
    """``value`` to ``digits`` decimals as JavaScript's toFixed writes it (a tie rounds up)."""
    return str(Decimal(value).quantize(Decimal(10) ** -digits, ROUND_HALF_UP))


def points(loss: float) -> str:
    """Points lost as the page writes them (lib/words.js pointsText): tenths, small ones in
    hundredths."""
    return fixed(loss, 2 if loss < 0.05 else 1)


def check_feedback(page: Page, graded: dict[str, Any]) -> None:
    """The reason in words comes first; the figures behind it (each choice's expected total to
    one decimal, the three best options, the hint's words and what 期望总分 means) are folded
    under 看数字 until a tap opens them."""
    feedback = page.locator(".practice-feedback")
    verdict = feedback.locator(".pf-verdict").inner_text()
    if graded["is_best"]:
        assert verdict == "✓ 最优选择"
    else:
        assert verdict == f"比最优少 {points(graded['loss'])} 分"
    choices = feedback.locator(".pf-choices dd").all_inner_texts()
    assert choices == [graded["chosen"]["text"], graded["best"]["text"]]
    assert graded["reason"] and "期望总分" not in graded["reason"]
    assert feedback.locator(".pf-why").inner_text() == f"为什么：{graded['reason']}"
    next_button = feedback.locator(".pf-next")
    expect(next_button).to_be_focused()
    fold = feedback.locator(".pf-figures")
    assert fold.get_attribute("open") is None
    expect(fold.locator(".pf-evs")).to_be_hidden()
    fold.locator("summary").click()
    evs = fold.locator(".pf-evs dd").all_inner_texts()
    assert evs == [
        f"{graded['chosen']['text']} · 期望总分 {fixed(graded['chosen']['ev'], 1)}",
        f"{graded['best']['text']} · 期望总分 {fixed(graded['best']['ev'], 1)}",
    ]
    top = fold.locator(".pf-top li").all_inner_texts()
    assert len(top) == len(graded["top"]) and 2 <= len(top) <= 3  # two when two boxes are open
    for line, option in zip(top, graded["top"], strict=True):
        assert option["text"] in line and fixed(option["ev"], 1) in line
    assert fold.locator(".pf-why-figures").inner_text() == graded["why"]
    assert re.search(r"期望总分 \d+\.\d", graded["why"])
    assert fold.locator(".pf-gloss").inner_text().startswith("期望总分：")
    next_button.focus()  # as the answer left it: Enter goes on


def test_a_round_by_keys_and_clicks(table: Table) -> None:
    page = table.page
    choose_practice(table)
    grades = []
    for number in range(ROUND):
        wait_question(page)
        assert page.locator(".practice-count").inner_text() == f"第 {number + 1} / {ROUND} 题"
        if page.locator("#practice .roll").is_enabled():
            # Hold the first and third dice with the keys, then 再掷 with Space.
            page.keyboard.press("1")
            page.keyboard.press("3")
            held = page.locator("#practice [data-practice-die][aria-pressed='true']").count()
            assert held == 2
            dice = page.evaluate(
                "[...document.querySelectorAll('#practice [data-practice-die]')]"
                ".map(d => Number(d.getAttribute('aria-label').match(/(\\d)点/)[1]))"
            )
            graded = answer_and_read(page, lambda: page.keyboard.press("Space"))
            assert graded["chosen"]["keep"] == sorted([dice[0], dice[2]])
        else:
            box = page.locator("#practice [data-practice-box]:not(:disabled)").first
            key = box.get_attribute("data-practice-box")
            graded = answer_and_read(page, box.click)
            assert graded["chosen"]["box"] == key
        check_feedback(page, graded)
        grades.append(graded)
        # Enter goes on (the focus is on 下一题 / 看本轮总结).
        page.keyboard.press("Enter")
    summary = page.locator(".practice-summary")
    summary.wait_for()
    average = sum(g["loss"] for g in grades) / ROUND
    best = sum(g["is_best"] for g in grades)
    assert f"平均每题失误 {average:.2f} 分 · 最优 {best} / {ROUND} 题" in summary.inner_text()
    stored = table.storage(KEY)
    assert stored["version"] == 1 and len(stored["rounds"]) == 1
    entry = stored["rounds"][0]
    assert entry["theme"] == "mixed" and isinstance(entry["seed"], int)
    assert [a["loss"] for a in entry["answers"]] == [g["loss"] for g in grades]
    assert [a["best"] for a in entry["answers"]] == [g["is_best"] for g in grades]
    assert {a["theme"] for a in entry["answers"]} == {
        "full_house_draw",
        "straight_draw",
        "upper_bonus",
        "sacrifice",
        "chance",
        "endgame",
    }
    assert summary.locator(".ps-trend svg").count() == 1
    # Back in the lobby: the progress line and 「专练薄弱项」 for the theme that cost most.
    summary.get_by_role("button", name="回大厅").click()
    assert page.locator("#lobby").is_visible() and not page.locator("#practice").is_visible()
    assert table.text("#practice-line").startswith("已练 1 轮 · 上一轮平均每题失误")
    # The progress's own button (the first paint's placeholder shares its class).
    weak = page.locator(".practice-weak[data-practice=weakest]")
    assert weak.is_visible() and weak.inner_text().startswith("专练薄弱项：")
    # The progress survives a reload.
    table.reload()
    assert table.text("#practice-line").startswith("已练 1 轮")


@pytest.mark.long
def test_a_round_by_touch_on_a_phone(open_table: OpenTable) -> None:
    table = open_table(width=390, height=664, touch=True)
    page = table.page
    choose_practice(table, "两对拼葫芦", touch=True)
    for _ in range(ROUND):
        wait_question(page)
        assert page.locator(".practice-theme").inner_text() == "两对拼葫芦"
        # The whole position is on screen without scrolling: the dice and 再掷.
        assert page.locator("#practice .roll").is_enabled()
        box = page.locator("#practice .roll").bounding_box()
        assert box is not None and box["y"] + box["height"] <= 664
        page.locator("#practice [data-practice-die='4']").tap()
        graded = answer_and_read(page, lambda: page.locator("#practice .roll").tap())
        check_feedback(page, graded)
        page.locator(".pf-next").tap()
    page.locator(".practice-summary").wait_for()
    stored = table.storage(KEY)
    assert stored["theme"] == "full_house_draw"
    assert {a["theme"] for a in stored["rounds"][0]["answers"]} == {"full_house_draw"}
    # 再练一轮 draws a new round of the same theme.
    page.locator(".ps-buttons").get_by_role("button", name="再练一轮").tap()
    wait_question(page)
    assert page.locator(".practice-count").inner_text() == f"第 1 / {ROUND} 题"


def test_unreadable_progress_is_reported_and_kept(open_table: OpenTable) -> None:
    table = open_table(storage={KEY: "{not json"})
    page = table.page
    assert "练习进度数据已损坏" in table.message()
    assert page.evaluate(f"localStorage.getItem('{KEY}.unreadable')") == "{not json"
    # A round with one unreadable entry: skipped and counted, and kept in storage.
    good = {
        "date": "2026-01-02T03:04:05Z",
        "theme": "chance",
        "seed": 3,
        "answers": [{"theme": "chance", "loss": 1.5, "best": False}],
    }
    bad = {**good, "answers": [{"theme": "chance", "loss": -1, "best": False}]}
    table.set_storage({KEY: json.dumps({"version": 1, "theme": "chance", "rounds": [good, bad]})})
    table.reload()
    assert "练习进度里有 1 轮记录无法读取，已跳过" in table.message()
    page.get_by_role("button", name="练习", exact=True).click()
    assert table.text("#practice-line") == "已练 1 轮 · 上一轮平均每题失误 1.50 分"
    assert page.locator("[data-practice-theme='chance']").get_attribute("aria-pressed") == "true"
    assert len(table.storage(KEY)["rounds"]) == 2


def test_explore_a_position_from_its_answer(table: Table) -> None:
    page = table.page
    choose_practice(table, "连号冲顺子")
    wait_question(page)
    graded = answer_and_read(page, lambda: page.locator("#practice .roll").click())
    page.get_by_role("button", name="研究这个局面").click()
    options = page.locator(".px-options li")
    options.first.wait_for()
    # The ranking opens on the position answered: the best option first, as graded.
    assert graded["best"]["text"] in options.first.inner_text()
    assert fixed(graded["best"]["ev"], 1) in options.first.inner_text()
    assert options.count() >= len(graded["top"])
    # Any sheet: an impossible one gets the refusal ``yahtzee advise`` gives.
    page.locator(".px-sheet input").first.fill("7")
    page.get_by_role("button", name="分析").click()
    expect(page.locator(".px-error")).to_contain_text("7 is not a possible score for ones")
    page.locator(".px-sheet input").first.fill("")
    page.get_by_role("button", name="0 次").click()
    page.get_by_role("button", name="分析").click()
    expect(page.locator(".px-options li").first).to_contain_text("登记「")
    page.get_by_role("button", name="返回").click()
    expect(page.locator(".practice-feedback")).to_be_visible()
