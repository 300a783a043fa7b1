"""Migration c8f2a4e6d1b9: a Kasse change keeps its form's one-time key (issue 36). A
downgrade drops the column and keeps every entry, mark and change, their foreign keys
whole; upgraded again, the old changes have no key and a form's key works at once."""

from __future__ import annotations

import datetime as dt
import uuid
from typing import Any

from tests.conftest import sql_rows

BEFORE = "b5e1d8c3f7a2"
"""The revision before the Kasse's one-time keys."""


def test_a_downgrade_drops_the_key_and_keeps_the_kasse(app: Any) -> None:
    from flask_migrate import downgrade, upgrade

    from scorer import services

    key = str(uuid.uuid4())
    with app.app_context():
        group = services.create_group("Kasserunde", "ddv")
        services.add_kasse_entry(group, dt.date(2025, 1, 2), "Startgeld", 5000, key)
        services.add_kasse_entry(group, dt.date(2025, 1, 3), "Karten", -450)
        group_id = group.id
    assert len(sql_rows(app, "SELECT form_key FROM kasse_events WHERE form_key IS NOT NULL")) == 1
    with app.app_context():
        downgrade(revision=BEFORE)
    import sqlalchemy as sa

    from scorer.store.extensions import db

    with app.app_context():
        columns = [c["name"] for c in sa.inspect(db.engine).get_columns("kasse_events")]
        sqlite = db.engine.dialect.name == "sqlite"
    assert "form_key" not in columns and "entry_id" in columns
    assert sql_rows(app, "SELECT text, cents FROM kasse_entries ORDER BY id") == [
        ("Startgeld", 5000), ("Karten", -450)]
    assert len(sql_rows(app, "SELECT id FROM kasse_events")) == 2
    if sqlite:  # a batch copy of the table would have left keys pointing nowhere
        assert sql_rows(app, "PRAGMA foreign_key_check") == []
    with app.app_context():
        upgrade()
        from scorer.store.extensions import db
        from scorer.store.models import Group

        group = db.session.get(Group, group_id)
        assert group is not None
        again = str(uuid.uuid4())
        for _ in range(2):
            services.add_kasse_entry(group, dt.date(2025, 2, 1), "Strafe", 100, again)
    assert len(sql_rows(app, "SELECT id FROM kasse_entries")) == 3
    assert len(sql_rows(app, "SELECT form_key FROM kasse_events WHERE form_key IS NOT NULL")) == 1
