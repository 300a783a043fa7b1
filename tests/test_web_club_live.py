"""A club table's page follows its round (issue 37): the check it polls, ``/r/<link>/tisch/
stand``, moves with a new draw, the start, every game and the end, for either of the table's
links, and is a bodiless 304 while nothing moved."""

from __future__ import annotations

from typing import Any

import pytest

from tests.club_helpers import NINE, Club


@pytest.fixture
def club(app: Any, client: Any) -> Club:
    return Club(app, client)


def check(club: Club, token: str, tag: str | None = None) -> Any:
    headers = {"If-None-Match": f'"{tag}"'} if tag else {}
    return club.app.test_client().get(f"/r/{token}/tisch/stand", headers=headers)


def test_a_tables_check_moves_with_the_start_each_game_and_the_end(club):
    club.create(NINE, planned=4, rounds=2)
    club.draw(seed=42)
    club.note_tables(1)  # the links exist from the draw on (the Tischzettel's codes)
    table = club.tables[(1, 1)]
    first = check(club, table.token)
    assert first.status_code == 200 and first.headers["Cache-Control"] == "no-store"
    waiting = first.get_json()["version"]
    assert check(club, table.token, waiting).status_code == 304
    assert check(club, table.read_token, waiting).status_code == 304
    # The table page carries the same tag, so a waiting phone compares it from the start.
    assert f'data-live-version="{waiting}"' in club.client.get(f"/r/{table.token}/").text

    club.draw(seed=43)  # drawn again: the seats on the page may differ
    redrawn = check(club, table.token, waiting)
    assert redrawn.status_code == 200
    club.start(1)
    started = check(club, table.token, redrawn.get_json()["version"])
    assert started.status_code == 200
    tag = started.get_json()["version"]
    club.play(club.tables[(1, 1)], 1)
    after_game = check(club, table.token, tag)
    assert after_game.status_code == 200
    club.end(1)
    assert check(club, table.token, after_game.get_json()["version"]).status_code == 200


def test_a_link_of_no_table_gets_a_404_from_the_check(club, client):
    runde = client.post("/", data={"name": "Stammtisch", "preset": "bockrunde"})
    token = runde.location.split("/")[2]
    assert check(club, token).status_code == 404
    assert check(club, "x" * 32).status_code == 404
