"""Migration d4b7e1a9c3f6: the changes of one Kasse tap share a batch (issue 37). A
downgrade drops the column and keeps every entry and change, their foreign keys whole;
upgraded again, the old changes have no batch and a new "alles bezahlt" gets one at once."""

from __future__ import annotations

import datetime as dt
from typing import Any

from tests.conftest import sql_rows

BEFORE = "a7d3e5f9c1b8"
"""The revision before the batches."""


def test_a_downgrade_drops_the_batch_and_keeps_the_kasse(app: Any) -> None:
    import sqlalchemy as sa
    from flask_migrate import downgrade, upgrade

    from scorer import services
    from scorer.store.extensions import db
    from scorer.store.models import Group

    with app.app_context():
        group = services.create_group("Kasserunde", "ddv")
        services.add_kasse_entry(group, dt.date(2025, 1, 2), "Startgeld", 5000)
        group_id = group.id
    with app.app_context():
        downgrade(revision=BEFORE)
    with app.app_context():
        columns = [c["name"] for c in sa.inspect(db.engine).get_columns("kasse_events")]
        sqlite = db.engine.dialect.name == "sqlite"
    assert "batch_id" not in columns and "form_key" in columns
    assert sql_rows(app, "SELECT text, cents FROM kasse_entries") == [("Startgeld", 5000)]
    assert len(sql_rows(app, "SELECT id FROM kasse_events")) == 1
    if sqlite:
        assert sql_rows(app, "PRAGMA foreign_key_check") == []
    with app.app_context():
        upgrade()
        group = db.session.get(Group, group_id)
        assert group is not None
        services.add_kasse_entry(group, dt.date(2025, 2, 1), "Karten", -450)
    assert sql_rows(app, "SELECT batch_id FROM kasse_events ORDER BY id") == [(None,), (None,)]
