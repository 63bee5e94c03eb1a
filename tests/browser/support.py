"""Shared pieces of the browser suite and the screenshot script (not a test module).

``ServerThread`` runs the real app (``create_app(seed=...)``) under uvicorn in a thread of this
process, so the suite can re-seed its dice for each test; ``ServerProcess`` runs it in a child
process that a test may stop and start again. Both listen on a free loopback port.
``launch_chromium`` starts Debian's Chromium; ``Table`` drives the page the way a player does and
reads back what it shows (dice, held state, previews) through the DOM.
"""

from __future__ import annotations

import contextlib
import json
import os
import re
import socket
import subprocess
import sys
import threading
import time
import urllib.error
import urllib.request
from collections.abc import Callable, Iterator
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Final, Literal, Protocol
from urllib.parse import urlparse

import uvicorn
from playwright.sync_api import (
    Browser,
    BrowserContext,
    Page,
    Playwright,
    ProxySettings,
    Request,
    Route,
)
from playwright.sync_api import Error as PlaywrightError

from tests.gameplay import TEST_KEY
from yahtzee.codec import from_json, to_json
from yahtzee.dice_record import DiceRecords
from yahtzee.game import Game, Mode, Roll, Score
from yahtzee.rules import BOXES, choices
from yahtzee.server.app import create_app
from yahtzee.server.engine import Engine
from yahtzee.snapshot import snapshot
from yahtzee.solver import Table as SolverTable


def _chromium() -> Path:
    """``$YAHTZEE_CHROMIUM``, else Debian's headless shell (its old headless mode: the same Blink,
    without the full browser's window machinery, so a page costs a third of the CPU and the
    suite fits its time), else the full ``/usr/bin/chromium``."""
    chosen = os.environ.get("YAHTZEE_CHROMIUM")
    if chosen:
        return Path(chosen)
    shell = Path("/usr/bin/chromium-headless-shell")
    return shell if shell.exists() else Path("/usr/bin/chromium")


CHROMIUM: Final = _chromium()
CHROMIUM_ARGS: Final = [
    "--no-sandbox",
    "--disable-gpu",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
    "--no-first-run",
]
SEED: Final = 20240611
LOOPBACK: Final = frozenset({"127.0.0.1", "localhost", "::1", "[::1]"})
BOX_KEYS: Final = tuple(box.value for box in BOXES)
READY_TIMEOUT_S: Final = 300.0  # a fresh checkout compiles the solver and builds its table

# A browser that has seen the newcomer's walk-through (js/ui/walkthrough.js): written before the
# page's first script, unless it is there already (storage that throws is left as it is).
SEEN_TOUR: Final = """try {
  if (localStorage.getItem("yahtzee.tour") === null) {
    localStorage.setItem("yahtzee.tour", JSON.stringify({ version: 1, seen: "before" }));
  }
} catch {}"""

DIE_NAME: Final = re.compile(r"^第([1-5])颗 (?:([1-6])点|未掷)( 已保留)?( 已锁定)?(（提示建议）)?$")
BOX_NAME: Final = re.compile(r"^(\S+) (?:(已登记|正在登记) )?(\d+)分(（提示建议）)?$")


def free_port() -> int:
    """A TCP port on 127.0.0.1 that nothing listens on right now."""
    with socket.socket(socket.AF_INET, socket.SOCK_STREAM) as sock:
        sock.bind(("127.0.0.1", 0))
        port: int = sock.getsockname()[1]
        return port


class ServerThread:
    """The app (dice seeded with ``seed``) under uvicorn in a daemon thread of this process.

    In this process, so ``reseed`` can make a test's dice (new records, the 普通 computer's slips,
    随机's coin, practice seeds) follow from the test alone: the engine's one generator is
    re-seeded, no hook in the app needed. Its socket is bound before the thread starts, so two
    workers never race for a port.
    """

    def __init__(self, table: SolverTable, seed: int = SEED) -> None:
        app = create_app(seed=seed, table=table)
        self.engine: Engine = app.state.engine
        self.socket = socket.socket(socket.AF_INET, socket.SOCK_STREAM)
        self.socket.bind(("127.0.0.1", 0))
        self.port: int = self.socket.getsockname()[1]
        self.url = f"http://127.0.0.1:{self.port}"
        config = uvicorn.Config(app, log_level="warning", access_log=False)
        self.server = uvicorn.Server(config)
        self.thread = threading.Thread(
            target=self.server.run, kwargs={"sockets": [self.socket]}, name="app", daemon=True
        )
        self.thread.start()

    def wait_ready(self, timeout: float = READY_TIMEOUT_S) -> None:
        """Block until the server has started; raise RuntimeError if its thread ended or stalls."""
        deadline = time.monotonic() + timeout
        while not self.server.started:
            if not self.thread.is_alive():
                raise RuntimeError("the server thread ended before it started serving")
            if time.monotonic() > deadline:
                raise RuntimeError(f"the server was not ready after {timeout:.0f} s")
            time.sleep(0.02)

    def reseed(self, text: str) -> None:
        """Seed the engine's generator from ``text`` (a test's node id): the records of new
        games, and every other draw the server makes, then depend only on it."""
        self.engine.rng.seed(text)

    def stop(self) -> None:
        """Ask the server to finish its requests and stop; wait for its thread."""
        self.server.should_exit = True
        self.thread.join(timeout=10)
        self.socket.close()


class ServerProcess:
    """The app under uvicorn in a child process, with seeded dice; stopped by ``stop``.

    ``port`` reuses a port (a server restarted in place); by default a free one is chosen.
    """

    def __init__(self, log_path: Path, seed: int = SEED, port: int | None = None) -> None:
        self.port = port or free_port()
        self.url = f"http://127.0.0.1:{self.port}"
        code = (
            "import uvicorn\n"
            "from yahtzee.server.app import create_app\n"
            f"uvicorn.run(create_app(seed={seed}), host='127.0.0.1', port={self.port},"
            " log_level='warning')\n"
        )
        self.log = log_path.open("wb")
        self.process = subprocess.Popen(
            [sys.executable, "-c", code], stdout=self.log, stderr=subprocess.STDOUT
        )

    def wait_ready(self, timeout: float = READY_TIMEOUT_S) -> None:
        """Block until /healthz answers 200; raise RuntimeError if the server dies or stalls."""
        deadline = time.monotonic() + timeout
        while time.monotonic() < deadline:
            if self.process.poll() is not None:
                raise RuntimeError(f"the server exited with {self.process.returncode}")
            try:
                with urllib.request.urlopen(self.url + "/healthz", timeout=2) as response:
                    if response.status == 200:
                        return
            except (urllib.error.URLError, OSError):
                pass
            time.sleep(0.2)
        raise RuntimeError(f"the server was not ready after {timeout:.0f} s")

    def stop(self) -> None:
        """Stop the child process (this one only) and close its log."""
        if self.process.poll() is None:
            self.process.terminate()
            try:
                self.process.wait(timeout=10)
            except subprocess.TimeoutExpired:
                self.process.kill()
                self.process.wait(timeout=10)
        self.log.close()


def requests_to(table: Table, *paths: str) -> list[str]:
    """Start recording the page's requests to ``paths``; the list fills as they are sent."""
    sent: list[str] = []
    table.page.on(
        "request",
        lambda request: sent.append(request.url) if request.url.endswith(paths) else None,
    )
    return sent


@contextlib.contextmanager
def refusing_port() -> Iterator[int]:
    """A loopback port that refuses every connection (bound, never listening), while open."""
    with socket.socket(socket.AF_INET, socket.SOCK_STREAM) as sock:
        sock.bind(("127.0.0.1", 0))
        port: int = sock.getsockname()[1]
        yield port


def launch_chromium(playwright: Playwright, *, other_hosts_via: int | None = None) -> Browser:
    """Debian's Chromium (``CHROMIUM``), headless, with the background services switched off.

    ``other_hosts_via``: a ``refusing_port`` that every request to a host other than loopback
    is sent to as to a proxy, so it fails at once and goes nowhere (``Guard`` records it)."""
    proxy: ProxySettings | None = None
    if other_hosts_via is not None:
        proxy = {"server": f"http://127.0.0.1:{other_hosts_via}", "bypass": ",".join(LOOPBACK)}
    return playwright.chromium.launch(
        executable_path=str(CHROMIUM), args=CHROMIUM_ARGS, proxy=proxy
    )


TRAIL_LINES: Final = 40


@dataclass
class Guard:
    """What a page did that it must not: requests to other hosts, script errors.

    Its context's browser must be launched with ``other_hosts_via``: there a request to another
    host fails, and the guard records it from the failure. Nothing is routed, so the page's own
    requests never wait on the driver or on this process (routing every request through a
    handler here cost a page load ~0.35 CPU-seconds more)."""

    external: list[str] = field(default_factory=list)
    errors: list[str] = field(default_factory=list)
    # What the page said and what went wrong on the way, the last lines only: shown when a test
    # fails (conftest.py), to tell a slow server from a refused request or a script's complaint.
    trail: list[str] = field(default_factory=list)

    def note(self, line: str) -> None:
        self.trail.append(f"{time.monotonic():.3f} {line}")
        del self.trail[:-TRAIL_LINES]

    def failed(self, request: Request) -> None:
        """Record a failed request to another host (a failed one to loopback is a test's own
        business: an aborted route, a server stopped on purpose)."""
        self.note(f"failed {request.method} {request.url}: {request.failure}")
        parsed = urlparse(request.url)
        if parsed.scheme in ("http", "https", "ws", "wss") and parsed.hostname not in LOOPBACK:
            self.external.append(request.url)

    def page_error(self, error: Any) -> None:
        self.errors.append(f"pageerror: {error}")

    def console(self, message: Any) -> None:
        """Note what the page said; record its console errors (failed 4xx loads aside)."""
        text = str(message.text)
        # A refused load (4xx, 5xx) is said here, with its status, and its address beside it: a
        # listener of every response cost a page load about a sixth more CPU (driver and here).
        refused = text.startswith("Failed to load resource")
        where = message.location.get("url", "") if refused else ""
        self.note(f"console.{message.type}: {text} {where}".rstrip())
        if message.type == "error" and not refused:
            self.errors.append(f"console: {text}")

    def watch(self, context: BrowserContext) -> None:
        """Record the requests of ``context`` to other hosts."""
        context.on("requestfailed", self.failed)

    def watch_page(self, page: Page) -> None:
        """Record uncaught exceptions and console errors."""
        page.on("pageerror", self.page_error)
        page.on("console", self.console)


# Whether the first element matching a CSS selector is there (and visible, as Playwright means
# it: no display:none or visibility:hidden on the way up, and a box of some size).
_SHOWN = """([selector, visible]) => {
  const element = document.querySelector(selector);
  if (!element || !visible) return !!element;
  const box = element.getBoundingClientRect();
  return element.checkVisibility({visibilityProperty: true}) && box.width > 0 && box.height > 0;
}"""


def wait_for_events(page: Page, done: Callable[[], bool], what: str, timeout_s: float) -> None:
    """Wait until ``done()`` holds, where it reads what this process learns from the page's
    events (routes held, requests seen, failures): Playwright hands them over only while this
    thread is in one of its calls, so this waits in short ones. Fails naming ``what``."""
    deadline = time.monotonic() + timeout_s
    while not done():
        assert time.monotonic() < deadline, what
        page.wait_for_timeout(10)


def wait_shown(
    page: Page, selector: str, *, attached: bool = False, timeout: float | None = None
) -> None:
    """``page.wait_for_selector`` (visible, or only ``attached``) for a CSS selector, checked at
    every frame: Playwright's own wait looks again after 20, 50, 100, 100 and then every 500 ms,
    so a change 300 ms away was seen 770 ms after the start."""
    page.wait_for_function(_SHOWN, arg=[selector, not attached], timeout=timeout)


# The player may act (「掷骰子」 enabled), or the game is over (the result is open).
_YOUR_TURN = """() => {
  const shown = (element) => {
    const box = element.getBoundingClientRect();
    return element.checkVisibility({visibilityProperty: true}) && box.width > 0 && box.height > 0;
  };
  const roll = document.getElementById('roll-btn');
  const result = document.getElementById('result-dialog');
  return (result.open && shown(result)) ||
    (!roll.disabled && roll.textContent.includes('掷骰子') && shown(roll));
}"""


def wait_your_turn(page: Page, timeout: float | None = None) -> None:
    """Wait until the player may roll, or the result shows (after the computer's turn), checked
    at every frame (see ``wait_shown``)."""
    page.wait_for_function(_YOUR_TURN, timeout=timeout)


def wait_scored(page: Page, key: str) -> None:
    """Wait until the player's box ``key`` is filled. After the zero question is confirmed the
    score is sent only once the dialog's close event has run, a task later: until then the
    table still reads idle, and a check of it would race the score."""
    wait_shown(page, f"#sheet button.box.filled[data-box='{key}']", attached=True)


class Table:
    """The page as a player sees it: buttons to press and what they show."""

    def __init__(self, page: Page, base_url: str) -> None:
        self.page = page
        self.base_url = base_url

    # Navigation ---------------------------------------------------------------------------

    def open(self, query: str = "fast=1") -> None:
        """Load the page (``?fast=1`` skips the roll animation and computer pauses)."""
        self.page.goto(f"{self.base_url}/?{query}" if query else f"{self.base_url}/")
        self.page.wait_for_function("window.yahtzeeReady === true")

    def reload(self) -> None:
        """Reload the page and wait until it is ready."""
        self.page.reload()
        self.page.wait_for_function("window.yahtzeeReady === true")

    def start_vs(self, difficulty: str, first: str) -> None:
        """Choose 人机对战 with a difficulty (入门 / 普通 / 高手) and who starts (我先 / 电脑先 /
        随机) and start; wait until the table is shown."""
        self.page.get_by_role("button", name="人机对战").click()
        self.page.get_by_role("button", name=difficulty, exact=True).click()
        self.page.get_by_role("button", name=first, exact=True).click()
        self.page.get_by_role("button", name="开始游戏").click()
        wait_shown(self.page, "#game:not([hidden])")

    def start_single(self) -> None:
        """Choose 单人挑战 and start; wait until the table is shown and idle."""
        self.page.get_by_role("button", name="单人挑战").click()
        self.page.get_by_role("button", name="开始游戏").click()
        self.wait_idle()

    def wait_idle(self) -> None:
        """Wait until the table is visible and no request is in flight (``data-busy``: the page
        keeps ``aria-busy`` off the table, whose live status must speak meanwhile)."""
        wait_shown(self.page, "#game:not([hidden])[data-busy='false']")

    # Reading ------------------------------------------------------------------------------

    def die_names(self) -> list[str]:
        """The accessible names of the five dice, left to right."""
        return [
            str(name)
            for name in self.page.eval_on_selector_all(
                "#dice .die", "els => els.map(e => e.getAttribute('aria-label'))"
            )
        ]

    def dice(self) -> list[int | None]:
        """The faces shown (None before the first roll)."""
        faces: list[int | None] = []
        for name in self.die_names():
            match = DIE_NAME.match(name)
            assert match, f"unexpected die name {name!r}"
            faces.append(int(match.group(2)) if match.group(2) else None)
        return faces

    def held(self) -> list[bool]:
        """Which dice are held (named 已保留)."""
        return ["已保留" in name for name in self.die_names()]

    def die(self, index: int) -> Any:
        """The button of die ``index`` (0–4)."""
        return self.page.locator(f"#dice .die[data-die='{index}']")

    def box(self, key: str) -> Any:
        """The player's button for box ``key``."""
        return self.page.locator(f"#sheet button.box[data-box='{key}']")

    def box_states(self) -> dict[str, dict[str, Any]]:
        """Every box of the player's column: name, classes, disabled and shown text."""
        rows: list[dict[str, Any]] = self.page.eval_on_selector_all(
            "#sheet button.box",
            """els => els.map(e => ({key: e.dataset.box, label: e.getAttribute('aria-label'),
                classes: e.className, disabled: e.disabled, text: e.textContent.trim()}))""",
        )
        return {row["key"]: row for row in rows}

    def previews(self, states: dict[str, dict[str, Any]] | None = None) -> dict[str, int | None]:
        """For each open box: the points offered now, or None when it shows a dash."""
        result: dict[str, int | None] = {}
        for key, row in (states or self.box_states()).items():
            classes = row["classes"].split()
            if "filled" in classes:
                continue
            if "dash" in classes:
                assert row["disabled"], f"{key}: a dash must be disabled"
                assert row["text"] == "–"
                result[key] = None
                continue
            match = BOX_NAME.match(row["label"])
            assert match and not match.group(2), f"unexpected box name {row['label']!r}"
            assert not row["disabled"], f"{key}: an offered box must be enabled"
            result[key] = int(match.group(3))
        return result

    def arrow(self) -> list[int]:
        """The sides (0 the player, 1 the computer) whose column header shows the arrow."""
        sides: list[int] = self.page.eval_on_selector_all(
            "#sheet thead th.side",
            """els => els.flatMap((e, i) =>
                e.classList.contains('acting') && getComputedStyle(e.querySelector('.arrow'))
                    .visibility === 'visible' ? [i] : [])""",
        )
        return sides

    def totals(self) -> list[int]:
        """The totals in the top bar, the player's first."""
        return [int(t) for t in re.findall(r"\d+", self.text("#totals"))]

    def text(self, selector: str) -> str:
        """The trimmed text of the first element matching ``selector``."""
        return self.page.locator(selector).first.inner_text().strip()

    def status(self) -> str:
        """The status line, with plain spaces (the page keeps a list of dice together with
        non-breaking ones)."""
        return self.text("#status").replace("\u00a0", " ")

    def message(self) -> str:
        """The one-line message (empty when hidden)."""
        loc = self.page.locator("#message")
        return loc.inner_text().strip() if loc.is_visible() else ""

    def storage(self, key: str) -> Any:
        """A localStorage value parsed as JSON (None when missing)."""
        raw = self.page.evaluate("k => localStorage.getItem(k)", key)
        return None if raw is None else json.loads(raw)

    def set_storage(self, values: dict[str, str]) -> None:
        """Write raw strings into localStorage."""
        self.page.evaluate(
            "vs => { for (const [k, v] of Object.entries(vs)) localStorage.setItem(k, v); }",
            values,
        )

    def saved_game(self) -> Game:
        """The game the page saved, rebuilt (and so checked) by the codec."""
        data = self.storage("yahtzee.game")
        assert data is not None, "no saved game"
        return from_json(data)

    # Acting -------------------------------------------------------------------------------

    def roll(self) -> None:
        """Click the roll button and wait for the new dice."""
        self.page.locator("#roll-btn").click()
        self.wait_idle()

    def toggle(self, index: int) -> None:
        """Click die ``index`` (hold or release)."""
        self.die(index).click()

    def score(self, key: str, confirm: bool | None = True) -> bool:
        """Click box ``key``; answer the zero question with ``confirm``. True when one was asked."""
        self.box(key).click()
        dialog = self.page.locator("#confirm-dialog")
        asked = bool(self.page.evaluate("() => document.getElementById('confirm-dialog').open"))
        if asked:
            button = "#confirm-ok" if confirm else "#confirm-cancel"
            dialog.locator(button).click()
            if confirm:
                wait_scored(self.page, key)
        self.wait_idle()
        return asked

    def best_box(self) -> str:
        """The open box offering the most points now (the first one on ties)."""
        offered = {k: v for k, v in self.previews().items() if v is not None}
        assert offered, "no box can be scored"
        return max(offered, key=lambda k: (offered[k], -BOX_KEYS.index(k)))


class ScriptedDice:
    """A RandomSource that rolls the faces it was given, in order."""

    def __init__(self, faces: list[int]) -> None:
        self.faces = list(faces)

    def randint(self, a: int, b: int) -> int:
        return self.faces.pop(0)


def install_roll(table: Table, rolled: Game) -> None:
    """Make the next roll answer with ``rolled`` (a legal game the real server accepts later)."""

    def answer(route: Route) -> None:
        body = json.loads(route.request.post_data or "{}")
        if body.get("action", {}).get("type") == "roll":
            payload = {"game": to_json(rolled), "view": snapshot(rolled)}
            route.fulfill(status=200, content_type="application/json", body=json.dumps(payload))
            table.page.unroute("**/api/action", answer)
        else:
            route.continue_()

    table.page.route("**/api/action", answer)


def saved(game: Game) -> dict[str, str]:
    """A browser's storage holding ``game`` as its save: ``open_table(storage=saved(game))``."""
    return {"yahtzee.game": json.dumps(to_json(game))}


def resume(table: Table) -> None:
    """Resume the saved game from the lobby."""
    table.page.get_by_role("button", name="继续上次没打完的一局").click()
    table.wait_idle()


def resume_saved(table: Table, game: Game) -> None:
    """Put ``game`` in the browser's save and resume it from the lobby."""
    table.set_storage(saved(game))
    table.reload()
    resume(table)


def best_paying(game: Game) -> Roll | Score:
    """One roll a turn, then the allowed box paying the most for it (the first on ties, as
    ``Table.best_box`` picks on the page)."""
    if game.turn.dice is None:
        return Roll()
    offered = choices(game.acting.sheet, game.turn.dice)
    return Score(max(offered, key=lambda box: (offered[box], -BOX_KEYS.index(box.value))))


def played_on(
    game: Game, to_round: int, play: Callable[[Game], Roll | Score] = best_paying
) -> Game:
    """``game`` played on here to the start of round ``to_round`` (its first seat to act, before
    any roll), every seat's steps, the computers' too, as ``play`` chooses, on the game's own
    dice record (the test server's key is ``TEST_KEY``): a legal game the server goes on with."""
    assert game.record is not None and game.round <= to_round <= 13
    records = DiceRecords(TEST_KEY)
    while game.round < to_round:
        game = game.apply(play(game), records)
    return game


def to_last_turn(table: Table, play: Callable[[Game], Roll | Score] = best_paying) -> Game:
    """Play the page's single game on to the start of its last turn here (``played_on``), then
    resume it in the page: the turns a test needs played, without clicking through them."""
    game = table.saved_game()
    assert game.mode is Mode.SINGLE
    game = played_on(game, 13, play)
    resume_saved(table, game)
    return game


class ComputerGate:
    """Holds the page's requests for a computer step while closed, so a test can look at (and
    poke) the page in the middle of the computer's turn; open by default."""

    def __init__(self, page: Page) -> None:
        self.page = page
        self.closed = False
        self.held: list[Route] = []
        self.seen = 0
        page.route("**/api/computer", self._route)

    def _route(self, route: Route) -> None:
        self.seen += 1
        if self.closed:
            self.held.append(route)
        else:
            route.continue_()

    def wait_held(self, timeout_ms: int = 20_000) -> None:
        """Wait until a computer step is being held."""
        wait_for_events(
            self.page, lambda: bool(self.held), "no computer step was asked for", timeout_ms / 1000
        )

    def release(self, *, close: bool = False) -> None:
        """Let the held steps through; stay closed (hold the next one) when ``close``."""
        self.closed = close
        held, self.held = self.held, []
        for route in held:
            route.continue_()

    def drop(self) -> None:
        """Fail the held steps as a network error would (or forget them if their page has
        gone: a reload)."""
        held, self.held = self.held, []
        for route in held:
            with contextlib.suppress(PlaywrightError):
                route.abort()


def hold_the_computer_turn(table: Table, level: str = "普通") -> ComputerGate:
    """Start a 人机对战 game at ``level`` with the player first, play its first turn (one roll,
    the best box) and hold the computer's first step; return the gate holding it."""
    page = table.page
    gate = ComputerGate(page)
    table.start_vs(level, "我先")
    table.wait_idle()
    table.roll()
    gate.closed = True
    table.box(table.best_box()).click()
    if page.evaluate("() => document.getElementById('confirm-dialog').open"):
        page.locator("#confirm-ok").click()
    gate.wait_held()
    return gate


def count_sounds(page: Page) -> None:
    """Count the sound nodes the page creates (oscillators, noise bursts) in ``window.__sounds``.

    Call before the page loads.
    """
    page.add_init_script(
        """
        window.__sounds = 0;
        const Base = window.AudioContext;
        if (Base) {
          const osc = Base.prototype.createOscillator;
          const src = Base.prototype.createBufferSource;
          Base.prototype.createOscillator = function () {
            window.__sounds += 1;
            return osc.call(this);
          };
          Base.prototype.createBufferSource = function () {
            window.__sounds += 1;
            return src.call(this);
          };
        }
        """
    )


Motion = Literal["reduce", "no-preference"]


class OpenTable(Protocol):
    """Open the page as in a new browser context (empty localStorage) and return its Table;
    ``beside`` opens another tab in that table's context instead (shared localStorage);
    ``base_url`` points at another server than the session's; ``tour`` leaves the newcomer's
    walk-through unseen (it opens on the first game); ``storage`` is the localStorage the page
    finds at its first load."""

    def __call__(
        self,
        *,
        width: int = 1280,
        height: int = 800,
        query: str = "fast=1",
        reduced_motion: Motion = "no-preference",
        touch: bool = False,
        sounds: bool = False,
        load: bool = True,
        beside: Table | None = None,
        base_url: str | None = None,
        tour: bool = False,
        storage: dict[str, str] | None = None,
    ) -> Table: ...
