"""Phone first (docs/behaviours.md P3): a whole turn on the screen a phone browser really shows,
thumb-sized targets, landscape and turning mid-turn, dark mode, vibration, and the installable
page (its manifest, and the service worker's offline page)."""

from __future__ import annotations

import json
import urllib.parse
import urllib.request
from typing import Any

import pytest
from playwright.sync_api import Browser, Page

from tests.browser.support import (
    BOX_KEYS,
    SEEN_TOUR,
    Guard,
    OpenTable,
    Table,
    played_on,
    wait_scored,
)
from yahtzee.codec import to_json

pytestmark = pytest.mark.browser

PORTRAIT = [(360, 640), (375, 667), (390, 664), (412, 732)]
TABLETS = [(768, 1024), (1024, 768)]
LANDSCAPE = [(844, 390), (664, 390), (667, 375)]

# Every control a player uses that is on the screen, with its box.
CONTROLS = """() => [...document.querySelectorAll(
    '#app button, #app label.file-button, dialog[open] button')]
  .filter(e => { const r = e.getBoundingClientRect(); const s = getComputedStyle(e);
    return r.width > 2 && r.height > 2 && s.visibility !== 'hidden'
      && !e.closest('.visually-hidden, [hidden]'); })
  .map(e => { const r = e.getBoundingClientRect();
    return {name: e.getAttribute('aria-label') || e.textContent.trim() || e.id,
            left: r.left, top: r.top, right: r.right, bottom: r.bottom,
            width: r.width, height: r.height}; })"""

# The contrast of every piece of text in the game against the ground it is drawn on.
CONTRAST = """() => {
  const rgb = c => (c.match(/[\\d.]+/g) || []).map(Number);
  const lum = ([r, g, b]) => [r, g, b].map(v => { v /= 255;
    return v <= 0.03928 ? v / 12.92 : ((v + 0.055) / 1.055) ** 2.4; })
    .reduce((s, v, i) => s + v * [0.2126, 0.7152, 0.0722][i], 0);
  const ground = e => { for (; e; e = e.parentElement) {
      const c = rgb(getComputedStyle(e).backgroundColor);
      if (c.length === 3 || c[3] > 0.5) return c; } return [255, 255, 255]; };
  const out = [];
  for (const e of document.querySelectorAll('#app *')) {
    const own = [...e.childNodes].some(n => n.nodeType === 3 && n.textContent.trim());
    const r = e.getBoundingClientRect(); const s = getComputedStyle(e);
    if (!own || r.width < 2 || s.visibility === 'hidden') continue;
    if (e.closest('.visually-hidden, [hidden], svg')) continue;
    const a = lum(rgb(s.color)), b = lum(ground(e));
    out.push({text: e.textContent.trim().slice(0, 12), cls: e.className,
              ratio: (Math.max(a, b) + 0.05) / (Math.min(a, b) + 0.05)});
  }
  return out;
}"""


def controls(table: Table) -> list[dict[str, Any]]:
    found: list[dict[str, Any]] = table.page.evaluate(CONTROLS)
    assert found
    return found


def assert_thumb_sized(table: Table) -> float:
    """Every control on the screen is at least 44×44 px; the player's score targets do not
    overlap. Returns the smallest side seen."""
    found = controls(table)
    small = [c for c in found if c["width"] < 44 or c["height"] < 44]
    assert small == [], small
    boxes: list[dict[str, float]] = table.page.eval_on_selector_all(
        "#sheet button.box",
        "els => els.map(e => { const r = e.getBoundingClientRect();"
        " return {l: r.left, t: r.top, r: r.right, b: r.bottom}; })",
    )
    for i, a in enumerate(boxes):
        for b in boxes[i + 1 :]:
            apart = a["r"] <= b["l"] or b["r"] <= a["l"] or a["b"] <= b["t"] or b["b"] <= a["t"]
            assert apart, (a, b)
    return float(min(min(c["width"], c["height"]) for c in found))


def assert_turn_on_screen(table: Table, width: int, height: int) -> None:
    """The dice, the roll button and the player's whole column to 总分 are on the screen, the
    page does not scroll sideways and has not scrolled down."""
    page = table.page
    assert page.evaluate("() => document.documentElement.scrollWidth") <= width
    assert page.evaluate("() => window.scrollY") == 0
    for selector in ("#dice .die", "#roll-btn", "#sheet button.box", "#sheet tfoot tr"):
        for box in page.eval_on_selector_all(
            selector, "els => els.map(e => e.getBoundingClientRect().toJSON())"
        ):
            assert box["left"] >= 0 and box["right"] <= width, (selector, box)
            assert box["top"] >= 0 and box["bottom"] <= height, (selector, box, height)


def start(table: Table, mode: str) -> None:
    page = table.page
    if mode == "vs":
        page.get_by_role("button", name="人机对战").tap()
        page.get_by_role("button", name="高手").tap()
        page.get_by_role("button", name="我先").tap()
    page.get_by_role("button", name="开始游戏").tap()
    table.wait_idle()


@pytest.mark.parametrize("mode", ["single", "vs"])
@pytest.mark.parametrize("size", PORTRAIT + TABLETS, ids=lambda s: f"{s[0]}x{s[1]}")
def test_a_whole_turn_fits_the_screen_with_thumb_sized_targets(
    open_table: OpenTable, size: tuple[int, int], mode: str
) -> None:
    width, height = size
    table = open_table(width=width, height=height, touch=True)
    assert_thumb_sized(table)  # the lobby's choices
    start(table, mode)
    table.page.locator("#roll-btn").tap()
    table.wait_idle()
    table.die(1).tap()
    assert table.held()[1]
    assert_turn_on_screen(table, width, height)
    assert_thumb_sized(table)
    if width <= 560:  # phones: the sheet in two columns, the upper beside the lower
        upper = table.box(BOX_KEYS[0]).bounding_box()
        lower = table.box(BOX_KEYS[-1]).bounding_box()
        assert upper is not None and lower is not None
        assert lower["x"] > upper["x"] + upper["width"] and lower["y"] < upper["y"] + 8 * 44
    table.page.locator("#settings-btn").tap()
    assert_thumb_sized(table)  # the dialog's buttons
    table.page.get_by_role("button", name="完成").tap()


@pytest.mark.parametrize("size", LANDSCAPE, ids=lambda s: f"{s[0]}x{s[1]}")
def test_a_phone_held_sideways_at_load_and_turned_mid_turn(
    open_table: OpenTable, size: tuple[int, int]
) -> None:
    """Sideways the dice and the roll button stay on the screen beside the sheet, the top bar
    keeps one row and nothing scrolls sideways: at load, and after turning the phone from
    portrait in the middle of a turn (die 1 stuck out of its tray, the page 738 px wide)."""
    width, height = size
    for at_load in (True, False):
        table = open_table(
            width=width if at_load else height, height=height if at_load else width, touch=True
        )
        page = table.page
        start(table, "vs")
        page.locator("#roll-btn").tap()
        table.wait_idle()
        table.die(0).tap()
        if not at_load:
            page.set_viewport_size({"width": width, "height": height})
            page.wait_for_timeout(100)
        assert page.evaluate("() => document.documentElement.scrollWidth") <= width
        tray = page.locator(".tray").bounding_box()
        assert tray is not None
        for selector in ("#dice .die", "#roll-btn"):
            for box in page.eval_on_selector_all(
                selector, "els => els.map(e => e.getBoundingClientRect().toJSON())"
            ):
                assert box["right"] <= width and box["bottom"] <= height, (selector, box)
                assert tray["x"] <= box["left"] and box["right"] <= tray["x"] + tray["width"]
        top = page.locator(".topbar").bounding_box()
        tools = page.locator(".tools").bounding_box()
        assert top is not None and tools is not None
        assert top["height"] <= 60 and tools["y"] < top["y"] + 10, (top, tools)
        assert_thumb_sized(table)
        page.locator("#sheet tfoot").scroll_into_view_if_needed()
        assert page.locator("#roll-btn").bounding_box()["y"] >= 0  # type: ignore[index]


def tap_turn(table: Table) -> None:
    """One turn by taps: roll, check the whole turn is on the screen, tap the best box."""
    page = table.page
    page.locator("#roll-btn").tap()
    table.wait_idle()
    assert_turn_on_screen(table, 360, 640)
    key = table.best_box()
    table.box(key).tap()
    if page.evaluate("() => document.getElementById('confirm-dialog').open"):
        page.locator("#confirm-ok").tap()
    wait_scored(page, key)


def test_a_game_by_taps_on_the_smallest_phone(open_table: OpenTable) -> None:
    """The first two turns and the last three of a game by taps, each whole on a 360×640 screen
    (the turns between are played on the game's own dice here, and the game resumed by a tap):
    the sheet as it starts, and as it is near the end, its boxes filled and its sums grown."""
    table = open_table(width=360, height=640, touch=True)
    page = table.page
    start(table, "single")
    for _ in range(2):
        tap_turn(table)
        table.wait_idle()
    game = played_on(table.saved_game(), 11)
    table.set_storage({"yahtzee.game": json.dumps(to_json(game))})
    table.reload()
    page.get_by_role("button", name="继续上次没打完的一局").tap()
    table.wait_idle()
    for turn in range(11, 14):
        assert table.text("#round") == f"第 {turn} / 13 回合"
        tap_turn(table)
        if turn < 13:
            table.wait_idle()
    page.wait_for_selector("#result-dialog[open]")
    assert_thumb_sized(table)


def in_scheme(browser: Browser, server_url: str, scheme: str, guard: Guard) -> Page:
    context = browser.new_context(
        viewport={"width": 390, "height": 664},
        locale="zh-CN",
        has_touch=True,
        is_mobile=True,
        color_scheme=scheme,  # type: ignore[arg-type]
    )
    context.add_init_script(SEEN_TOUR)
    guard.watch(context)
    page = context.new_page()
    guard.watch_page(page)
    return page


@pytest.mark.parametrize("scheme", ["light", "dark"])
def test_both_colour_schemes_keep_text_readable_and_meanings_beyond_colour(
    browser: Browser, server_url: str, scheme: str
) -> None:
    guard = Guard()
    page = in_scheme(browser, server_url, scheme, guard)
    table = Table(page, server_url)
    table.open()
    dark = page.evaluate("() => matchMedia('(prefers-color-scheme: dark)').matches")
    assert dark == (scheme == "dark")
    ground = page.evaluate("() => getComputedStyle(document.body).backgroundColor")
    assert (ground == "rgb(23, 21, 18)") == dark
    start(table, "vs")
    table.roll()
    page.locator("#hint-btn").tap()
    table.wait_idle()
    weak = [t for t in page.evaluate(CONTRAST) if t["ratio"] < 4.5]
    assert weak == [], weak
    states = table.box_states()
    zeros = [s for s in states.values() if "zero" in s["classes"].split()]
    previews = [s for s in states.values() if "preview" in s["classes"].split()]
    for s in zeros:  # grey-red: also a ✕ mark and a light weight
        assert s["text"].startswith("✕")
    style = """e => { const s = getComputedStyle(e); return [s.fontWeight, s.backgroundColor]; }"""
    for s in previews:  # green: also bold, in a pill
        weight, back = table.box(s["key"]).evaluate(style)
        assert int(weight) >= 700 and back != "rgba(0, 0, 0, 0)"
    hinted = page.locator("#dice .die.hinted, #sheet .box.hinted")
    assert hinted.count() > 0  # gold: also a ring, and a ★ on a box or a die
    first = hinted.first
    mark = first.evaluate(
        """e => e.classList.contains('die') ? getComputedStyle(e).outlineStyle
              : getComputedStyle(e, '::before').content"""
    )
    assert mark in ("solid", '"★ "'), mark
    page.context.close()
    assert guard.errors == [] and guard.external == []


def test_vibration_on_roll_and_score_with_a_switch_in_the_settings(open_table: OpenTable) -> None:
    table = open_table(width=390, height=664, touch=True, load=False)
    page = table.page
    page.add_init_script(
        "window.__buzz = []; navigator.vibrate = (p) => { window.__buzz.push(p); return true; };"
    )
    table.open()
    start(table, "single")
    page.locator("#roll-btn").tap()
    table.wait_idle()
    assert len(page.evaluate("window.__buzz")) == 1
    table.score(table.best_box())
    assert len(page.evaluate("window.__buzz")) == 2
    page.locator("#settings-btn").tap()
    group = page.get_by_role("group", name="震动")
    assert group.get_by_role("button", name="开").get_attribute("aria-pressed") == "true"
    group.get_by_role("button", name="关").tap()
    page.get_by_role("button", name="完成").tap()
    assert table.storage("site.settings")["vibrate"] is False
    table.roll()
    assert len(page.evaluate("window.__buzz")) == 2
    table.reload()
    page.locator("#settings-btn").tap()
    assert group.get_by_role("button", name="关").get_attribute("aria-pressed") == "true"


def test_no_vibration_where_the_browser_has_none(open_table: OpenTable) -> None:
    table = open_table(width=390, height=664, touch=True, load=False)
    table.page.add_init_script("delete Navigator.prototype.vibrate;")
    table.open()
    table.page.locator("#settings-btn").tap()
    group = table.page.get_by_role("group", name="震动")
    off = group.get_by_role("button", name="关")
    assert off.get_attribute("aria-pressed") == "true" and off.is_disabled()
    assert group.get_by_role("button", name="开").is_disabled()
    assert table.page.locator("#vibrate-none").is_visible()


def test_the_manifest_names_the_game_and_its_icons(server_url: str, table: Table) -> None:
    href = table.page.eval_on_selector("link[rel=manifest]", "e => e.href")
    with urllib.request.urlopen(href) as response:
        manifest = json.loads(response.read())
    assert manifest["name"] == manifest["short_name"] == "快艇骰子"
    assert manifest["start_url"] == "/" and manifest["display"] == "standalone"
    sizes = set()
    for icon in manifest["icons"]:
        with urllib.request.urlopen(urllib.parse.urljoin(href, icon["src"])) as response:
            assert response.status == 200
            assert response.headers["content-type"] == icon["type"]
        sizes.add(icon["sizes"])
    assert {"192x192", "512x512"} <= sizes


def test_the_service_worker_opens_an_offline_page_and_never_a_stale_one(
    browser: Browser, server_url: str
) -> None:
    guard = Guard()
    context = browser.new_context(
        viewport={"width": 390, "height": 664}, locale="zh-CN", has_touch=True, is_mobile=True
    )
    guard.watch(context)
    page = context.new_page()
    guard.watch_page(page)
    with urllib.request.urlopen(server_url + "/sw.js") as response:
        assert response.headers["cache-control"] == "no-cache"
        code = response.read().decode()
    assert 'const VERSION = "dev"' not in code
    page.goto(server_url + "/")  # without ?fast=1: the page registers its worker
    page.wait_for_function("window.yahtzeeReady === true")
    page.set_default_timeout(20_000)
    assert page.evaluate("() => navigator.serviceWorker.ready.then(r => Boolean(r.active))")
    page.reload()
    page.wait_for_function("navigator.serviceWorker.controller !== null")
    caches = page.evaluate(
        """async () => { const keys = await caches.keys();
            const urls = [];
            for (const key of keys) for (const r of await (await caches.open(key)).keys())
              urls.push(new URL(r.url).pathname);
            return {keys, urls}; }"""
    )
    assert len(caches["keys"]) == 1  # one release's files only
    assert "/offline.html" in caches["urls"]
    assert "/" not in caches["urls"]  # the page itself always comes from the network
    assert not [u for u in caches["urls"] if u.startswith("/api/")]
    page.get_by_role("button", name="开始游戏").tap()
    page.wait_for_selector("#game:not([hidden])[data-busy='false']")
    context.set_offline(True)
    page.reload()
    lead = page.locator("#offline-lead")
    assert "没有连上网络" in lead.inner_text()
    assert page.locator("#game, #dice, #roll-btn").count() == 0  # no half-broken game
    assert page.get_by_role("link", name="重新连接").is_visible()
    context.set_offline(False)
    page.get_by_role("link", name="重新连接").tap()
    page.get_by_role("button", name="开始游戏").wait_for()  # the game again, from the network
    context.close()
    assert guard.errors == [] and guard.external == [], guard
