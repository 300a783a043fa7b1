"""The sheet in English (issue #35): a device that chose English reads the sheet page, its
rows, its flash messages and its CSV in English, while a German device at the same table reads
the same sheet in German, word for word as before (the kept rows are kept per language)."""

from __future__ import annotations

import csv
import io
from typing import Any

import pytest
from conftest import fetch_pdf, shown

pytestmark = pytest.mark.db

SEATS = ("Anna", "Ben", "Cem", "Dora", "Emil")


@pytest.fixture
def app_config(app_config: dict[str, Any]) -> dict[str, Any]:
    return {**app_config, "DOKO_LANGUAGES": ("de", "en")}


@pytest.fixture
def played(table: Any) -> str:
    table.create_group(players=SEATS)
    sheet = table.start_evening(seats=SEATS, cents=10)
    table.play(sheet, ("Ben", "Dora"), 151, players=("Ben", "Cem", "Dora", "Emil"))
    table.play(sheet, ("Cem", "Anna"), 100, players=("Anna", "Cem", "Dora", "Emil"))
    return sheet


def _speaking(client: Any, language: str) -> None:
    client.set_cookie("sprache", language)


def test_an_english_device_reads_the_sheet_in_english_and_a_german_one_in_german(
        client: Any, played: str) -> None:
    _speaking(client, "en")
    page = client.get(played).text
    assert "Evening 1" in page and "Next game" in page and "Enter game 3" in page
    assert "Breakdown of game 1" in page and "Change game 2" in page
    assert ">out<" in page  # Anna sat out the first game
    assert "10 cents per point" in page and "Nächstes Spiel" not in page
    closed = client.post(played + "schliessen", data={"revision": "1"},
                         follow_redirects=True).text
    assert "Evening closed." in closed and "Final totals" in closed

    _speaking(client, "de")
    german = client.get(played).text
    assert "Rechnung von Spiel 1" in german and "Endstand" in german
    assert ">aus<" in german and "Breakdown" not in german


def test_an_english_csv_is_asked_for_and_a_german_runde_exports_german_by_default(
        client: Any, played: str) -> None:
    # The Runde prints and exports in its own language (German here) unless the person asks.
    _speaking(client, "en")
    german = client.get(played + "spiele.csv").data.decode("utf-8-sig")
    assert german.startswith("Nr;Geber;Spielart;Re;Kontra;Augen Re;Augen Kontra;")
    rows = list(csv.reader(io.StringIO(client.get(played + "spiele.csv?sprache=en").data
                                       .decode("utf-8-sig")), delimiter=";"))
    assert rows[0][:6] == ["No.", "Dealer", "Game type", "Re", "Kontra", "Re's eyes"]
    assert rows[-1][2] == "Final totals" and "out" in rows[1]


def test_an_english_device_prints_the_sheet_in_english(client: Any, played: str) -> None:
    pytest.importorskip("weasyprint")
    from pypdf import PdfReader

    _speaking(client, "en")
    pdf = fetch_pdf(client, played + "zettel.pdf?sprache=en")
    assert pdf.status_code == 200
    text = " ".join(" ".join(p.extract_text() for p in PdfReader(io.BytesIO(pdf.data)).pages)
                    .split())
    assert "Final totals" in text and "Page 1 of 1" in text and "Anna pays Ben €0.20" in text
    assert "Endstand" not in text and "Seite" not in text


def test_the_rules_worded_once_per_worker_are_worded_per_language(
        client: Any, played: str) -> None:
    # The sheet's rule words are kept per worker; a German reader first must not leave them
    # German for the English reader after.
    _speaking(client, "de")
    assert "48 Karten, 12 Stiche." in client.get(played).text
    _speaking(client, "en")
    page = shown(client.get(played).text)
    assert "48 cards, 12 tricks." in page and "Stiche" not in page
