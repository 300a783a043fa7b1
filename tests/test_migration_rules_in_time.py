"""Migration d7e3b9a1c5f2: a Runde's one setting of "Wer fehlt, zahlt" and its Wertung
becomes the first entry of each history, valid from the beginning, so every number stays as
it was (issue 37); players may be guests. A downgrade drops the histories and the column
and keeps every player and the old setting, foreign keys whole."""

from __future__ import annotations

import datetime as dt
from typing import Any

from tests.conftest import sql_rows

BEFORE = "d7e3a9b1c5f2"
"""The revision before the settings in time."""


def _run(app: Any, sql: str) -> None:
    import sqlalchemy as sa

    from scorer.store.extensions import db

    with app.app_context():
        with db.engine.begin() as connection:
            connection.execute(sa.text(sql))


def test_todays_one_setting_becomes_the_history_from_the_beginning(app: Any) -> None:
    from flask_migrate import downgrade, upgrade

    from scorer import services
    from scorer.core.dated import FROM_THE_START
    from scorer.core.kasse import AbsentPays
    from scorer.core.seasons import Method

    with app.app_context():
        group = services.create_group("Altrunde", "ddv")
        services.add_player(group, "Anna")
        other = services.create_group("Ohne Jahr", "ddv")
        group_id, other_id = group.id, other.id
    with app.app_context():  # a fresh session: none holds a table the downgrade drops
        downgrade(revision=BEFORE)
    # As the app before kept it: one setting for the whole Runde.
    _run(app, "INSERT INTO runde_years (group_id, season_ranking, season_min_games,"
              " absent_table_points, absent_pays, absent_fixed_cents, version)"
              f" VALUES ({group_id}, 'table_points', 0, -3, 'fixed', 150, 4)")
    with app.app_context():
        upgrade()
    assert sql_rows(app, "SELECT group_id, season_ranking, season_min_games,"
                      " absent_table_points FROM ranking_rules") == [(group_id, "table_points",
                                                                      0, -3)]
    assert sql_rows(app, "SELECT group_id, absent_pays, absent_fixed_cents FROM absent_rules"
                 ) == [(group_id, "fixed", 150)]
    assert sql_rows(app, "SELECT name, guest FROM players") in ([("Anna", False)], [("Anna", 0)])
    with app.app_context():
        from scorer.store.extensions import db
        from scorer.store.models import Group

        rules = services.year_rules(db.session.get(Group, group_id))
        assert [d.start for d in rules.ranking] == [d.start for d in rules.absent] == [
            FROM_THE_START]
        for day in (dt.date(1999, 1, 1), dt.date(2026, 6, 1)):
            settings = rules.on(day)
            assert (settings.method, settings.absent_table_points) == (Method.TABLE_POINTS, -3)
            assert (settings.absent_pays, settings.absent_fixed_cents) == (AbsentPays.FIXED, 150)
        # A Runde without a year row has no history and the defaults.
        fresh = services.year_rules(db.session.get(Group, other_id))
        assert fresh.on(dt.date(2026, 6, 1)).absent_pays is AbsentPays.NOTHING
    with app.app_context():
        downgrade(revision=BEFORE)
    import sqlalchemy as sa

    from scorer.store.extensions import db

    with app.app_context():
        tables = sa.inspect(db.engine).get_table_names()
        columns = [c["name"] for c in sa.inspect(db.engine).get_columns("players")]
        sqlite = db.engine.dialect.name == "sqlite"
    assert "ranking_rules" not in tables and "absent_rules" not in tables
    assert "guest" not in columns
    assert sql_rows(app, "SELECT absent_pays, absent_fixed_cents FROM runde_years") == [
        ("fixed", 150)]
    if sqlite:
        assert sql_rows(app, "PRAGMA foreign_key_check") == []
    with app.app_context():
        upgrade()
