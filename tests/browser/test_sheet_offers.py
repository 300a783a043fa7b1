"""What the sheet offers once a game is saved, deleted and brought back, and the evening
closed (issue 36, an outside tester): no half-entered game that was saved, and no
"Rückgängig" from before the evening was closed."""

from __future__ import annotations

import pytest

pytestmark = pytest.mark.browser

FOUR = ["Anna", "Ben", "Cem", "Dora"]
FIRST = {"re": ["Anna", "Cem"], "re_eyes": 151}
SECOND = {"re": ["Ben", "Dora"], "re_eyes": 130}


def delete(table, number: int) -> None:
    page = table.page
    table.open_game(number)
    table.tap_to(page.locator(f"#spiel-{number}").get_by_role("link", name="Löschen"),
                 f"spiel-{number}-loeschen")
    table.tap_to(page.get_by_role("button", name=f"Ja, Spiel {number} löschen"),
                 f"ohne-spiel-{number}")


def test_a_saved_and_deleted_game_is_not_offered_as_begun_on_this_phone(phone):
    table = phone(360, 740, checks=False)  # about what the sheet offers, not how pages look
    table.set_up_evening(FOUR)
    table.send_games([FIRST])
    page = table.page
    # Typed into the form (the phone keeps a draft while it is typed) and saved.
    table.enter_game(SECOND, 2)
    delete(table, 2)
    assert page.locator("details.game").count() == 1
    page.wait_for_timeout(300)  # draft.js has said what it has to say
    assert page.locator("[data-draft-waiting]").count() == 0
    assert "angefangen" not in page.locator("main").inner_text()
    # The form for game 2 starts empty.
    table.tap_to(page.get_by_role("link", name="Spiel 2 eintragen"), "spiel-2-neu")
    page.wait_for_timeout(300)
    assert page.get_by_label("Augen Re").input_value() == ""
    assert page.get_by_role("status").filter(has_text="Entwurf").count() == 0


def test_closing_the_evening_ends_the_offer_to_take_back_the_last_change(phone):
    table = phone(360, 740, checks=False)  # about what the sheet offers, not how pages look
    table.set_up_evening(FOUR)
    table.send_games([FIRST, SECOND])
    page = table.page
    delete(table, 2)
    table.tap_to(page.locator("form.undo").get_by_role("button", name="Rückgängig"),
                 "spiel-2-zurueck")
    assert "Spiel 2 wiederhergestellt." in page.locator("form.undo").inner_text()

    table.tap_to(page.get_by_role("button", name="Abend abschließen"), "abgeschlossen")
    table.tap_to(page.get_by_role("button", name="Abend wieder öffnen"), "wieder-offen")
    assert page.locator("details.game").count() == 2
    assert page.locator("form.undo").count() == 0
    # A change after reopening is offered again.
    delete(table, 2)
    assert "Spiel 2 gelöscht." in page.locator("form.undo").inner_text()
