"""Upgrading a database made before table changes: the evenings in it fold and render as
before, and their history still undoes and restores.

The database is created at the revision before table changes (7a1e2c9d0b34) and filled
through the services with real evenings (games entered, one corrected, one deleted); then
`upgrade` runs to the newest revision. The rows the services write for games are those the
app wrote then, with one difference the old schema cannot take: SQLAlchemy names every
mapped column in an INSERT, so `game_events.old_after` (always NULL for a game) is taken out
of the history INSERTs while the old schema is in place (`_as_before_table_changes`).
Reading a history row back needs the new column, so before the upgrade nothing reads one.
"""

from __future__ import annotations

import datetime as dt
from collections.abc import Iterator
from contextlib import contextmanager
from typing import Any

import pytest
from sqlalchemy import event

BEFORE_TABLE_CHANGES = "7a1e2c9d0b34"


@pytest.fixture
def old_app(app_config: dict[str, Any]) -> Any:
    """The app on a database migrated only up to the revision before table changes."""
    from flask_migrate import upgrade

    from scorer.app import create_app
    from scorer.extensions import db

    app = create_app(app_config)
    with app.app_context():
        upgrade(revision=BEFORE_TABLE_CHANGES)
    yield app
    with app.app_context():
        db.engine.dispose()


@contextmanager
def _as_before_table_changes(engine: Any) -> Iterator[None]:
    """History INSERTs without the column the old schema lacks (it is NULL for games)."""

    def drop_old_after(conn: Any, clause: Any, multiparams: Any, params: Any,
                       options: Any) -> tuple[Any, Any, Any]:
        if getattr(clause, "table", None) is not None and clause.table.name == "game_events":
            assert all(p.get("old_after") is None for p in multiparams or [params])
            multiparams = [{k: v for k, v in p.items() if k != "old_after"}
                           for p in multiparams]
            params = {k: v for k, v in (params or {}).items() if k != "old_after"}
        return clause, multiparams, params

    event.listen(engine, "before_execute", drop_old_after, retval=True)
    try:
        yield
    finally:
        event.remove(engine, "before_execute", drop_old_after)


def _fill(app: Any) -> str:
    """Two evenings of a Runde, as the app stored them before; returns the edit token."""
    from scorer import services
    from scorer.extensions import db
    from scorer.rules import rules_from_spec

    with app.app_context(), _as_before_table_changes(db.engine):
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
                assert services.add_game(evening, facts, f"00000000-0000-4000-8000-{number}{k:011d}")
            stored = services.live_entries(evening)
            services.edit_game(stored[1], {**games[1], "re_eyes": 161}, stored[1].revision)
            services.delete_game(stored[3], stored[3].revision)
        token = group.edit_token
        db.session.remove()
        return token


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
                "sheet": client.get(url).text,
                "csv": client.get(url + "spiele.csv").data,
                "ledger": services.sheet(evening).ledger.to_dict(),
            }
    return out


def test_evenings_made_before_table_changes_fold_and_render_unchanged_after_the_upgrade(
        old_app):
    from flask_migrate import upgrade
    from sqlalchemy import inspect

    from scorer.extensions import db

    token = _fill(old_app)
    before = _pages(old_app, token)
    assert [len(p["ledger"]["games"]) for p in before.values()] == [3, 3]
    assert before[1]["ledger"]["games"][1]["bock"] > 1  # the old Bock queue is in there
    with old_app.app_context():
        upgrade()
        assert "old_after" in {c["name"] for c in inspect(db.engine).get_columns("game_events")}
        db.session.remove()
    after = _pages(old_app, token)
    assert after == before


def test_the_history_of_an_old_evening_still_restores_and_undoes_after_the_upgrade(old_app):
    from flask_migrate import upgrade

    from scorer import services

    token = _fill(old_app)
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

    token = _fill(old_app)
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
