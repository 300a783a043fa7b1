"""Live sheets: the one-query check a watching phone makes every second, the version every
change raises, and what a page fetched only to be swapped in must leave alone."""

from __future__ import annotations

import logging
import re
from collections.abc import Callable
from typing import Any

import pytest

from scorer.web.evening.live import QuietPolls


def poll(client: Any, sheet: str, etag: str | None = None) -> Any:
    headers = {"If-None-Match": f'"{etag}"'} if etag else {}
    return client.get(sheet + "stand", headers=headers)


def current(client: Any, sheet: str) -> str:
    response = poll(client, sheet)
    assert response.status_code == 200
    return response.get_json()["version"]


def evening_with_two_games(table: Any) -> str:
    table.create_group(preset="bockrunde")
    sheet = table.start_evening()
    table.play(sheet, ("Anna", "Cem"), 130)
    table.play(sheet, ("Ben", "Dora"), 100)
    return sheet


def test_a_check_answers_the_state_once_and_then_304_until_something_changes(table):
    sheet = evening_with_two_games(table)
    first = poll(table.client, sheet)
    assert first.status_code == 200
    assert first.get_json()["games"] == 2 and first.get_json()["closed"] is False
    tag = first.get_json()["version"]
    assert first.headers["ETag"] == f'"{tag}"'
    again = poll(table.client, sheet, tag)
    assert again.status_code == 304 and again.data == b""
    table.play(sheet, ("Anna", "Ben"), 151)
    changed = poll(table.client, sheet, tag)
    assert changed.status_code == 200
    assert changed.get_json()["version"] != tag and changed.get_json()["games"] == 3


def test_a_table_change_raises_the_version_but_is_not_counted_as_a_game(table):
    from test_web_table_changes import change

    sheet = evening_with_two_games(table)
    tag = current(table.client, sheet)
    change(table, sheet, ("Anna", "Ben", "Cem", "Dora", "Fritz"), new="Fritz")
    changed = poll(table.client, sheet, tag)
    assert changed.status_code == 200 and changed.get_json()["version"] != tag
    assert changed.get_json()["games"] == 2


def _game(table: Any, number: int = 1) -> int:
    return table.game_ids()[number - 1]


def _undo_link(table: Any, sheet: str) -> str:
    return re.search(r'/rueckgaengig/(\d+)"', table.client.get(sheet).text).group(1)


def create(table: Any, sheet: str) -> None:
    table.play(sheet, ("Anna", "Ben"), 151)


def edit(table: Any, sheet: str) -> None:
    response = table.client.post(sheet + f"spiel/{_game(table)}/",
                                 data={**table.game_form(("Anna", "Cem"), 131), "revision": "1"})
    assert response.status_code == 302


def delete(table: Any, sheet: str) -> None:
    response = table.client.post(sheet + f"spiel/{_game(table)}/loeschen",
                                 data={"revision": "1"})
    assert response.status_code == 302


def undo(table: Any, sheet: str) -> None:
    # The offer of the last save on this phone (game 2), taken up after the check.
    table.client.post(sheet + f"rueckgaengig/{table.undo_event}")


def restore_from_history(table: Any, sheet: str) -> None:
    page = table.client.get(sheet + "verlauf/").text
    event = re.search(r'verlauf/(\d+)/wiederherstellen', page).group(1)
    response = table.client.post(sheet + f"verlauf/{event}/wiederherstellen",
                                 data={"revision": "2"})
    assert response.status_code == 302


def settle(table: Any, sheet: str) -> None:
    response = table.client.post(sheet + "abrechnung", data={
        "revision": "1", "cents_per_point": "20", "settlement_mode": "zero_sum",
        "settlement_rounding": "cent"})
    assert response.status_code == 302


def close(table: Any, sheet: str) -> None:
    table.client.post(sheet + "schliessen", data={"revision": "1"})


def reopen(table: Any, sheet: str) -> None:
    table.client.post(sheet + "oeffnen", data={"revision": "2"})


def rename(table: Any, sheet: str) -> None:
    response = table.client.post(f"/r/{table.token}/spieler/{table.player_id('Ben')}",
                                 data={"name": "Benedikt"})
    assert response.status_code == 302


def _prepare_restore(table: Any, sheet: str) -> None:
    delete(table, sheet)


CHANGES: list[tuple[Callable[[Any, str], None], Callable[[Any, str], None] | None, str]] = [
    (create, None, "a game entered"),
    (edit, None, "a game changed"),
    (delete, None, "a game deleted"),
    (undo, None, "a change taken back"),
    (restore_from_history, _prepare_restore, "a deleted game restored from the history"),
    (settle, None, "the settlement changed"),
    (close, None, "the evening closed"),
    (reopen, close, "the evening reopened"),
    (rename, None, "a player renamed"),
]


@pytest.mark.parametrize(("change", "prepare"), [(c, p) for c, p, _ in CHANGES],
                         ids=[i for _, _, i in CHANGES])
def test_every_change_a_sheet_shows_makes_the_next_check_answer_with_a_new_version(
        table, change, prepare):
    sheet = evening_with_two_games(table)
    table.undo_event = _undo_link(table, sheet)
    if prepare is not None:
        prepare(table, sheet)
    table.checked = current(table.client, sheet)
    watcher = table.app.test_client()  # another phone, watching with the read-only link
    read_sheet = sheet.replace(table.token, _read_token(table))
    seen = current(watcher, read_sheet)
    assert seen == table.checked

    change(table, sheet)

    answer = poll(watcher, read_sheet, seen)
    assert answer.status_code == 200
    assert answer.get_json()["version"] != table.checked
    # The page the watcher fetches then carries the same version as its hook.
    page = watcher.get(read_sheet, headers={"X-Doko-Live": "1"}).text
    assert f'data-live-version="{answer.get_json()["version"]}"' in page


def _read_token(table: Any) -> str:
    from scorer import services

    with table.app.app_context():
        return services.find_group(table.token).read_token


@pytest.mark.parametrize("refused", [
    pytest.param(lambda t, s: t.enter(s, ("Anna", "Cem"), 300), id="Augen out of range"),
    pytest.param(lambda t, s: t.client.post(s + f"spiel/{_game(t)}/", data={
        **t.game_form(("Anna", "Cem"), 131), "revision": "0"}), id="an edit from an old revision"),
    pytest.param(lambda t, s: t.client.post(s + "schliessen", data={"revision": "0"}),
                 id="closing from an old revision"),
])
def test_a_refused_change_leaves_the_version_as_it_was(table, refused):
    sheet = evening_with_two_games(table)
    tag = current(table.client, sheet)
    refused(table, sheet)
    assert poll(table.client, sheet, tag).status_code == 304


def test_the_check_costs_one_query_and_folds_nothing(table, app):
    from sqlalchemy import event

    from scorer.store.extensions import db

    sheet = evening_with_two_games(table)
    tag = current(table.client, sheet)
    statements: list[str] = []
    with app.app_context():
        engine = db.engine

    def count(_conn: Any, _cursor: Any, statement: str, *_args: Any) -> None:
        if statement.strip().upper() != "BEGIN":  # SQLite's transaction, not a query
            statements.append(statement)

    event.listen(engine, "before_cursor_execute", count)
    try:
        assert poll(table.client, sheet, tag).status_code == 304
    finally:
        event.remove(engine, "before_cursor_execute", count)
    assert len(statements) == 1, statements
    assert "games" not in statements[0]


@pytest.mark.parametrize("path", ["abend/9/stand", "abend/99999999999/stand"],
                         ids=["an evening that does not exist", "a number beyond any id"])
def test_a_check_for_an_unknown_evening_or_link_is_a_404(table, path):
    evening_with_two_games(table)
    assert table.client.get(f"/r/{table.token}/{path}").status_code == 404
    unknown = "x" * 32
    assert table.client.get(f"/r/{unknown}/abend/1/stand").status_code == 404


def test_a_live_fetch_leaves_the_flash_for_the_next_page_and_shows_the_undo_offer(table):
    table.create_group()
    sheet = table.start_evening()
    table.play(sheet, ("Anna", "Cem"), 130)  # flashes nothing
    table.client.post(sheet + f"rueckgaengig/{_undo_link(table, sheet)}")  # flashes
    live = table.client.get(sheet, headers={"X-Doko-Live": "1"}).text
    # "Rückgängig" is the evening's, on every page of it (a watching phone's too), until the
    # next change; the flash is for the page the phone opens next.
    assert "/rueckgaengig/" in live and 'class="flash' not in live
    page = table.client.get(sheet).text
    assert 'class="flash' in page and "/rueckgaengig/" in page


def test_watching_never_writes_the_session_cookie_of_a_remembered_runde(table):
    sheet = evening_with_two_games(table)
    assert table.client.post(f"/r/{table.token}/merken").status_code == 302
    tag = current(table.client, sheet)
    # A remembered Runde makes the session permanent: an ordinary page refreshes the cookie.
    assert "Set-Cookie" in table.client.get(sheet).headers
    assert "Set-Cookie" not in poll(table.client, sheet, tag).headers
    assert "Set-Cookie" not in poll(table.client, sheet).headers
    assert "Set-Cookie" not in table.client.get(sheet, headers={"X-Doko-Live": "1"}).headers


def test_the_sheet_and_the_entry_form_are_marked_for_offline_use_other_pages_not(table):
    from scorer import services

    sheet = evening_with_two_games(table)
    with table.app.app_context():
        runde = str(services.find_group(table.token).id)
    assert table.client.post(f"/r/{table.token}/merken").status_code == 302
    for path in (sheet, sheet + "spiel/neu"):
        assert table.client.get(path).headers["X-Doko-Offline"] == runde, path
    for path in (f"/r/{table.token}/", sheet + "verlauf/", sheet + f"spiel/{_game(table)}/",
                 "/"):
        assert "X-Doko-Offline" not in table.client.get(path).headers, path


def test_the_sheet_carries_its_hooks_for_the_scripts_and_no_inline_code(table):
    sheet = evening_with_two_games(table)
    page = table.client.get(sheet).text
    body = re.search(r"<body[^>]*>", page).group(0)
    for hook in ("data-live-poll", "data-live-version", "data-live-games=\"2\"",
                 "data-sync", "data-entry-url", 'data-live-page="sheet"'):
        assert hook in body, hook
    assert page.count("data-live-region") == 3
    assert "<script>" not in page and "style=" not in page
    read_page = table.client.get(sheet.replace(table.token, _read_token(table))).text
    read_body = re.search(r"<body[^>]*>", read_page).group(0)
    assert "data-live-poll" in read_body and "data-sync" not in read_body
    assert table.token not in read_page


@pytest.mark.parametrize(("line", "kept"), [
    ('127.0.0.1 - - [22/Nov/2026:21:14:00 +0100] "GET /r/<…>/abend/1/stand HTTP/1.1" 304 0 '
     '"-" "Mozilla/5.0"', False),
    ('127.0.0.1 - - [22/Nov/2026:21:14:00 +0100] "GET /r/<…>/abend/1/stand HTTP/1.1" 200 41 '
     '"-" "Mozilla/5.0"', True),
    ('127.0.0.1 - - [22/Nov/2026:21:14:00 +0100] "GET /r/<…>/abend/1/ HTTP/1.1" 304 0 '
     '"-" "Mozilla/5.0"', True),
], ids=["a check that found nothing new", "a check that found a change", "any other 304"])
def test_the_access_log_leaves_out_only_the_checks_that_found_nothing(line, kept):
    record = logging.LogRecord("gunicorn.access", logging.INFO, __file__, 1, line, (), None)
    assert QuietPolls().filter(record) is kept


def test_a_runde_not_remembered_on_this_device_is_not_kept_for_offline_use(table):
    """A lent phone must not keep pages that carry the edit link (issue 13, item 1)."""
    from scorer import services

    sheet = evening_with_two_games(table)
    assert "X-Doko-Offline" not in table.client.get(sheet).headers
    with table.app.app_context():
        read = services.find_group(table.token).read_token
    # Remembered by its read-only link: the read-only sheet may be kept, the edit link's not.
    assert table.client.post(f"/r/{read}/merken").status_code == 302
    assert "X-Doko-Offline" not in table.client.get(sheet).headers
    assert "X-Doko-Offline" in table.client.get(sheet.replace(table.token, read)).headers
    assert table.client.post(f"/r/{table.token}/merken").status_code == 302
    assert "X-Doko-Offline" in table.client.get(sheet + "spiel/neu").headers
