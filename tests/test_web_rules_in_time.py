"""Settings in time through the pages (RULES.md §11.4, issue 37): a Runde that changes "Wer
fehlt, zahlt" and its Wertung at New Year keeps last year's bill and ranking; applying the
new rule back to 2025 shows who owes what and the table before and after, and changes
nothing until confirmed; "Mitglied bis" and guests are billed as worked out by hand."""

from __future__ import annotations

import datetime as dt
import re
from typing import Any

from tests.year_pages import (
    FIVE,
    close,
    evening_on,
    flash_of,
    play_season,
    post_ok,
    set_absent,
    table_rows,
)

# Season 2025 (tests/year_pages.py), pay_leader at 10 ct a point, both closed: evening 1
# Cem and Dora pay 40 ct each; evening 2 Anna 20, Dora 40, Emil 60 (the last); Ben, a
# member since evening 1, missed evening 2.
OWED_2025 = {"Anna": "0,20 €", "Cem": "0,40 €", "Dora": "0,80 €", "Emil": "0,60 €"}
# Season 2025 ranked by points (test_web_seasons.RANKINGS): Dora and Emil share rank 4.
POINTS_2025 = [["1.", "Anna", "+3", "1"], ["2.", "Ben", "+2", "1"], ["3.", "Cem", "+1", "1"],
               ["4.", "Dora", "−3", "0"], ["4.", "Emil", "−3", "0"]]
# The same by table points with −3 for a member absent: Ben 2 − 3 = −1.
TABLE_POINTS_2025 = [["1.", "Anna", "+3", "+3", "1"], ["2.", "Cem", "+1", "+1", "1"],
                     ["3.", "Ben", "−1", "+2", "1"], ["4.", "Dora", "−3", "−3", "0"],
                     ["4.", "Emil", "−3", "−3", "0"]]


def owed(table: Any) -> dict[str, str]:
    """Name -> what is still open, from the Kasse page's members."""
    page = table.client.get(f"/r/{table.token}/kasse/").text
    return {row[0]: row[2] for row in table_rows(page, "stats") if row[2] != "0,00 €"}


def ranking(table: Any, season: str) -> list[list[str]]:
    return table_rows(table.client.get(f"/r/{table.token}/?saison={season}").text, "ranking")


def new_year_rules(table: Any) -> None:
    """As the annual meeting decides: from 1 January 2026 the absent pay as the last, and
    seasons rank by table points with −3 for a member absent. Sent without "confirm": no
    evening of 2026 yet, nothing played changes, so no preview is needed."""
    runde = f"/r/{table.token}/"
    for url, data in (
            (runde + "kasse/fehlende", {"absent_pays": "as_last", "absent_applies": "day",
                                        "absent_from": "2026-01-01"}),
            (runde + "saisons/wertung", {"season_ranking": "table_points", "min_games": "0",
                                         "absent_table_points": "-3", "ranking_applies": "day",
                                         "ranking_from": "2026-01-01"})):
        response = table.client.post(url, data=data)
        assert response.status_code == 302, response.text[:2000]


def test_a_runde_switching_at_new_year_keeps_2025_and_bills_and_ranks_2026_anew(table):
    table.create_group(players=FIVE)
    play_season(table)
    assert owed(table) == OWED_2025 and ranking(table, "2025-01-01") == POINTS_2025
    new_year_rules(table)
    # 2025 as it was billed and ranked: Ben pays nothing for evening 2, points rank.
    assert owed(table) == OWED_2025
    assert ranking(table, "2025-01-01") == POINTS_2025
    # 8 January 2026, Ben away: Cem and Dora win with 130 (1 each), Anna and Emil −1 each
    # pay the gap of 2 to the leaders, 20 ct each; Ben pays as the last-placed: 20 ct.
    sheet = evening_on(table, "2026-01-08", ("Anna", "Cem", "Dora", "Emil"))
    table.play(sheet, ("Cem", "Dora"), 130, players=("Anna", "Cem", "Dora", "Emil"))
    close(table, sheet)
    assert owed(table) == {"Anna": "0,40 €", "Ben": "0,20 €", "Cem": "0,40 €",
                           "Dora": "0,80 €", "Emil": "0,80 €"}
    kasse = table.client.get(f"/r/{table.token}/kasse/").text
    assert ("Seit 01.01.2026: Wer nicht da war, zahlt so viel wie der Letzte des Abends. "
            "Jeder Abend wird nach der Regel abgerechnet, die an seinem Tag gilt.") in kasse
    # Table points: two tied at the top of four get 2 each, the two tied below −2 each.
    assert ranking(table, "2026-01-01") == [
        ["1.", "Cem", "+2", "+1", "1"], ["1.", "Dora", "+2", "+1", "1"],
        ["3.", "Anna", "−2", "−1", "0"], ["3.", "Emil", "−2", "−1", "0"]]
    assert ranking(table, "2025-01-01") == POINTS_2025
    # The settings page shows each setting's history, newest first.
    page = table.client.get(f"/r/{table.token}/saisons").text
    text = re.sub(r"\s+", " ", re.sub(r"<[^>]+>", " ", page))
    assert "ab 01.01.2026 : Tischpunkte, wer fehlt: −3 gilt jetzt" in text
    assert "von Anfang an : Punkte" in text
    assert ("ab 01.01.2026 : Wer nicht da war, zahlt so viel wie der Letzte des Abends. "
            "gilt jetzt") in text
    assert "von Anfang an : Wer nicht da war, zahlt nichts." in text


def test_applying_the_new_rule_back_to_2025_shows_what_changes_and_waits_for_yes(table):
    table.create_group(players=FIVE)
    play_season(table)
    new_year_rules(table)
    runde = f"/r/{table.token}/"
    settings = table.client.get(runde + "saisons").text
    # The 2026 rule offers the seasons before it: Saison 2025 from 1 January 2025.
    assert '<option value="2025-01-01">Saison 2025 (ab 01.01.2025)</option>' in settings
    back = runde + "saisons/regel/absent/2026-01-01/frueher"
    preview = table.client.post(back, data={"back_to": "2025-01-01"})
    assert preview.status_code == 200 and "Was sich ändert" in preview.text
    # Ben's share of evening 2 as the last-placed (Emil, 60 ct): before 0, after 0,60 €.
    assert table_rows(preview.text, "rule-preview--kasse") == [
        ["Ben", "0,00 €", "0,60 €", "0,00 €", "0,60 €"]]
    assert owed(table) == OWED_2025  # nothing stored yet
    confirm = dict(re.findall(r'<input type="hidden" name="([a-z_]+)" value="([^"]*)">',
                              preview.text))
    assert confirm == {"back_to": "2025-01-01", "confirm": "1"}
    page = post_ok(table, back, confirm)
    assert "Übernommen: die Einstellung gilt jetzt ab 01.01.2025." in flash_of(page)
    assert owed(table) == {**OWED_2025, "Ben": "0,60 €"}
    # The ranking the same way: the preview has Saison 2025 before (points) and after.
    back = runde + "saisons/regel/ranking/2026-01-01/frueher"
    preview = table.client.post(back, data={"back_to": "2025-01-01"})
    assert "Tabelle Saison 2025" in preview.text
    rows = table_rows(preview.text, "rule-preview--ranking")
    assert [r[0] for r in rows] == ["1. Anna", "2. Ben", "3. Cem", "4. Dora", "4. Emil"]
    assert [r[2] for r in rows] == ["1. Anna", "2. Cem", "3. Ben", "4. Dora", "4. Emil"]
    assert ranking(table, "2025-01-01") == POINTS_2025
    post_ok(table, back, {"back_to": "2025-01-01", "confirm": "1"})
    assert ranking(table, "2025-01-01") == TABLE_POINTS_2025


def test_a_setting_for_every_evening_is_shown_first_and_a_day_is_asked_for(app, table):
    table.create_group(players=FIVE)
    play_season(table)
    runde = f"/r/{table.token}/"
    data = {"absent_pays": "fixed", "absent_fixed": "1,50", "absent_applies": "start"}
    preview = table.client.post(runde + "kasse/fehlende", data=data)
    assert preview.status_code == 200
    assert table_rows(preview.text, "rule-preview--kasse") == [
        ["Ben", "0,00 €", "1,50 €", "0,00 €", "1,50 €"]]
    assert owed(table) == OWED_2025
    # From a day on without the day: refused beside the field, nothing stored.
    response = table.client.post(runde + "kasse/fehlende", data={
        **data, "absent_applies": "day", "absent_from": ""})
    assert response.status_code == 422 and 'id="absent_from-error"' in response.text
    assert "ein Datum angeben" in response.text
    with app.app_context():
        from scorer import services

        rules = services.year_rules(services.find_group(table.token))
    assert [d.rule.absent_pays.value for d in rules.absent] == ["nothing"]
    # A day after the evenings: nothing played changes, stored at once.
    page = post_ok(table, runde + "kasse/fehlende", {**data, "absent_applies": "day",
                                                     "absent_from": "2025-03-14"})
    assert "Gespeichert: einen festen Betrag, für Abende ab dem 14.03.2025." in flash_of(page)
    assert owed(table) == OWED_2025


def test_mitglied_bis_and_a_guest_are_billed_as_worked_out_by_hand(table):
    # Fritz a member from 1 January 2025 until 10 March; Hugo, added as a guest, plays
    # evening 3 and misses evening 4. An absent member pays 1,00 €.
    table.create_group(players=(*FIVE, "Fritz"))
    runde = f"/r/{table.token}/"
    post_ok(table, runde + "spieler", {"name": "Hugo", "guest": "y"})
    assert re.search(r"Hugo\s*<span class=\"badge\">Gast</span>",
                     table.client.get(runde).text)
    set_absent(table, "fixed", "1,00")
    play_season(table)
    fritz = f"{runde}spieler/{table.player_id('Fritz')}"
    post_ok(table, fritz, {"since": "2025-01-01"})
    future = (dt.date.today() + dt.timedelta(days=1)).isoformat()
    response = table.client.post(fritz, data={"until": future})
    assert response.status_code == 422 and 'id="until-error"' in response.text
    page = post_ok(table, fritz, {"until": "2025-03-10"})
    assert "Fritz ist ausgeschieden: Mitglied bis 10.03.2025." in flash_of(page)
    assert "Mitglied bis 10.03.2025." in table.client.get(fritz).text
    # Evening 3, 20 March: Anna and Ben win with 151 (2 each); Cem and Hugo pay 40 ct
    # each; Dora and Emil, members, pay 1,00 € each. Evening 4, 27 March: Cem and Dora
    # 40 ct each; Emil 1,00 €; Hugo, a guest, nothing; Fritz, retired, nothing.
    for day, seats in (("2025-03-20", ("Anna", "Ben", "Cem", "Hugo")),
                       ("2025-03-27", ("Anna", "Ben", "Cem", "Dora"))):
        sheet = evening_on(table, day, seats)
        table.play(sheet, ("Anna", "Ben"), 151, players=seats)
        close(table, sheet)
    # Evening 1: Fritz (a member on 6 March) 1,00 €; evening 2: Ben 1,00 €.
    assert owed(table) == {"Anna": "0,20 €", "Ben": "1,00 €", "Cem": "1,20 €",
                           "Dora": "2,20 €", "Emil": "2,60 €", "Fritz": "1,00 €",
                           "Hugo": "0,40 €"}
    # Made a member, Hugo (since his first evening) pays for evening 4 too.
    hugo = f"{runde}spieler/{table.player_id('Hugo')}"
    page = post_ok(table, hugo, {"guest": "0"})
    assert "Hugo ist jetzt Mitglied der Runde." in flash_of(page)
    assert owed(table)["Hugo"] == "1,40 €"
    post_ok(table, hugo, {"guest": "1"})
    assert owed(table)["Hugo"] == "0,40 €"


def test_a_guest_added_at_the_table_is_not_billed_for_the_evenings_he_misses(table):
    # Evening 3, 20 March: Anna and Ben win with 151 (2 each); then Hugo, new, takes Dora's
    # seat as a guest ("Tisch ändern"), and Anna and Hugo win with 151: Anna 4, Ben 0,
    # Cem −4, Dora −2, Hugo 2; Hugo pays the gap of 2 to Anna, 20 ct. Evening 4, 27 March:
    # Hugo away; an absent member pays 1,00 €, a guest nothing.
    from tests.test_web_table_changes import change_form

    table.create_group(players=FIVE)
    set_absent(table, "fixed", "1,00")
    seats = ("Anna", "Ben", "Cem", "Dora")
    sheet = evening_on(table, "2025-03-20", seats)
    table.play(sheet, ("Anna", "Ben"), 151, players=seats)
    page = table.client.get(sheet + "tisch/neu").text
    assert "der neue Spieler ist nur Gast (kein Mitglied der Runde)" in page
    data = change_form(table, ("Anna", "Ben", "Cem", "Hugo"), new="Hugo", new_guest="y")
    assert table.client.post(sheet + "tisch/neu", data=data).status_code == 302
    table.play(sheet, ("Anna", "Hugo"), 151, players=("Anna", "Ben", "Cem", "Hugo"))
    close(table, sheet)
    later = evening_on(table, "2025-03-27", seats)
    table.play(later, ("Anna", "Ben"), 151, players=seats)
    close(table, later)
    assert owed(table)["Hugo"] == "0,20 €"
    assert re.search(r"Hugo\s*<span class=\"badge\">Gast</span>",
                     table.client.get(f"/r/{table.token}/").text)
