"""Screenshots of the page for a person to look at, and the README's picture.

Run from the repository root::

    .venv/bin/python -m tests.browser.make_screenshots            # screenshots/*.png
    .venv/bin/python -m tests.browser.make_screenshots --readme   # also the pictures in docs/

It starts the app with seeded dice (so the pictures repeat), opens the page at 1280×800 and at
390×844, and saves the lobby, a game in progress, a hint shown, a game against the computer,
the result dialog, its review (复盘) with a mistake opened, a vs game opened from a file for
review (and its 胜率 chart), the history of games (with made-up earlier games, to show the
trend), and the 高手's deliberate risks in the review of its side of a game.
A phone (390×664) in the light and the dark colour scheme too. ``screenshots/`` is ignored by
git; only docs/screenshot.png and docs/screenshot-phone-{light,dark}.png are committed.
"""

from __future__ import annotations

import argparse
import json
import random
import shutil
import sys
import tempfile
from pathlib import Path

from playwright.sync_api import Browser, BrowserContext, sync_playwright

from tests.browser.support import (
    SEEN_TOUR,
    ComputerGate,
    ServerProcess,
    Table,
    launch_chromium,
)
from tests.gameplay import risky_game
from yahtzee.codec import dumps
from yahtzee.game import Difficulty, First, Game, Mode
from yahtzee.players import get_player
from yahtzee.solver import load_table

ROOT = Path(__file__).resolve().parents[2]
VIEWPORTS = {"desktop": (1280, 800), "phone": (390, 844)}


def play_turn(table: Table, hold: tuple[int, ...] = (0, 1)) -> None:
    """Roll, hold some dice, roll again and score the best-paying box."""
    table.roll()
    for index in hold:
        table.toggle(index)
    table.roll()
    key = table.best_box()
    table.score(key, confirm=True)


def to_mid_game(table: Table) -> None:
    """A single game in its sixth turn, rolled once, with two dice held (the README's moment)."""
    table.start_single()
    for turn in range(5):
        play_turn(table, hold=(turn % 5, (turn + 2) % 5))
    table.roll()
    table.toggle(1)
    table.toggle(3)


def shoot(table: Table, path: Path) -> None:
    """Save a screenshot of the viewport once transitions have settled."""
    table.page.wait_for_timeout(250)
    table.page.screenshot(path=str(path))
    print(f"wrote {path.relative_to(ROOT) if path.is_relative_to(ROOT) else path}")


def open_page(browser: Browser, url: str, size: tuple[int, int]) -> tuple[BrowserContext, Table]:
    """A fresh context of the viewport ``size`` (touch and mobile below 600 px wide) and its
    page as a Table."""
    width, height = size
    phone = width < 600
    context = browser.new_context(
        viewport={"width": width, "height": height}, has_touch=phone, is_mobile=phone
    )
    context.add_init_script(SEEN_TOUR)  # a player who knows the game
    return context, Table(context.new_page(), url)


def single_series(browser: Browser, url: str, name: str, size: tuple[int, int], out: Path) -> Path:
    """Lobby, mid-game, hint and result for one viewport; returns the mid-game picture."""
    context, table = open_page(browser, url, size)
    table.open()
    shoot(table, out / f"{name}-lobby.png")
    to_mid_game(table)
    middle = out / f"{name}-mid-game.png"
    shoot(table, middle)
    table.page.locator("#hint-btn").click()
    table.wait_idle()
    shoot(table, out / f"{name}-hint.png")
    table.score(table.best_box(), confirm=True)
    while table.page.locator("#result-dialog[open]").count() == 0:
        play_turn(table)
    shoot(table, out / f"{name}-result.png")
    review_series(table, name, out)
    context.close()
    return middle


def review_series(table: Table, name: str, out: Path) -> None:
    """From the result dialog: the review, a mistake opened from the chart, and the history."""
    page = table.page
    page.wait_for_selector("#result-review-line:has-text('运气')")
    page.locator("#result-dialog").get_by_role("button", name="复盘", exact=True).click()
    page.wait_for_selector("#review-dialog[open] .rv-summary")
    shoot(table, out / f"{name}-review.png")
    page.locator("#review-dialog .chart-mark").first.click(force=True)  # neighbours may overlap
    shoot(table, out / f"{name}-review-mistake.png")


def practice_history(games: int = 14) -> list[dict[str, object]]:
    """Made-up summaries of earlier games, improving with noise, for the trend picture."""
    rng = random.Random(7)
    entries: list[dict[str, object]] = []
    for i in range(games):
        average = max(0.08, 1.5 * 0.86**i + rng.uniform(-0.15, 0.15))
        decisions = rng.randint(28, 36)
        luck = round(rng.gauss(0, 25), 3)
        loss = round(average * decisions, 3)
        vs = i % 3 == 2
        # Against the 高手 a player who follows its play-to-win choices gives points up to win.
        expert = i % 6 == 5
        risk = round(rng.uniform(1, 4), 3) if expert else 0.0
        entries.append(
            {
                "id": f"demo-{i}",
                "date": f"2024-05-{i + 10:02d}T12:{i * 3:02d}:00.000Z",
                "mode": "vs" if vs else "single",
                "difficulty": ("expert" if expert else "normal") if vs else None,
                "outcome": rng.choice(["win", "loss"]) if vs else None,
                "total": round(254.5877 + luck - loss - risk),
                "risk": risk,
                "fp": f"demo{i}",
                "luck": luck,
                "loss": loss,
                "decisions": decisions,
                "optimal": decisions - rng.randint(1, 8),
                "average": round(average, 4),
                "hinted": rng.randint(0, 3),
            }
        )
    return entries


def review_file_series(
    browser: Browser, url: str, name: str, size: tuple[int, int], out: Path
) -> None:
    """A vs game (普通 against 高手) opened from a file for review, a history with a trend, and
    the review of a 高手 side that took deliberate risks."""
    context, table = open_page(browser, url, size)
    table.open()
    table.set_storage({"yahtzee.history": json.dumps({"version": 1, "games": practice_history()})})
    table.reload()
    rng = random.Random(5)
    game = Game.new(Mode.VS, Difficulty.EXPERT, First.ME, rng)
    players = [
        get_player(Difficulty.NORMAL, None, rng),
        get_player(Difficulty.EXPERT, load_table(), rng),
    ]
    while not game.finished:
        game = game.apply(players[game.current].step(game), rng)
    risky = risky_game(load_table())
    page = table.page
    page.locator("#open-game-file").set_input_files(
        {"name": "game.json", "mimeType": "application/json", "buffer": dumps(game).encode()}
    )
    page.wait_for_selector("#review-dialog[open] .rv-summary")
    shoot(table, out / f"{name}-review-vs.png")
    win_chart = page.locator("#review-dialog .rv-win-card")
    win_chart.locator("svg").wait_for()
    win_chart.scroll_into_view_if_needed()
    shoot(table, out / f"{name}-review-win.png")
    page.locator("#review-dialog").get_by_role("button", name="复盘与历史").click()
    page.wait_for_selector("#review-dialog[data-view='history'] .rv-trend svg")
    shoot(table, out / f"{name}-history.png")
    # The computer's side of a 高手 game with deliberate risks: the identity, then one risk open.
    page.keyboard.press("Escape")
    page.locator("#open-game-file").set_input_files(
        {"name": "risks.json", "mimeType": "application/json", "buffer": dumps(risky).encode()}
    )
    page.wait_for_selector("#review-dialog[open] .rv-summary")
    page.locator("#review-dialog .rv-switch").get_by_role("button", name="电脑").click()
    page.wait_for_selector("#review-dialog .rv-risks-card")
    shoot(table, out / f"{name}-review-risks.png")
    page.locator("#review-dialog .chart-mark.risk").last.click()
    shoot(table, out / f"{name}-review-risk-open.png")
    context.close()


def vs_series(browser: Browser, url: str, name: str, size: tuple[int, int], out: Path) -> None:
    """A game against the computer: the player's turn after a few rounds (-vs), the computer
    thinking in the middle of its turn with the dice it kept lifted (-vs-computer), and the
    result dialog (-vs-result)."""
    context, table = open_page(browser, url, size)
    table.open()
    table.page.get_by_role("button", name="人机对战").click()
    table.page.get_by_role("button", name="我先").click()
    table.page.get_by_role("button", name="开始游戏").click()
    table.wait_idle()
    for _ in range(3):
        play_turn(table)
        table.page.wait_for_selector("#roll-btn:text('掷骰子'):not([disabled])")
    table.roll()
    table.toggle(0)
    shoot(table, out / f"{name}-vs.png")
    # Stop the computer while it thinks, once it has kept some dice.
    gate = ComputerGate(table.page)
    gate.closed = True
    table.box(table.best_box()).click()
    if table.page.evaluate("() => document.getElementById('confirm-dialog').open"):
        table.page.locator("#confirm-ok").click()
    gate.wait_held()
    while not any(table.held()) and table.saved_game().turn.rolls_used < 3:
        gate.release(close=True)
        gate.wait_held()
    shoot(table, out / f"{name}-vs-computer.png")
    gate.release()
    your_turn = "#roll-btn:text('掷骰子'):not([disabled]), #result-dialog[open]"
    while True:
        table.page.wait_for_selector(your_turn)
        if table.page.locator("#result-dialog[open]").count():
            break
        play_turn(table)
    shoot(table, out / f"{name}-vs-result.png")
    context.close()


def phone_picture(browser: Browser, url: str, scheme: str, out: Path) -> Path:
    """A game in progress on a 390×664 phone (what Safari shows of an iPhone's screen) in the
    light or dark colour scheme: the whole turn on one screen, the sheet in two columns."""
    context = browser.new_context(
        viewport={"width": 390, "height": 664},
        has_touch=True,
        is_mobile=True,
        color_scheme="dark" if scheme == "dark" else "light",
    )
    context.add_init_script(SEEN_TOUR)
    table = Table(context.new_page(), url)
    table.open()
    to_mid_game(table)
    path = out / f"phone-{scheme}.png"
    shoot(table, path)
    context.close()
    return path


def main(argv: list[str] | None = None) -> int:
    """Write the screenshots; with --readme also copy the desktop and phone mid-game to docs/."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--out", type=Path, default=ROOT / "screenshots")
    parser.add_argument("--readme", action="store_true", help="also write docs/screenshot.png")
    args = parser.parse_args(argv)
    out: Path = args.out
    out.mkdir(parents=True, exist_ok=True)
    with tempfile.TemporaryDirectory() as scratch:
        server = ServerProcess(Path(scratch) / "server.log")
        try:
            server.wait_ready()
            with sync_playwright() as playwright:
                browser = launch_chromium(playwright)
                middles = {
                    name: single_series(browser, server.url, name, size, out)
                    for name, size in VIEWPORTS.items()
                }
                phones = {
                    scheme: phone_picture(browser, server.url, scheme, out)
                    for scheme in ("light", "dark")
                }
                for name, size in VIEWPORTS.items():
                    vs_series(browser, server.url, name, size, out)
                    review_file_series(browser, server.url, name, size, out)
                browser.close()
        finally:
            server.stop()
    if args.readme:
        target = ROOT / "docs" / "screenshot.png"
        target.parent.mkdir(exist_ok=True)
        shutil.copyfile(middles["desktop"], target)
        print(f"wrote {target.relative_to(ROOT)}")
        for scheme, path in phones.items():
            phone = ROOT / "docs" / f"screenshot-phone-{scheme}.png"
            shutil.copyfile(path, phone)
            print(f"wrote {phone.relative_to(ROOT)}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
