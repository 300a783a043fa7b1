"""Setting up, as a table does it on a 360 px phone (issue 25, item 19): the next step is in
view after the players are typed and on the new-evening page; "Tisch ändern" offers as
dealer only who sits at the table; the start page leads straight to a remembered Runde's
running evening.
"""

from __future__ import annotations

import pytest

pytestmark = pytest.mark.browser

FIVE = ["Anna", "Ben", "Cem", "Dora", "Emil"]


def test_after_the_fifth_player_the_new_evening_is_in_view(phone):
    table = phone(360, 740)
    page = table.page
    table.goto("/", "start")
    table.type_into(page.get_by_label("Name der Runde"), "Stammtisch")
    table.tap_to(page.get_by_role("button", name="Runde anlegen"), "runde")
    for name in FIVE:
        table.type_into(page.get_by_label("Name", exact=True), name)
        table.tap_to(page.get_by_role("button", name="Spieler hinzufügen"), f"spieler-{name}")
    # The page stands at the name field for the next name; the way on is right there.
    onward = page.locator("main a[href$='/abend/neu']").filter(visible=True)
    table.assert_seen(onward.last, "the way to the new evening after the fifth player")
    table.tap_to(onward.last, "neuer-abend")
    assert page.get_by_role("heading", name="Neuer Abend").is_visible()


def test_abend_beginnen_stays_in_view_on_the_new_evening_page(phone):
    table = phone(360, 740)
    page = table.page
    table.set_up_evening(FIVE[:4], runde="Stammtisch")  # (a Runde whose players exist)
    runde = page.url.split("/abend/")[0]
    table.goto(runde + "/abend/neu", "neuer-abend")
    start = page.get_by_role("button", name="Abend beginnen")
    table.assert_seen(start, "Abend beginnen on the first screen")
    # Down in the form, at a field: the button is still there, and does not cover the field.
    cents = page.get_by_label("Cent pro Punkt")
    table.tap(cents)
    cents.scroll_into_view_if_needed()
    table.assert_seen(cents, "the field being typed in")
    table.assert_seen(start, "Abend beginnen while typing further down")
    page.get_by_text("Regeln nur für diesen Abend ändern").scroll_into_view_if_needed()
    table.assert_seen(start, "Abend beginnen beside the rules")
    table.tap_to(start, "zettel")
    assert page.locator("#abend-titel").inner_text().startswith("Abend 2")


def dealer_offers(page) -> list[str]:
    """The names the dealer list lets a person choose (besides "nach der Regel")."""
    return page.locator("select[name=dealer] option").evaluate_all(
        "(options) => options.filter((o) => o.value && !o.disabled && !o.hidden)"
        ".map((o) => o.textContent.trim())")


def test_tisch_aendern_offers_as_dealer_only_who_sits_at_the_table(phone):
    table = phone(360, 740)
    page = table.page
    sheet = table.set_up_evening(FIVE[:4] + ["Emil"], runde="Stammtisch")
    table.goto(sheet + "tisch/neu", "tisch")
    assert "Anna" in dealer_offers(page)
    dealer = page.get_by_label("Wer gibt das nächste Spiel?")
    dealer.select_option(label="Anna")
    table.tap(page.locator("label.check").filter(has_text="Anna"))  # Anna leaves
    assert "Anna" not in dealer_offers(page)
    # Nor "der neue Spieler" while no name is typed: only the four who stay.
    assert dealer_offers(page) == ["Ben", "Cem", "Dora", "Emil"]
    # She was chosen to deal: the choice goes back to the rule, which names who it is.
    assert dealer.input_value() == ""
    table.type_into(page.locator("input[name=new_name]"), "Fritz")
    assert dealer_offers(page) == ["Ben", "Cem", "Dora", "Emil", "Fritz (neu)"]
    dealer.select_option(label="Fritz (neu)")
    table.tap_to(page.get_by_role("button", name="Speichern"), "zettel")
    assert "Anna geht" in page.locator(".sheet__change").inner_text()
    assert "gibt: Fritz" in page.locator(".sheet__change").inner_text()


def test_the_start_page_leads_straight_to_the_running_evening(phone):
    table = phone(360, 740)
    page = table.page
    sheet = table.set_up_evening(FIVE[:4], runde="Stammtisch")
    runde = sheet.split("/abend/")[0] + "/"
    table.goto(runde, "runde")
    table.tap_to(page.get_by_role("button", name="Auf diesem Gerät merken"), "gemerkt")
    table.goto("/", "start")
    to_sheet = page.get_by_role("link", name="Abend 1 läuft: zum Zettel")
    table.assert_seen(to_sheet, "the running evening on the start page")
    table.tap_to(to_sheet, "zettel")
    assert page.url == sheet
    # Closed, it is no longer running: the start page leads to the Runde only.
    table.tap_to(page.get_by_role("button", name="Abend abschließen"), "abgeschlossen")
    table.goto("/", "start")
    assert page.get_by_role("link", name="zum Zettel").count() == 0
    assert page.get_by_role("link", name="Stammtisch").count() == 1
