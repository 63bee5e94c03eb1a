"""好友房 in the browser: two phones (two browser contexts, each its own storage) make and join a
room from its link, and play a game to the end, each acting only for its own seat and seeing the
other's turns live: on one server (the SQLite store), a whole game by taps; and on two replicas
sharing a Redis server, a phone on each, the first round and the last two by taps, the rounds
between played by the same seats through the API (with the tokens the phones keep), every turn
still reaching both phones through their streams. A dropped connection is shown and heals by
itself."""

from __future__ import annotations

import os
import re
import subprocess
from collections.abc import Iterator
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

import pytest
from playwright.sync_api import Page, expect

from tests.browser.support import OpenTable, Table, free_port
from tests.rooms.conftest import start_redis, stop_redis
from tests.rooms.support import call, start_replica, stop_replica
from tests.rooms.support import play_turn as api_turn

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


def revision_at_least(page: Page, revision: int) -> None:
    """Wait until the phone has drawn the room at ``revision`` or later."""
    page.wait_for_function(
        "n => Number(document.getElementById('room').dataset.revision) >= n",
        arg=revision,
        timeout=TURN_TIMEOUT_MS,
    )


def play_through_the_api(phone: Table, code: str) -> int:
    """Play the turn of ``phone``'s seat through the API with the token the phone keeps (on the
    phone's own server); the room's revision after it."""
    token = phone.page.evaluate(
        "code => JSON.parse(localStorage.getItem('yahtzee.rooms')).seats[code].token", code
    )
    status, room = call(phone.base_url, "GET", f"/api/rooms/{code}", token=token)
    assert status == 200, room
    room = api_turn(phone.base_url, code, token, room)
    revision: int = room["revision"]
    return revision


def play_to_the_end(
    host: Table, guest: Table, code: str, *, through_the_api: range = range(0)
) -> None:
    """Start the room the two phones sit in and play it to the end, each phone acting only on
    its own turns (by taps, or through the API in the rounds ``through_the_api``) and seeing the
    other's through its stream; both then show the result and keep the game in their
    history."""
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
        if turns // 2 + 1 in through_the_api:
            # Both phones see the turn through their streams.
            phone = host if acting[0] is host.page else guest
            revision = play_through_the_api(phone, code)
            for page in phones:
                revision_at_least(page, revision)
        else:
            play_turn(acting[0])
            # The other phone sees the turn through its stream.
            drawn = acting[0].locator("#room").get_attribute("data-revision")
            expect(waiting.locator("#room")).to_have_attribute("data-revision", drawn or "")
        turns += 1
        assert turns <= 26
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
    # The summary's words (a deliberate risk of the game has a line of its own further down).
    summary = review.locator(".rv-summary .rv-explain")
    expect(summary).to_contain_text("小红的总分", timeout=30_000)
    expect(review.locator(".rv-win-card svg")).to_be_visible(timeout=30_000)


@pytest.mark.long
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
    play_to_the_end(host, guest, code)


def test_a_wide_screen_shows_every_seats_chance_in_one_bar(open_table: OpenTable) -> None:
    """At 1280×800 the room's table has every seat's column, so its 胜率 stand in one bar under
    the status line, as at a table on one device; a phone has them in its strip instead."""
    host = open_table()
    guest = open_table(width=360, height=640, touch=True, load=False)
    code = create_room(host, "小明")
    join_room(guest, code, "小红")
    host.page.get_by_role("button", name="开始游戏").click()
    bar = host.page.locator(".room-head .seatbar")
    expect(bar).to_be_visible()
    expect(bar.locator(".winbar-text")).to_have_text(re.compile(r"^小明 \S+% · 小红 \S+%"))
    expect(bar.locator(".winbar-track .wb-seat")).to_have_count(2)
    expect(guest.page.locator(".room-head .seatbar")).to_be_hidden()
    expect(guest.page.locator(".room-play .seat-strip .strip-chance").first).to_be_visible()


@pytest.fixture
def replicas(tmp_path: Path) -> Iterator[tuple[str, str]]:
    """Two server processes on one Redis server of this test's own, started side by side (each
    takes seconds to load its tables). A test asks for it before ``open_table``, so its pages
    are closed first and the servers have no stream left open to wait for when they stop."""
    redis = start_redis(tmp_path, port := free_port())
    env = {**os.environ, "YAHTZEE_REDIS_URL": f"redis://127.0.0.1:{port}/0"}
    started: list[subprocess.Popen[bytes]] = []
    try:
        ports = [free_port() for _ in range(2)]
        with ThreadPoolExecutor(max_workers=2) as pool:
            starting = [pool.submit(start_replica, replica_port, env) for replica_port in ports]
            failed = [future.exception() for future in starting]
        started += [
            future.result() for future, error in zip(starting, failed, strict=True) if error is None
        ]
        for error in failed:
            if error is not None:
                raise error
        one, two = (f"http://127.0.0.1:{replica_port}" for replica_port in ports)
        yield one, two
    finally:
        for process in started:
            process.terminate()  # both at once; stop_replica then waits for each
        for process in started:
            stop_replica(process)
        stop_redis(redis)


@pytest.mark.long
def test_two_phones_on_two_replicas_play_a_room_game(
    replicas: tuple[str, str], open_table: OpenTable
) -> None:
    one, two = replicas
    host = open_table(width=360, height=640, touch=True, base_url=one)
    guest = open_table(width=360, height=640, touch=True, load=False, base_url=two)
    code = create_room(host, "小明")
    join_room(guest, code, "小红")  # the link opened on the other replica
    expect(host.page.locator(".room-seat")).to_have_count(2)
    play_to_the_end(host, guest, code, through_the_api=range(2, 12))


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


@pytest.mark.long
def test_a_computer_plays_and_a_person_away_is_stood_in_for(
    replicas: tuple[str, str], open_table: OpenTable
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
