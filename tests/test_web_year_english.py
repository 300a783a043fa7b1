"""The Runde's year in English (issue #35): the Runde page, its season, the Kasse, the
records, the statistics and the year's settings read English to a phone that asks for it,
with the game's kept German names and nothing else German; German phones read as before."""

from __future__ import annotations

import re
from html import unescape
from typing import Any

import pytest

from tests.year_pages import FIVE, flash_of, play_season, set_absent

pytestmark = pytest.mark.db

GERMAN = re.compile(r"[äöüÄÖÜß]|\b(Abend|Abende|Spiel|Spiele|Runde|Kasse|Saison|Tabelle|"
                    r"Punkte|bezahlt|offen|noch|nicht|und|oder|der|die|das|zur|zum|von|"
                    r"Wertung|Spieler|Einzahlung|Ausgabe|Gespeichert)\b")
ENGLISH = {"Accept-Language": "en-GB,en;q=0.9"}


@pytest.fixture
def app_config(app_config: dict[str, Any]) -> dict[str, Any]:
    return {**app_config, "DOKO_LANGUAGES": ("de", "en")}


def visible(page: str) -> str:
    page = re.sub(r"<script.*?</script>|<style.*?</style>|<svg.*?</svg>", " ", page, flags=re.S)
    # The result as the chat gets it (hidden until copied by hand) speaks the Runde's print
    # language, as its picture and PDF do (tests/test_web_share.py checks that).
    page = re.sub(r"<textarea[^>]*\bhidden\b[^>]*>.*?</textarea>", " ", page, flags=re.S)
    return " ".join(unescape(re.sub(r"<[^>]+>", " ", page)).split())


def test_the_year_reads_english_to_an_english_phone(table: Any, client: Any) -> None:
    table.create_group(players=FIVE)
    play_season(table)
    set_absent(table, "fixed", "1,50")
    base = f"/r/{table.token}"
    pages = {}
    for path in ("/", "/kasse/", "/kasse/verlauf", "/kasse/bericht", "/bestenliste",
                 "/statistik", "/saisons", f"/saison/spieler/{table.player_id('Anna')}",
                 f"/kasse/spieler/{table.player_id('Ben')}",
                 f"/spieler/{table.player_id('Cem')}"):
        page = client.get(base + path, headers=ENGLISH)
        assert page.status_code == 200, path
        text = visible(page.text)
        # The Runde's name, the players and the preset are names, not words.
        for name in (*FIVE, table.group_name if hasattr(table, "group_name") else ""):
            text = text.replace(name, "") if name else text
        # The house rules' summary is scorer.words.explain's (the rules' own words).
        pages[path] = re.sub(r"House rules .*? Change the house rules", "", text)
    found = {path: sorted(set(m.group(0) for m in GERMAN.finditer(text)))
             for path, text in pages.items()}
    assert {path: words for path, words in found.items() if words} == {}
    assert "Kitty balance" in pages["/kasse/"] and "Absent members pay €1.50." in pages["/kasse/"]
    assert "Season 2025" in pages["/"] and "Hall of fame" in pages["/"]
    start = client.get("/", headers=ENGLISH).text
    assert "Create group" in start and "Runde anlegen" not in start


def test_the_kasse_takes_and_refuses_amounts_in_english(table: Any, client: Any) -> None:
    table.create_group(players=FIVE)
    url = f"/r/{table.token}/kasse/eintrag"
    entry = {"kind": "expense", "date": "2026-11-28", "text": "Annual dinner"}
    refused = client.post(url, data={**entry, "amount": "twelve"}, headers=ENGLISH)
    assert refused.status_code == 422
    assert "Enter an amount in euros, such as 12.50 or 180" in refused.text
    taken = client.post(url, data={**entry, "amount": "1,234.50"}, headers=ENGLISH,
                        follow_redirects=True)
    assert flash_of(taken.text) == "Expense “Annual dinner” −€1,234.50 entered."
    german = client.get(f"/r/{table.token}/kasse/verlauf").text
    assert "Ausgabe „Annual dinner“ −1.234,50 € vom 28.11.2026 eingetragen" in german
