"""The running sheet says when the evening ends: the games its plan has left, of them the
Pflichtsoli and the Bock games, and at the table's pace so far when the last one ends, in
the table's local time (scorer/web/evening/finish.py)."""

from __future__ import annotations

import datetime as dt
import html
import re
import time
from typing import Any

import pytest


@pytest.fixture
def berlin(monkeypatch: Any) -> Any:
    """The server stands in Germany: its local time is Berlin's (CET in November)."""
    monkeypatch.setenv("TZ", "Europe/Berlin")
    time.tzset()
    yield
    monkeypatch.undo()
    time.tzset()


def _saved_at(app: Any, game_ids: list[int], *moments: dt.datetime) -> None:
    from scorer.store.extensions import db
    from scorer.store.models import Game

    with app.app_context():
        for game_id, moment in zip(game_ids, moments, strict=True):
            db.session.get(Game, game_id).created_at = moment
        db.session.commit()


def _finish_row(page: str) -> str | None:
    found = re.search(r"<div data-finish>(.*?)</div>", page, re.S)
    if not found:
        return None
    return " ".join(html.unescape(re.sub(r"<[^>]+>", " ", found.group(1))).split())


def test_the_sheet_says_how_many_games_are_left_and_when_the_last_one_ends(
        table, client, app, berlin):
    table.create_group()  # ddv: everybody owes a Pflichtsolo, forced within the plan
    sheet = table.start_evening(planned_games=10)
    for re_pair in (("Anna", "Cem"), ("Ben", "Dora"), ("Anna", "Ben")):
        table.play(sheet, re_pair, 130)
    # Saved at 20:00, 20:10 and 20:20 UTC: ten minutes a game.
    at = dt.datetime(2026, 11, 28, 20, 0, tzinfo=dt.UTC)
    _saved_at(app, table.game_ids(), at, at + dt.timedelta(minutes=10),
              at + dt.timedelta(minutes=20))
    page = client.get(sheet).text
    # 10 - 3 = 7 games left; the four owe their solo and 4 >= 7 only at the end, so the last
    # four are forced Pflichtsoli. 20:20 + 7 × 10 min = 21:30 UTC = 22:30 in Berlin.
    assert _finish_row(page) == ("Schluss noch 7 Spiele, davon 4 Pflichtsoli: etwa 22:30 "
                                 "(10 Minuten pro Spiel)")
    english = client.get(sheet, headers={"Accept-Language": "en"}).text
    assert _finish_row(english) == ("Finish 7 more games, including 4 mandatory solos: about 22:30 "
                                    "(10 minutes per game)")


def test_without_a_pace_the_sheet_says_only_the_games_left(table, client, app):
    table.create_group(preset="bockrunde")  # no Pflichtsolo
    sheet = table.start_evening(planned_games=8)
    table.play(sheet, ("Anna", "Cem"), 130)
    assert _finish_row(client.get(sheet).text) == "Schluss noch 7 Spiele"
    # Two games saved within seconds (a phone back online): no pace from that.
    table.play(sheet, ("Ben", "Dora"), 130)
    assert _finish_row(client.get(sheet).text) == "Schluss noch 6 Spiele"


def test_no_finish_without_a_plan_nor_once_the_evening_is_closed(table, client, app):
    table.create_group(preset="bockrunde")
    sheet = table.start_evening()
    table.play(sheet, ("Anna", "Cem"), 130)
    assert _finish_row(client.get(sheet).text) is None
    planned = table.start_evening(planned_games=4)
    table.play(planned, ("Anna", "Cem"), 130)
    assert _finish_row(client.get(planned).text) == "Schluss noch 3 Spiele"
    assert client.post(planned + "schliessen", data={"revision": "1"}).status_code == 302
    assert _finish_row(client.get(planned).text) is None
