"""Slips of issue 37 the treasurer and the Runde met, each through its page: "und noch
einmal" (not "und 1 weitere Male"), what the Soli record counts, the games behind
"Schnitt je Spiel", what "in die Kasse" on the sheet and the Statistik leaves out, the
planned games that move the dealer on, the table points of the absent in the season PDF's
words, a 0,00 € share not counted as paid, and a penalty on a Bock slot in its closed row."""

from __future__ import annotations

import re

from tests.year_pages import FIVE, evening_on, play_season, post_ok, set_ranking


def test_one_more_holder_is_said_as_such(table, client):
    url = table.create_group(players=FIVE)
    play_season(table)
    # Two more games worth 2 (151 Augen): four holders of "Höchstes Spiel", three shown.
    third = evening_on(table, "2025-03-20", ("Anna", "Ben", "Cem", "Dora"))
    table.play(third, ("Anna", "Ben"), 151)
    table.play(third, ("Cem", "Dora"), 151)
    page = client.get(url + "bestenliste?saison=2025-01-01").text
    assert "und noch einmal" in page and "1 weitere Male" not in page
    assert "auch eine stille Hochzeit und eine Hochzeit ohne Partner" in page


def test_the_average_ranking_shows_each_players_games(table, client):
    url = table.create_group(players=FIVE)
    play_season(table, closed=False)
    set_ranking(table, "average", 2)
    page = client.get(url).text
    # Games: Anna 3, Ben 1, Cem 3, Dora 3, Emil 2 (tests/test_web_seasons.py); Ben, with 1
    # game, has no place under a minimum of 2.
    games = re.search(r'<p class="hint season-games">(.*?)</p>', page, re.S)
    assert games and re.sub(r"\s+", " ", games.group(1)).startswith(
        "Gespielte Spiele: Anna 3 · Cem 3 · Dora 3 · Emil 2 · Ben 1.")
    assert "Ohne Platz bleibt, wer weniger als 2 Spiele hat." in games.group(1)


def test_in_die_kasse_says_it_counts_the_players_at_the_table(table, client):
    url = table.create_group(players=FIVE)
    sheets = play_season(table)
    sheet = client.get(sheets[1]).text
    assert "was Fehlende zahlen, rechnet die Kasse dazu" in sheet
    stats = client.get(url + "statistik").text
    assert "laufende Abende mitgerechnet; die Kasse zählt abgeschlossene Abende und was " \
        "Fehlende zahlen" in stats


def test_the_new_evening_form_says_which_games_are_planned(table, client):
    url = table.create_group(players=FIVE)
    page = client.get(url + "abend/neu").text
    assert "nur die Spiele, nach denen der Geber weitergibt" in page


def test_a_share_of_nothing_is_not_counted_as_paid(table, client):
    table.create_group(players=FIVE)
    play_season(table)  # 2025: Anna led evening 1 and paid nothing for it
    later = evening_on(table, "2026-01-08", ("Anna", "Ben", "Cem", "Dora"))
    table.play(later, ("Anna", "Ben"), 151)
    from tests.year_pages import close

    close(table, later)
    anna = table.player_id("Anna")
    runde = f"/r/{table.token}/"
    # Evening 2's 0,20 € paid: the current season (2026) hides it; evening 1's 0,00 € share
    # was no payment and is not counted.
    post_ok(table, runde + "kasse/bezahlt", {"abend": "2", "spieler": str(anna),
                                             "betrag": "20"})
    page = client.get(f"{runde}kasse/spieler/{anna}").text
    assert "Dazu ein bezahlter Anteil früherer Saisons" in page
    assert "bezahlte Anteil " not in page


def test_the_season_pdf_names_the_table_points_of_the_absent():
    from scorer.core.seasons import Method
    from scorer.words.year import method_sentence

    assert method_sentence(Method.TABLE_POINTS, -3).endswith(
        "ein fehlendes Mitglied bekommt −3.")
    assert "was die Runde festlegt" not in method_sentence(Method.TABLE_POINTS, 0)


def test_a_penalty_on_a_bock_game_says_so_in_its_closed_row(table):
    import uuid

    table.create_group(preset="bockrunde", players=("Anna", "Ben", "Cem", "Dora"))
    sheet = table.start_evening()
    table.play(sheet, ("Anna", "Cem"), 120)  # 120:120 starts a Bock round
    form = {f"points_{table.player_id(n)}": p for n, p in
            (("Anna", "-3"), ("Ben", "1"), ("Cem", "1"), ("Dora", "1"))}
    answer = table.client.post(sheet + "punkte", data={**form, "note": "falsch bedient",
                                                       "entry_key": str(uuid.uuid4())})
    assert answer.status_code == 302, answer.text[:2000]
    page = table.client.get(sheet).text
    row = re.search(r'<details class="game[^"]*" id="spiel-2".*?</summary>', page, re.S)
    assert row
    # Not a plain "×2" (the points count as written), and a screen reader hears why.
    assert '<small class="cell-bock">×2</small>' not in row.group(0)
    assert '<s aria-hidden="true">×2</s>' in row.group(0)
    assert "auf einem Bockspiel, zählt wie geschrieben" in row.group(0)
