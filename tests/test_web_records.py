"""The Bestenliste through the pages (issue 27, part 3): records of a season and of all
evenings, each linking to the evening and game, and missed announcements per player."""

from __future__ import annotations

import re

from tests.year_pages import FIVE, cells, evening_on, play_season


def records(page: str) -> dict[str, list[str]]:
    """Record label -> its figure and the holders' lines, as the page shows them."""
    out = {}
    for label, body in re.findall(r"<dt>(.*?)</dt>\s*<dd>(.*?)</dd>", page, re.S):
        figure = re.search(r"<strong>(.*?)</strong>", body)
        holders = [re.sub(r"\s+", " ", h).strip()
                   for h in re.findall(r'class="record__link"[^>]*>(.*?)</a>', body, re.S)]
        out[label] = [figure.group(1) if figure else "noch keiner", *holders]
    return out


def test_the_bestenliste_of_a_season_names_each_record_with_its_evening_and_game(
        table, client):
    url = table.create_group(players=FIVE)
    play_season(table)
    page = client.get(url + "bestenliste?saison=2025-01-01").text
    found = records(page)
    # Evening 1: Anna and Ben win with 151 (worth 2); evening 2: Cem and Dora win with 130
    # (1), then Cem and Anna with 151 (2).
    assert found["Höchstes Spiel"] == [
        "2 Punkte", "Anna, Ben · Abend 1, Spiel 1 (06.03.2025)",
        "Anna, Cem · Abend 2, Spiel 2 (13.03.2025)"]
    assert found["Bester Abend"] == ["+3 Punkte", "Cem · Abend 2 (13.03.2025)"]
    assert found["Schlechtester Abend"] == ["−3 Punkte", "Emil · Abend 2 (13.03.2025)"]
    # Cem lost evening 1's game and won both of evening 2.
    assert found["Längste Siegesserie (Spiele)"] == [
        "2 Spiele", "Cem · Abend 2, Spiel 1 – Abend 2, Spiel 2 (13.03.2025)"]
    assert found["Längste Siegesserie (Abende)"][0] == "1 Abend"
    assert found["Meiste gewonnene Soli an einem Abend"] == ["noch keiner"]
    assert found["Meiste Bockspiele an einem Abend"] == ["noch keiner"]
    link = f'href="/r/{table.token}/abend/2/#spiel-2"'
    assert link in page
    # Won with 151 without a word: Anna twice, Ben and Cem once.
    missed = [cells(r) for r in re.findall(
        r"<tr>(.*?)</tr>", page.split("Verpasste Ansagen", 1)[1].split("<tbody>")[1], re.S)]
    assert missed == [["Anna", "2", "0", "2"], ["Ben", "1", "0", "1"], ["Cem", "1", "0", "1"]]


def test_all_time_records_run_over_the_seasons(table, client):
    url = table.create_group(players=FIVE)
    play_season(table)
    later = evening_on(table, "2026-01-08", ("Anna", "Ben", "Cem", "Dora"))
    # Cem and Dora win the first game of 2026: Cem's run goes on to 3 over the new year.
    table.play(later, ("Cem", "Dora"), 130)
    # Ben says Re and wins with 160: a missed keine 90.
    table.play(later, ("Ben", "Anna"), 160, announced_re="ansage")
    everything = records(client.get(url + "bestenliste").text)
    assert everything["Längste Siegesserie (Spiele)"] == [
        "3 Spiele", "Cem · Abend 2, Spiel 1 – Abend 3, Spiel 1 (08.01.2026)"]
    season = records(client.get(url + "bestenliste?saison=2026-01-01").text)
    assert season["Längste Siegesserie (Spiele)"][0] == "1 Spiel"
    page = client.get(url + "bestenliste").text
    assert re.search(r"<th scope=\"row\">Ben</th><td class=\"num\">1</td>"
                     r"<td class=\"num\">1</td><td class=\"num\">2</td>", page)
