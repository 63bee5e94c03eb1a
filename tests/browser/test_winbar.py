"""The 胜率 bar: only in 人机对战, its three figures sum to 100 %, updated as play goes."""

from __future__ import annotations

import pytest

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
    table.open()
    table.start_vs("高手", "我先")
    table.wait_idle()
    bar = table.page.locator("#winbar")
    assert bar.is_visible()
    before = _shares(table)
    assert sum(before) == 100 and min(before) >= 0
    assert "胜率" in bar.inner_text()
    # The assumption behind the figures is stated on hover, and to screen readers, which
    # skip most tooltips, in the bar's own text.
    assert "假设你此后按最优策略走" in (bar.get_attribute("title") or "")
    assert "假设你此后按最优策略走" in bar.evaluate("el => el.textContent")
    table.page.get_by_role("button", name="掷骰子").click()
    table.wait_idle()
    after = _shares(table)
    assert sum(after) == 100 and min(after) >= 0


def test_no_win_bar_alone(table: Table) -> None:
    table.open()
    table.start_single()
    assert not table.page.locator("#winbar").is_visible()
