"""The §9 options on the pages: the house rules list each with its sentence and in the
summary, the entry form asks for manual Bock and Dulle gefangen only where they exist, and
added Bock is its own line of the breakdown.
"""

from __future__ import annotations

import re
from typing import Any

import pytest
from conftest import count_rows

from scorer.store.models import Game

FURTHER = {
    "gegen_die_alten_in_solo": True,
    "bock_triggers": ["tie_120", "lost_announcement", "zero_game", "manual"],
    "extras": ["doppelkopf", "fuchs_gefangen", "karlchen", "karlchen_gefangen",
               "dulle_gefangen"],
    "bock_effect": "add",
    "bock_pause_forced": True,
}
"""bockrunde with every further option that goes with its `append` Bock."""


def house_rules(table: Any, **options: Any) -> Any:
    """Post the Runde's house rules with ``options`` changed, as the rules page does."""
    data = table.evening_form(("Anna", "Ben", "Cem", "Dora"), **options)
    fields = {k.removeprefix("rules-"): v for k, v in data.items() if k.startswith("rules-")}
    return table.client.post(f"/r/{table.token}/regeln", data=fields)


@pytest.mark.parametrize(("label", "words"), [
    ("Gegen die Alten im Solo", "wenn es einen Solisten schlägt"),
    ("Wirkung von Bock", "2 Punkte dazugibt"),
    ("Höchster Bock-Faktor", "ein Spiel weiter"),
    ("Mehrere Bockrunden", "mit der laufenden zusammenführen"),
    ("Bock entsteht bei", "Beschluss des Tisches"),
    ("Sonderpunkte", "Dulle gefangen"),
    ("Bockpause bei vorgeführten Pflichtsoli", "die Bockspiele warten bis danach"),
], ids=["gegen-die-alten-in-solo", "bock-effect", "bock-cap", "bock-stacking-merge",
        "manual-trigger", "dulle-gefangen", "bock-pause-forced"])
def test_the_house_rules_page_offers_each_further_option_in_german(table, label, words):
    table.create_group(preset="bockrunde")
    page = table.client.get(f"/r/{table.token}/regeln").text
    assert label in page
    assert words in page


@pytest.mark.parametrize(("options", "line"), [
    ({"gegen_die_alten_in_solo": True},
     "Gegen die Alten zählt auch, wenn Kontra einen Solisten schlägt."),
    ({"bock_effect": "add"},
     "Bock verdoppelt nicht: der Gewinner bekommt je Bock-Stufe 2 Punkte dazu."),
    ({"bock_stacking": "multiply", "bock_cap": "8"}, "Bock höchstens ×8"),
    ({"bock_stacking": "merge"}, "eine neue Bockrunde wird mit der laufenden zusammengeführt"),
    ({"bock_stacking": "restart"}, "eine neue Bockrunde ersetzt die offenen"),
    ({"bock_stacking": "ignore"}, "solange Bockspiele offen sind, entsteht keine neue Bockrunde"),
    ({"bock_triggers": ["manual"]}, "Bock gibt es bei einem Beschluss des Tisches"),
    ({"extras": ["doppelkopf", "dulle_gefangen"]}, "Sonderpunkte: Doppelkopf, Dulle gefangen"),
    ({"bock_pause_forced": True},
     "Vorgeführte Pflichtsoli werden ohne Bock gespielt; die Bockspiele warten."),
], ids=["gegen-die-alten-in-solo", "bock-effect-add", "bock-cap-8", "merge", "restart",
        "ignore", "manual", "dulle", "bock-pause-forced"])
def test_a_further_option_saved_as_house_rule_shows_in_the_summary(app, table, options, line):
    table.create_group(preset="bockrunde")
    assert house_rules(table, **options).status_code == 302
    page = table.client.get(f"/r/{table.token}/regeln").text
    assert line in page
    # and on a new evening's page, and on the evening's own rule summary
    sheet = table.start_evening()
    assert line in table.client.get(sheet).text


def test_manual_bock_is_offered_only_when_the_table_may_declare_it(table):
    table.create_group(preset="bockrunde")
    plain = table.start_evening()
    assert "Bock (vom Tisch beschlossen)" not in table.client.get(plain + "spiel/neu").text
    manual = table.start_evening(bock_triggers=["tie_120", "manual"])
    page = table.client.get(manual + "spiel/neu").text
    assert re.search(r'<input id="manual_bock" name="manual_bock" type="checkbox" value="y">'
                     r' <span>Bock \(vom Tisch beschlossen\)</span>', page)
    # A redeal the table declares Bock after: one reason, one round of 4 games ×2 (append).
    table.play(manual, kind="redeal", players=("Ben", "Cem", "Dora", "Anna"), manual_bock="y")
    ledger = table.ledger(manual)
    assert ledger.games[0].facts.manual_bock and ledger.bock_queue == (2, 2, 2, 2)
    history = table.client.get(manual + "verlauf/").text
    assert "neu gegeben · Bock vom Tisch beschlossen" in history


def test_dulle_gefangen_is_offered_only_when_the_extra_is_used(table):
    table.create_group(preset="ddv")
    assert "Dulle gefangen" not in table.client.get(table.start_evening() + "spiel/neu").text
    extras = ["doppelkopf", "fuchs_gefangen", "karlchen", "dulle_gefangen"]
    sheet = table.start_evening(extras=extras, extras_in_solo="all")
    page = table.client.get(sheet + "spiel/neu").text
    # Where every extra counts in a solo, the script hides the Dulle in the solos where the
    # Herz 10 is no trump (RULES.md §9.6): it is offered in the colour solos and the stille
    # Hochzeit only. One row holds Re's and Kontra's count.
    row = re.search(r'<div class="extras__row" data-solos="kreuz pik herz karo '
                    r'stille_hochzeit hochzeit">(.*?)</div>', page, re.S)
    assert row is not None
    assert re.findall(r'name="(extras_\w+)"', row.group(1)) == [
        "extras_re_dulle_gefangen", "extras_kontra_dulle_gefangen"]
    # Under the DDV's own extras_in_solo (none) no Sonderpunkt is offered in any solo.
    sheet = table.start_evening(extras=extras)
    page = table.client.get(sheet + "spiel/neu").text
    assert re.findall(r'class="extras__row" data-solos="([^"]*)"', page) == [""] * 4
    # ddv, Re wins 151 with a Dulle caught: gewonnen, keine 90, Dulle gefangen = 3 each.
    table.play(sheet, ("Anna", "Cem"), 151, extras_re_dulle_gefangen="1")
    assert table.ledger(sheet).totals == {"Anna": 3, "Ben": -3, "Cem": 3, "Dora": -3}


def test_a_dulle_in_a_damensolo_is_refused_beside_the_field(app, table):
    table.create_group(preset="ddv")
    sheet = table.start_evening(extras=["doppelkopf", "fuchs_gefangen", "karlchen",
                                        "dulle_gefangen"])
    response = table.enter(sheet, ("Ben",), 151, kind="solo", solo="damen",
                           extras_kontra_dulle_gefangen="1")
    assert response.status_code == 422
    assert 'id="extras_kontra_dulle_gefangen-error">in diesem Solo ist die Herz 10 kein ' \
           'Trumpf, also keine Dulle' in response.text
    assert count_rows(app, Game) == 0


def test_added_bock_is_its_own_line_of_the_breakdown(table):
    table.create_group(preset="bockrunde")
    sheet = table.start_evening(bock_effect="add")
    # 120:120 after "Re": two reasons, so one round of 4 games at Bock ×4 (2 levels).
    table.play(sheet, ("Anna", "Cem"), 120, announced_re="ansage")
    # RULES.md §9.2: Re wins 1 (gewonnen) and gets 2 points per level on top: 1 + 4 = 5.
    table.play(sheet, ("Ben", "Dora"), 130)
    second = table.ledger(sheet).games[1]
    assert second.bock == 4
    assert (second.points["Ben"], second.points["Anna"]) == (5, -5)
    page = table.opened(sheet)
    assert '<p class="breakdown">gewonnen +1 · Bock +4</p>' in page
