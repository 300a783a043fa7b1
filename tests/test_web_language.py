"""The page's language (issue #35): the device's choice, else the phone's Accept-Language,
among the languages the app offers; German words stay byte for byte where German is spoken."""

from __future__ import annotations

import html
import json
import re
from pathlib import Path
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


@pytest.fixture
def german_only(tmp_path: Any) -> Any:
    """A server kept German only (``DOKO_LANGUAGES = ["de"]``)."""
    app = create_app({"TESTING": True, "SECRET_KEY": "test",
                      "SQLALCHEMY_DATABASE_URI": f"sqlite:///{tmp_path / 'db.sqlite3'}",
                      "DOKO_LANGUAGES": ("de",), "RATELIMIT_ENABLED": False})
    return app.test_client()


def test_the_app_offers_german_and_english_by_default(app: Any) -> None:
    page = app.test_client().get("/r/nothing-here/", headers={"Accept-Language": "en"})
    assert '<html lang="en">' in page.text and "Not found" in page.text
    assert app.test_client().get("/sprache/en").status_code == 302


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


def test_a_language_the_app_does_not_offer_is_no_page(german_only: Any) -> None:
    client = german_only
    assert client.get("/sprache/en").status_code == 404
    assert client.get("/sprache/fr").status_code == 404
    page = client.get("/r/nothing-here/", headers={"Accept-Language": "en"})
    assert "Nicht gefunden" in page.text


# ---------------------------------------------------------------- the switch on every page

SWITCH = re.compile(r'<nav class="languages" aria-label="([^"]*)">(.*?)</nav>', re.S)


def _switch(page: str) -> list[tuple[str, str, bool, str]]:
    """The switch's links: (language, href, marked current, text)."""
    found = SWITCH.search(page)
    assert found, "the page offers no language switch"
    return [(lang, html.unescape(href), bool(current), text) for href, lang, current, text in
            re.findall(r'<a href="([^"]*)" lang="(\w+)" hreflang="\w+"( aria-current="true")?>'
                       r'([^<]*)</a>', found.group(2))]


def test_every_page_offers_the_languages_each_named_in_its_own(bilingual: Any) -> None:
    page = bilingual.get("/offline", headers={"Accept-Language": "de-DE"}).text
    assert _switch(page) == [("de", "/sprache/de?weiter=/offline", True, "Deutsch"),
                             ("en", "/sprache/en?weiter=/offline", False, "English")]
    assert SWITCH.search(page).group(1) == "Sprache"


def test_the_switch_keeps_the_devices_choice_over_its_phones_language(bilingual: Any) -> None:
    chosen = bilingual.get("/sprache/en", query_string={"weiter": "/offline?x=1"},
                           headers={"Accept-Language": "de-DE"})
    assert chosen.status_code == 302 and chosen.location.endswith("/offline?x=1")
    page = bilingual.get("/offline?x=1", headers={"Accept-Language": "de-DE"}).text
    assert '<html lang="en">' in page and "No connection" in page
    assert SWITCH.search(page).group(1) == "Language"
    assert [(lang, current) for lang, _href, current, _text in _switch(page)] == [
        ("de", False), ("en", True)]
    assert _switch(page)[0][1] == "/sprache/de?weiter=/offline?x%3D1"  # back to this very page


def test_with_german_alone_no_switch_is_shown(german_only: Any) -> None:
    page = german_only.get("/offline", headers={"Accept-Language": "en"}).text
    assert '<html lang="de">' in page and "Keine Verbindung" in page
    assert 'class="languages"' not in page


# ---------------------------------------------------------------- the scripts' words

def _page_words(page: str) -> dict[str, Any]:
    block = re.search(r'<script type="application/json" id="words">(.*?)</script>', page, re.S)
    assert block, "the page carries no words for its scripts"
    return dict(json.loads(block.group(1)))


def test_the_scripts_read_their_words_from_the_page_in_its_language(bilingual: Any) -> None:
    german = _page_words(bilingual.get("/offline", headers={"Accept-Language": "de"}).text)
    assert german["offline.slow"] == ("Langsame Verbindung: der Server antwortet spät, aber er "
                                      "antwortet.")
    assert german["offline.waiting"] == ["%(count)s Spiel wartet auf Verbindung",
                                         "%(count)s Spiele warten auf Verbindung"]
    bilingual.set_cookie("sprache", "en")
    english = _page_words(bilingual.get("/offline", headers={"Accept-Language": "de"}).text)
    assert english.keys() == german.keys()
    assert english["offline.slow"] == "Slow connection: the server answers late, but it answers."
    assert english["offline.waiting"] == ["%(count)s game waiting for a connection",
                                          "%(count)s games waiting for a connection"]
    assert english["entry.schwarz.question"] == "%(party)s has 0 eyes – a trick or schwarz?"


def test_the_service_worker_gets_its_words_in_the_devices_language(bilingual: Any) -> None:
    def build() -> dict[str, Any]:
        script = bilingual.get("/sw.js").text
        return dict(json.loads(re.search(r"^var BUILD = (\{.*\});$", script, re.M).group(1)))

    german = build()
    bilingual.set_cookie("sprache", "en")
    english = build()
    assert german["words"] == {"offline": "Keine Verbindung."}
    assert english["words"] == {"offline": "No connection."}
    # Another file, so a phone that changes its language installs a new worker, which keeps
    # the offline page anew, in that language.
    assert english["cache"] != german["cache"]


SCRIPTS = Path(__file__).resolve().parent.parent / "static" / "js"


def test_every_word_a_script_asks_for_is_on_the_page_and_every_one_is_asked_for() -> None:
    from scorer.words.scripts import script_words

    keys = set(script_words())
    asked: set[str] = set()
    for path in SCRIPTS.glob("*.js"):
        code = re.sub(r"//[^\n]*|/\*.*?\*/", " ", path.read_text(encoding="utf-8"), flags=re.S)
        asked |= {key for key in re.findall(r'"([a-z_]+(?:\.[a-z_]+)*\.?)"', code)
                  if key.split(".")[0] in {k.split(".")[0] for k in keys} and "." in key
                  or key in keys}
    prefixes = {key for key in asked if key.endswith(".")}
    assert {key for key in asked - prefixes if key not in keys} == set()
    for prefix in prefixes:
        assert any(key.startswith(prefix) for key in keys), prefix
    unused = {key for key in keys if key not in asked
              and not any(key.startswith(prefix) for prefix in prefixes)}
    assert unused == set()
