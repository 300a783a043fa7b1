"""Paper sheets and spreadsheets, issue 28 §2: CSV (semicolon, comma or tab; UTF-8 with or
without BOM, or Windows-1252; decimal comma or point), points per game or running totals,
plus-minus or one-sided sheets, and the Doppelkopffreunde-Ramsdorf XLSX export (one sheet per
evening, 11 fixed columns, a Summe row, minus points only; IMPORT-FORMATS.md §4.5). Expected
numbers are worked out here from the sheets."""

from __future__ import annotations

import datetime as dt
import io
import zipfile
from pathlib import Path
from typing import Any

import pytest

from scorer.importers import ImportRefused, read_import

DATA = Path(__file__).resolve().parent / "data" / "import"


def csv(text: str, name: str = "abend.csv", encoding: str = "utf-8") -> Any:
    return read_import(text.encode(encoding), name)


def refused(text: str, name: str = "abend.csv") -> list[str]:
    with pytest.raises(ImportRefused) as err:
        read_import(text.encode(), name)
    return err.value.lines()


def points(evening: Any) -> list[dict[str, int]]:
    return [e["points"] for e in evening.entries if "table" not in e]


# ------------------------------------------------------------------ the sample sheets


def test_a_paper_sheet_with_dates_dealer_and_sums_becomes_two_evenings() -> None:
    plan = read_import((DATA / "paper-points.csv").read_bytes(), "paper-points.csv")
    first, second = plan.evenings
    assert [str(first.date), str(second.date)] == ["2025-09-12", "2025-09-19"]
    # five at the table; the dealer sits out; Cem deals twice: he stayed after Emil's solo
    assert first.seats == ("Anna", "Ben", "Cem", "Dora", "Emil")
    ledger = first.fold()
    assert [g.dealer for g in ledger.games] == ["Anna", "Ben", "Cem", "Cem", "Dora", "Emil"]
    assert [g.dealer not in g.players for g in ledger.games] == [True] * 6
    assert first.entries[2]["dealer_stays"] is True
    assert first.entries[0]["points"] == {"Ben": 2, "Cem": 2, "Dora": -2, "Emil": -2}  # "2,0"
    assert ledger.totals == {"Anna": 5, "Ben": 4, "Cem": 2, "Dora": -3, "Emil": -8}
    assert first.entries[1]["note"] == "Re, keine 90"
    # the second evening: four, then Emil joins and Dora deals (and sits out)
    assert second.seats == ("Anna", "Ben", "Cem", "Dora")
    assert second.entries[2] == {"table": ["Anna", "Ben", "Cem", "Dora", "Emil"],
                                 "dealer": "Dora"}
    assert second.fold().totals == {"Anna": 0, "Ben": 0, "Cem": -4, "Dora": 2, "Emil": 2}
    assert second.entry_places[2] == "Zeile 12"
    assert all(n == "Erkannt: Punkte je Spiel." for e in plan.evenings for n in e.notes)


def test_running_totals_are_detected_and_their_differences_imported() -> None:
    plan = read_import((DATA / "abend-2025-10-10.csv").read_bytes(), "abend-2025-10-10.csv")
    (evening,) = plan.evenings
    assert evening.notes[0].startswith("Erkannt: laufende Summen")
    assert points(evening) == [
        {"Anna": 1, "Ben": 1, "Cem": -1, "Dora": -1},
        {"Anna": 2, "Ben": -2, "Cem": -2, "Dora": 2},
        {"Anna": -3, "Ben": -3, "Cem": 3, "Dora": 3},
        {"Anna": 9, "Ben": -3, "Cem": -3, "Dora": -3},
        {"Anna": 0, "Ben": 0, "Cem": 0, "Dora": 0},
        {"Anna": -2, "Ben": 2, "Cem": 2, "Dora": -2}]
    assert evening.fold().totals == {"Anna": 7, "Ben": -5, "Cem": -1, "Dora": -1}
    assert str(evening.date) == "2025-10-10"  # from the file's name
    assert evening.first_dealer is None


def test_a_sheet_of_minus_points_pays_the_winners_what_the_losers_paid() -> None:
    plan = read_import((DATA / "minuspunkte-2025-11-21.csv").read_bytes(),
                       "minuspunkte-2025-11-21.csv")
    (evening,) = plan.evenings
    assert points(evening) == [
        {"Anna": 1, "Jürgen": 1, "Cem": -1, "Dora": -1},   # 0 0 −1 −1
        {"Anna": -2, "Jürgen": 2, "Cem": 2, "Dora": -2},   # −2 0 0 −2
        {"Anna": 3, "Jürgen": -1, "Cem": -1, "Dora": -1},  # the soloist won: +3
        {"Anna": -3, "Jürgen": 1, "Cem": 1, "Dora": 1}]    # the soloist lost 3
    assert dict(evening.source_totals) == {"Anna": -5, "Jürgen": -1, "Cem": -2, "Dora": -4}
    assert "nur Minuspunkte" in evening.notes[0]
    assert any("Windows-1252" in w for w in plan.warnings)


# ------------------------------------------------------------------ dialects and numbers


@pytest.mark.parametrize("text", [
    "Anna;Ben;Cem;Dora\n1;1;-1;-1\n-2;2;-2;2\n",
    "Anna,Ben,Cem,Dora\n1,1,-1,-1\n-2,2,-2,2\n",
    "Anna\tBen\tCem\tDora\n1\t1\t-1\t-1\n-2\t2\t-2\t2\n",
    "\ufeffAnna;Ben;Cem;Dora\r\n1,0;1,0;-1,0;-1,0\r\n-2;2;-2;2\r\n",
    "Anna,Ben,Cem,Dora\n1.0,1.00,-1,−1\n\"-2\",+2,-2,2\n",
    "Spielliste vom 3.3.2026\n\nAnna;Ben;Cem;Dora\n1;1;-1;-1\n-2;2;-2;2\n",
], ids=["semicolon", "comma", "tab", "bom-crlf-decimal-comma", "decimal-point-quotes-signs",
        "title-above"])
def test_every_usual_way_of_writing_a_csv_reads_the_same(text: str) -> None:
    (evening,) = csv(text).evenings
    assert points(evening) == [{"Anna": 1, "Ben": 1, "Cem": -1, "Dora": -1},
                               {"Anna": -2, "Ben": 2, "Cem": -2, "Dora": 2}]


def test_a_date_above_the_header_dates_the_evening() -> None:
    (evening,) = csv("Spielliste vom 3.3.2026\nAnna;Ben;Cem;Dora\n1;1;-1;-1\n").evenings
    assert evening.date == dt.date(2026, 3, 3)


def test_a_sitting_out_player_written_as_0_is_not_at_the_table_of_that_game() -> None:
    (evening,) = csv("Geber;Anna;Ben;Cem;Dora;Emil\nAnna;0;1;1;-1;-1\n"
                     "Ben;2;0;-2;2;-2\n").evenings
    assert points(evening)[0] == {"Ben": 1, "Cem": 1, "Dora": -1, "Emil": -1}
    assert evening.entries[0]["players"] == ["Ben", "Cem", "Dora", "Emil"]


def test_a_trailing_game_value_column_is_no_player() -> None:
    # as DapfiDuck's sheets keep it: four running totals and the game's value "S"
    (evening,) = csv("Anna,Ben,Cem,Dora,S\n1,1,-1,-1,1\n3,-1,-3,1,2\n").evenings
    assert evening.seats == ("Anna", "Ben", "Cem", "Dora")
    assert points(evening)[1] == {"Anna": 2, "Ben": -2, "Cem": -2, "Dora": 2}


def test_players_who_come_and_go_make_table_changes() -> None:
    # Emil misses the first two games: more than sitting out explains at a table of five,
    # so he came later; Anna misses the last two: she left. A gap of one is sitting out.
    text = ("Anna;Ben;Cem;Dora;Emil\n1;1;-1;-1;\n-1;1;1;-1;\n1;-1;;-1;1\n"
            ";2;-2;-2;2\n;-1;1;1;-1\n")
    (evening,) = csv(text).evenings
    assert evening.seats == ("Anna", "Ben", "Cem", "Dora")
    assert [e.get("table") for e in evening.entries] == [
        None, None, ["Anna", "Ben", "Cem", "Dora", "Emil"], None,
        ["Ben", "Cem", "Dora", "Emil"], None, None]
    assert evening.fold().totals == {"Anna": 1, "Ben": 2, "Cem": -1, "Dora": -4, "Emil": 2}
    (rotating,) = csv("Anna;Ben;Cem;Dora;Emil\n;1;1;-1;-1\n1;;-1;1;-1\n").evenings
    assert rotating.seats == ("Anna", "Ben", "Cem", "Dora", "Emil")  # one gap: sitting out


def test_a_dealer_out_of_turn_is_a_new_dealer_at_the_same_table() -> None:
    text = "Geber;Anna;Ben;Cem;Dora\nAnna;1;1;-1;-1\nDora;1;1;-1;-1\n"
    (evening,) = csv(text).evenings
    assert evening.entries[1] == {"table": ["Anna", "Ben", "Cem", "Dora"], "dealer": "Dora"}
    assert any("Dora gibt außer der Reihe" in n for n in evening.notes)
    assert [g.dealer for g in evening.fold().games] == ["Anna", "Dora"]


# ------------------------------------------------------------------ refusals


@pytest.mark.parametrize("text, line", [
    ("Anna;Ben;Cem;Dora\n1;1;-1;-1\n1;1;1;-1\n",
     "Datei „abend.csv“, Zeile 3: die Punkte ergeben zusammen +2, nicht 0"),
    ("Anna;Ben;Cem;Dora\n1;zwei;-1;-1\n", "Zeile 2, Spalte Ben: „zwei“ ist keine Zahl"),
    ("Anna;Ben;Cem;Dora\n1,5;1;-1;-1,5\n", "Zeile 2, Spalte Anna: „1,5“ ist keine ganze Zahl"),
    ("Datum;Anna;Ben;Cem;Dora\n31.02.2026;1;1;-1;-1\n",
     "Zeile 2, Spalte Datum: „31.02.2026“ ist kein gültiges Datum"),
    ("Anna;Ben;Cem;Dora\n1;;-1;\n", "Zeile 2: nur 2 Spieler haben Punkte; ein Spiel hat vier"),
    ("Anna;Ben;Cem;Dora\n1;x;-1;0\n", "(eine leere Zelle, „x“ oder „-“ heißt: nicht am Tisch"),
    ("A;B;C;D;E;F;G;H\n1;1;-1;-1;;;;\n;;;;1;1;-1;-1\n1;;;;1;-1;;-1\n",
     "Zeile 2: 8 Spieler zugleich am Tisch (höchstens 7)"),
    ("Geber;Anna;Ben;Cem;Dora\nZoe;1;1;-1;-1\n",
     "Zeile 2, Spalte Geber: der Geber „Zoe“ hat keine Spalte"),
    ("Nr;Anna;Ben;Cem;Dora\n1;1;1;-1;-1\nSumme;1;1;-1;-2\n",
     "Zeile 3 (Summe), Spalte Dora: steht -2, die Spiele ergeben -1"),
    ("Anna;Ben;Cem;Dora\n1;1;-1;-1;7\n", "Zeile 2: mehr Einträge als die Kopfzeile Spalten"),
    ("Punkte;Wert\n1;2\n", "keine Kopfzeile mit mindestens vier Spielernamen"),
    ("Anna;Ben;Anna;Dora\n1;1;-1;-1\n", "Spalte 3: der Spieler „Anna“ hat schon eine Spalte"),
    ("Anna;Ben;Cem;Dora;Emil\n0;0;-1;-1;0\n",
     "Zeile 2: 5 Spieler haben Einträge; ein Spiel hat vier"),
], ids=["sum", "word", "fraction", "date", "three", "x-is-empty", "eight", "dealer", "sum-row", "wide",
        "no-header", "column-twice", "minus-five"])
def test_a_broken_sheet_is_refused_naming_row_and_column(text: str, line: str) -> None:
    lines = refused(text)
    assert any(line in got for got in lines), lines


@pytest.mark.parametrize("text, lines", [
    # Cells that are no numbers, a date and a dealer, in two rows: each cell its own line.
    ("Datum;Geber;Anna;Ben;Cem;Dora\n"
     "02.01.2026;Anna;1;-1;1;-1\n"
     "02.01.2026;Anna;eins;-1;1;zwei\n"
     "02.01.2026;Anna;1;-1;1;-1\n"
     "31.02.2026;Zoe;1;-1;1;-1\n",
     ["Datei „abend.csv“, Zeile 3, Spalte Anna: „eins“ ist keine Zahl",
      "Datei „abend.csv“, Zeile 3, Spalte Dora: „zwei“ ist keine Zahl",
      "Datei „abend.csv“, Zeile 5, Spalte Datum: „31.02.2026“ ist kein gültiges Datum",
      "Datei „abend.csv“, Zeile 5, Spalte Geber: der Geber „Zoe“ hat keine Spalte"]),
    # Rows whose points do not add up, wherever they are.
    ("Anna;Ben;Cem;Dora\n1;-1;1;-1\n2;-1;1;-1\n1;1;-1;-1\n-1;1;-1;1\n1;-1;1;-3\n",
     ["Datei „abend.csv“, Zeile 3: die Punkte ergeben zusammen +1, nicht 0",
      "Datei „abend.csv“, Zeile 6: die Punkte ergeben zusammen −2, nicht 0"]),
    # Games of two evenings (split by the date) with too few players each.
    ("Datum;Anna;Ben;Cem;Dora\n01.01.2026;1;-1;;\n01.01.2026;1;1;-1;-1\n"
     "08.01.2026;1;1;-1;-1\n08.01.2026;;1;-1;\n",
     ["Datei „abend.csv“, Zeile 2: nur 2 Spieler haben Punkte",
      "Datei „abend.csv“, Zeile 5: nur 2 Spieler haben Punkte"]),
    # A cell that is no number and, elsewhere, a row that does not add up: both at once.
    ("Anna;Ben;Cem;Dora\n1;-1;1;-1\nabc;-1;1;-1\n2;-1;1;-1\n1;-1;1;-1\n1;x;-1;\n",
     ["Datei „abend.csv“, Zeile 3, Spalte Anna: „abc“ ist keine Zahl",
      "Datei „abend.csv“, Zeile 4: die Punkte ergeben zusammen +1, nicht 0",
      "Datei „abend.csv“, Zeile 6: nur 2 Spieler haben Punkte"]),
], ids=["cells", "sums", "two-evenings", "cell-and-sum"])
def test_a_sheet_broken_in_several_places_names_every_place_at_once(
        text: str, lines: list[str]) -> None:
    got = refused(text)
    assert len(got) == len(lines), got
    for line, found in zip(lines, got):
        assert found.startswith(line), (line, got)


@pytest.mark.parametrize("text, line", [
    # Five at the table, one sitting out each game: row 4 wrote "x" for Ben beside four
    # numbers, 3 + 1 − 1 + 0 = +3.
    ("Anna;Ben;Cem;Dora;Emil\n1;1;-1;-1;\n;2;-2;-2;2\n3;x;1;-1;0\n",
     "Datei „abend.csv“, Zeile 4: die Punkte ergeben zusammen +3, nicht 0 "
     "(Ben: „x“ zählt als nicht am Tisch)"),
    # Two marks in one row, in column order; the row's others: 2 − 1 = +1.
    ("Anna;Ben;Cem;Dora;Emil;Finn\n1;1;-1;-1;;\n2;-;x;-1;0;0\n",
     "Datei „abend.csv“, Zeile 3: die Punkte ergeben zusammen +1, nicht 0 "
     "(Ben: „-“, Cem: „x“ zählen als nicht am Tisch)"),
    # A sheet whose rows mostly add up, beside a cell that is no number.
    ("Anna;Ben;Cem;Dora;Emil\n1;1;-1;-1;\nabc;1;-1;-1;\n2;x;-1;-1;1\n",
     "Datei „abend.csv“, Zeile 4: die Punkte ergeben zusammen +1, nicht 0 "
     "(Ben: „x“ zählt als nicht am Tisch)"),
], ids=["x", "two-marks", "beside-a-bad-cell"])
def test_a_row_that_does_not_add_up_names_the_cells_read_as_not_at_the_table(
        text: str, line: str) -> None:
    assert line in refused(text)


def test_a_row_that_does_not_add_up_without_such_marks_says_nothing_more() -> None:
    # Emil's empty cell is the usual sitting out of a five's table: not named.
    lines = refused("Anna;Ben;Cem;Dora;Emil\n1;1;-1;-1;\n1;2;-1;-1;\n")
    assert lines == ["Datei „abend.csv“, Zeile 3: die Punkte ergeben zusammen +1, nicht 0"]


def test_a_sheet_broken_everywhere_names_its_first_twenty_problems() -> None:
    text = "Anna;Ben;Cem;Dora\n" + "x1;-1;1;-1\n" * 100
    got = refused(text)
    assert len(got) == 21
    assert got[0] == "Datei „abend.csv“, Zeile 2, Spalte Anna: „x1“ ist keine Zahl"
    assert got[19].startswith("Datei „abend.csv“, Zeile 21,")
    assert got[20] == "Datei „abend.csv“: weitere Probleme nicht aufgeführt"


# ------------------------------------------------------------------ the Ramsdorf workbook

FIXED = ["#", "Zeitpunkt", "Spieltyp", "Siegerpartei", "Bockrunde", "Parteipunkte",
         "Solo-Spieler", "Hochzeit-Spieler", "Re-Ansage", "Kontra-Ansage", "Kommentar"]


def ramsdorf() -> bytes:
    """A workbook as the Ramsdorf export writes it (export.ts): one sheet per evening named
    "{n}_{DD-MM-YYYY}_{title}", minus points only (calculateLossScores), a Summe row."""
    openpyxl = pytest.importorskip("openpyxl")
    book = openpyxl.Workbook()
    first = book.active
    first.title = "1_12-05-2026_Freitag"
    players = ["Anna", "Ben", "Cem", "Dora", "Emil"]
    first.append(FIXED + players)
    first.append([1, "12.05.2026, 19:05", "Normal", "Re", "Nein", 1, "", "", "Re", "", "",
                  0, 0, -1, -1, None])
    first.append([2, "12.05.2026, 19:20", "Solo", "Solo", "Ja", 2, "Ben", "", "", "", "",
                  -2, 0, None, -2, -2])
    # Hochzeit with partner won: the losers pay 1 + 1, everybody but Cem (the Hochzeit) 1 more
    first.append([3, "12.05.2026, 19:40", "Hochzeit", "Re", "Nein", 1, "", "Cem", "", "",
                  "mit Dora", -2, None, 0, -1, -2])
    first.append([4, "12.05.2026, 23:58", "Normal", "Kontra", "Ja", 2, "", "", "",
                  "keine 90", "Fuchs gefangen", None, -2, 0, 0, -2])
    first.append(["Summe", "", "", "", "", "", "", "", "", "", "", -4, -2, -1, -4, -6])
    second = book.create_sheet("2_19-05-2026_Testabend")
    second.append(FIXED + ["Anna", "Ben", "Cem", "Dora"])
    second.append([1, "19.05.2026, 20:00", "Normal", "Kontra", "Nein", 3, "", "", "", "", "",
                   -3, 0, 0, -3])
    second.append(["Summe", "", "", "", "", "", "", "", "", "", "", -3, 0, 0, -3])
    book.create_sheet("Notizen")
    out = io.BytesIO()
    book.save(out)
    return out.getvalue()


def test_the_ramsdorf_workbook_reads_one_evening_per_sheet() -> None:
    plan = read_import(ramsdorf(), "Doppelkopf_Alle_Runden_2026-05-20.xlsx")
    friday, test = plan.evenings
    assert (friday.title, friday.date) == ("Freitag", dt.date(2026, 5, 12))
    assert (test.title, test.date) == ("Testabend", dt.date(2026, 5, 19))
    assert friday.place == "Tabellenblatt „1_12-05-2026_Freitag“"
    assert points(friday) == [
        {"Anna": 1, "Ben": 1, "Cem": -1, "Dora": -1},
        {"Anna": -2, "Ben": 6, "Dora": -2, "Emil": -2},    # Ben's solo won: 3 × 2
        {"Anna": -2, "Cem": 5, "Dora": -1, "Emil": -2},    # the Hochzeit gets all that was paid
        {"Ben": -2, "Cem": 2, "Dora": 2, "Emil": -2}]
    assert dict(friday.source_totals) == {"Anna": -4, "Ben": -2, "Cem": -1, "Dora": -4,
                                          "Emil": -6}
    assert [e.get("note") for e in friday.entries] == [
        "Re: Re", "Solo Ben; Bock", "Hochzeit Cem; mit Dora",
        "Bock; Kontra: keine 90; Fuchs gefangen"]
    assert any("Tabellenblatt „Notizen“ enthält keine Spiele" in w for w in plan.warnings)
    # the game at 23:58 stays in Friday's evening: a time stamp does not split evenings
    assert friday.games == 4


def test_a_broken_ramsdorf_sum_is_refused_naming_the_sheet() -> None:
    openpyxl = pytest.importorskip("openpyxl")
    book = openpyxl.load_workbook(io.BytesIO(ramsdorf()))
    book["1_12-05-2026_Freitag"]["L3"] = -3  # Anna's points in the solo game
    out = io.BytesIO()
    book.save(out)
    with pytest.raises(ImportRefused) as err:
        read_import(out.getvalue(), "runden.xlsx")
    assert err.value.lines() == [
        "Datei „runden.xlsx“, Tabellenblatt „1_12-05-2026_Freitag“, Zeile 6 (Summe), Spalte "
        "Anna: steht -4, die Spiele ergeben -5"]


def test_a_sheet_that_is_no_score_sheet_is_skipped_and_said_so() -> None:
    openpyxl = pytest.importorskip("openpyxl")
    book = openpyxl.load_workbook(io.BytesIO(ramsdorf()))
    kasse = book.create_sheet("Kasse")
    kasse.append(["Datum", "Betrag", "Wofür"])
    kasse.append(["12.05.2026", 5, "Getränke"])
    out = io.BytesIO()
    book.save(out)
    plan = read_import(out.getvalue(), "runden.xlsx")
    assert [e.title for e in plan.evenings] == ["Freitag", "Testabend"]
    assert any("Tabellenblatt „Kasse“ ist kein Spielzettel" in w for w in plan.warnings)


def test_a_workbook_without_any_score_sheet_is_still_refused() -> None:
    openpyxl = pytest.importorskip("openpyxl")
    book = openpyxl.Workbook()
    book.active.append(["Datum", "Betrag"])
    book.create_sheet("Notizen").append(["nur", "Text"])
    out = io.BytesIO()
    book.save(out)
    with pytest.raises(ImportRefused) as err:
        read_import(out.getvalue(), "kasse.xlsx")
    assert "keine Kopfzeile mit mindestens vier Spielernamen" in err.value.lines()[0]


def test_an_open_document_spreadsheet_is_refused_with_what_to_do() -> None:
    out = io.BytesIO()
    with zipfile.ZipFile(out, "w") as ods:
        ods.writestr("mimetype", "application/vnd.oasis.opendocument.spreadsheet",
                     compress_type=zipfile.ZIP_STORED)
        ods.writestr("content.xml", "<office:document-content/>")
        ods.writestr("META-INF/manifest.xml", "<manifest:manifest/>")
    with pytest.raises(ImportRefused) as err:
        read_import(out.getvalue(), "abend.ods")
    (line,) = err.value.lines()
    assert "OpenDocument" in line and "als XLSX speichern" in line


@pytest.mark.parametrize("encoding", ["utf-16", "utf-16-le", "utf-16-be"])
def test_excels_unicode_text_export_is_read_as_utf16(encoding: str) -> None:
    # Excel's "Unicode-Text": UTF-16 (little-endian, with a byte order mark), tab-separated
    text = (DATA / "paper-points.csv").read_text(encoding="utf-8").replace(";", "\t")
    plan = read_import(text.encode(encoding), "abend.txt")
    expected = read_import((DATA / "paper-points.csv").read_bytes(), "paper-points.csv")
    assert [e.entries for e in plan.evenings] == [e.entries for e in expected.evenings]
    assert any("UTF-16" in w for w in plan.warnings)


def test_a_csv_cut_at_a_rows_end_says_its_last_evening_has_no_sum() -> None:
    text = (DATA / "paper-points.csv").read_text(encoding="utf-8")
    whole = read_import(text.encode(), "paper-points.csv")
    assert not any("ohne Summenzeile" in w for w in whole.warnings)
    lines = text.splitlines()
    last_sum = max(i for i, line in enumerate(lines) if ";summe;" in line.lower())
    cut = "\n".join(lines[:last_sum - 1]) + "\n"  # the last game and the Summe row gone
    plan = read_import(cut.encode(), "paper-points.csv")
    assert plan.evenings[-1].games == whole.evenings[-1].games - 1
    assert any("endet ohne Summenzeile" in w for w in plan.warnings)


def test_a_truncated_workbook_is_refused() -> None:
    data = ramsdorf()
    with pytest.raises(ImportRefused) as err:
        read_import(data[:len(data) // 2], "runden.xlsx")
    assert "keine lesbare XLSX-Datei" in err.value.lines()[0]


# ------------------------------------------------------------------ random sheets

from hypothesis import assume, example, given, settings  # noqa: E402
from hypothesis import strategies as st  # noqa: E402

from tests.budget import examples  # noqa: E402

NAMES = ["Anna", "Ben", "Cem", "Dora", "Emil", "Fritz"]


@st.composite
def sheets(draw: st.DrawFn) -> tuple[list[str], list[dict[str, int]]]:
    """Players (4–6, all at the table all evening) and games: four of them each, with the
    points of a normal game, a solo or a 0-game."""
    players = NAMES[:draw(st.integers(4, 6))]
    games = []
    for _ in range(draw(st.integers(1, 12))):
        four = draw(st.permutations(players))[:4]
        value = draw(st.integers(0, 12))
        shape = draw(st.sampled_from([[value, value, -value, -value],
                                      [3 * value, -value, -value, -value]]))
        games.append(dict(zip(four, shape)))
    return players, games


def _write(players: list[str], rows: list[list[str]], delimiter: str) -> str:
    return "\n".join(delimiter.join(r) for r in [players, *rows]) + "\n"


@settings(max_examples=examples(40, 400))
@given(sheet=sheets(), delimiter=st.sampled_from([";", ","]))
def test_random_sheets_of_points_import_with_the_column_sums(
        sheet: tuple[list[str], list[dict[str, int]]], delimiter: str) -> None:
    players, games = sheet
    rows = [[str(g[p]) if p in g else "" for p in players] for g in games]
    (evening,) = csv(_write(players, rows, delimiter)).evenings
    sums = {p: sum(g.get(p, 0) for g in games) for p in players if any(p in g for g in games)}
    assert evening.fold().totals == sums == dict(evening.source_totals)
    assert evening.notes[0] == ("Erkannt: Punkte je Spiel; keine Spalte Geber: der Zettel "
                                "nennt die Geber nach der Reihe, ab dem ersten Spieler der "
                                "Kopfzeile.")


@settings(max_examples=examples(40, 400))
@given(sheet=sheets())
# Six totals of two values summing to 0 after game 2 read as a game of six: found by a run.
@example(sheet=(["Anna", "Ben", "Cem", "Dora", "Emil", "Fritz"],
                [{"Anna": 5, "Cem": 5, "Ben": -5, "Fritz": -5},
                 {"Anna": 5, "Cem": 5, "Dora": -5, "Emil": -5}]))
def test_random_sheets_of_running_totals_import_with_the_last_totals(
        sheet: tuple[list[str], list[dict[str, int]]]) -> None:
    players, games = sheet
    running = dict.fromkeys(players, 0)
    rows = []
    for g in games:
        for p, v in g.items():
            running[p] += v
        # a player who sat out keeps the total; one not yet at the table has no cell
        rows.append([str(running[p]) if any(p in h for h in games[:len(rows) + 1]) else ""
                     for p in players])
    table = [[int(c) for c in r if c] for r in rows]
    # a sheet whose totals also all read as games is ambiguous; the importer then says points
    assume(not all(_game_like(r) for r in table))
    (evening,) = csv(_write(players, rows, ";")).evenings
    assert evening.notes[0].startswith("Erkannt: laufende Summen")
    assert evening.fold().totals == {p: v for p, v in running.items()
                                     if any(p in g for g in games)}


def _game_like(row: list[int]) -> bool:
    """A row as a game: four values (others 0, sitting out) of two kinds summing to 0."""
    numbers = list(row)
    while len(numbers) > 4 and 0 in numbers:
        numbers.remove(0)
    return len(numbers) == 4 and sum(numbers) == 0 and len(set(numbers)) <= 2
