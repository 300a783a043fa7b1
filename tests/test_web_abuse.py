"""What a public server meets first: bodies too big or too deep for what a route reads.
Every answer is a clear German one (a page, or JSON where the phone's script asks), never a
server error, and nothing is stored."""

from __future__ import annotations

import io
import uuid
from typing import Any
from urllib.parse import urlencode

import pytest
from conftest import count_rows

from scorer.store.models import Game


def test_json_nested_deeper_than_python_reads_is_no_waiting_game_and_no_server_error(
        table, app):
    table.create_group()
    sheet = table.start_evening()
    for body in ("[" * 5000 + "]" * 5000,
                 '{"entry_key": "%s", "number": 1, "fields": %s}'
                 % (uuid.uuid4(), "[" * 3000 + "]" * 3000)):
        answer = table.client.post(sheet + "nachtragen", data=body,
                                   content_type="application/json")
        assert answer.status_code == 400
        assert answer.get_json() == {"result": "invalid",
                                     "lines": ["Das ist kein wartendes Spiel."]}
    assert count_rows(app, Game) == 0


# ------------------------------------------------------------------ sizes


MB = 1024 * 1024


class Untouchable(io.RawIOBase):
    """A request body of ``length`` bytes that must not be read: reading it fails the test
    (seeking is allowed: the test client measures the body that way)."""

    def __init__(self, length: int) -> None:
        self.length = length
        self.position = 0

    def readable(self) -> bool:
        return True

    def seekable(self) -> bool:
        return True

    def seek(self, offset: int, whence: int = 0) -> int:
        self.position = (0, self.position, self.length)[whence] + offset
        return self.position

    def tell(self) -> int:
        return self.position

    def readinto(self, buffer: Any) -> int:
        raise AssertionError("the body was read")


def sent(client: Any, method: str, path: str, length: int, content_type: str) -> Any:
    """A request announcing a body of ``length`` bytes that is never there to read."""
    return client.open(path, method=method, input_stream=Untouchable(length),
                       content_type=content_type)


def test_a_100_mb_body_to_the_start_page_is_refused_without_reading_it(client):
    answer = sent(client, "GET", "/", 100 * MB, "application/x-www-form-urlencoded")
    assert answer.status_code == 413
    assert "<h1>Zu viele Daten</h1>" in answer.text and "höchstens 64 KB" in answer.text


def test_a_200_mb_waiting_game_is_refused_in_json_without_reading_it(table, app):
    table.create_group()
    sheet = table.start_evening()
    answer = sent(table.client, "POST", sheet + "nachtragen", 200 * MB, "application/json")
    assert answer.status_code == 413
    body = answer.get_json()
    assert body["result"] == "invalid" and "höchstens 64 KB" in body["lines"][0]
    assert count_rows(app, Game) == 0


def test_a_game_form_with_a_field_of_a_megabyte_is_refused_and_stores_nothing(table, app):
    table.create_group()
    sheet = table.start_evening()
    answer = table.enter(sheet, ("Anna", "Cem"), 130, comment="x" * MB)
    assert answer.status_code == 413 and "Zu viele Daten" in answer.text
    assert count_rows(app, Game) == 0


@pytest.mark.parametrize("extra", [50_000, 600], ids=["50,000 fields", "600 small fields"])
def test_a_game_form_with_thousands_of_extra_fields_is_refused_and_stores_nothing(
        table, app, extra):
    table.create_group()
    sheet = table.start_evening()
    form = table.game_form(("Anna", "Cem"), 130)
    body = urlencode([*((k, v) for k, vs in form.items()
                        for v in (vs if isinstance(vs, list) else [vs])),
                      *(("x", "") for _ in range(extra))])
    answer = table.client.post(sheet + "spiel/neu", data=body,
                               content_type="application/x-www-form-urlencoded")
    assert answer.status_code == 413 and "500 Felder" in answer.text
    assert count_rows(app, Game) == 0


def test_a_multipart_form_with_too_many_parts_is_refused(table, app):
    table.create_group()
    sheet = table.start_evening()
    form = table.game_form(("Anna", "Cem"), 130)
    form.update({f"x{i}": "" for i in range(600)})
    answer = table.client.post(sheet + "spiel/neu", data=form, content_type="multipart/form-data")
    assert answer.status_code == 413
    assert count_rows(app, Game) == 0


def test_a_chunked_body_without_a_length_stops_at_the_limit(table, app):
    table.create_group()
    sheet = table.start_evening()
    answer = table.client.post(sheet + "spiel/neu", input_stream=io.BytesIO(b"x=" + b"y" * MB),
                               content_type="application/x-www-form-urlencoded",
                               environ_overrides={"wsgi.input_terminated": True})
    assert answer.status_code == 413
    assert count_rows(app, Game) == 0


def test_the_biggest_form_of_a_large_runde_fits_the_limits(table):
    # A new evening of a Runde of 60 players, seven at the table: the page sends a seat
    # field for everybody, and every rule option.
    players = tuple(f"Spieler {i}" for i in range(60))
    table.create_group(players=players)
    form = table.evening_form(players[:7])
    for pid in table.ids(*players):
        form.setdefault(f"seat-{pid}", "")
    body = urlencode([(k, v) for k, vs in form.items()
                      for v in (vs if isinstance(vs, list) else [vs])])
    assert len(body) < 16 * 1024
    answer = table.client.post(f"/r/{table.token}/abend/neu", data=body,
                               content_type="application/x-www-form-urlencoded")
    assert answer.status_code == 302, answer.text


def test_a_route_can_take_more_than_the_app_allows(app_config):
    from flask import request

    from scorer.app import create_app
    from scorer.store.extensions import db
    from scorer.web.server.bodies import body_limit

    app = create_app(app_config)

    @app.post("/hochladen")
    @body_limit(20 * MB)
    def upload() -> str:
        return str(len(request.get_data()))

    client = app.test_client()
    try:
        assert client.post("/hochladen", data=b"x" * (3 * MB)).text == str(3 * MB)
        refused = sent(client, "POST", "/hochladen", 21 * MB, "application/octet-stream")
        assert refused.status_code == 413 and "höchstens 20 MB" in refused.text
    finally:
        with app.app_context():
            db.engine.dispose()
