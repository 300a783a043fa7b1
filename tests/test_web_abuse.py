"""What a public server meets first: bodies too big or too deep for what a route reads.
Every answer is a clear German one (a page, or JSON where the phone's script asks), never a
server error, and nothing is stored."""

from __future__ import annotations

import uuid

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
