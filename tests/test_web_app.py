"""The application itself: configuration, migrations, CSRF, error pages, markup rules."""

from __future__ import annotations

from pathlib import Path

import pytest
from conftest import count_rows, csrf_token

from scorer.store.models import Game, Group

ROOT = Path(__file__).resolve().parent.parent


def test_the_default_database_is_a_sqlite_file_in_the_instance_folder(tmp_path):
    from scorer.app import create_app

    app = create_app({"TESTING": True, "SECRET_KEY": "x"})
    uri = app.config["SQLALCHEMY_DATABASE_URI"]
    assert uri == f"sqlite:///{Path(app.instance_path) / 'doko-zettel.sqlite3'}"
    assert Path(app.instance_path).is_dir()
    assert app.template_folder == str(ROOT / "templates")


def test_database_url_and_flask_variables_configure_the_app(tmp_path, monkeypatch):
    from scorer.app import create_app

    monkeypatch.setenv("DATABASE_URL", f"sqlite:///{tmp_path / 'env.sqlite3'}")
    monkeypatch.setenv("FLASK_SECRET_KEY", "from-env")
    app = create_app()
    assert app.config["SQLALCHEMY_DATABASE_URI"].endswith("env.sqlite3")
    assert app.config["SECRET_KEY"] == "from-env"


def test_flask_db_upgrade_creates_the_tables(app_config, tmp_path):
    import sqlite3

    from scorer.app import create_app

    app_config["SQLALCHEMY_DATABASE_URI"] = f"sqlite:///{tmp_path / 'cli.sqlite3'}"
    result = create_app(app_config).test_cli_runner().invoke(args=["db", "upgrade"])
    assert result.exit_code == 0, result.output
    tables = {row[0] for row in sqlite3.connect(tmp_path / "cli.sqlite3").execute(
        "select name from sqlite_master where type = 'table'")}
    assert {"groups", "players", "evenings", "evening_seats", "games",
            "game_events"} <= tables


def test_the_migrations_match_the_models(app):
    from alembic.autogenerate import compare_metadata
    from alembic.migration import MigrationContext

    from scorer.store.extensions import db

    with app.app_context(), db.engine.connect() as connection:
        diff = compare_metadata(MigrationContext.configure(connection), db.metadata)
    assert diff == []


def test_a_post_without_csrf_token_is_refused_and_stores_nothing(app_config, app):
    app.config["WTF_CSRF_ENABLED"] = True
    client = app.test_client()
    response = client.post("/", data={"name": "Ohne Token", "preset": "ddv"})
    assert response.status_code == 400
    assert "Formular abgelaufen" in response.text
    assert count_rows(app, Group) == 0
    token = csrf_token(client.get("/").text)
    ok = client.post("/", data={"name": "Mit Token", "preset": "ddv", "csrf_token": token})
    assert ok.status_code == 302
    assert count_rows(app, Group) == 1


def test_the_live_preview_needs_the_csrf_token_too(table, app):
    table.create_group()
    sheet = table.start_evening()
    app.config["WTF_CSRF_ENABLED"] = True
    answer = table.client.post(sheet + "vorschau", data=table.game_form(("Anna", "Cem"), 130))
    assert answer.status_code == 400


def test_an_unknown_page_is_a_german_404(client):
    response = client.get("/gibt/es/nicht")
    assert response.status_code == 404
    assert "Nicht gefunden" in response.text and 'lang="de"' in response.text


def test_a_server_error_is_german_and_rolls_the_transaction_back(table, app, monkeypatch):
    table.create_group()
    sheet = table.start_evening()
    from scorer import services

    def half_done(evening, entry, entry_key):
        from scorer.store.extensions import db

        db.session.add(Game(evening=evening, position=1, facts=entry.to_dict(),
                            entry_key=entry_key))
        db.session.flush()
        raise RuntimeError("disk on fire")

    monkeypatch.setattr(services, "add_game", half_done)
    app.config["PROPAGATE_EXCEPTIONS"] = False
    response = table.enter(sheet, ("Anna", "Cem"), 130)
    assert response.status_code == 500
    assert "es wurde nichts gespeichert" in response.text
    assert count_rows(app, Game) == 0


@pytest.mark.parametrize("path", sorted((ROOT / "templates").glob("*.html")), ids=lambda p: p.name)
def test_templates_have_no_inline_script_style_or_handlers(path):
    # A strict Content-Security-Policy without 'unsafe-inline' is coming.
    text = path.read_text(encoding="utf-8")
    assert "<script>" not in text and "<style" not in text
    assert " style=" not in text
    assert " onclick=" not in text and " onchange=" not in text and " onsubmit=" not in text


def test_every_page_of_an_evening_renders_without_javascript(table, client):
    url = table.create_group()
    sheet = table.start_evening()
    table.play(sheet, ("Anna", "Cem"), 151)
    (game,) = table.game_ids()
    pages = ["/", url, f"{url}regeln", f"{url}abend/neu", sheet, sheet + "spiel/neu",
             sheet + f"spiel/{game}/", sheet + f"spiel/{game}/loeschen",
             f"{url}spieler/{table.player_id('Anna')}"]
    for page in pages:
        response = client.get(page)
        assert response.status_code == 200, page
        assert "<form" in response.text or page == sheet, page


def test_a_database_that_cannot_be_reached_is_a_503_with_a_time_to_come_back(tmp_path) -> None:
    # A real failure to reach the database (a file in a folder that is not there), not a
    # stand-in: the answer says "later" (503, Retry-After), nothing about a fault (#36).
    from scorer.app import create_app

    app = create_app({"TESTING": True, "SECRET_KEY": "test", "RATELIMIT_ENABLED": False,
                      "SQLALCHEMY_DATABASE_URI": f"sqlite:///{tmp_path}/gone/db.sqlite3"})
    page = app.test_client().get("/r/" + "x" * 32 + "/")
    assert page.status_code == 503 and page.headers["Retry-After"] == "30"
    assert "Gleich wieder da" in page.text and "nichts gespeichert" in page.text
