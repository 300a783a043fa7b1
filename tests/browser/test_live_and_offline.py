"""Live sheets and offline entry where a table doubts the app (issue 25, items 1–6): an
opened breakdown that jumps, a waiting game's number offered while the sheet refreshes late,
an offline status that mixes two games, a slow server taken for no server, "Rückgängig" gone
after a reload, and a half-entered game lost on a pull-to-refresh.

The phones talk to ``slow_server``: the real app on 127.0.0.1 behind a test-only middleware
that answers chosen requests late (tests/browser/delays.py), not a mock of our scripts.
"""

from __future__ import annotations

import re
from typing import Any

import pytest

from scorer.core.evening import evening

from .test_offline import (
    FIRST,
    OFFLINE,
    OTHER,
    SYNCED_WITHIN,
    as_typed,
    cut,
    enter_offline,
    kept,
    start_kept_evening,
    stored,
    token_of,
)

pytestmark = pytest.mark.browser

FOUR = ["Anna", "Ben", "Cem", "Dora"]
FIVE = ["Anna", "Ben", "Cem", "Dora", "Emil"]


def top(page: Any, selector: str) -> float:
    return page.locator(selector).evaluate("el => el.getBoundingClientRect().top")


def height(page: Any, selector: str) -> float:
    return page.locator(selector).evaluate("el => el.getBoundingClientRect().height")


def shown_rows(status: Any) -> dict[str, str]:
    """The status list as the table reads it: each visible row's term and description."""
    return {row.locator("dt").inner_text(): row.locator("dd").inner_text()
            for row in status.locator("div:visible").all()}


def count_swaps(page: Any) -> None:
    """From now on the page counts the sheets live.js swapped in (window.__swaps)."""
    page.evaluate("""() => { window.__swaps = 0;
      document.addEventListener('doko:swapped', () => { window.__swaps += 1; }); }""")


# ------------------------------------------------------------------ item 1

def test_an_opened_breakdown_stays_in_place_when_the_status_above_it_grows(phone, slow_server):
    # ddv, six planned games, four Pflichtsoli open: after game 2 only four planned games
    # are left, so the next game is forced (RULES.md §7) and the status panel gains a line.
    table = phone(360, 740, name="eintragen", base=slow_server.base, checks=False)
    table.set_up_evening(FOUR, preset="ddv", planned=6)
    sheet = table.page.url
    table.send_games([{"re": ["Anna", "Cem"], "re_eyes": 151}])

    watcher = phone(360, 740, name="zuschauer", base=slow_server.base, checks=False)
    page = watcher.page
    page.goto(sheet)
    page.locator("#spiel-1 > summary").click()
    page.locator("#spiel-1 .breakdown").wait_for()
    # Reading game 1 in the middle of the screen, the status panel above it.
    page.evaluate("window.scrollBy(0, document.querySelector('#spiel-1')"
                  ".getBoundingClientRect().top - 300)")
    count_swaps(page)
    before, status_before = top(page, "#spiel-1"), height(page, ".status")
    assert 250 < before < 350

    table.send_games([{"re": ["Ben", "Dora"], "re_eyes": 151}])
    page.wait_for_function("() => window.__swaps >= 1", timeout=5000)
    page.locator("#spiel-2").wait_for(state="attached")
    assert "muss eins spielen" in page.locator(".status").inner_text()
    assert height(page, ".status") - status_before >= 15, "the status did not grow"
    assert page.locator("#spiel-1").evaluate("el => el.open")
    assert abs(top(page, "#spiel-1") - before) <= 2, (before, top(page, "#spiel-1"))


# ------------------------------------------------------------------ item 2

def test_a_waiting_games_number_is_not_offered_when_the_sheet_refreshes_late(
        kept_phone, phone, slow_server):
    cellar = kept_phone(slow_server.base)
    sheet = start_kept_evening(cellar)
    cut(cellar)
    enter_offline(cellar, OFFLINE[0], 2, waiting=1)
    enter_offline(cellar, OFFLINE[1], 3, waiting=2)
    upstairs = phone(360, 740, name="oben", base=slow_server.base, checks=False)
    upstairs.page.goto(sheet)
    upstairs.enter_game(OTHER, 2)

    # Back online; the sheet's refresh answers 2 s late, after the conflict is shown.
    slow_server.delay(r"/abend/\d+/$", 2.0, method="GET", header="X-Doko-Live")
    page = cellar.page
    count_swaps(page)
    cellar.page.context.set_offline(False)
    page.get_by_role("alert").filter(has_text="Spiel 2 gibt es schon").wait_for(
        timeout=SYNCED_WITHIN * 1000)
    page.wait_for_function("() => window.__swaps >= 1", timeout=SYNCED_WITHIN * 1000)
    page.wait_for_timeout(500)  # whatever follows the swap is drawn by now
    # Two games on the server, two on this phone (2 and 3, in this order): a new game is 5.
    link = page.locator("a", has_text=re.compile(r"^Spiel \d+ eintragen$"))
    assert link.inner_text() == "Spiel 5 eintragen"
    assert page.locator("[data-next-number]").inner_text() == "5"
    assert [as_typed(f) for _, f in stored(slow_server.database, token_of(sheet))] == [
        FIRST, OTHER]
    # The form it leads to enters game 5, behind the games on this phone, and says so; the
    # sheet's two games are no news to it.
    cellar.tap_to(link, "spiel-5")
    page.get_by_role("heading", name="Spiel 5: nach den Spielen auf diesem Handy").wait_for()
    assert page.locator("h1").inner_text().startswith("Spiel 5")
    page.wait_for_timeout(2500)
    assert not page.locator(".live-notice").is_visible()  # "… hat sich etwas geändert"


# ------------------------------------------------------------------ item 3

def test_the_offline_status_speaks_of_the_game_it_numbers(kept_phone, slow_server):
    table = kept_phone(slow_server.base)
    table.set_up_evening(FIVE)
    sheet = table.page.url
    table.goto(sheet.split("abend/")[0], "runde")
    table.tap_to(table.page.get_by_role("button", name="Auf diesem Gerät merken"), "gemerkt")
    table.goto(sheet, "zettel")
    table.send_games([FIRST])
    kept(table.page, [sheet, sheet + "spiel/neu"])
    cut(table)
    games = [{"re": ["Cem", "Dora"], "re_eyes": 151}, {"re": ["Dora", "Emil"], "re_eyes": 100}]
    for number, game in enumerate(games, start=2):
        enter_offline(table, game, number, waiting=number - 1)
    coming = evening({"rules": "bockrunde", "seats": FIVE, "games": [FIRST, *games]}).next
    status = table.page.locator(".status__list")
    assert status.locator("[data-next-number]").inner_text() == "4"
    rows = shown_rows(status)
    assert rows["Geber"] == coming.dealer
    assert rows["Es spielen"] == ", ".join(coming.players)
    assert rows["Setzt aus"] == next(p for p in FIVE if p not in coming.players)
    table.checks = True
    table.check("offline-status")
    table.checks = False

    # After a solo the dealer may stay (bockrunde: he does): the phone cannot tell who deals
    # game 5, and says so instead of naming the wrong one.
    enter_offline(table, {"kind": "solo", "solo": "damen", "re": ["Emil"], "re_eyes": 130},
                  4, waiting=3)
    status = table.page.locator(".status__list")
    assert status.locator("[data-next-number]").inner_text() == "5"
    rows = shown_rows(status)
    assert "sobald die wartenden Spiele gesendet sind" in rows["Geber"]
    assert coming.dealer not in rows["Geber"] and "Es spielen" not in rows


# ------------------------------------------------------------------ item 4

def test_a_slow_server_is_slow_not_gone_and_a_save_waits_for_its_answer(
        kept_phone, slow_server):
    table = kept_phone(slow_server.base)
    sheet = start_kept_evening(table)
    page = table.page
    table.tap_to(page.get_by_role("link", name="Spiel 2 eintragen"), "spiel-2")
    re_top = top(page, "[data-re]")
    # Every check of the sheet's state answers after 6 s (the scripts give up on it at 5 s).
    slow_server.delay(r"/stand$", 6.0)
    table.fill_game(OFFLINE[0])
    page.get_by_text(re.compile("langsam", re.IGNORECASE)).first.wait_for(timeout=10_000)
    page.wait_for_timeout(3000)  # the slow answer came, and the next check is slow again
    assert page.get_by_text("Ohne Verbindung").count() == 0
    assert "offline" not in page.locator("main").inner_text()
    assert abs(top(page, "[data-re]") - re_top) <= 2, "the form was pushed down"
    # Saving takes 3 s at the server: the phone waits for its answer, keeps nothing.
    slow_server.delay(r"/spiel/neu$", 3.0, method="POST")
    with page.expect_navigation(timeout=20_000):
        table.tap(page.get_by_role("button", name="Speichern"))
    page.locator("#spiel-2").wait_for()
    assert page.locator(".waiting").is_hidden()
    assert page.evaluate("async () => (await window.DokoStore.waiting("
                         "document.body.dataset.evening)).length") == 0
    assert [as_typed(f) for _, f in stored(slow_server.database, token_of(sheet))] == [
        FIRST, OFFLINE[0]]


def test_a_slow_server_moves_nothing_on_a_sheet_being_read(phone, slow_server):
    table = phone(360, 740, base=slow_server.base)
    table.set_up_evening(FOUR)
    table.send_games([{"re": ["Anna", "Cem"], "re_eyes": 151}])
    page = table.page
    page.locator("#spiel-1 > summary").click()
    page.locator("#spiel-1 .breakdown").wait_for()
    before = top(page, "#spiel-1")
    slow_server.delay(r"/stand$", 6.0)
    note = page.get_by_role("status").filter(has_text="Langsame Verbindung")
    note.wait_for(timeout=10_000)
    table.check("zettel-langsam")
    assert abs(top(page, "#spiel-1") - before) <= 1
    assert page.locator(".offline-banner").is_hidden()
    slow_server.clear()
    note.wait_for(state="detached", timeout=10_000)


def test_a_save_kept_on_the_phone_after_a_long_wait_says_it_may_be_stored(
        kept_phone, slow_server):
    # The server stores the game and answers after the phone stopped waiting: the phone
    # keeps the game, and says that the server may have it already (it never stores twice).
    table = kept_phone(slow_server.base)
    sheet = start_kept_evening(table)
    page = table.page
    table.tap_to(page.get_by_role("link", name="Spiel 2 eintragen"), "spiel-2")
    table.fill_game(OFFLINE[0])
    slow_server.delay(r"/spiel/neu$", 14.0, method="POST", when="after")
    # (Sending it again answers late too, so the page can be read before the answer.)
    slow_server.delay(r"/nachtragen$", 4.0, method="POST")
    table.offline_on_purpose = True  # the page given up on is logged as failed
    with page.expect_navigation(timeout=20_000):
        table.tap(page.get_by_role("button", name="Speichern"))
    waiting = page.locator(".waiting")
    waiting.wait_for()
    assert re.search(r"Spiel 2 .*gesendet", waiting.inner_text()), waiting.inner_text()
    assert "nicht doppelt" in waiting.inner_text()
    slow_server.clear()
    page.locator("#spiel-2").wait_for(timeout=SYNCED_WITHIN * 1000 + 14_000)
    waiting.wait_for(state="hidden", timeout=SYNCED_WITHIN * 1000)
    assert [as_typed(f) for _, f in stored(slow_server.database, token_of(sheet))] == [
        FIRST, OFFLINE[0]]


# ------------------------------------------------------------------ item 5

def test_rueckgaengig_survives_a_reload_and_is_on_every_edit_link_phone(phone, slow_server):
    table = phone(360, 740, name="eintragen", base=slow_server.base)
    table.set_up_evening(FOUR)
    sheet = table.page.url
    other = phone(360, 740, name="zweites", base=slow_server.base, checks=False)
    other.page.goto(sheet)
    table.enter_game({"re": ["Anna", "Cem"], "re_eyes": 151}, 1)
    undo = table.page.locator("form.undo")
    assert "Spiel 1 gespeichert." in undo.inner_text()
    table.page.reload()
    table.arrived("neu-geladen")
    assert "Spiel 1 gespeichert." in undo.inner_text()
    # The other phone got it live, and takes it back.
    other.page.locator("form.undo").get_by_text("Spiel 1 gespeichert.").wait_for(timeout=5000)
    other.tap_to(other.page.locator("form.undo").get_by_role("button", name="Rückgängig"),
                 "rueckgaengig")
    assert other.page.locator("details.game").count() == 0
    table.page.wait_for_function("() => !document.querySelector('details.game')", timeout=5000)


# ------------------------------------------------------------------ item 6

def test_a_half_entered_game_survives_a_reload_until_it_is_saved_or_discarded(
        phone, slow_server):
    table = phone(360, 740, base=slow_server.base)
    table.set_up_evening(FOUR)
    page = table.page
    table.tap_to(page.get_by_role("link", name="Spiel 1 eintragen"), "spiel-1")
    game = {"re": ["Anna", "Cem"], "re_eyes": 151, "announced": {"re": "ansage"},
            "extras": {"kontra": {"fuchs_gefangen": 1}}}
    table.fill_game(game)
    page.reload()  # a pull-to-refresh
    table.arrived("neu-geladen")
    re_group = table.group(re.compile(r"^Re:"))
    page.wait_for_function("() => document.querySelector('#re_eyes').value === '151'")
    assert [b.evaluate("el => el.labels[0].innerText.trim()")
            for b in re_group.get_by_role("checkbox").all() if b.is_checked()] == ["Anna", "Cem"]
    assert table.chip(table.group("Ansagen Re"), "Re").locator("input").is_checked()
    assert page.locator("#extras_kontra_fuchs_gefangen").input_value() == "1"
    notice = page.get_by_role("status").filter(has_text="Entwurf")
    assert notice.is_visible()
    table.check("entwurf")
    table.save(1)
    expected = evening({"rules": "bockrunde", "seats": FOUR, "games": [game]})
    assert table.totals() == expected.totals

    # The next game's form starts empty; a draft of it goes with "Abbrechen".
    table.tap_to(page.get_by_role("link", name="Spiel 2 eintragen"), "spiel-2")
    assert page.locator("[data-re] input:checked").count() == 0
    assert page.get_by_label("Augen Re").input_value() == ""
    table.type_into(page.get_by_label("Augen Re"), "99")
    page.go_back()  # to the sheet, not discarded: the draft waits
    table.arrived("zurueck")
    table.tap_to(page.get_by_role("link", name="Spiel 2 eintragen"), "spiel-2-wieder")
    page.wait_for_function("() => document.querySelector('#re_eyes').value === '99'")
    table.tap_to(page.get_by_role("link", name="Abbrechen, zurück zum Zettel"), "abgebrochen")
    table.tap_to(page.get_by_role("link", name="Spiel 2 eintragen"), "spiel-2-leer")
    page.wait_for_timeout(300)
    assert page.get_by_label("Augen Re").input_value() == ""


# ------------------------------------------------------------------ item 15 (offline list)

def test_the_offline_waiting_list_names_everything_entered(phone, slow_server):
    table = phone(360, 740, name="ohne-service-worker", base=slow_server.base, checks=False,
                  service_workers="block")
    table.set_up_evening(FOUR)
    table.tap_to(table.page.get_by_role("link", name="Spiel 1 eintragen"), "spiel-1")
    cut(table)
    page = table.page
    page.get_by_role("heading", name="Ohne Verbindung: Spiel 1").wait_for()
    table.fill_game({"re": ["Anna", "Cem"], "re_eyes": 151, "announced": {"re": "keine_90"},
                     "extras": {"re": {"doppelkopf": 1}, "kontra": {"fuchs_gefangen": 1}}})
    table.tap(page.get_by_role("button", name="Speichern"))
    page.get_by_text("Spiel 1 wartet auf dem Handy.").wait_for()
    assert page.locator(".waiting__list li").all_inner_texts() == [
        "Spiel 1: Normalspiel · Re Anna, Cem · 151 Augen · Re: keine 90 · Doppelkopf (Re) 1 · "
        "Fuchs gefangen (Kontra) 1"]
    page.context.set_offline(False)
    page.locator(".waiting").wait_for(state="hidden", timeout=SYNCED_WITHIN * 1000)
    (_, facts), = stored(slow_server.database, token_of(page.url))
    assert as_typed(facts) == {"re": ["Anna", "Cem"], "re_eyes": 151,
                               "announced": {"re": "keine_90"}}
