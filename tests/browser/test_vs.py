"""人机对战 in the page (docs/behaviours.md L2, C1–C3, T1, S1, E1–E3, T5, K1).

Games against each difficulty and each starting order run at test speed (``?fast=1``): one
whole, two from their start and near their end (``test_a_game_against_the_computer``).
A ``ComputerGate`` holds the page's requests for a computer step, so a test can stop the
computer in the middle of its turn and check what the page shows and that the player's clicks
and keys do nothing then. A recorder in the page logs every visible change (held dice, the
highlighted box, the status) so the computer's turn can be checked step by step afterwards.
Only ``test_real_pace_without_fast`` runs without ``?fast=1``, to measure the real pause.
"""

from __future__ import annotations

import json
import time
from typing import Any

import pytest
from playwright.sync_api import expect

from tests.browser.support import (
    BOX_KEYS,
    ComputerGate,
    OpenTable,
    Table,
    hold_the_computer_turn,
    played_on,
    requests_to,
    resume_saved,
    wait_for_events,
    wait_your_turn,
)
from tests.gameplay import COMPUTER, PLAYER, vs_final_turn
from yahtzee.codec import to_json
from yahtzee.rules import Box

pytestmark = pytest.mark.browser

LEVELS = {"入门": "beginner", "普通": "normal", "高手": "expert"}
RECORDS: dict[str, Any] = {
    "version": 1,
    "single": {"best": 231, "games": 7},
    "vs": {
        "beginner": {"wins": 3, "losses": 1, "draws": 0, "best": 250},
        "normal": {"wins": 2, "losses": 2, "draws": 1, "best": 240},
        "expert": {"wins": 0, "losses": 4, "draws": 0, "best": None},
    },
}

# Logs every visible change of the table: held dice, tumbling dice, the computer's highlighted
# box, its column, the arrow and the status line (one entry per change, in order).
RECORDER = """() => {
  const log = [];
  window.__log = log;
  let last = '';
  const take = () => {
    const dice = [...document.querySelectorAll('#dice .die')];
    const chosen = document.querySelector('#sheet td.choosing');
    const entry = {
      held: dice.filter(d => d.classList.contains('held')).map(d => Number(d.dataset.die)),
      rolling: dice.filter(d => d.classList.contains('rolling')).length,
      choosing: chosen ? chosen.parentElement.className.split(' ')[0].slice(4) : null,
      computer: [...document.querySelectorAll('#sheet tbody tr:not(.sum) td.side-1')]
        .map(td => td.textContent),
      acting: [...document.querySelectorAll('#sheet thead th.side')]
        .findIndex(th => th.classList.contains('acting')),
      status: document.getElementById('status').textContent,
    };
    const key = JSON.stringify(entry);
    if (key !== last) { log.push(entry); last = key; }
  };
  new MutationObserver(take).observe(document.getElementById('app'),
    {subtree: true, childList: true, attributes: true, characterData: true});
}"""


def check_top_bar(table: Table, side: int) -> None:
    """The arrow, round and both totals follow the saved game (T1, S1)."""
    game = table.saved_game()
    assert game.current == side
    assert table.arrow() == [side]
    assert table.text("#round") == f"第 {game.round} / 13 回合"
    assert table.totals() == [s.sheet.total for s in game.sides]
    assert table.text("#sheet thead th.side-0 .side-name") == "你"
    assert table.text("#sheet thead th.side-1 .side-name") == "电脑"


def poke(table: Table, sent: list[str]) -> None:
    """Clicks on dice, boxes, roll and hint, and every shortcut key, during the computer's
    turn: none of them may change anything or send anything (C3, K1)."""
    page = table.page
    before = (table.die_names(), table.storage("yahtzee.game"), len(sent))
    assert page.locator("#hint-btn").is_disabled()
    assert page.locator("#roll-btn").is_disabled()
    assert table.text("#roll-btn") == "电脑回合"
    assert table.status().startswith("电脑")
    for key in ("Space", "Enter", "1", "2", "3", "4", "5", "h", "H"):
        page.keyboard.press(key)
    for index in range(5):
        table.die(index).click(force=True)
    for key in ("chance", "ones", "yahtzee"):
        table.box(key).click(force=True)
    page.locator("#roll-btn").click(force=True)
    page.locator("#hint-btn").click(force=True)
    page.wait_for_timeout(60)
    assert not page.evaluate("() => document.getElementById('confirm-dialog').open")
    assert (table.die_names(), table.storage("yahtzee.game"), len(sent)) == before


def click_score(table: Table, key: str) -> None:
    """Click box ``key`` (confirming a zero) without waiting: the computer's turn follows."""
    table.box(key).click()
    if table.page.evaluate("() => document.getElementById('confirm-dialog').open"):
        table.page.locator("#confirm-ok").click()


def play_player_turn(table: Table, *, hint: bool, reroll: bool) -> None:
    """Roll, maybe ask for a hint (H key) or hold two dice and roll again; score the best box."""
    table.roll()
    if not (hint or reroll):
        click_score(table, table.best_box())
        return
    if hint:
        left = table.saved_game().hints_left
        table.page.wait_for_selector("#game[data-shortcuts='on']")  # K1: the keys act
        with table.page.expect_response("**/api/hint"):
            table.page.keyboard.press("h")
        table.wait_idle()
        assert table.saved_game().hints_left == left - 1
        assert table.status().startswith("提示：")
    else:
        table.toggle(0)
        table.toggle(1)
    table.roll()
    click_score(table, table.best_box())


def sheet_sums(table: Table, side: int) -> list[int]:
    """Upper (with bonus), upper bonus, lower, Yahtzee bonus and total of one column."""
    sums: list[int] = table.page.evaluate(
        """side => {
          const cell = (row) => document.querySelector(`#sheet tr.row-${row} .side-${side}`);
          const n = (row) => parseInt(cell(row).textContent, 10);
          const lower = [...document.querySelectorAll(
            `#sheet tbody.lower tr:not(.sum) .side-${side}`)]
            .reduce((sum, c) => sum + parseInt(c.textContent, 10), 0);
          const upper = parseInt(cell('upper_subtotal').querySelector('.progress-text')
            .textContent, 10);
          return [upper + n('upper_bonus'), n('upper_bonus'), lower, n('yahtzee_bonus'),
                  n('total')];
        }""",
        side,
    )
    return sums


def check_result(table: Table, level: str) -> tuple[int, int]:
    """The result dialog's figures equal both columns of the sheet and the top bar, and its
    title names the winner (E1). Returns the two totals."""
    page = table.page
    dialog = page.locator("#result-dialog")
    dialog.wait_for(state="visible")
    rows = page.eval_on_selector_all(
        "#result-dialog .result-table tr",
        "trs => trs.map(tr => [...tr.children].map(c => c.textContent.trim()))",
    )
    assert rows[0] == ["", "你", "电脑"]
    assert [row[0] for row in rows[1:]] == [
        "上区（含奖励）",
        "其中上区奖励",
        "下区",
        "快艇加成",
        "总分",
    ]
    for side in (PLAYER, COMPUTER):
        figures = [int(row[1 + side]) for row in rows[1:]]
        assert figures == sheet_sums(table, side)
        upper, _, lower, bonus, total = figures
        assert upper + lower + bonus == total
    mine, computer = int(rows[-1][1]), int(rows[-1][2])
    assert table.totals() == [mine, computer]
    title, line = table.text("#result-title"), table.text(".result-winner")
    if mine > computer:
        assert (
            title == "你赢了！" and line == f"你 {mine} : {computer} 电脑，赢 {mine - computer} 分"
        )
    elif mine < computer:
        assert (
            title == "电脑赢了" and line == f"你 {mine} : {computer} 电脑，输 {computer - mine} 分"
        )
    else:
        assert title == "平局" and line == f"平局，双方都是 {mine} 分"
    # A screen reader reads the winner line with the title when the dialog opens.
    # Then the record at this level (E1, E3), as the lobby keeps it: a new one says by how much.
    name = {v: k for k, v in LEVELS.items()}[level]
    best = table.text("#result-dialog .result-best")
    previous = RECORDS["vs"][level]["best"]
    if previous is None:
        assert best == f"对{name}电脑的最高纪录 {mine}（第一局）"
    else:
        assert best == f"对{name}电脑的最高纪录 {max(previous, mine)}"
    beaten = previous is not None and mine > previous
    record = f"新纪录！比原纪录 {previous} 多 {mine - previous} 分 " if beaten else ""
    expect(dialog).to_have_accessible_description(f"{line} {record}{best}")
    assert table.storage("yahtzee.game") is None
    return mine, computer


def check_records(table: Table, level: str, mine: int, computer: int) -> None:
    """Exactly one result more for this difficulty, the best score kept; the other difficulties
    and the single-player record untouched (E3), and the lobby shows it (L5)."""
    records = table.storage("yahtzee.records")
    expected = json.loads(json.dumps(RECORDS))
    entry = expected["vs"][level]
    field = "wins" if mine > computer else "losses" if mine < computer else "draws"
    entry[field] += 1
    entry["best"] = mine if entry["best"] is None else max(entry["best"], mine)
    assert records == expected
    table.page.locator("#result-dialog").get_by_role("button", name="回大厅").click()
    name = {v: k for k, v in LEVELS.items()}[level]
    line = table.page.locator("#records dt", has_text=f"人机 · {name}").locator(
        "xpath=following-sibling::dd[1]"
    )
    wins, losses, draws = entry["wins"], entry["losses"], entry["draws"]
    # The lobby is drawn again as the dialog closes: waited for, not read at the click.
    expect(line).to_have_text(f"{wins} 胜 {losses} 负 {draws} 平 · 最高 {entry['best']}")


def check_computer_turns(log: list[dict[str, Any]], turns: int) -> None:
    """The recorded computer turns (C1), ``turns`` of them: dice lifted one at a time, every box
    shown highlighted with its points before they are written, the status saying the computer
    is playing."""
    scored = 0
    lifted_several = False
    for at in range(1, len(log)):
        before, after = log[at - 1], log[at]
        if before["acting"] != 1 or after["acting"] != 1:
            continue
        assert after["status"].startswith("电脑"), after["status"]
        new = set(after["held"]) - set(before["held"])
        assert len(new) <= 1, (before, after)  # one die lifts at a time
        if len(after["held"]) >= 2 and new:
            lifted_several = True
        if after["choosing"] and not before["choosing"]:
            row = BOX_KEYS.index(after["choosing"])
            assert before["computer"][row] == ""
            assert after["computer"][row] != ""  # the points it will write, highlighted
            later = next(e for e in log[at:] if not e["choosing"])
            assert later["computer"][row] == after["computer"][row]  # then written as shown
            scored += 1
    assert scored == turns
    assert lifted_several


def play_rounds(
    table: Table, gate: ComputerGate, sent: list[str], rounds: range, *, hints: int = 0
) -> None:
    """Play ``rounds`` (from the start of the first): the computer's turns held at their first
    step and checked (poked at rounds 1 and 13), the player's turns checked and played, with a
    hint by the H key in each of the first ``hints`` rounds."""
    page = table.page
    starter = table.saved_game().starter
    seen = False  # a computer turn played in this page (a resumed game's was played elsewhere)
    for round_no in rounds:
        for side in (starter, 1 - starter):
            if side == COMPUTER:
                gate.wait_held()  # its first step is on hold: the computer is "thinking"
                check_top_bar(table, COMPUTER)
                assert table.status() == "电脑思考中…"
                if round_no in (1, 13):
                    poke(table, sent)
                    gate.release(close=True)  # its first roll shows, its next step waits
                    gate.wait_held()
                    assert table.saved_game().turn.rolls_used == 1
                    poke(table, sent)
                gate.release()  # the rest of its turn
                wait_your_turn(page)
                gate.closed = True  # hold the first step of its next turn
                seen = True
            else:
                wait_your_turn(page)
                table.wait_idle()
                check_top_bar(table, PLAYER)
                assert table.text("#round") == f"第 {round_no} / 13 回合"
                # What the computer scored last stays said until the player rolls.
                computer_log = table.saved_game().sides[COMPUTER].log
                status = "点「掷骰子」开始"
                if computer_log and seen:
                    last = computer_log[-1]
                    status = f"电脑刚登记「{last.box.zh}」{last.points} 分，轮到你了"
                assert table.status() == status
                assert table.dice() == [None] * 5
                # Hints work as in single mode during the player's turns (3 per game).
                play_player_turn(table, hint=round_no <= hints, reroll=round_no % 4 == 2)


@pytest.mark.parametrize(
    ("name", "first", "whole"),
    [("入门", "我先", True), ("普通", "电脑先", False), ("高手", "随机", False)],
    ids=["beginner-me-first", "normal-computer-first", "expert-random"],
)
@pytest.mark.long
def test_a_game_against_the_computer(
    open_table: OpenTable, name: str, first: str, whole: bool
) -> None:
    """A game against each difficulty, started from the lobby and played to the result. The
    game against 入门 is played whole in the page; the others play their first two rounds and
    their last two in the page, and the rounds between on the game's own dice here
    (``support.played_on``; the page resumes the game from the lobby): their computer's turns
    are checked where the page plays them, the first and the last included."""
    level = LEVELS[name]
    table = open_table(storage={"yahtzee.records": json.dumps(RECORDS)})
    page = table.page
    gate = ComputerGate(page)
    gate.closed = True  # hold the computer's first step of every turn
    sent = requests_to(table, "/api/action", "/api/hint")
    page.evaluate(RECORDER)
    table.start_vs(name, first)
    game = table.saved_game()
    starter = game.starter
    assert starter == {"我先": PLAYER, "电脑先": COMPUTER}.get(first, starter)
    played = game.seats[-1].level  # 人机对战's computer
    assert played is not None and played.value == level
    # The opponent and who starts are shown for the whole game (random: as settled).
    order = "我先" if starter == PLAYER else "电脑先"
    shown = f"随机：{order}" if first == "随机" else order
    assert table.text("#match") == f"{name}电脑 · {shown}"
    if whole:
        play_rounds(table, gate, sent, range(1, 14), hints=3 if level == "beginner" else 0)
        check_computer_turns(page.evaluate("window.__log"), 13)
    else:
        play_rounds(table, gate, sent, range(1, 3))
        check_computer_turns(page.evaluate("window.__log"), 2)
        if starter == COMPUTER:
            # The player's score ended round 2 without waiting: once the computer's next step is
            # held, the score's answer is saved, and no save of it lands after the one below.
            gate.wait_held()
        later = played_on(table.saved_game(), 12)
        table.set_storage({"yahtzee.game": json.dumps(to_json(later))})
        table.reload()
        gate.drop()  # a computer step held when the page went
        page.evaluate(RECORDER)
        page.get_by_role("button", name="继续上次没打完的一局").click()
        expect(page.locator("#match")).to_have_text(f"{name}电脑 · {shown}")
        play_rounds(table, gate, sent, range(12, 14))
        check_computer_turns(page.evaluate("window.__log"), 2)
    assert gate.held == []
    if level == "beginner":
        assert table.text("#hint-btn") == "提示已用完"
    mine, computer = check_result(table, level)
    check_records(table, level, mine, computer)


def test_the_computer_waits_behind_an_open_dialog(open_table: OpenTable) -> None:
    table = open_table()
    page = table.page
    gate = ComputerGate(page)
    gate.closed = True
    table.start_vs("普通", "电脑先")
    gate.wait_held()
    # 重新开始 asks first; meanwhile the step in flight lands, and no further one is asked for.
    page.get_by_role("button", name="重新开始").click()
    assert page.locator("#confirm-dialog").evaluate("d => d.open")
    gate.release(close=True)
    page.wait_for_timeout(1000)
    asked = gate.seen
    assert not gate.held
    page.wait_for_timeout(500)
    assert gate.seen == asked and not gate.held
    # Cancelled: the computer plays on where it stopped, and the same game goes on.
    page.locator("#confirm-cancel").click()
    gate.wait_held()
    gate.release()
    wait_your_turn(page)
    game = table.saved_game()
    assert game.round == 1 and len(game.sides[1].log) == 1


def test_back_to_lobby_and_reload_during_the_computer_turn(open_table: OpenTable) -> None:
    table = open_table()
    page = table.page
    gate = ComputerGate(page)
    table.start_vs("普通", "我先")
    table.wait_idle()
    table.roll()
    mine = table.best_box()
    gate.closed = True
    click_score(table, mine)
    # The computer has rolled once and is thinking about its keep: back to the lobby.
    gate.wait_held()
    gate.release(close=True)
    gate.wait_held()
    saved = table.storage("yahtzee.game")
    assert saved["current"] == COMPUTER and len(saved["turn"]["rolls"]) == 1
    page.get_by_role("button", name="回大厅").click()
    assert page.locator("#lobby").is_visible()
    gate.release(close=True)  # its answer comes back to a page that has left the game
    page.wait_for_timeout(100)
    assert table.storage("yahtzee.game") == saved
    # Resume: the computer's turn goes on from where it stood (its first roll shown) by itself.
    with page.expect_request("**/api/view") as resumed:
        page.get_by_role("button", name="继续上次没打完的一局").click()
    assert json.loads(resumed.value.post_data or "{}")["game"] == saved
    gate.wait_held()
    assert table.saved_game().turn.rolls_used == 1
    assert table.arrow() == [COMPUTER] and table.status() == "电脑思考中…"
    gate.release(close=True)
    gate.wait_held()
    # Reload in the middle of its turn: the save keeps everything, the turn in progress too.
    table.reload()
    gate.drop()
    assert table.saved_game().current == COMPUTER
    gate.closed = False
    page.get_by_role("button", name="继续上次没打完的一局").click()
    wait_your_turn(page)
    table.wait_idle()
    game = table.saved_game()
    assert game.round == 2 and game.current == PLAYER
    assert [k for k in BOX_KEYS if game.sides[0].sheet.get(Box(k)) is not None] == [mine]
    assert len(game.sides[1].log) == 1  # the computer played its first turn exactly once
    check_top_bar(table, PLAYER)
    # And the game goes on.
    table.roll()
    table.score(table.best_box())
    wait_your_turn(page)
    assert table.saved_game().round == 3


def test_a_failed_resume_leaves_the_computer_still(open_table: OpenTable) -> None:
    """A resume that fails in the lobby must not set the old game's computer turn going behind
    it (sounds, a busy lobby, a false 「another tab」 notice)."""
    table = open_table()
    page = table.page
    gate = hold_the_computer_turn(table)
    page.get_by_role("button", name="回大厅").click()
    gate.release()
    page.wait_for_timeout(100)
    steps = requests_to(table, "/api/computer")
    page.route(
        "**/api/view",
        lambda route: route.fulfill(status=503, body="<html>busy</html>", content_type="text/html"),
    )
    page.get_by_role("button", name="继续上次没打完的一局").click()
    page.wait_for_selector("#message:not([hidden])")
    page.wait_for_timeout(500)  # the test pace thinks for ~20 ms
    assert steps == []
    assert page.locator("#lobby").is_visible() and page.locator("#notice").is_hidden()
    # The lobby still answers, and the game goes on once the way is clear.
    page.unroute("**/api/view")
    page.locator("#message").click()
    page.get_by_role("button", name="继续上次没打完的一局").click()
    page.wait_for_selector("#game:not([hidden])")
    page.wait_for_function(
        "() => document.querySelector('#roll-btn').textContent.includes('掷骰子')"
    )
    table.wait_idle()
    assert steps and table.arrow() == [PLAYER]


@pytest.mark.long
def test_real_pace_without_fast(open_table: OpenTable) -> None:
    """Without ?fast=1 the computer thinks for the chosen pace: 较快 is at least 1 s (T5)."""
    table = open_table(query="")
    page = table.page
    assert not page.evaluate("() => document.documentElement.classList.contains('fast')")
    page.get_by_role("button", name="设置").click()
    page.locator("#settings-dialog").get_by_role("button", name="较快").click()
    page.locator("#settings-dialog").get_by_role("button", name="完成").click()
    times: list[float] = []
    page.on(
        "request",
        lambda request: (
            times.append(time.monotonic()) if request.url.endswith("/api/computer") else None
        ),
    )
    page.evaluate(RECORDER)
    table.start_vs("入门", "电脑先")
    wait_for_events(page, lambda: len(times) >= 2, "fewer than two computer steps", 10)
    assert len(times) >= 2
    gap = times[1] - times[0]  # its first roll (tumbling 0.5 s), then a 1–2 s thought
    assert 1.0 <= gap < 6.0, gap
    log = page.evaluate("window.__log")
    assert any(entry["rolling"] == 5 for entry in log)  # the first roll tumbles all five
    assert table.status().startswith("电脑")
    page.get_by_role("button", name="回大厅").click()  # stop it here


def test_saved_vs_game_round_trips_the_lobby_settings(open_table: OpenTable) -> None:
    """Difficulty and order are fixed for the game: a resumed game keeps them (L2, L3)."""
    table = open_table()
    page = table.page
    table.start_vs("高手", "电脑先")
    wait_your_turn(page)
    table.wait_idle()
    saved = table.saved_game()
    page.get_by_role("button", name="回大厅").click()
    page.get_by_role("button", name="入门", exact=True).click()
    page.get_by_role("button", name="我先", exact=True).click()
    page.get_by_role("button", name="继续上次没打完的一局").click()
    table.wait_idle()
    assert table.text("#match") == "高手电脑 · 电脑先"
    assert to_json(table.saved_game())["difficulty"] == to_json(saved)["difficulty"]
    assert table.saved_game().starter == COMPUTER
    # The lobby now shows the game's own settings again, so 「重新开始」, which the product
    # page says starts from the lobby's settings, starts this game's kind again.
    assert table.storage("yahtzee.lobby") == {
        "mode": "vs",
        "difficulty": "expert",
        "first": "computer",
    }
    page.get_by_role("button", name="重新开始").click()
    page.locator("#confirm-ok").click()
    expect(page.locator("#match")).to_have_text("高手电脑 · 电脑先")
    table.wait_idle()
    assert table.saved_game().starter == COMPUTER


def test_a_new_record_at_a_level_says_by_how_much(open_table: OpenTable) -> None:
    table = open_table()
    game = vs_final_turn(starter=COMPUTER)
    played = game.seats[-1].level  # 人机对战's computer
    assert played is not None
    level, name = played.value, played.zh
    records = json.loads(json.dumps(RECORDS))
    records["vs"][level]["best"] = 1
    table.set_storage({"yahtzee.records": json.dumps(records)})
    resume_saved(table, game)
    table.roll()
    table.score(table.best_box())  # the one box left
    table.page.wait_for_selector("#result-dialog[open]")
    mine = table.totals()[0]
    assert table.text("#result-dialog .new-record") == f"新纪录！比原纪录 1 多 {mine - 1} 分"
    assert table.text("#result-dialog .result-best") == f"对{name}电脑的最高纪录 {mine}"
    assert table.storage("yahtzee.records")["vs"][level]["best"] == mine


def test_the_game_ending_under_the_restart_question_closes_it(open_table: OpenTable) -> None:
    """重新开始 asked while the computer's last step is on its way: the game ends under the
    question, the result shows, and nothing is left to restart (the question closes)."""
    table = open_table(storage={"yahtzee.game": json.dumps(to_json(vs_final_turn(starter=PLAYER)))})
    page = table.page
    gate = ComputerGate(page)
    gate.closed = True
    page.get_by_role("button", name="继续上次没打完的一局").click()
    while True:
        gate.wait_held()
        [route], gate.held = gate.held, []
        answer = route.fetch()
        if answer.json()["step"]["type"] == "score":
            page.get_by_role("button", name="重新开始").click()
            page.wait_for_selector("#confirm-dialog[open]")
            route.fulfill(response=answer)
            break
        route.fulfill(response=answer)
    page.wait_for_selector("#result-dialog[open]")
    assert not page.evaluate("() => document.getElementById('confirm-dialog').open")
    assert table.storage("yahtzee.game") is None
