"""Games in the page, by mouse and by keyboard (docs/behaviours.md D1–D3, S1–S4, T1, E1–E3, K1).

Every preview the page shows is checked against the rules engine (``yahtzee.rules.choices``) for
the dice on screen and the sheet the page saved, so the page can only pass by drawing the
server's snapshot faithfully. The game by mouse is played whole; the game by keyboard plays its
first turn and its last three by keys alone (the turns between on its own dice here), which
takes every kind of keyboard step there is: starting and resuming, rolling, holding, scoring,
and the result.
"""

from __future__ import annotations

import json

import pytest
from playwright.sync_api import expect

from tests.browser.support import BOX_KEYS, OpenTable, Table, played_on
from yahtzee.codec import to_json
from yahtzee.rules import Box, choices

pytestmark = pytest.mark.browser


def check_previews(table: Table) -> None:
    """The open boxes offer exactly the points the rules give for the dice shown (S2)."""
    game = table.saved_game()
    dice = [face for face in table.dice() if face is not None]
    assert len(dice) == 5
    assert tuple(dice) == game.turn.dice
    allowed = {box.value: points for box, points in choices(game.acting.sheet, dice).items()}
    states = table.box_states()
    shown = table.previews(states)
    expected = {key: allowed.get(key) for key in shown}
    assert shown == expected
    for key, points in shown.items():
        classes = states[key]["classes"].split()
        if points is None:
            assert "dash" in classes
        elif points == 0:
            # Grey-red zero, also told apart without colour: lighter weight and a ✕ mark.
            assert "zero" in classes and states[key]["text"] == "✕0"
        else:
            assert "preview" in classes and states[key]["text"] == str(points)


@pytest.mark.long
def test_whole_game_by_mouse(open_table: OpenTable) -> None:
    table = open_table()
    table.start_single()
    page = table.page
    assert table.text("#round") == "第 1 / 13 回合"
    assert table.status() == "点「掷骰子」开始"
    for turn in range(1, 14):
        assert table.text("#round") == f"第 {turn} / 13 回合"
        # Before the first roll: blank dice, every open box a disabled dash, 掷骰子.
        assert table.dice() == [None] * 5
        assert set(table.previews().values()) <= {None}
        assert table.text("#roll-btn") == "掷骰子"
        table.roll()
        assert table.text("#roll-btn") == "再掷 (1/3)"
        assert "点骰子保留，再掷" in table.status()
        check_previews(table)
        # Hold the first two dice: they lift (held class) at once and keep their faces.
        first = table.dice()
        table.toggle(0)
        table.toggle(1)
        table.toggle(4)
        table.toggle(4)  # a second click releases
        assert table.held() == [True, True, False, False, False]
        assert "held" in (table.die(0).get_attribute("class") or "")
        table.roll()
        assert table.text("#roll-btn") == "再掷 (2/3)"
        assert table.dice()[:2] == first[:2]
        assert table.held()[:2] == [True, True]
        check_previews(table)
        table.roll()
        # After the third roll every die is locked and the roll button is spent (D3).
        assert table.text("#roll-btn") == "已掷 (3/3)"
        assert page.locator("#roll-btn").is_disabled()
        assert "选择一项登记" in table.status()
        locked = page.eval_on_selector_all("#dice .die", "els => els.map(e => e.disabled)")
        assert locked == [True] * 5
        assert all(name.endswith("已锁定") for name in table.die_names())
        check_previews(table)
        before_total = table.saved_game().sides[0].sheet.total
        key = table.best_box()
        points = table.previews()[key]
        table.score(key, confirm=True)
        if turn < 13:
            state = table.box_states()[key]
            assert "filled" in state["classes"] and state["disabled"]
            assert state["text"] == str(points)
            game = table.saved_game()
            assert game.sides[0].sheet.total >= before_total + (points or 0)
            assert table.text("#totals") == f"你 {game.sides[0].sheet.total}"
    # E1: the result dialog with this game's score and the best score.
    dialog = page.locator("#result-dialog")
    dialog.wait_for(state="visible")
    records = table.storage("yahtzee.records")
    total = records["single"]["best"]
    assert records["single"]["games"] == 1
    assert str(total) in dialog.locator(".result-score").inner_text()
    assert "新纪录" in dialog.inner_text()  # the first game always sets the record
    assert f"最高纪录 {total}" in dialog.inner_text()
    assert table.storage("yahtzee.game") is None  # a finished game is not kept for resuming
    assert table.text("#sheet tfoot td") == str(total)
    # E2: 再来一局 starts a fresh game with the same settings.
    dialog.get_by_role("button", name="再来一局").click()
    table.wait_idle()
    assert not dialog.is_visible()
    assert table.text("#round") == "第 1 / 13 回合"
    assert table.text("#totals") == "你 0"
    assert table.text("#hint-btn") == "提示 (3)"


def play_turn_by_keyboard(table: Table) -> None:
    """One turn with keys only: Space, 1 and 2, Enter, Space, then Tab to a box and Enter."""
    page = table.page
    keyboard = page.keyboard
    keyboard.press("Space")
    table.wait_idle()
    check_previews(table)
    keyboard.press("1")
    keyboard.press("2")
    assert table.held()[:2] == [True, True]
    keyboard.press("Enter")
    table.wait_idle()
    keyboard.press("Space")
    table.wait_idle()
    assert table.text("#roll-btn") == "已掷 (3/3)"
    key = table.best_box()
    for _ in range(60):
        keyboard.press("Tab")
        if page.evaluate("() => document.activeElement.dataset.box || ''") == key:
            break
    else:
        pytest.fail(f"Tab never reached box {key}")
    keyboard.press("Enter")
    if page.evaluate("() => document.getElementById('confirm-dialog').open"):
        # The focus starts on 取消; Tab moves to the confirm button.
        assert page.evaluate("() => document.activeElement.id") == "confirm-cancel"
        keyboard.press("Tab")
        keyboard.press("Enter")
    table.wait_idle()


def test_a_game_by_keyboard(open_table: OpenTable) -> None:
    # A best score no game can beat: this game must not claim a new record.
    table = open_table(
        storage={
            "yahtzee.records": json.dumps({"version": 1, "single": {"best": 1575, "games": 4}})
        }
    )
    page = table.page
    page.get_by_role("button", name="开始游戏").focus()
    page.keyboard.press("Enter")
    table.wait_idle()
    page.wait_for_selector("#game[data-shortcuts='on']")
    assert table.text("#round") == "第 1 / 13 回合"
    play_turn_by_keyboard(table)
    # Turns 2 to 10 on the game's own dice here; the page resumes it from the lobby by keys.
    game = played_on(table.saved_game(), 11)
    table.set_storage({"yahtzee.game": json.dumps(to_json(game))})
    table.reload()
    page.get_by_role("button", name="继续上次没打完的一局").focus()
    page.keyboard.press("Enter")
    table.wait_idle()
    page.wait_for_selector("#game[data-shortcuts='on']")
    for turn in range(11, 14):
        assert table.text("#round") == f"第 {turn} / 13 回合"
        play_turn_by_keyboard(table)
    dialog = page.locator("#result-dialog")
    dialog.wait_for(state="visible")
    assert "新纪录" not in dialog.inner_text()
    assert "最高纪录 1575" in dialog.inner_text()
    records = table.storage("yahtzee.records")
    assert records["single"] == {"best": 1575, "games": 5}
    # The dialog's focus is on 再来一局: Enter starts the next game.
    assert page.evaluate("() => document.activeElement.textContent") == "再来一局"
    page.keyboard.press("Enter")
    table.wait_idle()
    assert table.text("#round") == "第 1 / 13 回合"


def test_a_held_down_enter_presses_nothing_the_focus_moves_to(table: Table) -> None:
    """K1: one key press acts once. After the third roll the focus moves to the first open box,
    and after the last box to 再来一局; Enter held down (auto-repeat) must not press them."""
    page = table.page
    table.start_single()
    page.wait_for_selector("#game[data-shortcuts='on']")
    page.locator("#roll-btn").focus()
    for _ in range(2):
        page.keyboard.press("Enter")
        table.wait_idle()
    page.keyboard.down("Enter")  # the third roll, and the key stays down
    table.wait_idle()
    assert table.saved_game().turn.rolls_used == 3
    assert page.evaluate("() => document.activeElement.dataset.box") is not None
    for _ in range(3):
        page.keyboard.down("Enter")  # auto-repeat
    page.keyboard.up("Enter")
    table.wait_idle()
    assert table.text("#round") == "第 1 / 13 回合"
    assert table.saved_game().turn.rolls_used == 3


def test_zero_needs_confirmation(table: Table) -> None:
    table.start_single()
    table.roll()
    states = table.box_states()
    previews = table.previews()
    zero = next(k for k, v in previews.items() if v == 0)
    assert any(v for v in previews.values())  # another box scores: the question is asked
    before = table.storage("yahtzee.game")
    # Cancel changes nothing.
    assert table.score(zero, confirm=False) is True
    assert table.storage("yahtzee.game") == before
    assert table.box_states()[zero] == states[zero]
    assert table.text("#round") == "第 1 / 13 回合"
    # Esc cancels too.
    table.box(zero).click()
    assert table.page.evaluate("() => document.getElementById('confirm-dialog').open")
    table.page.keyboard.press("Escape")
    assert not table.page.evaluate("() => document.getElementById('confirm-dialog').open")
    assert table.storage("yahtzee.game") == before
    # Confirming scores the 0.
    assert table.score(zero, confirm=True) is True
    state = table.box_states()[zero]
    assert "filled" in state["classes"] and state["text"] == "0"
    assert state["label"].endswith("已登记 0分")
    assert table.saved_game().sides[0].sheet.get(Box(zero)) == 0
    assert table.text("#round") == "第 2 / 13 回合"


def test_no_roll_with_all_five_held(table: Table) -> None:
    # Rolling with every die held would only spend one of the turn's rolls (a player's audit
    # did it twice by mistake): the button waits until a die is let go, and says why.
    page = table.page
    table.start_single()
    table.roll()
    for index in range(5):
        table.toggle(index)
    roll = page.locator("#roll-btn")
    expect(roll).to_be_disabled()
    assert roll.text_content() == "再掷 (1/3)"
    assert table.status() == "五颗都保留了：选择一项登记，或先取消保留几颗再掷"
    before = table.storage("yahtzee.game")
    page.locator("#game").focus()
    page.keyboard.press("Space")
    page.keyboard.press("Enter")
    table.wait_idle()
    assert table.storage("yahtzee.game") == before and roll.text_content() == "再掷 (1/3)"
    table.toggle(4)
    expect(roll).to_be_enabled()
    assert table.status() == "点骰子保留，再掷；满意就选择一项登记"
    table.roll()
    assert roll.text_content() == "再掷 (2/3)"
    assert table.dice()[:4] == [int(x) for x in before["turn"]["rolls"][0][:4]]


# Where the page is scrolled out of the dice's sight, and back. A player's audit scrolled down
# to the help; a spec audit only until the bottom 10 px of the score sheet showed.
GAME_BOTTOM = "document.getElementById('game').getBoundingClientRect().bottom + window.scrollY"
DICE_TOP = "document.getElementById('dice').getBoundingClientRect().top + window.scrollY"


@pytest.mark.parametrize(
    ("away", "back"),
    [
        ("document.body.scrollHeight / 2", "0"),
        (f"{GAME_BOTTOM} - 10", f"{DICE_TOP} + 5"),
    ],
    ids=["help", "sliver"],
)
def test_space_scrolls_instead_of_rolling_out_of_sight(table: Table, away: str, back: str) -> None:
    # After a roll by keyboard the focus stays on the roll button; scrolled down, Space (the
    # page-down key) pressed that button, or the shortcut, and rolled unseen. The keys act on
    # the dice, so they need at least half of the dice on screen, not any pixel of the game.
    page = table.page
    table.start_single()
    page.locator("#roll-btn").focus()
    page.keyboard.press("Space")
    table.wait_idle()
    assert page.evaluate("() => document.activeElement.id") == "roll-btn"
    page.evaluate(f"() => window.scrollTo(0, {away})")
    page.wait_for_selector("#game[data-shortcuts='off']", state="attached")
    top = page.evaluate("() => window.scrollY")
    page.keyboard.press("Space")
    page.wait_for_function("y => window.scrollY > y", arg=top)
    page.keyboard.press("1")
    page.keyboard.press("h")
    page.wait_for_timeout(100)
    assert table.saved_game().turn.rolls_used == 1
    assert table.held() == [False] * 5 and table.text("#hint-btn") == "提示 (3)"
    # Back in sight, Space rolls again.
    page.evaluate(f"() => window.scrollTo(0, {back})")
    page.wait_for_selector("#game[data-shortcuts='on']")
    page.keyboard.press("Space")
    table.wait_idle()
    assert table.saved_game().turn.rolls_used == 2


def test_a_box_with_points_scores_without_a_question(table: Table) -> None:
    table.start_single()
    table.roll()
    key = table.best_box()
    assert table.score(key) is False
    assert table.text("#round") == "第 2 / 13 回合"
    assert [k for k in BOX_KEYS if "filled" in table.box_states()[k]["classes"]] == [key]


def test_a_server_error_is_one_line_and_loses_nothing(table: Table) -> None:
    page = table.page
    table.start_single()
    table.roll()
    table.toggle(0)
    before = table.storage("yahtzee.game")
    faces = table.dice()
    error = {"error": {"code": "illegal_move", "message": "现在不能这样操作：no rolls left"}}
    page.route(
        "**/api/action",
        lambda route: route.fulfill(
            status=409, content_type="application/json", body=json.dumps(error)
        ),
    )
    table.roll()
    assert table.message() == "现在不能这样操作"  # the developer's detail stays in the tooltip
    assert table.storage("yahtzee.game") == before
    assert table.dice() == faces and table.held()[0]
    page.unroute("**/api/action")
    page.route("**/api/action", lambda route: route.abort())
    key = table.best_box()
    table.score(key)
    assert "连不上游戏服务器" in table.message()
    assert table.storage("yahtzee.game") == before
    assert "filled" not in table.box_states()[key]["classes"]
    page.unroute("**/api/action")
    table.roll()  # and the game goes on with the hold the player chose
    assert table.saved_game().turn.keeps == ((faces[0],),)
