"""The Runde's year on a 360 px phone (issue 27): a season of five evenings settled into the
Kasse, Emil away from one of them; the settings tapped in, the ranking under table points,
a player's evenings, the Kasse with Emil charged as absent, a payment marked and taken back,
a deposit typed in, the Bestenliste and the Statistik. Every page gets the phone's checks
(no console error, no sideways scrolling, named controls, 44 px targets, contrast in both
schemes); the README's pictures of the Runde's season and the Kasse are taken on the way.
"""

from __future__ import annotations

from typing import Any

import pytest

from scorer.core.evening import evening

from .conftest import ARTIFACTS
from .phone import SUBMIT_JS

pytestmark = pytest.mark.browser

FIVE = ["Anna", "Ben", "Cem", "Dora", "Emil"]
EVENINGS = [
    ("2025-10-02", FIVE),
    ("2025-10-09", FIVE),
    ("2025-10-16", ["Anna", "Ben", "Cem", "Dora"]),  # Emil away
    ("2025-10-23", FIVE),
    ("2025-10-30", FIVE),
]
EYES = [151, 130, 100, 160]


def games_of(seats: list[str], number: int) -> list[dict[str, Any]]:
    """Four games for an evening's table: Re is two of the four the rotation names (the core
    says who plays), with Augen that differ from evening to evening."""
    games: list[dict[str, Any]] = []
    for k in range(4):
        four = evening({"rules": "ddv", "seats": seats, "games": games}).next.players
        pick = (number + k) % 3
        games.append({"players": list(four), "re": [four[pick], four[pick + 1]],
                      "re_eyes": EYES[(number + k) % len(EYES)]})
    return games


def submit(phone: Any, url: str, selector: str, values: dict[str, Any],
           seats: list[str] | None = None) -> str:
    """A form sent from the phone without drawing the page (the set-up)."""
    return str(phone.page.evaluate(SUBMIT_JS, [url, selector, values, seats]))


def test_a_season_of_five_evenings_with_an_absent_member_on_a_phone(phone):
    table = phone(360, 740)
    page = table.page
    table.goto("/", "start")
    runde = submit(table, "/", "form:has([name=preset])",
                   {"name": "Donnerstagsrunde", "preset": "ddv"})
    for name in FIVE:
        submit(table, runde, "form:has(input[name=name])", {"name": name})
    for number, (day, seats) in enumerate(EVENINGS, start=1):
        sheet = submit(table, runde.rstrip("/") + "/abend/neu", "form.evening-form",
                       {"played_on": day, "settlement_mode": "pay_leader"}, seats)
        for game in games_of(seats, number):
            submit(table, sheet + "spiel/neu", "form#entry",
                   {"re": game["re"], "re_eyes": str(game["re_eyes"])})
        submit(table, sheet, 'form[action$="schliessen"]', {})

    # The settings, tapped: table points, −3 for a member away, the absent pay as the last.
    table.goto(runde, "runde")
    assert page.locator("#season-title").inner_text() == "Saison 2025"
    table.tap_to(page.get_by_role("link", name="Saison & Kasse einstellen"), "einstellungen")
    table.tap(table.chip(table.group("Wertung"), "Tischpunkte"))
    table.type_into(page.get_by_label("Tischpunkte für einen Abend, an dem ein Mitglied fehlt"),
                    "-3", replace=True)
    # For the evenings already played too: the page shows what changes, then stores it.
    table.tap(table.chip(table.group("Die Wertung gilt"), "von Anfang an, für alle Abende"))
    table.tap_to(page.get_by_role("button", name="Wertung speichern"), "wertung-vorschau")
    table.tap_to(page.get_by_role("button", name="Ja, so übernehmen"), "wertung-gespeichert")
    table.tap(table.chip(table.group("Wer an einem Kasse-Abend fehlt, zahlt"),
                         "so viel wie der Letzte des Abends"))
    table.tap(table.chip(table.group("Die Regel gilt"), "von Anfang an, für alle Abende"))
    table.tap_to(page.get_by_role("button", name="Speichern", exact=True), "fehlende-vorschau")
    table.tap_to(page.get_by_role("button", name="Ja, so übernehmen"), "fehlende-gespeichert")
    assert "so viel wie der Letzte des Abends" in page.locator(".flash").inner_text()

    # The season on the Runde page: five ranked, the figure column is the table points.
    table.goto(runde, "runde-saison")  # (also the README's picture: no flash message)
    ranking = page.locator("table.season-ranking tbody tr")
    assert ranking.count() == 5
    assert "Tischpunkte" in page.locator("table.season-ranking thead").inner_text()
    assert page.locator(".evening-item").count() == 5
    readme = ARTIFACTS / "readme"
    readme.mkdir(parents=True, exist_ok=True)
    page.screenshot(path=readme / "runde-360.png")

    # Emil's evenings: evening 3 "nicht da", with the −3 it gave him.
    table.tap_to(page.locator("table.season-ranking").get_by_role("link", name="Emil"), "emil")
    rows = page.locator("table.stats tbody tr")
    assert rows.count() == 5
    away = rows.filter(has_text="Abend 3")
    assert "nicht da" in away.inner_text() and "−3" in away.inner_text()

    # The Kasse: Emil charged for evening 3 as absent; a payment marked and taken back.
    table.tap_to(page.get_by_role("link", name="Zur Tabelle"), "runde-zurueck")
    table.tap_to(page.get_by_role("link", name="Kasse", exact=True), "kasse")
    emil_away = page.locator(".kasse-charge").filter(has_text="fehlte")
    assert emil_away.count() == 1 and "Emil" in emil_away.inner_text()
    table.tap_to(emil_away.get_by_role("button"), "kasse-emil-bezahlt")
    assert page.locator(".kasse-charge").filter(has_text="fehlte").count() == 0
    assert "Emil" in page.locator("form.undo").inner_text()
    table.tap_to(page.locator("form.undo").get_by_role("button", name="Rückgängig"),
                 "kasse-rueckgaengig")
    assert page.locator(".kasse-charge").filter(has_text="fehlte").count() == 1
    paid = page.locator(".kasse-charge").filter(has_not_text="fehlte").first
    table.tap_to(paid.get_by_role("button"), "kasse-bezahlt")  # at the table, for the picture
    table.tap(table.chip(table.group("Art"), "Einzahlung"))
    table.type_into(page.get_by_label("Wofür"), "Startgeld")
    table.type_into(page.get_by_label("Betrag in Euro"), "20,00")
    table.tap_to(page.get_by_role("button", name="Eintragen"), "kasse-einzahlung")
    assert "Startgeld" in page.locator(".kasse-entries").inner_text()
    table.goto(page.url.split("#")[0], "kasse-ohne-meldung")
    # The balance and the members (a screen and a half).
    page.screenshot(path=readme / "kasse-360.png", full_page=True,
                    clip={"x": 0, "y": 0, "width": 360, "height": 1120})
    table.tap_to(page.get_by_role("link", name="Verlauf"), "kasse-verlauf")
    assert page.locator(".history__item").count() == 4

    # The Bestenliste and the Statistik of the season.
    table.goto(runde, "runde")
    table.tap_to(page.get_by_role("link", name="Bestenliste"), "bestenliste")
    assert page.locator(".record__link").count() >= 5
    table.goto(runde + "statistik?saison=2025-01-01", "statistik-saison")
    assert page.locator("svg title", has_text="Platz nach jedem Abend").count() == 1
