"""Table changes outside the web pages: the words of a change (scorer.words.table_text), the PDF
sheet's rows and cells (scorer.printed.evening, also behind `scorer sheet`) and the statistics
(scorer.core.stats) with players who came late or left early. No database."""

from __future__ import annotations

import io
import json

import pytest

from scorer.cli import main
from scorer.core.evening import evening
from scorer.core.stats import runde_stats
from scorer.printed.evening import sheet_context
from scorer.words.table_text import change_texts, reordered

A, B, C, D = "Anna", "Ben", "Cem", "Dora"


def won(*re: str) -> dict:
    return {"re": list(re), "re_eyes": 151}


def ledger_of(games: list[dict], seats=(A, B, C, D), rules="ddv"):
    return evening({"rules": rules, "seats": list(seats), "games": games})


@pytest.mark.parametrize(("games", "texts"), [
    ([{"table": [A, B, C, D, "Fritz"]}], ["Fritz kommt dazu · gibt: Anna"]),
    ([{"table": [A, B, C, "Fritz"]}],
     ["Fritz kommt dazu · Dora geht (Pflichtsolo offen, entfällt) · gibt: Anna"]),
    ([{"table": [A, C, B, D]}], ["neue Sitzordnung · gibt: Anna"]),
    ([{"table": [C, D, A, B]}], ["Tisch wie bisher · gibt: Anna"]),
    ([{"table": [A, B, C, D], "dealer": C}], ["Tisch wie bisher · gibt: Cem"]),
    ([{"table": [A, B, C, "Emil"]}, {"table": [A, B, C, D, "Emil"]}],
     ["Emil kommt dazu · Dora geht (Pflichtsolo offen, entfällt) · gibt: Anna",
      "Dora kommt wieder · gibt: Anna"]),
    ([{"kind": "solo", "solo": "damen", "re": [B], "re_eyes": 130},
      {"table": [A, C, D, "Emil"]}],
     ["Emil kommt dazu · Ben geht · gibt: Anna"]),
], ids=["joins", "joins-and-leaves", "reseated", "rotated-is-the-same-table",
        "only-the-dealer", "comes-back", "leaves-after-the-pflichtsolo"])
def test_a_change_says_who_came_who_went_and_who_deals(games, texts):
    # Nothing played before a change: Anna, who deals first, would deal and is seated.
    # After Ben's Damensolo (his Pflichtsolo under ddv) Anna deals again: the dealer stays.
    assert list(change_texts(ledger_of(games))) == texts


def test_two_players_keep_their_order_whatever_the_table():
    assert not reordered([A, B], [B, A])
    assert reordered([A, B, C], [A, C, B])
    assert not reordered([A, B, C, D], [B, "Fritz", C, D, A])


# --------------------------------------------------------------------------- the PDF sheet

LATE_AND_EARLY = [
    won(A, C),                                 # Anna deals: Anna 2, Ben −2, Cem 2, Dora −2
    {"table": [A, B, C, "Fritz", D]},          # Ben deals and sits out
    {**won(C, "Fritz"), "players": [C, "Fritz", D, A]},
    {"table": [A, B, C, "Fritz"]},             # Dora goes; Cem deals
    won("Fritz", A),                           # Anna 2, Ben −4, Cem 2, Dora −4, Fritz 4
]


def test_the_pdf_rows_put_each_change_between_its_games():
    context = sheet_context(ledger_of(LATE_AND_EARLY))
    assert [r.get("change", r.get("number")) for r in context["rows"]] == [
        1, "Tischwechsel nach Spiel 1: Fritz kommt dazu · gibt: Ben",
        2, "Tischwechsel nach Spiel 2: Dora geht (Pflichtsolo offen, entfällt) · gibt: Cem", 3]
    assert context["players"] == [A, B, C, D, "Fritz"]
    assert context["seats"] == [A, B, C, D]


def test_the_pdf_cells_are_empty_away_from_the_table_and_aus_for_sitting_out():
    rows = [r for r in sheet_context(ledger_of(LATE_AND_EARLY))["rows"] if "cells" in r]
    away = [[cell["away"] for cell in row["cells"]] for row in rows]
    out = [[cell["out"] and not cell["away"] for cell in row["cells"]] for row in rows]
    assert away == [[False, False, False, False, True],
                    [False, False, False, False, False],
                    [False, False, False, True, False]]
    assert out == [[False] * 5, [False, True, False, False, False], [False] * 5]


def test_the_pdf_standings_and_pflichtsolo_notes_count_everybody():
    context = sheet_context(ledger_of(LATE_AND_EARLY))
    assert [(s["name"], s["total"]) for s in context["standings"]] == [
        ("Fritz", "4"), (A, "2"), (C, "2"), (B, "−4"), (D, "−4")]
    assert context["pflicht"] == ["Gespielt: noch keins", "Offen: Anna, Ben, Cem, Fritz",
                                  "Entfallen: Dora (ging nach Spiel 2)"]
    assert context["chart"].count("<polyline") == 5


def test_scorer_sheet_prints_an_evening_with_table_changes(tmp_path):
    pytest.importorskip("weasyprint")
    from pypdf import PdfReader

    source = tmp_path / "evening.json"
    source.write_text(json.dumps({"rules": "ddv", "seats": [A, B, C, D],
                                  "games": LATE_AND_EARLY}), encoding="utf-8")
    out = tmp_path / "sheet.pdf"
    # The command's own code in this process (tests/test_cli.py starts it as a program): a
    # new interpreter would load the app's modules and WeasyPrint once more just for this.
    said, errors = io.StringIO(), io.StringIO()
    assert main(["sheet", str(source), "-o", str(out)], stdin=io.StringIO(), stdout=said,
                stderr=errors) == 0, errors.getvalue()
    text = " ".join(" ".join(p.extract_text() for p in PdfReader(out).pages).split())
    assert "Tischwechsel nach Spiel 1: Fritz kommt dazu · gibt: Ben" in text
    assert "Endstand 2 −4 2 −4 4" in text


# --------------------------------------------------------------------------- statistics


def test_statistics_count_only_the_games_a_late_or_early_player_played():
    result = runde_stats([(ledger_of(LATE_AND_EARLY), None)])
    figures = {p.name: (p.evenings, p.points, p.games, p.won) for p in result.players}
    assert figures == {A: (1, 2, 3, 2), B: (1, -4, 2, 0), C: (1, 2, 3, 2), D: (1, -4, 2, 0),
                       "Fritz": (1, 4, 2, 2)}
    averages = {p.name: p.average for p in result.players}
    assert averages["Fritz"] == 2.0 and averages[D] == -2.0 and averages[A] == pytest.approx(2 / 3)


def test_a_player_who_came_only_for_a_while_counts_one_evening_in_the_season():
    second = ledger_of([won(A, B), won(C, D)])
    result = runde_stats([(ledger_of(LATE_AND_EARLY), None), (second, None)])
    assert {p.name: p.evenings for p in result.players} == {A: 2, B: 2, C: 2, D: 2, "Fritz": 1}
