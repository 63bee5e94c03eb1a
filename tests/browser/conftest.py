"""Fixtures of the browser suite: the app in a thread, one Chromium, guarded pages.

Each test makes its own game state. The app (one per session, so one per pytest-xdist worker)
runs in this process, and ``server_url`` re-seeds its dice from the test's node id before the
test starts: the records of the games a test starts, the 普通 computer's slips, 随机's coin and
practice seeds follow from the test alone, whichever tests ran before it, in whatever order, on
whichever worker. Every page opens as a new one would: in a tab the worker keeps from test to
test, made clean first (its origins' storage and service workers cleared; tests/browser/tabs.py),
and closed after a test that changed it in a way that cannot be undone. Tests that need
particular dice still get them: a saved game resumed, a roll answered by ``install_roll``, or a
record passed to the API.

Every page opened through ``open_table`` is guarded: a request to any host other than loopback
fails (the browser sends it to a port that refuses it) and is recorded, and uncaught script
errors or console errors (CSP violations included) are recorded; the test fails at teardown if
either list is not empty (docs/behaviours.md P1).

Pages open with ``?fast=1`` unless a test passes another ``query``: a test-only switch (off by
default; see the top of static/js/main.js) that turns animations off and cuts the computer's
thinking pauses (真实 2–5 s / 较快 1–2 s) to ~20 ms, so whole games against the computer take
seconds. Only the pace test (tests/browser/test_vs.py) opens the page without it.

A page's browser has seen the newcomer's walk-through (it opens by itself on a player's first
game, js/ui/walkthrough.js) unless a test passes ``tour=True``: every other test plays as a
player who knows the game.
"""

from __future__ import annotations

import contextlib
import re
from collections.abc import Generator, Iterator

import pytest
from playwright.sync_api import Browser, BrowserContext, Page, sync_playwright
from playwright.sync_api import Error as PlaywrightError

from tests.browser.support import (
    CHROMIUM,
    Guard,
    Motion,
    OpenTable,
    ServerThread,
    Table,
    count_sounds,
    launch_chromium,
    refusing_port,
)
from tests.browser.tabs import Tab, Tabs
from yahtzee.solver import Table as SolverTable
from yahtzee.winprob.tables import WinTables

CALL_FAILED = pytest.StashKey[bool]()


@pytest.hookimpl(wrapper=True)
def pytest_runtest_makereport(
    item: pytest.Item, call: pytest.CallInfo[None]
) -> Generator[None, pytest.TestReport, pytest.TestReport]:
    report = yield
    if call.when == "call":
        item.stash[CALL_FAILED] = report.failed
    return report


def _leave_what_was_seen(
    folder: pytest.TempPathFactory, test: str, seen: list[tuple[Page, Guard]]
) -> None:
    """A failed test's pages as they were (a screenshot and the DOM of each) and what each
    said, so a failure seen once on a busy machine can be read afterwards."""
    where = folder.mktemp(re.sub(r"[^\w.-]+", "_", test)[-60:], numbered=True)
    print(f"the pages as the test failed: {where}")
    for number, (page, guard) in enumerate(seen):
        print(f"page {number}: {page.url}", *guard.trail, sep="\n  ")
        with contextlib.suppress(PlaywrightError):
            page.screenshot(path=where / f"page-{number}.png", full_page=True)
            (where / f"page-{number}.html").write_text(page.content(), "utf-8")


def _need_chromium() -> None:
    if not CHROMIUM.exists():
        pytest.skip(f"{CHROMIUM} is missing (run `make chromium`)")


@pytest.fixture(scope="session")
def app_server(solver_table: SolverTable, win_tables: WinTables) -> Iterator[ServerThread]:
    """The app on a free loopback port, in a thread of this worker, for the whole session.

    It is handed the session's solver table, and the 胜率 tables are in the session's cache dir
    before it starts: the page shows its 胜率 bar from the first game."""
    _need_chromium()
    server = ServerThread(solver_table)
    try:
        server.wait_ready()
        yield server
    finally:
        server.stop()


@pytest.fixture
def server_url(app_server: ServerThread, request: pytest.FixtureRequest) -> str:
    """The session's app, its dice re-seeded from this test's node id (see the module's
    docstring)."""
    app_server.reseed(request.node.nodeid)
    return app_server.url


@pytest.fixture(scope="session")
def browser() -> Iterator[Browser]:
    """One headless Chromium for the session (of this worker, under pytest-xdist); its requests
    to other hosts go to a port that refuses them (see ``Guard``)."""
    _need_chromium()
    with refusing_port() as dead_end, sync_playwright() as playwright:
        chromium = launch_chromium(playwright, other_hosts_via=dead_end)
        yield chromium
        chromium.close()


@pytest.fixture(scope="session")
def tabs(browser: Browser, pytestconfig: pytest.Config) -> Iterator[Tabs]:
    """The worker's kept tabs (tests/browser/tabs.py), their requests delayed by ``--latency``."""
    kept = Tabs(browser, pytestconfig.getoption("latency"))
    yield kept
    kept.close()


@pytest.fixture
def open_table(
    browser: Browser,
    tabs: Tabs,
    server_url: str,
    request: pytest.FixtureRequest,
    tmp_path_factory: pytest.TempPathFactory,
) -> Iterator[OpenTable]:
    """A factory of guarded pages; checks every guard when the test ends, and leaves the pages
    as they were behind when it failed."""
    contexts: list[BrowserContext] = []
    taken: list[Tab] = []
    guards: list[Guard] = []
    seen: list[tuple[Page, Guard]] = []

    def opener(
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
    ) -> Table:
        guard = Guard()
        guards.append(guard)
        url = base_url or server_url
        if beside is not None:
            page = beside.page.context.new_page()  # another tab of the same browser profile
            guard.watch_page(page)
        elif not tour:
            tab = tabs.take(
                guard,
                url,
                touch=touch,
                width=width,
                height=height,
                reduced_motion=reduced_motion,
                storage=storage or {},
            )
            taken.append(tab)
            page = tab.open_page()
            if "fast=1" not in query:
                tabs.set_aside(tab)  # its page registers a service worker: no later test's
        else:
            # The walk-through unseen: a context of its own, with nothing in its storage.
            context = browser.new_context(
                viewport={"width": width, "height": height},
                locale="zh-CN",
                reduced_motion=reduced_motion,
                has_touch=touch,
                is_mobile=touch,
            )
            contexts.append(context)
            guard.watch(context)
            page = context.new_page()
            guard.watch_page(page)
        seen.append((page, guard))
        if sounds:
            count_sounds(page)
        table = Table(page, url)
        if load:
            table.open(query)
        return table

    yield opener
    if request.node.stash.get(CALL_FAILED, False):
        _leave_what_was_seen(tmp_path_factory, request.node.nodeid, seen)
    for context in contexts:
        context.close()
    for tab in taken:
        tabs.give_back(tab)
    for guard in guards:
        assert guard.external == [], f"requests to other hosts: {guard.external}"
        assert guard.errors == [], f"script errors: {guard.errors}"


@pytest.fixture
def table(open_table: OpenTable) -> Table:
    """The page at 1280×800, loaded with ``?fast=1``."""
    return open_table()
