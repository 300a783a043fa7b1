"""A club table's phones through a round (issue 37): the table's page follows the round's
start without a reload, and a game half typed when the round ends says who decides. Nine
players at a four and a five; the organiser's phone and the tables' phones at 360 px."""

from __future__ import annotations

import re

import pytest

from tests.club_helpers import NINE

from .club_helpers import draw, end, new_tournament, slip_links, start

pytestmark = pytest.mark.browser

LIVE_WITHIN = 2.0


def test_a_table_phone_waiting_for_the_start_shows_the_sheet_link_when_the_round_starts(phone):
    organiser = phone(360, 740, name="turnierleitung")
    organiser.goto("/turnier/neu", "turnier-neu")
    home = new_tournament(organiser, NINE, rounds=2)
    draw(organiser, home, 42)
    # The Tischzettel's code is the table's page: scanned before the start.
    table = slip_links(organiser, home, 1)[0]
    device = phone(360, 740, name="tisch-1")
    device.goto(table, "tisch-wartet")
    page = device.page
    page.evaluate("window.__sameDocument = true")
    assert page.get_by_text("Die Runde hat noch nicht begonnen").is_visible()
    assert page.get_by_role("link", name=re.compile("^Zum Zettel")).count() == 0

    start(organiser, home, 1)
    # Within two seconds, without a reload: the way to the sheet.
    to_sheet = page.get_by_role("link", name=re.compile("^Zum Zettel"))
    to_sheet.wait_for(state="visible", timeout=LIVE_WITHIN * 1000)
    assert page.evaluate("window.__sameDocument") is True
    assert page.get_by_text("Die Runde hat noch nicht begonnen").count() == 0
    device.check("tisch-gestartet")
    device.tap_to(to_sheet, "zettel")
    assert page.get_by_role("link", name="Spiel 1 eintragen").is_visible()


def test_a_game_half_typed_when_the_round_ends_says_the_turnierleitung_decides(phone):
    organiser = phone(360, 740, name="turnierleitung-ende")
    organiser.goto("/turnier/neu", "turnier-neu")
    home = new_tournament(organiser, NINE, rounds=2)
    draw(organiser, home, 42)
    start(organiser, home, 1)
    table = slip_links(organiser, home, 1)[0]
    device = phone(360, 740, name="tisch-halb-getippt")
    device.goto(table + "abend/1/spiel/neu", "spiel-1")
    page = device.page
    # Half typed: the Augen of Re.
    device.type_into(page.get_by_label("Augen Re"), "130")
    save = page.get_by_role("button", name="Speichern")
    assert save.is_enabled()

    end(organiser, home, 1)  # without "angefangene Spiele …": every table closes
    notice = page.get_by_role("alert").filter(has_text="Runde ist inzwischen beendet")
    notice.wait_for(state="visible", timeout=LIVE_WITHIN * 1000)
    text = notice.inner_text()
    assert "Turnierleitung" in text and "jemand" not in text, text
    # Speichern does nothing now: it says so by being off.
    assert save.is_disabled()
    device.check("runde-beendet-beim-tippen")
