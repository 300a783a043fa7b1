"""Entry that survives a dead connection: a phone that is offline keeps its last sheet,
keeps new games on the phone through a restart, and sends them once it is back — each once,
none silently at another number. Phones keep their browser profile on disk (``kept_phone``)
and talk to the real server (``doko-zettel serve`` on 127.0.0.1, where service workers run).
"""

from __future__ import annotations

import json
import re
import sqlite3
import time
from pathlib import Path
from typing import Any

import pytest

from scorer.core.evening import evening

from .conftest import ARTIFACTS

pytestmark = pytest.mark.browser

SEATS = ["Anna", "Ben", "Cem", "Dora"]
FIRST = {"re": ["Ben", "Cem"], "re_eyes": 140}
OFFLINE = [
    {"re": ["Anna", "Cem"], "re_eyes": 151},
    {"re": ["Ben", "Dora"], "re_eyes": 130, "announced": {"re": "ansage"}},
    {"kind": "solo", "solo": "damen", "re": ["Cem"], "re_eyes": 121},
]
"""Typed into the cellar phone without a connection, in this order."""
SYNCED_WITHIN = 15.0
"""Seconds for a phone back online to notice, send and show (checks every 2.5 s offline)."""


def kept(page: Any, urls: list[str], seconds: float = 10) -> None:
    """Wait until the service worker controls the page and has kept these pages."""
    deadline = time.monotonic() + seconds
    script = """async (urls) => {
      if (!navigator.serviceWorker || !navigator.serviceWorker.controller) return false;
      for (const url of urls) {
        if (!(await caches.match(url, {ignoreVary: true}))) return false;
      }
      return true;
    }"""
    while not page.evaluate(script, urls):
        assert time.monotonic() < deadline, f"the phone did not keep {urls}"
        page.wait_for_timeout(200)


def cut(phone: Any) -> None:
    phone.offline_on_purpose = True
    phone.page.context.set_offline(True)
    phone.page.locator(".offline-banner", has_text="offline – Stand von").wait_for()


def enter_offline(phone: Any, game: dict[str, Any], number: int, waiting: int,
                  check: bool = False) -> None:
    """From the kept sheet: the kept form, the game typed, Speichern, the kept sheet again
    listing ``waiting`` games. ``check``: the offline form gets every page check."""
    page = phone.page
    phone.tap_to(page.get_by_role("link", name=f"Spiel {number} eintragen"), f"offline-{number}")
    page.get_by_role("heading", name=f"Ohne Verbindung: Spiel {number}").wait_for()
    assert "Offline" in page.locator("#preview").inner_text()  # no stale points
    if check:
        phone.checks = True
        phone.check(f"offline-{number}-geprueft")
        phone.checks = False
    phone.fill_game(game)
    phone.tap_to(page.get_by_role("button", name="Speichern"), f"wartet-{number}")
    title = f"{waiting} Spiel{'e' if waiting > 1 else ''} warte{'n' if waiting > 1 else 't'} auf Verbindung"
    page.get_by_role("heading", name=title).wait_for()


def stored(database: Path, token: str) -> list[tuple[str, dict[str, Any]]]:
    """The live games of the Runde with this edit token: (entry key, facts with names)."""
    with sqlite3.connect(database) as connection:
        names = dict(connection.execute(
            "SELECT p.id, p.name FROM players p JOIN groups g ON g.id = p.group_id "
            "WHERE g.edit_token = ?", (token,)).fetchall())
        rows = connection.execute(
            "SELECT games.entry_key, games.facts FROM games JOIN evenings e ON e.id = "
            "games.evening_id JOIN groups g ON g.id = e.group_id WHERE g.edit_token = ? AND "
            "games.deleted_at IS NULL ORDER BY games.position", (token,)).fetchall()
    out = []
    for key, raw in rows:
        facts = json.loads(raw)
        facts["re"] = [names[i] for i in facts.get("re", [])]
        out.append((key, facts))
    return out


def as_typed(facts: dict[str, Any]) -> dict[str, Any]:
    return {k: v for k, v in facts.items() if k in ("kind", "solo", "re", "re_eyes", "announced")
            and not (k == "kind" and v == "normal")}


def token_of(url: str) -> str:
    return re.search(r"/r/([^/]+)/", url).group(1)


def start_kept_evening(phone: Any) -> str:
    """A new evening on a phone that remembers its Runde ("Auf diesem Gerät merken": only
    then does it keep pages for offline use), game 1 entered (sent through the form), the
    sheet and the form kept. Returns the sheet's address."""
    phone.set_up_evening(SEATS)
    sheet = phone.page.url
    phone.goto(sheet.split("abend/")[0], "runde")
    phone.tap_to(phone.page.get_by_role("button", name="Auf diesem Gerät merken"), "gemerkt")
    phone.goto(sheet, "zettel")
    phone.send_games([FIRST])
    kept(phone.page, [sheet, sheet + "spiel/neu"])
    return sheet


def test_three_games_entered_offline_wait_through_a_restart_and_are_stored_once_each(
        kept_phone, table_server):
    table = kept_phone(table_server.base)
    sheet = start_kept_evening(table)

    cut(table)
    for number, game in enumerate(OFFLINE, start=2):
        enter_offline(table, game, number, waiting=number - 1, check=number == 2)
    assert len(stored(table_server.database, token_of(sheet))) == 1
    # The sheet's next game counts the waiting ones, in the status and on the button alike.
    assert table.page.locator("[data-next-number]").inner_text() == "5"
    table.page.get_by_role("link", name="Spiel 5 eintragen").wait_for()
    table.checks = True  # the banner and the waiting games get every page check
    table.check("offline-drei-warten")
    table.checks = False
    readme_screenshot(table)

    # The browser is closed and opened again, still in the cellar.
    table.page.context.close()
    again = kept_phone(table_server.base, offline=True)
    again.page.goto(sheet)
    again.page.get_by_role("heading", name="3 Spiele warten auf Verbindung").wait_for()
    assert "offline – Stand von" in again.page.locator(".offline-banner").inner_text()
    waiting = again.page.locator(".waiting__list li").all_inner_texts()
    assert [w.split(":")[0] for w in waiting] == ["Spiel 2", "Spiel 3", "Spiel 4"]

    # Upstairs again: no tap, and the sheet shows them.
    again.page.context.set_offline(False)
    again.page.locator("#spiel-4").wait_for(timeout=SYNCED_WITHIN * 1000)
    again.page.locator(".waiting").wait_for(state="hidden")
    games = stored(table_server.database, token_of(sheet))
    assert [as_typed(f) for _, f in games] == [FIRST, *OFFLINE]
    assert len({key for key, _ in games}) == 4
    expected = evening({"rules": "bockrunde", "seats": SEATS, "first_dealer": "Anna",
                        "games": [FIRST, *OFFLINE]})
    again.page.wait_for_function("() => !document.querySelector('.offline-banner:not([hidden])')")
    assert again.totals() == expected.totals


def readme_screenshot(phone: Any) -> None:
    """The README's picture of a phone in the cellar: offline, three games waiting."""
    folder = ARTIFACTS / "readme"
    folder.mkdir(parents=True, exist_ok=True)
    phone.page.evaluate("window.scrollTo(0, 0)")
    phone.page.screenshot(path=folder / "offline-360.png")


OTHER = {"re": ["Ben", "Dora"], "re_eyes": 130}
"""Game 2 as the phone upstairs typed it meanwhile."""


@pytest.mark.parametrize("decision", ["Meins als nächstes Spiel speichern", "Meins verwerfen"])
def test_two_phones_enter_game_two_while_one_is_offline_and_the_table_decides(
        kept_phone, phone, table_server, decision):
    cellar = kept_phone(table_server.base)
    sheet = start_kept_evening(cellar)
    cut(cellar)
    enter_offline(cellar, OFFLINE[0], 2, waiting=1)
    enter_offline(cellar, OFFLINE[1], 3, waiting=2)

    upstairs = phone(360, 740, name="oben", base=table_server.base, checks=False)
    upstairs.page.goto(sheet)
    upstairs.enter_game(OTHER, 2)

    cellar.page.context.set_offline(False)
    conflict = cellar.page.get_by_role("alert").filter(has_text="Spiel 2 gibt es schon")
    conflict.wait_for(timeout=SYNCED_WITHIN * 1000)
    text = conflict.inner_text()
    assert re.search(r"Auf dem Zettel:.*Re Ben, Dora · 130 Augen", text), text
    assert re.search(r"Auf diesem Handy:.*Re Anna, Cem · 151 Augen", text), text
    assert "1 Spiel dahinter wartet" in text
    cellar.checks = True
    cellar.check("konflikt")
    cellar.screenshot("konflikt")
    # Nothing was stored silently: the sheet holds game 1 and the other phone's game 2.
    token = token_of(sheet)
    assert [as_typed(f) for _, f in stored(table_server.database, token)] == [FIRST, OTHER]

    cellar.tap(cellar.page.get_by_role("button", name=decision))
    if decision == "Meins verwerfen":
        # The game behind it was game 3 on this phone, and game 3 it is.
        expected = [FIRST, OTHER, OFFLINE[1]]
    else:
        expected = [FIRST, OTHER, OFFLINE[0], OFFLINE[1]]
    cellar.page.locator(f"#spiel-{len(expected)}").wait_for(timeout=SYNCED_WITHIN * 1000)
    cellar.page.locator(".waiting").wait_for(state="hidden")
    assert [as_typed(f) for _, f in stored(table_server.database, token)] == expected
    assert cellar.page.locator("details.game").count() == len(expected)


def test_a_save_whose_answer_never_arrives_is_kept_and_stored_once(kept_phone, table_server):
    table = kept_phone(table_server.base)
    sheet = start_kept_evening(table)
    table.offline_on_purpose = True
    lost: list[int] = []

    def lose_the_answer(route: Any) -> None:
        if route.request.method != "POST":
            route.continue_()
            return
        answer = route.fetch(max_redirects=0)  # the server stores the game …
        lost.append(answer.status)
        route.abort("connectionreset")         # … and the phone never hears of it

    context = table.page.context

    def sent_again(response: Any) -> bool:
        return response.url.endswith("/nachtragen") and response.request.method == "POST"

    resent: list[Any] = []
    context.on("response", lambda r: resent.append(r) if sent_again(r) else None)
    context.route(re.compile(r".*/spiel/neu$"), lose_the_answer)
    table.tap_to(table.page.get_by_role("link", name="Spiel 2 eintragen"), "spiel-2")
    table.fill_game(OFFLINE[0])
    # The page shows game 2 at once (the server has it): wait for the phone's own sending.
    with context.expect_event("response", sent_again, timeout=SYNCED_WITHIN * 1000) as answer:
        table.tap_to(table.page.get_by_role("button", name="Speichern"), "antwort-verloren")
    context.unroute(re.compile(r".*/spiel/neu$"))
    assert lost == [302]

    table.page.locator("#spiel-2").wait_for(timeout=SYNCED_WITHIN * 1000)
    table.page.locator(".waiting").wait_for(state="hidden", timeout=SYNCED_WITHIN * 1000)
    games = stored(table_server.database, token_of(sheet))
    assert [as_typed(f) for _, f in games] == [FIRST, OFFLINE[0]]
    # The phone kept the game and sent it again, once; the server knew it by its entry key.
    assert answer.value.json() == {"result": "already", "number": 2}
    assert len(resent) == 1


def test_a_save_the_server_answers_503_is_kept_on_the_phone_and_sent_later(
        kept_phone, table_server):
    """Issue 36: while the database is unreachable the server answers 503 (Retry-After): the
    game must wait on the phone as it does when the server is unreachable, not end on an
    error page. The server's answer is replaced in the browser; the server itself is real."""
    table = kept_phone(table_server.base)
    sheet = start_kept_evening(table)
    table.offline_on_purpose = True
    context = table.page.context
    unavailable: list[str] = []

    def database_down(route: Any) -> None:
        if route.request.method != "POST" and not route.request.url.endswith("/stand"):
            route.continue_()
            return
        unavailable.append(route.request.url)
        route.fulfill(status=503, headers={"Retry-After": "30"},
                      content_type="text/html; charset=utf-8",
                      body="<h1>Gerade nicht erreichbar</h1>")

    outage = re.compile(r".*/(spiel/neu|nachtragen|stand)$")
    # The outage's 503s are in the console, as they would be: expected here.
    table.expected_errors.append(re.compile(r"status of 503 \(Service Unavailable\)"))
    context.route(outage, database_down)
    table.tap_to(table.page.get_by_role("link", name="Spiel 2 eintragen"), "spiel-2")
    table.fill_game(OFFLINE[0])
    table.tap_to(table.page.get_by_role("button", name="Speichern"), "503")
    table.page.get_by_role("heading", name="1 Spiel wartet auf Verbindung").wait_for()
    assert any(u.endswith("/spiel/neu") for u in unavailable)
    assert "Gerade nicht erreichbar" not in table.page.content()
    assert [as_typed(f) for _, f in stored(table_server.database, token_of(sheet))] == [FIRST]
    context.unroute(outage)
    table.page.locator(".waiting").wait_for(state="hidden", timeout=SYNCED_WITHIN * 1000)
    games = stored(table_server.database, token_of(sheet))
    assert [as_typed(f) for _, f in games] == [FIRST, OFFLINE[0]]


def test_without_a_service_worker_an_open_entry_form_keeps_games_until_the_connection_is_back(
        phone, table_server):
    # Plain http in the WLAN: browsers run no service worker there. What is open still works.
    table = phone(360, 740, name="ohne-service-worker", base=table_server.base, checks=False,
                  service_workers="block")
    table.set_up_evening(SEATS)
    sheet = table.page.url
    table.enter_game(FIRST, 1)
    table.tap_to(table.page.get_by_role("link", name="Spiel 2 eintragen"), "spiel-2")
    cut(table)
    page = table.page
    for number, game in enumerate(OFFLINE[:2], start=2):
        page.get_by_role("heading", name=f"Ohne Verbindung: Spiel {number}").wait_for()
        table.fill_game(game)
        table.tap(page.get_by_role("button", name="Speichern"))
        page.get_by_text(f"Spiel {number} wartet auf dem Handy.").wait_for()
    page.get_by_role("heading", name="2 Spiele warten auf Verbindung").wait_for()
    assert page.url.endswith("/spiel/neu")
    assert len(stored(table_server.database, token_of(sheet))) == 1

    page.context.set_offline(False)
    page.locator(".waiting").wait_for(state="hidden", timeout=SYNCED_WITHIN * 1000)
    games = stored(table_server.database, token_of(sheet))
    assert [as_typed(f) for _, f in games] == [FIRST, *OFFLINE[:2]]
    # The form is for game 4 now, and the phone knows the sheet has three: the games that
    # arrived were its own, not another phone's (a tester was told they were).
    page.wait_for_function("() => window.DokoLive.games() === 3",
                           timeout=SYNCED_WITHIN * 1000)
    page.wait_for_timeout(300)  # whatever the news brings is drawn by now
    assert not page.get_by_role("alert").filter(has_text="inzwischen").is_visible()
    heading = page.locator("h1").inner_text()
    assert heading.startswith("Spiel 4") and "ohne Verbindung" not in heading, heading
    assert "Offline" not in page.locator("#preview").inner_text()


def test_a_phone_that_does_not_remember_the_runde_keeps_no_page_of_it(kept_phone, table_server):
    # A lent phone: the sheet and the form carry the edit link, so they are not kept.
    table = kept_phone(table_server.base)
    table.set_up_evening(SEATS)
    sheet = table.page.url
    table.enter_game(FIRST, 1)
    table.page.wait_for_function("() => navigator.serviceWorker.controller !== null")
    table.goto(sheet + "spiel/neu", "formular")
    table.goto(sheet, "zettel")
    assert table.page.evaluate("async () => (await caches.keys()).filter("
                               "n => n.startsWith('doko-runde-')).length") == 0


def test_forgetting_a_runde_removes_the_pages_the_phone_kept_of_it(kept_phone, table_server):
    table = kept_phone(table_server.base)
    sheet = start_kept_evening(table)
    page = table.page
    table.goto("/", "start")
    table.tap(page.locator(".remembered__forget > summary"))
    table.tap_to(page.get_by_role("button", name=re.compile("Ja, vergessen")), "vergessen")
    assert "ist auf diesem Gerät vergessen" in page.locator("main").inner_text()
    assert page.evaluate("async () => (await caches.keys()).filter("
                         "n => n.startsWith('doko-runde-')).length") == 0
    assert page.evaluate("async (url) => !(await caches.match(url, {ignoreVary: true}))", sheet)


def refused_on_return(kept_phone: Any, table_server: Any) -> tuple[Any, str, Any]:
    """A kept evening, game 2 entered offline with one Re player, the connection back: the
    phone, the sheet's URL and the server's refusal shown on the sheet."""
    table = kept_phone(table_server.base)
    sheet = start_kept_evening(table)
    cut(table)
    enter_offline(table, {"re": ["Anna"], "re_eyes": 151}, 2, waiting=1)  # one Re player
    table.page.context.set_offline(False)
    refused = table.page.get_by_role("alert").filter(
        has_text="Spiel 2 ließ sich nicht speichern")
    refused.wait_for(timeout=SYNCED_WITHIN * 1000)
    return table, sheet, refused


def test_a_waiting_game_the_server_refuses_shows_why_and_is_corrected_in_the_form(
        kept_phone, table_server):
    table, sheet, refused = refused_on_return(kept_phone, table_server)
    page = table.page
    assert re.search(r"^Re: ", refused.locator("li").first.inner_text())
    assert len(stored(table_server.database, token_of(sheet))) == 1

    table.tap_to(page.get_by_role("button", name="Im Formular korrigieren"), "korrigieren")
    re_group = table.group(re.compile(r"^Re:"))
    page.wait_for_function("() => document.querySelector('#re_eyes').value === '151'")
    assert re_group.get_by_role("checkbox", name="Anna").is_checked()
    table.tap(table.chip(re_group, "Cem"))
    table.save(2)
    page.locator(".waiting").wait_for(state="hidden")
    games = stored(table_server.database, token_of(sheet))
    assert [as_typed(f) for _, f in games] == [FIRST, {"re": ["Anna", "Cem"], "re_eyes": 151}]


def test_a_corrected_waiting_game_the_server_refuses_again_stays_waiting(
        kept_phone, table_server):
    # A tester corrected a refused offline game, the form was refused again, and after
    # "Abbrechen" the game was gone: neither stored nor waiting.
    table, sheet, _ = refused_on_return(kept_phone, table_server)
    page = table.page
    table.tap_to(page.get_by_role("button", name="Im Formular korrigieren"), "korrigieren")
    page.wait_for_function("() => document.querySelector('#re_eyes').value === '151'")
    # Saved as it is: refused again, the form with its message.
    with page.expect_navigation():
        page.get_by_role("button", name="Speichern").tap()
    page.locator(".field--invalid").first.wait_for()
    table.console_errors = [e for e in table.console_errors if "422" not in e]
    table.goto(sheet, "zurueck")
    # It waits for the table to decide, not for a connection.
    page.get_by_role("heading", name="1 Spiel auf diesem Handy").wait_for(
        timeout=SYNCED_WITHIN * 1000)
    page.get_by_role("alert").filter(has_text="Spiel 2 ließ sich nicht speichern").wait_for()
    assert len(stored(table_server.database, token_of(sheet))) == 1


def test_a_refused_offline_game_discarded_leaves_the_sheet_counting_its_own_games(
        kept_phone, table_server):
    # A tester discarded a refused game and the sheet went on offering the game after it.
    table, sheet, _ = refused_on_return(kept_phone, table_server)
    page = table.page
    page.get_by_role("heading", name="1 Spiel auf diesem Handy").wait_for()
    assert page.locator("[data-next-number]").inner_text() == "3"  # after the waiting one
    table.tap(page.get_by_role("button", name="Meins verwerfen"))
    page.locator(".waiting").wait_for(state="hidden")
    assert page.locator("[data-next-number]").inner_text() == "2"
    page.get_by_role("link", name="Spiel 2 eintragen").wait_for()
    assert len(stored(table_server.database, token_of(sheet))) == 1


def test_offline_at_a_table_of_five_anybody_at_the_table_can_be_re_in_the_next_game(
        kept_phone, table_server):
    # Offline, who plays is left to the server (the phone may be games ahead of the form it
    # kept), so everybody at the table is offered as Re, not only the four of the kept
    # form: a tester's second offline game lacked a player who did play.
    five = [*SEATS, "Emil"]
    table = kept_phone(table_server.base)
    table.set_up_evening(five)
    sheet = table.page.url
    table.goto(sheet.split("abend/")[0], "runde")
    table.tap_to(table.page.get_by_role("button", name="Auf diesem Gerät merken"), "gemerkt")
    table.goto(sheet, "zettel")
    table.enter_game({"re": ["Ben", "Cem"], "re_eyes": 140}, 1)
    table.tap_to(table.page.get_by_role("link", name="Spiel 2 eintragen"), "formular")
    table.goto(sheet, "zettel")
    kept(table.page, [sheet, sheet + "spiel/neu"])
    cut(table)
    page = table.page
    table.tap_to(page.get_by_role("link", name="Spiel 2 eintragen"), "offline-2")
    page.get_by_role("heading", name="Ohne Verbindung: Spiel 2").wait_for()
    re_group = table.group(re.compile(r"^Re:"))
    for name in five:
        assert table.chip(re_group, name).is_visible(), name


def test_a_remembered_runde_keeps_the_form_without_a_visit_to_it(kept_phone, table_server):
    # A tester remembered the Runde, opened the sheet and went to the cellar: "Spiel 1
    # eintragen" then said the page was not kept on this phone.
    table = kept_phone(table_server.base)
    table.set_up_evening(SEATS)
    sheet = table.page.url
    table.goto(sheet.split("abend/")[0], "runde")
    table.tap_to(table.page.get_by_role("button", name="Auf diesem Gerät merken"), "gemerkt")
    table.goto(sheet, "zettel")
    table.page.wait_for_function("() => navigator.serviceWorker.controller !== null")
    table.goto(sheet, "zettel-wieder")  # the first visit under the service worker keeps it
    kept(table.page, [sheet, sheet + "spiel/neu"])
    cut(table)
    enter_offline(table, FIRST, 1, waiting=1)
