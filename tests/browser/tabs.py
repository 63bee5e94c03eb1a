"""The worker's browser tabs, kept from test to test and made clean before each one.

A page in a new browser context costs Chromium about 0.65 CPU-seconds before the game shows (a
tab, a renderer, every file fetched and compiled); the same load in a kept tab costs about 0.3.
So each worker keeps a few contexts with one tab each (mouse or touch devices), and before a test
gets one, ``Tabs.take`` makes it as a new one would be:

- the last test's page is left for an empty document of the server's origin (``BLANK``), so what
  it does as it goes (saving the game) is done before
- everything its origins keep is cleared (localStorage, caches, service workers, cookies,
  IndexedDB), and the localStorage the test asks for is written;
- the viewport, the media features and the mouse are set as a new page has them.

Only the HTTP cache stays: the server's files are the same for every test, and they are still
asked for again (the server answers a file it has sent with 304).

A test that changes a tab in a way that cannot be undone (an init script, a route, a clock, its
own listeners or timeouts), or its context (offline, routes, scripts, permissions), is noticed
(``_changes``), and that tab, or its whole context, is closed when the test ends rather than kept.
The suite's guard stays on every kept tab and reports to the test that holds it (``Guard``).
"""

from __future__ import annotations

import contextlib
import functools
from collections.abc import Callable, Iterator
from dataclasses import dataclass, field
from typing import Any, Final
from urllib.parse import urlsplit

from playwright.sync_api import Browser, BrowserContext, CDPSession, Page, Request

from tests.browser.support import SEEN_TOUR, Guard, Motion

BLANK: Final = "/__test_blank"
"""A path the server has nothing at: its 404 is a document of the origin that runs nothing."""

# What a test may call on a tab or a context that no later test should inherit.
PAGE_CHANGES: Final = (
    "add_init_script",
    "add_locator_handler",
    "expose_binding",
    "expose_function",
    "on",
    "once",
    "route",
    "route_from_har",
    "route_web_socket",
    "set_default_navigation_timeout",
    "set_default_timeout",
    "set_extra_http_headers",
)
CONTEXT_CHANGES: Final = (
    *(name for name in PAGE_CHANGES if name != "add_locator_handler"),
    "add_cookies",
    "grant_permissions",
    "set_geolocation",
    "set_offline",
    "close",
)

_kept: set[int] = set()  # ids of the pages and contexts the pool holds
_changes: set[int] = set()  # ... and of those a test changed
_own = [False]  # True while the pool itself calls them
_wrapped: list[bool] = []  # not empty once the methods are wrapped


def _noticing(method: Callable[..., Any]) -> Callable[..., Any]:
    @functools.wraps(method)
    def call(self: object, *args: Any, **kwargs: Any) -> Any:
        if id(self) in _kept and not _own[0]:
            _changes.add(id(self))
        return method(self, *args, **kwargs)

    return call


def _notice_changes() -> None:
    """Wrap the methods that change a page or a context (once per process)."""
    if _wrapped:
        return
    for kind, names in ((Page, PAGE_CHANGES), (BrowserContext, CONTEXT_CHANGES)):
        for name in names:
            setattr(kind, name, _noticing(getattr(kind, name)))
        # A fake clock cannot be taken out again.
        clock: property = vars(kind)["clock"]
        kind.clock = property(_noticing(clock.__get__))  # type: ignore[assignment,method-assign]
    _wrapped.append(True)


@contextlib.contextmanager
def _by_the_pool() -> Iterator[None]:
    _own[0] = True
    try:
        yield
    finally:
        _own[0] = False


@dataclass(eq=False)
class Tab:
    """A kept context with its one tab; ``guard`` is the guard of the test that holds it, and
    ``latency`` the delay of each of its requests in ms (``--latency``)."""

    context: BrowserContext
    touch: bool
    latency: int = 0
    page: Page | None = None
    cdp: CDPSession | None = None
    guard: Guard | None = None
    origins: set[str] = field(default_factory=set)

    def open_page(self) -> Page:
        """The tab, opened again if the last test's was closed, with the guard relay and the
        latency on it."""
        if self.page is None:
            with _by_the_pool():
                page = self.context.new_page()
                page.on("pageerror", self.page_error)
                page.on("console", self.console)
                self.cdp = self.context.new_cdp_session(page)
                if self.latency:
                    self.cdp.send("Network.enable")
                    conditions = {"offline": False, "latency": self.latency}
                    conditions |= {"downloadThroughput": -1, "uploadThroughput": -1}
                    self.cdp.send("Network.emulateNetworkConditions", conditions)
            self.page = page
            _kept.add(id(page))
        return self.page

    def page_error(self, error: Any) -> None:
        if self.guard is not None:
            self.guard.page_error(error)

    def console(self, message: Any) -> None:
        if self.guard is not None:
            self.guard.console(message)

    def failed(self, request: Request) -> None:
        if self.guard is not None:
            self.guard.failed(request)


class Tabs:
    """The kept tabs of one worker's Chromium (see the module's docstring)."""

    def __init__(self, browser: Browser, latency: int = 0) -> None:
        _notice_changes()
        self.browser = browser
        self.latency = latency
        self.free: list[Tab] = []

    def take(
        self,
        guard: Guard,
        url: str,
        *,
        touch: bool,
        width: int,
        height: int,
        reduced_motion: Motion,
        storage: dict[str, str],
    ) -> Tab:
        """A clean tab for a test (see the module's docstring), its guard ``guard``."""
        tab = next((tab for tab in self.free if tab.touch == touch), None)
        if tab is None:
            tab = self._new(touch)
        else:
            self.free.remove(tab)
        page = tab.open_page()
        origin = "{0.scheme}://{0.netloc}".format(urlsplit(url))
        assert tab.cdp is not None
        with _by_the_pool():
            page.goto(origin + BLANK)
            for each in tab.origins | {origin}:
                tab.cdp.send("Storage.clearDataForOrigin", {"origin": each, "storageTypes": "all"})
            page.evaluate(
                """items => {
                  sessionStorage.clear();
                  for (const [key, value] of items) localStorage.setItem(key, value);
                }""",
                list(storage.items()),
            )
            page.set_viewport_size({"width": width, "height": height})
            page.emulate_media(media="screen", color_scheme="light", reduced_motion=reduced_motion)
            page.mouse.move(0, 0)
        tab.origins.add(origin)
        tab.guard = guard
        return tab

    def give_back(self, tab: Tab) -> None:
        """Keep ``tab`` for the next test, unless its test changed it or its context."""
        tab.guard = None
        context_changed = id(tab.context) in _changes
        with _by_the_pool():
            for page in tab.context.pages:
                if page is not tab.page or context_changed or id(page) in _changes:
                    page.close()
        if tab.page is not None and tab.page.is_closed():
            self._forget(tab.page)
            tab.page = tab.cdp = None
        if context_changed:
            self._forget(tab.context)
            with contextlib.suppress(Exception), _by_the_pool():
                tab.context.close()
            return
        self.free.append(tab)

    def set_aside(self, tab: Tab) -> None:
        """Let no later test have ``tab`` or its context."""
        _changes.add(id(tab.context))

    def close(self) -> None:
        for tab in self.free:
            tab.context.close()
        self.free.clear()

    def _new(self, touch: bool) -> Tab:
        with _by_the_pool():
            context = self.browser.new_context(locale="zh-CN", has_touch=touch, is_mobile=touch)
            context.add_init_script(SEEN_TOUR)
        tab = Tab(context, touch, self.latency)
        with _by_the_pool():
            context.on("requestfailed", tab.failed)
        _kept.add(id(context))
        return tab

    @staticmethod
    def _forget(thing: object) -> None:
        _kept.discard(id(thing))
        _changes.discard(id(thing))
