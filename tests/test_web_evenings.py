"""Starting an evening, the sheet's status panel, closing and reopening."""

from __future__ import annotations

import re

import pytest
from conftest import count_rows

from scorer.store.models import Evening, Game

FIVE = ("Anna", "Ben", "Cem", "Dora", "Emil")


def test_the_new_evening_form_offers_the_active_players_and_the_runde_rules(table, client):
    url = table.create_group(preset="bockrunde", players=FIVE)
    page = client.get(f"{url}abend/neu").text
    for name in FIVE:
        assert name in page
    # Five active players, no evening yet: all five are ticked (issue 11).
    assert len(re.findall(r'name="present" value="\d+"\s+checked', page)) == 5
    assert "Bockrunde" in page and "Bock gibt es bei 120:120" in page
    assert re.search(r'name="rules-bock_triggers" value="tie_120"\s*checked', page)


def test_an_evening_needs_four_to_seven_players(table, client, app):
    url = table.create_group(players=FIVE)
    data = table.evening_form(("Anna", "Ben", "Cem"))
    response = client.post(f"{url}abend/neu", data=data)
    assert response.status_code == 422
    assert "4 bis 7 Spieler müssen am Tisch sitzen" in response.text
    assert count_rows(app, Evening) == 0


def test_seat_order_and_first_dealer_come_from_the_form(table, client):
    table.create_group(players=FIVE)
    data = table.evening_form(("Anna", "Ben", "Cem", "Dora"), first_dealer="Cem")
    # Seat numbers decide the order, not the list order: Dora 1, Cem 2, Ben 3, Anna 4.
    for k, name in enumerate(("Dora", "Cem", "Ben", "Anna")):
        data[f"seat-{table.player_id(name)}"] = str(k + 1)
    response = client.post(f"/r/{table.token}/abend/neu", data=data)
    sheet = response.location
    ledger = table.ledger(sheet)
    assert ledger.setup.seats == ("Dora", "Cem", "Ben", "Anna")
    assert ledger.next.dealer == "Cem"
    assert ledger.next.players == ("Ben", "Anna", "Dora", "Cem")


def test_a_dealer_who_is_not_at_the_table_is_refused(table, client, app):
    table.create_group(players=FIVE)
    data = table.evening_form(("Anna", "Ben", "Cem", "Dora"), first_dealer="Emil")
    response = client.post(f"/r/{table.token}/abend/neu", data=data)
    assert response.status_code == 422
    assert "der erste Geber muss am Tisch sitzen" in response.text
    assert count_rows(app, Evening) == 0


def test_the_rules_are_frozen_at_the_start_of_an_evening(table, client, app):
    url = table.create_group(preset="ddv")
    sheet = table.start_evening(against_points=False)  # only for this evening
    options = {k.removeprefix("rules-"): v for k, v in table.evening_form((), deck=40).items()
               if k.startswith("rules-")}
    assert client.post(f"{url}regeln", data=options).status_code == 302
    ledger = table.ledger(sheet)
    assert ledger.setup.rules.deck == 48
    assert ledger.setup.rules.against_points is False
    with app.app_context():
        from scorer import services

        group = services.find_group(table.token)
        assert group.overrides == {"deck": 40}
        assert group.evenings[0].rules["preset"] == "ddv"


def test_a_five_player_evening_seats_out_the_dealer_and_shades_the_cell(table, client):
    table.create_group(players=FIVE)
    sheet = table.start_evening(seats=FIVE, first_dealer="Anna")
    page = client.get(sheet).text
    assert "<dt>Setzt aus</dt><dd>Anna</dd>" in page
    table.play(sheet, ("Ben", "Dora"), 140, players=("Ben", "Cem", "Dora", "Emil"))
    ledger = table.ledger(sheet)
    assert ledger.games[0].points["Anna"] == 0
    assert ledger.next.dealer == "Ben"
    assert ledger.sitting_out == ("Ben",)
    assert ledger.next.players == ("Cem", "Dora", "Emil", "Anna")
    page = client.get(sheet).text
    assert "<dt>Setzt aus</dt><dd>Ben</dd>" in page
    assert '<span class="cell-points cell-out num"><small>aus</small>0</span>' in page
    entry = client.get(sheet + "spiel/neu").text
    checked = re.findall(r'name="players" value="(\d+)" checked', entry)
    assert sorted(checked) == sorted(table.ids("Cem", "Dora", "Emil", "Anna"))


def test_a_sitting_out_player_cannot_be_re(table, client, app):
    table.create_group(players=FIVE)
    sheet = table.start_evening(seats=FIVE)
    response = table.enter(sheet, ("Anna", "Ben"), 140, players=("Ben", "Cem", "Dora", "Emil"))
    assert response.status_code == 422
    assert "spielt in diesem Spiel nicht mit: Anna" in response.text
    assert count_rows(app, Game) == 0


def test_the_status_panel_shows_bock_ahead_and_the_forced_pflichtsolo(table, client):
    table.create_group(preset="bockrunde")
    sheet = table.start_evening()
    table.play(sheet, ("Anna", "Cem"), 120, announced_re="ansage")  # two reasons: ×4
    page = client.get(sheet).text
    assert "noch 4 Bockspiele ×4" in page
    table.create_group("Pflicht", preset="ddv")
    sheet = table.start_evening(planned_games=4)
    page = client.get(sheet).text
    assert "<dt>Pflichtsolo offen</dt><dd>Anna, Ben, Cem, Dora</dd>" in page
    # Four open Pflichtsoli for four planned games: forced from the seat after the dealer.
    assert "<strong>Ben</strong> muss eins spielen" in page
    assert "Pflichtsolo: <strong>Ben</strong> muss jetzt ein Solo spielen" in client.get(
        sheet + "spiel/neu").text


def test_closing_shows_the_final_standings_and_makes_the_evening_read_only(table, client, app):
    table.create_group()
    sheet = table.start_evening()
    table.play(sheet, ("Anna", "Cem"), 151)
    (game,) = table.game_ids()
    closed = client.post(sheet + "schliessen", data={"revision": "1"})
    assert closed.status_code == 302
    page = client.get(sheet).text
    assert "Endstand" in page and "abgeschlossen" in page
    assert "eintragen</a>" not in page and "ändern</a>" not in page
    assert client.get(sheet + "spiel/neu").status_code == 302
    refused = table.enter(sheet, ("Anna", "Cem"), 130)
    assert refused.status_code == 302
    edit = client.post(sheet + f"spiel/{game}/",
                       data={**table.game_form(("Ben", "Dora"), 130), "revision": "1"})
    assert edit.status_code == 302
    delete = client.post(sheet + f"spiel/{game}/loeschen", data={"revision": "1"},
                         follow_redirects=True)
    assert "Der Abend ist abgeschlossen; zum Ändern erst wieder öffnen." in delete.text
    assert count_rows(app, Game) == 1
    assert table.ledger(sheet).games[0].facts.re == ("Anna", "Cem")
    reopened = client.post(sheet + "oeffnen", data={"revision": "2"})
    assert reopened.status_code == 302
    assert "Spiel 2 eintragen" in client.get(sheet).text


def test_closing_with_a_stale_revision_is_refused(table, client):
    table.create_group()
    sheet = table.start_evening()
    client.post(sheet + "schliessen", data={"revision": "1"})
    stale = client.post(sheet + "oeffnen", data={"revision": "1"}, follow_redirects=True)
    assert "inzwischen geändert" in stale.text
    assert "Endstand" in stale.text


def test_an_evening_of_another_runde_is_a_german_404(table, client):
    table.create_group()
    table.start_evening()
    other = table.create_group("Andere")
    assert client.get(f"{other}abend/1/").status_code == 404
    assert client.get(f"{other}abend/2/").status_code == 404


NOT_ASCII_NUMBERS = {"superscript two": "²", "superscript one": "¹", "superscript three": "³",
                     "Arabic-Indic three": "٣", "fullwidth three": "３",
                     "5,000 digits": "9" * 5000}


@pytest.mark.parametrize("value", NOT_ASCII_NUMBERS.values(), ids=NOT_ASCII_NUMBERS.keys())
def test_a_first_dealer_that_is_no_plain_number_is_refused_beside_the_field(
        table, client, app, value):
    table.create_group()
    data = table.evening_form(("Anna", "Ben", "Cem", "Dora"), first_dealer="Anna")
    response = client.post(f"/r/{table.token}/abend/neu", data={**data, "first_dealer": value})
    assert response.status_code == 422
    assert 'id="first_dealer-error">der erste Geber muss am Tisch sitzen' in response.text
    assert count_rows(app, Evening) == 0


@pytest.mark.parametrize("field", ["planned_games", "cents_per_point"])
@pytest.mark.parametrize("value", NOT_ASCII_NUMBERS.values(), ids=NOT_ASCII_NUMBERS.keys())
def test_a_number_field_takes_only_the_digits_0_to_9(table, client, app, field, value):
    table.create_group()
    data = table.evening_form(("Anna", "Ben", "Cem", "Dora"))
    response = client.post(f"/r/{table.token}/abend/neu", data={**data, field: value})
    assert response.status_code == 422
    said = {"planned_games": "Geplante Spiele: eine ganze Zahl mit den Ziffern 0 bis 9 angeben",
            "cents_per_point": "eine Zahl in Cent angeben, z. B. 10 oder 0,5"}[field]
    assert f'id="{field}-error">{said}' in response.text
    assert count_rows(app, Evening) == 0


def test_an_evening_or_game_number_beyond_what_the_database_holds_is_a_404(table, client):
    table.create_group()
    sheet = table.start_evening()
    huge = "9" * 30
    for url in (f"/r/{table.token}/abend/{huge}/", f"{sheet}spiel/{huge}/",
                f"{sheet}verlauf/{huge}/wiederherstellen"):
        method = "POST" if url.endswith("wiederherstellen") else "GET"
        assert client.open(url, method=method).status_code == 404, url


def test_a_closed_sheet_says_how_many_of_its_games_were_dealt_again(table):
    # Walk-through finding: the sheet said 17 Spiele, the Statistik 16 (a redeal is no game
    # played there).
    table.create_group()
    sheet = table.start_evening()
    table.play(sheet, ("Anna", "Cem"), 151)
    table.play(sheet, kind="redeal")
    table.play(sheet, ("Ben", "Dora"), 151)
    closed = table.client.post(sheet + "schliessen", data={"revision": "1"})
    assert closed.status_code == 302, closed.text
    page = re.sub(r"\s+", " ", table.client.get(sheet).text)
    assert "3 Spiele, davon 1 neu gegeben (die Statistik zählt 2)." in page
