"""Migration d7e3a9b1c5f2: money handed in, Kasse items and the fee per evening (issues 37,
38). A downgrade drops the items and their changes and keeps every entry, mark and other
change, the foreign keys whole; upgraded again, items work at once."""

from __future__ import annotations

import datetime as dt
from typing import Any

from tests.conftest import sql_rows

BEFORE = "d3a7c1e9b2f4"
"""The revision before the Kasse's items."""


def test_a_downgrade_drops_the_items_and_keeps_the_kasse(app: Any) -> None:
    import sqlalchemy as sa
    from flask_migrate import downgrade, upgrade

    from scorer import services
    from scorer.store.extensions import db
    from scorer.store.models import Group

    with app.app_context():
        group = services.create_group("Kasserunde", "ddv")
        services.add_player(group, "Anna")
        anna = group.players[0].id
        services.add_kasse_entry(group, dt.date(2025, 1, 2), "Startgeld", 5000)
        services.hand_in(group, anna, dt.date(2025, 1, 3), 2000)
        services.add_item(group, anna, dt.date(2025, 1, 3), "fine", "zu spät", 100)
        services.set_kasse_fee(group, 200, False, [("vergeben", 50)])
        group_id = group.id
    assert len(sql_rows(app, "SELECT id FROM kasse_items")) == 2
    assert len(sql_rows(app, "SELECT id FROM kasse_events")) == 3
    with app.app_context():
        downgrade(revision=BEFORE)
        tables = sa.inspect(db.engine).get_table_names()
        columns = [c["name"] for c in sa.inspect(db.engine).get_columns("kasse_events")]
        years = [c["name"] for c in sa.inspect(db.engine).get_columns("runde_years")]
        sqlite = db.engine.dialect.name == "sqlite"
    assert "kasse_items" not in tables and "item_id" not in columns
    assert "kasse_fee_cents" not in years and "absent_pays" in years
    assert sql_rows(app, "SELECT text, cents FROM kasse_entries") == [("Startgeld", 5000)]
    assert len(sql_rows(app, "SELECT id FROM kasse_events")) == 1
    if sqlite:
        assert sql_rows(app, "PRAGMA foreign_key_check") == []
    with app.app_context():
        upgrade()
        group = db.session.get(Group, group_id)
        assert group is not None
        services.hand_in(group, group.players[0].id, dt.date(2025, 2, 1), 500)
        assert services.year_of(group).kasse.credit == {"Anna": 500}
