"""A missed round says the same everywhere (issue 37): the ranking page, the result PDF and
the tournament's CSV each show what the round gives ("(−3)", and in the CSV −3 with the table
"verpasst" and 0 points), each says why under the ranking, and in each the rounds add up to
the sum. Nine players in round 1, a tenth from round 2 on."""

from __future__ import annotations

import csv
import io
import re
from typing import Any

import pytest

from tests.club_helpers import NINE, Club, shown_ranking
from tests.conftest import fetch_pdf
from tests.test_web_club_print import pdf_pages

LEGEND = "„(−3)“: Runde verpasst, zählt −3 in der Summe."


@pytest.fixture
def club(app: Any, client: Any) -> Club:
    return Club(app, client)


def number(text: str) -> int:
    return int(text.replace("\u2212", "-").replace("+", ""))


@pytest.fixture
def late(club: Club) -> Club:
    club.create(NINE, planned=4, rounds=2, absent=-3)
    club.draw(seed=3)
    club.start(1)
    club.play_round(1)
    club.register("Zoe")  # plays from round 2: misses round 1
    club.draw(seed=4)
    club.start(2)
    club.play_round(2)
    club.end(2)
    return club


def test_the_ranking_page_shows_what_a_missed_round_gives_and_says_why(late):
    page = late.client.get(late.home + "rangliste").text
    shown = shown_ranking(page)
    assert shown["Zoe"][4][0] == "(−3)"
    for name, (_rank, figure, _points, _solos, rounds) in shown.items():
        assert sum(number(r.strip("()")) for r in rounds) == number(figure), name
    assert LEGEND in page


def test_the_result_pdf_shows_it_as_the_page_does(late):
    text = " ".join(pdf_pages(fetch_pdf(late.client, late.home + "ergebnis.pdf").data))
    text = re.sub(r"\s+", " ", text)
    zoe = re.search(r"Zoe (\S+) (\S+) (\S+)", text)
    assert zoe is not None and zoe.group(1) == "(−3)", text
    assert number(zoe.group(1).strip("()")) + number(zoe.group(2)) == number(zoe.group(3))
    assert LEGEND in text


def test_the_csv_has_the_table_missed_no_points_and_what_it_gives(late):
    data = late.client.get(late.home + "turnier.csv").data.decode("utf-8-sig")
    rows = list(csv.reader(io.StringIO(data, newline=""), delimiter=";"))
    records = [dict(zip(rows[0], row)) for row in rows[1:]]
    zoe = next(r for r in records if r["Name"] == "Zoe")
    assert (zoe["R1 Tisch"], zoe["R1 Punkte"], zoe["R1 TP"]) == ("verpasst", "0", "-3")
    for record in records:
        assert int(record["R1 TP"]) + int(record["R2 TP"]) == int(record["Summe TP"])
        assert int(record["R1 Punkte"]) + int(record["R2 Punkte"]) == int(record["Punkte"])
