"""A box's rule at the player's fingertip (docs/behaviours.md): a tap, a click or Enter on a box's
name in the score sheet shows its one-line rule and points from the terms, beside it and on the
screen; it never scores, and Esc, a second tap or a tap elsewhere hides it."""

from __future__ import annotations

import pytest
from playwright.sync_api import Locator, expect

from tests.browser.support import OpenTable, Table
from yahtzee.terms import box_rules

pytestmark = pytest.mark.browser

RULES = {gloss.key: gloss.text for gloss in box_rules()}


def rule_button(table: Table, key: str) -> Locator:
    """The name of box ``key`` in the player's sheet, the button that shows its rule."""
    return table.page.locator(f"#sheet .row-{key} .box-rule")


def test_a_click_shows_the_rule_and_never_scores(table: Table) -> None:
    page = table.page
    table.start_single()
    table.roll()
    sent: list[str] = []
    page.on("request", lambda request: sent.append(request.url))
    before = table.box_states()
    tip = page.locator(".rule-tip")
    name = rule_button(table, "full_house")
    name.click()
    expect(tip).to_be_visible()
    assert tip.locator("p").all_inner_texts() == [RULES["full_house"]]
    assert RULES["full_house"] == "葫芦：三颗相同加一对，25 分"
    expect(name).to_have_attribute("aria-expanded", "true")
    name.click()  # a second tap hides it
    expect(tip).to_be_hidden()
    # An upper box adds the 63/35 line, 快艇 its bonus.
    rule_button(table, "threes").click()
    assert tip.locator("p").all_inner_texts() == [RULES["threes"], RULES["upper_bonus"]]
    rule_button(table, "yahtzee").click()  # another name: its own words
    assert tip.locator("p").all_inner_texts() == [RULES["yahtzee"], RULES["yahtzee_bonus"]]
    page.locator("#round").click()  # a tap elsewhere
    expect(tip).to_be_hidden()
    assert table.box_states() == before
    assert not [url for url in sent if "/api/" in url]
    assert table.text("#round") == "第 1 / 13 回合"


def test_the_keyboard_reaches_every_rule(table: Table) -> None:
    page = table.page
    table.start_single()
    name = rule_button(table, "small_straight")
    name.focus()
    page.keyboard.press("Enter")
    tip = page.locator(".rule-tip")
    expect(tip).to_be_visible()
    assert tip.inner_text() == RULES["small_straight"]
    page.keyboard.press("Escape")
    expect(tip).to_be_hidden()
    expect(name).to_be_focused()
    assert page.locator("#game").is_visible()  # Esc hid the words, nothing else
    keys = page.locator("#sheet .box-rule").evaluate_all("bs => bs.map(b => b.dataset.rule)")
    assert keys == [key for key in RULES if key not in ("upper_bonus", "yahtzee_bonus")]


@pytest.mark.parametrize(("width", "height"), [(360, 640), (390, 664)])
def test_a_tap_on_a_phone(open_table: OpenTable, width: int, height: int) -> None:
    table = open_table(width=width, height=height, touch=True)
    page = table.page
    table.start_single()
    table.roll()
    for key in ("full_house", "chance", "sixes"):
        name = rule_button(table, key)
        name.scroll_into_view_if_needed()
        box = name.bounding_box()
        assert box is not None and box["height"] >= 44 and box["width"] >= 44
        name.tap()
        tip = page.locator(".rule-tip")
        expect(tip).to_be_visible()
        assert tip.locator("p").first.inner_text() == RULES[key]
        at = tip.bounding_box()
        assert at is not None
        assert at["x"] >= 0 and at["x"] + at["width"] <= width
        assert at["y"] >= 0 and at["y"] + at["height"] <= height
    assert not any("filled" in row["classes"].split() for row in table.box_states().values())
