"""好友房 in the browser: two phones (two browser contexts, each its own storage) make and join a
room from its link, and play a whole game to the end, each acting only for its own seat and
seeing the other's turns live: on one server (the SQLite store), and on two replicas sharing a
Redis server, a phone on each. A dropped connection is shown and heals by itself."""

from __future__ import annotations

import os
import re
import subprocess
from collections.abc import Iterator
from pathlib import Path

import pytest
from playwright.sync_api import Page, expect

from tests.browser.support import OpenTable, Table, free_port
from tests.rooms.conftest import start_redis, stop_redis
from tests.rooms.support import start_replica, stop_replica

TURN_TIMEOUT_MS = 20_000


def create_room(host: Table, name: str) -> str:
    """创建房间 from the lobby (和朋友玩 → 好友房): the code the waiting room shows."""
    page = host.page
    page.get_by_role("button", name="和朋友玩").click()
    page.get_by_role("button", name="好友房", exact=True).click()
    page.get_by_label("昵称").fill(name)
    page.get_by_role("button", name="创建房间").click()
    code = page.locator(".room-code-text")
    expect(code).to_have_text(re.compile(r"^[2-9A-HJKMNP-Z]{6}$"))
    return code.inner_text()


def join_room(guest: Table, code: str, name: str) -> None:
    """Open the room's link and 加入房间."""
    page = guest.page
    page.goto(f"{guest.base_url}/r/{code}?fast=1")
    page.wait_for_function("window.yahtzeeReady === true")
    page.get_by_label("昵称").fill(name)
    page.get_by_role("button", name="加入房间").click()
    expect(page.locator("#room")).to_have_attribute("data-stage", "wait")


def idle(page: Page) -> None:
    page.wait_for_selector("#room[data-busy='false']")


def my_turn(page: Page) -> bool:
    return page.locator("#room .room-status").inner_text().startswith("轮到你了")


def play_turn(page: Page) -> None:
    """Roll once and score the first box the sheet offers (twice when it asks to confirm a 0)."""
    page.locator("#room [data-room='roll']").click()
    boxes = page.locator("#room .room-sheet button.box:enabled")
    boxes.first.wait_for(timeout=TURN_TIMEOUT_MS)
    idle(page)
    revision = page.locator("#room").get_attribute("data-revision")
    box = boxes.first
    key = box.get_attribute("data-room-box")
    box.click()
    if "再点一次" in page.locator("#room .room-status").inner_text():
        page.locator(f"#room [data-room-box='{key}']").click()
    expect(page.locator("#room")).not_to_have_attribute(
        "data-revision", revision or "", timeout=TURN_TIMEOUT_MS
    )
    idle(page)


def play_to_the_end(host: Table, guest: Table) -> None:
    """Start the room the two phones sit in and play it to the end, each phone acting only on
    its own turns and seeing the other's through its stream; both then show the result and keep
    the game in their history."""
    host.page.get_by_role("button", name="开始游戏").click()
    phones = (host.page, guest.page)
    for page in phones:
        expect(page.locator("#room")).to_have_attribute("data-stage", "play")
    # On a phone the strip of seats, this phone's first, as at a table on one phone; a tap on
    # another seat opens its sheet.
    for page, names in ((host.page, ["小明", "小红"]), (guest.page, ["小红", "小明"])):
        seats = page.locator("#room .seat-strip .strip-seat")
        expect(seats).to_have_count(2)
        shown = [seats.nth(i).locator(".strip-name").inner_text() for i in (0, 1)]
        assert [name.lstrip("▼") for name in shown] == names
    other = host.page.locator("#room .seat-strip button.strip-seat")
    other.first.click()
    dialog = host.page.locator("#room-seat-dialog")
    expect(dialog).to_be_visible()
    expect(dialog.locator("h2")).to_have_text(re.compile("的计分表$"))
    dialog.get_by_role("button", name="关闭").click()
    expect(dialog).to_be_hidden()
    turns = 0
    while host.page.locator("#room").get_attribute("data-stage") == "play":
        for page in phones:
            idle(page)
        acting = [page for page in phones if my_turn(page)]
        assert len(acting) == 1, "exactly one phone acts at a time"
        waiting = next(page for page in phones if page is not acting[0])
        expect(waiting.locator("#room [data-room='roll']")).to_be_disabled()
        play_turn(acting[0])
        turns += 1
        assert turns <= 26
        # The other phone sees the turn through its stream.
        revision = acting[0].locator("#room").get_attribute("data-revision")
        expect(waiting.locator("#room")).to_have_attribute("data-revision", revision or "")
    assert turns == 26

    for page in phones:
        expect(page.locator("#room")).to_have_attribute("data-stage", "over")
        places = page.locator(".room-places li")
        expect(places).to_have_count(2)
        expect(places.first).to_contain_text("第 1 名")
        history = page.evaluate("JSON.parse(localStorage.getItem('yahtzee.history') || 'null')")
        assert history is not None and len(history["games"]) == 1, history
    # 复盘 opens the review of the game just played, of this phone's seat, with its 胜率 chart.
    guest.page.locator("#room [data-room='review']").click()
    review = guest.page.locator("#review-dialog")
    expect(review).to_be_visible(timeout=30_000)
    expect(review.locator(".rv-explain")).to_contain_text("小红的总分", timeout=30_000)
    expect(review.locator(".rv-win-card svg")).to_be_visible(timeout=30_000)


def test_two_phones_play_a_whole_room_game(open_table: OpenTable) -> None:
    host = open_table(width=360, height=640, touch=True)
    guest = open_table(width=390, height=664, touch=True, load=False)
    code = create_room(host, "小明")
    expect(host.page.locator(".room-link")).to_have_text(re.compile(f"/r/{code}$"))
    assert host.page.url.split("?")[0].endswith(f"/r/{code}")
    start = host.page.get_by_role("button", name="开始游戏")
    expect(start).to_be_disabled()  # one seat: not yet

    join_room(guest, code, "小红")
    seats = host.page.locator(".room-seat")
    expect(seats).to_have_count(2)  # the host sees the guest arrive, live
    expect(seats.nth(1)).to_contain_text("小红")
    expect(guest.page.locator(".room-waiting")).to_be_visible()  # only the host starts
    play_to_the_end(host, guest)


@pytest.fixture
def replicas(tmp_path: Path) -> Iterator[tuple[str, str]]:
    """Two server processes on one Redis server of this test's own."""
    redis = start_redis(tmp_path, port := free_port())
    env = {**os.environ, "YAHTZEE_REDIS_URL": f"redis://127.0.0.1:{port}/0"}
    started: list[subprocess.Popen[bytes]] = []
    try:
        urls = []
        for _ in range(2):
            replica_port = free_port()
            started.append(start_replica(replica_port, env))
            urls.append(f"http://127.0.0.1:{replica_port}")
        yield urls[0], urls[1]
    finally:
        for process in started:
            stop_replica(process)
        stop_redis(redis)


def test_two_phones_on_two_replicas_play_a_whole_room_game(
    open_table: OpenTable, replicas: tuple[str, str]
) -> None:
    one, two = replicas
    host = open_table(width=360, height=640, touch=True, base_url=one)
    guest = open_table(width=360, height=640, touch=True, load=False, base_url=two)
    code = create_room(host, "小明")
    join_room(guest, code, "小红")  # the link opened on the other replica
    expect(host.page.locator(".room-seat")).to_have_count(2)
    play_to_the_end(host, guest)


def test_a_dropped_connection_is_shown_and_heals(open_table: OpenTable) -> None:
    host = open_table(width=360, height=640, touch=True)
    guest = open_table(width=360, height=640, touch=True, load=False)
    code = create_room(host, "小明")
    join_room(guest, code, "小红")
    banner = guest.page.locator(".room-banner")
    expect(banner).to_be_hidden()
    guest.page.context.set_offline(True)
    expect(banner).to_have_text("连接中断，正在重连…")
    expect(banner).to_be_visible()
    guest.page.context.set_offline(False)
    expect(banner).to_be_hidden(timeout=15_000)
    # Back on the stream: the host's next change reaches the guest.
    host.page.get_by_role("button", name="+ 高手").click()
    expect(guest.page.locator(".room-seat")).to_have_count(3)
    # A reload comes back to the same seat (the token is kept in the browser).
    guest.page.reload()
    expect(guest.page.locator("#room")).to_have_attribute("data-stage", "wait")
    expect(guest.page.locator(".room-seat").nth(1)).to_contain_text("你")


def test_a_computer_plays_and_a_person_away_is_stood_in_for(
    open_table: OpenTable, replicas: tuple[str, str]
) -> None:
    # The replicas run the tests' quick times: a computer moves in a tenth of a second, and a
    # person away through their turn is stood in for after about a second.
    one, two = replicas
    host = open_table(width=360, height=640, touch=True, base_url=one)
    guest = open_table(width=360, height=640, touch=True, load=False, base_url=two)
    code = create_room(host, "小明")
    join_room(guest, code, "小红")
    host.page.get_by_role("button", name="+ 入门").click()
    seats = host.page.locator(".room-seat")
    expect(seats).to_have_count(3)
    expect(seats.nth(2)).to_contain_text("入门电脑")
    host.page.get_by_role("button", name="开始游戏").click()
    expect(guest.page.locator("#room")).to_have_attribute("data-stage", "play")
    guest.page.goto(f"{two}/?fast=1")  # the guest leaves the room's page
    play_turn(host.page)
    event = host.page.locator(".room-event")
    expect(event).to_have_text("小红离开太久，普通电脑替他打这一轮", timeout=TURN_TIMEOUT_MS)
    # The stand-in and the computer play on: the turn comes back to the host.
    expect(host.page.locator(".room-status")).to_have_text(
        re.compile("^轮到你了"), timeout=TURN_TIMEOUT_MS
    )
    expect(host.page.locator(".room-round")).to_contain_text("第 2 / 13 回合")
    # The guest's link brings it back to its seat; the stand-in ends.
    guest.page.goto(f"{two}/r/{code}?fast=1")
    expect(guest.page.locator("#room")).to_have_attribute("data-stage", "play")
    expect(event).to_have_text("小红回来了", timeout=TURN_TIMEOUT_MS)
    play_turn(host.page)
    expect(event).to_be_hidden()
    expect(guest.page.locator(".room-status")).to_have_text(
        re.compile("^轮到你了"), timeout=TURN_TIMEOUT_MS
    )


def test_an_empty_nickname_is_asked_for_before_anything_is_sent(open_table: OpenTable) -> None:
    """创建房间 with no 昵称 (spaces only): the page says what is missing under the field, puts the
    cursor in it and asks the server nothing; typing a name takes the note away."""
    table = open_table(width=360, height=640, touch=True)
    page = table.page
    asked: list[str] = []
    page.on("request", lambda r: asked.append(r.url) if "/api/rooms" in r.url else None)
    page.get_by_role("button", name="和朋友玩").click()
    page.get_by_role("button", name="好友房", exact=True).click()
    field = page.get_by_label("昵称")
    field.fill("   ")
    page.get_by_role("button", name="创建房间").click()
    note = page.get_by_role("alert").filter(has_text="先填一个昵称")
    expect(note).to_be_visible()
    expect(field).to_be_focused()
    expect(field).to_have_attribute("aria-invalid", "true")
    assert asked == []
    field.fill("小明")
    expect(note).to_be_hidden()
    expect(field).not_to_have_attribute("aria-invalid", "true")
    page.get_by_role("button", name="创建房间").click()
    expect(page.locator(".room-code-text")).to_have_text(re.compile(r"^[2-9A-HJKMNP-Z]{6}$"))
