"""No log shows a Runde's secret token: not the request log of any server the README names,
not Flask's "Exception on …" with its traceback (scorer/web/server/logs.py)."""

from __future__ import annotations

import logging
from collections.abc import Callable
from pathlib import Path

import pytest

from tests.servers import (
    Server,
    break_the_runden_table,
    console_script,
    create_group,
    free_port,
    request,
    server_env,
)

TOKEN = "Zr8xW2q_kP-4mLdT9vQa1bYc"
TOKEN32 = "Zr8xW2q_kP-4mLdT9vQa1bYcZr8xW2q_"
"""As long as the app's tokens (``secrets.token_urlsafe(24)``)."""


@pytest.mark.parametrize(("line", "logged"), [
    pytest.param(f'"GET /r/{TOKEN}/ HTTP/1.1" 200', '"GET /r/<…>/ HTTP/1.1" 200',
                 id="a request line"),
    pytest.param(f"Exception on /r/{TOKEN}/abend/3/spiel/neu [POST]",
                 "Exception on /r/<…>/abend/3/spiel/neu [POST]", id="Flask's error line"),
    pytest.param(f'"http://192.168.178.20:8000/r/{TOKEN}/"', '"http://192.168.178.20:8000/r/<…>/"',
                 id="a full address (a referrer)"),
    pytest.param(f"/r/{TOKEN}", "/r/<…>", id="no slash after the token"),
    pytest.param(f"/r/{TOKEN}?x=1", "/r/<…>?x=1", id="a query after the token"),
    pytest.param("/r/<…>/abend/1/", "/r/<…>/abend/1/", id="already hidden"),
    pytest.param(f'"GET /%72/{TOKEN}/ HTTP/1.1" 200', '"GET /r/<…>/ HTTP/1.1" 200',
                 id="the r percent-encoded"),
    pytest.param(f'"GET /r%2F{TOKEN}/ HTTP/1.1" 200', '"GET /r/<…>/ HTTP/1.1" 200',
                 id="the slash percent-encoded"),
    pytest.param(f'"GET /%72%2f{TOKEN}%2Fabend%2F1/ HTTP/1.1" 200',
                 '"GET /r/<…>%2Fabend%2F1/ HTTP/1.1" 200', id="both, in lower case, and after"),
    pytest.param(f'"GET //r//{TOKEN}/ HTTP/1.1" 308', '"GET /r/<…>/ HTTP/1.1" 308',
                 id="repeated slashes"),
    pytest.param(f'"GET /%2572/{TOKEN}/ HTTP/1.1" 404', '"GET /r/<…>/ HTTP/1.1" 404',
                 id="an escape escaped again"),
    pytest.param(f'"GET /r/%5A{TOKEN[1:]}/ HTTP/1.1" 200', '"GET /r/<…>/ HTTP/1.1" 200',
                 id="a letter of the token percent-encoded"),
    pytest.param('"GET /static/css/app.css HTTP/1.1" 200', '"GET /static/css/app.css HTTP/1.1" 200',
                 id="no Runde address"),
    pytest.param(f'"POST /t/{TOKEN}/runde/2/starten HTTP/1.1" 302',
                 '"POST /t/<…>/runde/2/starten HTTP/1.1" 302', id="a tournament's address"),
    pytest.param(f'"GET /nichts/{TOKEN32} HTTP/1.1" 404', '"GET /nichts/<…> HTTP/1.1" 404',
                 id="a token in an unrouted path"),
    pytest.param(f'"GET /sprache/en?x={TOKEN32}&y=1 HTTP/1.1" 302',
                 '"GET /sprache/en?x=<…>&y=1 HTTP/1.1" 302', id="a token in a query string"),
    pytest.param('"GET /r/<…>/import/' + "a" * 64 + '/ HTTP/1.1" 200',
                 '"GET /r/<…>/import/' + "a" * 64 + '/ HTTP/1.1" 200',
                 id="a file's 64-letter hash is no token"),
])
def test_a_runde_address_is_logged_without_its_token(line, logged):
    from scorer.web.server.logs import redact

    assert redact(line) == logged


@pytest.fixture
def errors_logged(app_config):
    """As in production: an error is caught, logged and answered with the 500 page."""
    app_config["TESTING"] = False


def test_the_request_token_is_hidden_wherever_else_it_shows_in_an_error(errors_logged, app,
                                                                        caplog, capsys):
    # (The app fixture migrates before caplog starts: Alembic's logging setup would remove
    # caplog's handler.)
    from scorer import services

    with app.app_context():
        edit = services.create_group("Runde", "ddv").edit_token
    break_the_runden_table(app.config["SQLALCHEMY_DATABASE_URI"])

    response = app.test_client().get(f"/r/{edit}/abend/1/")

    assert response.status_code == 500
    assert "Exception on /r/<…>/abend/1/ [GET]" in caplog.text
    # The failed statement's parameters (the token the Runde was looked up by) are hidden too.
    assert "groups" in caplog.text and "[parameters:" in caplog.text
    assert edit not in caplog.text
    assert edit not in capsys.readouterr().err


def _serve(folder: Path) -> tuple[Server, int]:
    server = Server([console_script("doko-zettel"), "serve", "--local", "--port", "0"],
                    server_env(folder), folder)
    port = int(server.wait_for(r"http://127\.0\.0\.1:(\d+)/", "stdout").group(1))
    return server, port


def _gunicorn(folder: Path) -> tuple[Server, int]:
    # The README's hosted command, with gunicorn's access log switched on.
    server = Server([console_script("gunicorn"), "-w", "1", "-b", "127.0.0.1:0",
                     "--access-logfile", "-", "scorer:create_app()"],
                    server_env(folder), folder)
    port = int(server.wait_for(r"Listening at: http://127\.0\.0\.1:(\d+)", "stderr").group(1))
    return server, port


def _flask_run(folder: Path) -> tuple[Server, int]:
    port = free_port()
    server = Server([console_script("flask"), "--app", "scorer", "run", "--port", str(port)],
                    server_env(folder), folder)
    return server, port


SPELLINGS = ("/%72/{}/", "/r%2F{}/", "/r%2f{}/", "/%72%2F{}%2F", "//r//{}/")
"""Spellings of a Runde's address that the servers decode (or redirect) to ``/r/<token>/``."""


@pytest.mark.parametrize("start", [
    pytest.param(_serve, id="doko-zettel serve"),
    pytest.param(_gunicorn, id="gunicorn as in the hosted setup"),
    pytest.param(_flask_run, id="flask run"),
])
def test_no_server_logs_a_token_for_a_page_or_for_an_error(
        tmp_path: Path, start: Callable[[Path], tuple[Server, int]]):
    server, port = start(tmp_path)
    with server:
        server.wait_until_answering(port)
        database = server_env(tmp_path)["DATABASE_URL"]
        edit = create_group(database)
        assert request("127.0.0.1", port, f"/r/{edit}/")[0] == 200
        # Other spellings the server decodes or the router merges to the same address: each
        # reaches the Runde (or its canonical address), and none shows the token in a log.
        for spelling in SPELLINGS:
            assert request("127.0.0.1", port, spelling.format(edit))[0] in (200, 308), spelling
        break_the_runden_table(database)
        assert request("127.0.0.1", port, f"/r/{edit}/")[0] == 500
        server.wait_for(r"HTTP/1\.1\" 500 ")  # the access line comes after the answer
    output = server.output
    assert '"GET /r/<…>/ HTTP/1.1" 200' in output
    assert "Exception on /r/<…>/ [GET]" in output
    assert edit not in output


def test_the_filters_are_put_on_each_logger_once(app_config):
    from scorer.app import create_app
    from scorer.store.extensions import db
    from scorer.web.server.logs import HideTokens

    for _ in range(2):
        with create_app(app_config).app_context():
            db.engine.dispose()
    for name in ("scorer.app", "werkzeug", "gunicorn.access", "gunicorn.error"):
        filters = logging.getLogger(name).filters
        assert sum(isinstance(f, HideTokens) for f in filters) == 1, name
