"""The post-game review (复盘), the history of games and game files.

Every figure the page shows is checked against ``yahtzee.review.review_side`` run here on the
game the page kept, so the page passes only by drawing the server's review faithfully.
"""

from __future__ import annotations

import itertools
import json
import re
from decimal import Decimal
from typing import Any

import pytest
from playwright.sync_api import Route, expect

from tests.browser.support import (
    OpenTable,
    Table,
    requests_to,
    resume,
    saved,
    to_last_turn,
)
from tests.gameplay import COMPUTER, random_game, risky_game, single_last_turn
from yahtzee.codec import from_json, to_json
from yahtzee.game import Game, Roll, Score, positions_for
from yahtzee.report import review_report
from yahtzee.review import Review, review_side
from yahtzee.rules import Box
from yahtzee.solver import NEW_GAME_VALUE, Advisor
from yahtzee.solver import Table as SolverTable
from yahtzee.winprob.advice import vs_review
from yahtzee.winprob.estimate import WinModel
from yahtzee.winprob.tables import WinTables

pytestmark = pytest.mark.browser

RESULT = "#result-dialog[open]"
REVIEW = "#review-dialog[open]"


def number(text: str) -> float:
    """A figure as the page prints it (real minus signs, ± for zero, units) as a float."""
    match = re.search(r"[−\-+±]?\d+(?:\.\d+)?", text)
    assert match, f"no number in {text!r}"
    return float(match.group(0).replace("−", "-").replace("±", ""))


def shown(table: Table, selector: str) -> float:
    """The number in the first element matching ``selector``."""
    return number(table.text(selector))


def finish_review(table: Table) -> None:
    """Wait for the result dialog and its review line, then open the review."""
    page = table.page
    page.wait_for_selector(RESULT)
    page.wait_for_selector("#result-review-line:has-text('运气')")
    page.locator("#result-dialog").get_by_role("button", name="复盘", exact=True).click()
    page.wait_for_selector(f"{REVIEW} .rv-summary")


def kept_game(table: Table) -> Game:
    """The last finished game the page kept whole for review."""
    data = table.storage("yahtzee.history.games")
    assert data is not None and data["version"] == 1
    return from_json(data["games"][-1]["game"])


def check_rounding(table: Table) -> None:
    """Each term of the identity is rounded on its own; when the terms as shown miss the total,
    a note under them says by how much (a learner adding them up found 210.1 for 210)."""
    terms = {}
    for name in ("start", "luck", "loss", "risk", "total"):
        found = table.page.locator(f".rv-term.{name} b")
        if found.count():
            text = found.inner_text().replace("−", "-").replace("±", "")
            terms[name] = Decimal(text)
    added = terms["start"] + terms["luck"] - terms["loss"] - terms.get("risk", Decimal(0))
    gap = abs(terms["total"] - added)
    note = table.page.locator(".rv-rounding")
    if gap:
        assert note.inner_text() == f"各项已四舍五入，相加与总分差 {gap.normalize():f}"
    else:
        assert note.count() == 0


def check_summary(table: Table, review: Review, who: str = "你") -> None:
    """The identity and the skill figures as drawn match the server's review of ``who``'s
    side (你 or 电脑)."""
    assert shown(table, ".rv-term.start b") == pytest.approx(review.start, abs=0.051)
    assert shown(table, ".rv-term.luck b") == pytest.approx(review.luck, abs=0.051)
    assert shown(table, ".rv-term.loss b") == pytest.approx(review.loss, abs=0.051)
    assert shown(table, ".rv-term.total b") == review.final_total
    check_rounding(table)
    assert shown(table, ".rv-stat.decisions dd") == review.decision_count
    assert shown(table, ".rv-stat.optimal dd") == review.optimal_count
    assert shown(table, ".rv-stat.average dd") == pytest.approx(review.average_loss, abs=0.0051)
    # The luck of this game in words, before what the figures mean.
    luck = abs(review.luck)
    dice = (
        "这局的骰子不好不坏，和平均差不多。"
        if luck < 0.5
        else f"这局的骰子比平均{'少' if review.luck < 0 else '多'}给了{who}约 {luck:.0f} 分："
        "这是运气，和打法无关。"
    )
    assert table.text(".rv-summary .rv-explain").startswith(dice + "开局期望是")


def earlier_games(count: int) -> list[dict[str, Any]]:
    """History entries of ``count`` earlier games, improving steadily."""
    return [
        {
            "id": f"old-{i}",
            "date": f"2024-06-{1 + i % 28:02d}T10:{i % 60:02d}:00.000Z",
            "mode": "single" if i % 2 else "vs",
            "difficulty": None if i % 2 else "expert",
            "outcome": None if i % 2 else "loss",
            "total": 200 + i % 50,
            "fp": f"x{i}",
            "luck": -10.0,
            "loss": round(45 - 0.4 * i, 3),
            "decisions": 30,
            "optimal": 20,
            "average": round((45 - 0.4 * i) / 30, 4),
            "hinted": i % 3,
        }
        for i in range(count)
    ]


@pytest.mark.long
def test_a_deliberate_mistake_is_found_and_the_history_survives_a_reload(
    open_table: OpenTable, solver_table: SolverTable
) -> None:
    # A full history (100 games): the new game pushes the oldest out.
    table = open_table(
        storage={"yahtzee.history": json.dumps({"version": 1, "games": earlier_games(100)})}
    )
    page = table.page
    table.start_single()
    # Turn 1: score a first roll in 一点 (or 机会 when it is mostly ones): a costly mistake.
    table.roll()
    dice = table.dice()
    box = "ones" if dice.count(1) < 3 else "chance"
    table.score(box, confirm=True)
    to_last_turn(table)
    while page.locator(RESULT).count() == 0:
        table.roll()
        table.score(table.best_box(), confirm=True)
    finish_review(table)
    game = kept_game(table)
    review = review_side(game.sides[0], Advisor(solver_table))
    check_summary(table, review)
    first = review.decisions[0]
    assert (first.turn, first.roll, first.kind) == (1, 1, "score")
    assert first.chosen.box is Box(box) and first.loss > 1.0
    mistakes = review.mistakes()
    # The costliest first, each with the loss the advisor gives it.
    items = page.locator(".rv-mistake")
    assert items.count() == len(mistakes)
    for shown_item, mistake in zip(items.all()[:5], mistakes[:5], strict=False):
        # Shown as the difference of the two expected totals shown, each to 0.1.
        assert number(shown_item.locator(".rv-cost").inner_text()) == pytest.approx(
            -mistake.loss, abs=0.1
        )
    rank = mistakes.index(first)
    item = page.locator(".rv-mistake[data-decision='0']")
    assert number(item.locator(".rv-rank").inner_text()) == rank + 1
    text = item.locator("summary").inner_text()
    assert "第 1 回合 · 第 1 掷" in text and f"登记「{Box(box).zh}」" in text
    assert number(item.locator(".rv-cost").inner_text()) == pytest.approx(-first.loss, abs=0.1)
    dice_label = item.locator(".rv-dice").get_attribute("aria-label")
    assert dice_label == "骰子 " + " ".join(map(str, first.dice))
    # Read as one name, its parts stay apart (not 「3第 1 回合 · 第 1 掷−2.5 分你：…」).
    parts = [f"^{rank + 1}", "、", "第 1 回合 · 第 1 掷", "，", dice_label, "，", r"−[\d.]+ 分"]
    parts += ["，", "你：.+", "，", "最佳：.+", "，", "展开所有选择 ▾$"]
    expect(item.locator("summary")).to_have_accessible_name(re.compile(r"\s*".join(parts)))
    # Its mark on the chart opens it and scrolls to it; every option shows its expected total.
    assert not item.evaluate("el => el.open")
    # The marks are buttons a screen reader can enter: the chart is a group, not an image.
    chart = page.locator("svg.chart", has=page.locator(".chart-mark[data-decision='0']"))
    assert chart.get_attribute("role") == "group" and chart.get_attribute("aria-label")
    page.locator(".chart-mark[data-decision='0']").click()
    assert item.evaluate("el => el.open")
    page.wait_for_timeout(50)
    assert item.locator("summary").is_visible()
    box_top = item.evaluate("el => el.getBoundingClientRect().top")
    assert 0 <= box_top < 844
    # With the boxes still open then (all of them, in turn 1).
    assert item.locator(".rv-open-boxes").inner_text() == "这时计分表还全空着"
    rows = item.locator(".rv-options-table tbody tr")
    count = len(first.advice.options)
    assert rows.count() == count and count > 6
    # A long list shows the best three and the choice made, the rest on request.
    chosen_at = rows.evaluate_all("rows => rows.findIndex((r) => r.matches('.chosen'))")
    shown_rows = [i for i, row in enumerate(rows.all()) if row.is_visible()]
    assert shown_rows == sorted({0, 1, 2, chosen_at})
    item.get_by_role("button", name=f"显示全部 {count} 个选择").click()
    assert all(row.is_visible() for row in rows.all())
    assert item.locator(".rv-show-options").count() == 0
    for row, option in zip(rows.all(), first.advice.options, strict=True):
        assert number(row.locator("td").nth(1).inner_text()) == pytest.approx(option.ev, abs=0.051)
    assert "最佳" in rows.first.inner_text()
    chosen = item.locator(".rv-options-table tr.chosen")
    assert "实际选择" in chosen.inner_text()
    # One loss, one figure: the card's cost is the table's gap and the difference of the
    # totals the table shows (a card once read −18.0 beside −17.95 and 228.9 − 211.0).
    cost = number(item.locator(".rv-cost").inner_text())
    assert number(chosen.locator("td").nth(2).inner_text()) == cost
    totals = [number(row.locator("td").nth(1).inner_text()) for row in (rows.first, chosen)]
    assert round(totals[1] - totals[0], 2) == cost
    assert item.locator(".rv-options-table thead").inner_text().split() == [
        "选择",
        "期望总分",
        "比最佳",
    ]
    # Export from the review: the file is the game itself.
    with page.expect_download() as download:
        page.locator("#review-dialog").get_by_role("button", name="导出对局").click()
    path = download.value.path()
    assert path is not None
    assert re.fullmatch(r"kuaiting-\d{8}-\d{4}-\d+\.json", download.value.suggested_filename)
    with open(path, encoding="utf-8") as handle:
        assert from_json(json.load(handle)) == game
    # The history keeps the summary; after a reload it and its trend are still there.
    stored = table.storage("yahtzee.history")["games"]
    assert len(stored) == 100
    assert [e["id"] for e in stored[:2]] == ["old-1", "old-2"]
    newest = stored[-1]
    assert newest["total"] == review.final_total
    assert newest["loss"] == pytest.approx(review.loss, abs=1e-3)
    assert newest["luck"] == pytest.approx(review.luck, abs=1e-3)
    assert newest["average"] == pytest.approx(review.average_loss, abs=1e-4)
    table.reload()
    assert "已记录 100 局" in table.text("#history-line")
    page.get_by_role("button", name="复盘与历史").click()
    page.wait_for_selector(f"{REVIEW} .rv-history-table")
    rows = page.locator(".rv-history-table tbody tr")
    assert rows.count() == 100
    top = rows.first.inner_text()
    assert str(review.final_total) in top and f"{review.average_loss:.2f}" in top
    # 「负」 is kept with its level (no-break spaces), not left alone on a line of its own.
    assert "人机对战 · 高手\xa0·\xa0负" in rows.nth(2).inner_text()  # old-98
    assert page.locator(".rv-trend .chart-dot").count() == 100
    assert page.locator(".rv-trend .chart-line.smooth").count() == 1
    assert "高手线 0.2" in page.locator(".rv-trend svg").inner_html()
    # The newest game was kept whole: its row opens the review again.
    rows.first.locator(".rv-open").click()
    page.wait_for_selector(f"{REVIEW}[data-view='review'] .rv-summary")
    check_summary(table, review)


def optimal(game: Game, advisor: Advisor) -> Roll | Score:
    """The advisor's step in ``game``: its keep rolled again (held leftmost), or its box."""
    dice = game.turn.dice
    if dice is None:
        return Roll()
    best = advisor.advise(game.acting.sheet, dice, game.turn.rolls_left).best
    if best.keep is not None and len(best.keep) < 5:
        return Roll(positions_for(best.keep, dice, [False] * 5))
    assert best.box is not None
    return Score(best.box)


def play_optimally(table: Table, advisor: Advisor) -> None:
    """Play a single game the advisor's way: hold its keep and roll, or score its box."""
    page = table.page
    while page.locator(RESULT).count() == 0:
        game = table.saved_game()
        dice = game.turn.dice
        if dice is None:
            table.roll()
            continue
        best = advisor.advise(game.acting.sheet, dice, game.turn.rolls_left).best
        if best.keep is not None and len(best.keep) < 5:
            held = table.held()
            want = positions_for(best.keep, dice, held)
            for i in range(5):
                if held[i] != (i in want):
                    table.toggle(i)
            assert table.held() == [i in want for i in range(5)]
            table.roll()
        else:
            assert best.box is not None
            table.score(best.box.value, confirm=True)


def test_an_optimal_game_loses_nothing(open_table: OpenTable, solver_table: SolverTable) -> None:
    table = open_table()
    page = table.page
    table.start_single()
    advisor = Advisor(solver_table)
    to_last_turn(table, lambda game: optimal(game, advisor))
    play_optimally(table, advisor)
    finish_review(table)
    score = table.storage("yahtzee.history")["games"][-1]["total"]
    assert shown(table, ".rv-term.loss b") == 0
    assert shown(table, ".rv-term.total b") == score
    assert shown(table, ".rv-term.luck b") == pytest.approx(score - NEW_GAME_VALUE, abs=0.051)
    assert shown(table, ".rv-stat.optimal dd") == shown(table, ".rv-stat.decisions dd")
    assert "高手水平" in table.text(".rv-skill")
    assert page.locator(".rv-perfect").is_visible()
    assert page.locator(".chart-mark").count() == 0
    assert page.locator(".rv-win-card").count() == 0  # 胜率 is for games against the computer
    game = kept_game(table)
    review = review_side(game.sides[0], advisor)
    assert review.loss == pytest.approx(0.0, abs=1e-9)
    # Esc closes the review onto the result dialog, which exports the game too.
    page.keyboard.press("Escape")
    assert page.locator(REVIEW).count() == 0
    assert page.locator(RESULT).count() == 1
    with page.expect_download() as download:
        page.locator("#result-dialog").get_by_role("button", name="导出对局").click()
    path = download.value.path()
    assert path is not None
    with open(path, encoding="utf-8") as handle:
        assert from_json(json.load(handle)) == game


def open_file(table: Table, name: str, content: bytes) -> None:
    """Choose a file in the lobby's 「打开对局文件」."""
    table.page.locator("#open-game-file").set_input_files(
        {"name": name, "mimeType": "application/json", "buffer": content}
    )


def test_game_files_open_for_review_and_bad_ones_are_refused(
    open_table: OpenTable, solver_table: SolverTable
) -> None:
    history = json.dumps({"version": 1, "games": earlier_games(12)})
    table = open_table(width=390, height=844, touch=True, storage={"yahtzee.history": history})
    page = table.page
    label = page.get_by_label("打开对局文件")
    assert label.count() == 1
    # Not JSON at all.
    open_file(table, "notes.json", b"{this is not json")
    page.wait_for_selector("#message:not([hidden])")
    message = table.message()
    assert message.startswith("打开失败") and "JSON" in message and "\n" not in message
    # Valid JSON, tampered with: the server refuses it and the page says so in one line.
    game = random_game(11, vs=True)
    data: dict[str, Any] = to_json(game)
    data["sides"][0]["totals"]["total"] += 50
    page.locator("#message").click()
    open_file(table, "tampered.json", json.dumps(data).encode())
    page.wait_for_selector("#message:not([hidden])")
    message = table.message()
    assert message == "打开失败：对局数据已损坏，无法读取"
    assert page.locator(REVIEW).count() == 0
    # A good vs game opens with the 你 / 电脑 switch; both sides match the advisor.
    hinted = next(
        g for g in (random_game(seed, vs=True) for seed in range(40, 400)) if g.hints_left < 3
    )
    open_file(table, "good.json", json.dumps(to_json(hinted)).encode())
    page.wait_for_selector(f"{REVIEW} .rv-summary")
    advisor = Advisor(solver_table)
    mine = review_side(hinted.sides[0], advisor)
    check_summary(table, mine)
    # Hinted decisions are marked 提示 in the list of every decision.
    hints = sum(d.hinted for d in mine.decisions)
    assert hints > 0
    assert page.locator(".rv-all-table .rv-hint-tag").count() == hints
    assert shown(table, ".rv-stat.hinted dd") == hints
    # Their gold dots on the chart lie over the mistakes' marks (which hid them) and let
    # clicks through to them.
    over = page.evaluate(
        """() => [...document.querySelectorAll('.rv-chart-card:not(.rv-win-card) .chart-hint')]
            .map((dot) => [getComputedStyle(dot).pointerEvents,
                           [...dot.parentNode.querySelectorAll('.chart-mark')].every(
                             (mark) => mark.compareDocumentPosition(dot) & 4)])"""
    )
    assert over == [["none", True]] * hints
    # The phone layout: no horizontal scroll, the chart fits its card.
    widths = page.evaluate(
        """() => {
          const d = document.getElementById('review-dialog');
          const svg = d.querySelector('.rv-chart svg');
          return [document.documentElement.scrollWidth, d.scrollWidth, d.clientWidth,
                  svg.getBoundingClientRect().width, svg.parentElement.clientWidth];
        }"""
    )
    assert widths[0] <= 390 and widths[1] <= widths[2] and widths[3] <= widths[4] + 0.5
    # The 胜率 chart: every decision of both sides, ending at the result; it fits the phone.
    result = hinted.result
    assert result is not None
    end = "平" if result.winner is None else "胜" if result.winner == 0 else "负"
    win_chart = page.locator(f"{REVIEW} .rv-win-card svg")
    assert (win_chart.get_attribute("aria-label") or "").endswith(f"最后{end}")
    assert page.locator(f"{REVIEW} .rv-win-card .chart-end").text_content() == end
    assert page.evaluate(
        """() => {
          const svg = document.querySelector('#review-dialog .rv-win-card svg');
          return svg.getBoundingClientRect().width <= svg.parentElement.clientWidth + 0.5;
        }"""
    )
    switch = page.locator("#review-dialog .rv-switch")
    assert switch.is_visible()
    switch.get_by_role("button", name="电脑").click()
    page.wait_for_selector(".rv-switch button[data-side='1'][aria-pressed='true']")
    page.wait_for_selector(f"{REVIEW} .rv-summary")
    check_summary(table, review_side(hinted.sides[1], advisor), "电脑")
    assert "电脑的选择" in (page.locator(".rv-all-table thead").text_content() or "")
    # Opening a file never touches the history; the history fits the phone too.
    page.locator("#review-dialog").get_by_role("button", name="复盘与历史").click()
    page.wait_for_selector(f"{REVIEW}[data-view='history'] .rv-trend svg")
    assert page.locator(".rv-history-table tbody tr").count() == 12
    widths = page.evaluate(
        """() => {
          const d = document.getElementById('review-dialog');
          const svg = d.querySelector('.rv-trend svg');
          return [document.documentElement.scrollWidth, d.scrollWidth, d.clientWidth,
                  svg.getBoundingClientRect().width, svg.parentElement.clientWidth];
        }"""
    )
    assert widths[0] <= 390 and widths[1] <= widths[2] and widths[3] <= widths[4] + 0.5
    assert page.evaluate("() => localStorage.getItem('yahtzee.history')") == history


def test_deliberate_risks_are_shown_apart_from_mistakes(
    table: Table, solver_table: SolverTable, win_tables: WinTables
) -> None:
    """人机对战: the 高手's play-to-win choices that gave expected points up are deliberate
    risks, not mistakes: a term of their own in the identity, blue marks on the chart, a list
    of their own saying what each bought in 胜率, and 0 in the 失误 column."""
    page = table.page
    game = risky_game(solver_table)
    advisor = Advisor(solver_table)
    graded = review_side(game.sides[COMPUTER], advisor)
    body = vs_review(graded, game, COMPUTER, WinModel(win_tables)).to_json()
    risks, mistakes = body["risks"], body["mistakes"]
    decisions, summary = body["decisions"], body["summary"]
    assert isinstance(risks, list) and isinstance(mistakes, list)
    assert isinstance(decisions, list) and isinstance(summary, dict)
    assert risks, "the 高手 took no risk in this game: pick another seed"

    open_file(table, "risks.json", json.dumps(to_json(game)).encode())
    page.wait_for_selector(f"{REVIEW} .rv-summary")
    page.locator("#review-dialog .rv-switch").get_by_role("button", name="电脑").click()
    page.wait_for_selector(f"{REVIEW} .rv-risks-card")
    assert shown(table, ".rv-term.loss b") == pytest.approx(summary["loss"], abs=0.051)
    assert shown(table, ".rv-term.risk b") == pytest.approx(summary["risk_loss"], abs=0.051)
    check_rounding(table)
    assert shown(table, ".rv-stat.risks dd") == len(risks)
    # On a narrow phone the equation wraps, but 「＝」 stays on the line of the total.
    page.set_viewport_size({"width": 360, "height": 740})
    op, total = (
        page.locator(f".rv-result {part}").bounding_box() for part in (".rv-op", ".rv-term.total")
    )
    assert op and total and op["y"] + op["height"] > total["y"] and op["x"] < total["x"]
    page.set_viewport_size({"width": 1280, "height": 800})
    # The computer's side speaks of how it played, not to a learner: no hints, no advice.
    assert page.locator(".rv-stat.hinted").count() == 0
    skill = f"高手电脑平均每步失误 {summary['average_loss']:.2f} 分（不到 0.2 分是高手水平）"
    assert table.text(".rv-skill") == skill
    # The loss per decision leaves the risks out, as the history's trend does.
    assert summary["average_loss"] < graded.average_loss
    assert shown(table, ".rv-stat.average dd") == pytest.approx(summary["average_loss"], abs=0.0051)
    assert page.locator(".chart-mark.risk").count() == len(risks)
    assert page.locator(".chart-mark.mistake").count() == len(mistakes)
    # Its only losses were risks: no mistake in the legend, and the list says where they went.
    assert mistakes == []
    assert page.locator(".rv-chart-card .rv-swatch.mistake").count() == 0
    perfect = f"没有失误：不是最优的 {len(risks)} 步都是求胜取舍（见下）。"
    assert table.text(".rv-mistakes-card .rv-perfect") == perfect
    items = page.locator(".rv-risks .rv-mistake")
    assert items.evaluate_all("els => els.map((e) => Number(e.dataset.decision))") == risks
    for item, index in zip(items.all(), risks, strict=True):
        decision = decisions[index]
        assert number(table.text(f"#rv-decision-{index} .rv-cost")) == pytest.approx(
            -decision["loss"], abs=0.1
        )
        gain = 100 * decision["win_gain"]
        words = f"胜率 +{gain:.1f} 个百分点" if gain >= 0.05 else "胜率提高不到 0.1 个百分点"
        assert item.locator(".rv-gain").text_content() == words
    page.locator("#review-dialog .rv-all summary").click()
    rows = page.locator(".rv-all-table tbody tr")
    # Each row is headed 「3·2」 on screen, read out as its words.
    first = decisions[0]
    expect(rows.first.locator("th")).to_have_accessible_name(
        f"第 {first['turn']} 回合 · 第 {first['roll']} 掷"
    )
    for index in risks:
        row = rows.nth(index)
        assert row.get_attribute("class") == "risk"
        assert row.locator("td").last.text_content() == "0"
        assert row.locator(".rv-risk-tag").count() == 1
    # A blue mark opens its risk with every option.
    last = risks[-1]
    page.locator(f".chart-mark.risk[data-decision='{last}']").click()
    expect(page.locator(f"#rv-decision-{last}")).to_have_attribute("open", "")
    expect(page.locator(f"#rv-decision-{last} .rv-tag.best")).to_have_text("期望最高")


def test_a_mistake_shows_the_boxes_that_were_open(table: Table, solver_table: SolverTable) -> None:
    """A mistake's card names the boxes still open then and the way to the upper bonus, as the
    server words them (``words.open_boxes_zh``, checked case by case in test_contract.py)."""
    game = random_game(5, vs=False)
    graded = review_report(review_side(game.sides[0], Advisor(solver_table)))
    open_file(table, "game.json", json.dumps(to_json(game)).encode())
    page = table.page
    page.wait_for_selector(".rv-mistake")
    shown_texts = 0
    for index in graded.mistakes[:10]:
        item = page.locator(f".rv-mistake[data-decision='{index}']")
        expected = graded.decisions[index].open_text
        assert item.locator(".rv-open-boxes").text_content() == expected
        shown_texts += expected.startswith("这时还空着：")
    assert shown_texts, "no mistake after the first turn: pick another seed"


def test_a_corrupt_history_is_reported_and_kept(open_table: OpenTable) -> None:
    records = {"version": 1, "single": {"best": 222, "games": 3}}
    table = open_table(
        storage={"yahtzee.history": "[[[not json", "yahtzee.records": json.dumps(records)}
    )
    page = table.page
    message = table.message()
    assert "复盘历史" in message and "\n" not in message
    # The bad value is set aside, not wiped, and the records are untouched.
    kept = page.evaluate("k => localStorage.getItem(k)", "yahtzee.history.unreadable")
    assert kept == "[[[not json"
    assert table.storage("yahtzee.records") == records
    assert "222" in page.locator("#records").inner_text()
    page.get_by_role("button", name="复盘与历史").click()
    page.wait_for_selector(f"{REVIEW} .rv-games")
    assert "复盘历史" in table.text("#review-dialog .rv-error")
    page.keyboard.press("Escape")
    assert page.locator(REVIEW).count() == 0


def test_a_game_from_the_history_is_exported_under_the_day_it_was_played(
    open_table: OpenTable,
) -> None:
    # A player's audit exported a game of 11/30 23:59 as kuaiting-20261201-0000-…: the name
    # took the time of the export.
    game = random_game(21, vs=False)
    entry = {**earlier_games(1)[0], "id": "played", "date": "2024-06-01T10:30:00.000Z"}
    entry.update(mode="single", difficulty=None, outcome=None, total=game.sides[0].sheet.total)
    table = open_table(
        storage={
            "yahtzee.history": json.dumps({"version": 1, "games": [entry]}),
            "yahtzee.history.games": json.dumps(
                {"version": 1, "games": [{"id": "played", "game": to_json(game)}]}
            ),
        }
    )
    page = table.page
    page.get_by_role("button", name="复盘与历史").click()
    page.locator(".rv-history-table").get_by_role("button", name="复盘").click()
    page.wait_for_selector(f"{REVIEW} .rv-summary")
    with page.expect_download() as download:
        page.locator("#review-dialog").get_by_role("button", name="导出对局").click()
    total = game.sides[0].sheet.total
    name = page.evaluate(  # in the browser's time zone, as the page names it
        """async (total) => {
            const { exportName } = await import(
                document.querySelector('script[type=module]')
                    .src.replace('main.js', 'review/history.js'));
            return exportName({sides: [{totals: {total}}]}, new Date("2024-06-01T10:30:00.000Z"));
        }""",
        total,
    )
    assert name.startswith("kuaiting-2024060") and name.endswith(f"-{total}.json")
    assert download.value.suggested_filename == name


def test_figures_no_game_can_have_never_reach_the_history(open_table: OpenTable) -> None:
    # An edited history: a total over 1575 makes its entry unreadable (skipped, and kept in
    # storage as it was); review figures out of range leave the entry without them.
    games = earlier_games(4)
    games[0]["total"] = 10**21
    games[1]["loss"] = 10**21
    games[2]["decisions"] = 400
    stored = json.dumps({"version": 1, "games": games})
    table = open_table(storage={"yahtzee.history": stored})
    assert table.message().startswith("复盘历史里有 1 条记录无法读取，已跳过")
    page = table.page
    page.get_by_role("button", name="复盘与历史").click()
    page.wait_for_selector(f"{REVIEW} .rv-history-table")
    shown_rows = page.locator(".rv-history-table tbody tr")
    assert shown_rows.count() == 3
    text = page.locator("#review-dialog").inner_text()
    assert "e+" not in text and "1000000" not in text and "400" not in text
    # One game still has its review figures: the trend counts it, and only it.
    assert table.text(".rv-trend-text").startswith("共 3 局 · 最近 1 局平均每步失误")
    assert page.evaluate("k => localStorage.getItem(k)", "yahtzee.history") == stored


def test_the_trend_says_what_the_player_scores_with_average_luck(open_table: OpenTable) -> None:
    # The product's promise is more points with the same luck: score − luck is what each game
    # would have scored with average dice, the start's expected total less what was given up.
    start = 254.588
    games = []
    for i in range(14):
        loss, risk = 40.0 - 2 * i, 1.5 if i == 13 else 0.0
        total = 200 + 3 * i
        luck = round(total - start + loss + risk, 3)
        games.append({**earlier_games(1)[0], "id": f"g{i}", "fp": f"g{i}", "total": total})
        games[-1].update(luck=luck, loss=loss, risk=risk, average=round(loss / 30, 4))
    table = open_table(storage={"yahtzee.history": json.dumps({"version": 1, "games": games})})
    page = table.page
    page.get_by_role("button", name="复盘与历史").click()
    page.wait_for_selector(f"{REVIEW} .rv-history-table")
    # The last 10 lost 23.15 on average (the risk included), the 4 before 37.
    assert table.text(".rv-even-luck") == (
        "去掉运气的得分（得分 − 运气）：最近 10 局平均 231.4 分，比之前 4 局多 13.9 分"
        "（每步都选期望总分最高的一项，平均是 254.6 分）"
    )
    assert "进步了" in table.text(".rv-trend-text")

    def shown(entries: list[dict[str, Any]]) -> tuple[str, str]:
        table.set_storage({"yahtzee.history": json.dumps({"version": 1, "games": entries})})
        table.reload()
        page.get_by_role("button", name="复盘与历史").click()
        page.wait_for_selector(f"{REVIEW} .rv-history-table")
        return table.text(".rv-trend-text"), table.text(".rv-even-luck")

    # Fewer than 13 games: the newer half against the older; fewer than 6: no comparison.
    per_step, points = shown(games[:8])
    assert per_step.startswith("共 8 局 · 最近 4 局平均每步失误 0.97 分，比之前 4 局少了 0.27 分")
    assert "：最近 4 局平均 225.6 分，比之前 4 局多 8.0 分" in points
    per_step, points = shown(games[-5:])
    assert per_step.startswith("共 5 局 · 最近 5 局平均每步失误 ") and "之前" not in per_step
    assert points.startswith("去掉运气的得分（得分 − 运气）：最近 5 局") and "之前" not in points
    # A change within chance (0.03 per decision, 0.9 points a game) is no progress.
    for i, game in enumerate(games):
        loss = 20.0 - 0.9 * (i >= 4)
        game.update(loss=loss, risk=0.0, average=round(loss / 30, 4))
        game["luck"] = round(game["total"] - start + loss, 3)
    per_step, points = shown(games)
    assert per_step.endswith("，之前 4 局是 0.67 分（低于 0.2 为高手水平）")
    assert "，和之前 4 局差不多（" in points
    # Exactly 0.05 as shown (0.30 then 0.25, which floating point makes a drop of 0.0499…).
    for i, game in enumerate(games[:6]):
        loss = 7.5 if i >= 3 else 9.0
        game.update(loss=loss, risk=0.0, average=round(loss / 30, 4))
        game["luck"] = round(game["total"] - start + loss, 3)
    per_step, points = shown(games[:6])
    assert "最近 3 局平均每步失误 0.25 分，比之前 3 局少了 0.05 分，进步了" in per_step
    assert "，比之前 3 局多 1.5 分（" in points
    # The lobby's line names the same recent games as the trend.
    table.page.get_by_role("button", name="关闭").click()
    assert table.text("#history-line") == "已记录 6 局 · 最近 3 局平均每步失误 0.25 分"


def test_the_history_keeps_what_the_risks_cost_apart_from_the_mistakes(
    open_table: OpenTable,
) -> None:
    # The review counts deliberate risks apart from mistakes; the history kept only 失误, so a
    # game's luck and mistakes no longer accounted for its score once risks were taken.
    # As the history stores a vs game's review (node tests: tests/js/storage.test.js).
    entry = {
        **{"id": "r", "fp": "r", "date": "2024-06-02T10:00:00.000Z", "mode": "vs"},
        **{"difficulty": "expert", "outcome": "win", "total": 251, "luck": 3.5, "loss": 1.25},
        **{"risk": 2.6789, "decisions": 30, "optimal": 26, "average": 0.0417, "hinted": 0},
    }
    old = {**earlier_games(1)[0], "id": "old", "fp": "old"}  # saved before: no risk figure
    entries = [old, {key: value for key, value in entry.items() if value is not None}]
    table = open_table(storage={"yahtzee.history": json.dumps({"version": 1, "games": entries})})
    page = table.page
    page.get_by_role("button", name="复盘与历史").click()
    page.wait_for_selector(f"{REVIEW} .rv-history-table")
    cells = page.locator(".rv-history-table tbody tr td:nth-child(4)")
    shown = [cells.nth(i).inner_text().split() for i in range(2)]  # newest first
    assert shown == [["1.3", "取舍", "2.7"], ["45.0"]]


def history_with_a_missing_review(table: Table, game: Game) -> None:
    """A history of one finished ``game`` kept whole whose review never came (offline)."""
    result = game.result
    outcome = None
    if game.mode.value == "vs" and result is not None:
        outcome = {None: "draw", 0: "win"}.get(result.winner, "loss")
    entry = {
        "id": "g1",
        "date": "2024-06-11T14:02:00.000Z",
        "mode": game.mode.value,
        "difficulty": next((level.value for level in [game.seats[-1].level] if level), None),
        "outcome": outcome,
        "total": game.sides[0].sheet.total,
        "fp": "f1",
    }
    table.set_storage(
        {
            "yahtzee.history": json.dumps({"version": 1, "games": [entry]}),
            "yahtzee.history.games": json.dumps(
                {"version": 1, "games": [{"id": "g1", "game": to_json(game)}]}
            ),
        }
    )
    table.reload()


def test_a_review_missed_offline_is_filled_in_later(
    table: Table, solver_table: SolverTable
) -> None:
    page = table.page
    game = random_game(5, vs=False)
    history_with_a_missing_review(table, game)
    # Offline: the history shows the game without figures, and its review says why it failed.
    page.route("**/api/review", lambda route: route.abort())
    page.get_by_role("button", name="复盘与历史").click()
    page.wait_for_selector(f"{REVIEW} .rv-history-table")
    row = page.locator(".rv-history-table tbody tr")
    assert row.count() == 1 and "—" in row.inner_text()
    row.get_by_role("button").click()
    page.wait_for_selector(f"{REVIEW} .rv-failed")
    assert "连不上游戏服务器" in table.text(".rv-failed")
    # Back online: 再试一次 asks again, and the history gets the figures.
    page.unroute("**/api/review")
    page.get_by_role("button", name="再试一次").click()
    page.wait_for_selector(f"{REVIEW} .rv-summary")
    review = review_side(game.sides[0], Advisor(solver_table))
    check_summary(table, review)
    stored = table.storage("yahtzee.history")["games"][0]
    assert stored["loss"] == pytest.approx(review.loss, abs=1e-3)
    page.get_by_role("button", name="回到复盘历史").click()
    page.wait_for_selector(f"{REVIEW}[data-view='history'] .rv-history-table")
    assert f"{review.average_loss:.2f}" in row.inner_text()


def test_the_equation_says_when_its_rounded_terms_miss_the_total(
    table: Table, solver_table: SolverTable
) -> None:
    advisor = Advisor(solver_table)
    for seed in range(100):
        game = random_game(seed, vs=False)
        review = review_side(game.sides[0], advisor)
        if "相加与总分差" in review.summary_zh():
            break
    else:
        raise AssertionError("every game's rounded terms added up")
    open_file(table, "rounded.json", json.dumps(to_json(game)).encode())
    table.page.wait_for_selector(f"{REVIEW} .rv-summary")
    check_summary(table, review)
    assert table.page.locator(".rv-rounding").count() == 1


def test_a_history_that_cannot_be_written_asks_for_a_review_once(table: Table) -> None:
    """The figures of a game reviewed late cannot be kept (storage full): the history shows
    them missing and asks once, not again and again (564 requests in 6 s before)."""
    page = table.page
    history_with_a_missing_review(table, random_game(5, vs=False))
    page.evaluate(
        """() => {
            const setItem = Storage.prototype.setItem;
            Storage.prototype.setItem = function (key, value) {
                if (key === 'yahtzee.history') {
                    throw new DOMException('The quota has been exceeded.', 'QuotaExceededError');
                }
                return setItem.call(this, key, value);
            };
        }"""
    )
    asked = requests_to(table, "/api/review")
    page.get_by_role("button", name="复盘与历史").click()
    page.wait_for_selector(f"{REVIEW} .rv-history-table")
    page.wait_for_timeout(1500)
    assert len(asked) == 1
    assert "—" in page.locator(".rv-history-table tbody tr").inner_text()


def test_review_asks_again_after_the_review_at_the_end_failed(open_table: OpenTable) -> None:
    table = open_table(storage=saved(single_last_turn(11)))
    page = table.page
    resume(table)
    page.route("**/api/review", lambda route: route.abort())
    table.roll()
    table.score(table.best_box(), confirm=True)
    page.wait_for_selector("#result-review-line:has-text('复盘暂时无法生成')")
    # Back online: 复盘 asks the server again instead of showing the old failure.
    page.unroute("**/api/review")
    page.locator("#result-dialog").get_by_role("button", name="复盘", exact=True).click()
    page.wait_for_selector(f"{REVIEW} .rv-summary")
    assert page.locator(f"{REVIEW} .rv-failed").count() == 0


def test_a_vs_review_without_its_chances_is_shown_but_not_kept(table: Table) -> None:
    """While the server still builds its 胜率 tables, a 人机对战 review counts the play-to-win
    choices as mistakes and has no 胜率 chart: the history waits for the whole one."""
    page = table.page
    history_with_a_missing_review(table, random_game(4, vs=True))

    def without_chances(route: Route) -> None:
        answer = route.fetch()
        body = answer.json()
        assert body.pop("win_curve")
        route.fulfill(response=answer, json=body)

    page.route("**/api/review", without_chances)
    asked = requests_to(table, "/api/review")
    page.get_by_role("button", name="复盘与历史").click()
    page.wait_for_selector(f"{REVIEW} .rv-history-table")
    page.wait_for_timeout(500)
    assert len(asked) == 1
    assert "average" not in table.storage("yahtzee.history")["games"][0]
    page.keyboard.press("Escape")
    page.unroute("**/api/review")
    page.get_by_role("button", name="复盘与历史").click()
    page.wait_for_function(
        "() => JSON.parse(localStorage.getItem('yahtzee.history')).games[0].average !== undefined"
    )


def test_history_table_and_trend_read_well(table: Table) -> None:
    """The buttons' column has a header a screen reader can say; the trend's game numbers
    never overlap (the last game was labelled beside a multiple of the step: 「54」「56」)."""
    page = table.page
    for count, width in ((56, 390), (89, 1000)):
        page.set_viewport_size({"width": width, "height": 800})
        table.set_storage(
            {"yahtzee.history": json.dumps({"version": 1, "games": earlier_games(count)})}
        )
        table.reload()
        page.get_by_role("button", name="复盘与历史").click()
        page.wait_for_selector(f"{REVIEW} .rv-trend svg")
        assert page.locator(".rv-history-table thead th").last.text_content() == "复盘"
        boxes = page.eval_on_selector_all(
            ".rv-trend .chart-xtick",
            "els => els.map(e => { const b = e.getBBox(); "
            "return [b.x, b.x + b.width, e.textContent]; })",
        )
        assert boxes[-1][2] == str(count)
        for (_, right, a), (left, _, b) in itertools.pairwise(boxes):
            assert right + 2 <= left, (a, b)
        page.keyboard.press("Escape")


def test_a_game_finished_in_another_tab_counts_in_the_lobby_line(open_table: OpenTable) -> None:
    first = open_table()
    assert first.text("#history-line") == "打完一局就能复盘：看看运气和失误各占多少分"
    second = open_table(beside=first)
    second.page.evaluate(
        "games => localStorage.setItem('yahtzee.history', JSON.stringify({version: 1, games}))",
        earlier_games(3),
    )
    first.page.wait_for_function(
        "() => document.getElementById('history-line').textContent.startsWith('已记录 3 局')"
    )


def test_a_tap_on_the_chart_opens_the_nearest_mark(table: Table) -> None:
    """Marks close together have overlapping hit circles; a tap goes to the nearest dot, not to
    the one drawn last (a phone player opened the wrong mistake 5 times in 8)."""
    page = table.page
    page.evaluate(
        """async () => {
            const { lineChart } = await import(
                document.querySelector('script[type=module]')
                    .src.replace('main.js', 'lib/chart.js'));
            const box = document.createElement('div');
            box.id = 'probe';
            document.body.prepend(box);
            window.__opened = [];
            const mark = (x, name) => ({x, y: 1, r: 5, title: name,
                                        onActivate: () => window.__opened.push(name)});
            lineChart(box, {width: 300, height: 200, xMin: 0, xMax: 30, label: 'probe',
                            lines: [{points: [[0, 0], [30, 2]]}],
                            marks: [mark(10, 'first'), mark(11, 'second')]});
        }"""
    )
    dots = page.locator("#probe .chart-mark-dot")
    for index, name in ((0, "first"), (1, "second")):
        box = dots.nth(index).bounding_box()
        assert box is not None
        page.mouse.click(box["x"] + box["width"] / 2, box["y"] + box["height"] / 2)
        assert page.evaluate("window.__opened.at(-1)") == name


def test_a_decision_of_the_review_opens_in_the_explorer(
    table: Table, solver_table: SolverTable
) -> None:
    """研究 from a mistake of a game's review: the explorer opens on that decision's sheet, dice
    and rolls left, ranks every option as the advisor does, and 返回 leads back to the review."""
    game = random_game(5, vs=False)
    advisor = Advisor(solver_table)
    graded = review_side(game.sides[0], advisor)
    worst = graded.mistakes()[0]
    index = graded.decisions.index(worst)
    advice = advisor.advise(worst.sheet, worst.dice, worst.rolls_left)  # as `yahtzee advise`
    open_file(table, "game.json", json.dumps(to_json(game)).encode())
    page = table.page
    item = page.locator(f".rv-mistake[data-decision='{index}']")
    item.locator("summary").click()
    item.get_by_role("button", name="研究这个局面").click()
    options = page.locator(f"{REVIEW} .px-options li")
    expect(options).to_have_count(len(advice.options))
    best = options.first.locator(".num").first.inner_text()
    # One decimal, as every screen writes expected totals.
    assert float(best) == pytest.approx(advice.best.ev, abs=0.05)
    for box, points in worst.sheet.scores().items():
        assert page.get_by_label(Box(box).zh, exact=True).input_value() == str(points)
    # The explorer opens at its top (the review was scrolled down to the mistake).
    assert page.locator(REVIEW).evaluate("d => d.scrollTop") == 0
    page.get_by_role("button", name="返回").click()
    expect(page.locator(f"{REVIEW} .rv-summary")).to_be_attached()
    # 返回 comes back to the mistake it was opened from: unfolded, on screen, its 研究 focused.
    again = page.locator(f".rv-mistake[data-decision='{index}']")
    expect(again).to_have_attribute("open", "")
    opener = again.get_by_role("button", name="研究这个局面")
    expect(opener).to_be_focused()
    expect(opener).to_be_in_viewport()
