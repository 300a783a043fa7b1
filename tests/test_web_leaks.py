"""What the pages tell about a Runde's links beyond the links themselves: nothing that a
reader without the server's secret could check a guessed link against."""

from __future__ import annotations

import hashlib
import re
from typing import Any

from flask import Flask

LINK = re.compile(r"über Link ([0-9a-f]+)")


def history_as_seen(app_config: dict[str, Any], database_url: str, path: str,
                    secret: str) -> str:
    """The Verlauf of ``path`` from an app with this secret key, on the same database."""
    from scorer.app import create_app
    from scorer.store.extensions import db

    app: Flask = create_app({**app_config, "SQLALCHEMY_DATABASE_URI": database_url,
                             "SECRET_KEY": secret})
    try:
        page = app.test_client().get(path)
        assert page.status_code == 200
        return page.text
    finally:
        with app.app_context():
            db.engine.dispose()


def test_the_verlauf_names_each_link_by_a_fingerprint_keyed_with_the_servers_secret(
        app, app_config, table):
    from scorer import services

    table.create_group()
    sheet = table.start_evening()
    table.play(sheet, ("Anna", "Cem"), 130)
    table.play(sheet, ("Ben", "Dora"), 151)
    old_edit = table.token
    assert table.client.post(f"/r/{old_edit}/links").status_code == 302
    with app.app_context():
        group = services.find_group_by_id(1)
        edit, read = group.edit_token, group.read_token
    table.token = edit
    table.play(f"/r/{edit}/abend/1/", ("Anna", "Ben"), 121)
    path = f"/r/{read}/abend/1/verlauf/"
    page = history_as_seen(app_config, app.config["SQLALCHEMY_DATABASE_URI"], path, "test")

    # Newest first: game 3 came through the renewed link, games 2 and 1 through the old one.
    shown = LINK.findall(page)
    assert len(shown) == 3 and shown[1] == shown[2] != shown[0]
    for token in (old_edit, edit):
        assert hashlib.sha256(token.encode()).hexdigest()[:8] not in page
    # What is stored (and goes into a backup) is keyed too: no plain hash of a link.
    from scorer.store.extensions import db
    from scorer.store.models import GameEvent

    with app.app_context():
        stored = {e.via for e in db.session.query(GameEvent)} - {None}
    assert len(stored) == 2
    assert stored.isdisjoint({hashlib.sha256(t.encode()).hexdigest()[:8] for t in (old_edit, edit)})
    # Keyed: another secret names the same links differently.
    other = LINK.findall(history_as_seen(app_config, app.config["SQLALCHEMY_DATABASE_URI"],
                                         path, "another secret"))
    assert len(other) == 3 and set(other).isdisjoint(shown)
