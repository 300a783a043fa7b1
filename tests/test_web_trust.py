"""Trust: who may see and change a Runde, security headers, link renewal, two phones,
history with restore, and backups that round-trip exactly."""

from __future__ import annotations

import json
import re
from typing import Any

import pytest

from tests.conftest import Table, migrated_app, shown


def snapshot(app: Any) -> str:
    """Everything in the database, as the backup sees it (timestamps of the dump aside)."""
    from scorer.store import backup
    from scorer.store.extensions import db

    with app.app_context():
        document = backup.dump(db.session, db.metadata)
    return json.dumps(document["tables"], sort_keys=True)


def evening_with_games(table: Table, name: str = "Donnerstagsrunde") -> str:
    """A Runde with one evening of three games and one deleted game, a season of its own
    and an expense in its Kasse; returns the sheet URL."""
    table.create_group(name)
    runde = f"/r/{table.token}/"
    for page, data in ((runde + "saisons/neu", {"name": "Saison 2025/26", "start": "2025-09-01"}),
                       (runde + "kasse/eintrag", {"kind": "expense", "date": "2025-11-21",
                                                  "text": "Karten", "amount": "4,50"})):
        response = table.client.post(page, data=data)
        assert response.status_code == 302, response.text
        table.client.get(response.location)  # its flash message shown, not left for later
    sheet = table.start_evening()
    table.play(sheet, ("Anna", "Cem"), 151)
    table.play(sheet, ("Ben", "Dora"), 100)
    table.play(sheet, ("Anna", "Ben"), 130)
    table.play(sheet, ("Cem", "Dora"), 125)
    game = table.game_ids()[-1]
    response = table.client.post(f"{sheet}spiel/{game}/loeschen", data={"revision": "1"})
    assert response.status_code == 302
    return sheet


def tokens(app: Any, edit_token: str) -> tuple[str, str]:
    from scorer import services

    with app.app_context():
        group = services.find_group(edit_token)
        return group.edit_token, group.read_token


def object_ids(app: Any) -> dict[str, int]:
    """Ids of the first player, game and game event in the database."""
    from sqlalchemy import func, select

    from scorer.store.extensions import db
    from scorer.store.models import Game, GameEvent, KasseEntry, Player, Season

    with app.app_context():
        return {
            "player_id": db.session.scalar(select(func.min(Player.id))),
            "game_id": db.session.scalar(select(func.min(Game.id))),
            "event_id": db.session.scalar(select(func.min(GameEvent.id))),
            "entry_id": db.session.scalar(select(func.min(KasseEntry.id))),
            "season_id": db.session.scalar(select(func.min(Season.id))),
            "number": 1,
            "content_hash": "0" * 64,  # an upload waiting for its import (none is)
            "part": "absent", "day": "2026-01-01",  # a dated setting (none is)
        }


def routes(app: Any) -> list[tuple[str, str, str]]:
    """(endpoint, method, rule) of every route that belongs to a Runde (a tournament's, under
    /t/, are tests/test_web_club_trust.py's; a Vereinsmeisterschaft's, under /vm/,
    tests/test_club_series.py's)."""
    out = []
    for rule in app.url_map.iter_rules():
        if "token" not in rule.arguments or rule.rule.startswith(("/t/", "/vm/")):
            continue
        for method in sorted(rule.methods - {"HEAD", "OPTIONS"}):
            out.append((rule.endpoint, method, rule.rule))
    return out


def url(rule: str, token: str, ids: dict[str, int]) -> str:
    values = {"token": token, **{k: str(v) for k, v in ids.items()}}
    return re.sub(r"<(?:int:)?(\w+)>", lambda m: values[m.group(1)], rule)


READABLE = {"groups.show", "evenings.show", "evenings.game", "history.show", "live.poll",
            "seasons.player", "seasons.pdf", "kasse.show", "kasse.member", "kasse.history",
            "kasse.report", "kasse.csv", "money.pay"}
READABLE_BLUEPRINTS = {"exports", "stats", "records", "share"}
DEVICE_ONLY = {"groups.remember"}
"""POSTs a read-only link may make: they change this device's session, not the Runde."""


def readable(endpoint: str) -> bool:
    return endpoint in READABLE or endpoint.split(".")[0] in READABLE_BLUEPRINTS


def test_every_runde_route_is_a_404_for_a_token_that_does_not_exist(app, table):
    evening_with_games(table)
    ids = object_ids(app)
    before = snapshot(app)
    for endpoint, method, rule in routes(app):
        for token in ("x" * 32, "-", tokens(app, table.token)[0][:-1]):
            response = table.client.open(url(rule, token, ids), method=method,
                                         data={"name": "Mallory", "revision": "1"})
            assert response.status_code == 404, (endpoint, method, token)
        # A NUL byte is no token at all: refused before anything looks it up.
        response = table.client.open(url(rule, "%00", ids), method=method)
        assert response.status_code == 400, (endpoint, method)
    assert snapshot(app) == before


def test_another_rundes_token_never_reaches_this_rundes_evenings_games_or_players(app, table):
    evening_with_games(table, "Erste Runde")
    first_ids = object_ids(app)
    other = Table(app, app.test_client())
    evening_with_games(other, "Zweite Runde")
    # The first Runde owns the lowest ids; the second Runde's token must not reach them.
    before = snapshot(app)
    for endpoint, method, rule in routes(app):
        if not ({"player_id", "game_id", "event_id", "entry_id", "season_id"}
                & set(re.findall(r"<(?:int:)?(\w+)>", rule))):
            continue
        response = other.client.open(url(rule, other.token, first_ids), method=method,
                                     data={"name": "Mallory", "revision": "1"})
        assert response.status_code == 404, (endpoint, method)
    assert snapshot(app) == before


def test_the_read_only_link_sees_the_pages_and_changes_nothing(app, table):
    evening_with_games(table)
    _, read = tokens(app, table.token)
    ids = object_ids(app)
    reader = app.test_client()
    before = snapshot(app)
    seen = 0
    for endpoint, method, rule in routes(app):
        response = reader.open(url(rule, read, ids), method=method,
                               data={"name": "Mallory", "revision": "1", "re_eyes": "130"})
        if method == "GET" and readable(endpoint):
            # A PDF still being made is answered 202, a page that asks again (scorer.printed.render).
            ok = (200, 202) if endpoint in ("exports.sheet_pdf", "seasons.pdf") else (200,)
            # A shared result's picture: none for a running evening (404); the season's
            # table, being made (503, a link preview asks again) or made.
            ok = {"share.picture": (404,), "share.season_picture": (200, 503)}.get(endpoint, ok)
            assert response.status_code in ok, (endpoint, response.status_code)
            seen += 1
        elif endpoint == "club_table.poll":
            # A tournament table's check (tests/test_web_club_live.py): a Runde that is no
            # table has none, whichever link asks.
            assert response.status_code == 404, (endpoint, response.status_code)
        elif method == "POST" and endpoint in DEVICE_ONLY:
            assert response.status_code == 302, (endpoint, response.status_code)
        else:
            assert response.status_code == 403, (endpoint, method, response.status_code)
            assert "Nur lesen" in response.text
    assert seen >= 3
    assert snapshot(app) == before


def test_no_page_opened_with_the_read_only_link_reveals_the_edit_link(app, table):
    evening_with_games(table)
    edit, read = tokens(app, table.token)
    ids = object_ids(app)
    reader = app.test_client()
    for endpoint, method, rule in routes(app):
        if method == "GET" and readable(endpoint):
            response = reader.get(url(rule, read, ids))
            assert edit.encode() not in response.data, endpoint
    # Remembered on this device, the start page lists the Runde by its read link.
    assert reader.post(f"/r/{read}/merken").status_code == 302
    assert edit not in reader.get("/").text
    assert "nur lesen" in reader.get("/").text


def test_the_runde_page_shows_both_links_as_qr_codes(client, table):
    table.create_group()
    page = client.get(f"/r/{table.token}/").text
    edit, read = tokens(client.application, table.token)
    assert f"/r/{edit}/" in page and f"/r/{read}/" in page
    assert page.count("<svg") >= 2 and "QR-Code" in page


def test_renewing_the_links_makes_the_old_ones_stop_working(app, client, table):
    sheet = evening_with_games(table)
    old_edit, old_read = tokens(app, table.token)
    response = client.post(f"/r/{old_edit}/links")
    assert response.status_code == 302
    new_edit = response.location.split("/")[2]
    assert new_edit != old_edit
    for token in (old_edit, old_read):
        assert client.get(f"/r/{token}/").status_code == 404
        assert client.get(sheet.replace(old_edit, token)).status_code == 404
    _, new_read = tokens(app, new_edit)
    assert new_read != old_read
    assert client.get(f"/r/{new_edit}/").status_code == 200
    assert client.get(f"/r/{new_read}/").status_code == 200


def test_every_response_carries_the_security_headers(client, table):
    table.create_group()
    for path in ("/", f"/r/{table.token}/", "/does-not-exist", "/static/css/app.css"):
        response = client.get(path)
        headers = response.headers
        response.close()
        csp = headers["Content-Security-Policy"]
        assert "script-src 'self'" in csp and "unsafe-inline" not in csp
        assert "frame-ancestors 'none'" in csp
        assert headers["X-Frame-Options"] == "DENY"
        assert headers["Referrer-Policy"] == "no-referrer"
        assert headers["X-Content-Type-Options"] == "nosniff"
    assert client.get(f"/r/{table.token}/").headers["Cache-Control"] == "no-store"


def test_the_session_cookie_is_http_only_and_same_site(client, table):
    table.create_group()
    cookie = client.get_cookie("session")
    assert cookie is not None
    assert cookie.http_only
    assert cookie.same_site == "Lax"


def test_a_stale_edit_is_refused_with_both_versions_shown_and_nothing_overwritten(
        app, client, table):
    sheet = table.create_group() and table.start_evening()
    table.play(sheet, ("Anna", "Cem"), 151)
    game = table.game_ids()[0]
    phone_a = table.game_form(("Anna", "Cem"), 130, revision="1")
    phone_b = table.game_form(("Ben", "Dora"), 170, revision="1")
    assert client.post(f"{sheet}spiel/{game}/", data=phone_a).status_code == 302
    before = snapshot(app)
    response = client.post(f"{sheet}spiel/{game}/", data=phone_b)
    assert response.status_code == 422
    assert "Inzwischen geändert" in response.text
    assert "Re Anna, Cem · 130 Augen" in response.text    # what phone A stored
    assert "Re Ben, Dora · 170 Augen" in response.text    # what phone B typed
    assert snapshot(app) == before
    # Saving again from the conflict page takes phone B's version knowingly.
    again = dict(phone_b, revision=re.search(r'name="revision" type="hidden" value="(\d+)"',
                                             response.text).group(1))
    assert client.post(f"{sheet}spiel/{game}/", data=again).status_code == 302
    assert table.ledger(sheet).games[0].facts.re == ("Ben", "Dora")


def test_a_double_tap_a_reload_and_a_resent_request_store_one_game(app, client, table):
    from scorer.store.models import Game
    from tests.conftest import count_rows

    sheet = table.create_group() and table.start_evening()
    form = table.game_form(("Anna", "Cem"), 151)
    responses = [client.post(f"{sheet}spiel/neu", data=form) for _ in range(3)]
    assert {r.status_code for r in responses} == {302}
    assert count_rows(app, Game) == 1
    assert len(table.ledger(sheet).games) == 1


def test_the_history_lists_every_change_and_brings_back_a_deleted_game(app, client, table):
    sheet = evening_with_games(table)
    assert len(table.ledger(sheet).games) == 3
    page = client.get(f"{sheet}verlauf/").text
    assert shown(page).count("eingetragen") == 4 and "gelöscht" in page
    assert "über diesen Link" in page
    from scorer import services
    from scorer.store.models import GameEvent

    with app.app_context():
        group = services.find_group(table.token)
        evening = services.find_evening(group, 1)
        deleted = next(e for e in services.history(evening) if e.action == "delete")
        revision = deleted.game.revision
        event_id = deleted.id
        assert app.extensions["sqlalchemy"].session.get(GameEvent, event_id).via
    response = client.post(f"{sheet}verlauf/{event_id}/wiederherstellen",
                           data={"revision": str(revision)})
    assert response.status_code == 302
    assert len(table.ledger(sheet).games) == 4
    assert "wiederhergestellt" in client.get(f"{sheet}verlauf/").text


def test_the_history_brings_back_the_facts_before_an_overwriting_edit(app, client, table):
    sheet = table.create_group() and table.start_evening()
    table.play(sheet, ("Anna", "Cem"), 151)
    game = table.game_ids()[0]
    assert client.post(f"{sheet}spiel/{game}/",
                       data=table.game_form(("Ben", "Dora"), 100, revision="1")).status_code == 302
    from scorer import services

    with app.app_context():
        evening = services.find_evening(services.find_group(table.token), 1)
        edit = next(e for e in services.history(evening) if e.action == "edit")
        event_id, revision = edit.id, edit.game.revision
    page = client.get(f"{sheet}verlauf/").text
    assert "Fassung von vorher wiederherstellen" in page
    stale = client.post(f"{sheet}verlauf/{event_id}/wiederherstellen", data={"revision": "1"})
    assert stale.status_code == 302 and table.ledger(sheet).games[0].facts.re == ("Ben", "Dora")
    response = client.post(f"{sheet}verlauf/{event_id}/wiederherstellen",
                           data={"revision": str(revision)})
    assert response.status_code == 302
    assert table.ledger(sheet).games[0].facts.re == ("Anna", "Cem")
    assert table.ledger(sheet).games[0].facts.re_eyes == 151


def test_backup_and_restore_round_trip_exactly_through_the_flask_commands(
        app, runner, table, tmp_path, app_config, request):
    evening_with_games(table)
    before = snapshot(app)
    target = tmp_path / "backup.json"
    result = runner.invoke(args=["backup", "-o", str(target)])
    assert result.exit_code == 0, result.output
    document = json.loads(target.read_text(encoding="utf-8"))
    assert document["format"] == "doko-zettel-backup"

    # Refused into a database that already holds data, and nothing changes.
    refused = runner.invoke(args=["restore", str(target)])
    assert refused.exit_code != 0 and "nicht leer" in refused.output
    assert snapshot(app) == before

    fresh_config = dict(app_config)
    if "sqlite" in fresh_config["SQLALCHEMY_DATABASE_URI"]:
        fresh_config["SQLALCHEMY_DATABASE_URI"] = f"sqlite:///{tmp_path / 'fresh.sqlite3'}"
    else:
        from tests.conftest import _empty_postgres

        _empty_postgres(fresh_config["SQLALCHEMY_DATABASE_URI"])
    fresh = migrated_app(fresh_config, request)
    restored = fresh.test_cli_runner().invoke(args=["restore", str(target)])
    assert restored.exit_code == 0, restored.output
    assert snapshot(fresh) == before
    # The restored app works: the old link opens the same sheet with the same totals.
    client = fresh.test_client()
    assert client.get(f"/r/{table.token}/abend/1/").status_code == 200
    # New rows get fresh ids after the restored ones.
    assert client.post(f"/r/{table.token}/spieler", data={"name": "Emil"}).status_code == 302
    from scorer.store.extensions import db

    with fresh.app_context():
        db.engine.dispose()


def test_the_runde_download_holds_only_this_runde(app, client, table):
    evening_with_games(table, "Erste Runde")
    other = Table(app, app.test_client())
    evening_with_games(other, "Zweite Runde")
    response = client.get(f"/r/{table.token}/sicherung.json")
    assert response.status_code == 200
    assert "attachment" in response.headers["Content-Disposition"]
    document = json.loads(response.data)
    groups = document["tables"]["groups"]
    assert [g["name"] for g in groups] == ["Erste Runde"]
    assert len(document["tables"]["games"]) == 4
    assert {g["evening_id"] for g in document["tables"]["games"]} == {
        e["id"] for e in document["tables"]["evenings"]}
    assert b"Zweite Runde" not in response.data


@pytest.mark.parametrize("broken", [
    "[]", '{"format": "something else"}',
    '{"format": "doko-zettel-backup", "version": 99, "tables": {}}',
    '{"format": "doko-zettel-backup", "version": 1, "tables": {"nope": []}}',
    "not json",
], ids=["a list", "another format", "a future version", "an unknown table", "not JSON"])
def test_restore_refuses_a_broken_file_with_a_german_message(runner, tmp_path, broken):
    target = tmp_path / "broken.json"
    target.write_text(broken, encoding="utf-8")
    result = runner.invoke(args=["restore", str(target)])
    assert result.exit_code != 0
    assert "Wiederherstellen abgebrochen" in result.output
