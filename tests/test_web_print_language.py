"""What a Runde prints and exports is in the Runde's language (issue #35): its CSV files and
PDFs come in that language whoever fetches them, unless the person asks for another with
``?sprache=``; the pages speak their reader's language. The Runde's page sets it."""

from __future__ import annotations

import re
from typing import Any

import pytest

pytestmark = pytest.mark.db

SEATS = ("Anna", "Ben", "Cem", "Dora")
GERMAN_HEAD = "Nr;Geber;Spielart;Re;Kontra;Augen Re;Augen Kontra;"
ENGLISH_HEAD = "No.;Dealer;Game type;Re;Kontra;Re's eyes;"


@pytest.fixture
def app_config(app_config: dict[str, Any]) -> dict[str, Any]:
    return {**app_config, "DOKO_LANGUAGES": ("de", "en")}


@pytest.fixture
def played(table: Any) -> str:
    table.create_group(players=SEATS)
    sheet = table.start_evening(seats=SEATS)
    table.play(sheet, ("Ben", "Dora"), 151)
    return sheet


def _csv(client: Any, url: str) -> str:
    response = client.get(url)
    assert response.status_code == 200
    return response.data.decode("utf-8-sig")


def _set(table: Any, language: str) -> Any:
    # (CSRF is off in the tests' app, as for every form; tests/test_web_abuse.py has it on.)
    return table.client.post(f"/r/{table.token}/sprache", data={"sprache": language},
                             follow_redirects=True)


def test_a_german_runde_exports_german_to_an_english_reader_unless_asked(
        table: Any, played: str) -> None:
    table.client.set_cookie("sprache", "en")
    assert "Evening 1" in table.client.get(played).text  # the page speaks its reader's language
    assert _csv(table.client, played + "spiele.csv").startswith(GERMAN_HEAD)
    assert _csv(table.client, played + "spiele.csv?sprache=en").startswith(ENGLISH_HEAD)
    assert _csv(table.client, f"/r/{table.token}/spiele.csv").startswith("Abend;Datum;Nr;Geber;")
    # The sheet offers the reader's own language beside the Runde's.
    sheet = table.client.get(played).text
    assert re.search(r'href="[^"]*zettel\.pdf\?sprache=en"[^>]*>PDF in English<', sheet)


def test_a_runde_set_to_english_exports_english_to_every_reader(table: Any, played: str) -> None:
    page = _set(table, "en").text
    assert "PDFs und CSV-Dateien dieser Runde: English." in page  # said to a German reader
    for cookie in ("de", "en"):
        table.client.set_cookie("sprache", cookie)
        assert _csv(table.client, played + "spiele.csv").startswith(ENGLISH_HEAD)
        assert _csv(table.client, f"/r/{table.token}/kasse/kasse.csv").startswith("Date;")
    assert _csv(table.client, played + "spiele.csv?sprache=de").startswith(GERMAN_HEAD)
    table.client.set_cookie("sprache", "de")
    assert "PDF auf Deutsch" in table.client.get(played).text


def test_a_language_not_offered_is_refused_and_changes_nothing(table: Any, played: str) -> None:
    page = _set(table, "fr").text
    assert "Diese Sprache gibt es hier nicht." in page
    assert _csv(table.client, played + "spiele.csv").startswith(GERMAN_HEAD)


def test_the_read_only_link_cannot_change_it(table: Any, played: str) -> None:
    from scorer import services

    with table.client.application.app_context():
        read = services.find_group(table.token).read_token
    page = table.client.get(f"/r/{read}/")
    assert "print-language" not in page.text
    response = table.client.post(f"/r/{read}/sprache", data={"sprache": "en"})
    assert response.status_code in (403, 404)
    assert _csv(table.client, played + "spiele.csv").startswith(GERMAN_HEAD)


def test_a_closed_evening_names_its_winner_in_english_and_stays_vorn_in_german(
        table: Any, played: str) -> None:
    assert table.client.post(played + "schliessen", data={"revision": "1"}).status_code == 302
    runde = f"/r/{table.token}/"
    table.client.set_cookie("sprache", "en")
    assert "winner: " in table.client.get(runde).text
    table.client.set_cookie("sprache", "de")
    assert "vorn: " in table.client.get(runde).text
