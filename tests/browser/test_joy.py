"""A moment of joy (js/ui/joy.js): a 快艇 scored bursts from its cell, a new record from the
result's score; the burst takes no tap and is gone in about a second; with reduced motion
nothing moves and the target glows once instead."""

from __future__ import annotations

import pytest
from playwright.sync_api import expect

from tests.browser.support import (
    OpenTable,
    ScriptedDice,
    install_roll,
    resume,
    saved,
)
from tests.gameplay import single_last_turn
from yahtzee.game import Game, Roll

pytestmark = pytest.mark.browser


def test_a_yahtzee_bursts_from_its_cell(open_table: OpenTable) -> None:
    game = Game.new()
    table = open_table(width=390, height=664, touch=True, storage=saved(game))
    page = table.page
    resume(table)
    install_roll(table, game.apply(Roll(), ScriptedDice([4, 4, 4, 4, 4])))
    table.roll()
    table.score("yahtzee")
    burst = page.locator("body > .joy")
    expect(burst).to_have_count(1)
    assert burst.locator("i").count() == 12
    cell = page.locator("#sheet button.box[data-box='yahtzee']").bounding_box()
    at = burst.bounding_box() or {"x": -1, "y": -1}
    assert cell is not None
    assert cell["x"] <= at["x"] <= cell["x"] + cell["width"]  # from the cell's middle
    assert cell["y"] <= at["y"] <= cell["y"] + cell["height"]
    assert burst.evaluate("e => getComputedStyle(e).pointerEvents") == "none"
    expect(burst).to_have_count(0, timeout=3000)  # gone again


# The glow is a moment (js/ui/joy.js): on a loaded machine it can be over before an expect looks.
# A class observer set before the score is sent records that it happened.
WATCH_GLOW = """() => {
  window.glowed = false;
  new MutationObserver(() => {
    if (document.querySelector("#result-dialog .result-score b.joy-glow")) window.glowed = true;
  }).observe(document.body, {
    subtree: true, childList: true, attributes: true, attributeFilter: ["class"],
  });
}"""


def test_a_new_record_bursts_from_the_score(open_table: OpenTable) -> None:
    table = open_table(storage=saved(single_last_turn(3, rolled=False)))
    page = table.page
    resume(table)
    page.evaluate(WATCH_GLOW)
    table.roll()
    table.score(table.best_box(), confirm=True)
    page.wait_for_selector("#result-dialog[open] .new-record")
    expect(page.locator("#result-dialog > .joy")).to_have_count(1)
    page.wait_for_function("window.glowed === true")
    expect(page.locator("#result-dialog > .joy")).to_have_count(0, timeout=3000)


def test_reduced_motion_glows_without_moving(open_table: OpenTable) -> None:
    table = open_table(reduced_motion="reduce", storage=saved(single_last_turn(3, rolled=False)))
    page = table.page
    resume(table)
    page.evaluate(WATCH_GLOW)
    table.roll()
    table.score(table.best_box(), confirm=True)
    page.wait_for_selector("#result-dialog[open] .new-record")
    page.wait_for_function("window.glowed === true")
    expect(page.locator("#result-dialog > .joy")).to_be_hidden()
