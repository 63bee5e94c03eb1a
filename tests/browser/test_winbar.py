"""The 胜率 bar: only in 人机对战, its three figures sum to 100 %, updated as play goes."""

from __future__ import annotations

import re

import pytest
from playwright.sync_api import Route

from tests.browser.support import Table

pytestmark = pytest.mark.browser


def _shares(table: Table) -> tuple[int, int, int]:
    bar = table.page.locator("#winbar")
    return (
        int(bar.get_attribute("data-player") or -1),
        int(bar.get_attribute("data-draw") or -1),
        int(bar.get_attribute("data-computer") or -1),
    )


def test_win_bar_in_vs_mode(table: Table) -> None:
    table.start_vs("高手", "我先")
    table.wait_idle()
    bar = table.page.locator("#winbar")
    assert bar.is_visible()
    before = _shares(table)
    assert sum(before) == 100 and min(before) >= 0
    assert "胜率" in bar.inner_text()
    # The assumption behind the figures is stated on hover, and to screen readers, which
    # skip most tooltips, in the bar's own text.
    assert "假设你此后都按最优打法走" in (bar.get_attribute("title") or "")
    assert "假设你此后都按最优打法走" in bar.evaluate("el => el.textContent")
    table.page.get_by_role("button", name="掷骰子").click()
    table.wait_idle()
    after = _shares(table)
    assert sum(after) == 100 and min(after) >= 0


def test_no_win_bar_alone(table: Table) -> None:
    table.start_single()
    assert not table.page.locator("#winbar").is_visible()


def test_an_open_game_never_reads_0_or_100_percent(table: Table) -> None:
    # Each answer is handed on with chances of its own (the real game goes on underneath). With
    # four rounds to go, 129 against 222, the bar once read 「你 0% · 电脑 100%」.
    given: dict[str, float] = {}

    def chances(route: Route) -> None:
        answer = route.fetch()
        body = answer.json()
        player, draw, computer = given["player"], given["draw"], given["computer"]
        share = [player + draw / 2, computer + draw / 2]
        body["view"]["chances"] = {"win": [player, computer], "draw": draw, "share": share}
        route.fulfill(response=answer, json=body)

    page = table.page
    page.route("**/api/new", chances)
    page.route("**/api/action", chances)
    bar = page.locator("#winbar")
    cases = [
        ((0.003, 0.0, 0.997), "你 <1% · 电脑 >99%", "你 不到 1% · 电脑 超过 99%"),
        ((0.996, 0.0, 0.004), "你 >99% · 电脑 <1%", "你 超过 99% · 电脑 不到 1%"),
        ((0.004, 0.006, 0.99), "你 <1% · 平 1% · 电脑 99%", "你 不到 1% · 平 1% · 电脑 99%"),
        ((0.0, 0.0, 1.0), "你 0% · 电脑 100%", "你 0% · 电脑 100%"),  # decided
    ]
    for i, ((player, draw, computer), shown, said) in enumerate(cases):
        given.update(player=player, draw=draw, computer=computer)
        if i == 0:
            table.start_vs("高手", "我先")
            table.wait_idle()
        else:
            table.roll()
        # What the eye reads (the words for screen readers aside), what a screen reader reads
        # (the symbols aside), and the tooltip, which says it in words as well.
        seen = bar.evaluate(
            """el => { const text = (node, skip) => node.nodeType === Node.TEXT_NODE
                ? node.textContent : node.matches(skip) ? ""
                : [...node.childNodes].map((child) => text(child, skip)).join("");
                return text(el.querySelector(".winbar-text"), ".visually-hidden"); }"""
        )
        assert seen == shown
        assert re.search(rf"胜率 {re.escape(said)}\s*（估算：", bar.aria_snapshot())
        assert (bar.get_attribute("title") or "").startswith(f"胜率：{said}（估算：")
        assert sum(_shares(table)) == 100
