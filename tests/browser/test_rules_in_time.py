"""Settings in time on a 360 px phone (RULES.md §11.4, issue 37): a Runde with two 2025
evenings, Emil away from one, sets "Wer fehlt, zahlt" to "so viel wie der Letzte" from
1 January 2026 (stored at once: nothing played changes), sees the history, then applies the
rule back to Saison 2025: the preview shows who owes what before and after, and only
"Ja, so übernehmen" stores it. Every page gets the phone's checks (no sideways scrolling,
named controls, 44 px targets, contrast)."""

from __future__ import annotations

import pytest

from .test_year import FIVE, games_of, submit

pytestmark = pytest.mark.browser


def test_a_rule_from_a_date_and_its_history_on_a_phone(phone):
    table = phone(360, 740)
    page = table.page
    table.goto("/", "start")
    runde = submit(table, "/", "form:has([name=preset])",
                   {"name": "Freitagsrunde", "preset": "ddv"})
    for name in FIVE:
        submit(table, runde, "form:has(input[name=name])", {"name": name})
    for number, (day, seats) in enumerate((("2025-10-02", FIVE),
                                           ("2025-10-09", FIVE[:4])), start=1):
        sheet = submit(table, runde.rstrip("/") + "/abend/neu", "form.evening-form",
                       {"played_on": day, "settlement_mode": "pay_leader"}, seats)
        for game in games_of(seats, number):
            submit(table, sheet + "spiel/neu", "form#entry",
                   {"re": game["re"], "re_eyes": str(game["re_eyes"])})
        submit(table, sheet, 'form[action$="schliessen"]', {})

    table.goto(runde + "saisons", "einstellungen")
    table.tap(table.chip(table.group("Wer an einem Kasse-Abend fehlt, zahlt"),
                         "so viel wie der Letzte des Abends"))
    table.tap(table.chip(table.group("Die Regel gilt"),
                         "ab einem Tag (frühere Abende bleiben, wie sie waren)"))
    page.get_by_label("Regel gilt ab").fill("2026-01-01")
    table.tap_to(page.get_by_role("button", name="Speichern", exact=True), "ab-neujahr")
    assert "für Abende ab dem 01.01.2026" in page.locator(".flash").inner_text()
    history = page.get_by_role("list", name="Bisherige Regeln").locator("> li")
    assert history.count() == 2
    assert "ab 01.01.2026" in history.nth(0).inner_text()
    assert "gilt jetzt" in history.nth(0).inner_text()
    assert "von Anfang an" in history.nth(1).inner_text()
    # Emil owes nothing for evening 2 of 2025: it keeps the rule it was billed under.
    table.goto(runde + "kasse/", "kasse-2025")
    assert page.locator(".kasse-charge").filter(has_text="fehlte").count() == 0

    # Applied back to Saison 2025: first what changes, then, confirmed, the new history.
    table.goto(runde + "saisons#fehlende", "einstellungen-wieder")
    history = page.get_by_role("list", name="Bisherige Regeln").locator("> li")
    table.tap(history.nth(0).locator("summary"))
    history.nth(0).get_by_label("Auch früher gelten lassen, für").select_option(
        label="Saison 2025 (ab 01.01.2025)")
    table.tap_to(history.nth(0).get_by_role("button", name="Weiter"), "vorschau")
    assert page.get_by_role("heading", name="Was sich ändert").count() == 1
    rows = page.locator("table.rule-preview--kasse tbody tr")
    assert rows.count() == 1 and rows.first.inner_text().startswith("Emil")
    table.tap_to(page.get_by_role("button", name="Ja, so übernehmen"), "uebernommen")
    assert "ab 01.01.2025" in page.locator(".flash").inner_text()
    history = page.get_by_role("list", name="Bisherige Regeln").locator("> li")
    assert "ab 01.01.2025" in history.nth(0).inner_text()
    table.goto(runde + "kasse/", "kasse-danach")
    assert page.locator(".kasse-charge").filter(has_text="fehlte").count() == 1


def test_a_guest_and_mitglied_bis_on_the_players_page_of_a_phone(phone):
    table = phone(360, 740)
    page = table.page
    table.goto("/", "start")
    runde = submit(table, "/", "form:has([name=preset])",
                   {"name": "Samstagsrunde", "preset": "ddv"})
    for name in FIVE:
        submit(table, runde, "form:has(input[name=name])", {"name": name})
    table.goto(runde, "runde")
    # A guest is ticked when added, and shown as one in the list.
    table.type_into(page.get_by_label("Name", exact=True), "Hugo")
    table.tap(page.get_by_label("nur als Gast (kein Mitglied der Runde)"))
    table.tap_to(page.get_by_role("button", name="Spieler hinzufügen"), "gast-dazu")
    assert "Gast" in page.locator(".player").filter(has_text="Hugo").inner_text()
    # Emil leaves with a day: "Mitglied bis".
    table.tap_to(page.get_by_role("link", name="Ändern (Emil)"), "emil")
    page.get_by_label("Mitglied bis").fill("2025-12-31")
    table.tap_to(page.get_by_role("button", name="Emil ausscheiden lassen"), "emil-bis")
    assert "Mitglied bis 31.12.2025" in page.locator(".flash").inner_text()
    assert page.get_by_role("heading", name="Ausgeschieden").count() == 1
    # Made a guest on his page, then a member again.
    table.tap_to(page.get_by_role("button", name="Emil ist nur Gast"), "emil-gast")
    assert "Emil ist jetzt Gast" in page.locator(".flash").inner_text()
    table.tap_to(page.get_by_role("button", name="Emil zum Mitglied machen"), "emil-mitglied")
    assert "Emil ist jetzt Mitglied der Runde." in page.locator(".flash").inner_text()
