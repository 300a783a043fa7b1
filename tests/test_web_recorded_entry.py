"""Punkte eintragen (RULES.md §10.1 through the pages, issue 28 §1): a penalty or a correction
the table agrees on, entered on its own page, shown on the sheet with its note, and corrected
on the same page. ddv, Anna deals first; every expected total is the points typed, summed."""

from __future__ import annotations

import html
import re
from typing import Any

import pytest
from conftest import count_rows


def _text(page: str) -> str:
    return " ".join(html.unescape(re.sub(r"<[^>]+>", " ", page)).split())


def _form(table: Any, points: dict[str, str], **more: str) -> dict[str, str]:
    import uuid

    data = {f"points_{table.player_id(name)}": value for name, value in points.items()}
    return {"entry_key": str(uuid.uuid4()), **data, **more}


@pytest.fixture
def evening(table: Any) -> str:
    table.create_group(players=("Anna", "Ben", "Cem", "Dora", "Emil"))
    return table.start_evening()


def test_a_penalty_is_stored_as_typed_with_its_note_and_the_deal_moves_on(
        table: Any, evening: str) -> None:
    page = table.client.get(evening + "punkte")
    assert page.status_code == 200 and "Punkte je Spieler" in page.text
    # Offered from the entry form and from the sheet; the entry form has no kind of its
    # own for it (a chip there led to a form without point fields).
    form = table.client.get(evening + "spiel/neu").text
    assert evening + "punkte" in form
    assert 'name="kind"' in form and 'value="recorded"' not in form
    assert evening + "punkte" in table.client.get(evening).text
    answer = table.client.post(evening + "punkte", data=_form(
        table, {"Anna": "3", "Ben": "-1", "Cem": "−1", "Dora": "-1"},
        note="Strafpunkte: falsch bedient"))
    assert answer.status_code == 302
    ledger = table.ledger(evening)
    assert ledger.totals == {"Anna": 3, "Ben": -1, "Cem": -1, "Dora": -1}
    assert ledger.games[0].facts.note == "Strafpunkte: falsch bedient"
    assert ledger.next.dealer == "Ben"
    sheet = _text(table.opened(evening))
    assert "Strafpunkte: falsch bedient" in sheet


def test_a_plus_sign_is_a_number_as_the_table_writes_it(table: Any, evening: str) -> None:
    answer = table.client.post(evening + "punkte", data=_form(
        table, {"Anna": "+3", "Ben": "-1", "Cem": "-1", "Dora": "-1"}))
    assert answer.status_code == 302
    assert table.ledger(evening).totals["Anna"] == 3


def test_the_dealer_stays_when_the_table_says_so(table: Any, evening: str) -> None:
    table.client.post(evening + "punkte", data=_form(
        table, {"Anna": "-2", "Ben": "2", "Cem": "0", "Dora": "0"}, dealer_stays="y"))
    ledger = table.ledger(evening)
    assert len(ledger.games) == 1 and ledger.next.dealer == "Anna"


def test_a_player_who_does_not_play_by_the_rotation_can_get_the_points(
        table: Any, table_of_five: str) -> None:
    # Five at the table, Anna deals and sits out: the penalty is hers.
    answer = table.client.post(table_of_five + "punkte", data=_form(
        table, {"Anna": "-3", "Ben": "1", "Cem": "1", "Dora": "1"}))
    assert answer.status_code == 302, _text(answer.text)
    assert table.ledger(table_of_five).totals["Anna"] == -3


@pytest.fixture
def table_of_five(table: Any) -> str:
    table.create_group(players=("Anna", "Ben", "Cem", "Dora", "Emil"))
    return table.start_evening(("Anna", "Ben", "Cem", "Dora", "Emil"))


@pytest.mark.parametrize(("points", "words"), [
    ({"Anna": "3", "Ben": "-1", "Cem": "-1", "Dora": "0"}, "zusammen 0 ergeben, nicht +1"),
    ({"Anna": "abc", "Ben": "-1", "Cem": "-1", "Dora": "2"}, "Punkte für Anna: eine ganze Zahl"),
    ({"Anna": "1", "Ben": "-1", "Cem": "0"}, "Genau vier Spieler bekommen Punkte, hier sind es 3"),
    ({"Anna": "2,5", "Ben": "-1", "Cem": "-1", "Dora": "0"}, "Punkte für Anna"),
])
def test_points_that_are_no_game_are_refused_naming_them_and_store_nothing(
        app: Any, table: Any, evening: str, points: dict[str, str], words: str) -> None:
    from scorer.store.models import Game

    before = count_rows(app, Game)
    answer = table.client.post(evening + "punkte", data=_form(table, points))
    assert answer.status_code == 422
    text = _text(answer.text)
    assert words in text
    assert count_rows(app, Game) == before
    # What was typed is still there.
    assert all(f'value="{v}"' in answer.text for v in points.values() if v)


def _alerts(page: str) -> list[str]:
    """The messages at the top of the page (not those under a field)."""
    return [_text(m) for m in re.findall(
        r'<p class="flash flash--error" role="alert" id="points-error">(.*?)</p>', page, re.S)]


@pytest.mark.parametrize(("points", "alert"), [
    # 1 − 1 − 1 + 0 = −1, written with the minus sign as the sheet writes it
    ({"Anna": "1", "Ben": "-1", "Cem": "-1", "Dora": "0"},
     "Die Punkte müssen zusammen 0 ergeben, nicht −1."),
    ({"Anna": "3", "Ben": "-1", "Cem": "-1", "Dora": "0"},
     "Die Punkte müssen zusammen 0 ergeben, nicht +1."),
    ({"Anna": "1", "Ben": "-1", "Cem": "0"},
     "Genau vier Spieler bekommen Punkte, hier sind es 3: bei den anderen eine Zahl "
     "eintragen (auch 0)."),
    ({"Anna": "4", "Ben": "-1", "Cem": "-1", "Dora": "-1", "Emil": "-1"},
     "Genau vier Spieler bekommen Punkte, hier sind es 5: die anderen Felder leer lassen. "
     "Strafpunkte für fünf Spieler lassen sich nicht als ein Spiel schreiben."),
], ids=["minus", "plus", "three", "five"])
def test_the_pages_messages_are_sentences_with_the_minus_sign(
        table: Any, table_of_five: str, points: dict[str, str], alert: str) -> None:
    answer = table.client.post(table_of_five + "punkte", data=_form(table, points))
    assert answer.status_code == 422
    assert _alerts(answer.text) == [alert]


def test_points_beyond_the_limit_are_said_under_the_players_field(
        table: Any, evening: str) -> None:
    # Entered points stop at 1.000.000 a player (MAX_RECORDED_POINTS): Anna's 3.000.000 is over.
    answer = table.client.post(evening + "punkte", data=_form(
        table, {"Anna": "3000000", "Ben": "-1000000", "Cem": "-1000000", "Dora": "-1000000"}))
    assert answer.status_code == 422
    anna = f"points_{table.player_id('Anna')}"
    under = re.search(rf'id="{anna}-error">([^<]+)</p>', answer.text)
    assert under and under.group(1).startswith("Punkte für Anna: "), answer.text[-3000:]
    assert "1.000.000" in under.group(1)
    assert _alerts(answer.text) == []


def test_a_correction_made_meanwhile_on_another_phone_is_said_as_a_sentence(
        table: Any, evening: str) -> None:
    four = {"Anna": "3", "Ben": "-1", "Cem": "-1", "Dora": "-1"}
    assert table.client.post(evening + "punkte", data=_form(table, four)).status_code == 302
    url = f"{evening}spiel/{table.game_ids()[-1]}/punkte"
    page = table.client.get(url).text
    revision = re.search(r'name="revision" type="hidden" value="(\d+)"', page).group(1)
    data = {f"points_{table.player_id(n)}": v for n, v in four.items()}
    assert table.client.post(url, data={**data, "revision": revision}).status_code == 302
    answer = table.client.post(url, data={**data, "revision": revision})  # the old page
    assert answer.status_code == 422
    (alert,) = _alerts(answer.text)
    assert alert.startswith("Inzwischen geändert") and alert.endswith("."), alert


def test_a_note_longer_than_200_characters_is_refused(app: Any, table: Any,
                                                      evening: str) -> None:
    from scorer.store.models import Game

    answer = table.client.post(evening + "punkte", data=_form(
        table, {"Anna": "3", "Ben": "-1", "Cem": "-1", "Dora": "-1"}, note="x" * 201))
    assert answer.status_code == 422 and "200" in _text(answer.text)
    assert count_rows(app, Game) == 0


def test_a_recorded_game_is_corrected_on_its_own_page(table: Any, evening: str) -> None:
    table.play(evening, ("Anna", "Cem"), 151)
    saved = table.client.post(evening + "punkte", data=_form(
        table, {"Ben": "3", "Cem": "-1", "Dora": "-1", "Anna": "-1"}, note="falsch bedient"))
    assert saved.status_code == 302
    game = table.game_ids()[-1]
    edit = table.client.get(f"{evening}spiel/{game}/")
    assert edit.status_code == 302 and edit.location.endswith(f"spiel/{game}/punkte")
    page = table.client.get(edit.location)
    assert 'value="falsch bedient"' in page.text and 'value="3"' in page.text
    revision = re.search(r'name="revision" type="hidden" value="(\d+)"', page.text).group(1)
    answer = table.client.post(edit.location, data={
        f"points_{table.player_id('Ben')}": "6", f"points_{table.player_id('Cem')}": "-2",
        f"points_{table.player_id('Dora')}": "-2", f"points_{table.player_id('Anna')}": "-2",
        "note": "doch doppelt", "revision": revision})
    assert answer.status_code == 302, _text(answer.text)
    ledger = table.ledger(evening)
    first = ledger.games[0].points
    assert ledger.games[1].points == {"Ben": 6, "Cem": -2, "Dora": -2, "Anna": -2}
    assert ledger.totals["Ben"] == first.get("Ben", 0) + 6
    assert ledger.games[1].facts.note == "doch doppelt"


def test_the_read_only_link_cannot_enter_points(app: Any, table: Any, evening: str) -> None:
    from scorer import services
    from scorer.store.models import Game

    with app.app_context():
        read = services.find_group(table.token).read_token
    url = evening.replace(table.token, read) + "punkte"
    assert table.client.get(url).status_code == 403
    answer = table.client.post(url, data=_form(
        table, {"Anna": "3", "Ben": "-1", "Cem": "-1", "Dora": "-1"}))
    assert answer.status_code == 403 and count_rows(app, Game) == 0


def test_a_changed_form_sent_again_under_its_key_is_offered_as_a_new_game(
        app: Any, table: Any, evening: str) -> None:
    from scorer.store.models import Game

    first = _form(table, {"Anna": "3", "Ben": "-1", "Cem": "-1", "Dora": "-1"})
    assert table.client.post(evening + "punkte", data=first).status_code == 302
    # The same form again (a double tap): simply saved, nothing stored twice.
    assert table.client.post(evening + "punkte", data=first).status_code == 302
    assert count_rows(app, Game) == 1
    # Back, corrected, Speichern under the same key: not lost, not stored silently.
    changed = {**first, **{f"points_{table.player_id(n)}": v
                           for n, v in {"Anna": "9", "Ben": "-3", "Cem": "-3",
                                        "Dora": "-3"}.items()}}
    answer = table.client.post(evening + "punkte", data=changed)
    assert answer.status_code == 409
    assert "Dieses Spiel ist schon gespeichert (Spiel 1)" in _text(answer.text)
    assert 'value="9"' in answer.text and first["entry_key"] not in answer.text
    assert count_rows(app, Game) == 1


def test_a_game_of_cards_is_not_turned_into_entered_points(table: Any, evening: str) -> None:
    table.play(evening, ("Anna", "Cem"), 151)
    game = table.game_ids()[-1]
    answer = table.client.post(f"{evening}spiel/{game}/punkte", data=_form(
        table, {"Anna": "3", "Ben": "-1", "Cem": "-1", "Dora": "-1"}, revision="1"))
    assert answer.status_code == 302 and answer.location.endswith(f"spiel/{game}/")
    assert table.ledger(evening).games[0].facts.kind.value == "normal"


def test_points_for_five_are_refused_saying_a_game_has_four(app: Any, table: Any,
                                                           table_of_five: str) -> None:
    from scorer.store.models import Game

    answer = table.client.post(table_of_five + "punkte", data=_form(
        table, {"Anna": "4", "Ben": "-1", "Cem": "-1", "Dora": "-1", "Emil": "-1"}))
    assert answer.status_code == 422
    assert ("Genau vier Spieler bekommen Punkte, hier sind es 5: die anderen Felder leer "
            "lassen. Strafpunkte für fünf Spieler") in _text(answer.text)
    assert count_rows(app, Game) == 0


def test_points_entered_on_a_bock_game_say_they_count_as_written_and_use_it_up(
        table: Any) -> None:
    # Walk-through finding: a penalty on a Bock game showed "×2" beside points that were not
    # doubled, and the Bock game was gone without a word (RULES.md §10.1: it takes the slot).
    table.create_group(preset="bockrunde", players=("Anna", "Ben", "Cem", "Dora"))
    sheet = table.start_evening()
    table.play(sheet, ("Anna", "Cem"), 120)  # 120:120 starts a Bock round
    assert table.ledger(sheet).next.bock == 2
    sentence = ("Auf einem Bockspiel (×2) eingetragen: die Punkte zählen wie geschrieben, "
                "nicht verdoppelt, und das Bockspiel ist damit gespielt.")
    assert sentence in _text(table.client.get(sheet + "punkte").text)
    queued = table.ledger(sheet).bock_queue
    assert table.client.post(sheet + "punkte", data=_form(
        table, {"Anna": "-3", "Ben": "1", "Cem": "1", "Dora": "1"},
        note="falsch bedient")).status_code == 302
    ledger = table.ledger(sheet)
    assert ledger.games[1].score.points == {"Anna": -3, "Ben": 1, "Cem": 1, "Dora": 1}
    assert len(ledger.bock_queue) == len(queued) - 1
    assert sentence in _text(table.opened(sheet))


def test_the_verlauf_shows_the_points_and_note_of_a_penalty_and_no_after_for_a_new_entry(
        table: Any, evening: str) -> None:
    # Walk-through finding: the Verlauf showed "nachher Punkte eingetragen" and nothing else.
    assert table.client.post(evening + "punkte", data=_form(
        table, {"Anna": "-3", "Ben": "1", "Cem": "1", "Dora": "1"},
        note="falsch bedient")).status_code == 302
    history = _text(table.client.get(evening + "verlauf/").text)
    assert ("Punkte eingetragen · Anna −3, Ben +1, Cem +1, Dora +1 · Notiz: falsch bedient"
            in history)
    assert "nachher" not in history  # nothing came before: nothing to say "after" to


def _drawn(client: Any, evening: str) -> dict[str, str]:
    """The hidden fields of the Punkte page as a phone gets it."""
    page = client.get(evening + "punkte").text
    return dict(re.findall(r'name="(entry_key|game_number)" type="hidden" value="([^"]*)"',
                           page))


def test_points_for_a_game_another_phone_saved_meanwhile_meet_the_conflict(
        table: Any, app: Any, evening: str) -> None:
    """Issue 36: the Punkte page carried no game number, so two phones with it open both
    stored, as games 1 and 2. The second now meets the conflict, and decides."""
    from scorer.store.models import Game

    phone_b = app.test_client()
    drawn = _drawn(phone_b, evening)
    assert drawn["game_number"] == "1"
    first = table.client.post(evening + "punkte", data=_form(
        table, {"Anna": "3", "Ben": "-1", "Cem": "-1", "Dora": "-1"}))
    assert first.status_code == 302
    mine = {**_form(table, {"Anna": "-3", "Ben": "1", "Cem": "1", "Dora": "1"},
                    note="Korrektur"), **drawn}
    answer = phone_b.post(evening + "punkte", data=mine)
    assert answer.status_code == 409
    page = _text(answer.text)
    assert "Spiel 1 gibt es schon" in page and "Gespeichert wurde nichts doppelt" in page
    assert 'form="recorded" name="as_next" value="1"' in answer.text
    assert count_rows(app, Game) == 1
    # "Meins als nächstes Spiel speichern": stored as game 2, once.
    saved = phone_b.post(evening + "punkte", data={**mine, "as_next": "1"})
    assert saved.status_code == 302
    assert phone_b.post(evening + "punkte", data={**mine, "as_next": "1"}).status_code == 302
    assert count_rows(app, Game) == 2
    totals = table.ledger(evening).totals
    assert {p: v for p, v in totals.items() if v} == {}  # +3 −1 −1 −1, then −3 +1 +1 +1
