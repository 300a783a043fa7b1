"""The Verlauf names every game by its number on the sheet now, and says the number it had
when the change was made where that differs (issue 25, item 24: "Spiel 15 eingetragen" for
what is now game 14 made a table doubt the sheet)."""

from __future__ import annotations

import html
import re

from tests.test_web_table_changes import change

PLAYERS = ("Anna", "Ben", "Cem", "Dora", "Emil")
SEATS = PLAYERS[:4]


def titles(table, sheet: str) -> list[str]:
    """The history's headings, newest first."""
    page = table.client.get(f"{sheet}verlauf/").text
    return [html.unescape(t) for t in
            re.findall(r'<p class="history__head"><strong>([^<]+)</strong>', page)]


def test_a_game_moved_by_a_deletion_before_it_says_its_number_then(table):
    table.create_group(players=PLAYERS)
    sheet = table.start_evening(SEATS)
    for eyes in (121, 131, 141, 151):  # games 1 to 4
        table.play(sheet, ("Ben", "Cem"), eyes)
    change(table, sheet, PLAYERS)  # Emil comes after game 4
    first, second, third, _ = table.game_ids()[:4]
    assert table.client.post(f"{sheet}spiel/{first}/loeschen",
                             data={"revision": "1"}).status_code == 302
    # What was game 3 is game 2 now; it is changed under that number.
    assert table.client.post(f"{sheet}spiel/{third}/", data={
        **table.game_form(("Ben", "Cem"), 142), "revision": "1"}).status_code == 302

    assert titles(table, sheet) == [
        "Spiel 2 geändert",
        "Spiel 1 gelöscht",
        "Tischwechsel nach Spiel 3 eingetragen (damals nach Spiel 4)",
        "Spiel 3 eingetragen (damals Spiel 4)",
        "Spiel 2 eingetragen (damals Spiel 3)",
        "Spiel 1 eingetragen (damals Spiel 2)",
        "Spiel 1 eingetragen",  # the deleted game: brought back, it would be game 1 again
    ]
    assert second  # (the game that is game 1 now)


def test_numbers_that_did_not_move_get_no_note(table):
    table.create_group(players=PLAYERS)
    sheet = table.start_evening(SEATS)
    for eyes in (121, 131):
        table.play(sheet, ("Ben", "Cem"), eyes)
    change(table, sheet, PLAYERS, after=0)
    last = table.game_ids()[-1]
    assert table.client.post(f"{sheet}spiel/{last}/loeschen",
                             data={"revision": "1"}).status_code == 302
    assert titles(table, sheet) == [
        "Spiel 2 gelöscht",
        "Tischwechsel vor Spiel 1 eingetragen",
        "Spiel 2 eingetragen",
        "Spiel 1 eingetragen",
    ]
