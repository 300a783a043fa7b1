"""Migration a7d3e9f2c4b8: a player's IBAN, account holder, PayPal.me name, treasurer and
hidden rating, and a Runde's rating choice. Upgraded, what was there has none of them; a
downgrade drops the columns and keeps every player, their foreign keys whole."""

from __future__ import annotations

from typing import Any

from tests.conftest import sql_rows

BEFORE = "c8f2a4e6d1b9"
"""The revision before paying with a scan."""


def _columns(app: Any, table: str) -> list[str]:
    import sqlalchemy as sa

    from scorer.store.extensions import db

    with app.app_context():
        return [c["name"] for c in sa.inspect(db.engine).get_columns(table)]


def test_the_pay_columns_come_and_go_and_the_players_stay(app: Any) -> None:
    from flask_migrate import downgrade, upgrade

    from scorer import services

    with app.app_context():
        downgrade(revision=BEFORE)
    assert "iban" not in _columns(app, "players")
    with app.app_context():
        from scorer.store.extensions import db

        db.session.remove()
        # A Runde made before the upgrade, as its rows were then.
        with db.engine.begin() as connection:
            import sqlalchemy as sa

            connection.execute(sa.text(
                "INSERT INTO groups (name, edit_token, read_token, preset, overrides, version,"
                " tournament_table, language, created_at, updated_at) VALUES ('Alt', 'e' ,"
                " 'r', 'ddv', '{}', 1, false, 'de', '2025-01-01', '2025-01-01')"))
            connection.execute(sa.text(
                "INSERT INTO players (group_id, name, created_at) VALUES "
                "((SELECT id FROM groups WHERE name = 'Alt'), 'Anna', '2025-01-01')"))
            connection.execute(sa.text(
                "INSERT INTO runde_years (group_id, season_ranking, season_min_games,"
                " absent_table_points, absent_pays, absent_fixed_cents, version) VALUES "
                "((SELECT id FROM groups WHERE name = 'Alt'), 'points', 0, 0, 'nothing', 0, 1)"))
        upgrade()
    assert sql_rows(app, "SELECT name, iban, account_holder, paypal_me, treasurer, hide_rating "
                      "FROM players") == [("Anna", None, None, None, False, False)]
    assert sql_rows(app, "SELECT rating FROM runde_years") == [(False,)]
    with app.app_context():
        group = services.create_group("Neu", "ddv")
        player = services.add_player(group, "Ben")
        services.set_pay_details(player, "DE89 3704 0044 0532 0130 00", "", "BenZahlt")
    with app.app_context():
        downgrade(revision=BEFORE)
        from scorer.store.extensions import db

        sqlite = db.engine.dialect.name == "sqlite"
    assert not {"iban", "account_holder", "paypal_me", "treasurer", "hide_rating"} & set(
        _columns(app, "players"))
    assert "rating" not in _columns(app, "runde_years")
    assert sql_rows(app, "SELECT name FROM players ORDER BY id") == [("Anna",), ("Ben",)]
    if sqlite:
        assert sql_rows(app, "PRAGMA foreign_key_check") == []
    with app.app_context():
        upgrade()
