"""Exports: the PDF score sheet and the CSV files, read back and checked against the core."""

from __future__ import annotations

import csv
import io
import json
import re

import pytest
from conftest import fetch_pdf, game_entry
from pypdf import PdfReader

from scorer.core.evening import evening
from scorer.core.settlement import settle
from scorer.printed.evening import number

pytest.importorskip("weasyprint")

# Umlauts and an accent in the names: the CSV and the PDF must keep every letter.
SEATS = ("Jürgen", "Bärbel", "Cem", "Dörte", "Émile")
BOM = b"\xef\xbb\xbf"


def _pdf_text(data: bytes) -> str:
    pages = PdfReader(io.BytesIO(data)).pages
    return " ".join(" ".join(page.extract_text() for page in pages).split())


def _csv_rows(data: bytes) -> list[list[str]]:
    assert data.startswith(BOM)
    return list(csv.reader(io.StringIO(data.decode("utf-8-sig"), newline=""), delimiter=";"))


def _points(cell: str) -> int:
    """A player's points in a CSV row: 0 where the player did not play ("aus", or empty)."""
    return int(cell) if cell not in ("", "aus") else 0


@pytest.fixture
def played(table):
    """A five-seat evening with a sitter-out in every game, a solo and a Bock-free redeal."""
    url = table.create_group(name="Skatfreunde Köln", players=SEATS)
    sheet = table.start_evening(seats=SEATS, cents=10)
    table.play(sheet, ("Bärbel", "Dörte"), 151, players=("Bärbel", "Cem", "Dörte", "Émile"))
    table.play(sheet, ("Cem", "Jürgen"), 100, players=("Jürgen", "Cem", "Dörte", "Émile"),
               announced_kontra="ansage", extras_re_doppelkopf="1")
    table.play(sheet, ("Dörte",), 180, players=("Jürgen", "Bärbel", "Dörte", "Émile"),
               kind="solo", solo="damen")
    table.play(sheet, players=("Jürgen", "Bärbel", "Cem", "Émile"), kind="redeal")
    return url, sheet


# --------------------------------------------------------------------------- PDF


def test_the_pdf_sheet_has_the_runde_the_players_every_total_and_the_settlement(
        table, client, played):
    url, sheet = played
    response = fetch_pdf(client, sheet + "zettel.pdf")
    assert response.status_code == 200
    assert response.mimetype == "application/pdf"
    # The file says which Runde and which evening it holds; in ASCII for every browser, with
    # the Runde's own letters for those that read filename* (RFC 6266).
    assert response.headers["Content-Disposition"] == (
        'attachment; filename="doko-zettel-skatfreunde-koeln-abend-1-2025-11-20.pdf"; '
        "filename*=UTF-8''doko-zettel-skatfreunde-k%C3%B6ln-abend-1-2025-11-20.pdf")
    text = _pdf_text(response.data)
    ledger = table.ledger(sheet)
    assert "Skatfreunde Köln · Abend 1" in text and "Donnerstag, 20.11.2025" in text
    assert "Am Tisch: " + ", ".join(SEATS) in text
    # The last row of the game table: every seat's final total, in seat order.
    assert "Endstand " + " ".join(number(ledger.totals[s]) for s in SEATS) in text
    money = settle(ledger.totals, 10)
    assert money.lines() and all(re.search(r" zahlt .* €$", line) for line in money.lines())
    for line in money.lines():
        assert line in text
    assert "10 Cent pro Punkt · Ausgleich untereinander · auf den Cent" in text


PLAYED = {"rules": "ddv", "seats": list(SEATS), "games": [
    {"players": ["Bärbel", "Cem", "Dörte", "Émile"], "re": ["Bärbel", "Dörte"], "re_eyes": 151},
    {"players": ["Jürgen", "Cem", "Dörte", "Émile"], "re": ["Cem", "Jürgen"], "re_eyes": 100,
     "announced": {"kontra": "ansage"}, "extras": {"re": {"doppelkopf": 1}}},
    {"kind": "solo", "solo": "damen", "players": ["Jürgen", "Bärbel", "Dörte", "Émile"],
     "re": ["Dörte"], "re_eyes": 180},
    {"kind": "redeal", "players": ["Jürgen", "Bärbel", "Cem", "Émile"]},
]}
"""The games of ``played`` as CLI.md `evening` input, written from the fixture by hand."""


def test_the_pdf_shows_the_games_as_the_scorer_command_prints_the_same_evening(
        client, played, tmp_path):
    from scorer.cli import main

    _, sheet = played
    typed = tmp_path / "evening.json"
    typed.write_text(json.dumps(PLAYED), encoding="utf-8")
    assert main(["sheet", str(typed), "-o", str(tmp_path / "sheet.pdf")]) == 0

    def games(text: str) -> str:
        """The game table, from its head to the final totals."""
        return text[text.index("Nr. Wert"):text.index("Endstand ")]

    printed = _pdf_text((tmp_path / "sheet.pdf").read_bytes())
    served = _pdf_text(fetch_pdf(client, sheet + "zettel.pdf").data)
    assert games(served) == games(printed)
    # ddv, by hand: game 1 Re +2 each (won, Kontra under 90); game 2 Kontra +3 each (won +1,
    # Kontra angesagt +2, gegen die Alten +1, less Re's Doppelkopf +1); game 3 Dörte's
    # Damensolo 2 × 3 = +6 against −2 each; the redeal nothing. Seat order: Jürgen, Bärbel,
    # Cem, Dörte, Émile.
    assert "Endstand −5 0 −5 11 −1" in served and "Endstand −5 0 −5 11 −1" in printed


def test_the_pdf_settles_in_the_evening_s_own_mode_and_rounding(table, client):
    table.create_group(players=("Anna", "Ben", "Cem", "Dora"))
    data = table.evening_form(("Anna", "Ben", "Cem", "Dora"), cents=3)
    data.update(settlement_mode="pay_leader", settlement_rounding="ten_cents")
    sheet = client.post(f"/r/{table.token}/abend/neu", data=data).location
    table.play(sheet, ("Anna", "Cem"), 151)
    table.play(sheet, ("Ben", "Cem"), 95)
    ledger = table.ledger(sheet)
    money = settle(ledger.totals, 3, mode="pay_leader", rounding="ten_cents")
    text = _pdf_text(fetch_pdf(client, sheet + "zettel.pdf").data)
    assert money.payments
    for line in money.lines():
        assert line in text
    assert "3 Cent pro Punkt · Differenz zum Führenden in die Kasse · auf 10 Cent" in text


def test_an_evening_without_money_prints_no_settlement(table, client):
    table.create_group()
    sheet = table.start_evening(cents=0)
    table.play(sheet, ("Anna", "Cem"), 151)
    text = _pdf_text(fetch_pdf(client, sheet + "zettel.pdf").data)
    assert "Donnerstagsrunde" in text and "zahlt" not in text and "Abrechnung" not in text


@pytest.fixture
def recorded(table):
    """An evening of a penalty with its note and points taken over without one (RULES.md
    §10.1), stored as the services store every game."""
    from scorer import services

    table.create_group()
    sheet = table.start_evening()
    with table.app.app_context():
        evening = services.find_evening(services.find_group(table.token), 1)
        ids = services.sheet(evening).ids
        for k, (points, note) in enumerate([
                ({"Anna": 3, "Ben": -1, "Cem": -1, "Dora": -1}, "Strafpunkte: falsch bedient"),
                ({"Anna": -2, "Ben": 2, "Cem": -2, "Dora": 2}, None)]):
            facts = {"kind": "recorded", "points": points, **({"note": note} if note else {})}
            services.add_game(evening, game_entry(facts, ids),
                              f"00000000-0000-4000-8000-{k:012d}")
    return sheet


def test_the_pdf_shows_a_recorded_game_with_its_note_and_no_value(client, recorded):
    text = _pdf_text(fetch_pdf(client, recorded + "zettel.pdf").data)
    # Nr, Geber, (no Wert), the points and totals, then the words: §10.1's note, or
    # "übernommen" for points taken over without one.
    assert "1 Anna +3 3 −1 −1 −1 −1 −1 −1 Punkte eingetragen: Strafpunkte: falsch bedient" in text
    assert "2 Ben −2 1 +2 1 −2 −3 +2 1 Punkte eingetragen: übernommen" in text


def test_an_unknown_evening_has_no_pdf(table, client):
    url = table.create_group()
    assert client.get(f"{url}abend/9/zettel.pdf").status_code == 404
    assert client.get("/r/falsch/abend/1/zettel.pdf").status_code == 404


# --------------------------------------------------------------------------- CSV


def test_the_evening_csv_has_one_row_per_game_with_the_core_s_points(table, client, played):
    _, sheet = played
    response = client.get(sheet + "spiele.csv")
    assert response.status_code == 200
    assert response.headers["Content-Type"] == "text/csv; charset=utf-8"
    assert response.headers["Content-Disposition"] == (
        'attachment; filename="doko-zettel-skatfreunde-koeln-abend-1-2025-11-20.csv"; '
        "filename*=UTF-8''doko-zettel-skatfreunde-k%C3%B6ln-abend-1-2025-11-20.csv")
    header, *rows, totals = _csv_rows(response.data)
    assert header == [*COLUMNS, *SEATS]
    ledger = table.ledger(sheet)
    assert len(rows) == len(ledger.games) == 4
    for row, game in zip(rows, ledger.games):
        record = dict(zip(header, row))
        assert int(record["Nr"]) == game.number
        assert record["Geber"] == game.dealer
        assert {s: _points(record[s]) for s in SEATS} == game.points
        # Whoever sits out at the table says so, as on the sheet: not a 0 that looks like a
        # played game.
        assert [s for s in SEATS if record[s] == "aus"] == [
            s for s in SEATS if s not in game.players]
    normal, announced, solo, redeal = (dict(zip(header, row)) for row in rows)
    assert (normal["Spielart"], normal["Re"], normal["Kontra"], normal["Augen Re"],
            normal["Augen Kontra"]) == ("Normalspiel", "Bärbel, Dörte", "Cem, Émile", "151", "89")
    assert int(normal["Grundwert"]) == ledger.games[0].score.value
    assert announced["Ansagen"] == "Kontra" and announced["Sonderpunkte"] == "Re: Doppelkopf"
    assert solo["Spielart"] == "Pflichtsolo (Damensolo)" and solo["Re"] == "Dörte"
    assert (redeal["Spielart"], redeal["Re"], redeal["Grundwert"]) == ("neu gegeben", "", "")
    # The last row: everybody's total, as the sheet's Endstand.
    record = dict(zip(header, totals))
    assert record["Spielart"] == "Endstand"
    assert {s: int(record[s]) for s in SEATS} == ledger.totals


COLUMNS = ["Nr", "Geber", "Spielart", "Re", "Kontra", "Augen Re", "Augen Kontra", "Ohne Stich",
           "Ansagen", "Sonderpunkte", "Gewinner", "Wertung", "Bock", "Grundwert", "Hinweise"]


def test_the_csv_shows_a_recorded_game_with_its_note_and_no_grundwert(client, recorded):
    header, *rows, totals = _csv_rows(client.get(recorded + "spiele.csv").data)
    penalty, taken = (dict(zip(header, row)) for row in rows)
    # RULES.md §10.1: no Grundwert; the note is the game's Wertung, as on the sheet.
    assert (penalty["Spielart"], penalty["Grundwert"]) == ("Punkte eingetragen", "")
    assert "Strafpunkte: falsch bedient" in penalty["Wertung"]
    assert [int(penalty[p]) for p in ("Anna", "Ben", "Cem", "Dora")] == [3, -1, -1, -1]
    assert (taken["Spielart"], taken["Grundwert"]) == ("Punkte eingetragen", "")
    assert "übernommen" in taken["Wertung"]
    assert [int(v) for v in totals[-4:]] == [1, 1, -3, 1]


def test_the_csv_is_semicolon_separated_utf8_with_a_byte_order_mark(table, client, played):
    _, sheet = played
    data = client.get(sheet + "spiele.csv").data
    assert data.startswith(BOM)
    first_line = data[len(BOM):].split(b"\r\n")[0].decode("utf-8")
    assert first_line == ";".join([*COLUMNS, *SEATS])


def test_the_runde_csv_has_every_game_of_every_evening(table, client, played):
    url, first = played
    second = table.start_evening(seats=("Cem", "Dörte", "Émile", "Bärbel"))
    table.play(second, ("Cem", "Émile"), 200)
    response = client.get(url + "spiele.csv")
    assert response.status_code == 200
    assert response.headers["Content-Disposition"] == (
        'attachment; filename="doko-zettel-skatfreunde-koeln-alle-spiele.csv"; '
        "filename*=UTF-8''doko-zettel-skatfreunde-k%C3%B6ln-alle-spiele.csv")
    header, *rows = _csv_rows(response.data)
    assert header[:3] == ["Abend", "Datum", "Nr"]
    assert header[-5:] == list(SEATS)  # everybody who ever sat, in order of appearance
    ledgers = {1: table.ledger(first), 2: table.ledger(second)}
    games = [dict(zip(header, row)) for row in rows if row[2]]
    expected = [(n, g) for n, ledger in ledgers.items() for g in ledger.games]
    assert len(games) == len(expected) == 5
    for record, (evening_number, game) in zip(games, expected):
        assert (int(record["Abend"]), record["Datum"]) == (evening_number, "2025-11-20")
        assert int(record["Nr"]) == game.number
        for seat in SEATS:
            assert _points(record[seat]) == game.points.get(seat, 0)
    # Jürgen was not at the second evening: his cell is empty.
    assert games[-1]["Jürgen"] == ""
    # Each evening ends with its totals, the Runde with everybody's points over all evenings.
    totals = [dict(zip(header, row)) for row in rows if not row[2]]
    assert [t["Spielart"] for t in totals] == ["Endstand", "Endstand", "Summe aller Abende"]
    assert {s: _points(totals[2][s]) for s in SEATS} == {
        s: sum(ledger.totals.get(s, 0) for ledger in ledgers.values()) for s in SEATS}


def test_a_name_that_looks_like_a_formula_stays_text(table, client):
    table.create_group(players=("=1+2", "Ben", "Cem", "Dora"))
    sheet = table.start_evening(seats=("=1+2", "Ben", "Cem", "Dora"))
    table.play(sheet, ("Ben", "Cem"), 151)
    # A solo the formula-named player won: its winner cell names them.
    table.play(sheet, ("=1+2",), 151, kind="solo", solo="damen", pflicht="lust")
    header, row, solo, _ = _csv_rows(client.get(sheet + "spiele.csv").data)
    assert header[-4] == "'=1+2" and row[1] == "'=1+2"  # the dealer
    assert row[-4] == "-2"  # numbers stay numbers
    assert all(not cell.startswith(("=", "+", "-", "@")) or cell.lstrip("+-").isdigit()
               for cell in solo), solo
    assert "'=1+2 gewinnt" in solo


def test_an_empty_runde_gives_a_csv_with_only_the_header(table, client):
    url = table.create_group()
    header, *rows = _csv_rows(client.get(url + "spiele.csv").data)
    assert header[:3] == ["Abend", "Datum", "Nr"] and rows == []


def test_the_evening_page_links_the_pdf_and_the_csv(table, client, played):
    url, sheet = played
    page = client.get(sheet).text
    assert f'href="{sheet}zettel.pdf">Drucken / PDF</a>' in page
    assert f'href="{sheet}spiele.csv"' in page
    runde = client.get(url).text
    assert f'href="{url}spiele.csv"' in runde and f'href="{url}statistik"' in runde


# --------------------------------------------------------------------------- LibreOffice

OFFICE = "urn:oasis:names:tc:opendocument:xmlns:office:1.0"
TABLE = "urn:oasis:names:tc:opendocument:xmlns:table:1.0"
TEXT = "urn:oasis:names:tc:opendocument:xmlns:text:1.0"


def _ods_rows(path) -> list[list[tuple[str, str]]]:
    """(value type, value) per cell of the first sheet of an .ods file."""
    import xml.etree.ElementTree as ET
    import zipfile

    root = ET.fromstring(zipfile.ZipFile(path).read("content.xml"))
    rows = []
    for row in root.iter(f"{{{TABLE}}}table-row"):
        cells = []
        for cell in row.iter(f"{{{TABLE}}}table-cell"):
            kind = cell.get(f"{{{OFFICE}}}value-type", "")
            value = cell.get(f"{{{OFFICE}}}value") or "".join(
                p.text or "" for p in cell.iter(f"{{{TEXT}}}p"))
            cells += [(kind, value)] * int(cell.get(f"{{{TABLE}}}number-columns-repeated", "1"))
        rows.append(cells)
    return rows


def test_libreoffice_reads_names_and_numbers_from_the_csv(table, client, played, tmp_path):
    import shutil
    import subprocess

    office = shutil.which("soffice") or shutil.which("libreoffice")
    if office is None:
        pytest.skip("LibreOffice is not installed")
    _, sheet = played
    (tmp_path / "spiele.csv").write_bytes(client.get(sheet + "spiele.csv").data)
    # 59 = semicolon, 34 = double quote, 76 = UTF-8: what the import dialog shows for this file.
    subprocess.run([office, "--headless", f"-env:UserInstallation={(tmp_path / 'lo').as_uri()}",
                    "--infilter=CSV:59,34,76,1", "--convert-to", "ods", "--outdir",
                    str(tmp_path), str(tmp_path / "spiele.csv")],
                   check=True, capture_output=True, timeout=120)
    header, *rows = _ods_rows(tmp_path / "spiele.ods")
    columns = len(COLUMNS)
    assert [value for _, value in header[:columns + 5]] == [*COLUMNS, *SEATS]
    ledger = table.ledger(sheet)
    for row, game in zip(rows, ledger.games):
        assert row[1] == ("string", game.dealer)
        for k, seat in enumerate(SEATS):
            kind, value = row[columns + k]
            if seat in game.players:
                assert (kind, int(value)) == ("float", game.points[seat])
            else:
                assert (kind, value) == ("string", "aus")


def _read_token(app, table) -> str:
    from scorer import services

    with app.app_context():
        return services.find_group(table.token).read_token


def test_a_read_only_link_gets_the_pdf_the_csv_and_the_statistics(table, client, app, played):
    read = f"/r/{_read_token(app, table)}/"
    page = client.get(f"{read}abend/1/").text
    assert f'href="{read}abend/1/zettel.pdf"' in page and table.token not in page
    assert fetch_pdf(client, f"{read}abend/1/zettel.pdf").status_code == 200
    assert client.get(f"{read}abend/1/spiele.csv").status_code == 200
    assert client.get(f"{read}spiele.csv").status_code == 200
    stats = client.get(f"{read}statistik")
    assert stats.status_code == 200 and table.token not in stats.text


def test_doppelt_and_the_hammelrennen_augen_are_written_out():
    from scorer.printed.tables import evening_csv

    doppelt = evening({"rules": "orbital", "seats": ["A", "B", "C", "D"], "games": [
        {"re": ["A", "B"], "re_eyes": 190, "doppelt": {"re": 2, "kontra": 1},
         "announced": {"re": "keine_90"}}]})
    header, row, _ = _csv_rows(evening_csv(doppelt).encode("utf-8"))
    assert dict(zip(header, row))["Ansagen"] == "Re keine 90, Re 2× Doppelt, Kontra 1× Doppelt"
    hammel = evening({"rules": "voss", "seats": ["A", "B", "C", "D"], "games": [
        {"kind": "hammelrennen", "eyes": {"A": 130, "B": 40, "C": 40, "D": 30}}]})
    header, row, _ = _csv_rows(evening_csv(hammel).encode("utf-8"))
    record = dict(zip(header, row))
    assert record["Spielart"] == "Hammelrennen (B 40 · C 40 · D 30 · A 130)"
    assert (record["Re"], record["Augen Re"]) == ("", "")
    assert [int(record[p]) for p in "ABCD"] == [3, -1, -1, -1]
