"""A phone that goes offline right after a save (issue 36): the next game's form starts
empty, under the next number, though the form the phone kept was drawn before the save and
the phone kept a draft of the game it saved. The phones keep their browser profile
(``kept_phone``) and talk to the real server (``doko-zettel serve`` on 127.0.0.1)."""

from __future__ import annotations

import re

import pytest

from .test_offline import SYNCED_WITHIN, as_typed, cut, kept, stored, token_of

pytestmark = pytest.mark.browser

FIVE = ["Anna", "Ben", "Cem", "Dora", "Emil"]
BEFORE = [
    {"re": ["Ben", "Cem"], "re_eyes": 140},
    {"re": ["Cem", "Dora"], "re_eyes": 140},
    {"re": ["Dora", "Emil"], "re_eyes": 140},
    {"re": ["Anna", "Emil"], "re_eyes": 140},
    {"re": ["Anna", "Ben"], "re_eyes": 140},
    {"re": ["Ben", "Cem"], "re_eyes": 140},
]
"""Games 1 to 6, each dealt by the next seat: Ben deals game 7 and Cem game 8."""
SEVENTH = {"kind": "stille_hochzeit", "re": ["Cem"], "re_eyes": 185}
EIGHTH = {"re": ["Anna", "Emil"], "re_eyes": 130, "announced": {"re": "ansage"}}


def saved_online_then_cut(kept_phone, table_server) -> tuple[object, str]:
    """Games 1 to 6 on a phone that remembers the Runde; game 7 typed into the form and
    saved, online: the phone keeps the form as it was drawn for game 7, and the sheet after
    the save. Then the connection goes. Returns the phone and the sheet's address."""
    table = kept_phone(table_server.base)
    table.set_up_evening(FIVE)
    sheet = table.page.url
    table.goto(sheet.split("abend/")[0], "runde")
    table.tap_to(table.page.get_by_role("button", name="Auf diesem Gerät merken"), "gemerkt")
    table.goto(sheet, "zettel")
    table.send_games(BEFORE)
    table.enter_game(SEVENTH, 7)
    kept(table.page, [sheet, sheet + "spiel/neu"])
    cut(table)
    return table, sheet


def test_the_next_game_entered_offline_right_after_a_save_starts_from_an_empty_form(
        kept_phone, table_server):
    table, sheet = saved_online_then_cut(kept_phone, table_server)
    page = table.page
    table.tap_to(page.get_by_role("link", name="Spiel 8 eintragen"), "offline-8")
    page.get_by_role("heading", name="Ohne Verbindung: Spiel 8").wait_for()
    page.wait_for_timeout(500)  # whatever the scripts put into the form is there by now
    assert table.chip(table.group("Spielart"), "Normalspiel").locator("input").is_checked()
    assert page.locator("input[name=re]:checked").count() == 0
    assert page.get_by_label("Augen Re").input_value() == ""
    assert page.get_by_role("status").filter(has_text="Entwurf").count() == 0

    table.fill_game(EIGHTH)
    table.tap_to(page.get_by_role("button", name="Speichern"), "wartet-8")
    assert page.locator(".waiting__list li").all_inner_texts() == [
        "Spiel 8: Normalspiel · Re Anna, Emil · 130 Augen · Re angesagt"]

    page.context.set_offline(False)
    page.locator("#spiel-8").wait_for(timeout=SYNCED_WITHIN * 1000)
    page.locator(".waiting").wait_for(state="hidden")
    games = stored(table_server.database, token_of(sheet))
    assert [as_typed(f) for _, f in games] == [*BEFORE, SEVENTH, EIGHTH]
    assert not re.search(r"angefangen", page.locator("main").inner_text())


def test_a_game_begun_on_the_kept_form_is_a_draft_of_the_game_it_enters(
        kept_phone, table_server):
    # The kept form was drawn for game 7; with game 8 waiting on the phone it enters game 9,
    # and what is typed there is game 9's draft: it outlives game 8 reaching the sheet.
    table, sheet = saved_online_then_cut(kept_phone, table_server)
    page = table.page
    table.tap_to(page.get_by_role("link", name="Spiel 8 eintragen"), "offline-8")
    table.fill_game(EIGHTH)
    table.tap_to(page.get_by_role("button", name="Speichern"), "wartet-8")
    table.tap_to(page.get_by_role("link", name="Spiel 9 eintragen"), "offline-9")
    page.get_by_role("heading", name="Ohne Verbindung: Spiel 9").wait_for()
    table.type_into(page.get_by_label("Augen Re"), "99")
    page.wait_for_timeout(500)  # kept as a draft
    page.go_back()

    page.context.set_offline(False)
    page.locator("#spiel-8").wait_for(timeout=SYNCED_WITHIN * 1000)
    begun = page.get_by_role("status").filter(has_text="Spiel 9 ist auf diesem Handy angefangen")
    begun.wait_for(timeout=5000)
    table.tap_to(begun.get_by_role("link", name="weiter eintragen"), "spiel-9")
    page.wait_for_function("() => document.querySelector('#re_eyes').value === '99'")
    assert [as_typed(f) for _, f in stored(table_server.database, token_of(sheet))] == [
        *BEFORE, SEVENTH, EIGHTH]
