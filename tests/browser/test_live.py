"""Live: every open sheet follows the table. Phones are browser contexts of one Chromium on
the real server (``doko-zettel serve``: gunicorn with two workers, SQLite)."""

from __future__ import annotations

import re
import time

import pytest

pytestmark = pytest.mark.browser

SEATS = ["Anna", "Ben", "Cem", "Dora"]
LIVE_WITHIN = 2.0
"""Seconds from a save on one phone until another phone shows it (issue 9)."""


def read_link(sheet: str, page) -> str:
    """The read-only address of the same sheet, as the Runde page shows it."""
    runde = sheet.split("/abend/")[0] + "/"
    page.goto(runde)
    links = page.locator(".token-url").all_inner_texts()
    read = next(link for link in links if link.rstrip("/") != runde.rstrip("/"))
    page.goto(sheet)
    return read.rstrip("/") + "/abend/" + sheet.split("/abend/")[1]


def saved(phone, number: int) -> float:
    """Tap Speichern; the moment the server answered (the game is stored)."""
    # (The answer to the form, not to a live preview the last tap may still have asked.)
    with phone.page.expect_response(lambda r: r.request.method == "POST"
                                    and r.url.endswith("/spiel/neu")) as answer:
        phone.tap(phone.page.get_by_role("button", name="Speichern"))
    answered = time.monotonic()
    assert answer.value.status == 302
    phone.page.wait_for_url(re.compile(r"/abend/\d+/$"))
    return answered


def seen_within(page, selector: str, since: float, seconds: float = LIVE_WITHIN) -> float:
    left = max(0.0, seconds - (time.monotonic() - since))
    page.locator(selector).wait_for(state="attached", timeout=left * 1000)
    return time.monotonic() - since


def test_a_game_saved_on_one_phone_shows_on_the_others_within_two_seconds(phone, table_server):
    table = phone(360, 740, name="eintragen", base=table_server.base, checks=False)
    table.set_up_evening(SEATS)
    sheet = table.page.url
    table.send_games([{"re": ["Anna", "Cem"], "re_eyes": 151},
                      {"re": ["Ben", "Dora"], "re_eyes": 130}])

    watcher = phone(360, 740, name="zuschauer", base=table_server.base, checks=False)
    watcher.page.goto(sheet)
    reader = phone(360, 740, name="nur-lesen", base=table_server.base, checks=False)
    reader.page.goto(read_link(sheet, reader.page))
    # The watcher reads game 1's breakdown, scrolled to it; nothing may take that away.
    watcher.page.locator("#spiel-1 > summary").click()
    watcher.page.locator("#spiel-1 .breakdown").wait_for()
    watcher.page.evaluate("window.__sameDocument = true")
    watcher.page.locator("#spiel-1").scroll_into_view_if_needed()
    watcher.page.evaluate("window.scrollBy(0, 120)")
    top_before = watcher.page.locator("#spiel-1").evaluate("el => el.getBoundingClientRect().top")

    for number, game in [(3, {"re": ["Anna", "Dora"], "re_eyes": 200,
                              "announced": {"re": "keine_90"}}),
                         (4, {"kind": "solo", "solo": "damen", "re": ["Cem"], "re_eyes": 130})]:
        table.tap_to(table.page.get_by_role("link", name=f"Spiel {number} eintragen"), f"{number}")
        table.fill_game(game)
        since = saved(table, number)
        for other in (watcher, reader):
            took = seen_within(other.page, f"#spiel-{number}", since)
            print(f"game {number} seen after {took:.2f} s")

    expected = table.totals()
    for other in (watcher, reader):
        other.page.wait_for_function("n => document.querySelectorAll('details.game').length === n",
                                     arg=4)
        assert other.totals() == expected
        status = other.page.locator("#abend-live").inner_text()
        assert re.search(r"Geber\s+(\w+)", status).group(1) == re.search(
            r"Geber\s+(\w+)", table.page.locator("#abend-live").inner_text()).group(1)
    assert watcher.page.evaluate("window.__sameDocument === true"), "the watcher reloaded"
    assert watcher.page.locator("#spiel-1").evaluate("el => el.open")
    top_after = watcher.page.locator("#spiel-1").evaluate("el => el.getBoundingClientRect().top")
    assert abs(top_after - top_before) <= 2, (top_before, top_after)
    # Its breakdown is there, fetched again for the new sheet.
    assert "gewonnen +1" in watcher.page.locator("#spiel-1 .breakdown").inner_text()

    # A deletion and the settlement show as well.
    table.page.goto(sheet + f"spiel/{game_id(table, 1)}/loeschen")
    with table.page.expect_response(lambda r: r.request.method == "POST"):
        table.tap(table.page.get_by_role("button", name=re.compile("löschen")))
    since = time.monotonic()
    watcher.page.wait_for_function("n => document.querySelectorAll('details.game').length === n",
                                   arg=3, timeout=LIVE_WITHIN * 1000)
    assert time.monotonic() - since <= LIVE_WITHIN
    table.page.wait_for_load_state("load")
    assert watcher.totals() == table.totals()
    assert watcher.page.locator(".money").inner_text() == table.page.locator(".money").inner_text()


def game_id(table, number: int) -> str:
    href = table.page.locator(f"#spiel-{number} a", has_text="ändern").get_attribute("href")
    return re.search(r"spiel/(\d+)/", href).group(1)


def test_the_entry_form_says_when_its_game_was_entered_on_another_phone(phone, table_server):
    first = phone(360, 740, name="erstes", base=table_server.base, checks=False)
    first.set_up_evening(SEATS)
    sheet = first.page.url
    first.tap_to(first.page.get_by_role("link", name="Spiel 1 eintragen"), "spiel-1")
    first.fill_game({"re": ["Anna", "Cem"], "re_eyes": 151})

    second = phone(360, 740, name="zweites", base=table_server.base, checks=False)
    second.page.goto(sheet)
    second.enter_game({"re": ["Ben", "Dora"], "re_eyes": 130}, 1)
    since = time.monotonic()

    notice = first.page.get_by_role("alert").filter(has_text="Spiel 1 ist inzwischen eingetragen")
    notice.wait_for(timeout=LIVE_WITHIN * 1000)
    assert time.monotonic() - since <= LIVE_WITHIN
    first.checks = True  # the notice gets every page check: labels, targets, contrast
    first.screenshot("eintragen-mit-hinweis")
    first.check("eintragen-mit-hinweis")
    first.checks = False
    # Speichern alone stores nothing: it brings the notice into view.
    first.tap(first.page.get_by_role("button", name="Speichern", exact=True))
    first.page.wait_for_timeout(300)
    assert first.page.url.endswith("/spiel/neu")
    assert first.page.evaluate("document.activeElement.classList.contains('live-notice')")

    first.tap_to(first.page.get_by_role("button", name="Meins als Spiel 2 speichern"), "gespeichert")
    assert first.page.locator("details.game").count() == 2
    first.tap(first.page.locator("#spiel-2 > summary"))
    first.page.locator("#spiel-2").get_by_text("Re Anna, Cem 151 : 89").wait_for()


def test_a_phone_without_javascript_sees_the_same_sheet(phone, table_server, chromium):
    table = phone(360, 740, name="mit-js", base=table_server.base, checks=False)
    table.set_up_evening(SEATS)
    table.send_games([{"re": ["Anna", "Cem"], "re_eyes": 151}])
    context = chromium.new_context(java_script_enabled=False, locale="de-DE",
                                   viewport={"width": 360, "height": 740})
    try:
        page = context.new_page()
        page.goto(table.page.url)
        page.get_by_role("link", name="Spiel 2 eintragen").click()
        page.get_by_role("group", name=re.compile("^Re:")).locator("label.chip", has_text="Ben").click()
        page.get_by_role("group", name=re.compile("^Re:")).locator("label.chip", has_text="Dora").click()
        page.get_by_label("Augen Re").fill("130")
        page.get_by_role("button", name="Speichern").click()
        page.wait_for_url(re.compile(r"/abend/\d+/$"))
        assert page.locator("details.game").count() == 2
        assert page.locator(".offline-ui").count() == 0
    finally:
        context.close()
