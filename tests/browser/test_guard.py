"""The suite's own guard (support.Guard): every page opened by ``open_table`` fails its test if it
asks another host for anything (docs/behaviours.md P1). The session's Chromium sends every such
request to a port that refuses it, and the guard records it from the failure; this checks that
other hosts are stopped and recorded, an address and names that merely begin like a loopback
host included, and that loopback is let through and never recorded."""

from __future__ import annotations

import pytest
from playwright.sync_api import Browser

from tests.browser.support import Guard, wait_for_events

pytestmark = pytest.mark.browser

OTHER_HOSTS = [
    "http://example.invalid/a.png",
    "https://127.0.0.1.example.invalid/b.png",
    "http://localhost.invalid:8000/c.png",
    "http://192.0.2.1/d.png",  # an address, no name to look up
]


def test_the_guard_stops_other_hosts_and_lets_loopback_through(
    browser: Browser, server_url: str
) -> None:
    guard = Guard()
    context = browser.new_context()
    try:
        guard.watch(context)
        page = context.new_page()
        page.goto(f"{server_url}/?fast=1")
        page.wait_for_function("window.yahtzeeReady === true")
        # A blank page of the same context: the game's CSP would stop these before any request.
        page = context.new_page()
        images = [*OTHER_HOSTS, f"{server_url}/static/img/favicon.svg"]
        page.set_content("".join(f'<img src="{url}">' for url in images))
        page.wait_for_function("() => [...document.images].every(image => image.complete)")
        loaded = page.eval_on_selector_all("img", "images => images.map(i => i.naturalWidth > 0)")
        assert loaded == [False] * len(OTHER_HOSTS) + [True]

        # The failures are events: they may reach this process a moment after the page saw them.
        def all_stopped() -> bool:
            return len(guard.external) >= len(OTHER_HOSTS)

        wait_for_events(page, all_stopped, "not every request to another host was stopped", 5)
        assert sorted(guard.external) == sorted(OTHER_HOSTS)
    finally:
        context.close()
