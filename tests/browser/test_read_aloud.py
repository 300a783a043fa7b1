"""The sheet read aloud, and what another phone changes told once (issue #39).

Two phones on the same sheet (the app server of the suite). What a screen reader hears is
read from the accessibility tree: each row's name is a sentence (``row_said``), the
standings a named list; a game saved on the other phone is told once in a polite status
("Spiel 3 eingetragen") while the swapped rows are no live region; a clash on the entry
form is an alert (assertive). Points carry their sign in the text, not only their colour.
"""

from __future__ import annotations

import re
from typing import Any

import pytest

from .phone import Phone

pytestmark = pytest.mark.browser

SEATS = ["Anna", "Ben", "Cem", "Dora"]
SIGNED = re.compile(r"^([+−]\d+|0)$")


def test_the_sheet_reads_aloud_and_a_game_from_another_phone_is_told_once(
        phone: Any) -> None:
    expect = pytest.importorskip("playwright.sync_api").expect
    table: Phone = phone(360, 740, name="tisch")
    table.set_up_evening(SEATS)
    sheet = table.page.url
    table.send_games([{"re": ["Anna", "Cem"], "re_eyes": 130},
                      {"kind": "solo", "solo": "damen", "re": ["Ben"], "re_eyes": 100}])
    other: Phone = phone(360, 740, name="anderes-handy", checks=False)
    other.page.goto(sheet)
    page = table.page

    # Rows as sentences. A lost solo at 100 Augen (bockrunde, RULES.md §4 worked example):
    # Kontra gewonnen +1 and the solo point +1, each opponent +2, the soloist −6.
    expect(page.locator("#spiel-1 > summary")).to_have_accessible_name(
        "Spiel 1, Re gewinnt: Anna und Cem je +1, Ben und Dora je −1")
    expect(page.locator("#spiel-2 > summary")).to_have_accessible_name(
        re.compile(r"^Spiel 2, .*Damensolo.*, Kontra gewinnt: Anna, Cem und Dora je \+2, "
                   r"Ben −6$"))
    # Plus and minus never by colour alone: every points cell and total carries its sign.
    cells = page.locator("details.game .cell-points small").all_inner_texts()
    assert cells and all(SIGNED.match(c.strip()) or c.strip() == "aus" for c in cells), cells
    totals = page.get_by_role("list", name="Punktestand").get_by_role("listitem")
    expect(totals).to_have_count(4)
    assert all(SIGNED.search(t.split()[-1]) for t in totals.all_inner_texts())

    # The other phone saves game 3: this one is told once, politely, in a few words.
    told = page.get_by_role("status").filter(has_text="eingetragen")
    other.send_games([{"re": ["Anna", "Dora"], "re_eyes": 121}])
    expect(told).to_have_text("Spiel 3 eingetragen", timeout=5000)
    expect(told).to_have_count(1)
    # The rows and the standings swapped in are no live region: they are not read out.
    speaking = page.locator("[aria-live]:not([aria-live=off]), [role=status], [role=alert]")
    inside = speaking.filter(has=page.locator("details.game, .totals"))
    expect(inside).to_have_count(0)
    expect(page.locator("details.game, .totals").locator(
        "[aria-live], [role=status], [role=alert]")).to_have_count(0)
    expect(page.locator("#spiel-3 > summary")).to_have_accessible_name(
        "Spiel 3, Re gewinnt: Anna und Dora je +1, Ben und Cem je −1")

    # Entering game 4 here while the other phone saves game 4: an alert, said at once.
    page.get_by_role("link", name="Spiel 4 eintragen").click()
    other.send_games([{"re": ["Ben", "Cem"], "re_eyes": 140}])
    expect(page.get_by_role("alert").filter(has_text="Spiel 4 ist inzwischen eingetragen")
           ).to_be_visible(timeout=5000)
