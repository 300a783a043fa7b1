"""Upgrading a database made before table changes: the evenings in it fold and render as
before, and their history still undoes and restores.

The database is created at the revision before table changes (7a1e2c9d0b34) and holds real
evenings (games entered, one corrected, one deleted): they are entered through today's
services on a scratch schema and copied into the old schema without the columns it lacks
(`_fill`). Then `upgrade` runs to the newest revision.
"""

from __future__ import annotations

import datetime as dt
import re
from typing import Any

import pytest
from conftest import game_entry

BEFORE_TABLE_CHANGES = "7a1e2c9d0b34"


@pytest.fixture
def old_app(app_config: dict[str, Any]) -> Any:
    """The app on a database migrated only up to the revision before table changes."""
    from flask_migrate import upgrade

    from scorer.app import create_app
    from scorer.store.extensions import db

    app = create_app(app_config)
    with app.app_context():
        upgrade(revision=BEFORE_TABLE_CHANGES)
    yield app
    with app.app_context():
        db.engine.dispose()


def _stored_by_the_old_app(app: Any) -> tuple[str, dict[str, Any]]:
    """Two evenings of a Runde entered through the services (games entered, one corrected,
    one deleted) on a scratch database at the newest revision; returns the edit token and
    every row, as `flask --app scorer backup` writes them."""
    from flask_migrate import upgrade

    from scorer import services
    from scorer.core.rules import rules_from_spec
    from scorer.store import backup
    from scorer.store.extensions import db

    with app.app_context():
        upgrade()
        group = services.create_group("Alte Runde", "bockrunde")
        players = [services.add_player(group, n) for n in ("Anna", "Ben", "Cem", "Dora", "Emil")]
        ids = {p.name: p.id for p in players}
        for number, (preset, seats) in enumerate(
                [("bockrunde", ("Anna", "Ben", "Cem", "Dora", "Emil")),
                 ("ddv", ("Anna", "Ben", "Cem", "Dora"))], start=1):
            evening = services.start_evening(
                group, played_on=dt.date(2025, 11, number), seat_ids=[ids[s] for s in seats],
                first_dealer_id=ids[seats[0]], preset=preset,
                rules=rules_from_spec(preset), planned_games=8, cents_per_point=10)
            games = [
                {"players": [ids[p] for p in ("Ben", "Cem", "Dora", "Anna")],
                 "re": [ids["Ben"], ids["Cem"]], "re_eyes": 120,
                 "announced": {"re": "ansage"}},
                {"players": [ids[p] for p in seats[2:] + seats[:2]][:4],
                 "re": [ids[seats[2]], ids[seats[3]]], "re_eyes": 151},
                {"kind": "solo", "solo": "damen", "players": [ids[p] for p in seats[:4]],
                 "re": [ids["Ben"]], "re_eyes": 130},
                {"players": [ids[p] for p in seats[:4]], "re": [ids["Anna"], ids["Cem"]],
                 "re_eyes": 95, "extras": {"kontra": {"fuchs_gefangen": 1}}},
            ]
            for k, facts in enumerate(games):
                assert services.add_game(evening, game_entry(facts),
                                         f"00000000-0000-4000-8000-{number}{k:011d}")
            stored = services.live_entries(evening)
            services.edit_game(stored[1], game_entry({**games[1], "re_eyes": 161}),
                               stored[1].revision)
            services.delete_game(stored[3], stored[3].revision)
        token = group.edit_token
        document = backup.dump(db.session, db.metadata)
        db.session.remove()
        return token, document


def _fill(app: Any) -> tuple[str, dict[int, Any]]:
    """The database of ``app`` as the app before table changes left it: the schema at
    BEFORE_TABLE_CHANGES holding real evenings. The rows are those the services write
    today, with the columns that schema lacks left out — for the columns it has, the old
    app wrote the same values. Returns the edit token and what the pages showed of those
    evenings on the newest schema."""
    import sqlalchemy as sa
    from flask_migrate import upgrade

    from scorer.store import backup
    from scorer.store.extensions import db

    token, document = _stored_by_the_old_app(app)
    shown = _pages(app, token)
    with app.app_context():
        rows = backup.read(document, db.metadata)
        db.drop_all()
        with db.engine.begin() as connection:
            connection.execute(sa.text("DROP TABLE alembic_version"))
        upgrade(revision=BEFORE_TABLE_CHANGES)
        old = sa.MetaData()
        old.reflect(bind=db.engine)
        columns = {t.name: set(t.columns.keys()) for t in old.sorted_tables}
        assert "old_after" not in columns["game_events"] and "version" not in columns["evenings"]
        backup.restore(db.session, old, {
            name: [{k: v for k, v in _as_the_old_app_wrote(name, row).items()
                    if k in columns[name]} for row in table_rows]
            for name, table_rows in rows.items() if name in columns})
        db.session.commit()
        db.session.remove()
    return token, shown


def _as_the_old_app_wrote(table: str, row: dict[str, Any]) -> dict[str, Any]:
    """A row of today's schema as the old app kept it: the price of a point in whole cents
    (migration e4b9c2d7a613 keeps tenths of a cent)."""
    if table != "evenings":
        return row
    tenths = row["tenth_cents_per_point"]
    assert tenths % 10 == 0  # the old app knew whole cents only
    return {**row, "cents_per_point": tenths // 10}


def _pages(app: Any, token: str) -> dict[str, Any]:
    """What each evening shows: the sheet page, its CSV, its ledger."""
    from scorer import services

    client = app.test_client()
    out = {}
    with app.app_context():
        group = services.find_group(token)
        for evening in group.evenings:
            url = f"/r/{token}/abend/{evening.number}/"
            out[evening.number] = {
                # The page's live-view version and time stamp are not part of the evening.
                "sheet": re.sub(r' data-live-(?:version|stamp)="[^"]*"', "", client.get(url).text),
                "csv": client.get(url + "spiele.csv").data,
                "ledger": services.sheet(evening).ledger.to_dict(),
            }
    return out


def test_evenings_made_before_table_changes_fold_and_render_unchanged_after_the_upgrade(
        old_app):
    from flask_migrate import upgrade
    from sqlalchemy import inspect

    from scorer.store.extensions import db

    token, before = _fill(old_app)
    assert [len(p["ledger"]["games"]) for p in before.values()] == [3, 3]
    assert before[1]["ledger"]["games"][1]["bock"] > 1  # the old Bock queue is in there
    with old_app.app_context():
        upgrade()
        assert "old_after" in {c["name"] for c in inspect(db.engine).get_columns("game_events")}
        assert "version" in {c["name"] for c in inspect(db.engine).get_columns("evenings")}
        db.session.remove()
    after = _pages(old_app, token)
    assert after == before


def test_the_history_of_an_old_evening_still_restores_and_undoes_after_the_upgrade(old_app):
    from flask_migrate import upgrade

    from scorer import services

    token, _ = _fill(old_app)
    with old_app.app_context():
        upgrade()
    client = old_app.test_client()
    url = f"/r/{token}/abend/2/"
    page = client.get(url + "verlauf/").text
    assert "Spiel 2 geändert" in page and "Spiel 4 gelöscht" in page
    with old_app.app_context():
        evening = services.find_evening(services.find_group(token), 2)
        events = services.history(evening)
        deleted = next(e for e in events if e.action == "delete")
        edited = next(e for e in events if e.action == "edit")
        ids = deleted.id, deleted.game.revision, edited.id, edited.game.revision
    assert client.post(f"{url}verlauf/{ids[0]}/wiederherstellen",
                       data={"revision": str(ids[1])}).status_code == 302
    assert client.post(f"{url}verlauf/{ids[2]}/wiederherstellen",
                       data={"revision": str(ids[3])}).status_code == 302
    with old_app.app_context():
        ledger = services.sheet(services.find_evening(services.find_group(token), 2)).ledger
        assert len(ledger.games) == 4 and ledger.games[1].facts.re_eyes == 151


def test_an_old_evening_takes_a_table_change_after_the_upgrade(old_app):
    from flask_migrate import upgrade

    from scorer import services

    token, _ = _fill(old_app)
    with old_app.app_context():
        upgrade()
        evening = services.find_evening(services.find_group(token), 2)
        emil = next(p.id for p in evening.group.players if p.name == "Emil")
        table = services.current_table(evening) + [emil]
        assert services.add_table_change(evening, table, None, None,
                                         "00000000-0000-4000-8000-999999999999")
        ledger = services.sheet(evening).ledger
        assert ledger.seats == ("Anna", "Ben", "Cem", "Dora", "Emil")
        assert ledger.table_changes[0].after == 3
