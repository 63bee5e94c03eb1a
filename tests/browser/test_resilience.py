"""What the game survives: the same saved game open in two tabs, localStorage full or
unavailable, and the server restarting mid-game. The game lives in the browser, so none of
these may lose a filled box or corrupt the save.
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from playwright.sync_api import Route, expect

from tests.browser.support import (
    OpenTable,
    ServerProcess,
    Table,
    hold_the_computer_turn,
    requests_to,
    wait_your_turn,
)
from tests.gameplay import COMPUTER, PLAYER, make_records
from yahtzee.codec import to_json
from yahtzee.game import Roll, Score
from yahtzee.rules import Box

pytestmark = pytest.mark.browser

TAB_NOTICE = "这局游戏已在另一个标签页打开"

# localStorage that is full: every write throws QuotaExceededError until the page sets
# window.__storageFull = false (space freed).
STORAGE_FULL = """(() => {
  const setItem = Storage.prototype.setItem;
  Storage.prototype.setItem = function (key, value) {
    if (window.__storageFull !== false) {
      throw new DOMException('The quota has been exceeded.', 'QuotaExceededError');
    }
    return setItem.call(this, key, value);
  };
})();"""

# localStorage that cannot be used at all: touching window.localStorage throws (some private
# modes), or every call on it throws.
STORAGE_DENIED = {
    "access-throws": """Object.defineProperty(window, 'localStorage', {configurable: true,
        get() { throw new DOMException('Access is denied.', 'SecurityError'); }});""",
    "calls-throw": """for (const name of ['getItem', 'setItem', 'removeItem', 'key', 'clear']) {
        Storage.prototype[name] = function () {
          throw new DOMException('Access is denied.', 'SecurityError');
        };
      }""",
}


def notice(table: Table) -> str:
    """The lasting notice's text ('' when hidden); it must fit one line."""
    loc = table.page.locator("#notice")
    if not loc.is_visible():
        return ""
    box = loc.bounding_box()
    assert box is not None and box["height"] < 48, box  # one line
    text = table.text("#notice-text")
    assert "\n" not in text
    return text


def play_turn(table: Table) -> None:
    """Roll twice and score the best box (single mode: waits until the next turn)."""
    table.roll()
    table.toggle(0)
    table.roll()
    table.score(table.best_box(), confirm=True)


def test_two_tabs_on_one_saved_game(open_table: OpenTable) -> None:
    first = open_table()
    first.start_single()
    play_turn(first)
    # A second tab of the same browser: it sees the game is being played and says so.
    second = open_table(beside=first)
    assert notice(second) == TAB_NOTICE
    take_over = second.page.get_by_role("button", name="在这里继续")
    assert take_over.is_visible()
    # 开始游戏 there asks before it abandons the game the first tab plays; 取消 changes nothing.
    sent = requests_to(second, "/api/action", "/api/new")
    saved = first.storage("yahtzee.game")
    second.page.get_by_role("button", name="开始游戏").click()
    dialog = second.page.locator("#confirm-dialog")
    expect(dialog).to_be_visible()
    assert "另一个标签页" in second.text("#confirm-text")
    second.page.locator("#confirm-cancel").click()
    second.page.wait_for_timeout(100)
    assert sent == [] and second.page.locator("#lobby").is_visible()
    assert second.storage("yahtzee.game") == saved
    assert notice(second) == TAB_NOTICE
    # The first tab goes on writing its game (the player switches tabs: a hidden tab's timers
    # are throttled).
    first.page.bring_to_front()
    play_turn(first)
    assert first.saved_game().round == 3
    assert notice(first) == ""
    # Taking over in the second tab: it resumes the latest save; the first one stops writing.
    second.page.bring_to_front()
    take_over.click()
    second.wait_idle()
    assert second.text("#round") == "第 3 / 13 回合"
    assert notice(second) == ""
    first.page.wait_for_selector("#notice:not([hidden])")
    assert notice(first) == TAB_NOTICE
    assert first.status() == "这局已在另一个标签页继续，这里暂停"
    assert first.page.locator("#roll-btn").is_disabled()
    first_sent = requests_to(first, "/api/action", "/api/hint", "/api/new")
    first.page.keyboard.press("Space")
    first.page.keyboard.press("h")
    first.page.locator("#roll-btn").click(force=True)
    first.page.wait_for_timeout(100)
    assert first_sent == []
    play_turn(second)
    game = second.saved_game()
    assert game.round == 4 and sum(box is not None for box in game.sides[0].sheet.boxes) == 3
    # And back again: the first tab takes over and the second one stops.
    first.page.bring_to_front()
    first.page.get_by_role("button", name="在这里继续").click()
    first.wait_idle()
    assert first.text("#round") == "第 4 / 13 回合"
    second.page.wait_for_selector("#notice:not([hidden])")
    assert notice(second) == TAB_NOTICE
    play_turn(first)
    assert first.saved_game().round == 5


def test_a_second_tabs_lobby_buttons_take_the_game_over(open_table: OpenTable) -> None:
    """In a tab that finds the game played elsewhere, 继续 takes it over as the notice's button
    does, and 开始游戏 (once confirmed) starts a new game there; the other tab stops either way."""
    first = open_table()
    first.start_single()
    play_turn(first)
    second = open_table(beside=first)
    assert notice(second) == TAB_NOTICE
    second.page.get_by_role("button", name="继续上次没打完的一局").click()
    second.wait_idle()
    assert second.text("#round") == "第 2 / 13 回合" and notice(second) == ""
    first.page.wait_for_selector("#notice:not([hidden])")
    assert first.status() == "这局已在另一个标签页继续，这里暂停"
    # Back in the first tab's lobby, 开始游戏 asks, then starts afresh and stops the second tab.
    first.page.bring_to_front()
    first.page.get_by_role("button", name="回大厅").click()
    assert notice(first) == TAB_NOTICE
    first.page.get_by_role("button", name="开始游戏").click()
    expect(first.page.locator("#confirm-dialog")).to_be_visible()
    first.page.locator("#confirm-ok").click()
    expect(first.page.locator("#round")).to_have_text("第 1 / 13 回合")
    first.wait_idle()
    assert first.saved_game().round == 1 and notice(first) == ""
    second.page.wait_for_selector("#notice:not([hidden])")
    assert second.status() == "这局已在另一个标签页继续，这里暂停"


def test_a_tab_going_back_to_the_lobby_frees_the_game(open_table: OpenTable) -> None:
    first = open_table()
    first.start_single()
    play_turn(first)
    second = open_table(beside=first)
    assert notice(second) == TAB_NOTICE
    first.page.bring_to_front()
    first.page.get_by_role("button", name="回大厅").click()
    second.page.bring_to_front()
    second.page.wait_for_selector("#notice", state="hidden")
    second.page.get_by_role("button", name="继续上次没打完的一局").click()
    second.wait_idle()
    assert second.text("#round") == "第 2 / 13 回合"
    assert notice(first) == TAB_NOTICE  # and now the first tab is the one told


PAGE_HIDE = "() => window.dispatchEvent(new PageTransitionEvent('pagehide', {persisted: true}))"
PAGE_SHOW = "() => window.dispatchEvent(new PageTransitionEvent('pageshow', {persisted: true}))"


def test_a_tab_back_from_the_page_cache_leaves_a_game_played_on_elsewhere(
    open_table: OpenTable,
) -> None:
    """Leaving for another page keeps this one in the back/forward cache, game and all; Back
    shows it again. If another tab played on meanwhile, the old copy must not overwrite it."""
    first = open_table()
    first.start_single()
    play_turn(first)
    # Away and back with nothing changed: it plays on.
    first.page.evaluate(PAGE_HIDE)
    first.page.evaluate(PAGE_SHOW)
    play_turn(first)
    assert first.saved_game().round == 3
    # Away; meanwhile another tab plays the saved game on (a page in the cache hears nothing of
    # it: the save changes under it without a storage event).
    first.page.evaluate(PAGE_HIDE)
    game = first.saved_game()
    # Rolled from the game's dice record (the server's key is the tests'), as that tab did.
    rolled = game.apply(Roll(), make_records())
    box = min(rolled.allowed())
    later = rolled.apply(Score(box))
    first.page.evaluate(
        "game => localStorage.setItem('yahtzee.game', game)", json.dumps(to_json(later))
    )
    saved = first.storage("yahtzee.game")
    # Back, still showing round 3: it goes to its lobby and writes nothing.
    first.page.evaluate(PAGE_SHOW)
    first.page.wait_for_selector("#lobby:not([hidden])")
    assert first.message() == "这一局在另一个标签页里接着打过了，已回到大厅"
    first.page.locator("#message").click()
    assert first.storage("yahtzee.game") == saved
    first.page.get_by_role("button", name="继续上次没打完的一局").click()
    first.wait_idle()
    assert first.text("#round") == "第 4 / 13 回合"
    assert "filled" in first.box_states()[box.value]["classes"]


def test_the_tab_notice_goes_once_this_tab_plays(table: Table) -> None:
    """A tab that held the game went quiet without letting it go (a phone's frozen tab): its
    notice, shown at load, goes once this tab resumes the game."""
    page = table.page
    table.start_single()
    play_turn(table)
    page.get_by_role("button", name="回大厅").click()
    beat = "at => localStorage.setItem('yahtzee.owner', JSON.stringify({tab: 'other', at}))"
    page.evaluate(f"({beat})(Date.now())")
    table.reload()
    assert notice(table) == TAB_NOTICE
    page.evaluate(f"({beat})(Date.now() - 60000)")  # the other tab stopped beating
    page.get_by_role("button", name="继续上次没打完的一局").click()
    table.wait_idle()
    assert table.text("#round") == "第 2 / 13 回合"
    assert notice(table) == ""


def test_restart_while_a_roll_is_in_flight_leaves_nothing_behind(table: Table) -> None:
    """重新开始 drops what is in flight as 回大厅 does: a roll whose answer never comes back
    leaves no 「掷骰中…」 on the new game."""
    page = table.page
    table.start_single()
    held: list[Route] = []
    page.route("**/api/action", lambda route: held.append(route))
    page.locator("#roll-btn").click()
    page.wait_for_function("() => document.querySelector('#status').textContent === '掷骰中…'")
    page.route("**/api/new", lambda route: route.fulfill(status=503, body="busy"))
    page.get_by_role("button", name="重新开始").click()
    page.locator("#confirm-ok").click()
    page.wait_for_selector("#message:not([hidden])")
    page.unroute("**/api/new")
    for route in held:
        route.abort()
    page.wait_for_timeout(100)
    assert table.status() == "点「掷骰子」开始"
    assert page.locator("#roll-btn").is_enabled()


def test_storage_full_still_plays(open_table: OpenTable) -> None:
    table = open_table(load=False)
    page = table.page
    page.add_init_script(STORAGE_FULL)
    table.open()
    table.start_single()
    assert notice(table) == "浏览器存储已满，进度无法保存（可以接着玩）"
    play_turn(table)
    assert table.text("#round") == "第 2 / 13 回合"
    # Settings still change (only for this visit).
    page.get_by_role("button", name="设置").click()
    page.locator("#settings-dialog").get_by_role("button", name="较快").click()
    assert page.locator("#settings-dialog [data-value='fast']").get_attribute("aria-pressed") == (
        "true"
    )
    page.keyboard.press("Escape")
    # A second change keeps the first, though the stored settings still say otherwise.
    page.get_by_role("button", name="设置").click()
    page.locator("#settings-dialog").get_by_role("group", name="声音").get_by_role(
        "button", name="关", exact=True
    ).click()
    assert page.locator("#settings-dialog [data-value='fast']").get_attribute("aria-pressed") == (
        "true"
    )
    page.keyboard.press("Escape")
    # Back to the lobby and on: the page keeps the game it could not save.
    page.get_by_role("button", name="回大厅").click()
    page.get_by_role("button", name="继续上次没打完的一局").click()
    table.wait_idle()
    assert table.text("#round") == "第 2 / 13 回合"
    # Space freed: the next save works and the notice goes away.
    page.evaluate("() => { window.__storageFull = false; }")
    play_turn(table)
    assert notice(table) == ""
    assert table.saved_game().round == 3


@pytest.mark.parametrize("how", sorted(STORAGE_DENIED))
def test_storage_unavailable_still_plays(open_table: OpenTable, how: str) -> None:
    table = open_table(load=False)
    page = table.page
    page.add_init_script(STORAGE_DENIED[how])
    table.open()
    # Records and settings could not be read: defaults, and one line saying why.
    assert notice(table) == "浏览器不让保存数据，进度无法保存（可以接着玩）"
    assert "暂无" in table.text("#records")
    assert not page.get_by_role("button", name="继续上次没打完的一局").is_visible()
    page.get_by_role("button", name="设置").click()
    page.locator("#settings-dialog").get_by_role("group", name="声音").get_by_role(
        "button", name="关", exact=True
    ).click()
    page.keyboard.press("Escape")
    # The game plays.
    page.get_by_role("button", name="人机对战").click()
    page.get_by_role("button", name="入门", exact=True).click()
    page.get_by_role("button", name="我先", exact=True).click()
    page.get_by_role("button", name="开始游戏").click()
    table.wait_idle()
    table.roll()
    key = table.best_box()
    table.score(key)
    wait_your_turn(page)
    table.wait_idle()
    assert table.text("#round") == "第 2 / 13 回合"
    page.get_by_role("button", name="回大厅").click()
    page.get_by_role("button", name="继续上次没打完的一局").click()
    table.wait_idle()
    assert "filled" in table.box_states()[key]["classes"]
    assert notice(table) != ""


@pytest.mark.long
def test_server_restart_mid_game_loses_nothing(open_table: OpenTable, tmp_path: Path) -> None:
    server = ServerProcess(tmp_path / "first.log")
    try:
        server.wait_ready()
        table = open_table(base_url=server.url)
        page = table.page
        table.start_vs("入门", "我先")
        table.wait_idle()
        table.roll()
        first_box = table.best_box()
        table.score(first_box)
        wait_your_turn(page)
        table.wait_idle()
        table.roll()
        faces = table.dice()
        saved = table.storage("yahtzee.game")
        # The server goes away on the player's turn: the click fails in one line, nothing lost.
        server.stop()
        second_box = table.best_box()
        table.score(second_box)
        assert "连不上游戏服务器" in table.message()
        assert table.storage("yahtzee.game") == saved
        assert table.dice() == faces
        assert "filled" not in table.box_states()[second_box]["classes"]
        # A new server on the same port: the same game goes on, the computer's turn included.
        server = ServerProcess(tmp_path / "second.log", seed=7, port=server.port)
        server.wait_ready()
        table.score(second_box)
        wait_your_turn(page)
        table.wait_idle()
        game = table.saved_game()
        assert game.round == 3 and game.current == PLAYER
        mine = game.sides[PLAYER].sheet
        assert mine.get(Box(first_box)) is not None and mine.get(Box(second_box)) is not None
        assert sum(box is not None for box in game.sides[COMPUTER].sheet.boxes) == 2
    finally:
        server.stop()


def test_a_failed_computer_step_waits_for_the_player(table: Table) -> None:
    """The server unreachable during the computer's turn: one line, nothing lost, and
    「让电脑继续」 picks the turn up again."""
    page = table.page
    gate = hold_the_computer_turn(table, "入门")
    saved = table.storage("yahtzee.game")
    assert saved["current"] == COMPUTER
    gate.closed = False
    gate.drop()  # the held step fails as if the server were gone
    page.wait_for_selector("#roll-btn:has-text('让电脑继续'):not([disabled])")
    assert "连不上游戏服务器" in table.message()
    assert table.status() == "电脑这一步没走成，点「让电脑继续」"
    assert table.storage("yahtzee.game") == saved
    page.locator("#roll-btn").click()
    wait_your_turn(page)
    table.wait_idle()
    assert table.message() == ""  # the step went through: the network line went with it
    game = table.saved_game()
    assert game.round == 2 and game.current == PLAYER
    assert sum(box is not None for box in game.sides[COMPUTER].sheet.boxes) == 1


def test_an_answer_that_never_comes_times_out(open_table: OpenTable) -> None:
    """A phone changing networks can leave a request hanging for minutes: after 20 s the page
    gives up on it, says so, and the roll can be tried again (the save untouched)."""
    table = open_table(load=False)
    page = table.page
    page.clock.install()
    table.open()
    table.start_single()
    saved = table.storage("yahtzee.game")
    hung: list[Route] = []
    page.route("**/api/action", lambda route: hung.append(route))
    page.locator("#roll-btn").click()
    page.wait_for_function("() => document.querySelector('#status').textContent === '掷骰中…'")
    page.clock.fast_forward(19_000)
    assert table.status() == "掷骰中…"
    page.clock.fast_forward(2_000)
    page.wait_for_selector("#message:not([hidden])")
    assert table.message() == "服务器很久没有回应，请再试一次"
    assert table.status() == "点「掷骰子」开始" and page.locator("#roll-btn").is_enabled()
    assert table.storage("yahtzee.game") == saved
    page.unroute("**/api/action")
    assert len(hung) == 1  # the page gave up on it: nothing left to answer
    table.roll()
    assert table.saved_game().turn.rolls_used == 1
    # The roll went through (the clock stood still): the failure's line is gone with it, not
    # covering 提示 and 回大厅 for its nine seconds.
    assert table.message() == ""


def test_a_failed_restart_in_the_computer_turn_offers_to_go_on(open_table: OpenTable) -> None:
    """重新开始 during the computer's turn stops it; when the new game cannot be had, the old
    one says its computer stopped and offers 让电脑继续, not 电脑思考中… for good."""
    table = open_table()
    page = table.page
    gate = hold_the_computer_turn(table)
    page.route("**/api/new", lambda route: route.fulfill(status=503, body="busy"))
    page.get_by_role("button", name="重新开始").click()
    page.locator("#confirm-ok").click()
    page.wait_for_selector("#message:not([hidden])")
    gate.release()
    page.wait_for_function(
        "() => document.querySelector('#status').textContent.startsWith('电脑这一步没走成')"
    )
    page.unroute("**/api/new")
    page.get_by_role("button", name="让电脑继续").click()
    wait_your_turn(page)
    table.wait_idle()
    assert table.arrow() == [PLAYER]
