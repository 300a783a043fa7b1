"""The paper fallback (issue 37): when a table's phone dies, the organiser prints the table's
list — players by seat, the first dealer and the order of dealing, who sits out, an empty
row per planned game and spare rows — and enters the games afterwards on the table's sheet
(its link on the organiser's page; after the round, "Tisch öffnen" first)."""

from __future__ import annotations

import re

from tests.club_helpers import NINE, Club
from tests.conftest import fetch_pdf, visible_text


def test_a_tables_paper_list_and_the_way_to_enter_it(app, client):
    club = Club(app, client)
    club.create(NINE, planned=8, rounds=2)
    club.draw(seed=5)
    drawn = client.get(club.home).text  # printed with the Tischzettel, before the start
    assert f'href="/t/{club.token}/runde/1/spielliste.pdf"' in drawn
    assert "eintragen</a>" not in drawn.split('id="papier"')[1].split("</section>")[0]
    club.start(1)
    four = next(t for t in club.tables.values() if len(t.seats) == 4)
    five = next(t for t in club.tables.values() if len(t.seats) == 5)
    page = client.get(club.home).text
    paper = f"/t/{club.token}/runde/1/tisch/{five.number}/spielliste.pdf"
    assert f'href="{paper}"' in page
    assert f'href="/r/{five.token}/abend/1/"' in page  # enter its games there
    response = fetch_pdf(client, paper)
    assert response.status_code == 200 and response.mimetype == "application/pdf"
    assert "spielliste-runde-1-tisch-" in response.headers["Content-Disposition"]
    pages = visible_text(response.data)
    text = " ".join(pages)
    assert f"Runde 1 · Tisch {five.number}" in text
    for seat, name in enumerate(five.seats, 1):
        assert f"Platz {seat}: {name}" in text
    assert f"Es gibt zuerst: {five.seats[0]} (Platz 1)" in text
    assert "Am Fünfertisch setzt der Geber aus." in text
    # 8 at a four is 10 at a five; and max(6, 10 // 4) = 6 spare rows: 16 numbered rows
    assert "10 geplante Spiele" in text
    numbers = [int(n) for n in re.findall(r"\b(\d{1,2})\b", pages[-1].split("Spiel, Ansagen")[-1])]
    assert numbers[:16] == list(range(1, 17)) and 17 not in numbers
    # the whole round: one page per table
    whole = fetch_pdf(client, f"/t/{club.token}/runde/1/spielliste.pdf")
    assert whole.status_code == 200
    texts = visible_text(whole.data)
    assert len(texts) == 2
    assert f"Tisch {four.number}" in " ".join(texts) and "setzt der Geber aus" not in texts[
        four.number - 1]
    # the organiser enters the table's games on its sheet: they count like any
    club.play(five, 2)
    assert fetch_pdf(client, f"/t/{club.token}/runde/9/spielliste.pdf").status_code == 404
    assert fetch_pdf(client, f"/t/{club.token}/runde/1/tisch/3/spielliste.pdf"
                     ).status_code == 404
