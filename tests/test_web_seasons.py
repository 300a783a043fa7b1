"""Seasons through the pages (RULES.md §11.1): the Runde page opens on the current season's
ranking under each method, a player's evenings, own seasons, the Statistik per season and
the season PDF. The expected figures are worked out from the rule text in the comments."""

from __future__ import annotations

import datetime as dt
import io
import re
import uuid

import pytest

from scorer import services
from tests.conftest import fetch_pdf, game_entry, visible_text
from tests.year_pages import (
    FIVE,
    SEASON_2025,
    evening_on,
    flash_of,
    play_season,
    post_ok,
    set_ranking,
    table_rows,
)

# Season 2025 (tests/year_pages.py): evening 1 Anna 2, Ben 2, Cem −2, Dora −2 (ranks 1, 1,
# 3, 3); evening 2 (Ben away, a member since evening 1; Emil's first) Cem 3, Anna 1,
# Dora −1, Emil −3. Games: Anna 3, Ben 1, Cem 3, Dora 3, Emil 2.
RANKINGS = {
    # "the sum of a player's evening totals"; Dora and Emil equal in points and evenings
    # won share rank 4.
    ("points", 0, 0): [["1.", "Anna", "+3", "1"], ["2.", "Ben", "+2", "1"],
                       ["3.", "Cem", "+1", "1"], ["4.", "Dora", "−3", "0"],
                       ["4.", "Emil", "−3", "0"]],
    # "points per game the player played": Anna 3/3, Cem 1/3, Dora −3/3, Emil −3/2; Ben
    # (1 game, fewer than min_games 2) "listed without a rank after the others".
    ("average", 2, 0): [["1.", "Anna", "+1,00", "+3", "1"], ["2.", "Cem", "+0,33", "+1", "1"],
                        ["3.", "Dora", "−1,00", "−3", "0"], ["4.", "Emil", "−1,50", "−3", "0"],
                        ["–", "Ben", "+2,00", "+2", "1"]],
    # "n + 1 − r": evening 1 gives 4, 4, 2, 2 (ties share the best rank); evening 2 Cem 4,
    # Anna 3, Dora 2, Emil 1. Ben and Dora have 4 each: Ben's 2 points beat Dora's −3.
    ("placement", 0, 0): [["1.", "Anna", "7", "+3", "1"], ["2.", "Cem", "6", "+1", "1"],
                          ["3.", "Ben", "4", "+2", "1"], ["4.", "Dora", "4", "−3", "0"],
                          ["5.", "Emil", "1", "−3", "0"]],
    # "n + 2 − 2r − k": evening 1 Anna, Ben 2 each, Cem, Dora −2 each; evening 2 Cem 3,
    # Anna 1, Dora −1, Emil −3; Ben, a member absent from evening 2, gets −3 for it; Emil,
    # no member yet on evening 1, nothing.
    ("table_points", 0, -3): [["1.", "Anna", "+3", "+3", "1"], ["2.", "Cem", "+1", "+1", "1"],
                              ["3.", "Ben", "−1", "+2", "1"], ["4.", "Dora", "−3", "−3", "0"],
                              ["4.", "Emil", "−3", "−3", "0"]],
}


def test_the_runde_page_ranks_the_season_as_each_method_says(table, client):
    # One season, each row of RANKINGS chosen on the settings page in turn.
    url = table.create_group(players=FIVE)
    play_season(table, closed=False)
    for (method, min_games, absent), expected in RANKINGS.items():
        set_ranking(table, method, min_games, absent)
        page = client.get(url).text
        assert "Saison 2025" in page  # the newest season with evenings: 2026 has none yet
        assert table_rows(page, "ranking") == expected, method


def test_a_read_only_link_sees_the_ranking_and_every_name_leads_to_the_players_evenings(
        app, table, client):
    table.create_group(players=FIVE)
    sheets = play_season(table)
    set_ranking(table, "table_points", absent=-3)
    with app.app_context():
        from scorer import services

        read = services.find_group(table.token).read_token
    page = client.get(f"/r/{read}/?saison=2025-01-01").text
    link = re.search(r'href="(/r/[^"]+/saison/spieler/\d+\?saison=2025-01-01)">Ben<', page)
    assert link and read in link.group(1)
    ben = client.get(link.group(1).replace("&amp;", "&")).text
    # "Every figure a ranking shows can be traced to the evenings it came from": each
    # evening with rank, points and what it gave, newest first, linked to its sheet.
    rows = table_rows(ben, "stats")
    assert rows == [["Abend 2 · 13.03.", "nicht da", "–", "−3"],
                    ["Abend 1 · 06.03.", "1.", "+2", "+2"]]
    assert f'href="/r/{read}/abend/1/"' in ben and "Platz 3." in ben
    assert sheets[0].endswith("/abend/1/")


def test_the_runde_page_opens_on_the_current_season_and_earlier_ones_are_a_tap_away(
        table, client):
    import datetime as dt

    url = table.create_group(players=FIVE)
    play_season(table, closed=False)
    today = dt.date.today()
    this_year = evening_on(table, today.isoformat(), ("Anna", "Ben", "Cem", "Emil"))
    table.play(this_year, ("Emil", "Ben"), 151)
    page = client.get(url).text
    assert f"Saison {today.year}" in page
    assert table_rows(page, "ranking")[0][1] in ("Emil", "Ben")
    assert "Abend 3 ·" in page and "Abend 1 ·" not in page  # this season's evenings
    earlier = re.search(r'<a class="season-nav__link" href="([^"]+)">Saison 2025</a>', page)
    assert earlier
    old = client.get(earlier.group(1).replace("&amp;", "&")).text
    assert "Abend 1 ·" in old and "Abend 3 ·" not in old
    assert table_rows(old, "ranking")[0][1] == "Anna"
    assert client.get(url + "?saison=1999-01-01").status_code == 404


def test_own_seasons_split_the_evenings_at_their_start_and_can_be_removed(table, client):
    url = table.create_group(players=FIVE)
    play_season(table, closed=False)
    settings = f"/r/{table.token}/saisons"
    post_ok(table, settings + "/neu", {"name": "Saison 2024/25", "start": "2024-09-01"})
    # Evening 2 (13 March) starts a season of its own: evening 1 stays in 2024/25.
    post_ok(table, settings + "/neu", {"name": "Frühjahr", "start": "2025-03-10"})
    page = client.get(url).text
    assert "<h2 id=\"season-title\">Frühjahr</h2>" in page
    assert [r[1] for r in table_rows(page, "ranking")] == ["Cem", "Anna", "Dora", "Emil"]
    earlier = client.get(url + "?saison=2024-09-01").text
    assert [r[1] for r in table_rows(earlier, "ranking")] == ["Anna", "Ben", "Cem", "Dora"]
    # A name or a start twice is refused, naming the field, and nothing is stored.
    for data, field in (({"name": "frühjahr", "start": "2025-05-01"}, "name"),
                        ({"name": "Sommer", "start": "2025-03-10"}, "start"),
                        ({"name": " ", "start": "2025-05-01"}, "name"),
                        ({"name": "Sommer", "start": "2025-02-30"}, "start")):
        response = client.post(settings + "/neu", data=data)
        assert response.status_code == 422, data
        assert f'id="{field}-error"' in response.text, (data, response.text)
    settings_page = client.get(settings).text
    assert settings_page.count('class="seasons-list__item"') == 2
    # Removing asks first (a second button), then the evenings fall into the one before.
    season_id = re.findall(r'saisons/(\d+)/entfernen', settings_page)[1]
    page = post_ok(table, f"{settings}/{season_id}/entfernen", {})
    assert "Frühjahr“ entfernt" in flash_of(page)
    page = client.get(url).text
    assert "<h2 id=\"season-title\">Saison 2024/25</h2>" in page
    assert len(table_rows(page, "ranking")) == 5


def test_the_statistik_is_there_per_season_and_for_all_evenings(table, client):
    url = table.create_group(players=FIVE)
    play_season(table, closed=False)
    later = evening_on(table, "2026-01-08", ("Anna", "Ben", "Cem", "Dora"))
    table.play(later, ("Dora", "Ben"), 151)
    everything = client.get(url + "statistik").text
    season = client.get(url + "statistik?saison=2025-01-01").text
    assert "3 Abende · 4 Spiele" in everything and "2 Abende · 3 Spiele" in season
    # Dora: −3 in 2025, +2 in 2026.
    assert re.search(r'<th scope="row">Dora</th>\s*<td class="num stats__points is-minus">−1<',
                     everything)
    assert re.search(r'<th scope="row">Dora</th>\s*<td class="num stats__points is-minus">−3<',
                     season)
    # Who led when: the season's places after each evening, only for a season.
    assert "<title>Platz nach jedem Abend</title>" in season
    assert "Platz nach jedem Abend" not in everything
    chart = season.split("<title>Platz nach jedem Abend</title>", 1)[1].split("</svg>", 1)[0]
    assert chart.count("<polyline") == 5 and ">06.03.</text>" in chart


@pytest.mark.parametrize("fields, field", [
    ({"season_ranking": "wins"}, "season_ranking"),
    ({"min_games": "-1"}, "min_games"),
    ({"min_games": "zwei"}, "min_games"),
    ({"absent_table_points": "-101"}, "absent_table_points"),
])
def test_bad_season_settings_are_refused_naming_the_field_and_change_nothing(
        table, client, fields, field):
    table.create_group(players=FIVE)
    data = {"season_ranking": "average", "min_games": "3", "absent_table_points": "0",
            **fields}
    response = client.post(f"/r/{table.token}/saisons/wertung", data=data)
    assert response.status_code == 422
    assert "error" in response.text and (f'id="{field}-error"' in response.text
                                         or field == "season_ranking")
    page = client.get(f"/r/{table.token}/saisons").text
    assert re.search(r'value="points"\s+checked', page)  # still the default


def test_the_season_pdf_has_the_ranking_each_players_evenings_the_chart_and_the_kasse(
        table, client):
    pypdf = pytest.importorskip("pypdf")
    url = table.create_group(players=FIVE)
    play_season(table)
    set_ranking(table, "placement")
    response = fetch_pdf(client, url + "saison.pdf?saison=2025-01-01")
    assert response.status_code == 200
    assert response.headers["Content-Type"] == "application/pdf"
    reader = pypdf.PdfReader(io.BytesIO(response.data))
    text = " ".join(p.extract_text() for p in reader.pages)
    words = " ".join(text.split())
    assert "Donnerstagsrunde · Saison 2025" in words
    assert "Wertung: Platzierungspunkte" in words
    # The ranking as on the page (placement: Anna 7, Cem 6, Ben 4, Dora 4, Emil 1).
    assert re.search(r"1\. Anna 7 \+3 1", words), words[:800]
    assert re.search(r"5\. Emil 1 −3 0", words)
    # Each player's evenings: Ben's "nicht da" on evening 2 says "fehlte".
    assert "Die Abende jedes Spielers" in words and "fehlte" in words
    assert "Wer lag wann vorn?" in words
    # The Kasse: evening 1 charges Cem and Dora 40 ct each, evening 2 Anna 20, Dora 40,
    # Emil 60 (pay_leader, 10 ct a point); nothing paid yet.
    assert "Kassenstand: 0,00 € · noch offen: 2,00 €" in words
    assert re.search(r"Dora 2 0,00 € 0,80 € 0,40 € 0,40 € 0,40 €", words), words


def test_a_season_of_one_evening_draws_no_who_led_when(table, client):
    # Tester finding: with one evening the chart was a column of dots over one date.
    pypdf = pytest.importorskip("pypdf")
    url = table.create_group(players=FIVE)
    play_season(table, SEASON_2025[:1])
    assert "Platz nach jedem Abend" not in client.get(url + "statistik?saison=2025-01-01").text
    pdf = fetch_pdf(client, url + "saison.pdf?saison=2025-01-01").data
    text = " ".join(p.extract_text() for p in pypdf.PdfReader(io.BytesIO(pdf)).pages)
    assert "Wer lag wann vorn?" not in text and "Die Abende jedes Spielers" in text


def test_a_runde_without_evenings_has_no_season_yet(table, client):
    url = table.create_group()
    page = client.get(url).text
    assert "Noch kein Abend gespielt." in page and 'id="season-title"' not in page
    assert client.get(url + "saison.pdf").status_code == 404
    assert client.get(url + "bestenliste").status_code == 200
    assert client.get(url + "kasse/").status_code == 200


def test_a_long_seasons_pdf_shows_every_evening_of_every_player(table, client):
    # Issue 40: each player's evenings were a block that could not go on over the next
    # page; of a long season's evenings the page showed the first eighty or so, the rest
    # written past the page's foot (a text extractor read them, no one could see them).
    url = table.create_group(players=FIVE)
    played: dict[str, list[int]] = {name: [] for name in FIVE}
    with table.app.app_context():
        group = services.find_group(table.token)
        ids = {p.name: p.id for p in group.players}
        for k in range(120):
            seated = [name for i, name in enumerate(FIVE) if i != k % len(FIVE)]
            evening = services.start_evening(
                group, played_on=dt.date(2025, 1, 1) + dt.timedelta(days=2 * k),
                seat_ids=[ids[n] for n in seated], first_dealer_id=ids[seated[0]],
                preset="ddv", rules=services.house_rules(group), planned_games=None,
                cents_per_point=10)
            game = {"kind": "normal", "re": [seated[k % 4], seated[(k + 1) % 4]],
                    "re_eyes": 151 if k % 3 else 100}
            services.add_game(evening, game_entry(game, ids), str(uuid.uuid4()))
            services.set_closed(evening, True, evening.revision)
            for name in seated:
                played[name].append(evening.number)
    pdf = fetch_pdf(client, url + "saison.pdf?saison=2025-01-01").data
    words = " ".join(visible_text(pdf))
    lists = words.split("Die Abende jedes Spielers", 1)[1].split("Kasse", 1)[0]
    # Each player's heading ("3. Cem"), then their evenings: "Abend 7 (13.01.) 2. +3" (the
    # chart's labels, "20.07. Dora Emil", drawn after the text, are no heading).
    blocks = re.split(r"(?:\d+\.|–) (" + "|".join(FIVE) + r") (?=Abend )", lists)[1:]
    shown = {name: [int(n) for n in re.findall(r"Abend (\d+) \(\d\d\.\d\d\.\) \d\.", block)]
             for name, block in zip(blocks[::2], blocks[1::2], strict=True)}
    for name in FIVE:
        assert shown[name] == played[name], (name, sorted(set(played[name]) - set(shown[name])))
