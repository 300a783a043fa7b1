"""An update of the app reaches a phone that keeps a Runde for the cellar (static/js/sw.js).

The update is played by the browser itself: the phone is handed a service worker whose
static cache has another name (as after a deploy that changed a file), and one stylesheet
cannot be fetched while it installs (a weak signal). The new worker must then not take
over with half its files: the old one and its files stay, and the kept sheet still shows
with its stylesheets and scripts when the connection is gone.
"""

from __future__ import annotations

import re
from typing import Any

import pytest

from .test_offline import cut, start_kept_evening

pytestmark = pytest.mark.browser

CACHES_JS = "async () => (await caches.keys()).filter((name) => name.startsWith('doko-static'))"
PAPER = "rgb(247, 245, 239)"
"""--paper of static/css/app.css: the page's background once the stylesheet is there."""


def test_an_update_that_cannot_fetch_every_file_leaves_the_phone_as_it_was(
        kept_phone, table_server):
    table = kept_phone(table_server.base)
    sheet = start_kept_evening(table)
    page = table.page
    (before,) = page.evaluate(CACHES_JS)
    context = page.context

    def new_worker(route: Any) -> None:
        # A new version of live.css (its address changes) and so a new cache name.
        answer = route.fetch()
        script = re.sub(r"(/static/css/live\.css\?v=\w+)", r"\g<1>0", answer.text())
        route.fulfill(response=answer, body=script.replace(before, before + "-neu"))

    def weak_signal(route: Any) -> None:
        route.abort("internetdisconnected")

    context.route(re.compile(r"/sw\.js\?neu$"), new_worker)
    context.route(re.compile(r"/static/css/live\.css\?v=\w+0$"), weak_signal)
    # The browser finds the new worker (here: under a new address) and installs it; what
    # becomes of it: "activated", or "redundant" when its install failed.
    outcome = page.evaluate("""async () => {
        const registration = await navigator.serviceWorker.register("/sw.js?neu");
        const worker = registration.installing;
        if (!worker) return "no new worker";
        return await new Promise((done) => {
          const over = () => ["activated", "redundant"].includes(worker.state);
          if (over()) done(worker.state);
          worker.addEventListener("statechange", () => { if (over()) done(worker.state); });
        });
    }""")
    assert outcome == "redundant"
    # The old worker is in charge with all its files (what the failed one began to keep
    # goes with the next update that works).
    assert before in page.evaluate(CACHES_JS)
    assert page.evaluate("navigator.serviceWorker.getRegistration()"
                         ".then((r) => r.active.scriptURL)").endswith("/sw.js")
    context.unroute(re.compile(r"/sw\.js\?neu$"))
    context.unroute(re.compile(r"/static/css/live\.css\?v=\w+0$"))

    # In the cellar: the kept sheet, with its stylesheets and the offline banner (a script).
    cut(table)
    page.goto(sheet)
    page.locator(".offline-banner", has_text="offline – Stand von").wait_for()
    assert page.evaluate("getComputedStyle(document.body).backgroundColor") == PAPER


def test_after_an_update_a_kept_sheet_shows_with_the_files_it_was_drawn_with(
        kept_phone, table_server):
    table = kept_phone(table_server.base)
    sheet = start_kept_evening(table)
    page = table.page
    (before,) = page.evaluate(CACHES_JS)
    context = page.context

    def new_worker(route: Any) -> None:
        answer = route.fetch()
        script = re.sub(r"(/static/css/live\.css\?v=\w+)", r"\g<1>0", answer.text())
        route.fulfill(response=answer, body=script.replace(before, before + "-neu"))

    def new_stylesheet(route: Any) -> None:
        # The new live.css: the old one and a mark, answered as that version for good.
        answer = route.fetch(url=route.request.url[:-1])
        route.fulfill(response=answer, body=answer.text() + "\n:root { --version: neu; }\n",
                      headers={**answer.headers,
                               "cache-control": "public, max-age=31536000, immutable"})

    context.route(re.compile(r"/sw\.js\?neu$"), new_worker)
    context.route(re.compile(r"/static/css/live\.css\?v=\w+0$"), new_stylesheet)
    outcome = page.evaluate("""async () => {
        const registration = await navigator.serviceWorker.register("/sw.js?neu");
        const worker = registration.installing;
        if (!worker) return "no new worker";
        return await new Promise((done) => {
          const over = () => ["activated", "redundant"].includes(worker.state);
          if (over()) done(worker.state);
          worker.addEventListener("statechange", () => { if (over()) done(worker.state); });
        });
    }""")
    assert outcome == "activated"
    assert page.evaluate(CACHES_JS) == [before + "-neu"]

    # In the cellar, the sheet kept before the update: drawn with the old live.css.
    cut(table)
    page.goto(sheet)
    page.locator(".offline-banner", has_text="offline – Stand von").wait_for()
    assert page.evaluate("getComputedStyle(document.body).backgroundColor") == PAPER
    assert page.evaluate("getComputedStyle(document.documentElement)"
                         ".getPropertyValue('--version')").strip() == ""
    # The page registers /sw.js, the worker this test made came as /sw.js?neu: offline,
    # Chromium reports that it could not fetch /sw.js to compare. Only here, so forgiven.
    table.console_errors = [e for e in table.console_errors
                            if not e.endswith("An unknown error occurred when fetching the script.")]
    # A page drawn now asks for the new one and gets it from the phone.
    assert page.evaluate("""async () => {
        const address = [...document.querySelectorAll("link[rel=stylesheet]")]
          .map((link) => link.href).find((href) => href.includes("live.css")) + "0";
        return (await (await fetch(address)).text()).includes("--version: neu");
    }""")
