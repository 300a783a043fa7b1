"""The organiser's correction of a table after its round is the Turnierleitung's in the
table's Verlauf (issue 37: it read "über diesen Link", as if the table had changed it)."""

from __future__ import annotations

import re
from typing import Any

import pytest
from sqlalchemy import select

from tests.club_helpers import NINE, Club


@pytest.fixture
def club(app: Any, client: Any) -> Club:
    return Club(app, client)


def heads(history: str) -> list[str]:
    """Each Verlauf entry's head as read: title, time and who."""
    return [re.sub(r"\s+", " ", re.sub(r"<[^>]+>", "", head)).strip()
            for head in re.findall(r'<p class="history__head">(.*?)</p>', history, re.S)]


def test_a_correction_after_the_round_names_the_turnierleitung_in_the_verlauf(club, app):
    from scorer.store.extensions import db
    from scorer.store.models import Game, Group

    club.create(NINE, rounds=1)
    club.draw(seed=4)
    club.start(1)
    table = club.tables[(1, 1)]
    phone = app.test_client()  # the table's phone, through the table's link
    club.play(table, 2, client=phone)
    # The organiser plays at this table too: during the round its phone is the table's.
    club.client.get(club.home)
    club.play(table, 1, client=club.client)
    club.end(1)
    response = club.client.post(club.home + "runde/1/tisch/1/oeffnen")
    assert response.location.endswith(table.sheet)
    with app.app_context():
        game = db.session.scalar(select(Game).join(Game.evening).join(Group).where(
            Group.edit_token == table.token).order_by(Game.position))
        game_id, facts = game.id, dict(game.facts)
        db.session.remove()
    ids = club.ids(table.token)
    answer = club.client.post(f"{table.sheet}spiel/{game_id}/", data={
        "revision": "1", "players": [str(i) for i in facts["players"]],
        "re": [str(ids[p]) for p in table.games[0]["re"]], "re_eyes": "100"})
    assert answer.status_code == 302, answer.text

    read_sheet = f"/r/{table.read_token}/abend/1/"
    for reader, sheet in ((phone, table.sheet), (club.client, table.sheet),
                          (app.test_client(), read_sheet)):
        # The table's phone, the organiser's, and one that follows the read-only link.
        said = heads(reader.get(sheet + "verlauf/").text)
        assert said[0].startswith("Spiel 1 geändert") and said[0].endswith(
            "von der Turnierleitung"), said
        assert not any("Turnierleitung" in head for head in said[1:]), said
    # The games entered during the round are the table link's, whichever phone sent them.
    table_heads = heads(phone.get(table.sheet + "verlauf/").text)
    assert sum(head.endswith("über diesen Link") for head in table_heads) == 3, table_heads
