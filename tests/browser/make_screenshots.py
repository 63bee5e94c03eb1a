"""Screenshots of the page for a person to look at, and the README's picture.

Run from the repository root::

    .venv/bin/python -m tests.browser.make_screenshots            # screenshots/*.png
    .venv/bin/python -m tests.browser.make_screenshots --readme   # also docs/screenshot.png

It starts the app with seeded dice (so the pictures repeat), opens the page at 1280×800 and at
390×844, and saves the lobby, a game in progress, a hint shown, a game against the computer and
the result dialog. ``screenshots/`` is ignored by git; only docs/screenshot.png is committed.
"""

from __future__ import annotations

import argparse
import shutil
import sys
import tempfile
from pathlib import Path

from playwright.sync_api import Browser, sync_playwright

from tests.browser.support import ComputerGate, ServerProcess, Table, launch_chromium

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


def shoot(table: Table, path: Path) -> None:
    """Save a screenshot of the viewport once transitions have settled."""
    table.page.wait_for_timeout(250)
    table.page.screenshot(path=str(path))
    print(f"wrote {path.relative_to(ROOT)}")


def single_series(browser: Browser, url: str, name: str, size: tuple[int, int], out: Path) -> Path:
    """Lobby, mid-game, hint and result for one viewport; returns the mid-game picture."""
    width, height = size
    phone = width < 600
    context = browser.new_context(
        viewport={"width": width, "height": height}, has_touch=phone, is_mobile=phone
    )
    table = Table(context.new_page(), url)
    table.open()
    shoot(table, out / f"{name}-lobby.png")
    table.start_single()
    for turn in range(5):
        play_turn(table, hold=(turn % 5, (turn + 2) % 5))
    table.roll()
    table.toggle(1)
    table.toggle(3)
    middle = out / f"{name}-mid-game.png"
    shoot(table, middle)
    table.page.locator("#hint-btn").click()
    table.wait_idle()
    shoot(table, out / f"{name}-hint.png")
    table.score(table.best_box(), confirm=True)
    while table.page.locator("#result-dialog[open]").count() == 0:
        play_turn(table)
    shoot(table, out / f"{name}-result.png")
    context.close()
    return middle


def vs_series(browser: Browser, url: str, name: str, size: tuple[int, int], out: Path) -> None:
    """A game against the computer: the player's turn after a few rounds (-vs), the computer
    thinking in the middle of its turn with the dice it kept lifted (-vs-computer), and the
    result dialog (-vs-result)."""
    width, height = size
    phone = width < 600
    context = browser.new_context(
        viewport={"width": width, "height": height}, has_touch=phone, is_mobile=phone
    )
    table = Table(context.new_page(), url)
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


def main(argv: list[str] | None = None) -> int:
    """Write the screenshots; with --readme also copy the desktop mid-game to docs/."""
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
                for name, size in VIEWPORTS.items():
                    vs_series(browser, server.url, name, size, out)
                browser.close()
        finally:
            server.stop()
    if args.readme:
        target = ROOT / "docs" / "screenshot.png"
        target.parent.mkdir(exist_ok=True)
        shutil.copyfile(middles["desktop"], target)
        print(f"wrote {target.relative_to(ROOT)}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
