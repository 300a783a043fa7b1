"""The page's language (issue #35): the device's choice, else the phone's Accept-Language,
among the languages the app offers; German words stay byte for byte where German is spoken."""

from __future__ import annotations

from typing import Any

import pytest

from scorer import create_app

pytestmark = pytest.mark.db


@pytest.fixture
def bilingual(tmp_path: Any) -> Any:
    app = create_app({"TESTING": True, "SECRET_KEY": "test",
                      "SQLALCHEMY_DATABASE_URI": f"sqlite:///{tmp_path / 'db.sqlite3'}",
                      "DOKO_LANGUAGES": ("de", "en"), "RATELIMIT_ENABLED": False})
    return app.test_client()


def test_an_english_phone_reads_an_error_page_in_english(bilingual: Any) -> None:
    page = bilingual.get("/r/nothing-here/", headers={"Accept-Language": "en-GB,en;q=0.9"})
    assert page.status_code == 404
    assert '<html lang="en">' in page.text and "Not found" in page.text
    assert "Nicht gefunden" not in page.text


def test_a_german_phone_reads_the_same_words_as_before(bilingual: Any) -> None:
    page = bilingual.get("/r/nothing-here/", headers={"Accept-Language": "de-DE,de;q=0.9"})
    assert '<html lang="de">' in page.text
    assert "Diese Seite gibt es nicht (mehr). Stimmt der Link?" in page.text


def test_the_choice_of_a_device_outweighs_its_phones_language(bilingual: Any) -> None:
    chosen = bilingual.get("/sprache/de?weiter=/r/nothing-here/",
                           headers={"Accept-Language": "en"})
    assert chosen.status_code == 302 and chosen.location.endswith("/r/nothing-here/")
    page = bilingual.get("/r/nothing-here/", headers={"Accept-Language": "en"})
    assert "Nicht gefunden" in page.text


@pytest.mark.parametrize("target", ["https://elsewhere.example/", "//elsewhere.example/x",
                                    "javascript:alert(1)", "r/relative"])
def test_the_switch_goes_back_to_this_site_only(bilingual: Any, target: str) -> None:
    answer = bilingual.get("/sprache/en", query_string={"weiter": target})
    assert answer.status_code == 302 and answer.location in ("/", "http://localhost/")


def test_a_language_the_app_does_not_offer_is_no_page(app: Any) -> None:
    # The app as configured by default offers German only until English is complete.
    client = app.test_client()
    assert client.get("/sprache/en").status_code == 404
    page = client.get("/r/nothing-here/", headers={"Accept-Language": "en"})
    assert "Nicht gefunden" in page.text
