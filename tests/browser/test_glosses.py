"""What the figures' words mean, said where they appear (the terms' glossary): the result
dialog folds 运气, 失误 and 平均每步失误 under its review line, 高手同骰 says what it is under its
line, and a 人机对战 result speaks of its one computer, leaving 高手同骰 to 复盘."""

from __future__ import annotations

import pytest
from playwright.sync_api import expect

from tests.browser.support import (
    OpenTable,
    Table,
    resume,
    saved,
    to_last_turn,
)
from tests.gameplay import COMPUTER, make_records, random_game
from yahtzee.game import Game
from yahtzee.terms import glossary

pytestmark = pytest.mark.browser

GLOSSES = {gloss.key: gloss.text for gloss in glossary()}
RESULT = "#result-dialog[open]"


def play_out(table: Table) -> None:
    """Play a single game to its end: one roll a turn, the best box; all but the last turn here
    on the game's own dice (``to_last_turn``), the last in the page."""
    to_last_turn(table)
    table.roll()
    table.score(table.best_box(), confirm=True)
    table.page.wait_for_selector(RESULT)


def vs_last_turn_on_a_record() -> Game:
    """A vs game on a dice record at its last turn, which the player plays (the computer began)."""
    for seed in range(50):
        for actions in range(60, 400):
            game = random_game(seed, vs=True, stop_after=actions, records=make_records(seed))
            if game.round == 13 and game.current != game.starter:
                if game.starter == COMPUTER and game.turn.dice is None:
                    return game
                break
    raise AssertionError("no such game")


def test_the_result_says_what_its_figures_mean(table: Table) -> None:
    page = table.page
    table.start_single()
    play_out(table)
    line = page.locator("#result-review-line")
    expect(line).to_contain_text("运气")
    fold = page.locator("#result-glosses")
    expect(fold.locator("summary")).to_have_text("这些数是什么意思？")
    expect(fold.locator("li").first).to_be_hidden()
    fold.locator("summary").click()
    expect(fold.locator("li").first).to_be_visible()
    lines = fold.locator("li").all_inner_texts()
    assert lines == [GLOSSES["luck"], GLOSSES["loss"], GLOSSES["average_loss"]]
    expect(page.locator("#result-luck .same-dice-gloss")).to_have_text(GLOSSES["same_dice"])
    # The review: each word of its identity line, a line each.
    page.locator("#result-dialog").get_by_role("button", name="复盘").click()
    words = page.locator(".rv-summary .glosses li")
    expect(words.first).to_be_visible()
    assert words.all_inner_texts()[:4] == [
        GLOSSES[key] for key in ("expected", "luck", "loss", "average_loss")
    ]


def test_a_match_result_names_one_computer(open_table: OpenTable) -> None:
    table = open_table(storage=saved(vs_last_turn_on_a_record()))
    page = table.page
    resume(table)
    table.roll()
    table.score(table.best_box())
    page.wait_for_selector(RESULT)
    dialog = page.locator("#result-dialog")
    expect(dialog.get_by_role("button", name="用同样的骰子再打一局")).to_be_visible()
    expect(page.locator("#result-glosses summary")).to_be_visible()
    assert page.locator("#result-luck .same-dice, #result-luck .same-dice-pending").count() == 0
    assert "高手同骰" not in dialog.inner_text()
