"""Every player of the evening on every page: the sheet, the status panel, the PDF, both CSVs
and the statistics, with Fritz who came after game 1 and Dora who left after game 2.

Worked out by hand (ddv; a won normal game with 151 Augen: gewonnen + keine 90 = 2 each):
Anna deals game 1, Anna and Cem win (Anna 2, Ben −2, Cem 2, Dora −2). Fritz sits down
between Cem and Dora; Ben would deal and is still there, so he deals and sits out, and Cem,
Fritz, Dora, Anna play: Cem and Fritz win (Anna 0, Ben −2, Cem 4, Dora −4, Fritz 2). Dora
goes with her Pflichtsolo open; Cem would deal and does, with four at the table he plays
too: Fritz and Anna win game 3 (Anna 2, Ben −4, Cem 2, Dora −4, Fritz 4).
"""

from __future__ import annotations

import csv
import io
import re

import pytest
from conftest import fetch_pdf
from pypdf import PdfReader
from test_web_table_changes import change

PLAYERS = ["Anna", "Ben", "Cem", "Dora", "Fritz"]
TOTALS = {"Anna": 2, "Ben": -4, "Cem": 2, "Dora": -4, "Fritz": 4}


@pytest.fixture
def evening(table):
    table.create_group(players=("Anna", "Ben", "Cem", "Dora"))
    sheet = table.start_evening(("Anna", "Ben", "Cem", "Dora"), cents=10)
    table.play(sheet, ("Anna", "Cem"), 151)
    change(table, sheet, ("Anna", "Ben", "Cem", "Fritz", "Dora"), new="Fritz")
    table.play(sheet, ("Cem", "Fritz"), 151, players=("Cem", "Fritz", "Dora", "Anna"))
    change(table, sheet, ("Anna", "Ben", "Cem", "Fritz"))
    table.play(sheet, ("Fritz", "Anna"), 151)
    return sheet


def test_the_core_agrees_with_the_hand_worked_evening(table, evening):
    ledger = table.ledger(evening)
    assert ledger.totals == TOTALS
    assert [g.dealer for g in ledger.games] == ["Anna", "Ben", "Cem"]
    assert ledger.players == tuple(PLAYERS)


def test_the_sheet_has_a_column_for_everybody_and_empty_cells_for_who_was_not_there(
        table, evening):
    page = table.client.get(evening).text
    head = re.search(r'sheet__head">(.*?)</div>', page, re.S).group(1)
    assert re.findall(r'<span class="num">([^<]+)</span>', head) == ["Wert"]
    assert re.findall(r'<span class="visually-hidden">([^<]+)</span>', head) == PLAYERS
    row1 = re.search(r'id="spiel-1".*?</summary>', page, re.S).group(0)
    row2 = re.search(r'id="spiel-2".*?</summary>', page, re.S).group(0)
    row3 = re.search(r'id="spiel-3".*?</summary>', page, re.S).group(0)
    # Fritz before he came and Dora after she went: empty, no "aus", no total.
    assert row1.count("cell-away") == 1 and "aus" not in row1
    assert row3.count("cell-away") == 1 and "aus" not in row3
    # Ben sat out game 2 at a table of five: "aus" with his running total.
    assert row2.count("<small>aus</small>−2") == 1 and "cell-away" not in row2
    assert re.search(r'cell-points num"><small>\+2</small>4</span>', row3)  # Fritz's total
    assert page.index("Fritz kommt dazu · gibt: Ben") < page.index('id="spiel-2"')
    assert page.index("Dora geht (Pflichtsolo offen, entfällt) · gibt: Cem") < page.index(
        'id="spiel-3"')


def test_the_totals_strip_and_the_status_panel_name_everybody(table, evening):
    page = table.client.get(evening).text
    strip = re.findall(r'<span class="total__name">([^<]+)</span>\s*'
                       r'<span class="total__value">([^<]+)</span>', page)
    assert strip == [("Anna", "+2"), ("Ben", "−4"), ("Cem", "+2"), ("Dora", "−4"),
                     ("Fritz", "+4")]
    assert "<dt>Nicht am Tisch</dt><dd>Dora</dd>" in page
    assert "<dt>Pflichtsolo offen</dt><dd>Anna, Ben, Cem, Fritz</dd>" in page
    assert "Zu Beginn am Tisch: Anna, Ben, Cem, Dora" in page


def test_the_settlement_and_the_closed_standings_count_the_leaver_too(table, evening):
    table.client.post(evening + "schliessen", data={"revision": "1"})
    page = table.client.get(evening).text
    standings = re.findall(r"<li><span>(\w+)</span> <strong>([^<]+)</strong></li>", page)
    assert standings == [("Fritz", "+4"), ("Anna", "+2"), ("Cem", "+2"), ("Ben", "−4"),
                         ("Dora", "−4")]
    # 10 Cent a point; the fewest transfers settle −4/−4 against +4/+2/+2.
    assert "Dora zahlt" in page and "Ben zahlt" in page


def test_the_chart_has_a_line_for_every_player_of_the_evening(table, evening):
    page = table.client.get(evening).text
    chart = re.search(r'<figure class="chart">(.*?)</figure>', page, re.S).group(1)
    assert chart.count("<polyline") == 5
    assert "<title>Fritz</title>" in chart and "<title>Dora</title>" in chart


def _csv(data: bytes) -> list[list[str]]:
    return list(csv.reader(io.StringIO(data.decode("utf-8-sig"), newline=""), delimiter=";"))


def test_the_evening_csv_has_every_player_and_the_table_changes_as_rows(table, evening):
    rows = _csv(table.client.get(evening + "spiele.csv").data)
    head, *body, totals = rows
    assert head[-5:] == PLAYERS
    assert [r[0] for r in body] == ["1", "", "2", "", "3"]
    assert body[0][-5:] == ["2", "-2", "2", "-2", ""]  # Fritz not at the table yet: empty
    assert body[1][:3] == ["", "Ben", "Tischwechsel: Fritz kommt dazu · gibt: Ben"]
    assert body[1][3:] == [""] * (len(head) - 3)
    assert body[2][-5:] == ["-2", "aus", "2", "-2", "2"]  # Ben sat out, as the sheet says
    assert body[3][2] == "Tischwechsel: Dora geht (Pflichtsolo offen, entfällt) · gibt: Cem"
    assert body[4][-5:] == ["2", "-2", "-2", "", "2"]  # Dora gone: empty
    per_player = [sum(int(r[-5 + k]) for r in body if r[-5 + k] not in ("", "aus"))
                  for k in range(5)]
    assert dict(zip(PLAYERS, per_player)) == TOTALS
    assert totals[2] == "Endstand" and dict(zip(PLAYERS, map(int, totals[-5:]))) == TOTALS


def test_the_runde_csv_adds_a_column_for_the_newcomer(table, evening):
    rows = _csv(table.client.get(f"/r/{table.token}/spiele.csv").data)
    assert rows[0][-5:] == PLAYERS
    assert [r[2] for r in rows[1:]] == ["1", "", "2", "", "3", "", ""]
    assert [r[4] for r in rows[-2:]] == ["Endstand", "Summe aller Abende"]


def test_the_pdf_prints_every_player_the_changes_and_the_dropped_pflichtsolo(table, evening):
    pytest.importorskip("weasyprint")
    data = fetch_pdf(table.client, evening + "zettel.pdf").data
    text = " ".join(" ".join(p.extract_text() for p in PdfReader(io.BytesIO(data)).pages).split())
    assert "Zu Beginn am Tisch: Anna, Ben, Cem, Dora · gibt zuerst: Anna · 2 Tischwechsel" in text
    assert "Tischwechsel nach Spiel 1: Fritz kommt dazu · gibt: Ben" in text
    assert "Tischwechsel nach Spiel 2: Dora geht (Pflichtsolo offen, entfällt) · gibt: Cem" in text
    assert "Entfallen: Dora (ging nach Spiel 2)" in text
    assert "Endstand 2 −4 2 −4 4" in text


def test_the_statistics_count_the_games_each_played_and_average_over_them(table, evening):
    page = table.client.get(f"/r/{table.token}/statistik").text

    def figures(name: str) -> dict[str, str]:
        """The player's row of each table, by the table's column heads."""
        out: dict[str, str] = {}
        for stats in re.findall(r'<table class="stats">(.*?)</table>', page, re.S):
            heads = [re.sub(r"<[^>]+>", "", h) for h in
                     re.findall(r'<th scope="col"[^>]*>(.*?)</th>', stats, re.S)][1:]
            row = re.search(rf'<th scope="row">{name}</th>(.*?)</tr>', stats, re.S).group(1)
            cells = re.findall(r'<td class="num[^"]*">([^<]*)</td>', row)
            out.update(zip(heads, cells, strict=True))
        return out

    for name, points, games, average in [("Fritz", "+4", "2", "+2,00"),
                                         ("Dora", "−4", "2", "−2,00"),
                                         ("Ben", "−4", "2", "−2,00"),
                                         ("Anna", "+2", "3", "+0,67")]:
        got = figures(name)
        assert (got["Punkte"], got["Spiele"], got["Ø/Spiel"]) == (points, games, average), name
    assert figures("Dora")["Abende"] == "1" and figures("Fritz")["Abende"] == "1"
    assert "1 Abend · 3 Spiele" in page
