"""The first screen does not move: the lobby has its size from the first paint, so nothing jumps
when the page's code reads what the browser kept (docs/behaviours.md L4, L5).

A returning player's browser holds a saved game, records, the history of reviewed games, 练习
rounds, today's challenge played, and the lobby's last mode. Their phone paints the page before
its modules have run; every layout shift from then on is summed (the browser's cumulative layout
shift, no input on the way) and must stay under 0.05, Lighthouse's "good" limit. A layout test:
it counts how far things move, not how long anything takes.
"""

from __future__ import annotations

import json
import urllib.request
from typing import Any

import pytest
from playwright.sync_api import Route

from tests.browser.support import OpenTable, Table, wait_for_events
from tests.gameplay import random_game
from yahtzee.codec import to_json

pytestmark = pytest.mark.browser

LIMIT = 0.05
PAINT_TIMEOUT_S = 30.0

# Every layout shift of the page from its start, sources included for the failure message.
WATCH_SHIFTS = """
window.__shifts = [];
new PerformanceObserver((list) => {
  for (const entry of list.getEntries()) {
    window.__shifts.push({
      value: entry.value,
      sources: (entry.sources || []).map((s) => ({
        node: s.node ? `${s.node.nodeName}#${s.node.id || ""}.${s.node.className || ""}` : null,
        before: [s.previousRect.y, s.previousRect.height].map(Math.round),
        after: [s.currentRect.y, s.currentRect.height].map(Math.round),
      })),
    });
  }
}).observe({ type: "layout-shift", buffered: true });
"""

# The saved data, written once before the page's first load (a reload would find it anyway).
FILL_STORAGE = """
(data) => {
  if (sessionStorage.getItem("filled")) return;
  for (const [key, value] of Object.entries(data)) localStorage.setItem(key, value);
  sessionStorage.setItem("filled", "1");
}
"""

RECORDS: dict[str, Any] = {
    "version": 1,
    "single": {"best": 287, "games": 41},
    "vs": {
        "beginner": {"wins": 12, "losses": 3, "draws": 1, "best": 301},
        "normal": {"wins": 20, "losses": 18, "draws": 2, "best": 276},
        "expert": {"wins": 9, "losses": 27, "draws": 1, "best": 259},
    },
}


def history(count: int) -> dict[str, Any]:
    """The summaries of ``count`` reviewed games."""
    games = [
        {
            "id": f"game-{i}",
            "date": f"2024-06-{1 + i % 28:02d}T10:{i % 60:02d}:00.000Z",
            "mode": "vs" if i % 2 else "single",
            "difficulty": "expert" if i % 2 else None,
            "outcome": "loss" if i % 2 else None,
            "total": 200 + i,
            "fp": f"fp{i}",
            "luck": -3.5,
            "loss": 20.0,
            "risk": 0.0,
            "decisions": 32,
            "optimal": 21,
            "average": 0.625,
            "hinted": 1,
        }
        for i in range(count)
    ]
    return {"version": 1, "games": games}


def practice_rounds(count: int) -> dict[str, Any]:
    """``count`` 练习 rounds of ten answers on two themes."""
    answers = [
        {"theme": "full_house_draw" if n % 2 else "straight_draw", "loss": 0.4 * n, "best": n < 4}
        for n in range(10)
    ]
    rounds = [
        {"date": "2024-06-02T09:00:00.000Z", "theme": "mixed", "seed": 1000 + n, "answers": answers}
        for n in range(count)
    ]
    return {"version": 1, "theme": "mixed", "rounds": rounds}


def today(server_url: str) -> str:
    """Today's daily challenge date, as the server says."""
    with urllib.request.urlopen(f"{server_url}/api/daily", timeout=10) as response:
        date: str = json.load(response)["date"]
    return date


def returning_player(server_url: str, mode: str) -> dict[str, str]:
    """What a returning player's browser keeps, with ``mode`` chosen last in the lobby."""
    game = random_game(11, vs=True, stop_after=45)
    date = today(server_url)
    luck = {
        "version": 1,
        "records": {},
        "days": {date: {"record": "r", "started": 2, "first": 243, "expert": 261}},
    }
    lobby = {"mode": mode, "difficulty": "expert", "first": "computer"}
    seats = [("小明", "human"), ("小红", "human"), ("普通电脑", "normal"), ("阿杰", "human")]
    table = {"version": 1, "seats": [{"name": n, "player": p} for n, p in seats], "first": "me"}
    data = {
        "yahtzee.game": to_json(game),
        "yahtzee.records": RECORDS,
        "yahtzee.history": history(24),
        "yahtzee.practice": practice_rounds(3),
        "yahtzee.luck": luck,
        "yahtzee.lobby": lobby,
        "yahtzee.table": table,  # 和朋友玩's last table, of four seats
    }
    return {key: json.dumps(value) for key, value in data.items()}


def shifts_of_first_load(table: Table, storage: dict[str, str] | None) -> list[dict[str, Any]]:
    """Load the page (with ``storage`` in localStorage from the start) and return its layout
    shifts once the lobby is complete (today's challenge drawn).

    The page's entry module is held until the page has painted, as on a phone whose modules
    arrive after the first paint: on loopback they may come first, and then nothing could move."""
    page = table.page
    page.add_init_script(WATCH_SHIFTS)
    if storage is not None:
        page.add_init_script(f"({FILL_STORAGE})({json.dumps(storage)})")
    held: list[Route] = []
    page.route("**/js/main.js", lambda route: held.append(route))
    page.goto(f"{table.base_url}/?fast=1", wait_until="commit")
    painted = "performance.getEntriesByName('first-contentful-paint').length > 0"

    def shown() -> bool:
        return bool(held) and bool(page.evaluate(painted))

    wait_for_events(page, shown, "the page did not paint without its modules", PAINT_TIMEOUT_S)
    for route in held:
        route.continue_()
    page.wait_for_load_state("load")  # the modules have run by then
    assert page.evaluate("window.yahtzeeReady === true")
    page.wait_for_selector("#daily h3:has-text('月')")
    page.wait_for_timeout(300)  # a frame or two for the last shift to be reported
    shifts: list[dict[str, Any]] = page.evaluate("window.__shifts")
    return shifts


def total(shifts: list[dict[str, Any]]) -> float:
    return sum(float(shift["value"]) for shift in shifts)


@pytest.mark.parametrize("mode", ["single", "vs", "table", "practice"])
@pytest.mark.parametrize(("width", "height"), [(412, 823), (360, 640)])
def test_a_returning_players_lobby_does_not_move(
    open_table: OpenTable, server_url: str, mode: str, width: int, height: int
) -> None:
    table = open_table(width=width, height=height, touch=True, load=False)
    shifts = shifts_of_first_load(table, returning_player(server_url, mode))
    assert total(shifts) < LIMIT, json.dumps(shifts, ensure_ascii=False)
    # The data was read: the lobby shows the saved game, the records and the played day.
    page = table.page
    assert page.locator("#resume-btn").is_visible()
    assert "287" in page.locator("#records").inner_text()
    assert "243" in page.locator("#daily").inner_text()
    mode_button = page.locator(f"[data-action='mode'][data-value='{mode}']")
    assert mode_button.get_attribute("aria-pressed") == "true"


def test_a_first_visit_does_not_move(open_table: OpenTable) -> None:
    table = open_table(width=412, height=823, touch=True, load=False)
    shifts = shifts_of_first_load(table, None)
    assert total(shifts) < LIMIT, json.dumps(shifts, ensure_ascii=False)
    assert table.page.locator("#resume-btn").is_hidden()


@pytest.mark.parametrize(("width", "height"), [(390, 664), (360, 640)])
def test_an_unfinished_daily_try_does_not_move(
    open_table: OpenTable, server_url: str, width: int, height: int
) -> None:
    # The daily card then offers 「继续今天的挑战」 in place of 「开始今天的挑战」, and 「继续」
    # names the game 每日挑战: both on the first screen, and neither moves anything.
    storage = returning_player(server_url, "single")
    date = today(server_url)
    record = {"id": "0" * 32 + "-" + "0" * 8, "daily": date}
    game = json.loads(storage["yahtzee.game"]) | {"mode": "single", "record": record}
    game["sides"] = game["sides"][:1]
    storage["yahtzee.game"] = json.dumps(game)
    day = {"record": record["id"], "started": 1, "first": None, "expert": None}
    storage["yahtzee.luck"] = json.dumps({"version": 1, "records": {}, "days": {date: day}})
    table = open_table(width=width, height=height, touch=True, load=False)
    shifts = shifts_of_first_load(table, storage)
    assert total(shifts) < LIMIT, json.dumps(shifts, ensure_ascii=False)
    page = table.page
    assert page.locator("#daily").get_by_role("button").all_inner_texts() == ["继续今天的挑战"]
    assert table.text("#resume-detail").startswith("每日挑战 · 第 ")
    resume = page.locator("#resume-btn").bounding_box()
    assert resume is not None and resume["y"] + resume["height"] <= height
