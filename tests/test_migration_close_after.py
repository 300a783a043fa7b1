"""Migration a7d3e5f9c1b8: a club table may finish its started game after its round ended
(``evenings.close_after``, issue 37). A downgrade drops the column and keeps every evening
and game, their foreign keys whole; upgraded again, the evenings have none and a round ended
with started games to finish sets it at once."""

from __future__ import annotations

from typing import Any

from tests.club_helpers import NINE, Club
from tests.conftest import sql_rows

BEFORE = "d7e3b9a1c5f2"
"""The revision before."""


def test_a_downgrade_drops_close_after_and_keeps_the_tables(app: Any, client: Any) -> None:
    import sqlalchemy as sa
    from flask_migrate import downgrade, upgrade

    from scorer.store.extensions import db

    club = Club(app, client)
    club.create(NINE, planned=4, rounds=2)
    club.draw(seed=5)
    club.start(1)
    club.play(club.tables[(1, 1)], 1)
    club.post("runde/1/beenden", {"angefangene": "1"})
    # Table 1 played one game (it may enter game 2), table 2 none (game 1).
    assert sorted(sql_rows(app, "SELECT close_after FROM evenings "
                             "WHERE close_after IS NOT NULL")) == [(1,), (2,)]
    games = sql_rows(app, "SELECT id, evening_id FROM games ORDER BY id")
    with app.app_context():
        downgrade(revision=BEFORE)
    with app.app_context():
        columns = [c["name"] for c in sa.inspect(db.engine).get_columns("evenings")]
        sqlite = db.engine.dialect.name == "sqlite"
    assert "close_after" not in columns and "closed_at" in columns
    assert sql_rows(app, "SELECT id, evening_id FROM games ORDER BY id") == games
    if sqlite:
        assert sql_rows(app, "PRAGMA foreign_key_check") == []
    with app.app_context():
        upgrade()
    assert sql_rows(app, "SELECT close_after FROM evenings WHERE close_after IS NOT NULL") == []
    club.post("runde/1/fortsetzen")
    club.post("runde/1/beenden", {"angefangene": "1"})
    assert len(sql_rows(app, "SELECT id FROM evenings WHERE close_after IS NOT NULL")) == 2
