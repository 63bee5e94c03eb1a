"""和朋友玩 · 同一台设备 in the page: tables played to the end, by touch on a 360×640 phone and by
keyboard at 1280×800 (docs/behaviours.md, the table's seats).

A table of two people and a 普通 computer, and a table of four seats, are set up in the lobby's
seat editor and played to the end at test speed (``?fast=1``). Each person's turn checks that
the seat in turn is plainly shown (its name at its column, the strip on a phone) and that the
buttons are its column's; a recorder in the page notes every 「轮到 …」 hand-over. At the end the
result ranks the seats by the server's places, each person has a 复盘 of their own seat, the
history keeps the table with its seats, and 「再来一局」 keeps the same table.

One table (two people and a computer, by touch) is played whole in the page. The others play
their first round in the page, the rounds up to the last two are played here on the game's own
dice (``support.played_on``), and the page resumes the table, by touch or by key, and plays
those two rounds to the end: every kind of step (a person's roll and box, a zero to confirm, a
computer's turn, a hand-over, the result) is still taken by touch and by keyboard, at both
tables, without 13 rounds of each.
"""

from __future__ import annotations

import json
from typing import Any

import pytest
from playwright.sync_api import Page, expect

from tests.browser.support import OpenTable, Table, played_on
from yahtzee.codec import to_json

pytestmark = pytest.mark.browser

# Two people and a 普通 computer; four seats: two people (one with the longest name), an 入门
# and a 高手 computer.
THREE: tuple[tuple[str, str], ...] = (("小明", "human"), ("小红", "human"), ("普通电脑", "normal"))
FOUR: tuple[tuple[str, str], ...] = (
    ("阿杰", "human"),
    ("入门电脑", "beginner"),
    ("十二个字的名字也是可以的", "human"),  # the longest name: cut short, never wider
    ("高手电脑", "expert"),
)

# Notes the name each time 「轮到 …」 shows.
HANDOVERS = """() => {
  window.__handovers = [];
  const box = document.getElementById('handover');
  new MutationObserver(() => {
    if (!box.hidden) window.__handovers.push(box.querySelector('.handover-name').textContent);
  }).observe(box, {attributes: true, attributeFilter: ['hidden']});
}"""

# A person's turn may begin, or the game is over.
READY = """() => document.getElementById('result-dialog').open ||
  (document.getElementById('game').dataset.busy === 'false' &&
   document.getElementById('handover').hidden &&
   document.querySelectorAll('#sheet td.cell.turn button.box').length > 0)"""


def press(table: Table, selector: str, *, touch: bool) -> None:
    """Tap (touch) or focus and press Enter on (keyboard) the element at ``selector``."""
    target = table.page.locator(selector).first
    if touch:
        target.tap()
    else:
        target.focus()
        table.page.keyboard.press("Enter")


def set_table(table: Table, seats: tuple[tuple[str, str], ...], *, touch: bool) -> None:
    """Choose 和朋友玩, give the editor ``seats`` (name, player) and start with the first seat."""
    page = table.page
    press(table, "[data-action='mode'][data-value='table']", touch=touch)
    rows = page.locator("#seat-list .seat-row")
    expect(rows).to_have_count(2)
    assert [rows.nth(i).locator(".seat-name").input_value() for i in range(2)] == ["玩家1", "玩家2"]
    while rows.count() < len(seats):
        press(table, "#seat-add", touch=touch)
    for i, (name, player) in enumerate(seats):
        rows.nth(i).locator(".seat-player").select_option(player)
        field = rows.nth(i).locator(".seat-name")
        field.fill(name)
        expect(rows.nth(i).locator(".seat-problem")).to_be_hidden()
    press(table, "[data-action='table-first'][data-value='me']", touch=touch)
    press(table, "#start-btn", touch=touch)
    table.page.wait_for_selector("#game:not([hidden])")


def saved_turns(table: Table) -> int:
    """How many turns the saved game has scored, every seat's together."""
    return sum(len(side.log) for side in table.saved_game().sides)


def play_turn(table: Table, seats: tuple[tuple[str, str], ...], *, touch: bool) -> None:
    """Play the turn of the person in turn: check it is shown as theirs, roll, score a box."""
    page = table.page
    snap_current = table.saved_game().current
    name, player = seats[snap_current]
    assert player == "human"
    # The seat in turn: its name in the status line's column head, its column holds the buttons.
    expect(page.locator("#sheet thead th.side.turn")).to_contain_text(name)
    expect(page.locator("#sheet td.cell.turn button.box")).to_have_count(13)
    assert page.locator("#sheet td.cell:not(.turn) button.box").count() == 0
    if touch:
        turn_cell = page.locator("#seat-strip .strip-seat.turn")
        expect(turn_cell).to_contain_text(name)
        expect(turn_cell).to_have_attribute("aria-current", "true")
    before = saved_turns(table)
    if touch:
        page.locator("#roll-btn").tap()
    else:
        page.locator("#roll-btn").focus()
        page.keyboard.press("Enter")
    table.wait_idle()
    box = page.locator("#sheet td.cell.turn button.box:not(.filled):not(:disabled)").first
    if touch:
        box.tap()
    else:
        box.focus()
        page.keyboard.press("Enter")
    if page.evaluate("() => document.getElementById('confirm-dialog').open"):
        press(table, "#confirm-ok", touch=touch)
    page.wait_for_function(
        "n => { const g = JSON.parse(localStorage.getItem('yahtzee.game') || 'null');"
        " return !g || g.sides.reduce((s, side) => s + side.log.length, 0) > n; }",
        arg=before,
    )


def play_to_end(
    table: Table,
    seats: tuple[tuple[str, str], ...],
    *,
    touch: bool,
    rounds: tuple[int, int] = (1, 13),
) -> list[str]:
    """Play every person's turn of ``rounds`` (the first and the last, from the start of the
    first) until the result shows, or the next round starts; the names 「轮到 …」 showed, in
    order."""
    page = table.page
    first, last = rounds
    people_turns = 0
    while True:
        page.wait_for_function(READY)
        if page.evaluate("() => document.getElementById('result-dialog').open"):
            break
        if table.saved_game().round > last:
            break
        play_turn(table, seats, touch=touch)
        people_turns += 1
    people = [name for name, player in seats if player == "human"]
    assert people_turns == (last - first + 1) * len(people)
    handovers: list[str] = page.evaluate("window.__handovers")
    return handovers


def resume_near_the_end(
    table: Table, seats: tuple[tuple[str, str], ...], *, touch: bool
) -> list[str]:
    """Play the table's first round in the page, the rounds up to the last two here, then
    resume it from the lobby (by touch or by key) and play those two to the end in the page;
    the hand-overs of each part, checked."""
    page = table.page
    names = play_to_end(table, seats, touch=touch, rounds=(1, 1))
    check_handovers(names, seats, rounds=1, then_next=True)  # the second round's first too
    game = played_on(table.saved_game(), 12)
    table.set_storage({"yahtzee.game": json.dumps(to_json(game))})
    table.reload()
    page.evaluate(HANDOVERS)
    expect(page.locator("#resume-detail")).to_contain_text("、".join(name for name, _ in seats))
    press(table, "#resume-btn", touch=touch)
    names = play_to_end(table, seats, touch=touch, rounds=(12, 13))
    check_handovers(names, seats, rounds=2)
    return names


def check_result(table: Table, seats: tuple[tuple[str, str], ...], *, touch: bool) -> None:
    """The result ranks the seats as the server placed them; each person has their 复盘; the
    history keeps the table; 「再来一局」 keeps the seats."""
    page = table.page
    result = page.locator("#result-dialog")
    rows = result.locator(".rank-table tbody tr")
    expect(rows).to_have_count(len(seats))
    history: list[dict[str, Any]] = table.storage("yahtzee.history")["games"]
    entry = history[-1]
    assert entry["mode"] == "table"
    assert [seat["name"] for seat in entry["seats"]] == [name for name, _ in seats]
    places = [seat["place"] for seat in entry["seats"]]
    totals = [seat["total"] for seat in entry["seats"]]
    # The places follow the totals (1 the best; tied totals share one).
    assert places == [1 + sum(t > total for t in totals) for total in totals]
    shown = [
        (
            int(rows.nth(i).locator(".rank-place").inner_text()),
            rows.nth(i).locator(".rank-name").inner_text(),
        )
        for i in range(len(seats))
    ]
    assert shown == sorted(
        ((places[i], name) for i, (name, _) in enumerate(seats)),
        key=lambda p: (p[0], [n for n, _ in seats].index(p[1])),
    )
    ranked_totals = [int(rows.nth(i).locator("td").last.inner_text()) for i in range(len(seats))]
    assert ranked_totals == sorted(totals, reverse=True)
    people = [name for name, player in seats if player == "human"]
    reviews = result.locator(".rank-reviews button")
    expect(reviews).to_have_count(len(people))
    assert [reviews.nth(i).inner_text() for i in range(len(people))] == people
    # The second person's 复盘 is of their own seat.
    press(table, f".rank-reviews button:text-is('{people[1]}')", touch=touch)
    review = page.locator("#review-dialog")
    expect(review).to_be_visible(timeout=30_000)
    expect(review).to_contain_text(people[1], timeout=30_000)
    page.keyboard.press("Escape")
    expect(review).to_be_hidden()
    # 再来一局 keeps the same table.
    if not page.evaluate("() => document.getElementById('result-dialog').open"):
        press(table, "#roll-btn", touch=touch)  # 再来一局 on the board
    else:
        press(table, "#result-dialog [data-action='again']", touch=touch)
    table.wait_idle()
    again = table.saved_game()
    assert [side.name for side in again.sides] == [name for name, _ in seats]
    assert table.text("#round") == "第 1 / 13 回合"


def expected_handovers(
    seats: tuple[tuple[str, str], ...], rounds: int = 13, *, then_next: bool = False
) -> list[str]:
    """Every person's turn of ``rounds`` but the first played begins with 「轮到 …」 (the first
    seat starts), and ``then_next``: so does the first person's turn of the round after."""
    people = [name for name, player in seats if player == "human"]
    return (people * rounds)[1:] + people[:1] * then_next


def check_handovers(
    names: list[str],
    seats: tuple[tuple[str, str], ...],
    rounds: int = 13,
    *,
    then_next: bool = False,
) -> None:
    """The hand-overs named the people in their order (the very first turn may have one too)."""
    expected = expected_handovers(seats, rounds, then_next=then_next)
    assert names in (expected, [seats[0][0], *expected])


@pytest.mark.parametrize(
    ("seats", "whole"), [(THREE, True), (FOUR, False)], ids=["two-people-and-normal", "four-seats"]
)
@pytest.mark.long
def test_a_table_played_to_the_end_by_touch_on_a_phone(
    open_table: OpenTable, seats: tuple[tuple[str, str], ...], whole: bool
) -> None:
    table = open_table(width=360, height=640, touch=True)
    page = table.page
    page.evaluate(HANDOVERS)
    set_table(table, seats, touch=True)
    fits_the_phone(page, len(seats))
    if whole:
        check_handovers(play_to_end(table, seats, touch=True), seats)
    else:
        resume_near_the_end(table, seats, touch=True)
    check_result(table, seats, touch=True)


@pytest.mark.parametrize("seats", [THREE, FOUR], ids=["two-people-and-normal", "four-seats"])
@pytest.mark.long
def test_a_table_played_to_the_end_by_keyboard(
    open_table: OpenTable, seats: tuple[tuple[str, str], ...]
) -> None:
    table = open_table()
    page = table.page
    page.evaluate(HANDOVERS)
    set_table(table, seats, touch=False)
    # Every seat is a column of the sheet on a wide screen; the strip is the phone's.
    expect(page.locator("#sheet thead th.side")).to_have_count(len(seats))
    expect(page.locator("#seat-strip")).to_be_hidden()
    wide = page.evaluate("() => document.documentElement.scrollWidth")
    assert wide <= 1280, f"the sheet of {len(seats)} seats runs {wide - 1280} px past the screen"
    resume_near_the_end(table, seats, touch=False)
    check_result(table, seats, touch=False)


def fits_the_phone(page: Page, count: int) -> None:
    """On the phone a whole turn fits: the strip of every seat, the dice, the roll button and
    the turn's 13 boxes (each 44 px or more) above the screen's bottom, nothing wider."""
    page.wait_for_function(READY)
    figures = page.evaluate(
        """() => {
      const boxes = [...document.querySelectorAll('#sheet td.cell.turn button.box')]
        .map(b => b.getBoundingClientRect());
      return {
        seats: document.querySelectorAll('#seat-strip .strip-seat').length,
        bottom: Math.max(...boxes.map(b => b.bottom)),
        roll: document.getElementById('roll-btn').getBoundingClientRect().bottom,
        height: Math.min(...boxes.map(b => b.height)),
        width: Math.min(...boxes.map(b => b.width)),
        wide: document.documentElement.scrollWidth,
        notes: [...document.querySelectorAll('#sheet .box-note')]
          .filter(e => e.offsetParent).length,
      };
    }"""
    )
    assert figures["seats"] == count
    assert figures["bottom"] <= 640 and figures["roll"] <= 640, figures
    assert figures["height"] >= 44 and figures["width"] >= 44, figures
    assert figures["wide"] <= 360, figures
    assert figures["notes"] == 0, figures  # a phone's sheet has no row notes


def test_a_table_resumes_after_a_reload(open_table: OpenTable) -> None:
    table = open_table(width=360, height=640, touch=True)
    page = table.page
    set_table(table, THREE, touch=True)
    page.wait_for_function(READY)
    play_turn(table, THREE, touch=True)
    page.wait_for_function(READY)
    before = table.saved_game()
    table.reload()
    resume = page.locator("#resume-btn")
    expect(page.locator("#resume-detail")).to_contain_text("小明、小红、普通电脑")
    resume.tap()
    page.wait_for_function(READY)
    after = table.saved_game()
    assert [side.name for side in after.sides] == [name for name, _ in THREE]
    assert sum(len(s.log) for s in after.sides) == sum(len(s.log) for s in before.sides)
    expect(page.locator("#seat-strip .strip-seat.turn")).to_contain_text(THREE[after.current][0])
