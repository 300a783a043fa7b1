"""A whole evening on a phone: a Runde of five, bockrunde rules, twelve games typed in as a
person would (at 390 px the first nine are sent through the form unseen: 360 px types them
all), game 3 corrected, game 4 deleted and brought back, the totals checked against
`scorer evening` on the same facts, and the sheet downloaded as a PDF.
"""

from __future__ import annotations

import io
import json
import re
import subprocess
import sys

import pytest

from scorer.core.evening import evening, playing_order

from .conftest import ARTIFACTS

pytestmark = pytest.mark.browser

SEATS = ["Anna", "Ben", "Cem", "Dora", "Emil"]
"""Seat order on the new-evening page; Anna (seat 1) deals first and sits out."""

GAMES = [
    {"re": ["Ben", "Cem"], "re_eyes": 151},
    {"re": ["Cem", "Anna"], "re_eyes": 190, "announced": {"re": "keine_90"},
     "extras": {"re": {"fuchs_gefangen": 1}}},
    {"kind": "hochzeit", "re": ["Dora", "Emil"], "re_eyes": 141},
    {"kind": "solo", "solo": "damen", "re": ["Emil"], "re_eyes": 130},        # dealer stays
    {"re": ["Anna", "Ben"], "re_eyes": 110, "announced": {"re": "ansage"}},  # lost Re: Bock
    {"re": ["Anna", "Cem"], "re_eyes": 120},                                  # 120:120: Bock
    {"re": ["Ben", "Dora"], "re_eyes": 160, "extras": {"kontra": {"doppelkopf": 1}}},
    {"re": ["Cem", "Emil"], "re_eyes": 95},
    {"re": ["Anna", "Dora"], "re_eyes": 200, "announced": {"re": "keine_90"}},
    {"re": ["Emil", "Ben"], "re_eyes": 72, "announced": {"kontra": "ansage"}},
    {"re": ["Cem", "Dora"], "re_eyes": 133},
    {"re": ["Ben", "Emil"], "re_eyes": 127, "extras": {"re": {"karlchen": 1}}},
]
"""The facts as typed (CLI.md game input); game 3 is first typed with 114 Augen."""

TYPO = {**GAMES[2], "re_eyes": 114}


def ledger(games: list[dict]) -> object:
    """The core's ledger of this evening: the expected values come from here."""
    return evening({"rules": "bockrunde", "seats": SEATS, "first_dealer": "Anna", "games": games})


def scorer_evening(games: list[dict]) -> dict:
    """The `scorer evening` command's answer for these facts."""
    data = {"rules": "bockrunde", "seats": SEATS, "first_dealer": "Anna", "games": games}
    done = subprocess.run([sys.executable, "-m", "scorer", "evening", "-"], input=json.dumps(data),
                          capture_output=True, text=True, timeout=60, check=True)
    return json.loads(done.stdout)


@pytest.mark.parametrize("size", [(390, 844), (360, 740)], ids=["390x844", "360x740"])
def test_a_bockrunde_evening_entered_on_a_phone_adds_up_like_the_core(phone, size):
    width, height = size
    table = phone(width, height)
    page = table.page
    # The set-up is sent through its forms (test_accessibility walks those pages by taps).
    # At the narrower size every game is typed; at 390 px the first games are sent through
    # the entry form, and the last three (from the row of game 9 the README shows) typed.
    table.set_up_evening(SEATS)
    typed_from = 1
    if width == 390:
        typed_from = 10
        table.send_games([TYPO if number == 3 else game
                          for number, game in enumerate(GAMES[:typed_from - 1], start=1)])
        assert page.locator("details.game").count() == typed_from - 1

    for number, game in enumerate(GAMES[typed_from - 1:], start=typed_from):
        coming = ledger(GAMES[:number - 1]).next
        table.tap_to(page.get_by_role("link", name=f"Spiel {number} eintragen"),
                     f"spiel-{number}-neu")
        # The form already knows who plays (the four the core says) and who deals; who
        # plays is one folded line, in the order of play (from the seat after the dealer).
        ticked = page.locator("input[name=players]:checked").evaluate_all(
            "boxes => boxes.map(el => el.labels[0].textContent.trim())")
        assert sorted(ticked) == sorted(coming.players)
        out = [p for p in SEATS if p not in coming.players]
        assert page.locator("[data-who-text]").inner_text() == (
            f"Es spielen {', '.join(p for p in playing_order(SEATS, coming.dealer) if p in coming.players)} · "
            f"{out[0]} setzt aus")
        assert f"Geber {coming.dealer}" in page.locator("h1").inner_text()
        table.fill_game(TYPO if number == 3 else game)
        table.save(number)

    # Game 3 was a Hochzeit won with 141, not lost with 114: correct it from its row.
    assert table.totals() == ledger([*GAMES[:2], TYPO, *GAMES[3:]]).totals
    table.open_game(3)
    table.check("zettel-spiel-3-offen")
    table.tap_to(page.get_by_role("link", name="Spiel 3 ändern"), "spiel-3-aendern")
    assert page.get_by_label("Augen Re").input_value() == "114"
    table.type_into(page.get_by_label("Augen Re"), "141", replace=True)
    table.save(3)
    assert table.totals() == ledger(GAMES).totals

    # Delete the Damensolo and take it back.
    table.open_game(4)
    table.tap_to(page.locator("#spiel-4").get_by_role("link", name="Löschen"), "spiel-4-loeschen")
    table.tap_to(page.get_by_role("button", name="Ja, Spiel 4 löschen"), "zettel-ohne-spiel-4")
    assert page.locator("details.game").count() == 11
    assert table.totals() == ledger(GAMES[:3] + GAMES[4:]).totals
    table.tap_to(page.get_by_role("button", name="Rückgängig"), "zettel-spiel-4-zurueck")
    assert page.locator("details.game").count() == 12

    # What the sheet shows is what `scorer evening` says about the same facts.
    truth = scorer_evening(GAMES)
    assert table.totals() == truth["totals"]
    assert sum(truth["totals"].values()) == 0
    bock_shown = [page.locator(f"#spiel-{g['number']} .cell-bock").inner_text().strip()
                  for g in truth["games"]]
    assert bock_shown == [f"×{g['bock']}" if g["bock"] > 1 else "" for g in truth["games"]]
    assert "×2" in bock_shown
    status = page.locator(".status__list").inner_text()
    assert re.search(r"Geber\s+(\w+)", status).group(1) == truth["next"]["dealer"]

    readme_screenshots(table, next_number=len(GAMES) + 1, width=width)

    # The printable sheet: the button the table taps, and a PDF that opens.
    pdf_link = page.get_by_role("link", name="Drucken / PDF")
    assert pdf_link.count() == 1, "no 'Drucken / PDF' button on the sheet"
    with page.expect_download() as download:
        table.tap(pdf_link)
    assert download.value.suggested_filename.endswith(".pdf")
    body = download.value.path().read_bytes()
    assert body.startswith(b"%PDF-")
    from pypdf import PdfReader

    reader = PdfReader(io.BytesIO(body))
    assert len(reader.pages) >= 1
    text = " ".join(p.extract_text() for p in reader.pages)
    assert all(name in text for name in SEATS)
    table.artifacts.mkdir(parents=True, exist_ok=True)
    (table.artifacts / "zettel.pdf").write_bytes(body)


def readme_screenshots(table, next_number: int, width: int) -> None:
    """The README's pictures at this width: the sheet with a row open, the filled entry form;
    at 360 px the sheet in the dark scheme as well."""
    page = table.page
    folder = ARTIFACTS / "readme"
    folder.mkdir(parents=True, exist_ok=True)
    page.locator("#spiel-9 > summary").click()
    page.locator("#spiel-9 .breakdown").wait_for()  # fetched when the row opens
    page.screenshot(path=folder / f"sheet-{width}.png", full_page=True)
    if width == 360:
        page.emulate_media(color_scheme="dark")
        page.screenshot(path=folder / f"sheet-dark-{width}.png", full_page=True)
        page.emulate_media(color_scheme=table.scheme)
    page.locator("#spiel-9 > summary").click()
    table.tap_to(page.get_by_role("link", name=f"Spiel {next_number} eintragen"), "readme-eintragen")
    table.fill_game({"re": ["Anna", "Dora"], "re_eyes": 156,
                     "extras": {"re": {"fuchs_gefangen": 1}}})
    page.locator(".preview__points").wait_for()
    page.evaluate("document.activeElement.blur(); window.scrollTo(0, 0)")
    page.screenshot(path=folder / f"entry-{width}.png")
    table.tap_to(page.get_by_role("link", name="Abbrechen, zurück zum Zettel"), "zurueck")
