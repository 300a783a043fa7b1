"""An update of the app reaches a phone that keeps a Runde for the cellar (static/js/sw.js).

The update is played in the browser: the phone is handed a service worker (registered as
/sw.js?neu) whose live.css has a new version, so a new address and a new cache name, as
after a deploy that changed that file. Either the new live.css cannot be fetched while the
worker installs (a weak signal): then the new worker must not take over with half its files;
or it can: then the sheet kept before the update must still show offline with the files it
was drawn with.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from typing import Any

import pytest

from .test_offline import cut, start_kept_evening

pytestmark = pytest.mark.browser

CACHES_JS = "async () => (await caches.keys()).filter((name) => name.startsWith('doko-static'))"
PAPER = "rgb(247, 245, 239)"
"""--paper of static/css/app.css: the page's background once the stylesheet is there."""
NEW_WORKER = re.compile(r"/sw\.js\?neu$")
NEW_LIVE_CSS = re.compile(r"/static/css/live\.css\?v=\w+0$")
"""The new version's address: the current one with a 0 added."""

INSTALL_JS = """async () => {
    const registration = await navigator.serviceWorker.register("/sw.js?neu");
    const worker = registration.installing;
    if (!worker) return "no new worker";
    return await new Promise((done) => {
      const over = () => ["activated", "redundant"].includes(worker.state);
      if (over()) done(worker.state);
      worker.addEventListener("statechange", () => { if (over()) done(worker.state); });
    });
}"""
"""Install the new worker; what becomes of it: "activated", or "redundant" (install failed)."""


def update(page: Any, old_cache: str, new_live_css: Callable[[Any], None]) -> str:
    """The update described above; ``new_live_css`` answers the new live.css."""
    context = page.context

    def new_worker(route: Any) -> None:
        answer = route.fetch()
        script = re.sub(r"(/static/css/live\.css\?v=\w+)", r"\g<1>0", answer.text())
        route.fulfill(response=answer, body=script.replace(old_cache, old_cache + "-neu"))

    context.route(NEW_WORKER, new_worker)
    context.route(NEW_LIVE_CSS, new_live_css)
    try:
        outcome: str = page.evaluate(INSTALL_JS)
    finally:
        context.unroute(NEW_WORKER)
        context.unroute(NEW_LIVE_CSS)
    return outcome


def offline_on_the_kept_sheet(table: Any, sheet: str) -> None:
    """In the cellar, the sheet kept before the update: its stylesheets (the page's
    colour) and its scripts (the offline banner) are there."""
    cut(table)
    table.page.goto(sheet)
    table.page.locator(".offline-banner", has_text="offline – Stand von").wait_for()
    assert table.page.evaluate("getComputedStyle(document.body).backgroundColor") == PAPER
    # The page registers /sw.js, the update came as /sw.js?neu: offline, Chromium reports
    # that it could not fetch /sw.js to compare the two. Only these tests do that.
    table.console_errors = [e for e in table.console_errors if not e.endswith(
        "An unknown error occurred when fetching the script.")]


def test_an_update_that_cannot_fetch_every_file_leaves_the_phone_as_it_was(
        kept_phone, table_server):
    table = kept_phone(table_server.base)
    sheet = start_kept_evening(table)
    (old_cache,) = table.page.evaluate(CACHES_JS)

    outcome = update(table.page, old_cache,
                     lambda route: route.abort("internetdisconnected"))

    assert outcome == "redundant"
    # The old worker is in charge with all its files (what the failed one began to keep
    # goes with the next update that works).
    assert old_cache in table.page.evaluate(CACHES_JS)
    assert table.page.evaluate("navigator.serviceWorker.getRegistration()"
                               ".then((r) => r.active.scriptURL)").endswith("/sw.js")
    offline_on_the_kept_sheet(table, sheet)


def test_after_an_update_a_kept_sheet_shows_with_the_files_it_was_drawn_with(
        kept_phone, table_server):
    table = kept_phone(table_server.base)
    sheet = start_kept_evening(table)
    (old_cache,) = table.page.evaluate(CACHES_JS)

    def new_live_css(route: Any) -> None:
        # The old live.css and a mark, answered as that version for good.
        answer = route.fetch(url=route.request.url[:-1])
        route.fulfill(response=answer, body=answer.text() + "\n:root { --version: neu; }\n",
                      headers={**answer.headers,
                               "cache-control": "public, max-age=31536000, immutable"})

    assert update(table.page, old_cache, new_live_css) == "activated"
    assert table.page.evaluate(CACHES_JS) == [old_cache + "-neu"]

    offline_on_the_kept_sheet(table, sheet)
    page = table.page
    assert page.evaluate("getComputedStyle(document.documentElement)"
                         ".getPropertyValue('--version')").strip() == ""
    # A page drawn now asks for the new version, and the phone has it.
    assert page.evaluate("""async () => {
        const address = [...document.querySelectorAll("link[rel=stylesheet]")]
          .map((link) => link.href).find((href) => href.includes("live.css")) + "0";
        return (await (await fetch(address)).text()).includes("--version: neu");
    }""")
