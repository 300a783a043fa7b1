"""The entry pages in English (issue #35): the game form, its refusals, points entered and a
table change read in the reader's language; the form's labels follow the page, not the
language the form class was made in."""

from __future__ import annotations

from typing import Any

import pytest

pytestmark = pytest.mark.db


@pytest.fixture
def app_config(app_config: dict[str, Any]) -> dict[str, Any]:
    return {**app_config, "DOKO_LANGUAGES": ("de", "en")}


def _english(table: Any) -> str:
    table.create_group()
    sheet = table.start_evening()
    table.client.set_cookie("sprache", "en")
    return sheet


def test_the_game_form_and_its_refusal_read_in_english(table: Any) -> None:
    sheet = _english(table)
    page = table.client.get(sheet + "spiel/neu").text
    assert "Game 1" in page and "Re's eyes" in page and "Enter points" in page
    assert ">Save</button>" in page and "Cancel, back to the sheet" in page
    for german in ("Speichern", "Augen Re", "Welches Solo?", "Ansagen Re", "Punkte eintragen"):
        assert german not in page
    refused = table.client.post(sheet + "spiel/neu", data={
        "re": table.ids("Anna", "Cem"), "re_eyes": "151", "announced_re": "keine_90",
        "extras_re_fuchs_gefangen": "x"})
    assert refused.status_code == 422
    assert "Not saved – please check:" in refused.text


def test_the_same_form_class_speaks_german_again_for_a_german_reader(table: Any) -> None:
    sheet = _english(table)
    assert "Note (reason or source)" in table.client.get(sheet + "punkte").text
    table.client.set_cookie("sprache", "de")
    assert "Notiz (warum, woher)" in table.client.get(sheet + "punkte").text


def test_a_table_change_and_its_refusal_read_in_english(table: Any) -> None:
    sheet = _english(table)
    page = table.client.get(sheet + "tisch/neu").text
    assert "Change the table" in page and "Who is at the table? (4 to 7, clockwise)" in page
    assert "now, before game 1" in page and "by the rules" in page
    refused = table.client.post(sheet + "tisch/neu", data={
        "present": table.ids("Anna", "Ben", "Cem", "Dora"), "after": "7"})
    assert "Choose between 0 (before game 1) and 0 (after the last game)" in refused.text


def test_points_that_do_not_add_up_are_refused_in_english(table: Any) -> None:
    # The core's refusal carries its German and its values; the page says it in English.
    from tests.test_web_recorded_entry import _form

    sheet = _english(table)
    points = {"Anna": "3", "Ben": "-1", "Cem": "-1", "Dora": "5"}
    answer = table.client.post(sheet + "punkte", data=_form(table, points))
    assert answer.status_code == 422
    assert "add up to 0, not +6." in answer.text
    assert "zusammen" not in answer.text and "müssen" not in answer.text


def test_the_new_evening_names_the_preset_in_english(table: Any) -> None:
    table.create_group()  # DDV-Turnierspielregeln
    table.client.set_cookie("sprache", "en")
    page = table.client.get(f"/r/{table.token}/abend/neu").text
    assert "<strong>DDV tournament rules</strong>" in page
    assert "DDV-Turnierspielregeln" not in page
