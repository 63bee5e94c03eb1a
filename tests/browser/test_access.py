"""Keyboard focus, screen-reader announcements, contrast and accessible names
(docs/behaviours.md K1, P3, P4; WCAG 2.4.3 focus order, 2.4.7 focus visible, 4.1.3 status
messages, 1.4.3 and 1.4.11 contrast, 2.1.1 keyboard).

Focus is read from ``document.activeElement``; what a screen reader hears is read from the live
regions (``#status`` and the visually hidden ``#announce``), recorded by MutationObservers.
"""

from __future__ import annotations

import base64
import re

import pytest
from playwright.sync_api import Error as PlaywrightError
from playwright.sync_api import Page, Route, expect

from tests.browser.support import (
    ComputerGate,
    OpenTable,
    ScriptedDice,
    Table,
    install_roll,
    resume,
    resume_saved,
    saved,
    wait_scored,
    wait_your_turn,
)
from tests.gameplay import COMPUTER
from yahtzee.game import Difficulty, First, Game, Mode, Roll, Score
from yahtzee.rules import BOXES, Box

pytestmark = pytest.mark.browser


# Every text the visually hidden live region is given, in order.
SAID = """() => {
  window.__said = [];
  new MutationObserver((records) => {
    for (const record of records) {
      for (const node of record.addedNodes) window.__said.push(node.textContent);
    }
  }).observe(document.getElementById('announce'), {childList: true});
}"""

# How often #status is written, and every moment a live region sits inside an aria-busy subtree.
LIVE_WATCH = """() => {
  window.__writes = 0;
  window.__busyLive = [];
  const status = document.getElementById('status');
  const announce = document.getElementById('announce');
  new MutationObserver(() => { window.__writes += 1; })
    .observe(status, {childList: true, characterData: true, subtree: true});
  new MutationObserver(() => {
    for (const el of [status, announce]) {
      const busy = el.closest('[aria-busy="true"]');
      if (busy) window.__busyLive.push(`${el.id} in #${busy.id}: ${el.textContent}`);
    }
  }).observe(document.getElementById('app'),
    {subtree: true, childList: true, characterData: true, attributes: true});
}"""

# Every visible text under ``scope`` with the colour it is drawn in and the colour behind it
# (opacity and translucent grounds blended in), as [r, g, b]; ``large`` per WCAG (24 px, or
# 18.66 px bold). Disabled controls count too: their words are the only sign of why.
TEXTS = """(scope) => {
  const parse = (c) => {
    const p = c.match(/[\\d.]+/g).map(Number);
    return [p[0], p[1], p[2], p.length > 3 ? p[3] : 1];
  };
  const blend = (fg, bg) => [0, 1, 2].map((i) => fg[i] * fg[3] + bg[i] * (1 - fg[3])).concat([1]);
  const ground = (el) => {
    const stack = [];
    for (let e = el; e; e = e.parentElement) {
      const c = parse(getComputedStyle(e).backgroundColor);
      if (c[3] > 0) stack.push(c);
      if (c[3] >= 1) break;
    }
    let bg = [255, 255, 255, 1];
    for (let i = stack.length - 1; i >= 0; i -= 1) bg = blend(stack[i], bg);
    return bg;
  };
  const texts = [];
  for (const el of document.querySelector(scope).querySelectorAll('*')) {
    const own = [...el.childNodes].filter((n) => n.nodeType === 3);
    const text = own.map((n) => n.textContent).join('').trim();
    if (!text || el.closest('.visually-hidden')) continue;
    if (!el.checkVisibility({visibilityProperty: true})) continue;
    const style = getComputedStyle(el);
    let opacity = 1;
    for (let e = el; e; e = e.parentElement) opacity *= Number(getComputedStyle(e).opacity);
    const fg = parse(style.color);
    const bg = ground(el);
    const size = parseFloat(style.fontSize);
    texts.push({
      text: text.slice(0, 16),
      where: String(el.className || el.tagName),
      fg: blend([fg[0], fg[1], fg[2], fg[3] * opacity], bg).slice(0, 3),
      bg: bg.slice(0, 3),
      large: size >= 24 || (size >= 18.66 && Number(style.fontWeight) >= 700),
    });
  }
  return texts;
}"""


def luminance(rgb: list[float]) -> float:
    """Relative luminance of an sRGB colour (WCAG 2.x)."""

    def channel(value: float) -> float:
        v = value / 255
        return v / 12.92 if v <= 0.03928 else float(((v + 0.055) / 1.055) ** 2.4)

    r, g, b = (channel(v) for v in rgb[:3])
    return 0.2126 * r + 0.7152 * g + 0.0722 * b


def contrast(a: list[float] | str, b: list[float] | str) -> float:
    """The WCAG contrast ratio of two colours, [r, g, b] or a CSS ``rgb(...)`` string (the
    first colour in it: a box-shadow's)."""

    def rgb(colour: list[float] | str) -> list[float]:
        if isinstance(colour, str):
            return [float(v) for v in re.findall(r"[\d.]+", colour)[:3]]
        return colour

    light, dark = sorted((luminance(rgb(a)), luminance(rgb(b))), reverse=True)
    return (light + 0.05) / (dark + 0.05)


def below_aa(page: Page, scope: str) -> list[str]:
    """The texts under ``scope`` below WCAG AA: 4.5:1, or 3:1 for large text and for the turn
    arrow (a symbol)."""
    bad = []
    for row in page.evaluate(TEXTS, scope):
        need = 3.0 if row["large"] or "arrow" in row["where"] else 4.5
        ratio = contrast(row["fg"], row["bg"])
        if ratio < need:
            bad.append(f"{row['text']} {ratio:.2f} < {need} ({row['where']})")
    return bad


def focused(page: Page) -> str:
    """What has the focus: #id, box:key, die:n, or the tag name (BODY when nothing has)."""
    return str(
        page.evaluate(
            """() => { const e = document.activeElement;
            if (!e) return 'none';
            if (e.id) return '#' + e.id;
            if (e.dataset.box) return 'box:' + e.dataset.box;
            if (e.dataset.die) return 'die:' + e.dataset.die;
            return e.tagName; }"""
        )
    )


def expect_focus(page: Page, selector: str) -> None:
    """Wait until the element matching ``selector`` has the focus."""
    try:
        page.wait_for_function(
            "s => document.activeElement && document.activeElement.matches(s)",
            arg=selector,
            timeout=3000,
        )
    except PlaywrightError:
        pytest.fail(f"the focus is on {focused(page)}, not on {selector}")


def ring_shown(page: Page) -> bool:
    """True when the focused element shows its focus ring (:focus-visible)."""
    return bool(page.evaluate("() => document.activeElement.matches(':focus-visible')"))


def said(page: Page) -> list[str]:
    """What the visually hidden live region has said so far (install SAID first)."""
    return [str(text) for text in page.evaluate("window.__said")]


def press_and_confirm(page: Page, key: str = "Enter") -> None:
    """Press ``key``; if the zero question comes, move to its confirm button and press it, and
    wait until the box it asked about is scored."""
    box = page.evaluate("() => document.activeElement.dataset.box")
    page.keyboard.press(key)
    if page.evaluate("() => document.getElementById('confirm-dialog').open"):
        page.keyboard.press("Tab")
        page.keyboard.press("Enter")
        wait_scored(page, box)


def near_the_end() -> Game:
    """A single game with every box but 机会 filled: one turn is left."""
    game = Game.new()
    for box in BOXES:
        if box is not Box.CHANCE:
            game = game.apply(Roll(), ScriptedDice([1, 2, 3, 4, 6])).apply(Score(box))
    return game


def accent_pixels(page: Page, png: bytes) -> int:
    """How many pixels of a screenshot are (nearly) the accent colour of the focus ring.

    Counted in a blank page of the same browser: the game's CSP allows no data: images."""
    scratch = page.context.new_page()
    try:
        return _accent_pixels(scratch, png)
    finally:
        scratch.close()


def _accent_pixels(page: Page, png: bytes) -> int:
    count: int = page.evaluate(
        """async (data) => {
          const img = new Image();
          img.src = 'data:image/png;base64,' + data;
          await img.decode();
          const canvas = document.createElement('canvas');
          canvas.width = img.width;
          canvas.height = img.height;
          const context = canvas.getContext('2d');
          context.drawImage(img, 0, 0);
          const px = context.getImageData(0, 0, img.width, img.height).data;
          let n = 0;
          for (let i = 0; i < px.length; i += 4) {
            const [r, g, b] = [px[i] - 0xc0, px[i + 1] - 0x52, px[i + 2] - 0x2a];
            if (Math.abs(r) + Math.abs(g) + Math.abs(b) < 40) n += 1;
          }
          return n;
        }""",
        base64.b64encode(png).decode(),
    )
    return count


def shot(page: Page, selector: str, pad: int) -> bytes:
    """A screenshot of the element matching ``selector`` with ``pad`` px around it."""
    box = page.locator(selector).bounding_box()
    assert box is not None
    clip = {
        "x": box["x"] - pad,
        "y": box["y"] - pad,
        "width": box["width"] + 2 * pad,
        "height": box["height"] + 2 * pad,
    }
    return page.screenshot(clip=clip)  # type: ignore[arg-type]


def test_a_hinted_die_or_box_shows_the_focus_ring_over_its_gold_ring(open_table: OpenTable) -> None:
    straight = [2, 3, 4, 5, 6]
    game = Game.new()
    table = open_table(storage=saved(game))
    page = table.page
    resume(table)
    install_roll(table, game.apply(Roll(), ScriptedDice(straight)))
    table.roll()
    # 提示 is disabled while it asks; then the focus goes where the hint points: keep the
    # straight (every die gold) and score it in 大顺 (gold).
    page.locator("#hint-btn").focus()
    page.keyboard.press("Enter")
    table.wait_idle()
    die, box = "#dice .die[data-die='2']", "#sheet button.box[data-box='large_straight']"
    expect_focus(page, box)
    assert "hinted" in (page.locator(die).get_attribute("class") or "")
    assert "hinted" in (page.locator(box).get_attribute("class") or "")
    gold = page.evaluate(
        """() => { const probe = document.createElement('i');
        probe.style.color = 'var(--gold)'; document.body.append(probe);
        const gold = getComputedStyle(probe).color; probe.remove(); return gold; }"""
    )
    for selector, pad in ((die, 18), (box, 6)):
        page.evaluate("() => document.activeElement.blur()")
        before = shot(page, selector, pad)
        page.locator(selector).focus()  # after a key press: Chrome shows the ring
        assert ring_shown(page)
        # The ring is in the accent colour, which nothing else in or around them uses.
        assert accent_pixels(page, before) == 0, selector
        assert accent_pixels(page, shot(page, selector, pad)) > 100, f"{selector}: no focus ring"
        # The gold ring stays: the focus ring is drawn beside it, not instead of it.
        style = page.eval_on_selector(
            selector, "e => getComputedStyle(e).outlineColor + ' ' + getComputedStyle(e).boxShadow"
        )
        assert gold in style, (selector, style)


def test_the_status_is_written_only_when_it_changes_and_is_never_held_busy(
    open_table: OpenTable,
) -> None:
    table = open_table()
    page = table.page
    gate = ComputerGate(page)
    table.start_vs("普通", "我先")
    table.wait_idle()
    page.evaluate(LIVE_WATCH)
    # While the dice tumble, they (not the whole table with its live status) are busy.
    waiting: list[Route] = []

    def hold_back(route: Route) -> None:
        waiting.append(route)

    page.wait_for_selector("#game[data-shortcuts='on']")
    page.route("**/api/action", hold_back)
    page.keyboard.press("Space")
    page.wait_for_function("() => document.getElementById('dice').ariaBusy === 'true'")
    assert page.locator("#game").get_attribute("aria-busy") in (None, "false")
    page.unroute("**/api/action", hold_back)
    while not waiting:
        page.wait_for_timeout(10)
    waiting[0].continue_()
    table.wait_idle()
    assert page.locator("#dice").get_attribute("aria-busy") == "false"
    # Holding dice leaves the status as it is: nothing for a screen reader to say again.
    writes = page.evaluate("window.__writes")
    for key in "1234":
        page.keyboard.press(key)
    assert table.held() == [True, True, True, True, False]
    assert page.evaluate("window.__writes") == writes
    # The computer's whole turn is spoken as it happens, never from inside a busy region.
    gate.closed = True
    table.box(table.best_box()).click()
    if page.evaluate("() => document.getElementById('confirm-dialog').open"):
        page.locator("#confirm-ok").click()
    gate.wait_held()
    assert table.status() == "电脑思考中…"
    gate.release()
    wait_your_turn(page)
    assert page.evaluate("window.__writes") > writes + 3
    assert page.evaluate("window.__busyLive") == []


def test_rolls_and_scores_are_announced(open_table: OpenTable) -> None:
    sixes = [6] * 5
    game = Game.new().apply(Roll(), ScriptedDice(sixes)).apply(Score(Box.YAHTZEE))
    table = open_table(storage=saved(game))
    page = table.page
    resume(table)
    page.evaluate(SAID)
    region = page.locator("#announce")
    assert region.get_attribute("aria-live") == "polite"
    area = region.bounding_box()
    assert area is not None and area["width"] <= 1 and area["height"] <= 1  # heard, not seen
    install_roll(table, game.apply(Roll(), ScriptedDice(sixes)))
    table.roll()
    assert said(page) == ["掷出 6 6 6 6 6"]
    assert "掷出" not in table.status()  # the visible line stays as it was
    table.score("sixes")
    assert said(page)[-1] == f"{Box.SIXES.zh} 登记 30 分，快艇加成 +100，总分 180"
    # An ordinary roll: the faces left to right, as the keys 1–5 count them.
    table.roll()
    assert said(page)[-1] == "掷出 " + " ".join(str(face) for face in table.dice())
    box = table.best_box()
    points = table.previews()[box]
    table.score(box)
    total = table.saved_game().sides[0].sheet.total
    assert said(page)[-1] == f"{Box(box).zh} 登记 {points} 分，总分 {total}"
    assert len(said(page)) == 4


def test_the_upper_bonus_is_announced_when_it_is_won(table: Table) -> None:
    game = Game.new()
    for faces, box in (
        ([6, 6, 6, 6, 5], Box.SIXES),
        ([5, 5, 5, 5, 6], Box.FIVES),
        ([4, 4, 4, 4, 1], Box.FOURS),
    ):
        game = game.apply(Roll(), ScriptedDice(faces)).apply(Score(box))
    resume_saved(table, game)  # 60 in the upper section: three 3s make it 69
    table.page.evaluate(SAID)
    install_roll(table, game.apply(Roll(), ScriptedDice([3, 3, 3, 1, 2])))
    table.roll()
    table.score("threes")
    assert said(table.page)[-1] == f"{Box.THREES.zh} 登记 9 分，上区奖励 35 分，总分 104"


def test_the_computer_turn_is_announced(open_table: OpenTable) -> None:
    table = open_table()
    page = table.page
    gate = ComputerGate(page)
    gate.closed = True
    table.start_vs("普通", "电脑先")
    page.evaluate(SAID)
    gate.wait_held()
    gate.release(close=True)  # its first roll shows; its next step waits
    gate.wait_held()
    assert said(page) == ["电脑掷出 " + " ".join(str(face) for face in table.dice())]
    gate.release()
    wait_your_turn(page)
    table.wait_idle()
    *rolls, scored = said(page)
    for line in rolls[1:]:
        assert re.fullmatch(r"电脑(保留 [1-6]( [1-6])*|全部重掷)，掷出 [1-6]( [1-6]){4}", line), (
            line
        )
    match = re.fullmatch(r"电脑：(\S+) 登记 (\d+) 分，总分 (\d+)", scored)
    assert match, scored
    computer = table.saved_game().sides[COMPUTER].sheet
    box = next(box for box in BOXES if box.zh == match[1])
    assert computer.get(box) == int(match[2]) and computer.total == int(match[3])


def test_the_focus_follows_the_next_move_by_keyboard(table: Table) -> None:
    page = table.page
    keyboard = page.keyboard
    # 开始游戏 hides the lobby: the roll button takes the focus, with its ring.
    page.locator("#start-btn").focus()
    keyboard.press("Enter")
    table.wait_idle()
    expect_focus(page, "#roll-btn")
    assert ring_shown(page)
    # The roll button is disabled while the dice roll; it has the focus back for the next one.
    keyboard.press("Enter")
    table.wait_idle()
    expect_focus(page, "#roll-btn")
    # 提示 is disabled while it asks: then the focus goes where the hint points.
    page.locator("#hint-btn").focus()
    keyboard.press("Enter")
    table.wait_idle()
    hinted = page.locator("#sheet button.box.hinted")
    if hinted.count():
        expect_focus(page, "#sheet button.box.hinted")
    else:
        expect_focus(page, "#roll-btn")
    if all(table.held()):
        table.toggle(0)  # a hint to keep all five leaves nothing to roll: let one go
    page.locator("#roll-btn").focus()
    keyboard.press("Enter")
    table.wait_idle()
    keyboard.press("Enter")
    table.wait_idle()
    # The third roll spends the button: the focus goes to the first box that can be scored.
    assert table.text("#roll-btn") == "已掷 (3/3)"
    first = page.eval_on_selector("#sheet button.box:not(:disabled)", "e => e.dataset.box")
    expect_focus(page, f"#sheet button.box[data-box='{first}']")
    press_and_confirm(page)
    table.wait_idle()
    assert table.text("#round") == "第 2 / 13 回合"
    expect_focus(page, "#roll-btn")
    # A confirmed 重新开始: the new game's roll button, so Space rolls instead of asking again.
    page.locator("#restart-btn").focus()
    keyboard.press("Enter")
    keyboard.press("Tab")
    keyboard.press("Enter")
    table.wait_idle()
    expect_focus(page, "#roll-btn")
    assert table.text("#round") == "第 1 / 13 回合"
    keyboard.press("Space")
    table.wait_idle()
    assert not page.evaluate("() => document.getElementById('confirm-dialog').open")
    assert table.saved_game().turn.rolls_used == 1
    # 回大厅 is hidden in the lobby: 继续 takes the focus, and back at the table the roll button.
    page.locator("#lobby-btn").focus()
    keyboard.press("Enter")
    expect_focus(page, "#resume-btn")
    keyboard.press("Enter")
    table.wait_idle()
    expect_focus(page, "#roll-btn")


def test_the_focus_leaves_the_dice_the_third_roll_locks(table: Table) -> None:
    page = table.page
    table.start_single()
    table.roll()
    table.roll()
    table.die(0).focus()
    # A click that leaves the focus where it is (a screen reader's, say): the dice lock under it.
    page.evaluate("() => document.getElementById('roll-btn').click()")
    table.wait_idle()
    assert page.locator("#dice .die[data-die='0']").is_disabled()
    first = page.eval_on_selector("#sheet button.box:not(:disabled)", "e => e.dataset.box")
    expect_focus(page, f"#sheet button.box[data-box='{first}']")


def test_the_focus_comes_back_after_the_computer_turn(table: Table) -> None:
    page = table.page
    gate = ComputerGate(page)
    table.start_vs("普通", "我先")
    table.wait_idle()
    page.locator("#roll-btn").focus()
    page.keyboard.press("Enter")
    table.wait_idle()
    gate.closed = True
    table.box(table.best_box()).focus()
    press_and_confirm(page)
    gate.wait_held()  # the computer's turn: nothing of the player's can be pressed
    assert focused(page) == "BODY"
    gate.release()
    wait_your_turn(page)
    expect_focus(page, "#roll-btn")


def test_the_focus_after_the_last_box_and_the_result_dialog(table: Table) -> None:
    page = table.page
    keyboard = page.keyboard
    resume_saved(table, near_the_end())
    page.locator("#roll-btn").focus()
    keyboard.press("Enter")
    table.wait_idle()
    table.box("chance").focus()
    keyboard.press("Enter")
    dialog = page.locator("#result-dialog")
    dialog.wait_for(state="visible")
    expect_focus(page, "#result-dialog [data-action='again']")
    # A screen reader reads the score with the title, not the title alone.
    total = table.text("#sheet tfoot td")
    expect(dialog).to_have_accessible_name("本局结束")
    expect(dialog).to_have_accessible_description(
        re.compile(rf"^本局得分 {total} 新纪录！\S+ 最高纪录 {total}$")
    )
    # Esc: the dialog gives the focus back to nothing (the box is filled): 再来一局 takes it.
    keyboard.press("Escape")
    expect_focus(page, "#roll-btn")
    assert table.text("#roll-btn") == "再来一局"
    keyboard.press("Enter")
    table.wait_idle()
    expect_focus(page, "#roll-btn")
    assert table.text("#roll-btn") == "掷骰子"
    # 回大厅 from the result: no game is left to continue, so 开始游戏.
    resume_saved(table, near_the_end())
    table.roll()
    table.score("chance")
    dialog.get_by_role("button", name="回大厅").focus()
    keyboard.press("Enter")
    expect_focus(page, "#start-btn")


def test_pointer_play_keeps_no_visible_focus(table: Table) -> None:
    page = table.page
    table.start_single()
    table.roll()
    table.toggle(0)
    table.roll()
    table.score(table.best_box())
    table.roll()
    # Space still rolls (as before: a clicked button is not left holding the focus) ...
    page.keyboard.press("Space")
    table.wait_idle()
    assert table.saved_game().turn.rolls_used == 2
    # ... and no ring appeared anywhere for a player who never touched the keyboard's Tab.
    assert page.evaluate("() => document.querySelector(':focus-visible')") is None
    assert page.evaluate("() => window.scrollY") == 0


def test_a_lasting_message_closes_by_keyboard(table: Table) -> None:
    page = table.page
    message = page.locator("#message")

    def broken_history() -> None:
        table.set_storage({"yahtzee.history": "[[[not json"})
        table.reload()
        message.wait_for(state="visible")

    broken_history()
    close = page.get_by_role("button", name="关闭", exact=True)
    assert close.is_visible()
    for _ in range(10):
        page.keyboard.press("Tab")
        if focused(page) == "#message-close":
            break
    else:
        pytest.fail("Tab never reached the message's close button")
    assert ring_shown(page)
    page.keyboard.press("Enter")
    assert not message.is_visible()
    expect_focus(page, "#start-btn")  # not left on nothing
    # Esc closes it too, where its button has the focus.
    broken_history()
    close.focus()
    page.keyboard.press("Escape")
    assert not message.is_visible()
    # And a click anywhere on it, as before.
    broken_history()
    page.locator("#message-text").click()
    assert not message.is_visible()


@pytest.mark.parametrize(("width", "height"), [(1280, 800), (390, 844)])
def test_text_and_hint_rings_meet_wcag_aa(open_table: OpenTable, width: int, height: int) -> None:
    table = open_table(width=width, height=height)
    page = table.page
    found: dict[str, list[str]] = {}

    def scan(label: str, scope: str = "#app") -> None:
        bad = below_aa(page, scope)
        if bad:
            found[label] = bad

    scan("lobby")
    page.get_by_role("button", name="人机对战").click()
    scan("lobby vs")
    page.get_by_role("button", name="设置").click()
    scan("settings", "#settings-dialog")
    page.keyboard.press("Escape")
    gate = ComputerGate(page)
    straight = [2, 3, 4, 5, 6]
    game = Game.new(Mode.VS, Difficulty.NORMAL, First.ME)
    resume_saved(table, game)
    scan("before the first roll")
    game = game.apply(Roll(), ScriptedDice(straight))
    install_roll(table, game)
    table.roll()
    page.keyboard.press("h")
    table.wait_idle()
    scan("gold dice, gold box, zeros")
    # The gold rings (3:1 on what is around them) and the stars (4.5:1 on their ground).
    rings: dict[str, str] = page.evaluate(
        """() => {
          const style = (selector, pseudo) =>
            getComputedStyle(document.querySelector(selector), pseudo);
          const box = style('#sheet button.box.hinted');
          const badge = style('#dice .die.hinted .die-badge');
          return {
            die: style('#dice .die.hinted').outlineColor,
            box: box.boxShadow,
            boxBg: box.backgroundColor,
            star: style('#sheet button.box.hinted', '::before').color,
            badge: badge.backgroundColor,
            badgeText: badge.color,
          };
        }"""
    )
    paper, tray = "rgb(255, 253, 248)", "rgb(241, 231, 213)"  # tray: its darkest ground
    assert min(contrast(rings["die"], paper), contrast(rings["die"], tray)) >= 3, rings
    assert min(contrast(rings["box"], paper), contrast(rings["box"], rings["boxBg"])) >= 3, rings
    assert contrast(rings["star"], rings["boxBg"]) >= 4.5, rings
    assert contrast(rings["badge"], rings["badgeText"]) >= 4.5, rings
    table.toggle(0)
    game = game.apply(Roll((1, 2, 3, 4)), ScriptedDice([1]))
    install_roll(table, game)
    table.roll()
    game = game.apply(Roll((1, 2, 3, 4)), ScriptedDice([2]))  # the straight again
    install_roll(table, game)
    table.roll()
    page.keyboard.press("h")
    table.wait_idle()
    scan("three rolls: locked dice, spent roll button")
    gate.closed = True
    table.box("large_straight").click()
    gate.wait_held()
    scan("the computer's turn")
    gate.release()
    assert found == {}


def apart(*parts: str) -> re.Pattern[str]:
    """An accessible name made of ``parts`` with a comma between them (and any spaces)."""
    return re.compile("^" + r"\s*，\s*".join(map(re.escape, parts)) + "$")


def test_names_read_apart(table: Table) -> None:
    page = table.page
    page.get_by_role("button", name="设置").click()
    for name, note in (("真实", "2～5 秒"), ("较快", "1～2 秒")):
        expect(page.get_by_role("button", name=apart(name, note))).to_be_visible()
    page.keyboard.press("Escape")
    table.start_single()
    expect(page.locator("#sheet tr.row-ones th")).to_have_accessible_name(
        apart("一点", "所有 1 相加")
    )
    expect(page.locator("#sheet tr.row-upper_subtotal th")).to_have_accessible_name(
        apart("上区小计", "满 63 奖励 35")
    )
    expect(page.locator("#sheet tr.row-total th")).to_have_accessible_name("总分")


def test_the_main_landmark_is_the_game_and_the_name_stays_a_heading(open_table: OpenTable) -> None:
    # "Jump to main" landed on the help text; on phones the page lost its h1 during play.
    table = open_table(width=390, height=844)
    page = table.page
    main = page.get_by_role("main")
    expect(main).to_have_count(1)
    expect(main.locator("#lobby")).to_have_count(1)
    expect(main.locator("#game")).to_have_count(1)
    expect(main.locator("#help")).to_have_count(0)
    table.start_single()
    expect(page.get_by_role("heading", level=1, name="快艇骰子")).to_have_count(1)
    assert page.locator("h1.brand").bounding_box() is not None  # in the tree, not display: none
