"""The printed sheet is made outside the request and kept under the evening's version
(scorer.printed.render, issue 26 #3): a request never renders, an unchanged evening is rendered
once, a long evening is printed in parts, and a worker that answers in threads may wait for
its sheet in the request. Real PDFs from the real render process, read back with pypdf; the
kept files are the real ones in the app's folder."""

from __future__ import annotations

import io
import re
import uuid
from pathlib import Path
from typing import Any

import pytest
from conftest import fetch_pdf, game_entry
from pypdf import PdfReader

from scorer.printed.evening import number

pytest.importorskip("weasyprint")

SEATS = ("Anna", "Ben", "Cem", "Dora")


def _text(data: bytes) -> str:
    pages = PdfReader(io.BytesIO(data)).pages
    return " ".join(" ".join(page.extract_text() for page in pages).split())


def _kept(app: Any) -> list[Path]:
    return sorted(Path(app.config["DOKO_PDF_FOLDER"]).glob("*.pdf"))


def _evening_of(app: Any, games: int) -> tuple[str, str]:
    """A Runde with an evening of ``games`` ddv games stored through the services (the pages
    would take long for many): its token and the evening's URL."""
    from scorer import services

    with app.app_context():
        group = services.create_group("Stammtisch", "ddv")
        players = [services.add_player(group, name) for name in SEATS]
        ids = {p.name: p.id for p in players}
        evening = services.start_evening(
            group, played_on=__import__("datetime").date(2026, 11, 25),
            seat_ids=[p.id for p in players], first_dealer_id=players[0].id, preset="ddv",
            rules=services.house_rules(group), planned_games=None, cents_per_point=0)
        for k in range(games):
            re_pair = [SEATS[k % 4], SEATS[(k + 1) % 4]]
            game = {"re": re_pair, "re_eyes": (151, 95, 130, 62)[k % 4]}
            assert services.add_game(evening, game_entry(game, ids), str(uuid.uuid4()))
        return group.edit_token, f"/r/{group.edit_token}/abend/{evening.number}/"


def test_the_request_renders_nothing_and_the_page_says_the_sheet_is_being_made(
        table, client, app):
    table.create_group(players=SEATS)
    sheet = table.start_evening()
    table.play(sheet, ("Anna", "Cem"), 151)
    waiting = client.get(sheet + "zettel.pdf")
    # The answer came before the sheet was made: no PDF, a page that asks again by itself.
    assert waiting.status_code == 202
    assert waiting.mimetype == "text/html"
    assert "Der Zettel wird erstellt" in waiting.text
    assert re.search(r'<meta http-equiv="refresh" content="\d+">', waiting.text)
    assert f'href="{sheet}zettel.pdf">Zettel jetzt holen</a>' in waiting.text
    pdf = fetch_pdf(client, sheet + "zettel.pdf")
    assert pdf.status_code == 200 and pdf.mimetype == "application/pdf"
    assert "Re Anna, Cem 151 : 89 Kontra" in _text(pdf.data)
    assert len(_kept(app)) == 1


def test_an_unchanged_evening_is_rendered_once_under_its_version(table, client, app):
    table.create_group(players=SEATS)
    sheet = table.start_evening()
    table.play(sheet, ("Anna", "Cem"), 151)
    first = fetch_pdf(client, sheet + "zettel.pdf")
    (kept,) = _kept(app)
    # Mark the kept file: what comes back unchanged is that file, not a new rendering.
    kept.write_bytes(first.data + b"%kept\n")
    again = client.get(sheet + "zettel.pdf")
    assert again.status_code == 200 and again.data == first.data + b"%kept\n"
    assert again.headers["ETag"] == first.headers["ETag"]
    # The phone that has it is told so, and gets nothing again.
    unchanged = client.get(sheet + "zettel.pdf",
                           headers={"If-None-Match": first.headers["ETag"]})
    assert unchanged.status_code == 304 and unchanged.data == b""
    # A new game is a new version: made anew, and the old one goes.
    table.play(sheet, ("Ben", "Dora"), 95)
    assert client.get(sheet + "zettel.pdf").status_code == 202
    newer = fetch_pdf(client, sheet + "zettel.pdf")
    assert newer.headers["ETag"] != first.headers["ETag"]
    assert "Re Ben, Dora 95 : 145 Kontra" in _text(newer.data)
    assert [p.name for p in _kept(app)] != [kept.name] and len(_kept(app)) == 1


def test_every_worker_serves_the_sheet_another_one_made(table, client, app, app_config):
    from scorer.app import create_app
    from scorer.store.extensions import db

    table.create_group(players=SEATS)
    sheet = table.start_evening()
    table.play(sheet, ("Anna", "Cem"), 151)
    made = fetch_pdf(client, sheet + "zettel.pdf")
    (kept,) = _kept(app)
    kept.write_bytes(made.data + b"%kept\n")
    worker = create_app(app_config)  # another worker: nothing in its memory
    try:
        served = worker.test_client().get(sheet + "zettel.pdf")
    finally:
        with worker.app_context():
            db.engine.dispose()  # its connection, closed (PostgreSQL warns of an open one)
    assert served.status_code == 200 and served.data == made.data + b"%kept\n"


@pytest.fixture
def app_config(app_config: dict[str, Any]) -> dict[str, Any]:
    # Parts of ten games, so that a short evening shows what a long one gets.
    return {**app_config, "DOKO_PDF_PART_GAMES": 10}


def test_an_evening_too_long_for_one_file_is_printed_in_parts(app, client):
    from scorer import services

    token, sheet = _evening_of(app, 23)
    with app.app_context():
        ledger = services.sheet(services.find_evening(services.find_group(token), 1)).ledger
    page = client.get(sheet + "zettel.pdf")
    assert page.status_code == 200 and page.mimetype == "text/html"
    assert "Dieser Abend hat 23 Spiele: zu viele für eine Datei." in page.text
    links = re.findall(r'href="([^"]+)">Teil (\d): Spiele (\d+)–(\d+)</a>', page.text)
    assert [link[1:] for link in links] == [("1", "1", "10"), ("2", "11", "20"),
                                           ("3", "21", "23")]
    second = fetch_pdf(client, links[1][0].replace("&amp;", "&"))
    assert second.status_code == 200
    assert second.headers["Content-Disposition"].startswith(
        'attachment; filename="doko-zettel-stammtisch-abend-1-2026-11-25-teil-2.pdf"')
    text = _text(second.data)
    assert "Teil 2 von 3 · Spiele 11–20" in text
    # It starts from the totals after game 10 and ends with those after game 20.
    for after in (10, 20):
        totals = " ".join(number(ledger.games[after - 1].totals[s]) for s in SEATS)
        assert f"Stand nach Spiel {after} {totals}" in text
    # ddv: the deal goes round, Anna first: game 11 Cem, 20 Dora (10 Ben, 21 Anna).
    assert re.search(r"\b11 Cem\b", text) and re.search(r"\b20 Dora\b", text)
    assert not re.search(r"\b(10 Ben|21 Anna)\b", text)
    last = _text(fetch_pdf(client, links[2][0].replace("&amp;", "&")).data)
    totals = " ".join(number(ledger.totals[s]) for s in SEATS)
    assert f"Endstand {totals}" in last and "Teil 3 von 3 · Spiele 21–23" in last
    assert client.get(sheet + "zettel.pdf?teil=4").status_code == 404
    assert client.get(sheet + "zettel.pdf?teil=x").status_code == 404


def test_a_worker_that_answers_in_threads_waits_for_its_sheet(table, client, app):
    app.config["DOKO_PDF_WAIT_SECONDS"] = 120  # however slow this machine is today
    table.create_group(players=SEATS)
    sheet = table.start_evening()
    table.play(sheet, ("Anna", "Cem"), 151)
    threaded = client.get(sheet + "zettel.pdf", environ_overrides={"wsgi.multithread": True})
    assert threaded.status_code == 200 and threaded.mimetype == "application/pdf"


def test_a_closed_evening_s_sheet_is_made_before_it_is_asked_for(table, client, app):
    import time

    table.create_group(players=SEATS)
    sheet = table.start_evening()
    table.play(sheet, ("Anna", "Cem"), 151)
    assert client.post(sheet + "schliessen", data={"revision": "1"}).status_code == 302
    assert client.get(sheet).status_code == 200  # the closed sheet, where the table prints
    deadline = time.monotonic() + 60
    while not _kept(app) and time.monotonic() < deadline:
        time.sleep(0.05)
    assert len(_kept(app)) == 1
    # "Drucken / PDF" finds it made: no waiting page.
    pdf = client.get(sheet + "zettel.pdf")
    assert pdf.status_code == 200 and "Re Anna, Cem 151 : 89 Kontra" in _text(pdf.data)
