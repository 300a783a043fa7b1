"""Paying with a scan on a 360 px phone (issue #38): Anna types her IBAN and PayPal.me name on
her page, and the evening's settlement shows the GiroCode (read back from the screen with the
QR reader) and the PayPal link with the amount, the whole page without sideways scrolling."""

from __future__ import annotations

import io

import pytest

pytestmark = pytest.mark.browser

FOUR = ["Anna", "Ben", "Cem", "Dora"]


def test_the_settlement_shows_the_girocode_and_the_paypal_link_at_360_px(phone):
    import zxingcpp
    from PIL import Image

    table = phone(360, 740)
    page = table.page
    sheet = table.set_up_evening(FOUR, runde="Zahlrunde")
    table.send_games([{"re": ["Anna", "Cem"], "re_eyes": 151}])
    table.goto(sheet.split("/abend/")[0] + "/", "runde")
    table.tap_to(page.get_by_role("link", name="Ändern (Anna)"), "spieler-anna")
    table.type_into(page.get_by_label("IBAN"), "de89 3704 0044 0532 0130 00")
    table.type_into(page.get_by_label("Kontoinhaber"), "Anna Schmidt")
    table.type_into(page.get_by_label("PayPal.me-Name"), "AnnaDoko")
    table.tap_to(page.get_by_role("button", name="Bankverbindung speichern"), "gespeichert")
    assert page.get_by_label("IBAN").input_value() == "DE89 3704 0044 0532 0130 00"

    table.goto(sheet, "zettel")
    table.tap_to(page.get_by_role("link", name="Mit GiroCode oder PayPal bezahlen"), "bezahlen")
    code = page.locator("figure.pay-offer__code svg").first
    table.assert_seen(code, "the GiroCode")
    box = code.bounding_box()
    assert box is not None and box["width"] >= 150  # big enough for a camera at a table
    # Read back from the pixels the phone shows, as a banking app's camera would.
    shot = Image.open(io.BytesIO(code.screenshot()))
    found = zxingcpp.read_barcode(shot)
    assert found is not None, "no QR code read from the screen"
    fields = found.text.split("\n")
    assert fields[:8] == ["BCD", "002", "1", "SCT", "", "Anna Schmidt",
                          "DE89370400440532013000", "EUR0.20"]
    assert fields[10] == "Doko-Zettel Abend 1"
    paypal = page.get_by_role("link", name="0,20 € mit PayPal an Anna")
    assert paypal.get_attribute("href") == "https://paypal.me/AnnaDoko/0.20EUR"
    paypal.scroll_into_view_if_needed()
    table.assert_seen(paypal, "the PayPal link")
    # The settlement page itself offers the same.
    table.goto(sheet + "abrechnung", "abrechnung")
    assert page.locator("figure.pay-offer__code svg").count() == 1
    assert page.get_by_role("link", name="0,20 € mit PayPal an Anna").count() == 1
