"""The Statistik page of a Runde: figures per player over all evenings, and the season chart."""

from __future__ import annotations

import re
from html import unescape

from scorer.core.settlement import settle
from scorer.core.stats import runde_stats
from scorer.web.year.stats import signed_decimal, signed_euro

FIVE = ("Anna", "Bärbel", "Cem", "Dörte", "Emil")


def _table_rows(page: str) -> dict[str, list[str]]:
    """Each player's figures, both tables' cells in order (points, then games)."""
    rows: dict[str, list[str]] = {}
    page = page.split('aria-labelledby="pairs-title"', 1)[0]  # the players' tables only
    for body in re.findall(r"<tbody>(.*?)</tbody>", page, re.S):
        for row in re.findall(r"<tr>(.*?)</tr>", body, re.S):
            name = unescape(re.search(r'<th scope="row">(.*?)</th>', row).group(1))
            rows.setdefault(name, []).extend(
                unescape(c) for c in re.findall(r"<td[^>]*>(.*?)</td>", row))
    return rows


def test_the_figures_per_player_are_those_of_the_core_over_every_evening(table, client):
    url = table.create_group(players=FIVE)
    first = table.start_evening(seats=FIVE, cents=10)
    table.play(first, ("Bärbel", "Dörte"), 151, players=("Bärbel", "Cem", "Dörte", "Emil"))
    table.play(first, ("Cem",), 190, players=("Anna", "Cem", "Dörte", "Emil"), kind="solo",
               solo="buben")
    table.play(first, players=("Anna", "Bärbel", "Dörte", "Emil"), kind="redeal")
    second = table.start_evening(seats=("Anna", "Bärbel", "Cem", "Dörte"), cents=0)
    table.play(second, ("Anna", "Cem"), 100)
    ledgers = [table.ledger(first), table.ledger(second)]
    expected = runde_stats([(ledgers[0], settle(ledgers[0].totals, 10)), (ledgers[1], None)])

    response = client.get(url + "statistik")
    assert response.status_code == 200
    page = response.text
    rows = _table_rows(page)
    assert list(rows) == [p.name for p in expected.players]
    for p in expected.players:
        points = f"+{p.points}" if p.points > 0 else f"−{-p.points}" if p.points < 0 else "0"
        # Points and money first: what a phone shows at the top.
        assert rows[p.name] == [points, signed_euro(p.cents), signed_decimal(p.average),
                                str(p.evenings), str(p.games), str(p.won), str(p.solos),
                                str(p.solos_won)], p.name
    assert "2 Abende · 3 Spiele" in page  # the redeal is no game
    cem = rows["Cem"]
    assert cem[-2:] == ["1", "1"]  # one solo, won
    assert rows["Emil"][3] == "1"  # one evening


def test_the_season_chart_has_a_line_per_player_and_a_mark_per_evening(table, client):
    url = table.create_group(players=FIVE)
    first = table.start_evening(seats=FIVE)
    table.play(first, ("Bärbel", "Dörte"), 151, players=("Bärbel", "Cem", "Dörte", "Emil"))
    table.start_evening(seats=("Anna", "Bärbel", "Cem", "Dörte"))
    page = client.get(url + "statistik").text
    chart = page.split("<svg", 1)[1].split("</svg>", 1)[0]
    assert "<title>Saisonstand nach jedem Abend</title>" in chart
    assert chart.count("<polyline") == 5
    assert "<title>Dörte</title>" in chart
    assert chart.count(">20.11.</text>") == 2


def test_without_money_there_is_no_money_column(table, client):
    url = table.create_group()
    sheet = table.start_evening(cents=0)
    table.play(sheet, ("Anna", "Cem"), 151)
    page = client.get(url + "statistik").text
    assert ">Geld</th>" not in page and "€" not in page
    assert _table_rows(page)["Anna"] == ["+2", "+2,00", "1", "1", "1", "0", "0"]


def test_a_runde_without_evenings_says_so(table, client):
    url = table.create_group()
    page = client.get(url + "statistik").text
    assert "Noch kein Abend gespielt." in page and "<table" not in page


def test_each_table_scrolls_inside_its_own_container(table, client):
    # They fit a 360 px phone (tests/browser/test_one_screen.py); long names may not.
    url = table.create_group()
    table.play(table.start_evening(), ("Anna", "Cem"), 151)
    page = client.get(url + "statistik").text
    contained = re.findall(r'<div class="sheet-scroll"[^>]*>\s*<table class="stats[ "]', page)
    # Points, games, partners, head to head: each in its own.
    assert len(contained) == page.count('<table class="stats') == 4


def test_an_unknown_runde_has_no_statistics(client):
    assert client.get("/r/gibt-es-nicht/statistik").status_code == 404


def test_averages_and_money_are_written_the_german_way():
    assert [signed_decimal(v) for v in (1.25, -0.5, 0.0, None, 2 / 3)] == [
        "+1,25", "−0,50", "0,00", "–", "+0,67"]
    assert [signed_euro(c) for c in (340, -120, 0)] == ["+3,40 €", "−1,20 €", "0,00 €"]
