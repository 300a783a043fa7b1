"""Served over https behind a proxy (scorer/web/server/https.py): the Secure cookie, HSTS, the
Referer check Flask-WTF makes over https, proxy headers believed only when configured, and
CSRF tokens that expire after a day without costing a phone what it typed."""

from __future__ import annotations

import html
import http.client
import re
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from conftest import Table, count_rows, csrf_token
from werkzeug.datastructures import MultiDict

from scorer.store.models import Game, Group
from tests.servers import Server, console_script, server_env

PUBLIC = "https://doko.example.org"
PAGE = f"{PUBLIC}/"


MADE: list[Any] = []
"""Apps a test made with ``app_with``; their connections are closed after it."""


def app_with(app_config: dict[str, Any], **config: Any) -> Any:
    from scorer.app import create_app

    app = create_app({**app_config, "WTF_CSRF_ENABLED": True, **config})
    MADE.append(app)
    return app


@pytest.fixture(autouse=True)
def _close_made_apps() -> Iterator[None]:
    yield
    from scorer.store.extensions import db

    while MADE:
        with MADE.pop().app_context():
            db.engine.dispose()


@pytest.fixture
def checked(app_config: dict[str, Any], app: Any) -> dict[str, Any]:
    """The test configuration, on the migrated database of ``app``, for apps made with
    CSRF protection on, as served."""
    return app_config


def new_runde(client: Any, **headers: str) -> Any:
    """The start page's form as a browser posts it, with these headers on both requests."""
    page = client.get("/", headers=headers)
    assert page.status_code == 200, page.text
    return client.post("/", data={"csrf_token": csrf_token(page.text), "name": "Runde",
                                  "preset": "ddv"}, headers=headers)


def test_over_https_the_session_cookie_is_secure_and_hsts_is_sent(checked, app):
    served = app_with(checked, DOKO_PUBLIC_URL=PUBLIC)
    page = served.test_client().get("/", headers={"Host": "doko.example.org"})
    assert "Secure" in [p.strip() for p in page.headers["Set-Cookie"].split(";")]
    assert page.headers["Strict-Transport-Security"] == "max-age=31536000"
    assert page.headers["Referrer-Policy"] == "same-origin"
    # On the table's LAN (plain http) none of it: a Secure cookie would never come back.
    lan = app_with(checked).test_client().get("/")
    assert "Secure" not in lan.headers["Set-Cookie"]
    assert "Strict-Transport-Security" not in lan.headers
    assert lan.headers["Referrer-Policy"] == "no-referrer"


PROXIED = {"X-Forwarded-Proto": "https", "X-Forwarded-Host": "doko.example.org",
           "X-Forwarded-For": "203.0.113.9", "Host": "127.0.0.1:8000"}
"""What a TLS proxy on the same machine sends on (without passing the Host on)."""


@pytest.mark.parametrize(("referrer", "status"), [
    (PAGE, 302),
    (f"{PUBLIC}/r/irgendwas/", 302),
    (None, 400),
    ("https://evil.example/", 400),
    ("http://doko.example.org/", 400),
], ids=["the start page", "another page of the site", "none", "another site",
        "the site over http"])
def test_behind_a_trusted_proxy_a_form_must_come_from_a_page_of_this_site(
        checked, referrer, status):
    served = app_with(checked, DOKO_PUBLIC_URL=PUBLIC, DOKO_TRUSTED_PROXIES=1)
    headers = dict(PROXIED, **({"Referer": referrer} if referrer else {}))
    answer = new_runde(served.test_client(), **headers)
    assert answer.status_code == status, answer.text
    if status == 400:
        assert "Nicht von dieser Seite" in answer.text
    assert count_rows(served, Group) == (status == 302)


def test_proxy_headers_from_anybody_are_ignored_unless_a_proxy_is_trusted(checked):
    served = app_with(checked, DOKO_PUBLIC_URL=PUBLIC)
    # Not believed: no https (so no Referer check), and not another host.
    assert new_runde(served.test_client(), **dict(PROXIED, Host="doko.example.org")
                     ).status_code == 302
    trusting = app_with(checked, DOKO_PUBLIC_URL=PUBLIC, DOKO_TRUSTED_PROXIES=1)
    forged = trusting.test_client().get("/", headers=dict(PROXIED,
                                                         **{"X-Forwarded-Host": "evil.example"}))
    assert forged.status_code == 400 and "Unbekannte Adresse" in forged.text


@pytest.mark.parametrize("trusted", [False, True], ids=["no proxy trusted", "one proxy"])
def test_gunicorn_leaves_the_proxy_headers_to_the_app(tmp_path: Path, trusted: bool):
    env = server_env(tmp_path, DOKO_PUBLIC_URL=PUBLIC,
                     **({"DOKO_TRUSTED_PROXIES": "1"} if trusted else {}))
    server = Server([console_script("doko-zettel"), "serve", "--local", "--port", "0"], env,
                    tmp_path)
    with server:
        port = int(server.wait_for(r"Listening at: \S+:(\d+)", "stderr").group(1))
        headers = {"Host": "doko.example.org", "X-Forwarded-Proto": "https"}
        status, cookie, page = _request(port, "GET", "/", headers)
        assert status == 200, page
        form = {"csrf_token": csrf_token(page), "name": "Runde", "preset": "ddv"}
        headers["Cookie"] = cookie
        # gunicorn itself once believed X-Forwarded-Proto from 127.0.0.1: the Referer check
        # then refused every form of a proxy the app was never told about.
        status, _, _ = _request(port, "POST", "/", headers, form)
        assert status == (400 if trusted else 302)
        if trusted:
            status, _, _ = _request(port, "POST", "/", dict(headers, Referer=PAGE), form)
            assert status == 302


def _request(port: int, method: str, path: str, headers: dict[str, str],
             form: dict[str, str] | None = None) -> tuple[int, str, str]:
    from urllib.parse import urlencode

    connection = http.client.HTTPConnection("127.0.0.1", port, timeout=30)
    try:
        body = urlencode(form) if form is not None else None
        sent = dict(headers)
        if body is not None:
            sent["Content-Type"] = "application/x-www-form-urlencoded"
        connection.request(method, path, body=body, headers=sent)
        response = connection.getresponse()
        cookie = (response.getheader("Set-Cookie") or headers.get("Cookie", "")).split(";")[0]
        return response.status, cookie, response.read().decode()
    finally:
        connection.close()


# ------------------------------------------------------------------ a day and a night


def opened_ago(monkeypatch: pytest.MonkeyPatch, hours: float) -> None:
    """CSRF tokens made from now on carry a time ``hours`` ago (itsdangerous' clock)."""
    from itsdangerous.timed import TimestampSigner

    monkeypatch.setattr(TimestampSigner, "get_timestamp",
                        lambda self: int(time.time() - hours * 3600))


def hidden_fields(page: str) -> list[tuple[str, str]]:
    return [(html.unescape(n), html.unescape(v)) for n, v in re.findall(
        r'<input type="hidden" name="([^"]+)" value="([^"]*)">', page)]


def entry_form(app_config: dict[str, Any], table: Table, monkeypatch: pytest.MonkeyPatch,
               hours: float) -> tuple[Any, str, str]:
    """A Runde and an evening set up, then, as served (CSRF on), the entry form opened
    ``hours`` ago: the phone, the sheet's address and the form's page."""
    table.create_group()
    sheet = table.start_evening()
    phone = app_with(app_config).test_client()
    with monkeypatch.context() as then:
        opened_ago(then, hours)
        form = phone.get(sheet + "spiel/neu")
    assert form.status_code == 200
    return phone, sheet, form.text


def test_a_form_open_for_more_than_a_day_comes_back_with_what_was_typed(
        app_config, app, table, monkeypatch):
    phone, sheet, form = entry_form(app_config, table, monkeypatch, hours=25)
    typed = table.game_form(("Anna", "Cem"), 151, csrf_token=csrf_token(form))
    answer = phone.post(sheet + "spiel/neu", data=typed)
    assert answer.status_code == 400
    assert "<h1>Noch einmal senden</h1>" in answer.text
    assert count_rows(app, Game) == 0
    again = dict(hidden_fields(answer.text))
    assert again["re_eyes"] == "151" and again["entry_key"] == typed["entry_key"]
    assert again["csrf_token"] != typed["csrf_token"]
    resent = phone.post(sheet + "spiel/neu", data=MultiDict(hidden_fields(answer.text)))
    assert resent.status_code == 302
    assert table.ledger(sheet).games[0].facts.re_eyes == 151
    # The same form once more (back, and the button again) stores nothing twice.
    assert phone.post(sheet + "spiel/neu",
                      data=MultiDict(hidden_fields(answer.text))).status_code == 302
    assert count_rows(app, Game) == 1


def test_a_form_open_all_evening_and_night_is_taken_as_it_is(app_config, app, table,
                                                               monkeypatch):
    phone, sheet, form = entry_form(app_config, table, monkeypatch, hours=23)
    answer = phone.post(sheet + "spiel/neu", data=table.game_form(
        ("Anna", "Cem"), 151, csrf_token=csrf_token(form)))
    assert answer.status_code == 302
    assert count_rows(app, Game) == 1
