"""Look and feel that a player checks by hand: phone layout, accessible names, the roll
animation, fullscreen, keyboard rules, and the Joker / Yahtzee bonus on the sheet
(docs/behaviours.md P3, P4, D2, D4, T6, K1, S5).
"""

from __future__ import annotations

import re
from typing import Any

import pytest
from playwright.sync_api import Route, expect

from tests.browser.support import (
    DIE_NAME,
    ComputerGate,
    OpenTable,
    ScriptedDice,
    Table,
    hold_the_computer_turn,
    install_roll,
    resume,
    resume_saved,
    saved,
)
from tests.gameplay import LOWER_FILLERS, single_last_turn
from yahtzee.game import Game, Roll, Score
from yahtzee.rules import Box

pytestmark = pytest.mark.browser


def fits(table: Table, selector: str, width: int, height: int) -> None:
    """Every element matching ``selector`` lies inside the viewport (no scrolling needed)."""
    boxes: list[dict[str, float]] = table.page.eval_on_selector_all(
        selector,
        """els => els.map(e => { const r = e.getBoundingClientRect();
            return {left: r.left, top: r.top, right: r.right, bottom: r.bottom}; })""",
    )
    assert boxes, selector
    for box in boxes:
        assert box["left"] >= 0 and box["right"] <= width, (selector, box)
        assert box["top"] >= 0 and box["bottom"] <= height, (selector, box)


def no_horizontal_scroll(table: Table, width: int) -> None:
    scroll_width = table.page.evaluate("() => document.documentElement.scrollWidth")
    assert scroll_width <= width


@pytest.mark.parametrize("mode", ["single", "vs"])
def test_phone_turn_fits_one_screen_by_touch(open_table: OpenTable, mode: str) -> None:
    table = open_table(width=390, height=844, touch=True)
    page = table.page
    no_horizontal_scroll(table, 390)
    if mode == "vs":  # the longest top bar: a drawn starter and the 胜率 with a draw share
        page.get_by_role("button", name="人机对战").tap()
        page.get_by_role("button", name="高手").tap()
        page.get_by_role("button", name="随机").tap()
    page.get_by_role("button", name="开始游戏").tap()
    table.wait_idle()
    page.locator("#roll-btn").tap()
    table.wait_idle()
    if mode == "vs":
        for selector in ("#match", "#winbar", ".tools .tool"):
            fits(table, selector, 390, 844)
    table.die(2).tap()
    assert table.held()[2]
    assert page.evaluate("() => window.scrollY") == 0
    no_horizontal_scroll(table, 390)
    for selector in ("#dice .die", "#roll-btn", "#status", "#sheet button.box", "#sheet tfoot"):
        fits(table, selector, 390, 844)
    size = table.die(0).bounding_box()
    assert size is not None and 48 <= size["width"] <= 56
    # A tap on a box scores it (touch works for the sheet too).
    table.box(table.best_box()).tap()
    if page.evaluate("() => document.getElementById('confirm-dialog').open"):
        page.locator("#confirm-ok").tap()
    if mode == "single":
        expect(page.locator("#round")).to_have_text("第 2 / 13 回合")
    table.wait_idle()
    # The help text wraps within the screen too.
    page.evaluate("() => window.scrollTo(0, document.body.scrollHeight)")
    no_horizontal_scroll(table, 390)


@pytest.mark.parametrize("mode", ["single", "vs"])
def test_the_top_bar_never_scrolls_sideways_at_any_width(open_table: OpenTable, mode: str) -> None:
    # Tablets, narrow windows and zoom sit between the phone and desktop layouts: the vs top
    # bar once needed 994 px there, and the tools ran off screen from 561 to 955 px.
    table = open_table(width=900, height=800)
    if mode == "vs":
        table.start_vs("高手", "随机")
    else:
        table.start_single()
    table.wait_idle()
    for width in (1100, 955, 900, 820, 768, 640, 561, 480, 360, 320):
        table.page.set_viewport_size({"width": width, "height": 800})
        no_horizontal_scroll(table, width)
        for selector in ("#round", "#totals", ".tools .tool:not([hidden])"):
            fits(table, selector, width, 800)
        if mode == "vs":
            fits(table, "#winbar .winbar-text", width, 800)


# What the top bar shows of the totals: where their text runs (an overflow is painted beyond
# #totals' own box, not clipped), the figures something else is drawn over, and how many tool
# buttons the middle of the text runs into (its box is taller than the figures). A 390 px phone
# once drew 你 169 电脑 254 (126 px) in 104 px, the last digit under 「提示已用完」.
TOTALS_SEEN = """() => {
    const totals = document.getElementById("totals");
    const box = totals.getBoundingClientRect();
    const range = document.createRange();
    range.selectNodeContents(totals);
    const text = range.getBoundingClientRect();
    const covered = [...totals.querySelectorAll(".num")].flatMap((num) => {
        const r = num.getBoundingClientRect();
        const y = (r.top + r.bottom) / 2;
        return [r.left + 1, r.right - 1]
            .filter((x) => !totals.contains(document.elementFromPoint(x, y)))
            .map((x) => `${num.textContent} at x=${Math.round(x)}`);
    });
    const inked = [text.top + text.height / 4, text.bottom - text.height / 4];
    const overlaps = [...document.querySelectorAll(".tools .tool")]
        .filter((tool) => tool.checkVisibility())
        .map((tool) => tool.getBoundingClientRect())
        .filter((t) => t.left < text.right && text.left < t.right
            && t.top < inked[1] && inked[0] < t.bottom).length;
    const bar = document.querySelector(".topbar");
    return {box: [box.left, box.right], text: [text.left, text.right], covered, overlaps,
        hint: document.getElementById("hint-btn").textContent,
        bar: bar.scrollWidth - bar.clientWidth};
}"""


WIDTHS = (1280, 1100, 955, 900, 820, 768, 760, 759, 640, 561, 560, 480, 414, 390, 375, 360, 320)


@pytest.mark.parametrize("mode", ["single", "vs"])
@pytest.mark.long
def test_the_totals_are_never_hidden_at_any_width(open_table: OpenTable, mode: str) -> None:
    # Each roll's answer is handed on with large totals and a hint count (the real game goes
    # on underneath): the audit's 169 / 254 and four digits, with both labels of the hint button.
    table = open_table(width=390, height=844, touch=True)
    shown: dict[str, Any] = {}

    def large(route: Route) -> None:
        answer = route.fetch()
        body = answer.json()
        body["view"]["sides"][0]["hints_left"] = shown["hints"]
        for side, total in zip(body["view"]["sides"], shown["totals"], strict=False):
            side["total"] = total
        route.fulfill(response=answer, json=body)

    table.page.route("**/api/action", large)
    if mode == "vs":
        table.start_vs("高手", "我先")
    else:
        table.start_single()
    for hints, totals in ((0, [169, 254]), (0, [1234, 1234]), (1, [1234, 1234])):
        shown.update(hints=hints, totals=totals)
        table.page.set_viewport_size({"width": 390, "height": 844})
        table.roll()
        assert table.totals() == totals[: 2 if mode == "vs" else 1]
        label = "提示已用完" if hints == 0 else f"提示 ({hints})"
        for width in WIDTHS:
            table.page.set_viewport_size({"width": width, "height": 800})
            seen: dict[str, Any] = table.page.evaluate(TOTALS_SEEN)
            where = (width, totals, seen)
            assert seen["hint"] == label, where
            assert seen["bar"] <= 0, where  # the top bar itself never scrolls sideways
            no_horizontal_scroll(table, width)
            assert seen["text"][0] >= 0 and seen["text"][1] <= width, where
            assert seen["box"][0] <= seen["text"][0], where
            assert seen["text"][1] <= seen["box"][1] + 0.5, where
            assert seen["overlaps"] == 0 and seen["covered"] == [], where


def test_desktop_layout(table: Table) -> None:
    table.start_single()
    table.roll()
    page = table.page
    size = table.die(0).bounding_box()
    assert size is not None and 56 <= size["width"] <= 72
    tray = page.locator(".tray-area").bounding_box()
    sheet = page.locator("#sheet").bounding_box()
    assert tray is not None and sheet is not None
    assert tray["x"] + tray["width"] <= sheet["x"]  # dice on the left, sheet on the right
    # S1: a real table, upper rows with subtotal, progress and bonus, lower rows, bonus, total.
    heads = page.eval_on_selector_all(
        "#sheet tbody th, #sheet tfoot th",
        "els => els.map(e => e.querySelector('.box-name').textContent)",
    )
    assert heads == [
        *("一点", "二点", "三点", "四点", "五点", "六点", "上区小计", "上区奖励"),
        *("三条", "四条", "葫芦", "小顺", "大顺", "快艇", "机会", "快艇加成", "总分"),
    ]
    assert re.fullmatch(r"\d+ / 63", table.text("#sheet .row-upper_subtotal .progress-text"))
    assert "还差" in table.text("#sheet .row-upper_bonus td")
    assert page.locator("#sheet th.side-0.acting .arrow").is_visible()
    # S2: a zero differs from a preview without colour too (weight and a mark).
    weights = page.evaluate(
        """() => ['preview', 'zero'].map(c => {
            const b = document.querySelector(`#sheet button.box.${c}`);
            return b ? parseInt(getComputedStyle(b).fontWeight) : null; })"""
    )
    if None not in weights:
        assert weights[1] < weights[0]
    fits(table, "#dice .die", 1280, 800)
    fits(table, "#sheet tfoot", 1280, 800)
    no_horizontal_scroll(table, 1280)


def test_accessible_names(table: Table) -> None:
    page = table.page
    table.start_single()
    table.roll()
    table.toggle(0)
    table.score(table.best_box())
    table.roll()
    table.toggle(1)
    # Every button (in the page and the dialogs) has a name in the accessibility tree.
    tree = page.locator("body").aria_snapshot()
    buttons = [line.strip() for line in tree.splitlines() if line.strip().startswith("- button")]
    assert len(buttons) >= 5 + 13 + 4
    for line in buttons:
        assert re.match(r'- button "[^"]+"', line), line
    # Dice: position, face, held state.
    names = table.die_names()
    faces = table.dice()
    assert names[1] == f"第2颗 {faces[1]}点 已保留"
    assert names[0] == f"第1颗 {faces[0]}点"
    assert all(DIE_NAME.match(name) for name in names)
    assert page.get_by_role("button", name=names[1], exact=True).is_visible()
    # Boxes: named by the box and what it would score now; disabled when it cannot be chosen.
    for key, row in table.box_states().items():
        label = row["label"]
        if "filled" in row["classes"].split():
            assert re.fullmatch(r"\S+ 已登记 \d+分", label) and row["disabled"], label
        else:
            assert re.fullmatch(r"\S+ \d+分", label) and not row["disabled"], (key, label)
    key, points = next(iter(table.previews().items()))
    name = table.box_states()[key]["label"].split()[0]
    assert page.get_by_role("button", name=f"{name} {points}分", exact=True).is_enabled()
    # Round and totals are text, not pictures.
    assert table.text("#round") == "第 2 / 13 回合"
    assert re.fullmatch(r"你 \d+", table.text("#totals"))
    assert page.locator("#status").get_attribute("aria-live") == "polite"


def rolling_dice(table: Table) -> list[dict[str, Any]]:
    """Each die's animation state right now."""
    state: list[dict[str, Any]] = table.page.eval_on_selector_all(
        "#dice .die",
        """els => els.map(e => ({rolling: e.classList.contains('rolling'),
            name: getComputedStyle(e).animationName,
            ms: parseFloat(getComputedStyle(e).animationDuration) * 1000}))""",
    )
    return state


@pytest.mark.parametrize(
    ("motion", "animation", "low", "high"),
    [("no-preference", "tumble", 400, 600), ("reduce", "jiggle", 50, 200)],
)
def test_roll_animation_moves_only_free_dice(
    open_table: OpenTable, motion: Any, animation: str, low: int, high: int
) -> None:
    table = open_table(query="", reduced_motion=motion)
    table.start_single()
    table.roll()
    table.toggle(0)
    table.toggle(3)
    held_faces = [table.dice()[0], table.dice()[3]]
    # Hold the server's answer back so the tumble lasts as long as we look at it.
    waiting: list[Route] = []

    def hold_back(route: Route) -> None:
        waiting.append(route)

    table.page.route("**/api/action", hold_back)
    table.page.locator("#roll-btn").click()
    for _ in range(200):
        if waiting:
            break
        table.page.wait_for_timeout(25)
    state = rolling_dice(table)
    assert table.status() == "掷骰中…"
    assert len(waiting) == 1
    waiting[0].continue_()
    table.page.unroute("**/api/action", hold_back)
    assert [d["rolling"] for d in state] == [False, True, True, False, True]
    for die in state:
        if die["rolling"]:
            assert die["name"] == animation
            assert low <= die["ms"] <= high
        else:
            assert die["name"] == "none"
    table.wait_idle()
    assert [table.dice()[0], table.dice()[3]] == held_faces
    assert not any(d["rolling"] for d in rolling_dice(table))


def test_clicks_answer_at_once(open_table: OpenTable) -> None:
    table = open_table(query="")
    page = table.page
    table.start_single()
    table.roll()
    # The click handler lifts the die synchronously: no request is made for a hold.
    requests: list[str] = []
    page.on("request", lambda request: requests.append(request.url))
    table.toggle(2)
    assert "held" in (table.die(2).get_attribute("class") or "").split()
    assert page.locator("#dice .die-mark.on").count() == 1
    assert requests == []
    # A scored box fills before the server has answered.
    waiting: list[Route] = []

    def hold_back(route: Route) -> None:
        waiting.append(route)

    page.route("**/api/action", hold_back)
    key = table.best_box()
    points = table.previews()[key]
    table.box(key).click()
    row = table.box_states()[key]
    assert "pending" in row["classes"] and row["text"] == str(points) and row["disabled"]
    for _ in range(200):
        if waiting:
            break
        page.wait_for_timeout(25)
    waiting[0].continue_()
    page.unroute("**/api/action", hold_back)
    table.wait_idle()
    assert "pending" not in table.box_states()[key]["classes"]
    assert table.text("#round") == "第 2 / 13 回合"


def test_fullscreen_button(table: Table) -> None:
    page = table.page
    table.start_single()
    button = page.locator("#fullscreen-btn")
    assert button.get_attribute("aria-label") == "全屏"
    # The icon shown: corners pointing out (全屏), or in (退出全屏), drawn in the page.
    icon = """el => [...el.querySelectorAll("svg")].filter((svg) => svg.checkVisibility())
        .map((svg) => svg.innerHTML)"""
    enter = button.evaluate(icon)
    assert len(enter) == 1
    button.click()
    page.wait_for_function("() => document.fullscreenElement !== null")
    assert page.evaluate("() => document.fullscreenElement.id") == "app"
    # The label follows the fullscreenchange event, which may come a moment after the change.
    expect(button).to_have_attribute("aria-label", "退出全屏")
    leave = button.evaluate(icon)
    assert len(leave) == 1 and leave != enter
    button.click()
    page.wait_for_function("() => document.fullscreenElement === null")
    expect(button).to_have_attribute("aria-label", "全屏")
    assert button.evaluate(icon) == enter


def test_shortcuts_only_when_they_should(table: Table) -> None:
    page = table.page
    keyboard = page.keyboard
    table.start_single()
    page.wait_for_selector("#game[data-shortcuts='on']")
    # Space on the focused roll button rolls once, not twice.
    page.locator("#roll-btn").focus()
    keyboard.press("Space")
    table.wait_idle()
    assert table.saved_game().turn.rolls_used == 1
    # A held-down key (auto-repeat) counts once.
    page.evaluate("() => document.activeElement.blur()")
    keyboard.down("3")
    keyboard.down("3")
    keyboard.down("3")
    keyboard.up("3")
    assert table.held() == [False, False, True, False, False]
    keyboard.press("3")
    # Typing in a text field does nothing to the game.
    page.evaluate(
        """() => { const i = document.createElement('input'); i.id = 'probe';
        document.querySelector('.tray-area').prepend(i); }"""
    )
    page.locator("#probe").click()
    keyboard.type("12h ")
    keyboard.press("Enter")
    page.wait_for_timeout(100)
    assert page.locator("#probe").input_value() == "12h "
    assert table.held() == [False] * 5
    assert table.saved_game().turn.rolls_used == 1
    assert table.text("#hint-btn") == "提示 (3)"
    page.evaluate("() => document.getElementById('probe').remove()")
    # With the game area scrolled out of sight, keys do nothing.
    page.evaluate("() => window.scrollTo(0, document.body.scrollHeight)")
    page.wait_for_selector("#game[data-shortcuts='off']", state="attached")
    keyboard.press("1")
    keyboard.press("Space")
    keyboard.press("h")
    page.wait_for_timeout(100)
    assert table.held() == [False] * 5
    assert table.saved_game().turn.rolls_used == 1
    # Back in view, they work again; Enter on a focused die presses that die, not the roll.
    page.evaluate("() => window.scrollTo(0, 0)")
    page.wait_for_selector("#game[data-shortcuts='on']")
    keyboard.press("1")
    assert table.held()[0]
    table.die(4).focus()
    keyboard.press("Enter")
    assert table.held() == [True, False, False, False, True]
    assert table.saved_game().turn.rolls_used == 1


def test_space_after_a_dialog_closed_by_the_mouse_rolls(table: Table) -> None:
    """A dialog opened by a click gives the focus back to its button as it closes; Space then
    reopened it (settings, a zero's question) instead of rolling."""
    page = table.page
    table.start_single()
    page.wait_for_selector("#game[data-shortcuts='on']")

    def close_then_space(dialog: str, button: str, rolls: int) -> None:
        page.locator(dialog).get_by_role("button", name=button).click()
        table.wait_idle()
        page.keyboard.press("Space")
        table.wait_idle()
        assert not page.evaluate("d => document.querySelector(d).open", dialog)
        assert table.saved_game().turn.rolls_used == rolls

    page.get_by_role("button", name="设置").click()
    close_then_space("#settings-dialog", "完成", 1)
    zero = next(key for key, points in table.previews().items() if points == 0)
    table.box(zero).click()
    close_then_space("#confirm-dialog", "取消", 2)


def test_space_scrolls_the_help_after_the_computer_turn(open_table: OpenTable) -> None:
    """Scrolled down to read while the computer plays: when it is done, Space scrolls on and
    rolls nothing out of sight (the focus, lost with the box scored, is not put back there)."""
    table = open_table()
    page = table.page
    gate = hold_the_computer_turn(table)
    page.evaluate("() => window.scrollTo(0, document.body.scrollHeight / 2)")
    page.wait_for_selector("#game[data-shortcuts='off']", state="attached")
    gate.release()
    page.wait_for_selector("#roll-btn:has-text('掷骰子'):not([disabled])")
    table.wait_idle()
    before = page.evaluate("() => window.scrollY")
    page.keyboard.press("Space")
    page.wait_for_function(f"() => window.scrollY > {before}")
    assert table.saved_game().turn.rolls_used == 0


def test_the_sound_is_readied_by_the_first_press(open_table: OpenTable) -> None:
    """Safari keeps an audio context made outside a user gesture silent, and the computer's
    sounds come after awaits: the context is made in the player's first press instead."""
    table = open_table(load=False)
    page = table.page
    page.add_init_script(
        """window.__contexts = 0;
        const Base = window.AudioContext;
        window.AudioContext = class extends Base {
          constructor(...args) { super(...args); window.__contexts += 1; }
        };"""
    )
    table.open()
    gate = ComputerGate(page)
    gate.closed = True
    assert page.evaluate("window.__contexts") == 0
    table.start_vs("普通", "电脑先")
    gate.wait_held()  # no sound yet: the computer's first step is still on its way
    assert page.evaluate("window.__contexts") == 1


def in_view(table: Table, selector: str) -> bool:
    """True when the whole of the element matching ``selector`` is inside the viewport."""
    return bool(
        table.page.eval_on_selector(
            selector,
            """e => { const r = e.getBoundingClientRect();
            return r.top >= 0 && r.bottom <= window.innerHeight && r.left >= 0
                && r.right <= window.innerWidth; }""",
        )
    )


def test_a_phone_held_sideways_keeps_the_dice_beside_the_sheet(open_table: OpenTable) -> None:
    """844×390: in one column the sheet began below the screen and every turn scrolled up and
    down. The dice stay in view beside the sheet, even with its last rows scrolled to."""
    table = open_table(width=844, height=390, touch=True)
    page = table.page
    page.get_by_role("button", name="人机对战").tap()
    page.evaluate("() => window.scrollTo(0, document.body.scrollHeight)")  # 开始游戏 is below
    page.get_by_role("button", name="开始游戏").tap()
    table.wait_idle()
    assert page.evaluate("() => window.scrollY") == 0  # the game opens at its top
    page.locator("#roll-btn").tap()
    table.wait_idle()
    for selector in ("#dice", "#roll-btn", "#status"):
        assert in_view(table, selector), selector
    assert page.locator("#sheet").bounding_box()["y"] < 390  # type: ignore[index]
    page.locator("#sheet tr.row-chance").scroll_into_view_if_needed()
    assert in_view(table, "#sheet tr.row-chance") and in_view(table, "#dice")
    assert page.locator(".legend").is_hidden()


def test_the_game_keeps_its_margins_on_the_narrowest_phone(open_table: OpenTable) -> None:
    """320 px: five 52 px dice ran the game 10 px past the right margin (flush with the edge)."""
    table = open_table(width=320, height=568, touch=True)
    table.start_single()
    table.roll()
    for selector in (".tray-area", "#sheet"):
        left, right = table.page.eval_on_selector(
            selector, "e => { const r = e.getBoundingClientRect(); return [r.left, r.right]; }"
        )
        assert left >= 8 and right <= 320 - 8, (selector, left, right)


def test_the_result_opens_at_its_top_on_a_small_phone(open_table: OpenTable) -> None:
    """320×568: the result is taller than the screen; it opens showing its score, with its
    buttons in view at the bottom (the focus on 再来一局 scrolled the score away)."""
    table = open_table(
        width=320, height=568, touch=True, storage=saved(single_last_turn(5, rolled=False))
    )
    resume(table)
    table.roll()
    table.score(table.best_box(), confirm=True)
    page = table.page
    page.wait_for_selector("#result-dialog[open]")
    page.wait_for_timeout(300)
    assert in_view(table, "#result-title") and in_view(table, ".result-score")
    assert in_view(table, "#result-dialog [data-action='again']")


def test_yahtzee_bonus_and_forced_joker(open_table: OpenTable) -> None:
    sixes = [6] * 5
    game = Game.new().apply(Roll(), ScriptedDice(sixes)).apply(Score(Box.YAHTZEE))
    table = open_table(sounds=True, storage=saved(game))
    resume(table)
    assert table.box_states()["yahtzee"]["text"] == "50"
    # A second Yahtzee of sixes: +100, and the open 六点 box must take it.
    install_roll(table, game.apply(Roll(), ScriptedDice(sixes)))
    table.roll()
    assert table.dice() == sixes
    # One instruction (the Joker's), naming the box it forces, with the rolls still left.
    assert table.status() == "又是快艇！按百搭规则必须登记到「六点」，另加快艇加成 +100，也可以再掷"
    previews = table.previews()
    assert previews.pop("sixes") == 30
    assert set(previews.values()) == {None}  # every other box shows a dash
    assert table.text("#sheet .row-yahtzee_bonus td") == "0 +100"
    sounds = table.page.evaluate("window.__sounds")
    table.score("sixes")
    assert table.page.evaluate("window.__sounds") - sounds == 4  # the fanfare's four notes
    assert table.text("#sheet .row-yahtzee_bonus td") == "100"
    assert table.text("#sheet tfoot td") == str(50 + 30 + 100)
    # A third: 六点 is filled, so any open lower box at full value; upper boxes are dashes.
    game = table.saved_game()
    install_roll(table, game.apply(Roll(), ScriptedDice(sixes)))
    table.roll()
    assert table.status() == "又是快艇！按百搭规则选一项登记，另加快艇加成 +100，也可以再掷"
    assert table.previews() == {
        "ones": None,
        "twos": None,
        "threes": None,
        "fours": None,
        "fives": None,
        "three_of_a_kind": 30,
        "four_of_a_kind": 30,
        "full_house": 25,
        "small_straight": 30,
        "large_straight": 40,
        "chance": 30,
    }
    table.score("large_straight")
    assert table.text("#sheet tfoot td") == str(50 + 30 + 40 + 200)


def test_joker_with_a_zero_yahtzee_gives_no_bonus(open_table: OpenTable) -> None:
    game = Game.new().apply(Roll(), ScriptedDice([1, 2, 3, 4, 6])).apply(Score(Box.YAHTZEE))
    table = open_table(storage=saved(game))
    resume(table)
    assert table.box_states()["yahtzee"]["text"] == "0"
    install_roll(table, game.apply(Roll(), ScriptedDice([2] * 5)))
    table.roll()
    assert table.status() == (
        "快艇！「快艇」一项记的是 0，没有加成；按百搭规则必须登记到「二点」，也可以再掷"
    )
    assert table.previews()["twos"] == 10
    assert table.text("#sheet .row-yahtzee_bonus td") == "0"


def test_joker_with_only_upper_zeros_left(table: Table) -> None:
    """二点 and every lower box filled: the Joker leaves only a 0 in an open upper box."""
    fill = [
        ([1, 2, 3, 4, 6], Box.YAHTZEE),
        ([2, 2, 3, 4, 5], Box.TWOS),
        *LOWER_FILLERS,
        ([1, 1, 1, 2, 3], Box.ONES),
        ([3, 3, 3, 2, 1], Box.THREES),
        ([4, 4, 4, 2, 1], Box.FOURS),
    ]
    game = Game.new()
    for dice, box in fill:
        game = game.apply(Roll(), ScriptedDice(dice)).apply(Score(box))
    resume_saved(table, game)
    install_roll(table, game.apply(Roll(), ScriptedDice([2] * 5)))
    table.roll()
    assert table.status() == (
        "快艇！「快艇」一项记的是 0，没有加成；按百搭规则只能在上区选一项记 0，也可以再掷"
    )
    assert table.previews() == {"fives": 0, "sixes": 0}
