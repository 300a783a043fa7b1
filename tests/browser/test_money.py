"""Half a cent per point, typed on a phone (issue 25, item 17): Chromium's number field
turned "0,5" into "05", and the evening was played at 5 Cent. The field takes German and
English decimals and keeps what was typed."""

from __future__ import annotations

import pytest

pytestmark = pytest.mark.browser

FOUR = ["Anna", "Ben", "Cem", "Dora"]


def test_half_a_cent_typed_on_the_phone_is_half_a_cent_on_the_sheet(phone):
    table = phone(360, 740)
    page = table.page
    sheet = table.set_up_evening(FOUR, runde="Halbe Cents")
    table.send_games([{"re": ["Ben", "Cem"], "re_eyes": 151}])
    table.tap_to(page.get_by_role("link", name="Abrechnung einstellen"), "abrechnung")
    cents = page.get_by_label("Cent pro Punkt")
    table.type_into(cents, "0,5", replace=True)
    assert cents.input_value() == "0,5"
    table.tap_to(page.get_by_role("button", name="Abrechnung speichern"), "zettel")
    money = page.locator("#abrechnung").inner_text()
    assert "0,5 Cent pro Punkt" in money
    # Ben and Cem won 2 points each: 1 Cent each, from Anna and Dora.
    assert "Anna zahlt Ben 0,01 €" in money and "Dora zahlt Cem 0,01 €" in money
    table.goto(sheet + "abrechnung", "abrechnung-wieder")
    assert page.get_by_label("Cent pro Punkt").input_value() == "0,5"


def test_an_english_decimal_on_the_new_evening_page_is_kept(phone):
    table = phone(360, 740)
    page = table.page
    sheet = table.set_up_evening(FOUR, runde="Punkt und Komma")
    table.goto(sheet.split("/abend/")[0] + "/abend/neu", "neuer-abend")
    table.type_into(page.get_by_label("Cent pro Punkt"), "1.5", replace=True)
    table.tap_to(page.get_by_role("button", name="Abend beginnen"), "zettel")
    table.tap(page.get_by_text("Regeln dieses Abends"))
    assert "1,5 Cent pro Punkt" in page.locator("details.more").filter(
        has_text="Regeln dieses Abends").inner_text()
