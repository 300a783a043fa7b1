"""Settings in time in English (issue 37): the settings page with each setting's history, the
preview of a change that reaches back, the player's page with "Mitglied bis" and the guest
read English to a phone that asks for it, and nothing German but the game's names."""

from __future__ import annotations

import re
from html import unescape
from typing import Any

import pytest

from tests.test_web_year_english import ENGLISH, GERMAN
from tests.year_pages import FIVE, play_season, set_absent


@pytest.fixture
def app_config(app_config: dict[str, Any]) -> dict[str, Any]:
    return {**app_config, "DOKO_LANGUAGES": ("de", "en")}


def visible(page: str) -> str:
    page = re.sub(r"<script.*?</script>|<style.*?</style>|<svg.*?</svg>", " ", page, flags=re.S)
    text = " ".join(unescape(re.sub(r"<[^>]+>", " ", page)).split())
    for name in FIVE:
        text = text.replace(name, "")
    return text


def test_the_history_the_preview_and_the_players_page_read_english(table: Any) -> None:
    table.create_group(players=FIVE)
    play_season(table)
    set_absent(table, "as_last", since="2026-01-01")
    runde = f"/r/{table.token}/"
    settings = table.client.get(runde + "saisons", headers=ENGLISH).text
    preview = table.client.post(runde + "saisons/regel/absent/2026-01-01/frueher",
                                data={"back_to": "2025-01-01"}, headers=ENGLISH).text
    emil = table.player_id("Emil")
    table.client.post(f"{runde}spieler/{emil}", data={"until": "2025-12-31"})
    player = table.client.get(f"{runde}spieler/{emil}", headers=ENGLISH).text
    pages = {"settings": visible(settings), "preview": visible(preview),
             "player": visible(player)}
    found = {name: sorted(set(m.group(0) for m in GERMAN.finditer(text)))
             for name, text in pages.items()}
    assert {name: words for name, words in found.items() if words} == {}
    assert "from 1 Jan 2026" in pages["settings"] and "from the beginning" in pages["settings"]
    assert "Rules so far" in pages["settings"] and "applies now" in pages["settings"]
    assert "What changes" in pages["preview"] and "Yes, apply it" in pages["preview"]
    assert "Member until" in pages["player"] and "Guest" in pages["player"]
