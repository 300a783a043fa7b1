"""Migration d3a7c1e9b2f4: a tournament's round clock, its backup's waiting upload, and the
club's annual ranking (issue 37). A downgrade drops them and keeps every tournament whole
(its rounds, tables and their evenings, the foreign keys intact); upgraded again, an old
tournament has no clock and the new tables work at once."""

from __future__ import annotations

from tests.club_helpers import NINE, Club
from tests.conftest import sql_rows

BEFORE = "a7d3e9f2c4b8"


def test_a_downgrade_keeps_the_tournaments_and_an_upgrade_brings_the_clock_back(app, client):
    import sqlalchemy as sa
    from flask_migrate import downgrade, upgrade

    from scorer.store.extensions import db

    club = Club(app, client)
    club.create(NINE, rounds=2)
    club.post("rundenuhr", {"round_minutes": "60"})
    club.draw(seed=2)
    club.start(1)
    made = client.post(club.home + "vereinsmeisterschaft", data={"name": "VM", "ranking": "sum"})
    assert made.status_code == 302
    tables = sql_rows(app, "SELECT id, evening_id FROM tournament_tables ORDER BY id")
    with app.app_context():
        downgrade(revision=BEFORE)
        inspector = sa.inspect(db.engine)
        names = set(inspector.get_table_names())
        columns = [c["name"] for c in inspector.get_columns("tournaments")]
        sqlite = db.engine.dialect.name == "sqlite"
    assert not names & {"club_series", "club_series_evenings", "tournament_uploads"}
    assert "round_minutes" not in columns
    assert sql_rows(app, "SELECT id, evening_id FROM tournament_tables ORDER BY id") == tables
    if sqlite:
        assert sql_rows(app, "PRAGMA foreign_key_check") == []
    with app.app_context():
        upgrade()
    assert sql_rows(app, "SELECT round_minutes FROM tournaments") == [(None,)]
    page = client.get(club.home)
    assert page.status_code == 200 and "data-clock-left" not in page.text
    page = club.post("rundenuhr", {"round_minutes": "45"})
    assert "data-clock-left" in page.text
    assert client.post(club.home + "vereinsmeisterschaft",
                       data={"name": "VM", "ranking": "sum"}).status_code == 302
