"""A table's games counted the same way on every page that counts them: the organiser's
page, the ranking, the table's own page, its closed sheet and the result PDF. RULES.md §7
counts against the plan only the games after which the dealer advanced, so a Pflichtsolo
the player chose (ddv: the dealer stays) is on the sheet but not a planned game; every page
says so instead of showing a different number."""

from __future__ import annotations

import io
import re
import uuid
from typing import Any

import pytest

from tests.club_helpers import Club
from tests.conftest import fetch_pdf

EIGHT = ("Anna", "Ben", "Cem", "Dora", "Emil", "Fritz", "Gabi", "Hans")


@pytest.fixture
def club(app: Any, client: Any) -> Club:
    return Club(app, client)


def pdf_text(data: bytes) -> str:
    from pypdf import PdfReader

    pages = PdfReader(io.BytesIO(data)).pages
    return " ".join(" ".join(page.extract_text().split()) for page in pages)


def one_line(html: str) -> str:
    """The page's text with its whitespace folded, as the eye reads it."""
    return " ".join(re.sub(r"<[^>]+>", " ", html).split())


def test_a_chosen_pflichtsolo_is_on_every_page_as_a_game_that_does_not_count(club):
    # Tester's finding: after 4 games, one a chosen Pflichtsolo, the organiser said
    # "beendet nach 3 von 24", the ranking "Spiel 3 von 24", the table "4 Spiele" and the
    # PDF "4 Spiele (geplant: 24)".
    club.create(EIGHT, rules="ddv-liste", planned=24, rounds=2)
    club.draw(seed=3)
    club.start(1)
    table = club.tables[(1, 1)]
    club.play(table, 1)
    # ddv: the first solo is the Pflichtsolo; 23 games left for 4 open ones, so not forced,
    # and the dealer deals again (stay_pflicht).
    club.solo(table, table.ledger().next.players[0])
    club.play(table, 2)
    ledger = table.ledger()
    assert (len(ledger.games), ledger.planned_played) == (4, 3)
    assert ledger.games[1].pflicht and ledger.games[1].forced_soloist is None

    words = "3 von 24 Spielen gezählt, dazu 1 Pflichtsolo, das nicht mitzählt"
    assert f"Tisch 1: {words}" in one_line(club.client.get(club.home).text)
    assert f"Tisch 1: {words}" in one_line(club.client.get(club.home + "rangliste").text)
    assert f"Stand: {words}" in one_line(club.client.get(f"/r/{table.token}/").text)
    # The open sheet counts against the plan in its own words, and says the same.
    assert ("(3 von 24 geplanten gezählt, dazu 1 Pflichtsolo, das nicht mitzählt)"
            in one_line(club.client.get(table.sheet).text))

    club.end(1)
    assert f"Tisch 1: beendet – {words}" in one_line(club.client.get(club.home).text)
    sheet = one_line(club.client.get(table.sheet).text)
    assert f"4 Spiele. Geplant: {words}." in sheet
    pdf = pdf_text(fetch_pdf(club.client, club.home + "ergebnis.pdf").data)
    assert words in pdf
    assert not re.search(r"(?<!\d)4 Spiele\b", pdf) and "geplant: 24" not in pdf
    # The other table played nothing: one way of saying it too.
    assert "0 von 24 Spielen gezählt" in pdf


def test_a_redeal_is_counted_on_the_ranking_as_the_pdf_counts_it(club):
    # Tester's finding: round 2 with 2 games entered, the ranking said "Spiel 1 von 24",
    # the PDF "2 Spiele".
    club.create(EIGHT, rules="ddv-liste", planned=24, rounds=1)
    club.draw(seed=5)
    club.start(1)
    table = club.tables[(1, 2)]
    club.play(table, 1)
    response = club.app.test_client().post(table.sheet + "spiel/neu", data={
        "entry_key": str(uuid.uuid4()), "kind": "redeal"})
    assert response.status_code == 302, response.text
    table.games.append({"kind": "redeal"})
    assert table.ledger().planned_played == 1

    words = "1 von 24 Spielen gezählt, dazu 1 neu gegebenes Spiel, das nicht mitzählt"
    assert f"Tisch 2: {words}" in one_line(club.client.get(club.home + "rangliste").text)
    assert words in pdf_text(fetch_pdf(club.client, club.home + "ergebnis.pdf").data)


# ------------------------------------------------------------------ one is not many


def test_a_table_of_one_game_is_not_one_spiele_in_the_result_pdf(club):
    # Tester's finding: "1 Spiele (geplant: 30)".
    club.create(("Anna", "Ben", "Cem", "Dora", "Emil"), rules="ddv-liste", planned=24,
                rounds=1)
    club.draw(seed=1)
    club.start(1)
    table = club.tables[(1, 1)]
    assert table.planned == 30
    club.play(table, 1)
    pdf = pdf_text(fetch_pdf(club.client, club.home + "ergebnis.pdf").data)
    assert not re.search(r"\b1 Spiele\b", pdf)
    assert "1 von 30 Spielen gezählt" in pdf


def test_a_tournament_of_one_round_counts_it_as_one_runde(club):
    club.create(EIGHT, planned=4, rounds=1)
    page = one_line(club.client.get(club.home).text)
    assert "0 von 1 Runde begonnen" in page and "1 Runden" not in page


def test_a_draw_that_seats_one_pair_again_says_one_pair(club):
    # 17 players sit at 4 + 4 + 4 + 5: in round 2 the five come from four tables of round
    # 1, so two of them met before; the other tables need not repeat anybody.
    club.create([f"Spieler {k:02d}" for k in range(1, 18)], planned=4, rounds=2)
    club.draw(seed=1)
    club.start(1)
    page = one_line(club.draw(seed=2).text)
    assert "Runde 2 ausgelost (Startzahl 2; 1 Paar sitzt wieder zusammen)." in page
    assert "1 Paar sitzt wieder zusammen</p>" in page or "· 1 Paar sitzt wieder zusammen" in page
