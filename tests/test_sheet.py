"""The printable score sheet (scorer.printed.evening): real PDFs rendered by WeasyPrint, read back.

Text is read with pypdf; the layout (page size, table width, repeated table head) is read
from WeasyPrint's own box tree after ``HTML(...).render()``.
"""

from __future__ import annotations

import datetime as dt
import io
import json
import os
import re
import subprocess
import sys
from pathlib import Path

import pytest
from pypdf import PdfReader

from scorer.cli import main
from scorer.core.evening import evening
from scorer.core.settlement import settle
from scorer.printed.evening import (
    CHART_POINTS,
    render_sheet_pdf,
    sheet_context,
    sheet_document,
    sheet_html,
)
from scorer.printed.pdf import TEMPLATES

weasyprint = pytest.importorskip("weasyprint")

# Worked out by hand (bockrunde, five seats, Anna deals first; RULES.md §2–§4, §7):
#  1  Anna deals, sits out. Re Ben+Dora 150 Augen: gewonnen 1.         Ben +1 Dora +1 Cem −1 Emil −1
#  2  Ben deals, sits out. Re Cem+Anna say "Re", make 120: Kontra wins; gewonnen 1 + gegen die
#     Alten 1, ×2 for Re = 4. 120:120 and the lost Re: two reasons, one round ×4 (5 games).
#                                                                     Dora +4 Emil +4 Cem −4 Anna −4
#  3  Cem deals, sits out, Bock ×4. Re Emil+Ben 130: 1 × 4.           Emil +4 Ben +4 Dora −4 Anna −4
#  4  Dora deals, sits out, Bock ×4. Anna's Damensolo, 160 Augen: gewonnen, unter 90, Solo = 3,
#     ×4 = 12, the soloist three times.                               Anna +36, Emil Ben Cem −12
#     A solo keeps the dealer (bockrunde) and uses up no Bock game.
#  5  Dora deals again: thrown in (redeal), no points; the dealer stays.
#  Totals: Anna 28, Ben −7, Cem −17, Dora 1, Emil −5; four Bock games ×4 still to come.
EVENING = {
    "rules": "bockrunde",
    "seats": ["Anna", "Ben", "Cem", "Dora", "Emil"],
    "games": [
        {"re": ["Ben", "Dora"], "re_eyes": 150},
        {"re": ["Cem", "Anna"], "re_eyes": 120, "announced": {"re": "ansage"}},
        {"re": ["Emil", "Ben"], "re_eyes": 130},
        {"kind": "solo", "solo": "damen", "re": ["Anna"], "re_eyes": 160},
        {"kind": "redeal"},
    ],
}
# At 10 cents a point: Anna +2,80, Dora +0,10, Emil −0,50, Ben −0,70, Cem −1,70. No group of
# players settles among themselves, so four transfers: the biggest debtor first pays the
# biggest creditor (Cem 1,70 and Ben 0,70 to Anna), Emil's 0,50 covers Anna's last 0,40 and
# Dora's 0,10.
TRANSFERS = ["Ben zahlt Anna 0,70 €", "Cem zahlt Anna 1,70 €", "Emil zahlt Anna 0,40 €",
             "Emil zahlt Dora 0,10 €"]
LONG_NAMES = ["Maximiliane", "Bartholomäus", "Cem", "Dora-Luise", "Emil", "Friedericke",
              "Gülsüm"]


def _text(pdf: bytes) -> str:
    return "\n".join(page.extract_text() for page in PdfReader(io.BytesIO(pdf)).pages)


def _flat(text: str) -> str:
    return " ".join(text.split())


def _long_evening(seats, games):
    """A heavy evening that needs no fold to know who plays: no solos, so the dealer moves
    on after every game and the four players are the seats after the dealer. Announcements,
    extras and the odd 120:120 make long breakdowns and Bock rounds."""
    out = []
    n = len(seats)
    for k in range(games):
        four = [seats[(k + j) % n] for j in range(1, 5)]
        eyes = (200, 150, 120, 95, 131, 170, 60)[k % 7]
        game = {"re": [four[k % 4], four[(k + 1) % 4]], "re_eyes": eyes}
        if eyes >= 170:
            game["announced"] = {"re": "keine_90", "kontra": "ansage"}
            game["extras"] = {"re": {"fuchs_gefangen": 1, "doppelkopf": 2, "karlchen": 1},
                              "kontra": {"doppelkopf": 1}}
        elif k % 3 == 0:
            game["announced"] = {"kontra": "ansage"}
        if k % 11 == 5:
            game["kind"] = "hochzeit"
        out.append(game)
    return {"rules": "bockrunde", "seats": list(seats), "games": out}


def _document(context):
    return sheet_document(context)


def _boxes(page):
    return list(page._page_box.descendants())


def _has_class(box, name):
    element = getattr(box, "element", None)
    return element is not None and name in (element.get("class") or "").split()


@pytest.fixture(scope="module")
def ledger():
    return evening(EVENING)


@pytest.fixture(scope="module")
def pdf_text(ledger):
    context = sheet_context(ledger, title="Donnerstagsrunde", date=dt.date(2025, 11, 20),
                            settlement=settle(ledger.totals, 10))
    return _flat(_text(render_sheet_pdf(context)))


@pytest.fixture(scope="module")
def seven_players_eighty_games():
    return _document(sheet_context(evening(_long_evening(LONG_NAMES, 80)),
                                   settlement=None, date="Freitag, 21.11.2025"))


# --------------------------------------------------------------------------- the context


def test_the_context_rows_mark_kind_bock_and_grundwert_as_the_ledger_says(ledger):
    rows = sheet_context(ledger)["rows"]
    assert [(r["number"], r["dealer"]) for r in rows] == [
        (1, "Anna"), (2, "Ben"), (3, "Cem"), (4, "Dora"), (5, "Dora")]
    assert [(r["kind"], r["detail"]) for r in rows] == [
        ("", ""), ("", ""), ("", ""), ("Solo", "Damensolo · Anna"), ("neu gegeben", "")]
    # The redeal uses up no Bock game and has no points to multiply: no factor (issue 11).
    assert [r["bock"] for r in rows] == ["", "", "×4", "×4", ""]
    assert [r["value"] for r in rows] == ["1", "4", "1", "3", ""]
    assert [r["dealer_short"] for r in rows] == ["Anna", "Ben", "Cem", "Dora", "Dora"]
    assert rows[1]["breakdown"] == ("Kontra gewinnt · gewonnen +1 · gegen die Alten +1 · Re ×2"
                                    " · löst Bock aus: 120:120, verlorenes Re/Kontra")


def test_the_context_marks_who_sat_out_and_carries_points_and_running_totals(ledger):
    rows = sheet_context(ledger)["rows"]
    out = [[c["out"] for c in r["cells"]] for r in rows]
    assert [seat.index(True) for seat in out] == [0, 1, 2, 3, 3]  # the dealer, 5 at the table
    assert [(c["points"], c["total"]) for c in rows[3]["cells"]] == [
        ("+36", "28"), ("−12", "−7"), ("−12", "−17"), ("", "1"), ("−12", "−5")]


def test_the_context_sums_up_bock_and_ranks_the_players(ledger):
    context = sheet_context(ledger)
    assert context["bock"] == ["2 Bockspiele gespielt", "ausgelöst in Spiel 2",
                               "Noch 4 Bockspiele ×4"]
    assert context["pflicht"] == []  # bockrunde plays without Pflichtsolo
    assert [(s["rank"], s["name"], s["total"]) for s in context["standings"]] == [
        (1, "Anna", "28"), (2, "Dora", "1"), (3, "Emil", "−5"), (4, "Ben", "−7"),
        (5, "Cem", "−17")]
    assert context["rules"]["preset"] == "Bockrunde" and context["rules"]["changes"] == []


@pytest.mark.parametrize(
    ("settlement", "printed"),
    [
        (settle({"Anna": 28, "Ben": -7, "Cem": -17, "Dora": 1, "Emil": -5}, 10),
         {"how": "10 Cent pro Punkt · Ausgleich untereinander · auf den Cent", "lines": TRANSFERS,
          "pot": ""}),
        # Minus points into the Kasse: Ben 0,70 + Cem 1,70 + Emil 0,50 = 2,90.
        (settle({"Anna": 28, "Ben": -7, "Cem": -17, "Dora": 1, "Emil": -5}, 10,
                mode="pay_losses", rounding="ten_cents"),
         {"how": "10 Cent pro Punkt · Minuspunkte in die Kasse · auf 10 Cent",
          "lines": ["Ben zahlt 0,70 € in die Kasse", "Cem zahlt 1,70 € in die Kasse",
                    "Emil zahlt 0,50 € in die Kasse"],
          "pot": "2,90 €"}),
        (settle({"Anna": 28, "Ben": -7, "Cem": -17, "Dora": 1, "Emil": -5}, 150,
                mode="pay_leader"),
         {"how": "1,50 € pro Punkt · Differenz zum Führenden in die Kasse · auf den Cent",
          # gaps to Anna's 28: Ben 35, Cem 45, Dora 27, Emil 33 points
          "lines": ["Ben zahlt 52,50 € in die Kasse", "Cem zahlt 67,50 € in die Kasse",
                    "Dora zahlt 40,50 € in die Kasse", "Emil zahlt 49,50 € in die Kasse"],
          "pot": "210,00 €"}),
        (settle(dict.fromkeys(["Anna", "Ben", "Cem", "Dora", "Emil"], 0), 10),
         {"how": "10 Cent pro Punkt · Ausgleich untereinander · auf den Cent",
          "lines": ["Niemand muss etwas zahlen."], "pot": ""}),
    ],
    ids=["zero-sum", "kasse-for-losses", "kasse-gap-to-leader", "all-square"],
)
def test_the_settlement_block_says_how_and_who_pays(ledger, settlement, printed):
    assert sheet_context(ledger, settlement=settlement)["settlement"] == printed


@pytest.mark.parametrize(
    ("rules", "game", "marker"),
    [
        ("ddv", {"kind": "solo", "solo": "damen", "re": ["Ben"], "re_eyes": 130},
         ("Pflichtsolo", "Damensolo · Ben")),
        ("bockrunde", {"kind": "hochzeit", "re": ["Ben"], "re_eyes": 130},
         ("Hochzeit ohne Partner", "Ben")),
        ("bockrunde", {"kind": "hochzeit", "re": ["Ben", "Cem"], "re_eyes": 130},
         ("Hochzeit", "")),
        ("bockrunde", {"kind": "stille_hochzeit", "re": ["Cem"], "re_eyes": 130},
         ("Stille Hochzeit", "Cem")),
        ("bockrunde", {"kind": "armut", "re": ["Ben", "Dora"], "re_eyes": 130},
         ("Armut", "")),
        ("voss", {"kind": "hammelrennen", "eyes": {"Anna": 130, "Ben": 50, "Cem": 30, "Dora": 30}},
         ("Hammelrennen", "Anna")),
        ("bockrunde", {"kind": "redeal"}, ("neu gegeben", "")),
        ("bockrunde", {"re": ["Ben", "Cem"], "re_eyes": 130}, ("", "")),
    ],
    ids=["pflichtsolo", "hochzeit-without-partner", "hochzeit", "stille-hochzeit", "armut",
         "hammelrennen", "redeal", "normal-game-unmarked"],
)
def test_every_special_game_gets_its_kind_marker(rules, game, marker):
    ledger = evening({"rules": rules, "seats": ["Anna", "Ben", "Cem", "Dora"], "games": [game]})
    row = sheet_context(ledger)["rows"][0]
    assert (row["kind"], row["detail"]) == marker


@pytest.mark.parametrize(("rules", "game", "head"), [
    # Tester finding: the PDF printed "Solo Damensolo · Dora".
    ("bockrunde", {"kind": "solo", "solo": "damen", "re": ["Dora"], "re_eyes": 130},
     "Damensolo · Dora"),
    ("ddv", {"kind": "solo", "solo": "kreuz", "re": ["Ben"], "re_eyes": 130},
     "Pflichtsolo (Kreuz-Solo) · Ben"),
    ("bockrunde", {"kind": "stille_hochzeit", "re": ["Cem"], "re_eyes": 130},
     "Stille Hochzeit · Cem"),
    ("bockrunde", {"kind": "redeal"}, "neu gegeben"),
])
def test_the_printed_row_names_the_kind_and_who_once(rules, game, head):
    ledger = evening({"rules": rules, "seats": ["Anna", "Ben", "Cem", "Dora"], "games": [game]})
    text = _flat(_text(render_sheet_pdf(sheet_context(ledger, title="Donnerstagsrunde"))))
    assert f"{head}:" in text
    assert "Solo Damensolo" not in text


def test_a_forced_pflichtsolo_says_it_was_forced_and_why_the_dealer_moves_on():
    # ddv, no game planned: four open Pflichtsoli and no planned game left, so the first game
    # is already forced on the first seat after the dealer, Ben. Under `within` a forced
    # Pflichtsolo is a planned game: the dealer moves on (RULES.md §7, TSR 4.2.5).
    ledger = evening({"rules": "ddv", "seats": ["Anna", "Ben", "Cem", "Dora"],
                      "planned_games": 0,
                      "games": [{"kind": "solo", "solo": "kreuz", "re": ["Ben"], "re_eyes": 130}]})
    row = sheet_context(ledger)["rows"][0]
    assert (row["kind"], row["detail"]) == ("Pflichtsolo", "Kreuz-Solo · Ben")
    assert row["notes"] == [
        "Ben war mit dem Pflichtsolo dran und hat es gespielt.",
        "Das vorgeführte Pflichtsolo zählt als geplantes Spiel: der Geber wechselt."]


def test_a_long_evenings_chart_is_drawn_through_at_most_chart_points_games():
    # 400 games: each player's line through at most 300 of its 401 positions (the start, the
    # highest and lowest of each stretch, the last game), the last total still at the end.
    ledger = evening(_long_evening(["Anna", "Ben", "Cem", "Dora"], 400))
    svg = sheet_context(ledger)["chart"]
    lines = re.findall(r'<polyline points="([^"]+)"', svg)
    assert len(lines) == 4
    assert all(len(points.split()) <= CHART_POINTS + 2 for points in lines)
    assert all(len(points.split()) > CHART_POINTS // 2 for points in lines)


def test_house_rules_are_listed_as_changes_against_the_closest_preset():
    ledger = evening({"rules": {"preset": "ddv", "deck": 40}, "seats": ["A", "B", "C", "D"]})
    rules = sheet_context(ledger)["rules"]
    assert rules["preset"] == "DDV-Turnierspielregeln"
    assert rules["changes"] == [{"label": "Kartenzahl", "value": "40"}]


def test_open_pflichtsoli_are_summed_up_under_rules_that_have_them():
    ledger = evening({"rules": "ddv", "seats": ["Anna", "Ben", "Cem", "Dora"], "games": [
        {"kind": "solo", "solo": "buben", "re": ["Cem"], "re_eyes": 70}]})
    assert sheet_context(ledger)["pflicht"] == ["Gespielt: Cem (Spiel 1)",
                                                "Offen: Anna, Ben, Dora"]


@pytest.mark.parametrize(
    ("date", "printed"),
    [(dt.date(2025, 11, 20), "Donnerstag, 20.11.2025"), (dt.date(2026, 3, 1), "Sonntag, 01.03.2026"),
     ("Silvester 2025", "Silvester 2025"), (None, "")],
    ids=["thursday", "sunday", "free-text", "none"],
)
def test_the_date_is_written_out_in_german(ledger, date, printed):
    assert sheet_context(ledger, date=date)["date"] == printed


def test_names_and_title_are_escaped_in_the_html():
    ledger = evening({"rules": "ddv", "seats": ["<b>Ben</b>", "A&B", "Cem", "Dora"]})
    html = sheet_html(sheet_context(ledger, title='<script>alert("x")</script>'))
    assert "<b>Ben</b>" not in html and "&lt;b&gt;Ben&lt;/b&gt;" in html
    assert "<script>" not in html and "A&amp;B" in html


# --------------------------------------------------------------------------- the PDF


def test_the_pdf_shows_names_final_totals_and_settlement(pdf_text):
    for name in EVENING["seats"]:
        assert name in pdf_text
    assert "Donnerstagsrunde" in pdf_text and "Donnerstag, 20.11.2025" in pdf_text
    assert "Endstand 28 −7 −17 1 −5" in pdf_text  # the table's last row, in seat order
    for line in TRANSFERS:
        assert line in pdf_text
    assert "Noch 4 Bockspiele ×4" in pdf_text


def test_the_pdf_prints_each_game_row_with_points_and_running_totals(pdf_text):
    # Game 1, Anna deals (short names are whole at this table): Anna out (total 0), Ben +1,
    # Cem −1, Dora +1, Emil −1; Re (Ben, Dora, 150 : 90 against Cem and Emil) won.
    assert ("1 Anna 1 aus 0 +1 1 −1 −1 +1 1 −1 −1 Re Ben, Dora 150 : 90 Kontra Cem, Emil · Re "
            "gewinnt · gewonnen +1") in pdf_text
    # Game 3, Cem deals, value 1 ×4, in seat order: Anna −4 to −8, Ben +4 to 5, Cem out
    # at −5, Dora −4 to 1, Emil +4 to 7; Re (Emil, Ben, 130 : 110 against Dora and Anna) won.
    assert ("3 Cem 1 ×4 −4 −8 +4 5 aus −5 −4 1 +4 7 Re Emil, Ben 130 : 110 Kontra Dora, Anna · "
            "Re gewinnt · gewonnen +1 · Bock ×4") in pdf_text
    # Game 5, the redeal, Dora deals again and sits out: no value, no Bock factor, nobody's
    # points change (Anna 28, Ben −7, Cem −17, Dora 1, Emil −5).
    assert "5 Dora 0 28 0 −7 0 −17 aus 1 0 −5 neu gegeben: keine Punkte" in pdf_text


def test_the_pdf_says_who_had_the_armut_and_who_took_it():
    ledger = evening({"rules": "bockrunde", "seats": ["Anna", "Ben", "Cem", "Dora"], "games": [
        {"kind": "armut", "re": ["Ben", "Anna"], "re_eyes": 130, "caller": "Anna"}]})
    text = _flat(_text(render_sheet_pdf(sheet_context(ledger, title="Donnerstagsrunde"))))
    assert "Armut: Anna, mitgenommen von Ben" in text
    assert "Armut: Armut:" not in text  # the kind is printed once (walk-through finding)


def test_a_name_too_wide_for_its_column_head_breaks_where_german_breaks_it():
    # Tester finding: with six players the head read "Franzisk" over "a". It breaks at a
    # syllable with a hyphen (U+2010, WeasyPrint's hyphenation character) instead.
    seats = ["Anna", "Ben", "Cem", "Dora", "Emil", "Franziska"]
    text = _text(render_sheet_pdf(sheet_context(evening(_long_evening(seats, 6)),
                                                title="Donnerstagsrunde")))
    head = re.search(r"Nr\. Wert Anna Ben Cem Dora Emil\s+(.+?)\s+Spiel:", text, re.S)
    assert head, text[:600]
    # Whole, or broken only after a hyphen: "Fran‐ziska", "Franzis‐ka".
    assert re.sub(r"\u2010\s+", "", head.group(1)) == "Franziska", head.group(1)


def test_a_pdf_of_an_evening_with_unchanged_rules_names_no_deviation():
    # Bockrunde's seven solos ticked in the order of the house-rules form (Damen first), not
    # the preset's (Kreuz first): the same rules (issue 11).
    ledger = evening({**EVENING, "rules": {"preset": "bockrunde", "solo_kinds": [
        "damen", "buben", "fleischlos", "kreuz", "pik", "herz", "karo"]}})
    text = _flat(_text(render_sheet_pdf(sheet_context(ledger))))
    assert "Regeln: Bockrunde" in text
    assert "Abweichend" not in text and "mit Hausregeln" not in text
    # (A line may break after the hyphen of "Herz-Solo".)
    assert ("Soli: Kreuz-Solo, Pik-Solo, Herz-Solo, Karo-Solo, Damensolo, Bubensolo, "
            "Fleischloser.") in re.sub(r"(\w)- (\w)", r"\1-\2", text)


def test_a_pdf_of_an_evening_with_changed_rules_names_the_deviation():
    ledger = evening({**EVENING, "rules": {"preset": "bockrunde", "solo_kinds": [
        "damen", "buben"]}})
    text = _flat(_text(render_sheet_pdf(sheet_context(ledger))))
    assert "Regeln: Bockrunde mit Hausregeln" in text
    assert "Abweichend von Bockrunde: Erlaubte Soli: Damensolo, Bubensolo" in text


def test_the_pdf_has_one_table_row_per_game(ledger):
    document = _document(sheet_context(ledger))
    rows = [b for page in document.pages for b in _boxes(page)
            if type(b).__name__ == "TableRowBox" and _has_class(b, "game")]
    assert len(rows) == len(EVENING["games"])


def test_an_evening_without_games_still_prints():
    ledger = evening({"rules": "ddv", "seats": ["Anna", "Ben", "Cem", "Dora"]})
    text = _flat(_text(render_sheet_pdf(sheet_context(ledger))))
    assert "Noch keine Spiele eingetragen." in text and "Endstand 0 0 0 0" in text


@pytest.mark.parametrize("players", [4, 5, 6, 7])
def test_every_sheet_prints_in_landscape(players):
    # One layout for every table: the game in words needs the width of landscape A4 to fit
    # one line (issue 25 #21).
    ledger = evening(_long_evening(LONG_NAMES[:players], 3))
    page = _document(sheet_context(ledger)).pages[0]
    assert page.width > page.height


def test_seven_players_and_eighty_games_fit_the_page_width_on_every_page(
        seven_players_eighty_games):
    pages = seven_players_eighty_games.pages
    assert len(pages) > 1
    for page in pages:
        tables = [b for b in _boxes(page)
                  if type(b).__name__ == "TableBox" and _has_class(b, "games")]
        assert len(tables) == 1
        assert tables[0].position_x >= page._page_box.content_box_x() - 0.01
    assert _overflow(seven_players_eighty_games) <= 0.01


def test_every_page_of_a_long_evening_repeats_the_table_head(seven_players_eighty_games):
    pages = seven_players_eighty_games.pages
    games_seen = 0
    for page in pages:
        boxes = _boxes(page)
        heads = [b for b in boxes if type(b).__name__ == "TableRowGroupBox" and b.is_header]
        assert len(heads) == 1
        games_seen += sum(1 for b in boxes
                          if type(b).__name__ == "TableRowBox" and _has_class(b, "game"))
    assert games_seen == 80


# A DDV tournament list: 24 games of four (ddv), as a table plays them: announcements, Absagen,
# extras, two Pflichtsoli, a Hochzeit, a redeal and a schwarz game.
DDV_LIST = {"rules": "ddv", "seats": ["Anna", "Ben", "Cem", "Dora"], "games": [
    {"re": ["Anna", "Cem"], "re_eyes": 151},
    {"re": ["Ben", "Dora"], "re_eyes": 98, "announced": {"kontra": "ansage"},
     "extras": {"kontra": {"fuchs_gefangen": 1}}},
    {"re": ["Anna", "Dora"], "re_eyes": 172, "announced": {"re": "keine_90"},
     "extras": {"re": {"doppelkopf": 1, "karlchen": 1}}},
    {"re": ["Ben", "Cem"], "re_eyes": 121},
    {"kind": "solo", "solo": "damen", "re": ["Cem"], "re_eyes": 163},
    {"re": ["Anna", "Ben"], "re_eyes": 87, "extras": {"kontra": {"doppelkopf": 1}}},
    {"re": ["Cem", "Dora"], "re_eyes": 139, "announced": {"re": "ansage", "kontra": "ansage"}},
    {"kind": "redeal"},
    {"re": ["Anna", "Dora"], "re_eyes": 118, "extras": {"re": {"fuchs_gefangen": 1}}},
    {"re": ["Ben", "Cem"], "re_eyes": 207, "announced": {"re": "keine_60"}},
    {"kind": "hochzeit", "re": ["Dora", "Anna"], "re_eyes": 144},
    {"re": ["Cem", "Anna"], "re_eyes": 62},
    {"re": ["Ben", "Dora"], "re_eyes": 240, "trickless": "kontra",
     "announced": {"re": "schwarz"}},
    {"re": ["Anna", "Cem"], "re_eyes": 131, "extras": {"kontra": {"fuchs_gefangen": 1}}},
    {"kind": "solo", "solo": "kreuz", "re": ["Dora"], "re_eyes": 104},
    {"re": ["Ben", "Anna"], "re_eyes": 156, "announced": {"re": "ansage"}},
    {"re": ["Cem", "Dora"], "re_eyes": 95, "announced": {"kontra": "keine_90"}},
    {"re": ["Anna", "Ben"], "re_eyes": 128},
    {"re": ["Cem", "Ben"], "re_eyes": 145, "extras": {"re": {"doppelkopf": 2}}},
    {"re": ["Dora", "Cem"], "re_eyes": 110},
    {"re": ["Anna", "Dora"], "re_eyes": 183, "announced": {"re": "keine_60"},
     "extras": {"re": {"fuchs_gefangen": 1}}},
    {"re": ["Ben", "Cem"], "re_eyes": 74, "announced": {"re": "ansage"}},
    {"re": ["Anna", "Ben"], "re_eyes": 136},
    {"re": ["Cem", "Dora"], "re_eyes": 123, "extras": {"kontra": {"karlchen": 1}}},
]}


@pytest.fixture(scope="module")
def ddv_list():
    ledger = evening(DDV_LIST)
    context = sheet_context(ledger, title="Stammtisch · Abend 12", date=dt.date(2026, 11, 25),
                            settlement=settle(ledger.totals, 10))
    return render_sheet_pdf(context)


def test_a_ddv_list_of_24_games_fits_one_landscape_page(ddv_list):
    pages = PdfReader(io.BytesIO(ddv_list)).pages
    assert len(pages) == 1
    assert pages[0].mediabox.width > pages[0].mediabox.height
    text = _flat(_text(ddv_list))
    assert all(f" {n} " in text for n in range(1, 25)) and "Endstand " in text


def test_each_game_names_re_the_augen_and_what_was_said_in_words(ddv_list):
    text = _flat(_text(ddv_list))
    # Game 2: Ben and Dora Re with 98 Augen, Kontra (Cem, Anna, as they sat after the dealer)
    # 142 and said "Kontra".
    assert "Re Ben, Dora 98 : 142 Kontra Cem, Anna · angesagt: Kontra · " in text
    # Game 3: "keine 90" said by Re, who made 172.
    assert "Re Anna, Dora 172 : 68 Kontra Ben, Cem · angesagt: Re keine 90 · " in text
    # Game 7: both said theirs; game 17: Kontra said keine 90.
    assert "Re Cem, Dora 139 : 101 Kontra Anna, Ben · angesagt: Re, Kontra · " in text
    assert "Re Cem, Dora 95 : 145 Kontra Anna, Ben · angesagt: Kontra keine 90 · " in text
    # Game 5: Cem's Damensolo with 163 Augen; the soloist is Re against the three.
    assert "Re Cem 163 : 77 Kontra Ben, Dora, Anna · " in text


def test_0_augen_say_whether_the_party_was_schwarz(ddv_list):
    text = _flat(_text(ddv_list))
    # Game 13: Kontra took no trick (and Re had said schwarz).
    assert ("Re Ben, Dora 240 : 0 Kontra Anna, Cem · Kontra schwarz (kein Stich) · angesagt: "
            "Re schwarz · ") in text
    # With 48 cards, 0 Augen may still be a trick of four nines: not schwarz.
    ledger = evening({"rules": "ddv", "seats": DDV_LIST["seats"],
                      "games": [{"re": ["Anna", "Cem"], "re_eyes": 240}]})
    text = _flat(_text(render_sheet_pdf(sheet_context(ledger))))
    assert ("Re Anna, Cem 240 : 0 Kontra Ben, Dora · Kontra nicht schwarz (Stich mit 0 Augen) "
            "· ") in text


def _pt(px: float) -> float:
    return px * 72 / 96


def test_the_game_text_is_8_pt_or_larger(seven_players_eighty_games):
    sizes = set()
    for page in seven_players_eighty_games.pages:
        for table in (b for b in _boxes(page)
                      if type(b).__name__ == "TableBox" and _has_class(b, "games")):
            for body in (g for g in table.children if not g.is_header):
                sizes |= {round(_pt(t.style["font_size"]), 2) for t in body.descendants()
                          if type(t).__name__ == "TextBox"}
    assert sizes and min(sizes) >= 8


def _fonts(pdf: bytes) -> set[str]:
    """The base names of the fonts a PDF embeds, without their subset prefix."""
    names = set()

    def walk(resources):
        for font in (resources.get("/Font") or {}).values():
            names.add(str(font.get_object()["/BaseFont"]).split("+")[-1])
        for item in (resources.get("/XObject") or {}).values():
            item = item.get_object()
            if "/Resources" in item:
                walk(item["/Resources"])

    for page in PdfReader(io.BytesIO(pdf)).pages:
        walk(page["/Resources"])
    return names


def test_the_pdf_uses_only_the_font_every_debian_has(ddv_list):
    # fonts-dejavu-core comes with fontconfig (WeasyPrint's Pango needs it); fonts-liberation
    # does not: a sheet laid out in Liberation Sans broke on a machine without it.
    assert _fonts(ddv_list) <= {"DejaVu-Sans", "DejaVu-Sans-Bold"}
    css = (TEMPLATES / "sheet.css").read_text(encoding="utf-8")
    families = {f.strip().strip('"') for m in re.findall(r"font(?:-family)?:([^;]+);", css)
                for f in m.split(",")}
    families = {f.split("pt ")[-1].strip().strip('"') for f in families}
    assert families <= {"DejaVu Sans", "sans-serif"}


def _overflow(document) -> float:
    """How far (px) any cell or text of the game table reaches past the page's content box,
    or past its own cell: 0 when everything fits."""
    worst = 0.0
    for page in document.pages:
        box = page._page_box
        right_edge = box.content_box_x() + box.width
        for table in (b for b in _boxes(page)
                      if type(b).__name__ == "TableBox" and _has_class(b, "games")):
            for cell in (b for b in table.descendants() if type(b).__name__ == "TableCellBox"):
                cell_right = cell.position_x + cell.margin_width()
                worst = max(worst, cell_right - right_edge)
                for text in (b for b in cell.descendants() if type(b).__name__ == "TextBox"):
                    worst = max(worst, text.position_x + text.margin_width() - cell_right)
    return worst


SEVEN_BY_EIGHTY = """
import json
from scorer.core.evening import evening
from scorer.printed.evening import sheet_context
from tests.test_sheet import LONG_NAMES, _document, _fonts, _long_evening, _overflow
from scorer.printed.evening import render_sheet_pdf
context = sheet_context(evening(_long_evening(LONG_NAMES, 80)), date="Freitag, 21.11.2025")
document = _document(context)
print(json.dumps({"pages": len(document.pages), "overflow": _overflow(document),
                  "fonts": sorted(_fonts(render_sheet_pdf(context)))}))
"""


def test_a_machine_with_only_the_default_fonts_prints_the_same_sheet(
        tmp_path, seven_players_eighty_games):
    # A fresh Debian has fonts-dejavu-core (fontconfig's first choice), not fonts-liberation:
    # a fontconfig that knows only DejaVu Sans and its bold lays the sheet out the same.
    fonts = tmp_path / "fonts"
    fonts.mkdir()
    for name in ("DejaVuSans.ttf", "DejaVuSans-Bold.ttf"):
        found = next(Path("/usr/share/fonts").rglob(name), None)
        if found is None:
            pytest.skip(f"{name} is not installed")
        (fonts / name).symlink_to(found)
    config = tmp_path / "fonts.conf"
    config.write_text(f"""<?xml version="1.0"?><!DOCTYPE fontconfig SYSTEM "fonts.dtd">
<fontconfig><dir>{fonts}</dir><cachedir>{tmp_path / "cache"}</cachedir></fontconfig>""",
                      encoding="utf-8")
    done = subprocess.run([sys.executable, "-c", SEVEN_BY_EIGHTY], capture_output=True,
                          text=True, check=True, timeout=300,
                          cwd=Path(__file__).resolve().parent.parent,
                          env={**os.environ, "FONTCONFIG_FILE": str(config)})
    alone = json.loads(done.stdout.splitlines()[-1])
    assert alone["overflow"] <= 0.01
    assert alone["pages"] == len(seven_players_eighty_games.pages)
    assert alone["fonts"] == ["DejaVu-Sans", "DejaVu-Sans-Bold"]


def test_open_bock_games_stand_right_under_the_last_game(pdf_text):
    # EVENING: game 2's two reasons start a round ×4 of five games; game 3 uses one, the solo
    # and the redeal none: four are left. The row stands between game 5 and the totals.
    assert "Dora gibt noch einmal. Offen nach Spiel 5: noch 4 Bockspiele ×4 Endstand " in pdf_text


# --------------------------------------------------------------------------- the CLI


def _run(argv, stdin_text=""):
    out, err = io.StringIO(), io.StringIO()
    code = main(argv, stdin=io.StringIO(stdin_text), stdout=out, stderr=err)
    return code, out.getvalue(), err.getvalue()


def test_scorer_sheet_writes_a_pdf(tmp_path):
    source = tmp_path / "evening.json"
    source.write_text(json.dumps(EVENING), encoding="utf-8")
    target = tmp_path / "sheet.pdf"
    code, out, err = _run(["sheet", str(source), "-o", str(target)])
    assert (code, out, err) == (0, "", "")
    pdf = target.read_bytes()
    assert pdf.startswith(b"%PDF")
    text = _flat(_text(pdf))
    assert "Doko-Zettel" in text and "Endstand 28 −7 −17 1 −5" in text
    assert dt.date.today().strftime("%d.%m.%Y") in text


def test_scorer_sheet_reads_the_evening_from_stdin(tmp_path):
    target = tmp_path / "sheet.pdf"
    code, _, _ = _run(["sheet", "-", "-o", str(target)], json.dumps(EVENING))
    assert code == 0 and len(PdfReader(target).pages) == 1


@pytest.mark.parametrize(
    ("text", "field"),
    [
        (json.dumps({**EVENING, "games": [{"re": ["Ben", "Dora"], "re_eyes": 250}]}),
         "games[0].re_eyes"),
        (json.dumps({**EVENING, "title": "Donnerstagsrunde"}), "title"),
        (json.dumps({**EVENING, "seats": ["Anna", "Ben", "Cem"]}), "seats"),
        ("{not json", "-"),
    ],
    ids=["impossible-augen", "key-outside-the-contract", "three-seats", "broken-json"],
)
def test_scorer_sheet_exits_2_on_invalid_input_and_writes_nothing(tmp_path, text, field):
    target = tmp_path / "sheet.pdf"
    code, out, err = _run(["sheet", "-", "-o", str(target)], text)
    assert (code, out) == (2, "")
    assert err.startswith(f"{field}:")
    assert not target.exists()


def test_scoring_from_the_cli_loads_neither_flask_jinja_nor_weasyprint(tmp_path):
    game = {"rules": "ddv", "players": ["A", "B", "C", "D"], "re": ["A", "C"], "re_eyes": 151}
    source = tmp_path / "game.json"
    source.write_text(json.dumps(game), encoding="utf-8")
    code = ("import sys\n"
            "from scorer.cli import main\n"
            f"assert main(['score', {str(source)!r}]) == 0\n"
            "loaded = sorted(m for m in ('flask', 'jinja2', 'weasyprint') if m in sys.modules)\n"
            "print(loaded, file=sys.stderr)\n")
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True,
                          check=True, cwd=Path(__file__).resolve().parent.parent)
    assert done.stderr.strip() == "[]"
    # Re 151, Kontra 89: gewonnen + unter 90 = 2.
    assert json.loads(done.stdout)["points"] == {"A": 2, "B": -2, "C": 2, "D": -2}


# ------------------------------------------------------------------ what the renderer fetches


A5_SHEET = "@page { size: A5 }"
A4_WIDTH_PT = 595  # 210 mm; A5 is 420 pt wide


def _weasyprint_default(html: str) -> bytes:
    """What WeasyPrint does with its own URL fetcher: the control that shows each test below
    would notice a fetch."""
    from weasyprint import HTML

    return HTML(string=html, base_url=str(TEMPLATES)).write_pdf()


def _attachments(pdf: bytes) -> dict[str, list[bytes]]:
    return dict(PdfReader(io.BytesIO(pdf)).attachments)


def _width(pdf: bytes) -> int:
    return round(float(PdfReader(io.BytesIO(pdf)).pages[0].mediabox.width))


class _Recorder:
    """A local web server that serves the A5 stylesheet and notes every request."""

    def __enter__(self) -> _Recorder:
        import threading
        from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer

        requests = self.requests = []

        class Handler(BaseHTTPRequestHandler):
            def do_GET(self) -> None:
                requests.append(self.path)
                body = A5_SHEET.encode()
                self.send_response(200)
                self.send_header("Content-Type", "text/css")
                self.send_header("Content-Length", str(len(body)))
                self.end_headers()
                self.wfile.write(body)

            def log_message(self, *args: object) -> None:
                pass

        self.server = ThreadingHTTPServer(("127.0.0.1", 0), Handler)
        self.url = f"http://127.0.0.1:{self.server.server_address[1]}/sheet.css"
        self.thread = threading.Thread(target=self.server.serve_forever, daemon=True)
        self.thread.start()
        return self

    def __exit__(self, *exc: object) -> None:
        self.server.shutdown()
        self.server.server_close()
        self.thread.join()


def test_the_pdf_renderer_attaches_no_file_of_the_machine():
    from scorer.printed.pdf import html_to_pdf

    html = '<link rel="attachment" href="file:///etc/passwd"><p>Zettel</p>'
    assert b"root:" in b"".join(_attachments(_weasyprint_default(html)).get("passwd", []))
    assert _attachments(html_to_pdf(html)) == {}


def test_the_pdf_renderer_loads_no_stylesheet_from_a_file_or_the_network(tmp_path):
    from scorer.printed.pdf import html_to_pdf

    local = tmp_path / "a5.css"
    local.write_text(A5_SHEET, encoding="utf-8")
    with _Recorder() as web:
        for href in (local.as_uri(), web.url):
            html = f'<link rel="stylesheet" href="{href}"><p>Zettel</p>'
            assert _width(_weasyprint_default(html)) < A4_WIDTH_PT, href
            assert _width(html_to_pdf(html)) == A4_WIDTH_PT, href
        seen = len(web.requests)
        html_to_pdf(f'<img src="{web.url}"><p style="background: url({web.url})">Zettel</p>')
        assert len(web.requests) == seen == 1  # only the control above asked


def test_the_pdf_renderer_still_reads_its_own_files():
    from scorer.printed.pdf import html_to_pdf

    html = '<link rel="attachment" href="sheet.css"><p>Zettel</p>'
    attached = _attachments(html_to_pdf(html))
    assert attached["sheet.css"] == [(TEMPLATES / "sheet.css").read_bytes()]
