"""The forced Pflichtsolo at the table, through the pages: the entry form has it ready, the
preview and the saved row say what happened instead, every Pflicht/Lust choice is
explained, the evening says when its plan is done, and the page and the PDF use the same
words (RULES.md §7).

Who is forced and what the dealer does is worked out by hand in the comments.
"""

from __future__ import annotations

import html
import io
import re
from typing import Any

import pytest
from conftest import fetch_pdf
from pypdf import PdfReader

from scorer.words.rows import sheet_words

FIVE = ("Anna", "Ben", "Cem", "Dora", "Emil")



def normal_instead(forced: str) -> str:
    return (f"{forced} war mit dem Pflichtsolo dran, gespielt wurde ein Normalspiel: "
            f"{forced}s Pflichtsolo bleibt offen.")


def lust_instead(forced: str) -> str:
    return (f"{forced} war mit dem Pflichtsolo dran, hat aber ein Lustsolo gespielt: "
            f"{forced}s Pflichtsolo bleibt offen.")


def other_instead(forced: str, other: str, what: str) -> str:
    return (f"{forced} war mit dem Pflichtsolo dran, gespielt wurde {what} von {other}: "
            f"{forced}s Pflichtsolo bleibt offen.")


def _text(page: str) -> str:
    """A page's text as a reader sees it: tags gone, entities decoded, spaces collapsed."""
    return " ".join(html.unescape(re.sub(r"<[^>]+>", " ", page)).split())


def _squeezed(text: str) -> str:
    """Text without any whitespace: the PDF breaks lines inside narrow cells."""
    return "".join(text.split())


def _checked(page: str, name: str) -> list[str]:
    return re.findall(rf'name="{name}" value="([^"]*)" checked', page)


def forced_evening(table: Any, preset: str = "ddv") -> str:
    """Four players, Anna deals first, the next game forced.

    ddv with 4 planned: 4 open >= 4 left, so game 1 is forced (within) on Ben, the first
    owing player after the dealer Anna. grundregeln with 1 planned: after one normal game the
    plan is played and game 2 is forced (after) on Cem, the first owing after the dealer Ben.
    """
    table.create_group(preset=preset)
    if preset == "ddv":
        return table.start_evening(planned_games=4)
    sheet = table.start_evening(planned_games=1)
    table.play(sheet, ("Anna", "Dora"), 130)
    return sheet


# --------------------------------------------------------------------------- entry form


def test_the_entry_form_has_the_forced_pflichtsolo_ready(table, client):
    sheet = forced_evening(table)
    page = client.get(sheet + "spiel/neu").text
    assert _checked(page, "kind") == ["solo"]
    assert _checked(page, "re") == table.ids("Ben")
    assert _checked(page, "pflicht") == ["pflicht"]
    assert "Pflichtsolo: <strong>Ben</strong> muss jetzt ein Solo spielen" in page
    assert ('<strong>Ben</strong> muss eins spielen <span class="subtle">(noch 4 geplante '
            'Spiele, 4 Pflichtsoli offen)</span>') in client.get(sheet).text
    assert "(noch 4 geplante Spiele, 4 Pflichtsoli offen). Vorgewählt: Solo, Ben, Pflicht." in page
    assert 'data-forced="%s"' % table.player_id("Ben") in page
    # The choice is explained where it is made, from the rules.
    assert "Als Pflicht eingetragen: es ist das Pflichtsolo von Ben." in page


def test_without_a_forced_soloist_nothing_is_preselected_and_the_choice_is_explained(table, client):
    table.create_group(preset="voss")
    sheet = table.start_evening()
    page = client.get(sheet + "spiel/neu").text
    assert _checked(page, "kind") == ["normal"] and _checked(page, "re") == []
    assert "Vorgewählt" not in page
    assert ("„Wie es sich ergibt“ heißt: Pflicht nur für den, der gerade mit dem Pflichtsolo "
            "dran ist, sonst Lust.") in html.unescape(page)


def test_the_preselected_forced_pflichtsolo_needs_only_the_solo_and_the_augen(table, client):
    sheet = forced_evening(table)
    page = client.get(sheet + "spiel/neu").text
    key = re.search(r'name="entry_key" type="hidden" value="([^"]+)"', page).group(1)
    # What the form sends after one tap on "Damensolo" and the typed Augen.
    response = client.post(sheet + "spiel/neu", data={
        "entry_key": key, "kind": "solo", "solo": "damen", "re": table.ids("Ben"),
        "pflicht": "pflicht", "re_eyes": "130"})
    assert response.status_code == 302
    ledger = table.ledger(sheet)
    assert ledger.games[0].pflicht and ledger.games[0].forced_soloist == "Ben"
    # ddv: 130 Augen, gewonnen 1, the soloist three times.
    assert ledger.totals == {"Anna": -1, "Ben": 3, "Cem": -1, "Dora": -1}
    text = _text(table.opened(sheet))
    assert "Ben war mit dem Pflichtsolo dran und hat es gespielt." in text
    assert "Das vorgeführte Pflichtsolo zählt als geplantes Spiel: der Geber wechselt." in text
    assert "vorgeführt für" not in text


DEVIATIONS = [
    pytest.param("ddv", {"re": ("Anna", "Ben"), "kind": "normal"}, normal_instead("Ben"),
                 id="ddv-within-normal-game"),
    pytest.param("ddv", {"re": ("Ben",), "kind": "solo", "solo": "damen", "pflicht": "lust"},
                 lust_instead("Ben"), id="ddv-within-lust"),
    # ddv: Cem's first solo is Cem's Pflichtsolo.
    pytest.param("ddv", {"re": ("Cem",), "kind": "solo", "solo": "damen", "pflicht": ""},
                 other_instead("Ben", "Cem", "das Pflichtsolo"), id="ddv-within-other-player"),
    pytest.param("grundregeln", {"re": ("Anna", "Cem"), "kind": "normal"},
                 normal_instead("Cem"), id="grundregeln-after-normal-game"),
    pytest.param("grundregeln", {"re": ("Cem",), "kind": "solo", "solo": "damen",
                                 "pflicht": "lust"}, lust_instead("Cem"),
                 id="grundregeln-after-lust"),
    # grundregeln: unflagged and not the forced soloist's, so Lust.
    pytest.param("grundregeln", {"re": ("Dora",), "kind": "solo", "solo": "damen",
                                 "pflicht": ""}, other_instead("Cem", "Dora", "ein Lustsolo"),
                 id="grundregeln-after-other-player"),
]


@pytest.mark.parametrize(("preset", "game", "sentence"), DEVIATIONS)
def test_another_game_in_a_forced_slot_is_saved_and_the_preview_and_row_say_so(
        table, client, preset, game, sentence):
    sheet = forced_evening(table, preset)
    forced = table.ledger(sheet).next.forced_soloist
    fields = dict(game)
    re_players = fields.pop("re")
    data = table.game_form(re_players, 130, **fields)
    preview = client.post(sheet + "vorschau", data=data).get_json()
    assert preview["ok"] and preview["warnings"] == [sentence]
    assert client.post(sheet + "spiel/neu", data=data).status_code == 302
    text = _text(table.opened(sheet))
    assert sentence in text
    # The forced player still owes the Pflichtsolo.
    assert forced in table.ledger(sheet).pflichtsolo_open


def test_the_preview_explains_how_the_chosen_solo_counts(table, client):
    table.create_group(preset="ddv")
    sheet = table.start_evening()
    data = table.game_form(("Dora",), 130, kind="solo", solo="damen", pflicht="")
    preview = client.post(sheet + "vorschau", data=data).get_json()
    assert preview["pflicht"] == ("Das erste Solo ist das Pflichtsolo: für Dora zählt es als "
                                  "Pflicht.")
    assert preview["warnings"] == []
    data["pflicht"] = "lust"
    preview = client.post(sheet + "vorschau", data=data).get_json()
    assert preview["pflicht"] == ("Als Lustsolo eingetragen zählt es nicht als Pflicht, obwohl "
                                  "Dora das Pflichtsolo noch offen hat: Doras Pflichtsolo bleibt "
                                  "offen.")


def test_pflicht_for_a_player_who_owes_none_is_refused_beside_the_field(table, client):
    # ddv, 4 planned: Ben's forced Pflichtsolo first; then Cem is forced and the form has Pflicht
    # ready; the table taps Ben instead, who owes none, and leaves Pflicht on.
    sheet = forced_evening(table)
    table.play(sheet, ("Ben",), 130, kind="solo", solo="damen", pflicht="pflicht")
    response = table.enter(sheet, ("Ben",), 130, kind="solo", solo="damen", pflicht="pflicht")
    assert response.status_code == 422
    assert 'id="pflicht-error">Ben hat kein Pflichtsolo mehr offen' in response.text
    assert ("Ben hat kein Pflichtsolo mehr offen: es lässt sich nur als Lust eintragen."
            in response.text)


def test_editing_a_forced_game_keeps_what_was_entered_and_names_who_was_forced(table, client):
    sheet = forced_evening(table)
    table.play(sheet, ("Anna", "Ben"), 130)
    (game,) = table.game_ids()
    page = client.get(sheet + f"spiel/{game}/").text
    assert _checked(page, "kind") == ["normal"]
    assert "In diesem Spiel war <strong>Ben</strong> mit dem Pflichtsolo dran." in page


# --------------------------------------------------------------------------- the plan


def test_when_the_plan_is_done_the_panel_says_so_and_offers_to_close(table, client):
    # ddv, 4 planned, all forced within: Ben, then (Ben deals) Cem, then Dora, then Anna.
    sheet = forced_evening(table)
    for who in ("Ben", "Cem", "Dora"):
        table.play(sheet, (who,), 130, kind="solo", solo="damen", pflicht="pflicht")
        assert "Der Abend ist fertig" not in client.get(sheet).text
    table.play(sheet, ("Anna",), 130, kind="solo", solo="damen", pflicht="pflicht")
    page = client.get(sheet).text
    status = page[page.index('class="status card"'):page.index('id="sheet-title"')]
    assert ("Der Abend ist fertig: alle 4 geplanten Spiele und alle Pflichtsoli sind gespielt."
            in status)
    assert "Abend abschließen</button>" in status
    assert "Weiterspielen: Spiel 5 eintragen" in status
    assert "geplanten gezählt" not in page and ">Spiel 5 eintragen<" not in page
    assert page.count("Abend abschließen</button>") == 1
    closed = client.post(sheet + "schliessen", data={"revision": "1"}, follow_redirects=True)
    assert "Endstand" in closed.text


def test_while_the_plan_runs_the_panel_counts_and_offers_the_next_game(table, client):
    table.create_group(preset="ddv")
    sheet = table.start_evening(planned_games=8)
    table.play(sheet, ("Anna", "Cem"), 130)
    page = client.get(sheet).text
    assert "(1 von 8 geplanten gezählt)" in page and ">Spiel 2 eintragen</a>" in page
    assert "Der Abend ist fertig" not in page


@pytest.mark.parametrize(("planned", "present", "absent"), [
    pytest.param(None, "Der Abend hat keine geplanten Spiele: offene Pflichtsoli werden nur "
                 "angezeigt, nicht vorgeführt.", "vorgeführtes Pflichtsolo", id="no-plan"),
    pytest.param(6, "Offene Pflichtsoli werden innerhalb der geplanten Spiele (6) vorgeführt",
                 "Der Abend hat keine geplanten Spiele", id="six-planned"),
])
def test_the_evening_rules_follow_its_plan(table, client, planned, present, absent):
    table.create_group(preset="ddv")
    sheet = table.start_evening(planned_games=planned)
    page = client.get(sheet).text
    assert present in page and absent not in page
    pdf = _squeezed(_pdf(client, sheet))
    assert _squeezed(present) in pdf and _squeezed(absent) not in pdf


# --------------------------------------------------------------------------- deleting


def test_the_delete_confirmation_says_what_is_recomputed_and_which_games_change(table, client):
    # 5 seats. Game 1: Anna deals, Ben..Emil play. Game 2: Ben deals, Cem, Dora, Emil, Anna
    # play (the form stores its four). Without game 1, Anna deals that game and Ben, Cem,
    # Dora, Emil would play: the stored four had Anna instead of Ben.
    table.create_group(players=FIVE)
    sheet = table.start_evening(seats=FIVE)
    table.play(sheet, ("Ben", "Cem"), 130, players=("Ben", "Cem", "Dora", "Emil"))
    table.play(sheet, ("Cem", "Dora"), 130, players=("Cem", "Dora", "Emil", "Anna"))
    first, _ = table.game_ids()
    page = _text(client.get(sheet + f"spiel/{first}/loeschen").text)
    assert ("Für alle Spiele danach wird neu gerechnet, wer gibt, Bock, Pflichtsoli und der "
            "Stand. Jedes Spiel behält aber die Spieler, die dafür eingetragen sind") in page
    assert "Nach dem Löschen anders besetzt als laut Zettel: Spiel 2 (dann Spiel 1)." in page
    client.post(sheet + f"spiel/{first}/loeschen", data={"revision": "1"})
    sheet_page = table.opened(sheet)
    assert "Anders besetzt als laut Zettel: Anna spielte statt Ben." in sheet_page
    assert '1<span aria-hidden="true">*</span>' in sheet_page
    assert "* = anders besetzt als laut Zettel" in sheet_page
    pdf = _pdf(client, sheet)
    assert "Anders besetzt als laut Zettel: Anna spielte statt Ben." in pdf
    assert "* = anders besetzt als laut Zettel" in pdf


# --------------------------------------------------------------------------- page and PDF


def _pdf(client: Any, sheet: str) -> str:
    data = fetch_pdf(client, sheet + "zettel.pdf").data
    return " ".join(" ".join(p.extract_text() for p in PdfReader(io.BytesIO(data)).pages).split())


def test_the_page_and_the_pdf_word_every_row_alike(table, client):
    # ddv, 5 seats, 6 planned; Anna deals first.
    #  1 Anna deals: thrown in; she deals again.
    #  2 Anna deals: Ben's first solo, his Pflichtsolo (5 open < 6 left: not forced); she stays.
    #  3 Anna deals: Anna plays instead of Ben (entered so); the dealer moves on (1 counted).
    #  4 Ben deals: normal (2 counted). Now 4 open (Anna, Cem, Dora, Emil) >= 4 left: forced.
    #  5 Cem deals: Dora is forced and a normal game is played (3 counted).
    #  6 Dora deals: Emil is forced and plays a Lustsolo; the dealer moves on (4 counted).
    table.create_group(players=FIVE)
    sheet = table.start_evening(seats=FIVE, planned_games=6)

    def play(re: tuple[str, ...], players: tuple[str, ...] | None = None, **fields: Any) -> None:
        four = players or table.ledger(sheet).next.players
        table.play(sheet, re, None if fields.get("kind") == "redeal" else 130,
                   players=tuple(four), **fields)

    play((), kind="redeal")
    play(("Ben",), kind="solo", solo="damen")
    play(("Anna", "Cem"), players=("Anna", "Cem", "Dora", "Emil"))
    play(("Cem", "Dora"))
    assert table.ledger(sheet).next.forced_soloist == "Dora"
    play(("Dora", "Emil"))
    assert table.ledger(sheet).next.forced_soloist == "Emil"
    play(("Emil",), kind="solo", solo="buben", pflicht="lust")

    ledger = table.ledger(sheet)
    words = sheet_words(ledger)
    # The sentences this evening must show, worked out above.
    assert [w.notes for w in words] == [
        ("Anna gibt noch einmal.",),
        ("Das erste Solo ist das Pflichtsolo: für Ben zählt es als Pflicht.",
         "Nach dem Pflichtsolo gibt Anna noch einmal."),
        ("Anders besetzt als laut Zettel: Anna spielte statt Ben.",),
        (),
        ("Dora war mit dem Pflichtsolo dran, gespielt wurde ein Normalspiel: Doras Pflichtsolo "
         "bleibt offen.",),
        ("Emil war mit dem Pflichtsolo dran, hat aber ein Lustsolo gespielt: Emils Pflichtsolo "
         "bleibt offen.", "Nach einem Lustsolo wechselt der Geber."),
    ]
    page = _squeezed(_text(table.opened(sheet)))
    pdf = _squeezed(_pdf(client, sheet))
    for row in words:
        said = [*row.notes, row.breakdown or row.winner]
        if row.marker:  # the PDF leaves a normal game's kind cell empty, as the Zettel does
            said.append(row.kind)
        for text in said:
            assert _squeezed(text) in page, f"game {row.number} on the page: {text}"
            assert _squeezed(text) in pdf, f"game {row.number} in the PDF: {text}"
    # The redeal is named once in its row: kind "neu gegeben", then "keine Punkte".
    assert "keinePunkte" in page and "neugegeben,keinePunkte" not in page
