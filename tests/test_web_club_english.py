"""The club evening in English (issue #35): an English phone reads the organiser's page, its
flash messages and refusals, the ranking and a printed seating plan in English, with the
glossary's words (organiser, draw, seed, round, table of four); a German phone reads the
same pages as before."""

from __future__ import annotations

from typing import Any

import pytest

from tests.club_helpers import NINE, Club
from tests.test_web_club import flashes

pytestmark = pytest.mark.db


@pytest.fixture
def app_config(app_config: dict[str, Any]) -> dict[str, Any]:
    return {**app_config, "DOKO_LANGUAGES": ("de", "en")}


@pytest.fixture
def club(app: Any) -> Club:
    client = app.test_client()
    client.environ_base["HTTP_ACCEPT_LANGUAGE"] = "en-GB,en;q=0.9"
    return Club(app, client)


def test_an_english_organiser_draws_starts_and_is_refused_in_english(club: Club) -> None:
    club.create(NINE, planned=4, rounds=2)
    page = club.draw(seed=42)
    assert "Round 1 drawn (seed 42)." in flashes(page)
    assert "Round 1 is drawn and waiting for the start" in page.text
    assert "Start round 1" in page.text and "Runde 1 starten" not in page.text
    page = club.start(1)
    assert "Round 1 is running. Good cards!" in flashes(page)
    page = club.post("runde/1/starten")
    assert "Round 1 has started already" in flashes(page)
    ranking = club.client.get(club.home + "rangliste").text
    assert "Scoring: table points" in ranking and "Ranking on your phone" in ranking
    assert "Wertung" not in ranking


def test_an_english_seating_plan_says_table_and_seat(club: Club) -> None:
    from scorer import services
    from scorer.printed.club import club_html, seating_context
    from scorer.words.i18n import speaking

    club.create(NINE, planned=4, rounds=1)
    club.draw(seed=3)
    with club.app.test_request_context(), speaking("en"):
        tournament = services.find_tournament(club.token)
        results = services.results(tournament)
        html = club_html("club_seating.html",
                         seating_context(tournament, results.rounds[0], results.numbers))
    assert '<html lang="en">' in html and "Seat 1 deals first · Drawn with seed 3" in html
    assert "By table" in html and "Sitzplan" not in html


def test_a_german_phone_still_reads_german(app: Any) -> None:
    club = Club(app, app.test_client())
    club.client.environ_base["HTTP_ACCEPT_LANGUAGE"] = "de-DE,de;q=0.9"
    club.create(NINE[:4], planned=4, rounds=1)
    page = club.draw(seed=1)
    assert "Runde 1 ausgelost (Startzahl 1)." in flashes(page)
    assert "Runde 1 starten" in page.text
