"""The words around setting up and closing an evening say what the link in hand can do
(issue 25, item 19); tests/browser/test_setup.py has the screens."""

from __future__ import annotations

import re

from conftest import shown


def links(app, table) -> tuple[str, str]:
    from scorer import services

    with app.app_context():
        group = services.find_group(table.token)
        return group.edit_token, group.read_token


def test_a_closed_evening_tells_a_reader_who_can_reopen_it(app, client, table):
    table.create_group()
    sheet = table.start_evening()
    table.play(sheet, ("Anna", "Ben"), 151)
    assert client.post(sheet + "schliessen", data={"revision": "1"}).status_code == 302
    edit, read = links(app, table)

    as_editor = client.get(sheet).text
    assert 'den Abend <a href="#wieder-oeffnen">wieder öffnen</a>' in as_editor
    assert re.search(r'<form id="wieder-oeffnen"[^>]*action="[^"]*/oeffnen"', as_editor)
    as_reader = app.test_client().get(sheet.replace(edit, read)).text
    assert "wieder öffnen" not in shown(as_reader).replace("Wieder öffnen lässt sich", "")
    assert ("Wieder öffnen lässt sich der Abend nur mit dem Bearbeiten-Link der Runde."
            in as_reader)
    assert "/oeffnen" not in as_reader


def test_the_start_page_leads_a_remembered_link_to_its_running_evening(app, client, table):
    table.create_group()
    _, read = links(app, table)
    reader = app.test_client()
    assert reader.post(f"/r/{read}/merken").status_code == 302
    assert "zum Zettel" not in shown(reader.get("/").text)  # no evening yet
    sheet = table.start_evening()
    table.start_evening()  # the newest of two running evenings
    start = reader.get("/").text
    # A read-only link leads to the read-only sheet.
    assert f'href="/r/{read}/abend/2/"' in start
    assert "Abend 2 läuft: zum Zettel" in start
    assert client.post(sheet.replace("/1/", "/2/") + "schliessen",
                       data={"revision": "1"}).status_code == 302
    assert "Abend 1 läuft: zum Zettel" in reader.get("/").text
