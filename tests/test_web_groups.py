"""The start page and the Runde: creating, remembering, players and house rules."""

from __future__ import annotations

import pytest
from conftest import count_rows

from scorer.store.models import Group, Player
from scorer.words.explain import OPTION_HELP


def test_the_start_page_offers_to_create_a_runde(client):
    page = client.get("/")
    assert page.status_code == 200
    assert "Runde anlegen" in page.text
    assert 'lang="de"' in page.text


def test_a_new_runde_gets_a_secret_url_the_start_page_lists_once_remembered(table, client,
                                                                            app):
    url = table.create_group("Mittwochsrunde", players=())
    assert len(table.token) >= 32
    assert url not in client.get("/").text  # remembering is a choice (test_web_remembered)
    assert client.post(f"{url}merken").status_code == 302
    assert "Mittwochsrunde" in client.get("/").text
    assert url in client.get("/").text
    # Another browser knows nothing of it.
    assert "Mittwochsrunde" not in app.test_client().get("/").text


def test_a_runde_needs_a_name(client, app):
    response = client.post("/", data={"name": "  ", "preset": "ddv"})
    assert response.status_code == 200
    assert "Dieses Feld wird benötigt" in response.text
    assert count_rows(app, Group) == 0


def test_a_runde_is_not_reachable_by_its_integer_id_or_a_wrong_token(table, client):
    table.create_group()
    for url in ("/r/1/", "/r/nichtdertoken/", "/r/nichtdertoken/abend/1/"):
        response = client.get(url)
        assert response.status_code == 404
        assert "Nicht gefunden" in response.text


def test_players_are_added_renamed_and_retired_and_keep_their_history(table, client):
    url = table.create_group(players=("Anna", "Ben", "Cem", "Dora", "Emil"))
    sheet = table.start_evening()
    table.play(sheet, ("Anna", "Cem"), 151)
    anna = table.player_id("Anna")
    renamed = client.post(f"{url}spieler/{anna}", data={"name": "Annette"})
    assert renamed.status_code == 302
    assert "Annette" in client.get(sheet).text  # the old evening shows the new name
    assert table.ledger(sheet).totals["Annette"] == 2
    retired = client.post(f"{url}spieler/{anna}", data={"retire": "1"})
    assert retired.status_code == 302
    page = client.get(url).text
    assert "ausgeschieden" in page
    new_evening = client.get(f"{url}abend/neu").text
    assert "Annette" not in new_evening and "Emil" in new_evening
    assert table.ledger(sheet).totals["Annette"] == 2  # history stays
    back = client.post(f"{url}spieler/{anna}", data={"retire": "0"})
    assert back.status_code == 302
    assert "Annette" in client.get(f"{url}abend/neu").text


def test_a_name_that_is_taken_is_refused_in_german(table, client, app):
    url = table.create_group(players=("Anna", "Ben"))
    response = client.post(f"{url}spieler", data={"name": "anna"})
    assert response.status_code == 422
    assert "anna gibt es in dieser Runde schon" in response.text
    ben = table.player_id("Ben")
    rename = client.post(f"{url}spieler/{ben}", data={"name": "Anna"})
    assert rename.status_code == 422
    assert count_rows(app, Player) == 2


def test_a_player_of_another_runde_is_not_found(table, client, app):
    table.create_group(players=("Anna",))
    other = table.player_id("Anna")
    url = table.create_group("Andere", players=())
    assert client.get(f"{url}spieler/{other}").status_code == 404


def test_the_house_rules_page_explains_every_option_and_summarises(table, client):
    url = table.create_group(preset="bockrunde", players=())
    page = client.get(f"{url}regeln").text
    for sentence in OPTION_HELP.values():
        assert sentence in page
    assert "Bock gibt es bei 120:120" in page  # the summary of the resulting rules


def test_changing_an_option_is_kept_as_an_override_of_the_preset(table, client, app):
    url = table.create_group(preset="ddv", players=())
    data = table.evening_form((), against_points=False)
    options = {k.removeprefix("rules-"): v for k, v in data.items() if k.startswith("rules-")}
    response = client.post(f"{url}regeln", data=options)
    assert response.status_code == 302
    with app.app_context():
        from scorer import services

        group = services.find_group(table.token)
        assert group.overrides == {"against_points": False}
        assert services.house_rules(group).against_points is False
    assert "Punkte gegen Absagen: nein" in client.get(url).text


def test_an_impossible_rule_combination_is_refused_beside_the_option(table, client, app):
    url = table.create_group(preset="ddv", players=())
    data = table.evening_form((), extras_doubled=True)
    options = {k.removeprefix("rules-"): v for k, v in data.items() if k.startswith("rules-")}
    response = client.post(f"{url}regeln", data=options)
    assert response.status_code == 422
    assert "Sonderpunkte lassen sich nicht verdoppeln, wenn Re und Kontra je 2" in response.text
    with app.app_context():
        from scorer import services

        assert services.find_group(table.token).overrides == {}


def test_picking_another_preset_starts_the_options_over(table, client, app):
    url = table.create_group(preset="ddv", players=())
    data = table.evening_form((), against_points=False)
    client.post(f"{url}regeln", data={k.removeprefix("rules-"): v for k, v in data.items()
                                      if k.startswith("rules-")})
    response = client.post(f"{url}regeln/regelwerk", data={"preset": "voss"})
    assert response.status_code == 302
    with app.app_context():
        from scorer import services

        group = services.find_group(table.token)
        assert (group.preset, group.overrides) == ("voss", {})
    assert "Voss (Mai 2024)" in client.get(url).text


def test_the_runde_lists_its_evenings_with_date_leader_and_totals(table, client):
    url = table.create_group()
    sheet = table.start_evening()
    table.play(sheet, ("Anna", "Cem"), 151)
    page = client.get(url).text
    assert "Abend 1 · 20.11.2025" in page
    assert "1 Spiel · läuft · vorn: Anna" in page
    assert "Anna +2 · Cem +2 · Ben −2 · Dora −2" in page


def test_the_evening_list_says_how_many_games_were_dealt_again(table, client):
    # Walk-through finding: the list said "3 Spiele" where the sheet says "3 Spiele, davon 1
    # neu gegeben" and the Statistik counts 2.
    url = table.create_group()
    sheet = table.start_evening()
    table.play(sheet, ("Anna", "Cem"), 151)
    table.play(sheet, kind="redeal")
    table.play(sheet, ("Anna", "Ben"), 100)
    assert "3 Spiele (1 neu gegeben) · läuft" in client.get(url).text


BAD_NAMES = {
    "only zero-width spaces": ("\u200b\u200b", "darf keine unsichtbaren Zeichen enthalten"),
    "only a zero-width joiner": ("\u200d", "braucht mindestens ein sichtbares Zeichen"),
    "only a Hangul filler": ("\u3164", "braucht mindestens ein sichtbares Zeichen"),
    "a zero-width space inside": ("An\u200bna", "darf keine unsichtbaren Zeichen enthalten"),
    "a right-to-left override": ("\u202eanuA", "darf keine Zeichen zur Schreibrichtung"),
    "a right-to-left isolate": ("Ben\u2067", "darf keine Zeichen zur Schreibrichtung"),
    "a left-to-right mark": ("\u200eCem", "darf keine Zeichen zur Schreibrichtung"),
    "a newline": ("An\nna", "darf keine Zeilenumbrüche oder Steuerzeichen enthalten"),
    "a line separator": ("An\u2028na", "darf keine Zeilenumbrüche oder Steuerzeichen enthalten"),
    "a tab": ("An\tna", "darf keine Zeilenumbrüche oder Steuerzeichen enthalten"),
}


@pytest.mark.parametrize("name, message", BAD_NAMES.values(), ids=BAD_NAMES.keys())
def test_a_runde_name_with_invisible_or_control_characters_is_refused(client, app, name,
                                                                       message):
    response = client.post("/", data={"name": name, "preset": "ddv"})
    assert f'id="name-error">Name der Runde {message}' in response.text
    assert count_rows(app, Group) == 0


@pytest.mark.parametrize("name, message", BAD_NAMES.values(), ids=BAD_NAMES.keys())
def test_a_player_name_with_invisible_or_control_characters_is_refused(table, client, app,
                                                                        name, message):
    url = table.create_group(players=("Dora",))
    added = client.post(f"{url}spieler", data={"name": name})
    assert added.status_code == 422
    assert f'id="name-error">Name {message}' in added.text
    renamed = client.post(f"{url}spieler/{table.player_id('Dora')}", data={"name": name})
    assert renamed.status_code == 422
    assert f'id="name-error">Name {message}' in renamed.text
    with app.app_context():
        from scorer import services

        assert [p.name for p in services.find_group(table.token).players] == ["Dora"]


def test_adding_a_retired_player_again_says_how_they_come_back(table, client, app):
    url = table.create_group(players=("Anna", "Ben"))
    anna = table.player_id("Anna")
    assert client.post(f"{url}spieler/{anna}", data={"retire": "1"}).status_code == 302
    response = client.post(f"{url}spieler", data={"name": "anna"})
    assert response.status_code == 422
    assert ("Anna ist ausgeschieden. Zurückholen: in der Runde unter „Spieler“ auf „Ändern“ "
            "und „spielt wieder mit“ tippen") in response.text


def test_names_are_stored_composed_and_trimmed_so_look_alikes_are_the_same_name(
        table, client, app):
    url = table.create_group("  Zoe\u0308s Runde ", players=("  Zoe\u0308 ",))
    with app.app_context():
        from scorer import services

        group = services.find_group(table.token)
        assert group.name == "Zoës Runde"          # one code point ë (NFC), no blanks
        assert [p.name for p in group.players] == ["Zoë"]
    response = client.post(f"{url}spieler", data={"name": "Zoë"})
    assert response.status_code == 422
    assert "Zoë gibt es in dieser Runde schon" in response.text


def test_a_name_is_measured_after_composing(table, client, app):
    url = table.create_group(players=())
    # 40 letters e, each with a combining diaeresis: 80 code points sent, 40 stored.
    assert client.post(f"{url}spieler", data={"name": "e\u0308" * 40}).status_code == 302
    response = client.post(f"{url}spieler", data={"name": "x" * 41})
    assert response.status_code == 422
    assert "Name darf höchstens 40 Zeichen lang sein" in response.text
