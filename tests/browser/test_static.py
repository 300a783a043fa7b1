"""A phone that has been here before loads a page with one request: the stylesheets and
scripts come from the browser's cache or the service worker's, never again from the
server (scorer/web/server/assets.py, static/js/sw.js)."""

from __future__ import annotations

import re

import pytest

from .conftest import server_log

pytestmark = pytest.mark.browser


def asked_since(mark: int) -> list[str]:
    """The paths the server logged a GET for after ``mark`` bytes of its log (a 304 line is
    coloured, so the path is picked out of it)."""
    with server_log().open(encoding="utf-8") as log:
        log.seek(mark)
        return re.findall(r"GET (\S+) HTTP/", log.read())


@pytest.mark.parametrize("service_workers", ["block", "allow"])
def test_the_second_page_asks_the_server_for_no_stylesheet_or_script(phone, service_workers):
    table = phone(360, 740, service_workers=service_workers)
    table.goto("/", "start")
    if service_workers == "allow":  # installed, its files kept, and in charge of the page
        table.page.evaluate("navigator.serviceWorker.ready.then(() => true)")
        table.goto("/", "start-mit-service-worker")
        assert table.page.evaluate("!!navigator.serviceWorker.controller")
    mark = server_log().stat().st_size
    table.goto("/offline", "ohne-verbindung")
    asked = asked_since(mark)
    # The server writes a request's line before it answers: all of them are there by now.
    assert "/offline" in asked
    # (The tab's icon is left out: Chromium's favicon service fetches it on its own terms.)
    assert not [path for path in asked if path.startswith(("/static/css/", "/static/js/"))], asked
