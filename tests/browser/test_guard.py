"""The suite's own guard (support.Guard): every page opened by ``open_table`` fails its test if it
asks another host for anything (docs/behaviours.md P1). Its route sees only URLs whose host is not
loopback, so this checks that it still stops those, names that merely begin like a loopback host
included, and lets loopback through untouched."""

from __future__ import annotations

import pytest
from playwright.sync_api import Browser

from tests.browser.support import Guard

pytestmark = pytest.mark.browser

OTHER_HOSTS = [
    "http://example.invalid/a.png",
    "https://127.0.0.1.example.invalid/b.png",
    "http://localhost.invalid:8000/c.png",
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
        assert guard.external == []
        # A blank page of the same context: the game's CSP would stop these before any request.
        page = context.new_page()
        images = [*OTHER_HOSTS, f"{server_url}/static/img/favicon.svg"]
        page.set_content("".join(f'<img src="{url}">' for url in images))
        page.wait_for_function("() => [...document.images].every(image => image.complete)")
        assert sorted(guard.external) == sorted(OTHER_HOSTS)
        loaded = page.eval_on_selector_all("img", "images => images.map(i => i.naturalWidth > 0)")
        assert loaded == [False, False, False, True]
    finally:
        context.close()
